//! Each tool's arguments as a `grimoire` command line: an argv array whose
//! options are attached (`--target=Goblin`), so no value is ever read as
//! another flag.

use std::fmt::Display;

use crate::bounds::Violation;
use crate::params::{
    Abilities, AbilityAdd, Action, Advance, AttackHit, Cast, Casting, CastingStep, CharacterCreate,
    ConditionChange, CreatureCondition, Damage, DeathSave, Dismiss, EncounterAdd, EncounterCast,
    Equip, FocusPlace, Harm, History, HitPoints, HouseAction, HouseRules, Hurt, Identify, ItemAdd,
    LOG_DEFAULT_LIMIT, Log, MaxAuto, MonsterList, NextTurn, Plan, PlanTarget, Prepare, Recharge,
    RelaxableRule, Rest, RestKind, Retarget, Roll, SpellSearch, SpellbookAdd, Toggle, Wait,
};
use crate::params::{CharacterFeatures, ClassLevel, EncounterSettings, HpGain, WildShape};

/// A command line being built.
#[derive(Debug, Default)]
struct Argv(Vec<String>);

impl Argv {
    fn new(words: &[&str]) -> Self {
        Argv(words.iter().map(|w| (*w).to_owned()).collect())
    }

    /// A positional argument.
    fn arg(mut self, value: impl Display) -> Self {
        self.0.push(value.to_string());
        self
    }

    /// `--flag=value` when there is a value.
    fn opt(mut self, flag: &str, value: Option<impl Display>) -> Self {
        if let Some(v) = value {
            self.0.push(format!("--{flag}={v}"));
        }
        self
    }

    /// `--flag` when set.
    fn flag(mut self, flag: &str, on: Option<bool>) -> Self {
        if on == Some(true) {
            self.0.push(format!("--{flag}"));
        }
        self
    }

    /// `--flag=value` once per value.
    fn each(mut self, flag: &str, values: Option<&Vec<String>>) -> Self {
        for v in values.into_iter().flatten() {
            self.0.push(format!("--{flag}={v}"));
        }
        self
    }

    fn done(self) -> Vec<String> {
        self.0
    }
}

/// `spells`.
pub fn spell_search(p: &SpellSearch) -> Vec<String> {
    let mut a = Argv::new(&["spells"]);
    if let Some(q) = &p.query {
        a = a.arg(q);
    }
    a.opt("class", p.class.as_ref())
        .opt("level", p.level)
        .opt("school", p.school.as_ref())
        .flag("ritual", p.ritual)
        .flag("concentration", p.concentration)
        .opt("limit", Some(p.limit.unwrap_or(20)))
        .done()
}

/// `character new`.
pub fn character_create(p: &CharacterCreate) -> Vec<String> {
    let a = Argv::new(&["character", "new"]).arg(&p.name);
    let a = levels_and_scores(a, &p.classes, p.abilities.as_ref()).flag("no-pouch", p.no_pouch);
    choices(
        a,
        [
            &p.subclasses,
            &p.features,
            &p.feats,
            &p.invocations,
            &p.metamagic,
        ],
    )
    .done()
}

/// Each class level as `--class CLASS:LEVEL` and the scores named as
/// `--abilities str=8,...` (left out when none is).
fn levels_and_scores(mut a: Argv, classes: &[ClassLevel], scores: Option<&Abilities>) -> Argv {
    for c in classes {
        a = a.opt("class", Some(format!("{}:{}", c.class, c.level)));
    }
    let named = scores.map(abilities).filter(|s| !s.is_empty());
    a.opt("abilities", named)
}

/// The feature choices, each list under its flag (`--subclass`, ...).
fn choices(mut a: Argv, lists: [&Vec<String>; 5]) -> Argv {
    for (flag, list) in ["subclass", "feature", "feat", "invocation", "metamagic"]
        .into_iter()
        .zip(lists)
    {
        for value in list {
            a = a.opt(flag, Some(value));
        }
    }
    a
}

/// `character set` with the choices given.
pub fn character_features(p: &CharacterFeatures) -> Vec<String> {
    let a = Argv::new(&["character", "set"]).arg(&p.character);
    choices(
        levels_and_scores(a, &p.classes, p.abilities.as_ref()).opt("hp", p.hp.map(HpGain::word)),
        [
            &p.subclasses,
            &p.features,
            &p.feats,
            &p.invocations,
            &p.metamagic,
        ],
    )
    .done()
}

/// `wildshape NAME on|off`.
pub fn wild_shape(p: &WildShape) -> Vec<String> {
    words(
        &["wildshape"],
        &[&p.character, if p.on { "on" } else { "off" }],
    )
}

/// `str=8,dex=14` for the scores given.
fn abilities(a: &Abilities) -> String {
    [
        ("str", a.str),
        ("dex", a.dex),
        ("con", a.con),
        ("int", a.int),
        ("wis", a.wis),
        ("cha", a.cha),
    ]
    .iter()
    .filter_map(|(k, v)| v.map(|v| format!("{k}={v}")))
    .collect::<Vec<_>>()
    .join(",")
}

/// `prepare` or `unprepare`.
pub fn prepare(p: &Prepare) -> Vec<String> {
    let verb = if p.unprepare == Some(true) {
        "unprepare"
    } else {
        "prepare"
    };
    let always = p.always.filter(|_| verb == "prepare");
    p.spells
        .iter()
        .fold(Argv::new(&[verb]).arg(&p.character), Argv::arg)
        .flag("always", always)
        .opt("class", p.class.as_ref().filter(|_| always == Some(true)))
        .done()
}

/// `plan`.
pub fn plan(p: &Plan) -> Vec<String> {
    let target = p.target.as_ref().map(plan_target).filter(|s| !s.is_empty());
    Argv::new(&["plan"])
        .arg(&p.character)
        .opt("target", target)
        .flag("advantage", p.advantage)
        .flag("disadvantage", p.disadvantage)
        .opt("top", Some(p.top.unwrap_or(10)))
        .done()
}

/// The planner's target syntax: `ac=15,hp=40,dex=+2,resist=fire+cold`.
fn plan_target(t: &PlanTarget) -> String {
    let mut parts = Vec::new();
    if let Some(ac) = t.ac {
        parts.push(format!("ac={ac}"));
    }
    if let Some(hp) = t.hp {
        parts.push(format!("hp={hp}"));
    }
    for (k, v) in [
        ("str", t.str),
        ("dex", t.dex),
        ("con", t.con),
        ("int", t.int),
        ("wis", t.wis),
        ("cha", t.cha),
    ] {
        if let Some(v) = v {
            parts.push(format!("{k}={v:+}"));
        }
    }
    for (k, types) in [
        ("resist", &t.resist),
        ("vuln", &t.vuln),
        ("immune", &t.immune),
    ] {
        if let Some(types) = types.as_ref().filter(|t| !t.is_empty()) {
            parts.push(format!("{k}={}", types.join("+")));
        }
    }
    parts.join(",")
}

/// `cast`.
pub fn cast(p: &Cast) -> Vec<String> {
    let action = p.action.map(|a| match a {
        Action::Magic => "magic",
        Action::Bonus => "bonus",
        Action::Reaction => "reaction",
    });
    Argv::new(&["cast"])
        .arg(&p.character)
        .arg(&p.spell)
        .opt("slot", p.level)
        .each("target", p.targets.as_ref())
        .flag("ritual", p.ritual)
        .opt("via", p.via.as_ref())
        .opt("action", action)
        .opt("trigger", p.trigger.as_ref())
        .opt("class", p.class.as_ref())
        .flag("pact", p.pact)
        .flag("regular", p.regular)
        .flag("advantage", p.advantage)
        .flag("disadvantage", p.disadvantage)
        .flag("off-turn", p.off_turn)
        .opt("damage-type", p.damage_type.as_ref())
        .flag("alternative-time", p.alternative_time)
        .flag("complete", p.complete)
        .each("meta", p.metamagic.as_ref())
        .each("sculpt", p.sculpt.as_ref())
        .flag("overchannel", p.overchannel)
        .done()
}

/// `house-rules [relax|enforce RULE]`: both or neither.
pub fn house_rules(p: &HouseRules) -> Result<Vec<String>, Violation> {
    let rule = |r: RelaxableRule| match r {
        RelaxableRule::R10 => "R10",
        RelaxableRule::R11 => "R11",
        RelaxableRule::R14 => "R14",
    };
    match (p.action, p.rule) {
        (None, None) => Ok(vec!["house-rules".into()]),
        (Some(a), Some(r)) => {
            let verb = match a {
                HouseAction::Relax => "relax",
                HouseAction::Enforce => "enforce",
            };
            Ok(vec!["house-rules".into(), verb.into(), rule(r).into()])
        }
        _ => Err(Violation::new("action", "mcp-args-house-rules")),
    }
}

/// `equip`.
pub fn equip(p: &Equip) -> Vec<String> {
    let pouch = p.pouch.map(|on| if on { "pouch" } else { "no-pouch" });
    let focus = p.focus.map(|f| match f {
        FocusPlace::None => "none",
        FocusPlace::Held => "held",
        FocusPlace::Worn => "worn",
        FocusPlace::Stowed => "stowed",
    });
    let mut a = Argv::new(&["equip"]).arg(&p.character);
    if let Some(flag) = pouch {
        a = a.flag(flag, Some(true));
    }
    a.opt("focus", focus)
        .opt("free-hands", p.free_hands)
        .flag("clear-materials", p.clear_materials)
        .each("material", p.materials.as_ref())
        .flag("clear-weapons", p.clear_weapons)
        .each("weapon", p.weapons.as_ref())
        .done()
}

/// `attack CHARACTER WEAPON --target T`.
pub fn attack(p: &crate::params::Attack) -> Vec<String> {
    Argv::new(&["attack"])
        .arg(&p.character)
        .arg(&p.weapon)
        .opt("target", Some(&p.target))
        .flag("advantage", p.advantage)
        .flag("disadvantage", p.disadvantage)
        .flag("two-handed", p.two_handed)
        .flag("eldritch-smite", p.eldritch_smite)
        .opt("bonus", p.bonus)
        .opt("damage-bonus", p.damage_bonus)
        .opt("damage", p.damage.as_ref())
        .opt("type", p.damage_type.as_ref())
        .flag("ranged", p.ranged)
        .done()
}

/// `hp`.
pub fn hit_points(p: &HitPoints) -> Vec<String> {
    let max = match p.max_auto {
        Some(_) => Some("auto".to_owned()),
        None => p.max.map(|m| m.to_string()),
    };
    Argv::new(&["hp"])
        .arg(&p.character)
        .opt("max", max)
        .flag("rolled", Some(p.max_auto == Some(MaxAuto::Rolled)))
        .opt("ac", p.ac)
        .opt("set", p.set)
        .opt("heal", p.heal)
        .opt("temp", p.temp)
        .done()
}

/// `condition NAME add|remove CONDITION`.
pub fn condition(p: &ConditionChange) -> Vec<String> {
    let action = match p.action {
        Toggle::Add => "add",
        Toggle::Remove => "remove",
    };
    Argv::new(&["condition"])
        .arg(&p.character)
        .arg(action)
        .arg(&p.condition)
        .opt("level", p.level)
        .done()
}

/// `rest --short|--long`.
pub fn rest(p: &Rest) -> Result<Vec<String>, Violation> {
    let kind = match p.kind {
        RestKind::Short => "--short",
        RestKind::Long => "--long",
    };
    match (&p.character, p.all == Some(true)) {
        (None, true) => Ok(Argv::new(&["rest", "--all", kind])
            .opt("hit-dice", p.hit_dice.as_ref())
            .done()),
        (Some(c), false) => Ok(Argv::new(&["rest"])
            .arg(c)
            .arg(kind)
            .opt("hit-dice", p.hit_dice.as_ref())
            .opt(
                "arcane-recovery",
                p.arcane_recovery
                    .as_ref()
                    .filter(|l| !l.is_empty())
                    .map(|l| l.iter().map(u8::to_string).collect::<Vec<_>>().join(",")),
            )
            .flag("sorcerous-restoration", p.sorcerous_restoration)
            .opt(
                "natural-recovery",
                p.natural_recovery
                    .as_ref()
                    .filter(|l| !l.is_empty())
                    .map(|l| l.iter().map(u8::to_string).collect::<Vec<_>>().join(",")),
            )
            .opt("memorize", p.memorize.as_ref().map(|m| &m.learn))
            .opt("forget", p.memorize.as_ref().map(|m| &m.forget))
            .done()),
        _ => Err(Violation::new("all", "mcp-args-rest")),
    }
}

/// `deathsave NAME [--stabilize]`.
pub fn death_save(p: &DeathSave) -> Vec<String> {
    Argv::new(&["deathsave"])
        .arg(&p.character)
        .flag("stabilize", p.stabilize)
        .done()
}

/// `encounter new` (`set` with `command` "set"): its settings.
pub fn encounter_settings(command: &str, p: &EncounterSettings) -> Vec<String> {
    Argv::new(&["encounter", command])
        .arg(&p.encounter)
        .opt("creatures-at-zero", p.creatures_at_zero.map(|w| w.word()))
        .done()
}

/// `encounter add`.
pub fn encounter_add(p: &EncounterAdd) -> Vec<String> {
    Argv::new(&["encounter", "add"])
        .arg(&p.encounter)
        .arg(&p.name)
        .opt("init", p.initiative)
        .opt("hp", p.hp)
        .opt("monster", p.monster.as_ref())
        .flag("reacts-to-allies", p.reacts_to_allies)
        .done()
}

/// `encounter next` in an encounter, `turn end` outside one.
pub fn next_turn(p: &NextTurn) -> Result<Vec<String>, Violation> {
    match (&p.encounter, &p.character) {
        (Some(e), None) => Ok(Argv::new(&["encounter", "next"]).arg(e).done()),
        (None, Some(c)) => Ok(Argv::new(&["turn", "end"]).arg(c).done()),
        _ => Err(Violation::new("encounter", "mcp-args-turn")),
    }
}

/// `encounter damage` (with `--type`) or `damage`; a type needs the
/// encounter, whose stat blocks hold the resistances.
pub fn damage(p: &Damage) -> Result<Vec<String>, Violation> {
    let kind = p.damage_type.map(|k| {
        serde_json::to_value(k)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default()
    });
    match (&p.encounter, kind) {
        (Some(e), kind) => Ok(Argv::new(&["encounter", "damage"])
            .arg(e)
            .arg(&p.target)
            .arg(p.amount)
            .opt("type", kind)
            .done()),
        (None, None) => Ok(Argv::new(&["damage"])
            .arg(&p.target)
            .arg(p.amount)
            .flag("critical", p.critical)
            .done()),
        (None, Some(_)) => Err(Violation::new("damage_type", "mcp-args-damage-type")),
    }
}

/// `encounter advance`.
pub fn advance(p: &Advance) -> Vec<String> {
    Argv::new(&["encounter", "advance"])
        .arg(&p.encounter)
        .arg(&p.time)
        .done()
}

/// `encounter cast` or `encounter react`.
pub fn encounter_cast(verb: &str, p: &EncounterCast) -> Vec<String> {
    Argv::new(&["encounter", verb])
        .arg(&p.encounter)
        .arg(&p.caster)
        .arg(&p.spell)
        .each("target", p.targets.as_ref())
        .opt("slot", p.level)
        .opt("via", p.via.as_ref())
        .flag("advantage", p.advantage)
        .flag("disadvantage", p.disadvantage)
        .done()
}

/// `encounter attack`.
pub fn attack_hit(p: &AttackHit) -> Vec<String> {
    Argv::new(&["encounter", "attack"])
        .arg(&p.encounter)
        .arg(&p.attacker)
        .arg(&p.target)
        .opt("total", Some(p.total))
        .opt("ac", p.ac)
        .done()
}

/// `undo`.
pub fn undo(p: &History) -> Result<Vec<String>, Violation> {
    Ok(history("undo", p.name.as_ref(), p.encounter, p.house_rules)?.done())
}

/// `log`, the newest [`LOG_DEFAULT_LIMIT`] entries unless the call says.
pub fn log(p: &Log) -> Result<Vec<String>, Violation> {
    Ok(history("log", p.name.as_ref(), p.encounter, p.house_rules)?
        .opt("limit", Some(p.limit.unwrap_or(LOG_DEFAULT_LIMIT)))
        .opt("before", p.before)
        .done())
}

/// `log` or `undo` of one history: a name (an encounter's with
/// `--encounter`), or the house rules' with `--house-rules` and no name.
fn history(
    verb: &str,
    name: Option<&String>,
    encounter: Option<bool>,
    house_rules: Option<bool>,
) -> Result<Argv, Violation> {
    match (name, house_rules == Some(true)) {
        (Some(n), false) => Ok(Argv::new(&[verb]).arg(n).flag("encounter", encounter)),
        (None, true) if encounter != Some(true) => {
            Ok(Argv::new(&[verb]).flag("house-rules", Some(true)))
        }
        _ => Err(Violation::new("name", "mcp-args-history")),
    }
}

/// `roll`, or its distribution with `--stats`.
pub fn roll(p: &Roll) -> Vec<String> {
    Argv::new(&["roll"])
        .flag("stats", p.stats)
        .arg(&p.expression)
        .done()
}

/// The CLI's word for a recharge period.
fn recharge(r: Recharge) -> &'static str {
    match r {
        Recharge::Long => "long",
        Recharge::Short => "short",
        Recharge::Never => "never",
    }
}

/// `item add`.
pub fn item_add(p: &ItemAdd) -> Vec<String> {
    Argv::new(&["item", "add"])
        .arg(&p.character)
        .arg(&p.item)
        .each("spell", Some(&p.spells))
        .opt("charges", p.charges)
        .opt("recharge", p.recharge.map(recharge))
        .done()
}

/// `ability add`.
pub fn ability_add(p: &AbilityAdd) -> Vec<String> {
    Argv::new(&["ability", "add"])
        .arg(&p.character)
        .each("spell", Some(&p.spells))
        .opt("uses", p.uses)
        .opt("recharge", p.recharge.map(recharge))
        .opt("name", p.name.as_ref())
        .done()
}

/// `spellbook add`.
pub fn spellbook_add(p: &SpellbookAdd) -> Vec<String> {
    p.spells
        .iter()
        .fold(
            Argv::new(&["spellbook", "add"]).arg(&p.character),
            Argv::arg,
        )
        .done()
}

/// `retarget CHARACTER SPELL TARGET`.
pub fn retarget(p: &Retarget) -> Vec<String> {
    Argv::new(&["retarget"])
        .arg(&p.character)
        .arg(&p.spell)
        .arg(&p.target)
        .done()
}

/// `dismiss CHARACTER EFFECT`.
pub fn dismiss(p: &Dismiss) -> Vec<String> {
    Argv::new(&["dismiss"])
        .arg(&p.character)
        .arg(p.effect)
        .done()
}

/// `wait CHARACTER TIME`.
pub fn wait(p: &Wait) -> Vec<String> {
    Argv::new(&["wait"]).arg(&p.character).arg(&p.time).done()
}

/// `casting CHARACTER continue|abandon`.
pub fn casting(p: &Casting) -> Vec<String> {
    let step = match p.step {
        CastingStep::Continue => "continue",
        CastingStep::Abandon => "abandon",
    };
    Argv::new(&["casting"]).arg(&p.character).arg(step).done()
}

/// `identify CHARACTER SPELL`.
pub fn identify(p: &Identify) -> Vec<String> {
    Argv::new(&["identify"])
        .arg(&p.character)
        .arg(&p.spell)
        .opt("arcana", p.arcana)
        .done()
}

/// `encounter condition ENCOUNTER NAME add|remove CONDITION`.
pub fn creature_condition(p: &CreatureCondition) -> Vec<String> {
    let action = match p.action {
        Toggle::Add => "add",
        Toggle::Remove => "remove",
    };
    Argv::new(&["encounter", "condition"])
        .arg(&p.encounter)
        .arg(&p.combatant)
        .arg(action)
        .arg(&p.condition)
        .done()
}

/// `encounter harm`.
pub fn harm(p: &Harm) -> Vec<String> {
    Argv::new(&["encounter", "harm"])
        .arg(&p.encounter)
        .arg(&p.combatant)
        .arg(&p.spell)
        .opt("caster", p.caster.as_ref())
        .done()
}

/// `encounter hurt`.
pub fn hurt(p: &Hurt) -> Vec<String> {
    Argv::new(&["encounter", "hurt"])
        .arg(&p.encounter)
        .arg(&p.target)
        .opt("by", Some(&p.by))
        .arg(p.amount)
        .done()
}

/// `monster list`.
pub fn monster_list(p: &MonsterList) -> Vec<String> {
    let a = Argv::new(&["monster", "list"]);
    match &p.query {
        Some(q) => a.arg(q),
        None => a,
    }
    .done()
}

/// A fixed command followed by names.
pub fn words(command: &[&str], names: &[&str]) -> Vec<String> {
    names
        .iter()
        .fold(Argv::new(command), |a, n| a.arg(n))
        .done()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cast_attaches_every_option() {
        let p = Cast {
            character: "Elmira".into(),
            spell: "Fireball".into(),
            level: Some(3),
            targets: Some(vec!["Goblin:ac=15".into(), "Orc".into()]),
            ritual: None,
            via: None,
            action: Some(Action::Magic),
            trigger: None,
            class: None,
            pact: None,
            regular: None,
            advantage: Some(true),
            disadvantage: Some(false),
            off_turn: None,
            damage_type: None,
            alternative_time: None,
            complete: None,
            metamagic: Some(vec!["careful:Orc".into()]),
            sculpt: None,
            overchannel: None,
            lang: None,
        };
        assert_eq!(
            cast(&p),
            [
                "cast",
                "Elmira",
                "Fireball",
                "--slot=3",
                "--target=Goblin:ac=15",
                "--target=Orc",
                "--action=magic",
                "--advantage",
                "--meta=careful:Orc"
            ]
        );
    }

    #[test]
    fn character_features_advances_with_the_cli_syntax() {
        let p = CharacterFeatures {
            character: "Ana".into(),
            classes: vec![ClassLevel {
                class: "wizard".into(),
                level: 6,
            }],
            abilities: Some(Abilities {
                con: Some(16),
                ..Abilities::default()
            }),
            hp: Some(HpGain::Roll),
            subclasses: vec!["wizard:evoker".into()],
            feats: Vec::new(),
            invocations: Vec::new(),
            features: Vec::new(),
            metamagic: Vec::new(),
            lang: None,
        };
        assert_eq!(
            character_features(&p),
            [
                "character",
                "set",
                "Ana",
                "--class=wizard:6",
                "--abilities=con=16",
                "--hp=roll",
                "--subclass=wizard:evoker"
            ]
        );
    }

    #[test]
    fn character_and_plan_targets_use_the_cli_syntax() {
        let p = CharacterCreate {
            name: "Elmira".into(),
            classes: vec![ClassLevel {
                class: "wizard".into(),
                level: 5,
            }],
            abilities: Some(Abilities {
                int: Some(16),
                dex: Some(14),
                ..Abilities::default()
            }),
            no_pouch: None,
            subclasses: vec!["wizard:evoker".into()],
            feats: Vec::new(),
            invocations: Vec::new(),
            features: Vec::new(),
            metamagic: Vec::new(),
            lang: None,
        };
        assert_eq!(
            character_create(&p),
            [
                "character",
                "new",
                "Elmira",
                "--class=wizard:5",
                "--abilities=dex=14,int=16",
                "--subclass=wizard:evoker"
            ]
        );
        let t = PlanTarget {
            ac: Some(15),
            dex: Some(2),
            wis: Some(-1),
            resist: Some(vec!["fire".into(), "cold".into()]),
            ..PlanTarget::default()
        };
        assert_eq!(plan_target(&t), "ac=15,dex=+2,wis=-1,resist=fire+cold");
    }

    #[test]
    fn next_turn_needs_exactly_one_scope() {
        let both = NextTurn {
            encounter: Some("Cave".into()),
            character: Some("Elmira".into()),
            lang: None,
        };
        assert!(next_turn(&both).is_err());
        let fight = NextTurn {
            character: None,
            ..both
        };
        assert_eq!(next_turn(&fight).unwrap(), ["encounter", "next", "Cave"]);
    }

    #[test]
    fn r11_encounter_add_passes_reacts_to_allies_on() {
        let p = EncounterAdd {
            encounter: "Cave".into(),
            name: "Bram".into(),
            initiative: Some(12),
            hp: None,
            monster: None,
            reacts_to_allies: Some(true),
            lang: None,
        };
        assert_eq!(
            encounter_add(&p),
            [
                "encounter",
                "add",
                "Cave",
                "Bram",
                "--init=12",
                "--reacts-to-allies"
            ]
        );
        let off = EncounterAdd {
            reacts_to_allies: Some(false),
            ..p
        };
        assert!(!encounter_add(&off).contains(&"--reacts-to-allies".to_owned()));
    }
}
