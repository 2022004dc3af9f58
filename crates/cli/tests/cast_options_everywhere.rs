//! One cast request in every front end (issue 32): every option of the
//! rules' `CastRequest` is a flag of `grimoire cast`, a field of the API's
//! cast body and a parameter of MCP's `cast` tool, or is listed here as
//! filled in by the app with the reason. A new field of `CastRequest`
//! fails the first test until it is mapped; an option dropped from one
//! front end fails the second. (Before, MCP's cast had no `regular` and the
//! API no `complete`.)

use clap::CommandFactory;
use grimoire_rules::{
    ActionKind, BonusAmount, CastMode, CastRequest, Class, DamageType, HouseRules, Metamagic,
    MetamagicUse, RollMode, SlotKind, SlotLevel, Target,
};

/// One cast option: the `CastRequest` field (or `None` for an option of
/// the cast itself), the CLI's long flags, the API's body fields and MCP's
/// parameters that carry it.
struct Option_ {
    field: Option<&'static str>,
    cli: &'static [&'static str],
    api: &'static [&'static str],
    mcp: &'static [&'static str],
}

const fn opt(
    field: Option<&'static str>,
    cli: &'static [&'static str],
    api: &'static [&'static str],
    mcp: &'static [&'static str],
) -> Option_ {
    Option_ {
        field,
        cli,
        api,
        mcp,
    }
}

/// Every option, in every front end.
const OPTIONS: &[Option_] = &[
    opt(None, &["spell"], &["spell"], &["spell"]),
    opt(
        Some("mode"),
        &["ritual", "via"],
        &["mode"],
        &["ritual", "via"],
    ),
    opt(Some("slot"), &["slot"], &["slot"], &["level"]),
    opt(
        Some("slot_kind"),
        &["pact", "regular"],
        &["slot_kind"],
        &["pact", "regular"],
    ),
    opt(Some("class"), &["class"], &["class"], &["class"]),
    opt(Some("action"), &["action"], &["action"], &["action"]),
    opt(Some("trigger"), &["trigger"], &["trigger"], &["trigger"]),
    opt(Some("targets"), &["target"], &["targets"], &["targets"]),
    opt(
        Some("roll_mode"),
        &["advantage", "disadvantage"],
        &["roll_mode"],
        &["advantage", "disadvantage"],
    ),
    opt(
        Some("off_turn"),
        &["off-turn"],
        &["off_turn"],
        &["off_turn"],
    ),
    opt(
        Some("damage_type"),
        &["damage-type"],
        &["damage_type"],
        &["damage_type"],
    ),
    opt(
        Some("alternative_time"),
        &["alternative-time"],
        &["alternative_time"],
        &["alternative_time"],
    ),
    opt(None, &["complete"], &["complete"], &["complete"]),
    opt(Some("metamagic"), &["meta"], &["metamagic"], &["metamagic"]),
    opt(Some("sculpt"), &["sculpt"], &["sculpt"], &["sculpt"]),
    opt(
        Some("overchannel"),
        &["overchannel"],
        &["overchannel"],
        &["overchannel"],
    ),
];

/// Fields the app fills in, never a front end's option, and why.
const FILLED_BY_THE_APP: &[(&str, &str)] = &[
    (
        "on_hit_damage",
        "the caster's own marks in force (Hex); the API refuses it",
    ),
    ("house_rules", "the table's stored house rules"),
    (
        "attack_bonuses",
        "the effects in force (Bless); the API takes it from the GM only",
    ),
];

/// A request with every field set, so serde names them all.
fn full_request() -> CastRequest {
    let mut req = CastRequest::new()
        .with_mode(CastMode::Ritual)
        .at_slot(SlotLevel::new(3).unwrap())
        .with_class(Class::Wizard)
        .using(ActionKind::Action)
        .on_trigger("a hit")
        .target(Target::named("Goblin"))
        .with_damage_type(DamageType::Fire)
        .with_alternative_time();
    req.slot_kind = SlotKind::Pact;
    req.roll_mode = RollMode::Advantage;
    req.off_turn = true;
    req.attack_bonuses = vec![BonusAmount::Flat(1)];
    req.on_hit_damage = vec![];
    req.house_rules = HouseRules::default();
    req.metamagic = vec![MetamagicUse::new(Metamagic::Subtle)];
    req.sculpt = vec!["Goblin".into()];
    req.overchannel = true;
    req
}

#[test]
fn every_field_of_the_rules_cast_request_is_an_option_or_filled_by_the_app() {
    let json = serde_json::to_value(full_request()).unwrap();
    let mapped: Vec<&str> = OPTIONS.iter().filter_map(|o| o.field).collect();
    for field in json.as_object().unwrap().keys() {
        let field = field.as_str();
        assert!(
            mapped.contains(&field) || FILLED_BY_THE_APP.iter().any(|(f, _)| *f == field),
            "CastRequest has `{field}`: give it a CLI flag, an API field and an MCP \
             parameter and list it in OPTIONS, or say why the app fills it"
        );
    }
}

#[test]
fn every_cast_option_is_a_cli_flag_an_api_field_and_an_mcp_parameter() {
    let cli = grimoire_cli::cli::Cli::command();
    let cast = cli.find_subcommand("cast").expect("grimoire cast");
    let cli_names: Vec<String> = cast
        .get_arguments()
        .map(|a| {
            a.get_long()
                .map_or_else(|| a.get_id().to_string(), str::to_owned)
        })
        .collect();
    let api = grimoire_server::CAST_FIELDS;
    let mcp_schema = serde_json::to_value(schemars::schema_for!(grimoire_mcp::params::Cast))
        .expect("the tool's schema");
    let mcp: Vec<&String> = mcp_schema["properties"]
        .as_object()
        .expect("properties")
        .keys()
        .collect();
    for o in OPTIONS {
        for flag in o.cli {
            assert!(
                cli_names.iter().any(|n| n == flag),
                "grimoire cast lacks --{flag} ({:?})",
                o.field
            );
        }
        for field in o.api {
            assert!(api.contains(field), "the API's cast body lacks `{field}`");
        }
        for param in o.mcp {
            assert!(
                mcp.iter().any(|p| p.as_str() == *param),
                "MCP's cast tool lacks `{param}`"
            );
        }
    }
}
