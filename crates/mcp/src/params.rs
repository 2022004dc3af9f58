//! The arguments of every tool, typed and bounded. The doc comments become
//! the descriptions in the JSON schemas a model reads; the bounds
//! (`length`, `range`) are announced there and enforced by
//! [`crate::bounds`].

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::lang::Lang;

/// Arguments of `spell_search`.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SpellSearch {
    /// Part of a spell's name, English or Czech (accents and case do not matter); leave out to list by the filters only.
    #[schemars(length(max = 100))]
    pub query: Option<String>,
    /// Only spells on this class's list, e.g. "wizard", "cleric" (Czech names work).
    #[schemars(length(max = 40))]
    pub class: Option<String>,
    /// Only spells of this level; 0 means cantrips.
    #[schemars(range(min = 0, max = 9))]
    pub level: Option<u8>,
    /// Only spells of this school, e.g. "evocation".
    #[schemars(length(max = 40))]
    pub school: Option<String>,
    /// Only rituals.
    pub ritual: Option<bool>,
    /// Only spells that need Concentration.
    pub concentration: Option<bool>,
    /// At most this many results (default 20).
    #[schemars(range(min = 1, max = 100))]
    pub limit: Option<u16>,
    /// The language of names and messages: "en" (default) or "cs".
    pub lang: Option<Lang>,
}

/// Arguments of `spell_show`.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SpellShow {
    /// The spell: English or Czech name, or its id such as "magic-missile".
    #[schemars(length(min = 1, max = 100))]
    pub spell: String,
    /// The language of names and messages: "en" (default) or "cs".
    pub lang: Option<Lang>,
}

/// One class and its level.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ClassLevel {
    /// The class: bard, cleric, druid, paladin, ranger, sorcerer, warlock or wizard (Czech names work).
    #[schemars(length(min = 1, max = 40))]
    pub class: String,
    /// The level in that class.
    #[schemars(range(min = 1, max = 20))]
    pub level: u8,
}

/// Ability scores; a missing one is 10.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Abilities {
    /// Strength.
    #[schemars(range(min = 1, max = 30))]
    pub str: Option<u8>,
    /// Dexterity.
    #[schemars(range(min = 1, max = 30))]
    pub dex: Option<u8>,
    /// Constitution.
    #[schemars(range(min = 1, max = 30))]
    pub con: Option<u8>,
    /// Intelligence.
    #[schemars(range(min = 1, max = 30))]
    pub int: Option<u8>,
    /// Wisdom.
    #[schemars(range(min = 1, max = 30))]
    pub wis: Option<u8>,
    /// Charisma.
    #[schemars(range(min = 1, max = 30))]
    pub cha: Option<u8>,
}

/// Arguments of `character_create`.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CharacterCreate {
    /// A new name, unique without regard to case.
    #[schemars(length(min = 1, max = 60))]
    pub name: String,
    /// One entry per class (several for a multiclass), e.g. [{"class": "wizard", "level": 5}].
    #[schemars(length(min = 1, max = 8))]
    pub classes: Vec<ClassLevel>,
    /// Ability scores, e.g. {"int": 16, "dex": 14}; missing ones are 10.
    pub abilities: Option<Abilities>,
    /// Start without a Component Pouch (one is carried by default).
    pub no_pouch: Option<bool>,
    /// Subclasses as CLASS:SUBCLASS[:OPTION], e.g. "wizard:evoker" (see character_features).
    #[serde(default)]
    #[schemars(length(max = 8), inner(length(min = 1, max = 300)))]
    pub subclasses: Vec<String>,
    /// Feats, e.g. "magic-initiate:cleric:guidance,light,bless".
    #[serde(default)]
    #[schemars(length(max = 8), inner(length(min = 1, max = 300)))]
    pub feats: Vec<String>,
    /// Eldritch Invocations, e.g. "armor-of-shadows".
    #[serde(default)]
    #[schemars(length(max = 8), inner(length(min = 1, max = 300)))]
    pub invocations: Vec<String>,
    /// Class features that ask for spells, e.g. "spell-mastery:shield,misty-step".
    #[serde(default)]
    #[schemars(length(max = 8), inner(length(min = 1, max = 300)))]
    pub features: Vec<String>,
    /// Metamagic options a Sorcerer knows, e.g. ["careful", "quickened"].
    #[serde(default)]
    #[schemars(length(max = 6), inner(length(min = 1, max = 40)))]
    pub metamagic: Vec<String>,
    /// The language of names and messages: "en" (default) or "cs".
    pub lang: Option<Lang>,
}

/// Arguments of the tools that only name a character.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CharacterRef {
    /// The character's name (case does not matter).
    #[schemars(length(min = 1, max = 60))]
    pub character: String,
    /// The language of names and messages: "en" (default) or "cs".
    pub lang: Option<Lang>,
}

/// Arguments of `character_features`: what to choose; class features
/// come by level on their own.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CharacterFeatures {
    /// The character's name (case does not matter).
    #[schemars(length(min = 1, max = 60))]
    pub character: String,
    /// New class levels, e.g. [{"class": "wizard", "level": 6}]: a class named takes that level, a new class is added (multiclass), others keep theirs. Slots, pact slots, Hit Point Dice and a recorded hit point maximum follow (each level gained: half its die + 1 + Con).
    #[serde(default)]
    #[schemars(length(max = 8))]
    pub classes: Vec<ClassLevel>,
    /// Ability scores to change, e.g. {"con": 16}; the others stay. A changed Constitution modifier changes the hit point maximum by the difference at every level.
    pub abilities: Option<Abilities>,
    /// Hit points of each level gained: "fixed" (half the Hit Die + 1, the default) or "roll" (a roll of the Hit Die), plus the Constitution modifier, at least 1.
    pub hp: Option<HpGain>,
    /// Subclasses as CLASS:SUBCLASS[:OPTION], e.g. "wizard:evoker", "druid:land:arid".
    #[serde(default)]
    #[schemars(length(max = 8), inner(length(min = 1, max = 300)))]
    pub subclasses: Vec<String>,
    /// Feats as FEAT[:LIST][:SPELL,...], e.g. "magic-initiate:cleric:guidance,light,bless".
    #[serde(default)]
    #[schemars(length(max = 8), inner(length(min = 1, max = 300)))]
    pub feats: Vec<String>,
    /// Eldritch Invocations as ID[:SPELL,...], e.g. "armor-of-shadows".
    #[serde(default)]
    #[schemars(length(max = 8), inner(length(min = 1, max = 300)))]
    pub invocations: Vec<String>,
    /// Class features that ask for spells, e.g. "signature-spells:fireball,counterspell".
    #[serde(default)]
    #[schemars(length(max = 8), inner(length(min = 1, max = 300)))]
    pub features: Vec<String>,
    /// Metamagic options a Sorcerer knows, e.g. ["careful", "quickened"].
    #[serde(default)]
    #[schemars(length(max = 6), inner(length(min = 1, max = 40)))]
    pub metamagic: Vec<String>,
    /// The language of names and messages: "en" (default) or "cs".
    pub lang: Option<Lang>,
}

/// How each level gained adds hit points.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum HpGain {
    /// Half the Hit Die + 1.
    Fixed,
    /// A roll of the Hit Die.
    Roll,
}

impl HpGain {
    /// The CLI's word for it.
    pub fn word(self) -> &'static str {
        match self {
            HpGain::Fixed => "fixed",
            HpGain::Roll => "roll",
        }
    }
}

/// Arguments of `wild_shape`.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct WildShape {
    /// The Druid's name (case does not matter).
    #[schemars(length(min = 1, max = 60))]
    pub character: String,
    /// true: take a beast's shape (spends a Wild Shape use); false: return.
    pub on: bool,
    /// The language of names and messages: "en" (default) or "cs".
    pub lang: Option<Lang>,
}

/// Arguments of the tools that take nothing but a language.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LangOnly {
    /// The language of names and messages: "en" (default) or "cs".
    pub lang: Option<Lang>,
}

/// Arguments of `prepare`.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Prepare {
    /// The character's name.
    #[schemars(length(min = 1, max = 60))]
    pub character: String,
    /// Spells by English or Czech name or id; cantrips are learned the same way.
    #[schemars(length(min = 1, max = 20), inner(length(min = 1, max = 100)))]
    pub spells: Vec<String>,
    /// Unprepare these spells instead.
    pub unprepare: Option<bool>,
    /// Always prepared by a feature (subclass, feat, species, Magical
    /// Secrets): outside the prepared-spell limit, from any class's list.
    pub always: Option<bool>,
    /// With always: the class it counts as (its DC), e.g. "cleric";
    /// default: the character's class with the spell on its list.
    #[schemars(length(min = 1, max = 40))]
    pub class: Option<String>,
    /// The language of names and messages: "en" (default) or "cs".
    pub lang: Option<Lang>,
}

/// What the planner knows of the target; anything left out is unknown (no
/// AC: every attack hits; no save bonus: the save always fails).
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlanTarget {
    /// Armor Class.
    #[schemars(range(min = 0, max = 40))]
    pub ac: Option<u8>,
    /// Hit points left.
    #[schemars(range(min = 1, max = 9999))]
    pub hp: Option<u32>,
    /// Strength saving throw bonus.
    #[schemars(range(min = -10, max = 30))]
    pub str: Option<i8>,
    /// Dexterity saving throw bonus.
    #[schemars(range(min = -10, max = 30))]
    pub dex: Option<i8>,
    /// Constitution saving throw bonus.
    #[schemars(range(min = -10, max = 30))]
    pub con: Option<i8>,
    /// Intelligence saving throw bonus.
    #[schemars(range(min = -10, max = 30))]
    pub int: Option<i8>,
    /// Wisdom saving throw bonus.
    #[schemars(range(min = -10, max = 30))]
    pub wis: Option<i8>,
    /// Charisma saving throw bonus.
    #[schemars(range(min = -10, max = 30))]
    pub cha: Option<i8>,
    /// Damage types it resists, e.g. ["fire"].
    #[schemars(length(max = 13), inner(length(min = 1, max = 20)))]
    pub resist: Option<Vec<String>>,
    /// Damage types it is vulnerable to.
    #[schemars(length(max = 13), inner(length(min = 1, max = 20)))]
    pub vuln: Option<Vec<String>>,
    /// Damage types it is immune to.
    #[schemars(length(max = 13), inner(length(min = 1, max = 20)))]
    pub immune: Option<Vec<String>>,
}

/// Arguments of `plan`.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Plan {
    /// The caster's name.
    #[schemars(length(min = 1, max = 60))]
    pub character: String,
    /// The target's numbers; leave out for an unknown target.
    pub target: Option<PlanTarget>,
    /// The caster's attack rolls have advantage.
    pub advantage: Option<bool>,
    /// The caster's attack rolls have disadvantage.
    pub disadvantage: Option<bool>,
    /// Only the best N lines (default 10).
    #[schemars(range(min = 1, max = 400))]
    pub top: Option<u16>,
    /// The language of names and messages: "en" (default) or "cs".
    pub lang: Option<Lang>,
}

/// The part of the turn a spell uses.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Action {
    /// The Magic action.
    Magic,
    /// The Bonus Action.
    Bonus,
    /// The Reaction.
    Reaction,
}

/// Arguments of `cast`.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Cast {
    /// The caster's name.
    #[schemars(length(min = 1, max = 60))]
    pub character: String,
    /// The spell: English or Czech name, or id.
    #[schemars(length(min = 1, max = 100))]
    pub spell: String,
    /// Cast with a spell slot of this level (upcasting when above the spell's level); leave out for the lowest slot that fits. Not for cantrips.
    #[schemars(range(min = 1, max = 9))]
    pub level: Option<u8>,
    /// Targets: a combatant's or character's name, optionally with a stat block, e.g. "Goblin" or "Goblin:ac=15:dex=+2:type=humanoid:resist=fire".
    #[schemars(length(max = 20), inner(length(min = 1, max = 200)))]
    pub targets: Option<Vec<String>>,
    /// Cast as a ritual: no slot, 10 minutes longer.
    pub ritual: Option<bool>,
    /// Cast through a magic item or limited-use ability by name, or "arcanum", instead of a slot.
    #[schemars(length(min = 1, max = 60))]
    pub via: Option<String>,
    /// The part of the turn to use; default: what the spell's casting time says.
    pub action: Option<Action>,
    /// For a Reaction spell: the trigger it answers, e.g. "hit by an attack".
    #[schemars(length(min = 1, max = 200))]
    pub trigger: Option<String>,
    /// The class to cast with, for a multiclass character.
    #[schemars(length(min = 1, max = 40))]
    pub class: Option<String>,
    /// Use only pact slots (Warlock).
    pub pact: Option<bool>,
    /// Use only regular spell slots, never a pact slot (a Warlock multiclass).
    pub regular: Option<bool>,
    /// Advantage on the spell's attack rolls.
    pub advantage: Option<bool>,
    /// Disadvantage on the spell's attack rolls.
    pub disadvantage: Option<bool>,
    /// A Reaction on another creature's turn.
    pub off_turn: Option<bool>,
    /// The damage type, for spells that offer a choice (Chromatic Orb).
    #[schemars(length(min = 1, max = 20))]
    pub damage_type: Option<String>,
    /// Use the spell's alternative, longer casting time.
    pub alternative_time: Option<bool>,
    /// Complete a casting of a minute or more whose time is up.
    pub complete: Option<bool>,
    /// Metamagic options (a Sorcerer's, paid in Sorcery Points): "subtle", "quickened", "careful:Ana,Bo" (the creatures protected), "heightened:Goblin" (its one target), "transmuted:cold", "empowered" or "empowered:lowest", "seeking", "distant", "extended", "twinned". One per spell; empowered and seeking join another.
    #[schemars(length(max = 3), inner(length(min = 1, max = 200)))]
    pub metamagic: Option<Vec<String>>,
    /// Sculpt Spells (Evoker 6): names among the targets that pass an Evocation spell's save unharmed (at most 1 + the spell's level).
    #[schemars(length(max = 10), inner(length(min = 1, max = 60)))]
    pub sculpt: Option<Vec<String>>,
    /// Overchannel (Evoker 14): maximum damage for a Wizard spell of a level 1-5 slot; from the second use before a Long Rest it costs necrotic damage.
    pub overchannel: Option<bool>,
    /// The language of names and messages: "en" (default) or "cs".
    pub lang: Option<Lang>,
}

/// A Short or a Long Rest.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum RestKind {
    /// A Short Rest: pact slots and short-rest uses return.
    Short,
    /// A Long Rest: every slot and use returns.
    Long,
}

/// Arguments of `rest`.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Rest {
    /// The character's name; leave out with all.
    #[schemars(length(min = 1, max = 60))]
    pub character: Option<String>,
    /// "short" or "long".
    pub kind: RestKind,
    /// Hit Point Dice to spend at the end of a short rest: a number ("2", the largest dice first), sizes with counts ("d10:1,d8:1") or "auto" (enough for the hit points missing). With all: "auto", or each character's own as NAME=DICE entries separated by ";" ("Pal=2;Rang=d10:1;auto": auto for everyone not named). Each rolls plus the Constitution modifier.
    #[schemars(length(min = 1, max = 400))]
    pub hit_dice: Option<String>,
    /// Rest every stored character at once, in one change (a short rest spends no Hit Point Dice unless hit_dice says "auto" or names a character's own); leave out character.
    pub all: Option<bool>,
    /// Arcane Recovery (Wizard) as a short rest finishes: the level of each expended slot to bring back, e.g. [3, 1] (levels adding up to half the Wizard level, rounded up; none above 5).
    #[schemars(length(max = 10))]
    pub arcane_recovery: Option<Vec<u8>>,
    /// Sorcerous Restoration (Sorcerer 5+) as a short rest finishes: regain Sorcery Points (half the Sorcerer level).
    pub sorcerous_restoration: Option<bool>,
    /// Natural Recovery (Circle of the Land Druid 6+) as a short rest finishes: the level of each expended slot to bring back, e.g. [3] (levels adding up to half the Druid level, rounded up; none above 5).
    #[schemars(length(max = 10))]
    pub natural_recovery: Option<Vec<u8>>,
    /// Memorize Spell (Wizard 5+) as a short rest finishes: swap a prepared spell of the spellbook (forget) for a spellbook spell not prepared (learn).
    pub memorize: Option<Memorize>,
    /// The language of names and messages: "en" (default) or "cs".
    pub lang: Option<Lang>,
}

/// Memorize Spell's swap, by spell names or ids.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Memorize {
    /// The prepared spell to stop preparing.
    #[schemars(length(min = 1, max = 100))]
    pub forget: String,
    /// The spellbook's spell to prepare in its place.
    #[schemars(length(min = 1, max = 100))]
    pub learn: String,
}

/// Arguments of the tools that only name an encounter.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EncounterRef {
    /// The encounter's name.
    #[schemars(length(min = 1, max = 60))]
    pub encounter: String,
    /// The language of names and messages: "en" (default) or "cs".
    pub lang: Option<Lang>,
}

/// What the GM's creatures do at 0 hit points.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum CreaturesAtZero {
    /// They die and leave the turn order (the default).
    Die,
    /// They drop Unconscious and make death saves as their turns begin.
    Drop,
}

impl CreaturesAtZero {
    /// The CLI's word for it.
    pub fn word(self) -> &'static str {
        match self {
            CreaturesAtZero::Die => "die",
            CreaturesAtZero::Drop => "drop",
        }
    }
}

/// Arguments of `encounter_create` and `encounter_set`.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EncounterSettings {
    /// The encounter's name.
    #[schemars(length(min = 1, max = 60))]
    pub encounter: String,
    /// What the GM's creatures do at 0 hit points: "die" (the default for a new encounter) or "drop" (death saves like characters); left out, unchanged.
    pub creatures_at_zero: Option<CreaturesAtZero>,
    /// The language of names and messages: "en" (default) or "cs".
    pub lang: Option<Lang>,
}

/// Arguments of `encounter_add`.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EncounterAdd {
    /// The encounter.
    #[schemars(length(min = 1, max = 60))]
    pub encounter: String,
    /// The combatant: a stored character's name (links its state), or any creature with an optional stat block, e.g. "Goblin:ac=15:dex=+2:type=humanoid".
    #[schemars(length(min = 1, max = 200))]
    pub name: String,
    /// Initiative (higher acts first); rolled when left out.
    #[schemars(range(min = -10, max = 50))]
    pub initiative: Option<i8>,
    /// Hit points, for a creature that is not a stored character.
    #[schemars(range(min = 1, max = 10000))]
    pub hp: Option<u32>,
    /// A spellcasting stat block's id from monster_list (e.g. "mage", "priest"): the creature casts with its own uses.
    #[schemars(length(min = 1, max = 60))]
    pub monster: Option<String>,
    /// true: it may answer its allies' casts with Counterspell; by default only casts by the other side (characters against the GM's creatures) wait for it.
    pub reacts_to_allies: Option<bool>,
    /// The language of names and messages: "en" (default) or "cs".
    pub lang: Option<Lang>,
}

/// Arguments of `next_turn`: exactly one of the two.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NextTurn {
    /// In an encounter: end the current turn and begin the next combatant's.
    #[schemars(length(min = 1, max = 60))]
    pub encounter: Option<String>,
    /// Outside an encounter: end this character's turn.
    #[schemars(length(min = 1, max = 60))]
    pub character: Option<String>,
    /// The language of names and messages: "en" (default) or "cs".
    pub lang: Option<Lang>,
}

/// Arguments of `damage`.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Damage {
    /// The encounter the target is in; leave out for a character outside any encounter.
    #[schemars(length(min = 1, max = 60))]
    pub encounter: Option<String>,
    /// Who takes the damage: a combatant or character name.
    #[schemars(length(min = 1, max = 60))]
    pub target: String,
    /// Damage taken. A concentrating character makes the Constitution save.
    #[schemars(range(min = 0, max = 10000))]
    pub amount: u32,
    /// The damage's type, in an encounter: the combatant's stat block halves it if it resists the type, doubles it if vulnerable, ignores it if immune.
    pub damage_type: Option<DamageKind>,
    /// A critical hit on a character outside an encounter: at 0 hit points it counts as two death save failures.
    pub critical: Option<bool>,
    /// The language of names and messages: "en" (default) or "cs".
    pub lang: Option<Lang>,
}

/// Arguments of `encounter_advance`.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Advance {
    /// The encounter.
    #[schemars(length(min = 1, max = 60))]
    pub encounter: String,
    /// How long: "3r" rounds, "10m" minutes, "1h" hours, "1d" days.
    #[schemars(length(min = 2, max = 10))]
    pub time: String,
    /// The language of names and messages: "en" (default) or "cs".
    pub lang: Option<Lang>,
}

/// Arguments of `encounter_cast` and `react`.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EncounterCast {
    /// The encounter.
    #[schemars(length(min = 1, max = 60))]
    pub encounter: String,
    /// The combatant casting (a creature or a character).
    #[schemars(length(min = 1, max = 60))]
    pub caster: String,
    /// The spell: English or Czech name, or id.
    #[schemars(length(min = 1, max = 100))]
    pub spell: String,
    /// Targets, as for cast.
    #[schemars(length(max = 20), inner(length(min = 1, max = 200)))]
    pub targets: Option<Vec<String>>,
    /// A slot of this level, for casters with slots.
    #[schemars(range(min = 1, max = 9))]
    pub level: Option<u8>,
    /// A named use: a stat block's line ("Protective Magic") or a character's item or ability.
    #[schemars(length(min = 1, max = 60))]
    pub via: Option<String>,
    /// Advantage on the spell's attack rolls.
    pub advantage: Option<bool>,
    /// Disadvantage on the spell's attack rolls.
    pub disadvantage: Option<bool>,
    /// The language of names and messages: "en" (default) or "cs".
    pub lang: Option<Lang>,
}

/// Arguments of `reaction_pass`.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReactionPass {
    /// The encounter.
    #[schemars(length(min = 1, max = 60))]
    pub encounter: String,
    /// The combatant who lets the window go by.
    #[schemars(length(min = 1, max = 60))]
    pub combatant: String,
    /// The language of names and messages: "en" (default) or "cs".
    pub lang: Option<Lang>,
}

/// Arguments of `attack_hit`.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AttackHit {
    /// The encounter.
    #[schemars(length(min = 1, max = 60))]
    pub encounter: String,
    /// The attacker.
    #[schemars(length(min = 1, max = 60))]
    pub attacker: String,
    /// The combatant hit.
    #[schemars(length(min = 1, max = 60))]
    pub target: String,
    /// The attack roll's total.
    #[schemars(range(min = -10, max = 60))]
    pub total: i16,
    /// The target's AC, when its stat block does not give it.
    #[schemars(range(min = 0, max = 40))]
    pub ac: Option<u8>,
    /// The language of names and messages: "en" (default) or "cs".
    pub lang: Option<Lang>,
}

/// Arguments of `undo`.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct History {
    /// A character's name, or an encounter's with encounter true; leave out with house_rules true.
    #[schemars(length(min = 1, max = 60))]
    pub name: Option<String>,
    /// The name is an encounter's.
    pub encounter: Option<bool>,
    /// The table's house rules (house_rules tool) instead of a named character or encounter.
    pub house_rules: Option<bool>,
    /// The language of names and messages: "en" (default) or "cs".
    pub lang: Option<Lang>,
}

/// How many log entries `log` returns when the call does not say: each
/// carries the state after it (a kilobyte and more for a character, up to
/// 14 KB for an encounter), so a hundred were up to 1.4 MB.
pub const LOG_DEFAULT_LIMIT: u16 = 10;

/// Arguments of `log`.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Log {
    /// A character's name, or an encounter's with encounter true; leave out with house_rules true.
    #[schemars(length(min = 1, max = 60))]
    pub name: Option<String>,
    /// The name is an encounter's.
    pub encounter: Option<bool>,
    /// The table's house rules (house_rules tool) instead of a named character or encounter.
    pub house_rules: Option<bool>,
    /// The newest N entries (default 10; each carries the full state after it).
    #[schemars(range(min = 1, max = 100))]
    pub limit: Option<u16>,
    /// Only entries older than this version (the answer's next_before), to page back.
    #[schemars(range(min = 1))]
    pub before: Option<u64>,
    /// The language of names and messages: "en" (default) or "cs".
    pub lang: Option<Lang>,
}

/// Arguments of `monster_list`.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MonsterList {
    /// Part of a name, English or Czech; typos are forgiven.
    #[schemars(length(max = 60))]
    pub query: Option<String>,
    /// The language of names and messages: "en" (default) or "cs".
    pub lang: Option<Lang>,
}

/// Arguments of `monster_show`.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MonsterShow {
    /// The stat block's id or name.
    #[schemars(length(min = 1, max = 60))]
    pub monster: String,
    /// The language of names and messages: "en" (default) or "cs".
    pub lang: Option<Lang>,
}

/// Where a character's spellcasting focus is.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum FocusPlace {
    /// No focus.
    None,
    /// In hand (it can also make the gestures of a spell with M).
    Held,
    /// Worn (an amulet, an emblem).
    Worn,
    /// Packed away: no use for casting.
    Stowed,
}

/// Arguments of `equip`.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Equip {
    /// The character's name.
    #[schemars(length(min = 1, max = 60))]
    pub character: String,
    /// Carries a Component Pouch (stands in for materials without a cost).
    pub pouch: Option<bool>,
    /// Where the spellcasting focus is.
    pub focus: Option<FocusPlace>,
    /// Hands free for gestures and materials (0-2).
    #[schemars(range(min = 0, max = 2))]
    pub free_hands: Option<u8>,
    /// Specific materials carried, with their worth when they have one
    /// ("diamond worth 300 GP"); costly or consumed components need them.
    #[schemars(length(max = 16), inner(length(min = 1, max = 100)))]
    pub materials: Option<Vec<String>>,
    /// Forget every specific material first.
    pub clear_materials: Option<bool>,
    /// Weapons carried, from the SRD table (longsword, dagger, longbow; English or Czech names), for attack.
    #[schemars(length(max = 12), inner(length(min = 1, max = 40)))]
    pub weapons: Option<Vec<String>>,
    /// Put every weapon away first.
    pub clear_weapons: Option<bool>,
    /// The language of names and messages: "en" (default) or "cs".
    pub lang: Option<Lang>,
}

/// Arguments of `attack`.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Attack {
    /// The attacking character's name.
    #[schemars(length(min = 1, max = 60))]
    pub character: String,
    /// The weapon, one the character carries (equip weapons): English or Czech name, or id.
    #[schemars(length(min = 1, max = 40))]
    pub weapon: String,
    /// The target: a combatant of the encounter or a stored character.
    #[schemars(length(min = 1, max = 60))]
    pub target: String,
    /// Advantage on the attack roll (conditions in force add their own).
    pub advantage: Option<bool>,
    /// Disadvantage on the attack roll.
    pub disadvantage: Option<bool>,
    /// Wield a Versatile weapon in two hands (its larger die).
    pub two_handed: Option<bool>,
    /// On a hit, Eldritch Smite (Warlock invocation): a Pact slot for 1d8
    /// Force damage plus 1d8 per slot level; a miss spends nothing.
    pub eldritch_smite: Option<bool>,
    /// The GM's creature attacks a character in an encounter: `character`
    /// names the creature, `bonus` is its attack bonus as its stat block
    /// prints it. A hit Shield could stop waits for the Reaction.
    #[schemars(range(min = -30, max = 30))]
    pub bonus: Option<i32>,
    /// A creature's damage modifier, added to the weapon's die.
    #[schemars(range(min = -30, max = 30))]
    pub damage_bonus: Option<i32>,
    /// A creature's own attack's damage instead of a weapon's ("2d6+3");
    /// `weapon` is then its name (Claw).
    #[schemars(length(min = 1, max = 20))]
    pub damage: Option<String>,
    /// The damage type of `damage` (slashing, fire...).
    #[schemars(length(min = 1, max = 20))]
    pub damage_type: Option<String>,
    /// A creature's own attack is a ranged one.
    pub ranged: Option<bool>,
    /// The language of names and messages: "en" (default) or "cs".
    pub lang: Option<Lang>,
}

/// Arguments of `deathsave`.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DeathSave {
    /// The dying character (at 0 hit points).
    #[schemars(length(min = 1, max = 60))]
    pub character: String,
    /// Make it Stable instead of rolling (Spare the Dying, a DC 10 Medicine check).
    pub stabilize: Option<bool>,
    /// The language of names and messages: "en" (default) or "cs".
    pub lang: Option<Lang>,
}

/// Arguments of `hp`.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HitPoints {
    /// The character's name.
    #[schemars(length(min = 1, max = 60))]
    pub character: String,
    /// Hit point maximum (recording it sets current hit points to it).
    #[schemars(range(min = 1, max = 9999))]
    pub max: Option<u32>,
    /// The maximum from the class Hit Point Dice and Constitution instead
    /// of `max`: "fixed" (the 2024 fixed values) or "rolled" (each level
    /// after the first rolled; every level is in the answer).
    pub max_auto: Option<MaxAuto>,
    /// Armor Class.
    #[schemars(range(min = 0, max = 50))]
    pub ac: Option<u32>,
    /// Current hit points, set outright (0 to the maximum).
    #[schemars(range(min = 0, max = 9999))]
    pub set: Option<u32>,
    /// Hit points regained, up to the maximum.
    #[schemars(range(min = 1, max = 9999))]
    pub heal: Option<u32>,
    /// Temporary hit points gained (the larger amount stays).
    #[schemars(range(min = 1, max = 9999))]
    pub temp: Option<u32>,
    /// The language of names and messages: "en" (default) or "cs".
    pub lang: Option<Lang>,
}

/// How a maximum comes from the Hit Point Dice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum MaxAuto {
    /// The fixed value of every level.
    Fixed,
    /// The first level's whole die, each later level rolled.
    Rolled,
}

/// Add or remove.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Toggle {
    /// Give the condition.
    Add,
    /// Take it away.
    Remove,
}

/// Arguments of `condition`.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ConditionChange {
    /// The character's name.
    #[schemars(length(min = 1, max = 60))]
    pub character: String,
    /// "add" or "remove".
    pub action: Toggle,
    /// A condition (incapacitated, stunned, paralyzed, unconscious, ...) or
    /// "silenced" (no spells with a Verbal component, R14a).
    #[schemars(length(min = 1, max = 30))]
    pub condition: String,
    /// Exhaustion's level outright, 0 to 6 (2024: -2 a level on every d20 Test, 6 kills); adding exhaustion without it gains one level.
    #[schemars(range(min = 0, max = 6))]
    pub level: Option<u8>,
    /// The language of names and messages: "en" (default) or "cs".
    pub lang: Option<Lang>,
}

/// A rule a table may relax.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, JsonSchema)]
pub enum RelaxableRule {
    /// One spell slot per turn.
    R10,
    /// Naming a Reaction's trigger.
    R11,
    /// Components (voice, free hand, material).
    R14,
}

/// What to do with a house rule.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum HouseAction {
    /// Let casts breaking the rule go ahead with a warning.
    Relax,
    /// Refuse them again, as written.
    Enforce,
}

/// Arguments of `house_rules`.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HouseRules {
    /// "relax" or "enforce"; leave out (with `rule`) to read the table's rules.
    pub action: Option<HouseAction>,
    /// The rule to relax or enforce: "R10", "R11" or "R14".
    pub rule: Option<RelaxableRule>,
    /// The language of names and messages: "en" (default) or "cs".
    pub lang: Option<Lang>,
}

/// Arguments of `rules`.
#[derive(Debug, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    /// A rule id such as "R10" or "R5a"; leave out to list them all.
    #[schemars(length(min = 2, max = 5))]
    pub rule: Option<String>,
    /// The language of names and messages: "en" (default) or "cs".
    pub lang: Option<Lang>,
}

/// Arguments of `roll`.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Roll {
    /// Dice notation, e.g. "8d6", "1d20+5", "4d6kh3", "2d20kl1".
    #[schemars(length(min = 1, max = 100))]
    pub expression: String,
    /// Show the exact distribution (min, max, mean, chances) instead of rolling.
    pub stats: Option<bool>,
    /// The language of names and messages: "en" (default) or "cs".
    pub lang: Option<Lang>,
}

/// When an item's charges or an ability's uses come back.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Recharge {
    /// After a Long Rest.
    Long,
    /// After a Short or Long Rest.
    Short,
    /// Never: spent is spent.
    Never,
}

/// Arguments of `item_add`.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ItemAdd {
    /// The character's name.
    #[schemars(length(min = 1, max = 60))]
    pub character: String,
    /// The item's name; "Spell Scroll" makes a one-use scroll of the first spell.
    #[schemars(length(min = 1, max = 60))]
    pub item: String,
    /// The spells it casts, by English or Czech name or id.
    #[schemars(length(min = 1, max = 32), inner(length(min = 1, max = 100)))]
    pub spells: Vec<String>,
    /// Charges, one spent per casting (default 1).
    #[schemars(range(min = 1, max = 50))]
    pub charges: Option<u8>,
    /// When charges return: "long", "short" or "never" (default never).
    pub recharge: Option<Recharge>,
    /// The language of names and messages: "en" (default) or "cs".
    pub lang: Option<Lang>,
}

/// Arguments of `ability_add`.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AbilityAdd {
    /// The character's name.
    #[schemars(length(min = 1, max = 60))]
    pub character: String,
    /// The spells it casts, by English or Czech name or id.
    #[schemars(length(min = 1, max = 32), inner(length(min = 1, max = 100)))]
    pub spells: Vec<String>,
    /// Uses between recharges (default 1).
    #[schemars(range(min = 1, max = 50))]
    pub uses: Option<u8>,
    /// When uses return: "long" (default), "short" or "never".
    pub recharge: Option<Recharge>,
    /// The feature's name (default: the first spell's name).
    #[schemars(length(min = 1, max = 60))]
    pub name: Option<String>,
    /// The language of names and messages: "en" (default) or "cs".
    pub lang: Option<Lang>,
}

/// Arguments of `spellbook_add`.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SpellbookAdd {
    /// The Wizard's name.
    #[schemars(length(min = 1, max = 60))]
    pub character: String,
    /// Spells to copy in, by English or Czech name or id.
    #[schemars(length(min = 1, max = 20), inner(length(min = 1, max = 100)))]
    pub spells: Vec<String>,
    /// The language of names and messages: "en" (default) or "cs".
    pub lang: Option<Lang>,
}

/// Arguments of `retarget`.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Retarget {
    /// The caster's name.
    #[schemars(length(min = 1, max = 60))]
    pub character: String,
    /// The spell in effect: "Hex", "Hunter's Mark", or its effect number from character_show.
    #[schemars(length(min = 1, max = 100))]
    pub spell: String,
    /// The new target.
    #[schemars(length(min = 1, max = 60))]
    pub target: String,
    /// The language of names and messages: "en" (default) or "cs".
    pub lang: Option<Lang>,
}

/// Arguments of `dismiss`.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Dismiss {
    /// The caster's name.
    #[schemars(length(min = 1, max = 60))]
    pub character: String,
    /// The ongoing spell's effect number (its id in character_show's ongoing list).
    #[schemars(range(min = 1, max = 1_000_000_000))]
    pub effect: u64,
    /// The language of names and messages: "en" (default) or "cs".
    pub lang: Option<Lang>,
}

/// Arguments of `wait`.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Wait {
    /// The character's name (outside an encounter; in one, use encounter_advance).
    #[schemars(length(min = 1, max = 60))]
    pub character: String,
    /// How long: "3r" rounds, "10m" minutes, "1h" hours, "1d" days.
    #[schemars(length(min = 2, max = 10))]
    pub time: String,
    /// The language of names and messages: "en" (default) or "cs".
    pub lang: Option<Lang>,
}

/// What to do with a casting of a minute or more.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum CastingStep {
    /// Spend this turn's Magic action on it.
    Continue,
    /// Give it up; no slot is spent.
    Abandon,
}

/// Arguments of `casting`.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Casting {
    /// The caster's name.
    #[schemars(length(min = 1, max = 60))]
    pub character: String,
    /// "continue" or "abandon".
    pub step: CastingStep,
    /// The language of names and messages: "en" (default) or "cs".
    pub lang: Option<Lang>,
}

/// Arguments of `identify`.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Identify {
    /// The character studying the effect.
    #[schemars(length(min = 1, max = 60))]
    pub character: String,
    /// The spell in effect.
    #[schemars(length(min = 1, max = 100))]
    pub spell: String,
    /// The character's Arcana bonus (default: its Intelligence modifier).
    #[schemars(range(min = -10, max = 30))]
    pub arcana: Option<i8>,
    /// The language of names and messages: "en" (default) or "cs".
    pub lang: Option<Lang>,
}

/// Arguments of the tools that name one combatant of an encounter.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CombatantRef {
    /// The encounter.
    #[schemars(length(min = 1, max = 60))]
    pub encounter: String,
    /// The combatant (a creature or a character), as the encounter names it.
    #[schemars(length(min = 1, max = 60))]
    pub combatant: String,
    /// The language of names and messages: "en" (default) or "cs".
    pub lang: Option<Lang>,
}

/// Arguments of `hurt`.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Hurt {
    /// The encounter.
    #[schemars(length(min = 1, max = 60))]
    pub encounter: String,
    /// Who takes the damage.
    #[schemars(length(min = 1, max = 60))]
    pub target: String,
    /// Who deals it (Hellish Rebuke may strike back at this combatant only).
    #[schemars(length(min = 1, max = 60))]
    pub by: String,
    /// How much damage.
    #[schemars(range(min = 0, max = 10000))]
    pub amount: u32,
    /// The language of names and messages: "en" (default) or "cs".
    pub lang: Option<Lang>,
}

/// A damage type.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum DamageKind {
    /// Acid damage.
    Acid,
    /// Bludgeoning damage.
    Bludgeoning,
    /// Cold damage.
    Cold,
    /// Fire damage.
    Fire,
    /// Force damage.
    Force,
    /// Lightning damage.
    Lightning,
    /// Necrotic damage.
    Necrotic,
    /// Piercing damage.
    Piercing,
    /// Poison damage.
    Poison,
    /// Psychic damage.
    Psychic,
    /// Radiant damage.
    Radiant,
    /// Slashing damage.
    Slashing,
    /// Thunder damage.
    Thunder,
}

/// Arguments of `harm`.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Harm {
    /// The encounter.
    #[schemars(length(min = 1, max = 60))]
    pub encounter: String,
    /// The creature that comes into the spell.
    #[schemars(length(min = 1, max = 60))]
    pub combatant: String,
    /// The lasting spell in force (English or Czech name, or id), e.g. "Spirit Guardians", "Moonbeam", "Flaming Sphere".
    #[schemars(length(min = 1, max = 100))]
    pub spell: String,
    /// Whose casting, when several combatants keep the spell in force.
    #[schemars(length(min = 1, max = 60))]
    pub caster: Option<String>,
    /// The language of names and messages: "en" (default) or "cs".
    pub lang: Option<Lang>,
}

/// Arguments of `creature_condition`.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CreatureCondition {
    /// The encounter.
    #[schemars(length(min = 1, max = 60))]
    pub encounter: String,
    /// The creature (a stat block added with monster).
    #[schemars(length(min = 1, max = 60))]
    pub combatant: String,
    /// "add" or "remove".
    pub action: Toggle,
    /// A condition: frightened, stunned, paralyzed, unconscious, ... (Czech names work).
    #[schemars(length(min = 1, max = 30))]
    pub condition: String,
    /// The language of names and messages: "en" (default) or "cs".
    pub lang: Option<Lang>,
}
