//! The JSON shapes every front end shows: the CLI's `--json` output and the
//! server's responses carry these fields at these names.
//!
//! - [`CastJson`] is `grimoire cast --json`; its [`CastView`] (spell, level
//!   cast, slot level spent, mode, rolls, ...) is also flattened into the
//!   server's cast report.
//! - [`SlotsView`] is `grimoire slots --json` (with [`SlotsJson`]'s extras).
//! - [`CharacterJson`] is `grimoire character show --json`.

use std::collections::BTreeMap;

use grimoire_rules::{
    ActionKind, CastMode, CastOutcome, CastStatus, Caster, Class, Condition, Event, LongCast,
    OngoingSpell, Recharge, RollRecord, SlotLevel, SpellId, TargetOutcome, TurnEconomy,
};
use serde::{Deserialize, Serialize};

use crate::hit::CharacterHit;

/// Slots of one level (or the pact slots).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SlotRow {
    /// The slot level, 1–9.
    pub level: u8,
    /// How many the caster has.
    pub total: u8,
    /// How many are left.
    pub remaining: u8,
}

/// One Mystic Arcanum.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ArcanumRow {
    /// Its level (6–9).
    pub level: u8,
    /// Whether it was used since the last Long Rest.
    pub used: bool,
}

/// Slots per level (levels the caster has), pact slots separately.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SlotsView {
    /// Regular slots, one row per level the caster has.
    pub slots: Vec<SlotRow>,
    /// Pact slots, for Warlocks.
    pub pact: Option<SlotRow>,
    /// Mystic Arcanum levels.
    pub arcanum: Vec<ArcanumRow>,
}

impl SlotsView {
    /// The slots of `c`.
    pub fn of(c: &Caster) -> Self {
        SlotsView {
            slots: SlotLevel::ALL
                .into_iter()
                .filter(|&l| c.slots().total(l) > 0)
                .map(|l| SlotRow {
                    level: l.get(),
                    total: c.slots().total(l),
                    remaining: c.slots().remaining(l),
                })
                .collect(),
            pact: c.pact_slots().map(|p| SlotRow {
                level: p.level().get(),
                total: p.total(),
                remaining: p.remaining(),
            }),
            arcanum: c
                .arcanum()
                .iter()
                .map(|a| ArcanumRow {
                    level: a.level.get(),
                    used: a.used,
                })
                .collect(),
        }
    }
}

/// `grimoire slots --json`: the slots, whose they are, and whether this
/// turn's slot is spent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SlotsJson {
    /// The slots.
    #[serde(flatten)]
    pub slots: SlotsView,
    /// The character's name.
    pub character: String,
    /// Whether a slot was spent this turn (R10).
    pub slot_spent_this_turn: bool,
}

impl SlotsJson {
    /// The slots of the character `name` with state `c`.
    pub fn of(name: &str, c: &Caster) -> Self {
        SlotsJson {
            slots: SlotsView::of(c),
            character: name.to_owned(),
            slot_spent_this_turn: c.turn().slot_spent,
        }
    }
}

/// One accepted casting, as `grimoire cast --json` shows it under `cast`
/// and a table's log keeps it as a card ([`crate::card::LogCard`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CastView {
    /// The caster's name.
    pub caster: String,
    /// The spell id.
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub spell: SpellId,
    /// The spell's English name.
    pub spell_name: String,
    /// The spell's Czech name.
    pub spell_name_cs: String,
    /// The level it was cast at (0 for a cantrip).
    pub level: u8,
    /// The slot level spent; `null` when none was.
    pub slot: Option<u8>,
    /// Whether the slot spent was a pact slot.
    pub pact: bool,
    /// `slot`, `ritual`, `cantrip`, `item`, `ability` or `arcanum`.
    pub mode: String,
    /// The item or ability cast through.
    pub via: Option<String>,
    /// The class cast with.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>))]
    pub class: Option<Class>,
    /// The part of the turn used.
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub action: ActionKind,
    /// The spell save DC.
    pub save_dc: i32,
    /// The spell attack bonus.
    pub attack_bonus: i32,
    /// `resolved` or `started` (a casting of a minute or more).
    pub status: String,
    /// Rounds a started casting needs.
    pub rounds_needed: Option<u64>,
    /// Every roll made.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Object>))]
    pub rolls: Vec<RollRecord>,
    /// What happened to each target.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Object>))]
    pub targets: Vec<TargetOutcome>,
    /// The ongoing spell's id, if it lasts.
    pub effect: Option<u64>,
    /// Whether Concentration began.
    pub concentration_started: bool,
    /// The spell whose Concentration ended.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>))]
    pub concentration_ended: Option<SpellId>,
    /// Rule notes, codes with values (`grimoire_words::note` words them);
    /// a card logged before notes were data has English sentences.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Object>))]
    pub notes: Vec<grimoire_rules::Note>,
    /// Rules the cast broke that the table's house rules let pass, each a
    /// warning with the refusal it would have been.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Object>))]
    pub waived: Vec<grimoire_rules::Waived>,
    /// Stored characters the spell damaged or healed: their hit points
    /// afterwards and any Concentration save.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Object>))]
    pub characters: Vec<CharacterHit>,
    /// For a spell that deals no damage as it is cast (Flaming Sphere,
    /// Spirit Guardians in 2024): when it will harm (`at`: `start`, `end`
    /// of a creature's turn, `enter` for a creature coming into it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Object>))]
    pub damage_later: Option<grimoire_rules::LaterHarm>,
    /// The Metamagic that reshaped the casting and the Sorcery Points it
    /// cost, when any did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Object>))]
    pub metamagic: Option<grimoire_rules::MetamagicPaid>,
}

/// The mode word (`slot`, `ritual`, `cantrip`, `item`, `ability`, `arcanum`).
pub fn mode_word(outcome: &CastOutcome) -> &'static str {
    let r = &outcome.resolution;
    match &r.mode {
        CastMode::Slot if r.cast_level.get() == 0 => "cantrip",
        CastMode::Slot => "slot",
        CastMode::Ritual => "ritual",
        CastMode::Feature(_) => "ability",
        CastMode::Item(_) => "item",
        CastMode::Arcanum => "arcanum",
    }
}

impl CastView {
    /// The view of `outcome`, cast by `caster`, of the spell named
    /// `name_en` / `name_cs` in the catalogue.
    pub fn new(caster: &str, outcome: &CastOutcome, name_en: &str, name_cs: &str) -> Self {
        let r = &outcome.resolution;
        let (status, rounds_needed) = match r.status {
            CastStatus::Resolved => ("resolved", None),
            CastStatus::Started { rounds_needed } => ("started", Some(rounds_needed)),
        };
        let via = match &r.mode {
            CastMode::Feature(n) | CastMode::Item(n) => Some(n.clone()),
            _ => None,
        };
        CastView {
            caster: caster.to_owned(),
            spell: r.spell.clone(),
            spell_name: name_en.to_owned(),
            spell_name_cs: name_cs.to_owned(),
            level: r.cast_level.get(),
            slot: r.slot.map(|s| s.level.get()),
            pact: r.slot.is_some_and(|s| s.pact),
            mode: mode_word(outcome).to_owned(),
            via,
            class: r.class,
            action: r.action,
            save_dc: r.save_dc,
            attack_bonus: r.attack_bonus,
            status: status.to_owned(),
            rounds_needed,
            rolls: r.rolls.clone(),
            targets: r.targets.clone(),
            effect: r.effect.map(|e| e.0),
            concentration_started: r.concentration_started,
            concentration_ended: r.concentration_ended.clone(),
            notes: r.notes.clone(),
            waived: r.waived.iter().map(grimoire_words::waived).collect(),
            characters: Vec::new(),
            damage_later: r.damage_later.clone(),
            metamagic: r.metamagic.clone(),
        }
    }

    /// The same view, with what the cast did to stored characters.
    pub fn with_hits(mut self, hits: Vec<CharacterHit>) -> Self {
        self.characters = hits;
        self
    }
}

/// `grimoire cast --json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CastJson {
    /// The casting.
    pub cast: CastView,
    /// The state changes logged.
    pub events: Vec<Event>,
    /// The caster's slots afterwards.
    pub slots: SlotsView,
    /// The encounter the cast happened in.
    pub encounter: Option<String>,
    /// The dice seed, when one was given.
    pub seed: Option<u64>,
}

/// One class and its level.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClassRow {
    /// The class.
    pub class: Class,
    /// Its level.
    pub level: u8,
}

/// How a class casts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CastingRow {
    /// The class.
    pub class: Class,
    /// Its spellcasting ability.
    pub ability: grimoire_rules::Ability,
    /// The spell save DC.
    pub save_dc: i32,
    /// The spell attack bonus.
    pub attack_bonus: i32,
}

/// A limited-use ability.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FeatureRow {
    /// Its name.
    pub name: String,
    /// The spells it casts.
    pub spells: Vec<SpellId>,
    /// Uses left.
    pub remaining: u8,
    /// Uses in all.
    pub max_uses: u8,
    /// When the uses return.
    pub recharge: Recharge,
    /// Cast without limit (an invocation's spell): no uses to count.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub at_will: bool,
    /// The feature whose uses it spends instead (Wild Companion: Wild Shape).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shares: Option<String>,
}

/// A magic item.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ItemRow {
    /// Its name.
    pub name: String,
    /// The spells it casts.
    pub spells: Vec<SpellId>,
    /// Charges left.
    pub charges: u8,
    /// Charges in all.
    pub max_charges: u8,
    /// When the charges return.
    pub recharge: Recharge,
}

/// The spell a character concentrates on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConcentrationRow {
    /// Which spell.
    pub spell: SpellId,
    /// The ongoing spell's id.
    pub effect: u64,
}

/// Whether a count is 0 (serde's skip test).
fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// Whether a number of feet is 0 (serde's skip test).
fn is_zero_ft(n: &u32) -> bool {
    *n == 0
}

/// Whether a penalty is 0 (serde's skip test).
fn is_zero_penalty(n: &i32) -> bool {
    *n == 0
}

/// The parts of the character sheet beyond name, classes, slots, spells,
/// conditions and concentration (the server flattens these into its own
/// character view).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SheetView {
    /// Ability scores by lower-case abbreviation (`str`, `dex`, ...).
    pub abilities: BTreeMap<String, u8>,
    /// The proficiency bonus.
    pub proficiency_bonus: u8,
    /// Each spellcasting class's ability, DC and attack bonus.
    pub spellcasting: Vec<CastingRow>,
    /// Limited-use abilities.
    pub features: Vec<FeatureRow>,
    /// Class features, subclasses, feats and invocations (issue 33).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub picks: Vec<grimoire_rules::Pick>,
    /// In Wild Shape: no spells, Concentration kept.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub wild_shape: bool,
    /// Magic items.
    pub items: Vec<ItemRow>,
    /// What the character holds for components (R14): free hands, pouch,
    /// focus, materials.
    pub equipment: grimoire_rules::Equipment,
    /// Spells in effect.
    pub ongoing: Vec<OngoingSpell>,
    /// A casting of a minute or more under way.
    pub long_cast: Option<LongCast>,
    /// This turn's economy.
    pub turn: TurnEconomy,
    /// The caster's clock, in rounds.
    pub time_rounds: u64,
    /// Hit points and Armor Class, once recorded (`grimoire hp`).
    pub vitals: Option<grimoire_rules::Vitals>,
    /// The Exhaustion level (2024: −2 a level on every d20 Test), when
    /// above 0.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub exhaustion: u8,
    /// The feet Exhaustion takes off the character's Speed (2024: 5 a
    /// level), when above 0.
    #[serde(default, skip_serializing_if = "is_zero_ft")]
    pub speed_penalty_ft: u32,
    /// What Exhaustion takes off every d20 Test (2024: 2 a level), when
    /// above 0.
    #[serde(default, skip_serializing_if = "is_zero_penalty")]
    pub d20_penalty: i32,
    /// A Wizard's spellbook, once kept (`grimoire spellbook add`).
    pub spellbook: Option<Vec<SpellId>>,
    /// Spells kept prepared by a feature (`grimoire prepare --always`):
    /// outside the prepared-spell limit, each with the class it counts as.
    #[serde(default)]
    pub always_prepared: Vec<AlwaysPreparedRow>,
}

/// A spell kept always prepared, and the class it counts as (its DC).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AlwaysPreparedRow {
    /// Which spell.
    pub spell: SpellId,
    /// The class whose DC and attack bonus it uses.
    pub class: grimoire_rules::Class,
}

impl SheetView {
    /// The sheet of `c`.
    pub fn of(c: &Caster) -> Self {
        SheetView {
            abilities: grimoire_rules::Ability::ALL
                .iter()
                .map(|&a| (a.abbrev().to_lowercase(), c.abilities().score(a)))
                .collect(),
            proficiency_bonus: c.proficiency_bonus(),
            spellcasting: c
                .spellcasting_classes()
                .map(|class| CastingRow {
                    class,
                    ability: class.spellcasting_ability(),
                    save_dc: c.save_dc(class),
                    attack_bonus: c.spell_attack_bonus(class),
                })
                .collect(),
            features: c
                .features()
                .iter()
                .map(|f| FeatureRow {
                    name: f.name.clone(),
                    spells: f.spells.clone(),
                    remaining: f.remaining(),
                    max_uses: f.max_uses,
                    recharge: f.recharge,
                    at_will: f.at_will,
                    shares: f.shares.clone(),
                })
                .collect(),
            picks: c.picks().to_vec(),
            wild_shape: c.in_wild_shape(),
            items: c
                .items()
                .iter()
                .map(|i| ItemRow {
                    name: i.name.clone(),
                    spells: i.spells.clone(),
                    charges: i.charges(),
                    max_charges: i.max_charges,
                    recharge: i.recharge,
                })
                .collect(),
            equipment: c.equipment().clone(),
            ongoing: c.ongoing().to_vec(),
            long_cast: c.long_cast().cloned(),
            turn: c.turn().clone(),
            time_rounds: c.now(),
            vitals: c.vitals(),
            exhaustion: c.exhaustion_level(),
            speed_penalty_ft: c.speed_penalty_ft(),
            d20_penalty: c.d20_penalty(),
            spellbook: c.spellbook().map(|b| b.iter().cloned().collect()),
            always_prepared: c
                .always_prepared()
                .map(|e| AlwaysPreparedRow {
                    spell: e.spell.clone(),
                    class: e.class,
                })
                .collect(),
        }
    }
}

/// `grimoire character show --json` (under `character`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CharacterJson {
    /// Its name.
    pub name: String,
    /// The stored version.
    pub version: u64,
    /// Total character level.
    pub level: u8,
    /// Classes and levels.
    pub classes: Vec<ClassRow>,
    /// Slots, pact slots and Mystic Arcanum.
    pub slots: SlotsView,
    /// Prepared spell ids.
    pub prepared: Vec<SpellId>,
    /// Known cantrip ids.
    pub cantrips: Vec<SpellId>,
    /// Current conditions.
    pub conditions: Vec<Condition>,
    /// The spell the character concentrates on.
    pub concentration: Option<ConcentrationRow>,
    /// Class resources left (Sorcery Points, Arcane Recovery...), when any.
    #[serde(
        default,
        skip_serializing_if = "crate::resources_view::ResourcesView::is_empty"
    )]
    pub resources: crate::resources_view::ResourcesView,
    /// The rest of the sheet.
    #[serde(flatten)]
    pub sheet: SheetView,
}

impl CharacterJson {
    /// The view of `c` at `version`.
    pub fn of(c: &Caster, version: u64) -> Self {
        CharacterJson {
            name: c.name().to_owned(),
            version,
            level: c.level(),
            classes: c
                .classes()
                .iter()
                .map(|&(class, level)| ClassRow { class, level })
                .collect(),
            slots: SlotsView::of(c),
            prepared: c.prepared().iter().cloned().collect(),
            cantrips: c.cantrips().iter().cloned().collect(),
            conditions: c.conditions().iter().copied().collect(),
            concentration: c.concentration().map(|k| ConcentrationRow {
                spell: k.spell.clone(),
                effect: k.effect.0,
            }),
            resources: crate::resources_view::ResourcesView::of(c),
            sheet: SheetView::of(c),
        }
    }
}
