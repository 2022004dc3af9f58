//! The import report: every part of the sheet, and what became of it.

use grimoire_rules::Class;
use serde::Serialize;

/// One part of the sheet and its fate.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ReportLine {
    /// Where it sits in the JSON (`items[12]`, `system.spells.spell1`).
    pub field: String,
    /// Its name on the sheet (an item's name, a field's key).
    pub name: String,
    /// What became of it.
    pub fate: Fate,
}

/// What became of a part of the sheet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "fate", content = "what", rename_all = "snake_case")]
pub enum Fate {
    /// It is now part of the character.
    Mapped(Mapped),
    /// It is not part of the character; the report keeps it as a note.
    Skipped(Skip),
}

/// What a mapped part became.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Mapped {
    /// The six ability scores.
    Abilities,
    /// A class and its level.
    Class {
        /// The class.
        class: Class,
        /// Its level.
        level: u8,
    },
    /// A prepared spell (it counts against the class limit).
    Prepared,
    /// A cantrip the character knows.
    Cantrip,
    /// A spell a feature keeps prepared, counted as a spell of this class.
    AlwaysPrepared {
        /// The class whose DC and attack it uses.
        class: Class,
    },
    /// A Wizard's spell kept in the spellbook, not prepared.
    Spellbook,
    /// Slots of one level remaining.
    SlotsRemaining {
        /// The slot level.
        level: u8,
        /// How many remain.
        remaining: u8,
    },
    /// Pact Magic slots remaining.
    PactSlotsRemaining {
        /// How many remain.
        remaining: u8,
    },
    /// Hit points and Armor Class.
    Vitals,
    /// Hit points whose maximum the sheet leaves for Foundry to compute:
    /// worked out by the 2024 fixed method (the first die whole, then half
    /// a die plus 1 a level, the Constitution modifier each level), the
    /// sheet's value kept as the current hit points.
    FixedMaxHp {
        /// The maximum worked out.
        max_hp: u32,
    },
    /// Spell Scrolls, one magic item each (R5d).
    Scrolls {
        /// How many.
        count: u8,
    },
    /// A charged item (a wand, a staff): a magic item casting its spells
    /// from its charges (R5d).
    Charged {
        /// Charges when full.
        charges: u8,
    },
    /// A spell a charged item casts (the item is listed on its own).
    ItemSpell,
    /// Free casts of a spell between rests, a limited-use feature (R5c).
    FreeUses {
        /// Uses between recharges.
        max: u8,
    },
    /// A subclass of the SRD 5.2, chosen as Grimoire's own: what it gives
    /// (its always-prepared spells, Natural Recovery) is the rules engine's.
    Subclass {
        /// Its class.
        class: Class,
    },
    /// Sorcery Points spent since the last Long Rest (Font of Magic).
    SorceryPoints {
        /// Points spent.
        spent: u8,
    },
    /// Hit Point Dice of a class spent since the last Long Rest.
    HitDice {
        /// Dice spent.
        spent: u8,
    },
    /// Armor, a shield or an item with an Armor Class bonus, worn and
    /// counted in the Armor Class.
    ArmorWorn,
    /// A Warlock's Mystic Arcanum: the spell of its level, cast once per
    /// Long Rest without a slot (R5c).
    Arcanum {
        /// The spell's level (6–9).
        level: u8,
    },
}

/// Why a part of the sheet was not mapped; each has a stable code.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Skip {
    /// A spell that is not in the SRD 5.2 catalogue (homebrew or non-SRD).
    UnknownSpell,
    /// A spell on the sheet but not prepared (nor in a spellbook).
    NotPrepared,
    /// A spell a magic item holds (a scroll's, a wand's): the item is listed on its own.
    ItemSpell,
    /// A spell cast at will or innately, outside the class's preparation.
    AtWill,
    /// A spell cast only as a Ritual from the sheet.
    RitualOnly,
    /// Free casts per rest given by a formula (`@prof`): the spell is kept, its free uses are not.
    FreeUsesFormula,
    /// A class without spellcasting: its levels are not part of the character.
    ClassWithoutSpells,
    /// A subclass not in the SRD 5.2 catalogue (or whose option the sheet
    /// does not show): not chosen.
    Subclass,
    /// A feature, feat, species or background: not modelled.
    Feature,
    /// Equipment, weapons, consumables, tools, containers: not modelled.
    Item,
    /// Hit points the file leaves for Foundry to compute and Grimoire
    /// cannot work out (no current value, or levels in classes without
    /// spells): not recorded.
    VitalsComputed,
    /// An Armor Class the file leaves for Foundry to compute by a formula
    /// or a class's own calculation, or a bonus to it given by a formula:
    /// the unarmored one (10 + Dexterity) is recorded instead, or the
    /// bonus left out.
    ArmorClassComputed,
    /// More slots remaining on the sheet than the levels give: kept at the maximum.
    SlotsOverMax,
    /// More copies of a Spell Scroll than the bound (20): the first 20 are kept.
    CopiesOverBound,
    /// A spell an item casts for more than one charge: Grimoire's items
    /// spend one charge a cast, so the spell is left off the item.
    ChargeCost,
    /// Hit Point Dice spent on a sheet whose hit points are left for
    /// Foundry to compute: Grimoire keeps spent dice with the hit points.
    HitDiceWithoutVitals,
}

impl Skip {
    /// The stable machine code.
    pub fn code(&self) -> &'static str {
        match self {
            Skip::UnknownSpell => "unknown_spell",
            Skip::NotPrepared => "not_prepared",
            Skip::ItemSpell => "item_spell",
            Skip::AtWill => "at_will",
            Skip::RitualOnly => "ritual_only",
            Skip::FreeUsesFormula => "free_uses_formula",
            Skip::ClassWithoutSpells => "class_without_spells",
            Skip::Subclass => "subclass",
            Skip::Feature => "feature",
            Skip::Item => "item",
            Skip::VitalsComputed => "vitals_computed",
            Skip::ArmorClassComputed => "armor_class_computed",
            Skip::SlotsOverMax => "slots_over_max",
            Skip::CopiesOverBound => "copies_over_bound",
            Skip::ChargeCost => "charge_cost",
            Skip::HitDiceWithoutVitals => "hit_dice_without_vitals",
        }
    }
}

/// The whole report, in the order of the file.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Report {
    /// Every line.
    pub lines: Vec<ReportLine>,
}

impl Report {
    pub(crate) fn mapped(&mut self, field: impl Into<String>, name: &str, what: Mapped) {
        self.lines.push(ReportLine {
            field: field.into(),
            name: name.to_owned(),
            fate: Fate::Mapped(what),
        });
    }

    pub(crate) fn skipped(&mut self, field: impl Into<String>, name: &str, why: Skip) {
        self.lines.push(ReportLine {
            field: field.into(),
            name: name.to_owned(),
            fate: Fate::Skipped(why),
        });
    }

    /// The lines not mapped.
    pub fn skipped_lines(&self) -> impl Iterator<Item = (&ReportLine, &Skip)> {
        self.lines.iter().filter_map(|l| match &l.fate {
            Fate::Skipped(s) => Some((l, s)),
            Fate::Mapped(_) => None,
        })
    }
}
