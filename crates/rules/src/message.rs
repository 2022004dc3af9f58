//! The values a refusal's message names, as data: the front ends put them
//! into words in the reader's language.

use std::fmt;

use crate::class::{Ability, Class};
use crate::damage::DamageType;
use crate::economy::ActionKind;
use crate::invalid::{BLOCK_ATTACK_BONUS, BLOCK_MAX_SLOTS, BLOCK_PER_DAY, BLOCK_SAVE_DC, Invalid};
use crate::spell_name::SpellName;
use crate::trigger_kind::TriggerKind;

/// One value a message names. Vocabulary values stay typed, so a front end
/// looks their word up (`damage-fire`) instead of receiving English.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Arg {
    /// A count, level, distance or score.
    Number(i64),
    /// Text shown as it was given: a creature's name, a material, a reason.
    Text(String),
    /// A name with its Czech form when the catalogue has one (a spell, a
    /// trigger's description).
    Name(SpellName),
    /// A spell's material component as the spell names it (R14c): a front
    /// end shows it in the reader's language when it knows the words.
    Material(String),
    /// A class.
    Class(Class),
    /// A class feature (Font of Magic, Arcane Recovery...).
    Feature(crate::class_resources::ClassFeature),
    /// An ability.
    Ability(Ability),
    /// A part of the turn.
    Action(ActionKind),
    /// A damage type.
    Damage(DamageType),
    /// Damage types, in order.
    DamageList(Vec<DamageType>),
    /// What a Reaction answers (a hit, a fall, ...).
    Trigger(TriggerKind),
    /// Why a request is invalid: a message of its own (`invalid-<code>`
    /// with the reason's arguments), worded in the same language.
    Reason(Invalid),
    /// A Metamagic option.
    Metamagic(crate::metamagic::Metamagic),
}

impl fmt::Display for Arg {
    /// The technical form (what `RulesError`'s `Display` shows).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Arg::Number(n) => write!(f, "{n}"),
            Arg::Text(t) | Arg::Material(t) => write!(f, "{t:?}"),
            Arg::Name(n) => write!(f, "{:?}", n.en),
            Arg::Class(c) => write!(f, "{c:?}"),
            Arg::Feature(x) => f.write_str(x.id()),
            Arg::Ability(a) => write!(f, "{a:?}"),
            Arg::Action(a) => write!(f, "{a:?}"),
            Arg::Damage(d) => write!(f, "{d:?}"),
            Arg::DamageList(list) => write!(f, "{list:?}"),
            Arg::Trigger(t) => write!(f, "{:?}", t.name_en()),
            Arg::Reason(r) => write!(f, "{r}"),
            Arg::Metamagic(m) => f.write_str(m.id()),
        }
    }
}

/// Writes `code (name=value, ...)`: the technical form of a coded error
/// or reason, in no language.
pub(crate) fn write_coded(
    f: &mut std::fmt::Formatter<'_>,
    code: &str,
    args: &[(&'static str, Arg)],
) -> std::fmt::Result {
    f.write_str(code)?;
    if !args.is_empty() {
        let shown: Vec<String> = args.iter().map(|(k, v)| format!("{k}={v}")).collect();
        write!(f, " ({})", shown.join(", "))?;
    }
    Ok(())
}

// How a request's refusal (Invalid) names its values: here rather than
// in `invalid`, which `Arg::Reason` names.
impl Invalid {
    /// The values its message names, by the names the `invalid-<code>`
    /// messages use; a range check names its bounds too.
    pub fn args(&self) -> Vec<(&'static str, Arg)> {
        use Arg::{Number, Text};
        let text = |s: &str| Text(s.to_owned());
        match self {
            Invalid::CombatantListedTwice { name } | Invalid::LeavesOnOwnTurn { name } => {
                vec![("name", text(name))]
            }
            Invalid::CantripInSpellbook { spell } => vec![("spell", Arg::Name(spell.clone()))],
            Invalid::SaveDcOutOfRange { dc } => vec![
                ("dc", Number((*dc).into())),
                ("min", Number((*BLOCK_SAVE_DC.start()).into())),
                ("max", Number((*BLOCK_SAVE_DC.end()).into())),
            ],
            Invalid::AttackBonusOutOfRange { bonus } => vec![
                ("bonus", Number((*bonus).into())),
                ("min", Number((*BLOCK_ATTACK_BONUS.start()).into())),
                ("max", Number((*BLOCK_ATTACK_BONUS.end()).into())),
            ],
            Invalid::EmptySpellLine { line } => vec![("line", text(line))],
            Invalid::PerDayOutOfRange { line, per_day } => vec![
                ("line", text(line)),
                ("per_day", Number((*per_day).into())),
                ("min", Number((*BLOCK_PER_DAY.start()).into())),
                ("max", Number((*BLOCK_PER_DAY.end()).into())),
            ],
            Invalid::SpellListedTwice { spell, line } => {
                vec![("spell", text(spell)), ("line", text(line))]
            }
            Invalid::TooManySlots { level, slots } => vec![
                ("level", Number((*level).into())),
                ("slots", Number((*slots).into())),
                ("max", Number(BLOCK_MAX_SLOTS.into())),
            ],
            Invalid::SlotLevelWithoutSlot
            | Invalid::NoSpellsListed
            | Invalid::UnnamedSpellLine
            | Invalid::SlotSpellsWithoutSlots => Vec::new(),
        }
    }
}

impl fmt::Display for Invalid {
    /// The technical form, in no language: `code (name=value, ...)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_coded(f, self.code(), &self.args())
    }
}
