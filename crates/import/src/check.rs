//! The sheet checked against the 2024 rules: what a referee would question.

use grimoire_catalog::Catalog;
use grimoire_rules::{Ability, Class, SlotLevel, SpellId};
use serde::Serialize;

use crate::read::Imported;

/// One thing a referee would question; each has a stable code.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "code", rename_all = "snake_case")]
pub enum Finding {
    /// More spells prepared than the class tables allow (R8 class tables).
    TooManyPrepared {
        /// Prepared on the sheet (outside the always-prepared ones).
        count: usize,
        /// The classes' limit, added up.
        max: u8,
    },
    /// More cantrips than the class tables allow.
    TooManyCantrips {
        /// Cantrips on the sheet.
        count: usize,
        /// The classes' limit, added up.
        max: u8,
    },
    /// A prepared spell or cantrip on none of the character's class lists,
    /// and not kept prepared by a feature (R8).
    NotOnClassList {
        /// The spell.
        spell: SpellId,
    },
    /// A prepared spell of a level the character's classes cannot prepare (R1).
    SpellLevelTooHigh {
        /// The spell.
        spell: SpellId,
        /// Its level.
        level: u8,
        /// The highest level the classes prepare.
        max: u8,
    },
    /// The sheet gives more slots of a level than the class levels do (R2).
    SlotsMismatch {
        /// The slot level.
        level: u8,
        /// What the sheet says (a forced maximum or the slots remaining).
        sheet: u8,
        /// What the levels give.
        rules: u8,
    },
    /// The sheet gives more Pact Magic slots than the Warlock level does.
    PactSlotsMismatch {
        /// What the sheet says.
        sheet: u8,
        /// What the level gives.
        rules: u8,
    },
    /// The sheet casts with another ability than the class does (R19, R20).
    SpellcastingAbility {
        /// The sheet's ability.
        sheet: Ability,
        /// The class.
        class: Class,
        /// The class's ability.
        rules: Ability,
    },
    /// The sheet adds a bonus to the save DC the rules alone do not give.
    SaveDcBonus {
        /// The sheet's bonus formula.
        bonus: String,
    },
    /// The sheet adds a bonus to spell attacks the rules alone do not give.
    AttackBonus {
        /// The sheet's bonus formula.
        bonus: String,
    },
    /// A spell the sheet takes from the 2014 rules: Grimoire plays the
    /// 2024 (SRD 5.2) version, which may differ.
    #[serde(rename = "rules_2014")]
    Rules2014 {
        /// The spell.
        spell: SpellId,
    },
    /// A class the sheet takes from the 2014 rules: the 2024 class prepares
    /// a different number of spells and has other features.
    #[serde(rename = "class_2014")]
    Class2014 {
        /// The class.
        class: Class,
    },
    /// More hit points on the sheet than the maximum (the sheet's own, or
    /// the 2024 fixed one Grimoire works out when Foundry computes it): the
    /// current hit points are kept at the maximum.
    HpOverMax {
        /// The sheet's hit points.
        sheet: u32,
        /// The maximum.
        max: u32,
    },
    /// Levels in classes without spells raise proficiency, and so the DC
    /// and attack bonus, above what the spellcasting classes give.
    OtherClassLevels {
        /// Those levels.
        levels: u8,
    },
}

impl Finding {
    /// The stable machine code.
    pub fn code(&self) -> &'static str {
        match self {
            Finding::TooManyPrepared { .. } => "too_many_prepared",
            Finding::TooManyCantrips { .. } => "too_many_cantrips",
            Finding::NotOnClassList { .. } => "not_on_class_list",
            Finding::SpellLevelTooHigh { .. } => "spell_level_too_high",
            Finding::SlotsMismatch { .. } => "slots_mismatch",
            Finding::PactSlotsMismatch { .. } => "pact_slots_mismatch",
            Finding::SpellcastingAbility { .. } => "spellcasting_ability",
            Finding::SaveDcBonus { .. } => "save_dc_bonus",
            Finding::AttackBonus { .. } => "attack_bonus",
            Finding::Rules2014 { .. } => "rules_2014",
            Finding::Class2014 { .. } => "class_2014",
            Finding::OtherClassLevels { .. } => "other_class_levels",
            Finding::HpOverMax { .. } => "hp_over_max",
        }
    }
}

/// Checks an imported sheet against the 2024 rules, in a fixed order:
/// preparation, class lists, slots, then the DC and attack numbers.
pub fn check(imported: &Imported, catalog: &Catalog) -> Vec<Finding> {
    let caster = &imported.caster;
    let sheet = &imported.sheet;
    let mut out = Vec::new();
    let sum = |per: fn(Class, u8) -> u8| {
        caster
            .classes()
            .iter()
            .map(|(c, l)| per(*c, *l))
            .fold(0u8, u8::saturating_add)
    };
    let max = sum(Class::prepared_spells);
    // A Mystic Arcanum is chosen apart from the prepared spells.
    let prepared = caster
        .prepared()
        .iter()
        .filter(|id| !sheet.arcanum.values().any(|a| a == *id))
        .count();
    if prepared > usize::from(max) {
        out.push(Finding::TooManyPrepared {
            count: prepared,
            max,
        });
    }
    let max = sum(Class::cantrips_known);
    let cantrips = caster
        .cantrips()
        .iter()
        .filter(|id| !caster.is_always_prepared(id))
        .count();
    if cantrips > usize::from(max) {
        out.push(Finding::TooManyCantrips {
            count: cantrips,
            max,
        });
    }
    for id in caster.prepared().iter().chain(caster.cantrips().iter()) {
        // A Mystic Arcanum was read only at a level the Warlock has one of.
        if sheet.arcanum.values().any(|a| a == id) {
            continue;
        }
        let Some(found) = catalog.get(id.as_str()) else {
            continue;
        };
        let spell = &found.spell;
        let lists: Vec<(Class, u8)> = caster
            .classes()
            .iter()
            .copied()
            .filter(|(c, _)| caster.has_on_list(spell, *c))
            .collect();
        if lists.is_empty() {
            if !caster.is_always_prepared(id) && !magical_secrets(caster, spell) {
                out.push(Finding::NotOnClassList { spell: id.clone() });
            }
            continue;
        }
        let max = lists
            .iter()
            .map(|(c, l)| class_max_level(*c, *l))
            .max()
            .unwrap_or(0);
        if spell.level.get() > max {
            out.push(Finding::SpellLevelTooHigh {
                spell: id.clone(),
                level: spell.level.get(),
                max,
            });
        }
    }
    for n in 1..=9u8 {
        let Ok(level) = SlotLevel::new(n) else {
            continue;
        };
        let rules = caster.slots().total(level);
        let i = usize::from(n - 1);
        let said = sheet.slot_overrides[i].or(sheet.slot_values[i]);
        if let Some(said) = said
            && said > rules
        {
            out.push(Finding::SlotsMismatch {
                level: n,
                sheet: said,
                rules,
            });
        }
    }
    if let Some(said) = sheet.pact_value {
        let rules = caster.pact_slots().map_or(0, |p| p.total());
        if said > rules {
            out.push(Finding::PactSlotsMismatch { sheet: said, rules });
        }
    }
    if let Some(ability) = sheet.spellcasting {
        for (class, _) in caster.classes() {
            let rules = class.spellcasting_ability();
            if rules != ability && caster.classes().len() == 1 {
                out.push(Finding::SpellcastingAbility {
                    sheet: ability,
                    class: *class,
                    rules,
                });
            }
        }
    }
    if let Some(bonus) = &sheet.dc_bonus {
        out.push(Finding::SaveDcBonus {
            bonus: bonus.clone(),
        });
    }
    if let Some(bonus) = &sheet.attack_bonus {
        out.push(Finding::AttackBonus {
            bonus: bonus.clone(),
        });
    }
    for spell in &sheet.rules_2014 {
        out.push(Finding::Rules2014 {
            spell: spell.clone(),
        });
    }
    for class in &sheet.classes_2014 {
        out.push(Finding::Class2014 { class: *class });
    }
    if let (Some(said), Some(v)) = (sheet.hp_value, caster.vitals())
        && said > v.max_hp
    {
        out.push(Finding::HpOverMax {
            sheet: said,
            max: v.max_hp,
        });
    }
    if sheet.other_levels > 0 {
        out.push(Finding::OtherClassLevels {
            levels: sheet.other_levels,
        });
    }
    out
}

/// The highest spell level one class prepares at its level, as if single-classed.
fn class_max_level(class: Class, level: u8) -> u8 {
    if class == Class::Warlock {
        return grimoire_rules::pact_slots(level).map_or(0, |(_, l)| l.get());
    }
    let slots = grimoire_rules::slots_for_classes(&[(class, level)]);
    slots
        .iter()
        .rposition(|n| *n > 0)
        .map_or(0, |i| i as u8 + 1)
}

/// Magical Secrets (Bard 10): a Bard's prepared spells may come from the
/// Cleric, Druid and Wizard lists too.
fn magical_secrets(caster: &grimoire_rules::Caster, spell: &grimoire_rules::Spell) -> bool {
    caster.class_level(Class::Bard) >= 10
        && [Class::Cleric, Class::Druid, Class::Wizard]
            .into_iter()
            .any(|c| spell.on_class_list(c))
}
