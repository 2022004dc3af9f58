//! What the rules say about an action beside its events, as data: a code
//! and its values ("R15: Shield has ended" is `spell_ended` with the
//! spell). The front ends word a note in the reader's language
//! (`grimoire-words`).

use compact_str::CompactString;
use serde::{Deserialize, Serialize};

use crate::class::Ability;
use crate::damage::DamageType;
use crate::effect::OnSave;
use crate::level::{SlotLevel, SpellLevel};

/// A note on an action or on one target's outcome.
///
/// In JSON an object tagged by `code` (`{"code": "spell_ended", "spell":
/// "Shield"}`). A note stored before notes were data is an English
/// sentence; it loads as [`Note::Text`] and serialises back as the same
/// string.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "code", rename_all = "snake_case")]
pub enum Note {
    /// R6: the spell was cast with a slot above its level.
    CastAtLevel {
        /// The level it was cast at.
        level: SpellLevel,
    },
    /// R12: a casting of a minute or more began; no slot is spent unless
    /// it completes.
    CastingTakes {
        /// Rounds it needs.
        rounds: u64,
    },
    /// R12: a long casting went on for another round.
    CastingContinues {
        /// The spell's name (English, or a homebrew spell's own).
        spell: String,
        /// Rounds still to go.
        left: u64,
    },
    /// R12: a long casting can be completed.
    CastingReady {
        /// The spell's name.
        spell: String,
    },
    /// R15: a spell's duration ran out.
    SpellEnded {
        /// The spell's name.
        spell: String,
    },
    /// A spell that can move (Hex, Hunter's Mark) moved to another target.
    SpellMoves {
        /// The spell's name.
        spell: String,
        /// The new target's name.
        target: String,
    },
    /// Concentration ended because the caster became Incapacitated.
    ConcentrationEndsIncapacitated,
    /// R5d: the scroll check failed and the spell fades with no effect.
    ScrollFailed,
    /// The save a spell calls for, when no target was named to roll it.
    SaveDc {
        /// The save's DC.
        dc: i32,
        /// Its ability.
        ability: Ability,
    },
    /// A damage part that harms only some creature types was not rolled:
    /// no target is one of them.
    NoExtraDamage {
        /// The part's damage type.
        damage_type: DamageType,
        /// The creature types it harms.
        only_against: Vec<CompactString>,
    },
    /// R18: an invalid target seems to succeed on its save.
    AppearsToSucceed,
    /// R18: the spell has no effect on an invalid target.
    NoEffectOnTarget,
    /// A target without numbers did not roll its save: the outcome shown
    /// is a failure's.
    SaveNotRolled {
        /// The save's DC.
        dc: i32,
        /// Its ability.
        ability: Ability,
        /// What a success would do instead.
        on_success: OnSave,
    },
    /// A target without numbers did not roll its save against damage at
    /// its turn: the damage shown is a failure's.
    TurnSaveNotRolled {
        /// The save's DC.
        dc: i32,
        /// Its ability.
        ability: Ability,
    },
    /// A target without a stated creature type may take more damage.
    MoreDamage {
        /// The damage it would take.
        amount: u32,
        /// Its damage type.
        damage_type: DamageType,
        /// The creature types it harms.
        only_against: Vec<CompactString>,
    },
    /// A target without a known AC: the damage shown applies on a hit.
    AcUnknown,
    /// Font of Magic: a slot became Sorcery Points.
    FontOfMagicPoints {
        /// The slot's level.
        level: SlotLevel,
        /// The points gained.
        points: u8,
    },
    /// Font of Magic: Sorcery Points became a slot until the next Long Rest.
    FontOfMagicSlot {
        /// The points spent.
        points: u8,
        /// The slot's level.
        level: SlotLevel,
    },
    /// Innate Sorcery began: +1 save DC and Advantage on attack rolls of
    /// Sorcerer spells for 1 minute.
    InnateSorcery,
    /// Sorcery Incarnate: Sorcery Points started Innate Sorcery.
    SorceryIncarnate {
        /// The points spent.
        points: u8,
    },
    /// Magical Cunning: expended Pact slots came back.
    MagicalCunning {
        /// How many.
        count: u8,
    },
    /// Arcane Recovery: expended slots of these levels came back.
    ArcaneRecovery {
        /// Their levels, lowest first.
        levels: Vec<SlotLevel>,
    },
    /// Natural Recovery: expended slots of these levels came back.
    NaturalRecovery {
        /// Their levels, lowest first.
        levels: Vec<SlotLevel>,
    },
    /// Memorize Spell: a prepared spell was swapped for one of the
    /// spellbook.
    MemorizeSpell {
        /// The spell no longer prepared (English name).
        forgot: String,
        /// The spell prepared in its place (English name).
        learned: String,
    },
    /// Sorcerous Restoration: expended Sorcery Points came back.
    SorcerousRestoration {
        /// The points regained.
        points: u8,
    },
    /// A note stored as English text before notes were data, kept as it
    /// was written.
    #[serde(untagged)]
    Text(String),
}

impl Note {
    /// The note's code (`spell_ended`); `text` for an old note of words.
    pub fn code(&self) -> &'static str {
        match self {
            Note::CastAtLevel { .. } => "cast_at_level",
            Note::CastingTakes { .. } => "casting_takes",
            Note::CastingContinues { .. } => "casting_continues",
            Note::CastingReady { .. } => "casting_ready",
            Note::SpellEnded { .. } => "spell_ended",
            Note::SpellMoves { .. } => "spell_moves",
            Note::ConcentrationEndsIncapacitated => "concentration_ends_incapacitated",
            Note::ScrollFailed => "scroll_failed",
            Note::SaveDc { .. } => "save_dc",
            Note::NoExtraDamage { .. } => "no_extra_damage",
            Note::AppearsToSucceed => "appears_to_succeed",
            Note::NoEffectOnTarget => "no_effect_on_target",
            Note::SaveNotRolled { .. } => "save_not_rolled",
            Note::TurnSaveNotRolled { .. } => "turn_save_not_rolled",
            Note::MoreDamage { .. } => "more_damage",
            Note::AcUnknown => "ac_unknown",
            Note::FontOfMagicPoints { .. } => "font_of_magic_points",
            Note::FontOfMagicSlot { .. } => "font_of_magic_slot",
            Note::InnateSorcery => "innate_sorcery",
            Note::SorceryIncarnate { .. } => "sorcery_incarnate",
            Note::MagicalCunning { .. } => "magical_cunning",
            Note::ArcaneRecovery { .. } => "arcane_recovery",
            Note::NaturalRecovery { .. } => "natural_recovery",
            Note::MemorizeSpell { .. } => "memorize_spell",
            Note::SorcerousRestoration { .. } => "sorcerous_restoration",
            Note::Text(_) => "text",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Notes serialise tagged by their code, with the rules' own names.
    #[test]
    fn notes_serialise_tagged_by_code() {
        for (note, json) in [
            (
                Note::SpellEnded {
                    spell: "Shield".into(),
                },
                r#"{"code":"spell_ended","spell":"Shield"}"#,
            ),
            (
                Note::SaveNotRolled {
                    dc: 13,
                    ability: Ability::Wisdom,
                    on_success: OnSave::None,
                },
                r#"{"code":"save_not_rolled","dc":13,"ability":"wisdom","on_success":"none"}"#,
            ),
            (Note::AcUnknown, r#"{"code":"ac_unknown"}"#),
        ] {
            assert_eq!(serde_json::to_string(&note).unwrap(), json);
            assert_eq!(serde_json::from_str::<Note>(json).unwrap(), note);
            assert!(json.contains(note.code()));
        }
    }

    /// A note stored as an English sentence (every log written before
    /// notes were data) loads as text and writes back unchanged.
    #[test]
    fn english_notes_of_old_logs_load_as_text() {
        let json = r#""R15: Shield has ended""#;
        let old: Note = serde_json::from_str(json).unwrap();
        assert_eq!(old, Note::Text("R15: Shield has ended".into()));
        assert_eq!(serde_json::to_string(&old).unwrap(), json);
    }
}
