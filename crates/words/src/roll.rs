//! What a roll was for, in a reader's language: the rules' [`RollLabel`]
//! as `roll-*` messages (`rolls.ftl`), "Goblin save (DEX)", "záchrana OBR
//! (Goblin)". The web table fills the same messages itself.

use grimoire_rules::RollLabel;

use crate::{Words, abbrev, term, text};

/// `label` in `lang`. A label stored as English text before labels were
/// data is shown as it was written.
///
/// ```
/// use grimoire_rules::{Ability, RollLabel};
///
/// let save = RollLabel::save("Goblin", Ability::Dexterity);
/// assert_eq!(grimoire_words::roll_label("en", &save), "Goblin save (DEX)");
/// assert_eq!(grimoire_words::roll_label("cs", &save), "záchrana OBR (Goblin)");
/// ```
pub fn roll_label(lang: &str, label: &RollLabel) -> String {
    match label {
        RollLabel::Attack { target } => text(lang, "roll-attack", [("target", target.as_str())]),
        RollLabel::Save { target, ability } => text(
            lang,
            "roll-save",
            [
                ("target", target.as_str()),
                ("ability", abbrev(lang, *ability)),
            ],
        ),
        RollLabel::Damage {
            damage_type,
            only_against,
        } if only_against.is_empty() => {
            text(lang, "roll-damage", [("type", term(lang, damage_type))])
        }
        RollLabel::Damage {
            damage_type,
            only_against,
        } => text(
            lang,
            "roll-damage-against",
            [
                ("type", term(lang, damage_type)),
                ("types", creature_types(lang, only_against)),
            ],
        ),
        RollLabel::Healing { target } => text(lang, "roll-healing", [("target", target.as_str())]),
        RollLabel::Concentration => crate::fixed(lang, "roll-concentration").to_owned(),
        RollLabel::DeathSave => crate::fixed(lang, "roll-death-save").to_owned(),
        RollLabel::ScrollCheck { dc } => text(lang, "roll-scroll-check", [("dc", *dc)]),
        RollLabel::Study => crate::fixed(lang, "roll-study").to_owned(),
        RollLabel::RestsLocked => crate::fixed(lang, "roll-rests-locked").to_owned(),
        RollLabel::SpellRecall { level } => {
            text(lang, "roll-spell-recall", [("level", i64::from(*level))])
        }
        RollLabel::Bonus { to } => text(lang, "roll-bonus", [("roll", roll_label(lang, to))]),
        RollLabel::Penalty { to } => text(lang, "roll-penalty", [("roll", roll_label(lang, to))]),
        RollLabel::Text(written) => written.to_string(),
    }
}

/// Creature types in `lang` (`undead` is `nemrtvý`, message
/// `creature-<type>`), joined by `roll-or`; a type without a word stays.
pub fn creature_types<S: AsRef<str>>(lang: &str, types: &[S]) -> String {
    let words = Words::get();
    let or = format!(" {} ", crate::fixed(lang, "roll-or"));
    types
        .iter()
        .map(|t| {
            let id = format!("creature-{}", t.as_ref().to_lowercase());
            if words.has(crate::FALLBACK, &id) {
                words.text(lang, &id, None)
            } else {
                t.as_ref().to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join(&or)
}
