//! What every route can answer besides its own results, written into the
//! OpenAPI document once instead of on each handler: a client generator or
//! a contract tester (Schemathesis) then finds every status the server can
//! send, and every operation has an id of its own.

use std::collections::BTreeMap;

use utoipa::openapi::path::Operation;
use utoipa::openapi::{Content, OpenApi, Ref, RefOr, Response};

/// The document as served: the statuses and ids completed on utoipa's
/// types, then the values described on the JSON itself (JSON Schema
/// keywords utoipa has no field for, such as `contentSchema`, survive).
pub(crate) fn document(mut openapi: OpenApi) -> serde_json::Value {
    unique_operation_ids(&mut openapi);
    for item in openapi.paths.paths.values_mut() {
        for op in operations(item) {
            add_shared_responses(op);
            describe_campaign_ids(op);
        }
    }
    let mut doc = serde_json::to_value(&openapi).unwrap_or_default();
    describe_values(&mut doc);
    doc
}

/// The operations of one path, whatever their method.
fn operations(item: &mut utoipa::openapi::PathItem) -> impl Iterator<Item = &mut Operation> {
    [
        item.get.as_mut(),
        item.put.as_mut(),
        item.post.as_mut(),
        item.delete.as_mut(),
        item.patch.as_mut(),
    ]
    .into_iter()
    .flatten()
}

/// Handler names repeat across resources (`list`, `create`): an id used
/// more than once takes its tag in front (`characters_list`).
fn unique_operation_ids(openapi: &mut OpenApi) {
    let mut uses: BTreeMap<String, usize> = BTreeMap::new();
    for item in openapi.paths.paths.values_mut() {
        for op in operations(item) {
            if let Some(id) = &op.operation_id {
                *uses.entry(id.clone()).or_default() += 1;
            }
        }
    }
    for item in openapi.paths.paths.values_mut() {
        for op in operations(item) {
            let Some(id) = op.operation_id.clone() else {
                continue;
            };
            if uses.get(&id).copied().unwrap_or(0) > 1 {
                let tag = op
                    .tags
                    .as_ref()
                    .and_then(|t| t.first())
                    .cloned()
                    .unwrap_or_else(|| "api".into());
                op.operation_id = Some(format!("{tag}_{id}"));
            }
        }
    }
}

/// The values the server accepts, where the handlers' types say only
/// "string" or "integer": the rules' enums (classes, conditions, schools,
/// recharges) by their JSON names, levels and ability scores by their
/// ranges, names by their lengths. Patched as JSON, so the rules crate
/// stays free of the documentation's types.
fn describe_values(doc: &mut serde_json::Value) {
    use grimoire_rules::{Class, Condition, Focus, Recharge, School};
    use serde_json::json;
    cap_64_bit_integers(doc);
    let classes = json_names(&Class::ALL);
    let schemas = "/components/schemas";
    patch(
        doc,
        &format!("{schemas}/ClassLevel/properties/class"),
        json!({ "enum": classes }),
    );
    // How each level gained adds hit points.
    patch(
        doc,
        &format!("{schemas}/AdvanceInput/properties/hp"),
        json!({ "enum": json_names(&[grimoire_rules::HitPointGain::Fixed, grimoire_rules::HitPointGain::Roll]) }),
    );
    // Hit Point Dice to spend on a Short Rest: how many of each size.
    let count = json!({ "type": "integer", "minimum": 0, "maximum": u8::MAX });
    patch(
        doc,
        &format!("{schemas}/RestInput/properties/hit_dice"),
        json!({ "properties": { "d6": count, "d8": count, "d10": count, "d12": count } }),
    );
    // A party's Short Rest: each character's own dice, by its name.
    patch(
        doc,
        &format!("{schemas}/PartyRestInput/properties/hit_dice_each"),
        json!({
            "maxProperties": grimoire_app::limits::MAX_PARTY_CHOICES,
            "propertyNames": { "minLength": 1, "maxLength": 60 },
            "additionalProperties": {
                "type": "object",
                "properties": { "d6": count, "d8": count, "d10": count, "d12": count }
            }
        }),
    );
    // Class resources (issue 33): Arcane Recovery names slot levels 1-9,
    // at most 10 of them; Font of Magic a slot level 1-9.
    let slot_level = json!({ "type": "integer", "minimum": 1, "maximum": 9 });
    patch(
        doc,
        &format!("{schemas}/RestInput/properties/arcane_recovery"),
        json!({ "maxItems": 10, "items": slot_level.clone() }),
    );
    patch(
        doc,
        &format!("{schemas}/RestInput/properties/natural_recovery"),
        json!({ "maxItems": 10, "items": slot_level.clone() }),
    );
    patch(
        doc,
        &format!("{schemas}/FontInput/properties/level"),
        slot_level,
    );
    // The class an always-prepared spell counts as: a class or null.
    let mut class_or_null = classes.clone();
    class_or_null.push(serde_json::Value::Null);
    patch(
        doc,
        &format!("{schemas}/PrepareInput/properties/class"),
        json!({ "enum": class_or_null }),
    );
    patch(
        doc,
        &format!("{schemas}/ClassLevel/properties/level"),
        json!({ "minimum": 1, "maximum": 20 }),
    );
    // Time passing for a character: a round to a day (the route refuses
    // more with bad_duration).
    patch(
        doc,
        &format!("{schemas}/TimeInput/properties/rounds"),
        json!({ "minimum": 1, "maximum": 14_400 }),
    );
    patch(
        doc,
        &format!("{schemas}/NewCharacter/properties/classes"),
        json!({ "minItems": 1, "maxItems": grimoire_app::limits::MAX_CLASSES }),
    );
    for ability in ["str", "dex", "con", "int", "wis", "cha"] {
        patch(
            doc,
            &format!("{schemas}/AbilitiesInput/properties/{ability}"),
            json!({ "minimum": 1, "maximum": 30 }),
        );
    }
    // A creature's own attack's damage type: one of the types or null.
    let mut type_or_null = json_names(&grimoire_rules::DamageType::ALL);
    type_or_null.push(serde_json::Value::Null);
    patch(
        doc,
        &format!("{schemas}/CreatureAttackInput/properties/damage_type"),
        json!({ "enum": type_or_null }),
    );
    patch(
        doc,
        &format!("{schemas}/CreatureConditionInput/properties/condition"),
        json!({ "enum": json_names(&Condition::ALL) }),
    );
    // A character may also be magically silenced (R14a) and given
    // Exhaustion's level outright.
    let mut afflictions = json_names(&Condition::ALL);
    afflictions.push(json!("silenced"));
    patch(
        doc,
        &format!("{schemas}/ConditionInput/properties/condition"),
        json!({ "enum": afflictions }),
    );
    patch(
        doc,
        &format!("{schemas}/ConditionInput/properties/level"),
        json!({ "minimum": 0, "maximum": grimoire_rules::MAX_EXHAUSTION }),
    );
    let arcana = grimoire_app::ongoing::MAX_ARCANA_BONUS;
    patch(
        doc,
        &format!("{schemas}/IdentifyInput/properties/arcana"),
        json!({ "minimum": -arcana, "maximum": arcana }),
    );
    patch(
        doc,
        &format!("{schemas}/GearInput/properties/recharge"),
        json!({ "enum": json_names(&[Recharge::ShortRest, Recharge::LongRest, Recharge::Never]) }),
    );
    let hit_points = [
        ("max_hp", 1, grimoire_rules::MAX_HIT_POINTS),
        ("hp", 0, grimoire_rules::MAX_HIT_POINTS),
        ("temp_hp", 0, grimoire_rules::MAX_HIT_POINTS),
        ("heal", 0, grimoire_rules::MAX_HIT_POINTS),
        ("ac", 1, u32::from(grimoire_rules::MAX_ARMOR_CLASS)),
    ];
    for (field, min, max) in hit_points {
        patch(
            doc,
            &format!("{schemas}/HitPointsInput/properties/{field}"),
            json!({ "minimum": min, "maximum": max }),
        );
    }
    let names = [
        ("NewCharacter", "name"),
        ("NewAccount", "name"),
        ("NewCampaign", "title"),
        ("NewEncounter", "name"),
        ("CombatantInput", "name"),
        ("GearInput", "name"),
        ("HomebrewInput", "file"),
        ("NewPlayer", "account"),
        ("EncounterDamageInput", "target"),
        ("IdentifyInput", "spell"),
        ("RetargetInput", "spell"),
        ("RetargetInput", "target"),
    ];
    for (schema, field) in names {
        patch(
            doc,
            &format!("{schemas}/{schema}/properties/{field}"),
            json!({ "minLength": 1, "maxLength": grimoire_app::MAX_NAME }),
        );
    }
    patch(
        doc,
        &format!("{schemas}/NewCampaign/properties/id"),
        json!({ "pattern": CAMPAIGN_ID_PATTERN }),
    );
    for path in ["/spells", "/campaigns/{campaign}/spells"] {
        let pointer = format!("/paths/{}/get/parameters", path.replace('/', "~1"));
        let Some(params) = doc.pointer_mut(&pointer).and_then(|p| p.as_array_mut()) else {
            continue;
        };
        for p in params {
            let extra = match p["name"].as_str() {
                Some("class") => json!({ "enum": classes }),
                Some("school") => json!({ "enum": json_names(&School::ALL) }),
                Some("level") => json!({ "minimum": 0, "maximum": 9 }),
                Some("limit") => json!({ "minimum": 1, "maximum": 400 }),
                _ => continue,
            };
            merge(&mut p["schema"], extra);
        }
    }
    let equipment = json!({
        "type": "object",
        "description": "What the character holds for components (R14b, R14c); replaces what was there.",
        "required": ["free_hands", "component_pouch", "focus", "materials"],
        "properties": {
            "free_hands": { "type": "integer", "minimum": 0, "maximum": 4 },
            "component_pouch": { "type": "boolean" },
            "focus": { "enum": json_names(&[Focus::None, Focus::Held, Focus::Worn, Focus::Stowed]) },
            "materials": {
                "type": "array", "maxItems": 30,
                "items": { "type": "string", "maxLength": 120 },
                "description": "Each with its worth when it has one: `diamond worth 300 GP`."
            }
        }
    });
    patch(
        doc,
        "/paths/~1campaigns~1{campaign}~1characters~1{name}~1equipment/post/requestBody/content/application~1json",
        json!({ "schema": equipment }),
    );
    if let Some(all) = doc.pointer_mut(schemas).and_then(|s| s.as_object_mut()) {
        all.insert("CastInput".into(), cast_input_schema(&classes));
    }
    // A damage chart's probabilities are `[total, probability]` pairs.
    patch(
        doc,
        &format!("{schemas}/LevelDistribution/properties/pmf"),
        json!({ "items": {
            "type": "array", "minItems": 2, "maxItems": 2,
            "prefixItems": [
                { "type": "integer", "description": "A total." },
                { "type": "number", "minimum": 0, "maximum": 1, "description": "Its probability." }
            ]
        }}),
    );
    // utoipa closes a struct that denies unknown fields, not the variants
    // of a tagged enum that does (TriggerCall): close each variant too.
    if let Some(variants) = doc
        .pointer_mut(&format!("{schemas}/TriggerCall/oneOf"))
        .and_then(|v| v.as_array_mut())
    {
        for v in variants {
            merge(v, json!({ "additionalProperties": false }));
        }
    }
    // A live-update stream is a sequence of server-sent events: each one
    // an event name and a JSON `LiveEvent` as its data (a campaign's
    // stream and an account's own alike).
    for path in [
        "/paths/~1campaigns~1{campaign}~1events/get/responses/200/content/text~1event-stream",
        "/paths/~1me~1events/get/responses/200/content/text~1event-stream",
    ] {
        patch(
            doc,
            path,
            json!({ "schema": {
                "type": "object",
                "required": ["data"],
                "properties": {
                    "event": { "type": "string", "description": "The kind: ready, cast, rest, lagged, ..." },
                    "data": {
                        "type": "string",
                        "contentMediaType": "application/json",
                        "contentSchema": { "$ref": "#/components/schemas/LiveEvent" }
                    },
                    "id": { "type": "string" },
                    "retry": { "type": "integer", "minimum": 0 }
                }
            }}),
        );
    }
}

/// A 64-bit integer's real range: utoipa writes `int64` for `u64` too,
/// whose largest value is twice `int64`'s, so each says its maximum (an
/// unsigned one is the one with minimum 0), and an unsigned one's format
/// is `uint64`: tools read `int64` as a bound of its own (Schemathesis
/// expected a seed of 2^63 to be refused).
fn cap_64_bit_integers(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::Object(map) => {
            if map.get("format").and_then(|f| f.as_str()) == Some("int64")
                && !map.contains_key("maximum")
            {
                let unsigned = map.get("minimum").and_then(|m| m.as_i64()) == Some(0);
                let max = if unsigned {
                    map.insert("format".into(), "uint64".into());
                    serde_json::json!(u64::MAX)
                } else {
                    serde_json::json!(i64::MAX)
                };
                map.insert("maximum".into(), max);
            }
            map.values_mut().for_each(cap_64_bit_integers);
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(cap_64_bit_integers),
        _ => {}
    }
}

/// Every field a cast body may have (`CAST_FIELDS`), each as the rules
/// read it, and no other.
fn cast_input_schema(classes: &[serde_json::Value]) -> serde_json::Value {
    use grimoire_app::limits::{
        MAX_BONUS_DICE, MAX_BONUS_SIDES, MAX_BONUSES, MAX_DEFENSES, MAX_DISTANCE_FT,
        MAX_HIT_POINTS, MAX_MODIFIER, MAX_SAVES, MAX_TARGETS, MAX_TRIGGER_CHARS,
    };
    use grimoire_rules::{Ability, ActionKind, DamageType, Defense, RollMode, SlotKind};
    use serde_json::json;
    let nullable = |schema: serde_json::Value| json!({ "anyOf": [schema, { "type": "null" }] });
    let int = |min: i64, max: i64| json!({ "type": "integer", "minimum": min, "maximum": max });
    let dice = json!({
        "type": "object",
        "required": ["count", "sides", "bonus"],
        "properties": {
            "count": int(0, i64::from(MAX_BONUS_DICE)),
            "sides": int(1, i64::from(MAX_BONUS_SIDES)),
            "bonus": int(-i64::from(MAX_MODIFIER), i64::from(MAX_MODIFIER))
        }
    });
    let bonus = json!({
        "description": "A flat bonus, dice added, or dice subtracted (Bane).",
        "oneOf": [
            { "type": "object", "required": ["flat"], "additionalProperties": false,
              "properties": { "flat": int(-i64::from(MAX_MODIFIER), i64::from(MAX_MODIFIER)) } },
            { "type": "object", "required": ["dice"], "additionalProperties": false,
              "properties": { "dice": dice } },
            { "type": "object", "required": ["penalty"], "additionalProperties": false,
              "properties": { "penalty": dice } }
        ]
    });
    let damage_types = json_names(&DamageType::ALL);
    let pair = |first: serde_json::Value, second: serde_json::Value| json!({ "type": "array", "prefixItems": [first, second], "items": false, "minItems": 2 });
    let hp = i64::from(MAX_HIT_POINTS);
    let stats = json!({
        "type": "object",
        "description": "Numbers to roll against; left out, the save is not rolled.",
        "properties": {
            "ac": nullable(int(-i64::from(MAX_MODIFIER), i64::from(MAX_MODIFIER))),
            "saves": { "type": "array", "maxItems": MAX_SAVES,
                       "items": pair(json!({ "enum": json_names(&Ability::ALL) }),
                                     int(-i64::from(MAX_MODIFIER), i64::from(MAX_MODIFIER))) },
            "hp": nullable(int(-hp, hp)),
            "max_hp": nullable(int(-hp, hp)),
            "defenses": { "type": "array", "maxItems": MAX_DEFENSES,
                          "items": pair(json!({ "enum": damage_types }),
                                        json!({ "enum": json_names(&[Defense::Normal, Defense::Resistant, Defense::Vulnerable, Defense::Immune]) })) },
            "save_mode": { "enum": json_names(&[RollMode::Normal, RollMode::Advantage, RollMode::Disadvantage]) },
            "save_bonuses": { "type": "array", "maxItems": MAX_BONUSES, "items": bonus }
        }
    });
    let target = json!({
        "type": "object",
        "required": ["name"],
        "properties": {
            "name": { "type": "string", "minLength": 1, "maxLength": grimoire_app::MAX_NAME },
            "is_self": { "type": "boolean" },
            "friendly": { "type": "boolean" },
            "total_cover": { "type": "boolean" },
            "distance_ft": nullable(json!({ "type": "integer", "minimum": 0, "maximum": MAX_DISTANCE_FT })),
            "creature_type": nullable(json!({ "type": "string", "maxLength": grimoire_app::MAX_NAME })),
            "invalid": { "type": "boolean" },
            "stats": nullable(stats)
        }
    });
    json!({
        "type": "object",
        "description": "A cast: the spell, a dice seed, and how it is cast (the rules' request).",
        "required": ["spell"],
        "additionalProperties": false,
        "properties": {
            "spell": { "type": "string", "minLength": 1, "maxLength": 200, "description": "Id, English or Czech name." },
            "seed": nullable(json!({ "type": "integer", "minimum": 0, "maximum": u64::MAX })),
            "mode": {
                "description": "How the spell is powered: a slot (default), a ritual, Mystic Arcanum, or a named feature or item.",
                "oneOf": [
                    { "type": "object", "required": ["mode"], "additionalProperties": false,
                      "properties": { "mode": { "enum": ["slot", "ritual", "arcanum"] } } },
                    { "type": "object", "required": ["mode", "name"], "additionalProperties": false,
                      "properties": { "mode": { "enum": ["feature", "item"] },
                                      "name": { "type": "string", "maxLength": grimoire_app::MAX_NAME } } }
                ]
            },
            "slot": nullable(int(1, 9)),
            "slot_kind": { "enum": json_names(&[SlotKind::Any, SlotKind::Regular, SlotKind::Pact]) },
            "class": nullable(json!({ "enum": classes })),
            "action": nullable(json!({ "enum": json_names(&[ActionKind::Action, ActionKind::BonusAction, ActionKind::Reaction]) })),
            "trigger": nullable(json!({ "type": "string", "maxLength": MAX_TRIGGER_CHARS })),
            "targets": { "type": "array", "maxItems": MAX_TARGETS, "items": target },
            "roll_mode": { "enum": json_names(&[RollMode::Normal, RollMode::Advantage, RollMode::Disadvantage]) },
            "off_turn": { "type": "boolean" },
            "attack_bonuses": { "type": "array", "maxItems": MAX_BONUSES, "items": bonus },
            "damage_type": nullable(json!({ "enum": damage_types })),
            "alternative_time": { "type": "boolean" },
            "complete": { "type": "boolean",
                          "description": "Finish a casting of a minute or more whose time is up (R12)." },
            "metamagic": { "type": "array", "maxItems": grimoire_rules::MAX_OPTIONS_PER_CAST,
                           "description": "Metamagic options that reshape the casting (a Sorcerer's, paid in Sorcery Points).",
                           "items": {
                               "type": "object", "required": ["option"], "additionalProperties": false,
                               "properties": {
                                   "option": { "enum": json_names(&grimoire_rules::Metamagic::ALL) },
                                   "creatures": { "type": "array", "maxItems": MAX_TARGETS,
                                                  "description": "Careful: the creatures protected; Heightened: its one target.",
                                                  "items": { "type": "string", "minLength": 1, "maxLength": grimoire_app::MAX_NAME } },
                                   "damage_type": nullable(json!({ "enum": damage_types })),
                                   "reroll": { "enum": ["below_average", "lowest"] }
                               }
                           } },
            "sculpt": { "type": "array", "maxItems": MAX_TARGETS,
                        "description": "Sculpt Spells (Evoker): targets that pass an Evocation spell's save unharmed.",
                        "items": { "type": "string", "minLength": 1, "maxLength": grimoire_app::MAX_NAME } },
            "overchannel": { "type": "boolean",
                             "description": "Overchannel (Evoker): maximum damage for a Wizard spell of a level 1-5 slot." },
            "on_hit_damage": { "type": "array", "maxItems": 0,
                               "description": "Filled in by the server from the caster's marks (Hex) in an encounter." }
        }
    })
}

/// The JSON names of some values (`"wizard"`, `"short_rest"`).
fn json_names<T: serde::Serialize>(all: &[T]) -> Vec<serde_json::Value> {
    all.iter()
        .filter_map(|v| serde_json::to_value(v).ok())
        .collect()
}

/// Adds `extra`'s keys to the schema at `pointer`, if the document has one.
fn patch(doc: &mut serde_json::Value, pointer: &str, extra: serde_json::Value) {
    if let Some(target) = doc.pointer_mut(pointer) {
        merge(target, extra);
    }
}

fn merge(target: &mut serde_json::Value, extra: serde_json::Value) {
    if let (Some(t), serde_json::Value::Object(e)) = (target.as_object_mut(), extra) {
        t.extend(e);
    }
}

/// A campaign id in a path is 1-40 of `a-z`, `0-9` and `-`
/// (`access::check_campaign_id`); the schema says so.
fn describe_campaign_ids(op: &mut Operation) {
    use utoipa::openapi::schema::{ObjectBuilder, Type};
    for p in op.parameters.iter_mut().flatten() {
        if p.name == "campaign"
            && matches!(p.parameter_in, utoipa::openapi::path::ParameterIn::Path)
        {
            p.schema = Some(RefOr::T(
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .pattern(Some(CAMPAIGN_ID_PATTERN))
                    .min_length(Some(1))
                    .max_length(Some(40))
                    .into(),
            ));
        }
    }
}

/// The campaign id pattern, as the server checks it.
pub(crate) const CAMPAIGN_ID_PATTERN: &str = "^[a-z0-9-]{1,40}$";

/// An error response with the shared error body.
fn error(description: &str) -> RefOr<Response> {
    let content = Content::new(Some(Ref::from_schema_name("ErrorBody")));
    RefOr::T(
        utoipa::openapi::ResponseBuilder::new()
            .description(description)
            .content("application/json", content)
            .build(),
    )
}

/// The statuses any route may answer, each added where the route does not
/// document it already.
fn add_shared_responses(op: &mut Operation) {
    let authenticated = op.security.as_ref().is_some_and(|s| !s.is_empty());
    let has_body = op.request_body.is_some();
    let has_path_params = op.parameters.as_ref().is_some_and(|p| {
        p.iter()
            .any(|p| matches!(p.parameter_in, utoipa::openapi::path::ParameterIn::Path))
    });
    let mut shared = vec![
        (
            "400",
            "a malformed request: a path, query or body that cannot be read, or a body not sent as application/json",
        ),
        (
            "408",
            "the request took longer than the server allows (request_timeout)",
        ),
        (
            "429",
            "too many requests from this address or account (rate_limited, too_many_streams)",
        ),
        (
            "503",
            "the database cannot be reached or has gone (database_unavailable, database_lost: nothing was changed), or it took too long to say whether a change was saved (outcome_unknown: it may have been; look before sending it again)",
        ),
    ];
    if authenticated {
        shared.push(("401", "no token, or a wrong, revoked or expired one"));
        shared.push(("403", "the token's account may not do this here"));
    }
    if has_path_params {
        shared.push(("404", "no such campaign, character, encounter or spell"));
    }
    if has_body {
        shared.push(("413", "the body is larger than the server accepts"));
    }
    shared.push((
        "422",
        "a value the server refuses (a name, an id, a limit) or a refusal by the rules",
    ));
    for (status, description) in shared {
        op.responses
            .responses
            .entry(status.to_owned())
            .or_insert_with(|| error(description));
    }
}
