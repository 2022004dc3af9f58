//! Why a casting's Metamagic was refused ([`MetamagicError`]) and why an
//! option does not fit a spell ([`Unfit`]): refusals beneath `error`,
//! which wraps them. Which options fit is worked out in `reshape`.

use crate::message::Arg;
use crate::metamagic::{MAX_OPTIONS_PER_CAST, Metamagic};
use crate::spell_name::SpellName;

/// Why an option cannot reshape this spell: each a stable code, worded by
/// grimoire-words (`metamagic-unfit-<code>`).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Unfit {
    /// Careful and Heightened need a spell that forces a saving throw.
    NoSave,
    /// Empowered needs a spell that rolls damage when cast.
    NoDamageRoll,
    /// Seeking needs a spell attack roll.
    NoAttackRoll,
    /// Distant needs a range of 5 feet or more, or Touch.
    RangeNotExtendable,
    /// Extended needs a duration of 1 minute or longer.
    DurationTooShort,
    /// Quickened needs a casting time of an Action.
    NotAnAction,
    /// Transmuted needs acid, cold, fire, lightning, poison or thunder damage.
    NoTransmutableDamage,
    /// Transmuted needs the type chosen, one of the listed six.
    TransmutedNeedsType,
    /// Twinned needs a spell that gains a target when upcast.
    NoExtraTarget,
    /// Twinned cannot raise a 9th-level casting.
    AlreadyNinthLevel,
    /// A named creature is not among the spell's targets.
    NotATarget {
        /// The name given.
        name: String,
    },
    /// Careful protects at most this many creatures (Charisma modifier, at least 1).
    TooManyCreatures {
        /// The most allowed.
        max: u8,
    },
    /// Heightened names exactly one target.
    NeedsOneTarget,
    /// A ritual casting takes its own time: Quickened cannot shorten it.
    Ritual,
}

impl Unfit {
    /// Stable snake_case code.
    pub fn code(&self) -> &'static str {
        match self {
            Unfit::NoSave => "no_save",
            Unfit::NoDamageRoll => "no_damage_roll",
            Unfit::NoAttackRoll => "no_attack_roll",
            Unfit::RangeNotExtendable => "range_not_extendable",
            Unfit::DurationTooShort => "duration_too_short",
            Unfit::NotAnAction => "not_an_action",
            Unfit::NoTransmutableDamage => "no_transmutable_damage",
            Unfit::TransmutedNeedsType => "transmuted_needs_type",
            Unfit::NoExtraTarget => "no_extra_target",
            Unfit::AlreadyNinthLevel => "already_ninth_level",
            Unfit::NotATarget { .. } => "not_a_target",
            Unfit::TooManyCreatures { .. } => "too_many_creatures",
            Unfit::NeedsOneTarget => "needs_one_target",
            Unfit::Ritual => "ritual",
        }
    }
}

/// Why a casting's Metamagic was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum MetamagicError {
    /// Occurs when the caster does not know the option.
    NotKnown {
        /// The option.
        option: Metamagic,
    },
    /// Occurs when the option cannot reshape this spell, and why.
    NotApplicable {
        /// The option.
        option: Metamagic,
        /// The spell.
        spell: SpellName,
        /// Why not.
        why: Unfit,
    },
    /// Occurs when two options that do not combine are used on one spell,
    /// or one option twice.
    OnePerSpell {
        /// The first option.
        first: Metamagic,
        /// The second.
        second: Metamagic,
    },
    /// Occurs when more options are named than any casting may use.
    TooManyOptions {
        /// How many were named.
        given: usize,
    },
    /// Occurs when Quickened is used after a level 1+ spell this turn.
    QuickenedAfterSpell,
    /// Occurs when a level 1+ spell follows a Quickened spell this turn.
    SpellAfterQuickened {
        /// The spell refused.
        spell: SpellName,
    },
}

impl MetamagicError {
    /// Stable snake_case machine code.
    pub fn code(&self) -> &'static str {
        match self {
            MetamagicError::NotKnown { .. } => "metamagic_not_known",
            MetamagicError::NotApplicable { .. } => "metamagic_not_applicable",
            MetamagicError::OnePerSpell { .. } => "metamagic_one_per_spell",
            MetamagicError::TooManyOptions { .. } => "too_many_metamagic_options",
            MetamagicError::QuickenedAfterSpell => "quickened_after_spell",
            MetamagicError::SpellAfterQuickened { .. } => "spell_after_quickened",
        }
    }

    /// The values its message names.
    pub fn args(&self) -> Vec<(&'static str, Arg)> {
        let option = |m: &Metamagic| Arg::Metamagic(*m);
        match self {
            MetamagicError::NotKnown { option: m } => vec![("option", option(m))],
            MetamagicError::NotApplicable {
                option: m,
                spell,
                why,
            } => {
                let mut args = vec![
                    ("option", option(m)),
                    ("spell", Arg::Name(spell.clone())),
                    ("why", Arg::Text(why.code().to_owned())),
                ];
                // Every reason's values are named, so the message may pick
                // any of them: the creature and the limit where they apply.
                let (name, max) = match why {
                    Unfit::NotATarget { name } => (name.clone(), 0),
                    Unfit::TooManyCreatures { max } => (String::new(), *max),
                    _ => (String::new(), 0),
                };
                args.push(("name", Arg::Text(name)));
                args.push(("max", Arg::Number(i64::from(max))));
                args
            }
            MetamagicError::OnePerSpell { first, second } => {
                vec![("first", option(first)), ("second", option(second))]
            }
            MetamagicError::TooManyOptions { given } => vec![
                (
                    "given",
                    Arg::Number(i64::try_from(*given).unwrap_or(i64::MAX)),
                ),
                ("max", Arg::Number(MAX_OPTIONS_PER_CAST as i64)),
            ],
            MetamagicError::QuickenedAfterSpell => Vec::new(),
            MetamagicError::SpellAfterQuickened { spell } => {
                vec![("spell", Arg::Name(spell.clone()))]
            }
        }
    }
}

impl MetamagicError {
    /// One refusal of every code, with made-up values.
    pub fn one_of_each() -> Vec<MetamagicError> {
        vec![
            MetamagicError::NotKnown {
                option: Metamagic::Careful,
            },
            MetamagicError::NotApplicable {
                option: Metamagic::Quickened,
                spell: "Shield".into(),
                why: Unfit::NotAnAction,
            },
            MetamagicError::OnePerSpell {
                first: Metamagic::Subtle,
                second: Metamagic::Quickened,
            },
            MetamagicError::TooManyOptions { given: 4 },
            MetamagicError::QuickenedAfterSpell,
            MetamagicError::SpellAfterQuickened {
                spell: "Fireball".into(),
            },
        ]
    }

    /// One unfit reason of every code, with made-up values.
    pub fn every_unfit() -> Vec<Unfit> {
        vec![
            Unfit::NoSave,
            Unfit::NoDamageRoll,
            Unfit::NoAttackRoll,
            Unfit::RangeNotExtendable,
            Unfit::DurationTooShort,
            Unfit::NotAnAction,
            Unfit::NoTransmutableDamage,
            Unfit::TransmutedNeedsType,
            Unfit::NoExtraTarget,
            Unfit::AlreadyNinthLevel,
            Unfit::NotATarget { name: "Bo".into() },
            Unfit::TooManyCreatures { max: 3 },
            Unfit::NeedsOneTarget,
            Unfit::Ritual,
        ]
    }
}
