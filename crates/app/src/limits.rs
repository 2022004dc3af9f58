//! Every bound on what one request may ask for, in one place.
//!
//! A cast, a new character or a combatant list from a client (the CLI's
//! arguments or an API body) is checked here before any work starts, so one
//! request costs a small, known amount of memory and CPU. Each bound has its
//! own stable error code (`too_many_targets`, ...) and the error names the
//! field and the limit. The table in `docs/RELIABILITY.md` ("Hostile
//! clients") lists them.

use grimoire_rules::{BonusAmount, CastRequest, DiceFormula, Target};

/// Most targets one cast may name (a 9th-level Mass Heal needs six).
pub const MAX_TARGETS: usize = 64;
/// Most bonuses added to one roll kind (attack or save) in one request.
pub const MAX_BONUSES: usize = 16;
/// Most dice one bonus formula may roll (Bless is 1d4).
pub const MAX_BONUS_DICE: u32 = 20;
/// Most sides a bonus die may have.
pub const MAX_BONUS_SIDES: u32 = 100;
/// Most saving-throw bonuses listed for one target (there are six abilities).
pub const MAX_SAVES: usize = 6;
/// Most damage-type defences listed for one target.
pub const MAX_DEFENSES: usize = 32;
/// Longest trigger text of a Reaction, in characters.
pub const MAX_TRIGGER_CHARS: usize = 200;
/// Most spells one request may prepare, list as gear, or name in any list.
pub const MAX_SPELLS: usize = 128;
/// Most spells one character keeps always prepared (subclass, feat,
/// species, Magical Secrets): the same bound as any list of spells.
pub const MAX_ALWAYS_PREPARED: usize = MAX_SPELLS;
/// Most spells one magic item or ability may cast.
pub const MAX_GEAR_SPELLS: usize = 32;
/// Most magic items and limited-use abilities one character holds.
pub const MAX_GEAR: usize = 64;
/// Most classes one character may list (there are twelve).
pub const MAX_CLASSES: usize = 12;
/// Most combatants in one encounter.
pub const MAX_COMBATANTS: usize = 64;
/// Most characters one party rest names with their own Hit Point Dice.
pub const MAX_PARTY_CHOICES: usize = 64;
/// Largest hit points, hit point maximum or damage a request may name.
pub const MAX_HIT_POINTS: i32 = 100_000;
/// Largest absolute Armor Class, save bonus or flat bonus a request may name.
pub const MAX_MODIFIER: i32 = 1_000;
/// Longest distance a target may be from the caster, in feet (a few miles).
pub const MAX_DISTANCE_FT: u64 = 100_000;
/// Most steps (multiply-adds) of exact dice arithmetic one plan does, over
/// all its lines together (issue 30, finding 2): about half a second of
/// one core. Past it the plan stops and says so (`work_budget`).
pub const MAX_PLAN_OPS: u64 = 400_000_000;
/// Most values (`[value, probability]` pairs) one plan's lines hold
/// together: about 3 MB in memory and 6 MB of JSON. A line that would
/// pass it is left out (`answer_size`).
pub const MAX_PLAN_POINTS: usize = 200_000;
/// Longest one plan computes, whatever else runs on the machine; past it
/// the plan stops and says so (`deadline`).
pub const MAX_PLAN_TIME: std::time::Duration = std::time::Duration::from_secs(1);

// The work of one spell and one cast (issue 30): most instances (darts,
// rays) after upcasting (the SRD's most is 11), most dice and card entries
// for one target (the SRD's most is 60, Scorching Ray from a 9th-level
// slot), and most work in all, dice for one target times the targets (any
// SRD spell on 64 targets stays under 3,840): a save spell's card lists
// every part on every target. The catalogue refuses a homebrew spell over
// the first two (naming `effect.instances`, `effect.damage`, ...) and
// [`check_spell_work`] refuses a cast over any (`spell_too_costly`).
pub use grimoire_rules::{MAX_CAST_WORK, MAX_INSTANCES, MAX_SPELL_DICE};

/// A request asked for more than a bound allows; nothing was done.
///
/// Its words are message `error-too_many` of grimoire-words, naming the
/// field and the limit; `Display` is the English one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TooMany {
    /// Stable machine code, `too_many_<what>` or `out_of_range`.
    pub code: &'static str,
    /// The request field at fault, as the API spells it (`targets`).
    pub field: &'static str,
    /// The bound.
    pub limit: i64,
}

impl TooMany {
    fn new(code: &'static str, field: &'static str, limit: impl Into<i64>) -> Self {
        TooMany {
            code,
            field,
            limit: limit.into(),
        }
    }

    /// The values the message names: the field and the limit.
    pub fn args(&self) -> Vec<(&'static str, grimoire_rules::Arg)> {
        vec![
            ("field", grimoire_rules::Arg::Text(self.field.to_owned())),
            ("limit", grimoire_rules::Arg::Number(self.limit)),
        ]
    }

    /// The message in `lang` (`en`, `cs`, ...): `error-too_many`, or for a
    /// spell that would cost too much `error-spell_too_costly` (its bound
    /// counts dice, not the field's items).
    pub fn message(&self, lang: &str) -> String {
        let id = match self.code {
            "spell_too_costly" => "error-spell_too_costly",
            _ => "error-too_many",
        };
        grimoire_words::message(lang, id, &self.args())
    }
}

impl std::fmt::Display for TooMany {
    /// The English message.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message("en"))
    }
}

impl std::error::Error for TooMany {}

/// Refuses a list longer than `limit`.
pub fn check_len<T>(
    list: &[T],
    limit: usize,
    code: &'static str,
    field: &'static str,
) -> Result<(), TooMany> {
    check_count(list.len(), limit, code, field)
}

/// Refuses a count over `limit` (e.g. what a list would hold after adding).
pub fn check_count(
    count: usize,
    limit: usize,
    code: &'static str,
    field: &'static str,
) -> Result<(), TooMany> {
    if count > limit {
        return Err(TooMany::new(code, field, limit as i64));
    }
    Ok(())
}

/// Refuses a number outside `-limit..=limit`.
pub fn check_range(value: i64, limit: i64, field: &'static str) -> Result<(), TooMany> {
    if value.abs() > limit {
        return Err(TooMany::new("out_of_range", field, limit));
    }
    Ok(())
}

/// Checks every list, text and number of a cast request against the bounds.
pub fn check_cast_request(request: &CastRequest) -> Result<(), TooMany> {
    check_len(&request.targets, MAX_TARGETS, "too_many_targets", "targets")?;
    check_bonuses(&request.attack_bonuses, "attack_bonuses")?;
    check_len(
        &request.on_hit_damage,
        MAX_BONUSES,
        "too_many_bonuses",
        "on_hit_damage",
    )?;
    for damage in &request.on_hit_damage {
        check_formula(&damage.dice, "on_hit_damage")?;
    }
    check_len(
        &request.metamagic,
        grimoire_rules::MAX_OPTIONS_PER_CAST,
        "too_many_metamagic_options",
        "metamagic",
    )?;
    check_len(&request.sculpt, MAX_TARGETS, "too_many_targets", "sculpt")?;
    for used in &request.metamagic {
        check_len(
            &used.creatures,
            MAX_TARGETS,
            "too_many_targets",
            "metamagic.creatures",
        )?;
    }
    if let Some(trigger) = &request.trigger
        && trigger.chars().count() > MAX_TRIGGER_CHARS
    {
        return Err(TooMany::new(
            "trigger_too_long",
            "trigger",
            MAX_TRIGGER_CHARS as i64,
        ));
    }
    request.targets.iter().try_for_each(check_target)
}

/// Refuses a casting of `spell` that would cost more than
/// [`MAX_INSTANCES`] or [`MAX_SPELL_DICE`] for one target, before anything
/// is rolled: a homebrew spell is checked when it is loaded, but one stored
/// before the bound, or built by other means, is caught here. The level is
/// the request's slot, or the highest a slot could be (the rules may pick
/// a higher one than the spell's); `character_level` sets cantrip tiers.
/// Then the whole cast, that work times its targets, against
/// [`MAX_CAST_WORK`]. Code `spell_too_costly`, naming the spell's field
/// (`effect.damage`) or `targets`.
pub fn check_spell_work(
    spell: &grimoire_rules::Spell,
    request: &CastRequest,
    character_level: u8,
) -> Result<(), TooMany> {
    let w = match request.slot {
        Some(slot) => grimoire_rules::work(spell, slot.into(), character_level),
        None => grimoire_rules::worst_work(spell),
    };
    if w.instances > MAX_INSTANCES {
        return Err(TooMany::new(
            "spell_too_costly",
            w.field.as_str(),
            MAX_INSTANCES,
        ));
    }
    if w.dice > MAX_SPELL_DICE {
        let limit = i64::try_from(MAX_SPELL_DICE).unwrap_or(i64::MAX);
        return Err(TooMany::new("spell_too_costly", w.field.as_str(), limit));
    }
    let targets = request.targets.len().max(1) as u64;
    if w.dice.saturating_mul(targets) > MAX_CAST_WORK {
        let limit = i64::try_from(MAX_CAST_WORK).unwrap_or(i64::MAX);
        return Err(TooMany::new("spell_too_costly", "targets", limit));
    }
    Ok(())
}

fn check_target(target: &Target) -> Result<(), TooMany> {
    if let Some(d) = target.distance_ft
        && d > MAX_DISTANCE_FT
    {
        return Err(TooMany::new(
            "out_of_range",
            "targets.distance_ft",
            MAX_DISTANCE_FT as i64,
        ));
    }
    let Some(stats) = &target.stats else {
        return Ok(());
    };
    check_len(&stats.saves, MAX_SAVES, "too_many_saves", "targets.saves")?;
    check_len(
        &stats.defenses,
        MAX_DEFENSES,
        "too_many_defenses",
        "targets.defenses",
    )?;
    check_bonuses(&stats.save_bonuses, "targets.save_bonuses")?;
    for (_, bonus) in &stats.saves {
        check_range(i64::from(*bonus), i64::from(MAX_MODIFIER), "targets.saves")?;
    }
    if let Some(ac) = stats.ac {
        check_range(i64::from(ac), i64::from(MAX_MODIFIER), "targets.ac")?;
    }
    for (value, field) in [(stats.hp, "targets.hp"), (stats.max_hp, "targets.max_hp")] {
        if let Some(v) = value {
            check_range(i64::from(v), i64::from(MAX_HIT_POINTS), field)?;
        }
    }
    Ok(())
}

fn check_bonuses(bonuses: &[BonusAmount], field: &'static str) -> Result<(), TooMany> {
    check_len(bonuses, MAX_BONUSES, "too_many_bonuses", field)?;
    for bonus in bonuses {
        match bonus {
            BonusAmount::Flat(n) => check_range(i64::from(*n), i64::from(MAX_MODIFIER), field)?,
            BonusAmount::Dice(d) | BonusAmount::Penalty(d) => check_formula(d, field)?,
        }
    }
    Ok(())
}

fn check_formula(dice: &DiceFormula, field: &'static str) -> Result<(), TooMany> {
    if dice.count > MAX_BONUS_DICE {
        return Err(TooMany::new(
            "too_many_dice",
            field,
            i64::from(MAX_BONUS_DICE),
        ));
    }
    if dice.sides > MAX_BONUS_SIDES {
        return Err(TooMany::new(
            "out_of_range",
            field,
            i64::from(MAX_BONUS_SIDES),
        ));
    }
    check_range(i64::from(dice.bonus), i64::from(MAX_MODIFIER), field)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plain_cast_passes_and_each_bound_has_its_code() {
        let mut request = CastRequest::new();
        assert_eq!(check_cast_request(&request), Ok(()));
        request.targets = vec![Target::named("Goblin"); MAX_TARGETS + 1];
        assert_eq!(
            check_cast_request(&request).unwrap_err().code,
            "too_many_targets"
        );
        request.targets.truncate(MAX_TARGETS);
        assert_eq!(check_cast_request(&request), Ok(()));
        request.attack_bonuses = vec![BonusAmount::Dice(DiceFormula::new(1000, 4))];
        let err = check_cast_request(&request).unwrap_err();
        assert_eq!((err.code, err.field), ("too_many_dice", "attack_bonuses"));
        assert_eq!(
            err.to_string(),
            "too many attack_bonuses: at most 20 allowed"
        );
        request.attack_bonuses = vec![BonusAmount::Flat(1); MAX_BONUSES + 1];
        assert_eq!(
            check_cast_request(&request).unwrap_err().code,
            "too_many_bonuses"
        );
        request.attack_bonuses.clear();
        let costly = TooMany::new("spell_too_costly", "targets", MAX_CAST_WORK as i64);
        assert_eq!(
            costly.to_string(),
            "this casting would do too much work: targets takes it past 8192 (dice and card entries, counted for every target)"
        );
        assert!(costly.message("cs").contains("8192"));
        request.trigger = Some("x".repeat(MAX_TRIGGER_CHARS + 1));
        assert_eq!(
            check_cast_request(&request).unwrap_err().code,
            "trigger_too_long"
        );
    }
}
