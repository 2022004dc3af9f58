//! What the rules note beside an action or a target's outcome, in a
//! reader's language: the rules' [`Note`] as `note-<code>` messages
//! (`notes.ftl`), "R15: Shield has ended", "R15: kouzlo Štít skončilo".

use grimoire_rules::{Arg, Note, OnSave};

use crate::{abbrev, creature_types, message};

/// `note` in `lang`, a spell named in the reader's language where the
/// catalogue knows it. A note stored as an English sentence before notes
/// were data is shown as it was written.
///
/// ```
/// use grimoire_rules::Note;
///
/// let note = Note::CastingTakes { rounds: 10 };
/// assert!(grimoire_words::note("en", &note).starts_with("R12: casting takes 10 rounds"));
/// assert!(grimoire_words::note("cs", &note).starts_with("R12: sesílání trvá kol: 10"));
/// ```
pub fn note(lang: &str, note: &Note) -> String {
    let num = |n: i64| Arg::Number(n);
    let text = |s: &str| Arg::Text(s.to_owned());
    let spell = |s: &str| Arg::Name(s.into());
    let ability = |a| Arg::Text(abbrev(lang, a).to_owned());
    let args: Vec<(&str, Arg)> = match note {
        Note::CastAtLevel { level } => vec![("level", num(level.get().into()))],
        Note::CastingTakes { rounds } => vec![("rounds", num(saturated(*rounds)))],
        Note::CastingContinues { spell: s, left } => {
            vec![("spell", spell(s)), ("left", num(saturated(*left)))]
        }
        Note::CastingReady { spell: s } | Note::SpellEnded { spell: s } => {
            vec![("spell", spell(s))]
        }
        Note::SpellMoves { spell: s, target } => {
            vec![("spell", spell(s)), ("target", text(target))]
        }
        Note::SaveDc { dc, ability: a } | Note::TurnSaveNotRolled { dc, ability: a } => {
            vec![("dc", num((*dc).into())), ("ability", ability(*a))]
        }
        Note::NoExtraDamage {
            damage_type,
            only_against,
        } => vec![
            ("type", Arg::Damage(*damage_type)),
            ("types", Arg::Text(creature_types(lang, only_against))),
        ],
        Note::SaveNotRolled {
            dc,
            ability: a,
            on_success,
        } => {
            let success = match on_success {
                OnSave::Half => "note-success-half",
                OnSave::None => "note-success-none",
            };
            vec![
                ("dc", num((*dc).into())),
                ("ability", ability(*a)),
                ("success", text(crate::fixed(lang, success))),
            ]
        }
        Note::MoreDamage {
            amount,
            damage_type,
            only_against,
        } => vec![
            ("amount", num((*amount).into())),
            ("type", Arg::Damage(*damage_type)),
            ("types", Arg::Text(creature_types(lang, only_against))),
        ],
        Note::FontOfMagicPoints { level, points } | Note::FontOfMagicSlot { points, level } => {
            vec![
                ("level", num(level.get().into())),
                ("points", num((*points).into())),
            ]
        }
        Note::SorceryIncarnate { points } | Note::SorcerousRestoration { points } => {
            vec![("points", num((*points).into()))]
        }
        Note::MagicalCunning { count } => vec![("count", num((*count).into()))],
        Note::MemorizeSpell { forgot, learned } => {
            vec![("forgot", spell(forgot)), ("learned", spell(learned))]
        }
        Note::ArcaneRecovery { levels } | Note::NaturalRecovery { levels } => {
            let shown: Vec<String> = levels.iter().map(|l| l.get().to_string()).collect();
            vec![("levels", Arg::Text(shown.join(", ")))]
        }
        Note::ConcentrationEndsIncapacitated
        | Note::ScrollFailed
        | Note::AppearsToSucceed
        | Note::NoEffectOnTarget
        | Note::AcUnknown
        | Note::InnateSorcery => Vec::new(),
        Note::Text(written) => return written.clone(),
    };
    message(lang, &format!("note-{}", note.code()), &args)
}

/// A count of rounds as a message number (no real count comes near the
/// bound).
fn saturated(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}
