//! The MCP server: one tool per `grimoire` command a game master needs.
//! Each tool checks its arguments against its own schema, runs the CLI and
//! returns the CLI's JSON; a refusal comes back as a tool error whose
//! structured content is `{"error":{"code","rule","message","fix"}}`.

use std::sync::Arc;

use rmcp::handler::server::common::schema_for_type;
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::tool::ToolCallContext;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{
    CallToolRequestParams, CallToolResult, Implementation, ServerCapabilities, ServerInfo,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler, tool, tool_handler, tool_router};
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{Value, json};

use crate::argv;
use crate::bounds::{self, Violation};
use crate::fix::fix;
use crate::lang::Lang;
use crate::params::{
    AbilityAdd, Advance, AttackHit, Cast, Casting, CharacterCreate, CharacterRef, CombatantRef,
    ConditionChange, CreatureCondition, Damage, DeathSave, Dismiss, EncounterAdd, EncounterCast,
    EncounterRef, Equip, Harm, History, HitPoints, HouseRules, Hurt, Identify, ItemAdd, LangOnly,
    Log, MonsterList, MonsterShow, NextTurn, Plan, Prepare, ReactionPass, Rest, Retarget, Roll,
    Rules, SpellSearch, SpellShow, SpellbookAdd, Wait,
};
use crate::params::{CharacterFeatures, EncounterSettings, WildShape};
use crate::runner::{Outcome, Runner};
use crate::sheets::{self, SheetCheck, SheetImport};
use crate::{hint, next};

/// What the server tells a client about itself when it connects.
const INSTRUCTIONS: &str = "Grimoire enforces the 2024 fifth-edition spellcasting rules (SRD 5.2) on a \
persistent database of characters and encounters. Typical flow: spell_search / spell_show to look \
spells up; character_create then prepare; encounter_create, encounter_add (characters by name, \
creatures with a stat block or a monster id), encounter_start; then on each turn options (what the \
character can cast now) or plan (expected damage against a target), cast, damage, and next_turn to \
end the turn. rest restores slots; log and undo read and revert history. Every refusal is a tool \
error with error.code, error.rule (the rule id, e.g. R10) and error.fix, one sentence saying which \
tool to call next: follow it. Every tool takes lang \"en\" or \"cs\" (Czech).";

/// The Grimoire MCP server.
#[derive(Clone)]
pub struct Grimoire {
    runner: Arc<Runner>,
    lang: Lang,
    router: ToolRouter<Grimoire>,
}

impl Grimoire {
    /// A server running commands with `runner`, answering in `lang` unless
    /// a call asks for another language.
    pub fn new(runner: Runner, lang: Lang) -> Self {
        Grimoire {
            runner: Arc::new(runner),
            lang,
            router: Self::tool_router(),
        }
    }

    /// Checks `params` against `T`'s schema, builds the command line and
    /// runs it.
    async fn call<T: Serialize + JsonSchema + 'static>(
        &self,
        params: &T,
        lang: Option<Lang>,
        build: impl FnOnce(&T) -> Result<Vec<String>, Violation>,
    ) -> CallToolResult {
        let lang = lang.unwrap_or(self.lang);
        let value = serde_json::to_value(params).unwrap_or(Value::Null);
        let args = match bounds::check(&schema_for_type::<T>(), &value).and_then(|()| build(params))
        {
            Ok(args) => args,
            Err(v) => {
                let message = v.message(lang);
                return refusal(
                    json!({"code": "invalid_argument", "rule": null, "message": message, "argument": v.path}),
                    lang,
                );
            }
        };
        match self.runner.run(lang, &args).await {
            Outcome::Done(mut value @ Value::Object(_)) => {
                next::annotate(&mut value);
                hint::take_blocked(&mut value, lang);
                CallToolResult::structured(value)
            }
            Outcome::Done(other) => CallToolResult::structured(json!({ "result": other })),
            Outcome::Refused(error) => refusal(error, lang),
        }
    }

    /// Every tool this server lists, with its input schema.
    pub fn tools(&self) -> Vec<rmcp::model::Tool> {
        self.router.list_all()
    }
}

/// A refusal as a tool error, with the fix for its code. A CLI hint (a
/// command line at the end of the message) becomes `fix_call`, the tool
/// and arguments that do the same, and the fix names it.
fn refusal(mut error: Value, lang: Lang) -> CallToolResult {
    let code = error["code"].as_str().unwrap_or("internal").to_owned();
    let call = hint::take(&mut error, lang);
    error["fix"] = Value::String(match &call {
        Some(c) => c.fix(&code, lang),
        None => fix(&code, lang),
    });
    if let Some(c) = call {
        error["fix_call"] = c.to_json();
    }
    CallToolResult::structured_error(json!({ "error": error }))
}

#[tool_router]
impl Grimoire {
    #[tool(
        description = "Search the SRD 5.2 spell catalogue by part of a name (English or Czech) and filters (class list, level, school, ritual, concentration). Returns spells with id, names, level, school. Use the id in other tools.",
        annotations(read_only_hint = true)
    )]
    async fn spell_search(&self, Parameters(p): Parameters<SpellSearch>) -> CallToolResult {
        self.call(&p, p.lang, |p| Ok(argv::spell_search(p))).await
    }

    #[tool(
        description = "Show one spell in full: level, school, casting time, range, components, duration, concentration, ritual, class lists, damage and what higher slots add.",
        annotations(read_only_hint = true)
    )]
    async fn spell_show(&self, Parameters(p): Parameters<SpellShow>) -> CallToolResult {
        self.call(&p, p.lang, |p| Ok(argv::words(&["spell"], &[&p.spell])))
            .await
    }

    #[tool(
        description = "Create a character with full spell slots: a unique name, one or more classes with levels (e.g. wizard 5), optional ability scores. Prepare its spells next with prepare."
    )]
    async fn character_create(&self, Parameters(p): Parameters<CharacterCreate>) -> CallToolResult {
        self.call(&p, p.lang, |p| Ok(argv::character_create(p)))
            .await
    }

    #[tool(
        description = "Level a character up or change its ability scores (classes: new levels, a new class adds a multiclass; abilities: the scores that change; slots, pact slots, Hit Point Dice and a recorded hit point maximum follow, 2024 fixed values), and/or choose its subclass (CLASS:SUBCLASS[:OPTION], e.g. cleric:life, druid:land:arid), feats (magic-initiate:cleric:guidance,light,bless; boon-of-spell-recall), Eldritch Invocations (armor-of-shadows, pact-of-the-tome:SPELLS...), Metamagic options or a class feature that asks for spells (signature-spells:fireball,counterspell); class features (Divine Intervention, Paladin's Smite, Favored Enemy, Wild Shape...) come by level on their own. Levels and prerequisites are checked (subclass_level_too_low, unknown_subclass, prerequisite_missing, too_many_invocations...). The free casts they give are cast with cast and via = the feature's name."
    )]
    async fn character_features(
        &self,
        Parameters(p): Parameters<CharacterFeatures>,
    ) -> CallToolResult {
        self.call(&p, p.lang, |p| Ok(argv::character_features(p)))
            .await
    }

    #[tool(
        description = "A Druid takes a beast's shape (on true: spends a Wild Shape use) or returns (on false). In Wild Shape no spell can be cast (wild_shape_no_casting); Concentration already held goes on."
    )]
    async fn wild_shape(&self, Parameters(p): Parameters<WildShape>) -> CallToolResult {
        self.call(&p, p.lang, |p| Ok(argv::wild_shape(p))).await
    }

    #[tool(
        description = "Show a character: classes, abilities, spell slots left, prepared spells and cantrips, concentration, conditions, ongoing spells, hit points and what this turn has used.",
        annotations(read_only_hint = true)
    )]
    async fn character_show(&self, Parameters(p): Parameters<CharacterRef>) -> CallToolResult {
        self.call(&p, p.lang, |p| {
            Ok(argv::words(&["character", "show"], &[&p.character]))
        })
        .await
    }

    #[tool(
        description = "Write a character as a Foundry VTT (dnd5e) actor JSON: abilities, classes, prepared, always-prepared and spellbook spells, cantrips, slots left, free casts per rest, Spell Scrolls, hit points and Armor Class. Foundry imports the file; Grimoire reads it back with grimoire import foundry.",
        annotations(read_only_hint = true)
    )]
    async fn export_foundry(&self, Parameters(p): Parameters<CharacterRef>) -> CallToolResult {
        self.call(&p, p.lang, |p| {
            Ok(argv::words(&["export", "foundry"], &[&p.character]))
        })
        .await
    }

    #[tool(
        description = "Import a character from another tool's sheet: format \"foundry\" (a Foundry VTT dnd5e actor JSON) or \"ddb\" (a D&D Beyond character JSON, as its character endpoint returns it), from a file on this machine or inline as sheet (at most 2 MiB). Stores the character in one change (undo takes it back) and answers it with the import report: every part of the sheet, mapped or skipped with a code (unknown_spell, not_prepared, item, charge_cost...). Check the sheet first with check_sheet."
    )]
    async fn import_sheet(&self, Parameters(p): Parameters<SheetImport>) -> CallToolResult {
        let (argv, held) = match sheets::import(&p) {
            Ok((argv, held)) => (Ok(argv), held),
            Err(v) => (Err(v), None),
        };
        let out = self.call(&p, p.lang, move |_| argv).await;
        drop(held);
        out
    }

    #[tool(
        description = "Check another tool's sheet against the 2024 rules without importing it: what a referee would question (too_many_prepared, not_on_class_list, slots_mismatch, rules_2014, class_2014...) and the import report. format \"foundry\" or \"ddb\" (told from the sheet when left out); the sheet from a file on this machine or inline (at most 2 MiB).",
        annotations(read_only_hint = true)
    )]
    async fn check_sheet(&self, Parameters(p): Parameters<SheetCheck>) -> CallToolResult {
        let (argv, held) = match sheets::check(&p) {
            Ok((argv, held)) => (Ok(argv), held),
            Err(v) => (Err(v), None),
        };
        let out = self.call(&p, p.lang, move |_| argv).await;
        drop(held);
        out
    }

    #[tool(
        description = "List every stored character with classes and level.",
        annotations(read_only_hint = true)
    )]
    async fn character_list(&self, Parameters(p): Parameters<LangOnly>) -> CallToolResult {
        self.call(&p, p.lang, |_| Ok(argv::words(&["character", "list"], &[])))
            .await
    }

    #[tool(
        description = "Prepare spells for a character (cantrips are learned the same way), or unprepare them with unprepare true. Each spell must be on one of the character's class lists (R8) and within its limits, unless always is true: then each is kept prepared as a subclass, feat, species or Magical Secrets does, outside the limits and from any class's list (class names the class it counts as)."
    )]
    async fn prepare(&self, Parameters(p): Parameters<Prepare>) -> CallToolResult {
        self.call(&p, p.lang, |p| Ok(argv::prepare(p))).await
    }

    #[tool(
        description = "What the character can cast right now, every way (slot levels, pact slot, ritual, item, ability), with the action each takes; and for every other spell the first rule that blocks it and what would make it legal. Call this before cast when unsure.",
        annotations(read_only_hint = true)
    )]
    async fn options(&self, Parameters(p): Parameters<CharacterRef>) -> CallToolResult {
        self.call(&p, p.lang, |p| {
            Ok(argv::words(&["options"], &[&p.character]))
        })
        .await
    }

    #[tool(
        description = "Rank every spell and slot the character can cast now by exact expected damage (or healing) against a described target: mean, range, chance to hit or to fail the save, chance to drop it to 0. Nothing is spent.",
        annotations(read_only_hint = true)
    )]
    async fn plan(&self, Parameters(p): Parameters<Plan>) -> CallToolResult {
        self.call(&p, p.lang, |p| Ok(argv::plan(p))).await
    }

    #[tool(
        description = "Cast a spell: the rules are checked (prepared, slot, one slot per turn, action, components, range, targets), the slot is spent, the dice are rolled and damage applied to combatants. In an encounter it must be the caster's turn (except Reactions with off_turn). A refusal changes nothing and says how to fix it."
    )]
    async fn cast(&self, Parameters(p): Parameters<Cast>) -> CallToolResult {
        self.call(&p, p.lang, |p| Ok(argv::cast(p))).await
    }

    #[tool(
        description = "Finish a rest: kind long restores every spell slot and use, every hit point and every Hit Point Die; kind short restores pact slots and short-rest uses and spends hit_dice (each die plus the Constitution modifier, shown), and as it finishes arcane_recovery (a Wizard's expended slot levels, e.g. [3, 1]) and sorcerous_restoration (a Sorcerer's points) take back what they may once per Long Rest, as does natural_recovery (a Circle of the Land Druid's slot levels); memorize swaps a Wizard's prepared spell for one of the spellbook (forget, learn) with every short rest. With all (and no character) every stored character rests at once."
    )]
    async fn rest(&self, Parameters(p): Parameters<Rest>) -> CallToolResult {
        self.call(&p, p.lang, argv::rest).await
    }

    #[tool(
        description = "Font of Magic (Sorcerer 2+): to_points expends a spell slot of that level for as many Sorcery Points (no action; pact for a Pact slot); to_slot spends Sorcery Points for a slot of level 1-5 as a Bonus Action (2, 3, 5, 6, 7 points; Sorcerer level 2, 3, 5, 7, 9). A created slot casts like any slot and is gone after a Long Rest."
    )]
    async fn font_of_magic(
        &self,
        Parameters(p): Parameters<crate::resources::FontOfMagic>,
    ) -> CallToolResult {
        self.call(&p, p.lang, crate::resources::font).await
    }

    #[tool(
        description = "Innate Sorcery (Sorcerer): a Bonus Action starts 1 minute of +1 save DC and Advantage on attack rolls of Sorcerer spells; 2 uses per Long Rest, then from Sorcerer 7 (Sorcery Incarnate) 2 Sorcery Points each."
    )]
    async fn innate_sorcery(&self, Parameters(p): Parameters<CharacterRef>) -> CallToolResult {
        self.call(&p, p.lang, |p| {
            Ok(argv::words(&["innate"], &[&p.character]))
        })
        .await
    }

    #[tool(
        description = "Magical Cunning (Warlock 2+): a 1-minute rite that brings back expended Pact slots, up to half the Pact slots rounded up; once per Long Rest."
    )]
    async fn magical_cunning(&self, Parameters(p): Parameters<CharacterRef>) -> CallToolResult {
        self.call(&p, p.lang, |p| {
            Ok(argv::words(&["cunning"], &[&p.character]))
        })
        .await
    }

    #[tool(
        description = "Roll a dying character's death saving throw (2024: 10 or more succeeds, 9 or less fails, a 1 is two failures, a 20 brings it back with 1 hit point; three successes Stable, three failures dead), or with stabilize make it Stable (Spare the Dying)."
    )]
    async fn deathsave(&self, Parameters(p): Parameters<DeathSave>) -> CallToolResult {
        self.call(&p, p.lang, |p| Ok(argv::death_save(p))).await
    }

    #[tool(
        description = "Create an empty encounter by name; creatures_at_zero chooses whether the GM's creatures die at 0 hit points (default) or drop and make death saves. Add combatants with encounter_add, then encounter_start."
    )]
    async fn encounter_create(
        &self,
        Parameters(p): Parameters<EncounterSettings>,
    ) -> CallToolResult {
        self.call(&p, p.lang, |p| Ok(argv::encounter_settings("new", p)))
            .await
    }

    #[tool(
        description = "Change an encounter's settings, before or during the fight: creatures_at_zero \"die\" (creatures at 0 hit points are dead and leave the turn order) or \"drop\" (they lie Unconscious and make death saves at the start of their turns)."
    )]
    async fn encounter_set(&self, Parameters(p): Parameters<EncounterSettings>) -> CallToolResult {
        self.call(&p, p.lang, |p| Ok(argv::encounter_settings("set", p)))
            .await
    }

    #[tool(
        description = "Add a combatant to an encounter: a stored character by name, a creature described inline (\"Goblin:ac=15:dex=+2\") with hp, or a spellcasting monster by id from monster_list. Initiative is rolled unless given."
    )]
    async fn encounter_add(&self, Parameters(p): Parameters<EncounterAdd>) -> CallToolResult {
        self.call(&p, p.lang, |p| Ok(argv::encounter_add(p))).await
    }

    #[tool(description = "Start the encounter: round 1, the highest initiative acts first.")]
    async fn encounter_start(&self, Parameters(p): Parameters<EncounterRef>) -> CallToolResult {
        self.call(&p, p.lang, |p| {
            Ok(argv::words(&["encounter", "start"], &[&p.encounter]))
        })
        .await
    }

    #[tool(
        description = "Show an encounter: round, whose turn it is, initiative order, hit points, each combatant's turn economy, concentration and effects, and any spell waiting for Reactions.",
        annotations(read_only_hint = true)
    )]
    async fn encounter_show(&self, Parameters(p): Parameters<EncounterRef>) -> CallToolResult {
        self.call(&p, p.lang, |p| {
            Ok(argv::words(&["encounter", "status"], &[&p.encounter]))
        })
        .await
    }

    #[tool(
        description = "List every encounter.",
        annotations(read_only_hint = true)
    )]
    async fn encounter_list(&self, Parameters(p): Parameters<LangOnly>) -> CallToolResult {
        self.call(&p, p.lang, |_| Ok(argv::words(&["encounter", "list"], &[])))
            .await
    }

    #[tool(
        description = "End the current turn. With encounter: the next combatant in initiative order begins its turn (a new round lets time pass). With character, outside an encounter: that character's turn ends, resetting its actions and the one-slot-per-turn limit (R10)."
    )]
    async fn next_turn(&self, Parameters(p): Parameters<NextTurn>) -> CallToolResult {
        self.call(&p, p.lang, argv::next_turn).await
    }

    #[tool(
        description = "Set what a character holds for spell components (R14): a Component Pouch, where its focus is (none, held, worn, stowed), how many hands are free, and specific materials (\"diamond worth 300 GP\") for costly or consumed components. The fix for a free-hand or material refusal."
    )]
    async fn equip(&self, Parameters(p): Parameters<Equip>) -> CallToolResult {
        self.call(&p, p.lang, |p| Ok(argv::equip(p))).await
    }

    #[tool(
        description = "Attack with a weapon the character carries (equip weapons): the d20 plus Str (Dex for finesse or ranged) and proficiency against the target's AC, with Advantage/Disadvantage from the conditions in force, Bless/Bane, the attacker's Hex or Hunter's Mark on the target and Divine Favor added by themselves; a natural 20 doubles every damage die. Uses the Action; in an encounter only on the attacker's turn. Damage applies to the tracker or the character, with a Concentration save."
    )]
    async fn attack(&self, Parameters(p): Parameters<crate::params::Attack>) -> CallToolResult {
        self.call(&p, p.lang, |p| Ok(argv::attack(p))).await
    }

    #[tool(
        description = "Record or change a character's hit points and Armor Class: max (sets current to it), ac, set (current outright), heal (up to the maximum), temp (temporary hit points); with none of them, shows them."
    )]
    async fn hp(&self, Parameters(p): Parameters<HitPoints>) -> CallToolResult {
        self.call(&p, p.lang, |p| Ok(argv::hit_points(p))).await
    }

    #[tool(
        description = "Give a character a condition or take it away: incapacitated, stunned, unconscious, ... (these stop casting and end Concentration), or silenced (no spells with a Verbal component)."
    )]
    async fn condition(&self, Parameters(p): Parameters<ConditionChange>) -> CallToolResult {
        self.call(&p, p.lang, |p| Ok(argv::condition(p))).await
    }

    #[tool(
        description = "Deal damage to a combatant in an encounter (or to a character outside one); a concentrating character makes its Constitution save (DC 10 or half the damage). With damage_type (in an encounter) the combatant's resistance, vulnerability or immunity applies; the answer gives rolled and damage taken."
    )]
    async fn damage(&self, Parameters(p): Parameters<Damage>) -> CallToolResult {
        self.call(&p, p.lang, argv::damage).await
    }

    #[tool(
        description = "Let time pass for everyone in an encounter (\"3r\" rounds, \"10m\", \"1h\"): spell durations run out and long castings progress."
    )]
    async fn encounter_advance(&self, Parameters(p): Parameters<Advance>) -> CallToolResult {
        self.call(&p, p.lang, |p| Ok(argv::advance(p))).await
    }

    #[tool(
        description = "End an encounter: its final state is kept in the log and shown as ended, and its name is free for a new one; undo with encounter true brings the fight back."
    )]
    async fn encounter_end(&self, Parameters(p): Parameters<EncounterRef>) -> CallToolResult {
        self.call(&p, p.lang, |p| {
            Ok(argv::words(&["encounter", "end"], &[&p.encounter]))
        })
        .await
    }

    #[tool(
        description = "The game master casts for a combatant in an encounter (a monster or a character). If someone could answer with a Reaction (Counterspell, Shield...), the spell waits in a reaction window: then call react, reaction_pass or reaction_resolve."
    )]
    async fn encounter_cast(&self, Parameters(p): Parameters<EncounterCast>) -> CallToolResult {
        self.call(&p, p.lang, |p| Ok(argv::encounter_cast("cast", p)))
            .await
    }

    #[tool(
        description = "Answer the open reaction window with a Reaction spell (Counterspell, Shield, Hellish Rebuke, Feather Fall) cast by a combatant."
    )]
    async fn react(&self, Parameters(p): Parameters<EncounterCast>) -> CallToolResult {
        self.call(&p, p.lang, |p| Ok(argv::encounter_cast("react", p)))
            .await
    }

    #[tool(description = "A combatant lets the open reaction window go by without reacting.")]
    async fn reaction_pass(&self, Parameters(p): Parameters<ReactionPass>) -> CallToolResult {
        self.call(&p, p.lang, |p| {
            Ok(argv::words(
                &["encounter", "pass"],
                &[&p.encounter, &p.combatant],
            ))
        })
        .await
    }

    #[tool(
        description = "Close the open reaction window: the waiting spell is cast (unless countered) and the answers take effect."
    )]
    async fn reaction_resolve(&self, Parameters(p): Parameters<EncounterRef>) -> CallToolResult {
        self.call(&p, p.lang, |p| {
            Ok(argv::words(&["encounter", "resolve"], &[&p.encounter]))
        })
        .await
    }

    #[tool(
        description = "An attack roll hits a combatant: a reaction window opens so the target may cast Shield; then reaction_resolve checks the hit against the AC in force."
    )]
    async fn attack_hit(&self, Parameters(p): Parameters<AttackHit>) -> CallToolResult {
        self.call(&p, p.lang, |p| Ok(argv::attack_hit(p))).await
    }

    #[tool(
        description = "The history of a character (or of an encounter with encounter true, or of the table's house rules with house_rules true and no name), oldest first: every change with what it did and the state after it. The newest 10 entries unless limit says (at most 100); next_before in the answer pages back with before.",
        annotations(read_only_hint = true)
    )]
    async fn log(&self, Parameters(p): Parameters<Log>) -> CallToolResult {
        self.call(&p, p.lang, argv::log).await
    }

    #[tool(
        description = "Revert the last change of a character (or of an encounter with encounter true, or of the house rules with house_rules true and no name), with everything it touched; the undo is logged too."
    )]
    async fn undo(&self, Parameters(p): Parameters<History>) -> CallToolResult {
        self.call(&p, p.lang, argv::undo).await
    }

    #[tool(
        description = "List spellcasting creatures (SRD stat blocks and homebrew) by id, optionally matching part of a name; use the id as monster in encounter_add.",
        annotations(read_only_hint = true)
    )]
    async fn monster_list(&self, Parameters(p): Parameters<MonsterList>) -> CallToolResult {
        self.call(&p, p.lang, |p| Ok(argv::monster_list(p))).await
    }

    #[tool(
        description = "Show one creature's spellcasting: save DC, attack bonus, spells and uses per day.",
        annotations(read_only_hint = true)
    )]
    async fn monster_show(&self, Parameters(p): Parameters<MonsterShow>) -> CallToolResult {
        self.call(&p, p.lang, |p| {
            Ok(argv::words(&["monster", "show"], &[&p.monster]))
        })
        .await
    }

    #[tool(
        description = "The table's house rules: with no arguments, which rules it relaxes. action relax with rule R10 (one slot per turn), R11 (naming a Reaction's trigger) or R14 (components) lets casts breaking that rule go ahead, each cast then lists what it waived under `waived`; action enforce restores the rule as written. Every other rule still refuses."
    )]
    async fn house_rules(&self, Parameters(p): Parameters<HouseRules>) -> CallToolResult {
        self.call(&p, p.lang, argv::house_rules).await
    }

    #[tool(
        description = "The numbered spellcasting rules (R1-R22) the engine enforces, or one of them by id (the rule in a refusal).",
        annotations(read_only_hint = true)
    )]
    async fn rules(&self, Parameters(p): Parameters<Rules>) -> CallToolResult {
        self.call(&p, p.lang, |p| {
            let rule: Vec<&str> = p.rule.iter().map(String::as_str).collect();
            Ok(argv::words(&["rules"], &rule))
        })
        .await
    }

    #[tool(
        description = "Roll dice in standard notation (\"8d6\", \"1d20+5\", \"4d6kh3\", \"2d20kl1\") with the session's dice, or with stats true show the exact distribution (min, max, mean, the chance of each total) without rolling.",
        annotations(read_only_hint = true)
    )]
    async fn roll(&self, Parameters(p): Parameters<Roll>) -> CallToolResult {
        self.call(&p, p.lang, |p| Ok(argv::roll(p))).await
    }

    #[tool(
        description = "Give a character a magic item that casts spells without a slot (R5d): its spells, charges (one per casting) and when they return. item \"Spell Scroll\" makes a one-use scroll of the first spell. Cast it with cast and via set to the item's name."
    )]
    async fn item_add(&self, Parameters(p): Parameters<ItemAdd>) -> CallToolResult {
        self.call(&p, p.lang, |p| Ok(argv::item_add(p))).await
    }

    #[tool(
        description = "Give a character a limited-use ability that casts spells without a slot (R5c), e.g. a feat's free casting: its spells, uses and when they return (long rest by default). Cast it with cast and via set to the ability's name."
    )]
    async fn ability_add(&self, Parameters(p): Parameters<AbilityAdd>) -> CallToolResult {
        self.call(&p, p.lang, |p| Ok(argv::ability_add(p))).await
    }

    #[tool(
        description = "Copy spells into a Wizard's spellbook (Wizard spells of a level it can prepare). A Wizard prepares only spells in its book and may cast its rituals unprepared."
    )]
    async fn spellbook_add(&self, Parameters(p): Parameters<SpellbookAdd>) -> CallToolResult {
        self.call(&p, p.lang, |p| Ok(argv::spellbook_add(p))).await
    }

    #[tool(
        description = "Show the spells in a Wizard's spellbook.",
        annotations(read_only_hint = true)
    )]
    async fn spellbook_show(&self, Parameters(p): Parameters<CharacterRef>) -> CallToolResult {
        self.call(&p, p.lang, |p| {
            Ok(argv::words(&["spellbook", "show"], &[&p.character]))
        })
        .await
    }

    #[tool(
        description = "End a character's Concentration of its own accord (no action needed): the concentration spell ends."
    )]
    async fn concentration_drop(&self, Parameters(p): Parameters<CharacterRef>) -> CallToolResult {
        self.call(&p, p.lang, |p| Ok(argv::words(&["drop"], &[&p.character])))
            .await
    }

    #[tool(
        description = "Move Hex or Hunter's Mark to a new creature once its target has dropped to 0 hit points (a Bonus Action on a later turn)."
    )]
    async fn retarget(&self, Parameters(p): Parameters<Retarget>) -> CallToolResult {
        self.call(&p, p.lang, |p| Ok(argv::retarget(p))).await
    }

    #[tool(
        description = "Dismiss one of a character's ongoing spells that may be dismissed (R15), by its effect number from character_show."
    )]
    async fn dismiss(&self, Parameters(p): Parameters<Dismiss>) -> CallToolResult {
        self.call(&p, p.lang, |p| Ok(argv::dismiss(p))).await
    }

    #[tool(
        description = "Let time pass for a character outside an encounter (\"3r\" rounds, \"10m\", \"1h\", \"1d\"): spell durations run out, long castings progress, and the hours before the next Long Rest go by. In an encounter use encounter_advance."
    )]
    async fn wait(&self, Parameters(p): Parameters<Wait>) -> CallToolResult {
        self.call(&p, p.lang, |p| Ok(argv::wait(p))).await
    }

    #[tool(
        description = "Continue a casting of a minute or more with this turn's Magic action (R12), or abandon it (no slot is spent). When its time is up, finish it with cast and complete true."
    )]
    async fn casting(&self, Parameters(p): Parameters<Casting>) -> CallToolResult {
        self.call(&p, p.lang, |p| Ok(argv::casting(p))).await
    }

    #[tool(
        description = "A character studies a spell in effect to identify it (R22): an Arcana check, with its Arcana bonus when given."
    )]
    async fn identify(&self, Parameters(p): Parameters<Identify>) -> CallToolResult {
        self.call(&p, p.lang, |p| Ok(argv::identify(p))).await
    }

    #[tool(description = "Delete a character (undo with its name brings it back).")]
    async fn character_delete(&self, Parameters(p): Parameters<CharacterRef>) -> CallToolResult {
        self.call(&p, p.lang, |p| {
            Ok(argv::words(&["character", "delete"], &[&p.character]))
        })
        .await
    }

    #[tool(
        description = "Remove a combatant from an encounter (it fled or was dismissed); not the one whose turn it is."
    )]
    async fn encounter_remove(&self, Parameters(p): Parameters<CombatantRef>) -> CallToolResult {
        self.call(&p, p.lang, |p| {
            Ok(argv::words(
                &["encounter", "remove"],
                &[&p.encounter, &p.combatant],
            ))
        })
        .await
    }

    #[tool(
        description = "A creature of an encounter (a stat block added with monster) finishes a Long Rest: its uses per day and slots come back. A character rests with rest."
    )]
    async fn creature_rest(&self, Parameters(p): Parameters<CombatantRef>) -> CallToolResult {
        self.call(&p, p.lang, |p| {
            Ok(argv::words(
                &["encounter", "rest"],
                &[&p.encounter, &p.combatant],
            ))
        })
        .await
    }

    #[tool(
        description = "A creature of an encounter (a stat block added with monster) gains or loses a condition: frightened, stunned, ... (Incapacitated and the conditions that include it end its Concentration). A character's conditions change with condition."
    )]
    async fn creature_condition(
        &self,
        Parameters(p): Parameters<CreatureCondition>,
    ) -> CallToolResult {
        self.call(&p, p.lang, |p| Ok(argv::creature_condition(p)))
            .await
    }

    #[tool(
        description = "Show a creature's uses per day, slots and whether its Reaction is left.",
        annotations(read_only_hint = true)
    )]
    async fn creature_uses(&self, Parameters(p): Parameters<CombatantRef>) -> CallToolResult {
        self.call(&p, p.lang, |p| {
            Ok(argv::words(
                &["encounter", "uses"],
                &[&p.encounter, &p.combatant],
            ))
        })
        .await
    }

    #[tool(
        description = "A combatant takes damage from another: a reaction window opens so the one hurt may answer with Hellish Rebuke (react), else reaction_pass or reaction_resolve. Hit points change with damage."
    )]
    async fn hurt(&self, Parameters(p): Parameters<Hurt>) -> CallToolResult {
        self.call(&p, p.lang, |p| Ok(argv::hurt(p))).await
    }

    #[tool(
        description = "A lasting spell harms a creature that comes into it: it enters Spirit Guardians or Moonbeam, the area moves onto it, Flaming Sphere is rammed into it. The spell's damage is rolled and applied with its save, as at a turn's start or end."
    )]
    async fn harm(&self, Parameters(p): Parameters<Harm>) -> CallToolResult {
        self.call(&p, p.lang, |p| Ok(argv::harm(p))).await
    }

    #[tool(
        description = "A combatant falls: a reaction window opens for Feather Fall (react), else reaction_pass or reaction_resolve."
    )]
    async fn fall(&self, Parameters(p): Parameters<CombatantRef>) -> CallToolResult {
        self.call(&p, p.lang, |p| {
            Ok(argv::words(
                &["encounter", "fall"],
                &[&p.encounter, &p.combatant],
            ))
        })
        .await
    }

    #[tool(
        description = "Show the open reaction window: the spell or event waiting and who has answered or passed.",
        annotations(read_only_hint = true)
    )]
    async fn reaction_window(&self, Parameters(p): Parameters<EncounterRef>) -> CallToolResult {
        self.call(&p, p.lang, |p| {
            Ok(argv::words(&["encounter", "window"], &[&p.encounter]))
        })
        .await
    }

    #[tool(
        description = "Take the spell waiting in the open reaction window back: nothing is spent and the window closes."
    )]
    async fn reaction_withdraw(&self, Parameters(p): Parameters<EncounterRef>) -> CallToolResult {
        self.call(&p, p.lang, |p| {
            Ok(argv::words(&["encounter", "withdraw"], &[&p.encounter]))
        })
        .await
    }
}

#[tool_handler(router = self.router)]
impl ServerHandler for Grimoire {
    /// Routes the call; arguments the SDK could not read into the tool's
    /// type (a wrong JSON type, an unknown field or language) come back in
    /// the same shape as every other refusal.
    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResult, ErrorData> {
        let lang = request
            .arguments
            .as_ref()
            .and_then(|a| a.get("lang"))
            .and_then(Value::as_str)
            .map_or(self.lang, Lang::parse_loose);
        let context = ToolCallContext::new(self, request, context);
        let result = self.router.call(context).await?;
        if result.is_error != Some(true) || result.structured_content.is_some() {
            return Ok(result);
        }
        let message: Vec<String> = result
            .content
            .iter()
            .filter_map(|c| c.as_text().map(|t| t.text.clone()))
            .collect();
        Ok(refusal(
            json!({"code": "invalid_argument", "rule": null, "message": message.join(" ")}),
            lang,
        ))
    }

    fn get_info(&self) -> ServerInfo {
        ServerInfo::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new("grimoire", env!("CARGO_PKG_VERSION")))
            .with_instructions(INSTRUCTIONS)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn server() -> Grimoire {
        Grimoire::new(Runner::new("grimoire".into(), None, None), Lang::EN)
    }

    #[test]
    fn every_tool_has_a_description_and_an_object_schema() {
        let tools = server().router.list_all();
        assert!(tools.len() >= 25, "{}", tools.len());
        for tool in &tools {
            let description = tool.description.as_deref().unwrap_or("");
            assert!(description.len() > 20, "{}", tool.name);
            assert_eq!(tool.input_schema["type"], "object", "{}", tool.name);
        }
    }

    #[test]
    fn schemas_announce_the_bounds_that_are_enforced() {
        let schema = schema_for_type::<Cast>();
        assert_eq!(schema["properties"]["spell"]["maxLength"], 100);
        assert_eq!(schema["properties"]["level"]["maximum"], 9);
        assert_eq!(schema["properties"]["targets"]["maxItems"], 20);
        assert_eq!(schema["additionalProperties"], false);
        let long = json!({"character": "Elmira", "spell": "x".repeat(101)});
        let v = bounds::check(&schema, &long).unwrap_err();
        assert_eq!(v.path, "spell");
        let plan = schema_for_type::<Plan>();
        let deep = json!({"character": "E", "target": {"hp": 0}});
        assert_eq!(bounds::check(&plan, &deep).unwrap_err().path, "target.hp");
        let prepare = schema_for_type::<Prepare>();
        let item = json!({"character": "E", "spells": ["ok", "y".repeat(101)]});
        assert_eq!(
            bounds::check(&prepare, &item).unwrap_err().path,
            "spells[1]"
        );
    }

    #[test]
    fn a_refusal_carries_its_fix_in_the_language_asked() {
        let r = refusal(
            json!({"code": "one_slot_per_turn", "rule": "R10", "message": "R10: ..."}),
            Lang::CS,
        );
        assert_eq!(r.is_error, Some(true));
        let e = &r.structured_content.unwrap()["error"];
        assert_eq!(e["rule"], "R10");
        assert!(e["fix"].as_str().unwrap().contains("next_turn"));
    }
}
