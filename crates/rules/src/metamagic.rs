//! Metamagic (SRD 5.2, Sorcerer level 2): options that reshape a spell as
//! it is cast, paid in Sorcery Points.
//!
//! An option changes the cast that the other rules check and resolve, so
//! its consequences come from the same engine: a Subtle spell has no
//! components for R14 to ask for (and none for a Counterspell to see), a
//! Quickened spell takes a Bonus Action under R9, a Distant spell's range
//! is what R13 measures, an Extended spell lasts twice as long, a Twinned
//! spell counts one level higher for its targets (R17). [`shape`] makes the
//! changed spell and the choices that act while it resolves.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use crate::caster::Caster;
use crate::class::Ability;
use crate::class_resources::ClassFeature;
use crate::damage::DamageType;
use crate::effect::Delivery;
use crate::error::{RulesError, SpellName};
use crate::level::SpellLevel;
use crate::message::Arg;
use crate::request::{CastMode, CastRequest};
use crate::roll::RollMode;
use crate::shaping::Shaping;
use crate::spell::{Range, Spell};
use crate::time::{CastingTime, Duration, TimeSpan};

/// One of the ten Metamagic options of SRD 5.2.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Metamagic {
    /// Chosen creatures succeed on the spell's save and take no half damage.
    Careful,
    /// Range doubled; Touch becomes 30 feet.
    Distant,
    /// Reroll some damage dice (combines with another option).
    Empowered,
    /// Duration doubled (at most 24 hours), Advantage on its Concentration saves.
    Extended,
    /// One target has Disadvantage on its saves against the spell.
    Heightened,
    /// An Action spell takes a Bonus Action.
    Quickened,
    /// Reroll a missed spell attack (combines with another option).
    Seeking,
    /// No Verbal, Somatic or free Material component.
    Subtle,
    /// Acid, cold, fire, lightning, poison or thunder damage becomes another of them.
    Transmuted,
    /// The spell's effective level is one higher, for its extra target.
    Twinned,
}

/// The damage types Transmuted Spell turns into each other.
pub const TRANSMUTABLE: [DamageType; 6] = [
    DamageType::Acid,
    DamageType::Cold,
    DamageType::Fire,
    DamageType::Lightning,
    DamageType::Poison,
    DamageType::Thunder,
];

/// Most options one casting may name (two combine with one other: three).
pub const MAX_OPTIONS_PER_CAST: usize = 3;

/// Longest an Extended spell may last: 24 hours, in rounds.
const EXTENDED_MAX_ROUNDS: u64 = 24 * 60 * 10;

impl Metamagic {
    /// Every option, in alphabetical order.
    pub const ALL: [Metamagic; 10] = [
        Metamagic::Careful,
        Metamagic::Distant,
        Metamagic::Empowered,
        Metamagic::Extended,
        Metamagic::Heightened,
        Metamagic::Quickened,
        Metamagic::Seeking,
        Metamagic::Subtle,
        Metamagic::Transmuted,
        Metamagic::Twinned,
    ];

    /// Its stable id (`careful`), the key of its words (`metamagic-careful`).
    pub const fn id(self) -> &'static str {
        match self {
            Metamagic::Careful => "careful",
            Metamagic::Distant => "distant",
            Metamagic::Empowered => "empowered",
            Metamagic::Extended => "extended",
            Metamagic::Heightened => "heightened",
            Metamagic::Quickened => "quickened",
            Metamagic::Seeking => "seeking",
            Metamagic::Subtle => "subtle",
            Metamagic::Transmuted => "transmuted",
            Metamagic::Twinned => "twinned",
        }
    }

    /// The option named by `id` (`careful`, `careful-spell`, any case).
    pub fn from_id(id: &str) -> Option<Metamagic> {
        let id = id.trim().to_ascii_lowercase();
        let id = id.strip_suffix("-spell").unwrap_or(&id);
        Metamagic::ALL.into_iter().find(|m| m.id() == id)
    }

    /// Sorcery Points it costs (2024 text).
    pub const fn cost(self) -> u8 {
        match self {
            Metamagic::Heightened | Metamagic::Quickened => 2,
            _ => 1,
        }
    }

    /// Whether it may join another option on the same spell (Empowered and
    /// Seeking say so; every other option is one per spell).
    pub const fn combines(self) -> bool {
        matches!(self, Metamagic::Empowered | Metamagic::Seeking)
    }
}

/// Which damage dice Empowered Spell rerolls, up to its limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reroll {
    /// The lowest dice that rolled below the die's average (what a player
    /// keen on damage rerolls): a die at or above it is kept.
    #[default]
    BelowAverage,
    /// The lowest dice, whatever they show.
    Lowest,
}

/// A Metamagic option as one casting uses it, with its choices.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MetamagicUse {
    /// The option.
    pub option: Metamagic,
    /// Careful: the creatures protected; Heightened: the one target (both
    /// by the target's name). Empty for the others.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub creatures: Vec<String>,
    /// Transmuted: the damage type the spell deals instead.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage_type: Option<DamageType>,
    /// Empowered: which dice are rerolled.
    #[serde(default, skip_serializing_if = "is_default_reroll")]
    pub reroll: Reroll,
}

fn is_default_reroll(r: &Reroll) -> bool {
    *r == Reroll::default()
}

impl MetamagicUse {
    /// The option with no choices made.
    pub fn new(option: Metamagic) -> Self {
        MetamagicUse {
            option,
            creatures: Vec::new(),
            damage_type: None,
            reroll: Reroll::default(),
        }
    }

    /// The option applied to these creatures (Careful, Heightened).
    pub fn on(mut self, creatures: impl IntoIterator<Item = impl Into<String>>) -> Self {
        self.creatures = creatures.into_iter().map(Into::into).collect();
        self
    }
}

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

impl From<MetamagicError> for RulesError {
    fn from(e: MetamagicError) -> Self {
        RulesError::Metamagic(e)
    }
}

impl Caster {
    /// The Metamagic options the caster knows.
    pub fn metamagic_known(&self) -> Vec<Metamagic> {
        self.picks()
            .iter()
            .filter(|p| p.kind == crate::feature::FeatureKind::Metamagic)
            .filter_map(|p| Metamagic::from_id(&p.id))
            .collect()
    }
}

/// The spell as the request's Metamagic reshapes it, with what the options
/// do while it resolves; the spell itself, untouched, when none is named.
/// Refuses an option unknown, unfit for the spell, combined against the
/// rules, or beyond the caster's Sorcery Points. Quickened's turn rule is
/// [`check_quickened_turn`].
pub(crate) fn shape<'s>(
    caster: &Caster,
    spell: &'s Spell,
    req: &CastRequest,
) -> Result<(Cow<'s, Spell>, Shaping), RulesError> {
    let uses = &req.metamagic;
    if uses.is_empty() {
        return Ok((Cow::Borrowed(spell), Shaping::default()));
    }
    if uses.len() > MAX_OPTIONS_PER_CAST {
        return Err(MetamagicError::TooManyOptions { given: uses.len() }.into());
    }
    // One option per spell, except the two that say they combine.
    for (i, a) in uses.iter().enumerate() {
        for b in &uses[..i] {
            if a.option == b.option || !(a.option.combines() || b.option.combines()) {
                return Err(MetamagicError::OnePerSpell {
                    first: b.option,
                    second: a.option,
                }
                .into());
            }
        }
    }
    let known = caster.metamagic_known();
    if let Some(u) = uses.iter().find(|u| !known.contains(&u.option)) {
        return Err(MetamagicError::NotKnown { option: u.option }.into());
    }
    let mut shaped = spell.clone();
    let mut shaping = Shaping::default();
    let charisma = caster.modifier(Ability::Charisma).max(1);
    let limit = u8::try_from(charisma).unwrap_or(u8::MAX);
    for u in uses {
        let unfit = |why: Unfit| -> RulesError {
            MetamagicError::NotApplicable {
                option: u.option,
                spell: SpellName::of(spell),
                why,
            }
            .into()
        };
        if let Some(why) = unfit_for(u.option, spell) {
            return Err(unfit(why));
        }
        shaping.used.push(u.option);
        if u.option != Metamagic::Seeking {
            shaping.points = shaping.points.saturating_add(u.option.cost());
        }
        match u.option {
            Metamagic::Careful | Metamagic::Heightened => {
                let mut names = u.creatures.clone();
                if names.is_empty() && req.targets.len() == 1 {
                    names.push(req.targets[0].name.clone());
                }
                if let Some(n) = names
                    .iter()
                    .find(|n| !req.targets.iter().any(|t| t.name.eq_ignore_ascii_case(n)))
                {
                    return Err(unfit(Unfit::NotATarget { name: n.clone() }));
                }
                if u.option == Metamagic::Heightened {
                    let [one] = names.as_slice() else {
                        return Err(unfit(Unfit::NeedsOneTarget));
                    };
                    shaping.heightened = Some(one.clone());
                } else {
                    if names.len() > usize::from(limit) {
                        return Err(unfit(Unfit::TooManyCreatures { max: limit }));
                    }
                    shaping.protected = names;
                }
            }
            Metamagic::Distant => {
                shaped.range = match spell.range {
                    Range::Touch => Range::Feet(30),
                    Range::Miles(mi) => Range::Miles(mi.saturating_mul(2)),
                    Range::Feet(ft) => Range::Feet(ft.saturating_mul(2)),
                    other => other,
                };
            }
            Metamagic::Empowered => {
                shaping.empowered = Some((usize::from(limit), u.reroll));
            }
            Metamagic::Extended => {
                shaped.duration =
                    extended(&spell.duration).ok_or_else(|| unfit(Unfit::DurationTooShort))?;
                for (_, d) in &mut shaped.longer_durations {
                    if let Some(longer) = extended(d) {
                        *d = longer;
                    }
                }
                shaping.extended = true;
            }
            Metamagic::Quickened => {
                if req.mode == CastMode::Ritual {
                    return Err(unfit(Unfit::Ritual));
                }
                if req.alternative_time
                    && spell.alternative_casting_time != Some(CastingTime::Action)
                {
                    return Err(unfit(Unfit::NotAnAction));
                }
                shaped.casting_time = CastingTime::BonusAction { trigger: None };
                shaped.alternative_casting_time = None;
            }
            Metamagic::Seeking => shaping.seeking = true,
            Metamagic::Subtle => {
                let c = &mut shaped.components;
                c.verbal = false;
                c.somatic = false;
                // A consumed or costly material stays: the option spares
                // only what a pouch or focus could stand in for.
                c.material = c.material.take().filter(|m| !m.substitutable());
            }
            Metamagic::Transmuted => {
                let Some(to) = u.damage_type.filter(|t| TRANSMUTABLE.contains(t)) else {
                    return Err(unfit(Unfit::TransmutedNeedsType));
                };
                let turn_parts = shaped
                    .effect
                    .each_turn
                    .iter_mut()
                    .flat_map(|t| t.damage.iter_mut());
                for d in shaped.effect.damage.iter_mut().chain(turn_parts) {
                    if TRANSMUTABLE.contains(&d.damage_type) {
                        d.damage_type = to;
                        d.alternative_types.clear();
                    }
                }
            }
            Metamagic::Twinned => {
                shaping.twinned = true;
            }
        }
    }
    caster.check_points(
        shaping.points.max(u8::from(shaping.seeking)),
        ClassFeature::Metamagic,
    )?;
    Ok((Cow::Owned(shaped), shaping))
}

/// The Metamagic a casting used and what it cost, as its resolution shows.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MetamagicPaid {
    /// The options, in the order used (Seeking only when it rerolled).
    pub options: Vec<Metamagic>,
    /// Sorcery Points spent.
    pub points: u8,
}

/// The events that pay for a casting's Metamagic, and what the resolution
/// shows of it; `None` without Metamagic. Seeking Spell is paid only when
/// it rerolled a miss.
pub(crate) fn paid(
    shaping: &Shaping,
    seeking_used: bool,
    events: &mut Vec<crate::event::Event>,
) -> Option<MetamagicPaid> {
    let options: Vec<Metamagic> = shaping
        .used
        .iter()
        .copied()
        .filter(|m| *m != Metamagic::Seeking || seeking_used)
        .collect();
    if options.is_empty() {
        return None;
    }
    let points = shaping.points.saturating_add(u8::from(seeking_used));
    events.push(crate::event::Event::MetamagicUsed {
        options: options.clone(),
    });
    events.push(crate::event::Event::SorceryPointsSpent {
        points,
        what: options.iter().map(|m| m.id()).collect::<Vec<_>>().join("+"),
    });
    Some(MetamagicPaid { options, points })
}

/// The mode of the caster's save to keep Concentration: with Advantage
/// added when the spell held was Extended (Metamagic).
pub(crate) fn concentration_mode(caster: &Caster, mode: RollMode) -> RollMode {
    let extended = caster.concentration().is_some_and(|c| {
        caster
            .ongoing()
            .iter()
            .any(|o| o.id == c.effect && o.extended)
    });
    if extended { with_advantage(mode) } else { mode }
}

/// `mode` with Advantage added (Extended Spell's Concentration saves):
/// Advantage and Disadvantage cancel out.
pub(crate) fn with_advantage(mode: RollMode) -> RollMode {
    match mode {
        RollMode::Disadvantage => RollMode::Normal,
        _ => RollMode::Advantage,
    }
}

/// `mode` with Disadvantage added (Heightened Spell's target).
pub(crate) fn with_disadvantage(mode: RollMode) -> RollMode {
    match mode {
        RollMode::Advantage => RollMode::Normal,
        _ => RollMode::Disadvantage,
    }
}

/// Why `option` cannot reshape `spell` whatever the casting's targets and
/// choices; `None` when it can. [`shape`] checks the rest (the creatures
/// named, the type chosen, the level reached).
pub fn unfit_for(option: Metamagic, spell: &Spell) -> Option<Unfit> {
    let e = &spell.effect;
    let fits = match option {
        Metamagic::Careful | Metamagic::Heightened => {
            return (!matches!(e.delivery, Delivery::Save { .. }) || !e.on_cast)
                .then_some(Unfit::NoSave);
        }
        Metamagic::Distant => match spell.range {
            Range::Touch | Range::Miles(_) => true,
            Range::Feet(ft) => ft >= 5,
            _ => false,
        },
        Metamagic::Empowered => !e.damage.is_empty() && e.on_cast,
        Metamagic::Extended => extended(&spell.duration).is_some(),
        Metamagic::Quickened => spell.casting_time == CastingTime::Action,
        Metamagic::Seeking => matches!(e.delivery, Delivery::Attack(_)),
        Metamagic::Subtle => true,
        Metamagic::Transmuted => e
            .damage
            .iter()
            .chain(e.each_turn.iter().flat_map(|t| t.damage.iter()))
            .any(|d| TRANSMUTABLE.contains(&d.damage_type)),
        Metamagic::Twinned => e.upcast.extra_targets > 0,
    };
    if fits {
        return None;
    }
    Some(match option {
        Metamagic::Distant => Unfit::RangeNotExtendable,
        Metamagic::Empowered => Unfit::NoDamageRoll,
        Metamagic::Extended => Unfit::DurationTooShort,
        Metamagic::Quickened => Unfit::NotAnAction,
        Metamagic::Seeking => Unfit::NoAttackRoll,
        Metamagic::Transmuted => Unfit::NoTransmutableDamage,
        _ => Unfit::NoExtraTarget,
    })
}

/// A known Metamagic option as a spell's options show it: its cost and,
/// when it cannot reshape the spell, why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MetamagicChoice {
    /// The option.
    pub option: Metamagic,
    /// Its cost in Sorcery Points.
    pub cost: u8,
    /// Why it does not fit the spell; `None` when it does.
    pub unfit: Option<Unfit>,
}

/// The Metamagic options `caster` knows, each with its cost and whether
/// it can reshape `spell`.
pub fn metamagic_choices(caster: &Caster, spell: &Spell) -> Vec<MetamagicChoice> {
    caster
        .metamagic_known()
        .into_iter()
        .map(|option| MetamagicChoice {
            option,
            cost: option.cost(),
            unfit: unfit_for(option, spell),
        })
        .collect()
}

/// The level a Twinned casting counts as: one above the slot's (R6, R17);
/// refused at 9th level, which nothing can raise.
pub(crate) fn twinned_level(
    spell: &Spell,
    shaping: &Shaping,
    cast_level: SpellLevel,
) -> Result<SpellLevel, RulesError> {
    if !shaping.twinned {
        return Ok(cast_level);
    }
    SpellLevel::new(cast_level.get().max(spell.level.get()) + 1)
        .ok()
        .filter(|l| l.get() <= 9)
        .ok_or_else(|| {
            MetamagicError::NotApplicable {
                option: Metamagic::Twinned,
                spell: SpellName::of(spell),
                why: Unfit::AlreadyNinthLevel,
            }
            .into()
        })
}

/// 2024 Quickened Spell: not after a level 1+ spell this turn, and no
/// level 1+ spell after it this turn.
pub(crate) fn check_quickened_turn(
    caster: &Caster,
    spell: &Spell,
    shaping: &Shaping,
) -> Result<(), RulesError> {
    let turn = caster.turn();
    if shaping.used.contains(&Metamagic::Quickened) && turn.leveled_spell {
        return Err(MetamagicError::QuickenedAfterSpell.into());
    }
    if turn.quickened && !spell.level.is_cantrip() {
        return Err(MetamagicError::SpellAfterQuickened {
            spell: SpellName::of(spell),
        }
        .into());
    }
    Ok(())
}

/// A duration twice as long, at most 24 hours; `None` when it is shorter
/// than a minute or has no length to double.
fn extended(duration: &Duration) -> Option<Duration> {
    let double = |span: &TimeSpan| -> Option<TimeSpan> {
        let rounds = span.rounds();
        if rounds < 10 {
            return None;
        }
        Some(if rounds.saturating_mul(2) >= EXTENDED_MAX_ROUNDS {
            TimeSpan::hours(24)
        } else {
            TimeSpan {
                amount: span.amount.saturating_mul(2),
                unit: span.unit,
            }
        })
    };
    match duration {
        Duration::Timed(span) => double(span).map(Duration::Timed),
        Duration::Concentration { up_to } => {
            double(up_to).map(|up_to| Duration::Concentration { up_to })
        }
        _ => None,
    }
}

/// The dice Empowered Spell rerolls among `dice` (each its face and its
/// number of sides): at most `limit`, the furthest below their average
/// first, and under [`Reroll::BelowAverage`] only those below it. Returns
/// their indices.
pub(crate) fn empowered_picks(dice: &[(u32, u32)], limit: usize, rule: Reroll) -> Vec<usize> {
    // Twice the face against the average's double, sides + 1: no fractions.
    let shortfall = |i: usize| {
        let (face, sides) = dice[i];
        i64::from(sides) + 1 - 2 * i64::from(face)
    };
    let mut order: Vec<usize> = (0..dice.len()).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(shortfall(i)), i));
    order
        .into_iter()
        .filter(|&i| match rule {
            // A d6 rerolls 1 to 3; a 4 is above its 3.5.
            Reroll::BelowAverage => shortfall(i) > 0,
            Reroll::Lowest => true,
        })
        .take(limit)
        .collect()
}

/// Whether the request casts a Subtle Spell (no Verbal, Somatic or
/// substitutable Material component: nothing for a Counterspell to see).
pub(crate) fn is_subtle(req: &CastRequest) -> bool {
    req.metamagic.iter().any(|u| u.option == Metamagic::Subtle)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn metamagic_costs_follow_the_2024_text() {
        let two: Vec<_> = Metamagic::ALL
            .into_iter()
            .filter(|m| m.cost() == 2)
            .collect();
        assert_eq!(two, [Metamagic::Heightened, Metamagic::Quickened]);
        assert!(Metamagic::ALL.iter().all(|m| (1..=2).contains(&m.cost())));
    }

    #[test]
    fn metamagic_only_empowered_and_seeking_combine() {
        let combine: Vec<_> = Metamagic::ALL
            .into_iter()
            .filter(|m| m.combines())
            .collect();
        assert_eq!(combine, [Metamagic::Empowered, Metamagic::Seeking]);
    }

    #[test]
    fn metamagic_ids_round_trip_and_accept_the_spell_suffix() {
        for m in Metamagic::ALL {
            assert_eq!(Metamagic::from_id(m.id()), Some(m));
        }
        assert_eq!(
            Metamagic::from_id("Careful-Spell"),
            Some(Metamagic::Careful)
        );
        assert_eq!(Metamagic::from_id("loud"), None);
    }

    #[test]
    fn empowered_rerolls_the_lowest_dice_below_average_up_to_the_limit() {
        let d6 = |faces: &[u32]| faces.iter().map(|f| (*f, 6)).collect::<Vec<_>>();
        // d6s: 1, 5, 3, 2, 6 → below 3.5 are 1, 3, 2; lowest two are 1 and 2.
        assert_eq!(
            empowered_picks(&d6(&[1, 5, 3, 2, 6]), 2, Reroll::BelowAverage),
            [0, 3]
        );
        assert_eq!(
            empowered_picks(&d6(&[4, 5, 6]), 3, Reroll::BelowAverage),
            Vec::<usize>::new()
        );
        assert_eq!(empowered_picks(&d6(&[4, 5, 6]), 1, Reroll::Lowest), [0]);
        // A 3 on a d12 is further below its 6.5 than a 2 on a d4 below 2.5.
        assert_eq!(
            empowered_picks(&[(2, 4), (3, 12)], 1, Reroll::BelowAverage),
            [1]
        );
    }

    #[test]
    fn extended_doubles_up_to_24_hours() {
        let minute = Duration::Concentration {
            up_to: TimeSpan::minutes(1),
        };
        assert_eq!(
            extended(&minute),
            Some(Duration::Concentration {
                up_to: TimeSpan::minutes(2)
            })
        );
        let day = Duration::Timed(TimeSpan::hours(24));
        assert_eq!(extended(&day), Some(Duration::Timed(TimeSpan::hours(24))));
        let eight = Duration::Timed(TimeSpan::hours(8));
        assert_eq!(extended(&eight), Some(Duration::Timed(TimeSpan::hours(16))));
        assert_eq!(extended(&Duration::Timed(TimeSpan::rounds_of(1))), None);
        assert_eq!(extended(&Duration::Instantaneous), None);
    }
}
