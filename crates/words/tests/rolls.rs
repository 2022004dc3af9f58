//! Every kind of roll label in every language: what the CLI, the server
//! and the web table show beside a roll's dice.

use grimoire_rules::{Ability, DamageType, RollLabel};
use grimoire_words::roll_label;

/// One label of each kind with its English and Czech words. The match
/// names every kind, so a new one fails to compile until it is listed.
fn examples() -> Vec<(RollLabel, &'static str, &'static str)> {
    let all = [
        RollLabel::attack("Orc"),
        RollLabel::save("Goblin", Ability::Wisdom),
        RollLabel::damage(DamageType::Force),
        RollLabel::Damage {
            damage_type: DamageType::Radiant,
            only_against: vec!["fiend".into(), "undead".into()],
        },
        RollLabel::healing("Ana"),
        RollLabel::Concentration,
        RollLabel::DeathSave,
        RollLabel::ScrollCheck { dc: 13 },
        RollLabel::Study,
        RollLabel::SpellRecall { level: 2 },
        RollLabel::RestsLocked,
        RollLabel::attack("Orc").bonus(),
        RollLabel::save("Goblin", Ability::Dexterity).penalty(),
        RollLabel::Text("Goblin save (DEX)".into()),
    ];
    all.into_iter()
        .map(|label| {
            let (en, cs) = match &label {
                RollLabel::Attack { .. } => ("attack vs Orc", "útok na Orc"),
                RollLabel::Save { .. } => ("Goblin save (WIS)", "záchrana MDR (Goblin)"),
                RollLabel::Damage { only_against, .. } if only_against.is_empty() => {
                    ("force damage", "silové zranění")
                }
                RollLabel::Damage { .. } => (
                    "radiant damage against fiend or undead",
                    "zářivé zranění proti: běs nebo nemrtvý",
                ),
                RollLabel::Healing { .. } => ("healing for Ana", "léčení (Ana)"),
                RollLabel::Concentration => {
                    ("Concentration (CON save)", "Soustředění (záchrana ODL)")
                }
                RollLabel::DeathSave => ("Death save", "záchrana před smrtí"),
                RollLabel::ScrollCheck { .. } => ("scroll check (DC 13)", "ověření svitku (SO 13)"),
                RollLabel::Study => (
                    "Study: Intelligence (Arcana)",
                    "Zkoumání: Inteligence (Mystika)",
                ),
                RollLabel::RestsLocked => (
                    "Long Rests before the feature returns",
                    "Dlouhé odpočinky, než se schopnost vrátí",
                ),
                RollLabel::SpellRecall { .. } => (
                    "Boon of Spell Recall (level 2 slot)",
                    "Dar vybavení kouzla (pozice 2. úrovně)",
                ),
                RollLabel::Bonus { .. } => ("attack vs Orc bonus", "útok na Orc, bonus"),
                RollLabel::Penalty { .. } => {
                    ("Goblin save (DEX) penalty", "záchrana OBR (Goblin), postih")
                }
                // A label of an old log stays as it was written.
                RollLabel::Text(_) => ("Goblin save (DEX)", "Goblin save (DEX)"),
            };
            (label, en, cs)
        })
        .collect()
}

#[test]
fn every_roll_label_kind_is_worded_in_english_and_czech() {
    for (label, en, cs) in examples() {
        assert_eq!(roll_label("en", &label), en, "{label:?}");
        assert_eq!(roll_label("cs", &label), cs, "{label:?}");
    }
}

/// A creature type the vocabulary lacks (homebrew) keeps its word.
#[test]
fn damage_against_an_unknown_creature_type_keeps_its_word() {
    let label = RollLabel::Damage {
        damage_type: DamageType::Fire,
        only_against: vec!["shadowkin".into()],
    };
    assert_eq!(roll_label("cs", &label), "ohnivé zranění proti: shadowkin");
}
