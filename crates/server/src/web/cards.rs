//! Spell cards for the web table: everything the spellbook and the cast
//! dialog show, in both languages, with what the spell does at each slot
//! level (R6) and the exact damage distribution from `grimoire_dice`.

use grimoire_catalog::CatalogSpell;
use grimoire_dice::{Distribution, Expr};
use grimoire_rules::{
    CantripScaling, Damage, Delivery, DiceFormula, Healing, OnSave, Spell, SpellLevel,
};
use serde::Serialize;
use utoipa::ToSchema;

use super::words::{self, Both};
use grimoire_words::Named;

/// The effect's numbers at one casting level, as the rules engine resolves
/// them (R6, cantrip tiers).
pub(crate) struct Scaled {
    pub(crate) instances: u32,
    pub(crate) targets: Option<u32>,
    pub(crate) damage: Vec<Damage>,
    pub(crate) healing: Option<Healing>,
}

pub(crate) fn scale(spell: &Spell, cast_level: u8, character_level: u8) -> Scaled {
    let level = SpellLevel::new(cast_level.max(spell.level.get())).unwrap_or(spell.level);
    let e = grimoire_rules::scaled_effect(spell, level, character_level);
    Scaled {
        instances: e.instances,
        targets: e.max_targets,
        damage: e.damage,
        healing: e.healing,
    }
}

/// The total of `formula` rolled `times` times, plus `modifier` each time.
/// Homebrew sets the numbers, so the arithmetic saturates instead of
/// overflowing (`Expr` then bounds what it is given).
fn total(formula: DiceFormula, times: u32, modifier: i32) -> Expr {
    let flat = (i64::from(formula.bonus) + i64::from(modifier)).saturating_mul(i64::from(times));
    let dice = Expr::dice(formula.count.saturating_mul(times), formula.sides);
    match (formula.count, flat) {
        (0, _) => Expr::constant(flat),
        (_, 0) => dice,
        _ => dice.add(Expr::constant(flat)),
    }
}

/// The expression of everything one casting deals to a target that every
/// instance hits (or that fails its save); healing when it deals no damage.
pub(crate) fn expression(s: &Scaled, modifier: i32) -> Option<(Kind, Expr)> {
    let mut parts = s.damage.iter().map(|d| {
        let m = if d.add_modifier { modifier } else { 0 };
        total(d.dice, s.instances, m)
    });
    if let Some(first) = parts.next() {
        return Some((Kind::Damage, parts.fold(first, Expr::add)));
    }
    s.healing.as_ref().map(|h| {
        let m = if h.add_modifier { modifier } else { 0 };
        (Kind::Healing, total(h.dice, 1, m))
    })
}

/// Whether the numbers are damage or hit points restored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = EffectKind)]
pub(crate) enum Kind {
    /// Damage dealt.
    Damage,
    /// Hit points restored.
    Healing,
}

/// One text in English and Czech: the schema of [`Both`], which the
/// words module keeps free of the documentation's types (documentation
/// only; a test keeps the two alike).
#[derive(ToSchema)]
#[allow(dead_code)]
pub(crate) struct Words {
    /// In English.
    en: String,
    /// In Czech.
    cs: String,
}

/// One damage roll on a card.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = CardDamage)]
pub(crate) struct DamageText {
    /// Dice notation, e.g. `8d6`.
    formula: String,
    /// `true` when the spellcasting modifier is added.
    plus_modifier: bool,
    /// The damage type (`fire`, ...).
    #[serde(rename = "type")]
    damage_type: String,
    /// The damage type's name.
    #[schema(value_type = Words)]
    type_name: Both,
}

/// What the spell does from one casting level on (until the next row).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = CardLevel)]
pub(crate) struct LevelRow {
    /// The level it is cast at (0 for cantrips).
    #[schema(maximum = 9)]
    slot: u8,
    /// For cantrip rows: the character level the row starts at.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(required = false, minimum = 1, maximum = 20)]
    character_level: Option<u8>,
    /// How many darts, rays or beams (1 for most spells).
    instances: u32,
    /// The most creatures it can target, when the spell says.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(required = false)]
    targets: Option<u32>,
    /// The damage rolls; left out when it deals none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schema(required = false)]
    damage: Vec<DamageText>,
    /// The healing dice (`2d8 + mod`), when it heals.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(required = false)]
    healing: Option<String>,
    /// Mean of the total with a +0 modifier, when it has dice.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(required = false)]
    mean: Option<f64>,
}

impl LevelRow {
    /// Whether the row says the same as `other` (so only one is sent).
    fn same_effect(&self, other: &LevelRow) -> bool {
        let formulas = |r: &LevelRow| {
            r.damage
                .iter()
                .map(|d| d.formula.clone())
                .collect::<Vec<_>>()
        };
        self.instances == other.instances
            && self.targets == other.targets
            && self.healing == other.healing
            && formulas(self) == formulas(other)
    }
}

/// How a spell reaches its targets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub(crate) enum DeliveryKind {
    /// It simply happens (Magic Missile).
    Automatic,
    /// A spell attack roll.
    Attack,
    /// A saving throw.
    Save,
}

/// How the spell reaches its targets.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = CardDelivery)]
pub(crate) struct DeliveryText {
    /// An attack, a save or neither.
    kind: DeliveryKind,
    /// For saves: the ability (`dex`, ...).
    ability: Option<String>,
    /// For saves: `true` when a success halves the damage.
    half_on_success: bool,
}

/// A damage type the caster may pick.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = DamageTypeChoice)]
pub(crate) struct TypeChoice {
    /// The damage type (`acid`, ...).
    #[serde(rename = "type")]
    damage_type: String,
    /// Its name.
    #[schema(value_type = Words)]
    name: Both,
}

fn damage_choices(spell: &Spell) -> Vec<TypeChoice> {
    let mut out: Vec<TypeChoice> = Vec::new();
    for part in spell
        .effect
        .damage
        .iter()
        .filter(|d| !d.alternative_types.is_empty())
    {
        for t in part.offered_types() {
            let key = serde_name(&t);
            if !out.iter().any(|c| c.damage_type == key) {
                out.push(TypeChoice {
                    damage_type: key,
                    name: Both {
                        en: t.name_en().to_owned(),
                        cs: t.name_cs().to_owned(),
                    },
                });
            }
        }
    }
    out
}

/// When in a turn a spell is cast.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub(crate) enum CastingKind {
    /// An action.
    Action,
    /// A Bonus Action.
    BonusAction,
    /// A Reaction.
    Reaction,
    /// A minute or longer.
    Long,
}

/// A spell card.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = SpellCard)]
pub(crate) struct Card {
    /// Stable id, e.g. `magic-missile`.
    id: String,
    /// From a campaign's homebrew file rather than the SRD.
    homebrew: bool,
    /// English name.
    name_en: String,
    /// Czech name.
    name_cs: String,
    /// 0 (cantrip) to 9.
    #[schema(maximum = 9)]
    level: u8,
    /// The school (`evocation`, ...).
    school: String,
    /// The school's name.
    #[schema(value_type = Words)]
    school_name: Both,
    /// Class lists (`wizard`, ...).
    classes: Vec<String>,
    /// Ritual tag.
    ritual: bool,
    /// Needs Concentration.
    concentration: bool,
    /// The casting time in words.
    #[schema(value_type = Words)]
    casting_time: Both,
    /// When in a turn it is cast.
    casting_kind: CastingKind,
    /// The trigger a cast must name (R11): Reactions and the Bonus Actions
    /// that have one; the cast dialog asks for it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Words>, required = false)]
    trigger: Option<Both>,
    /// The range in words.
    #[schema(value_type = Words)]
    range: Both,
    /// It affects the caster alone (range Self, no area, nothing reaching
    /// another creature: Shield, Misty Step), so a cast names no targets;
    /// left out when false.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[schema(required = false)]
    self_only: bool,
    /// The area in words, when it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Words>, required = false)]
    area: Option<Both>,
    /// The components in words.
    #[schema(value_type = Words)]
    components: Both,
    /// The duration in words.
    #[schema(value_type = Words)]
    duration: Both,
    /// One line in English.
    summary_en: String,
    /// One line in Czech.
    summary_cs: String,
    /// How it reaches its targets.
    delivery: DeliveryText,
    /// The conditions it can impose, by name; left out when none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schema(value_type = Vec<Words>, required = false)]
    conditions: Vec<Both>,
    /// Damage types the caster may choose from when casting (Chromatic
    /// Orb), the default first; left out when there is no choice.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schema(required = false)]
    damage_choices: Vec<TypeChoice>,
    /// Rows from the spell's level up to 9, one where the effect changes
    /// (one per cantrip tier).
    levels: Vec<LevelRow>,
}

fn serde_name<T: Serialize>(value: &T) -> String {
    serde_json::to_value(value)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

fn row(spell: &Spell, slot: u8, character_level: Option<u8>) -> LevelRow {
    let s = scale(spell, slot, character_level.unwrap_or(1));
    let mean = expression(&s, 0)
        .and_then(|(_, e)| e.distribution().ok())
        .map(|d| d.mean());
    LevelRow {
        slot,
        character_level,
        instances: s.instances,
        targets: s.targets,
        damage: s
            .damage
            .iter()
            .map(|d| DamageText {
                formula: d.dice.to_string(),
                plus_modifier: d.add_modifier,
                damage_type: serde_name(&d.damage_type),
                type_name: Both {
                    en: d.damage_type.name_en().to_owned(),
                    cs: d.damage_type.name_cs().to_owned(),
                },
            })
            .collect(),
        healing: s.healing.as_ref().map(|h| {
            if h.add_modifier {
                format!("{} + mod", h.dice)
            } else {
                h.dice.to_string()
            }
        }),
        mean,
    }
}

/// The card of one catalogue spell.
pub(crate) fn card(c: &CatalogSpell) -> Card {
    let spell = &c.spell;
    let levels = if spell.level.is_cantrip() {
        match spell.effect.cantrip_scaling {
            CantripScaling::None => vec![row(spell, 0, Some(1))],
            _ => [1, 5, 11, 17]
                .into_iter()
                .map(|cl| row(spell, 0, Some(cl)))
                .collect(),
        }
    } else {
        let mut rows: Vec<LevelRow> = Vec::new();
        for l in spell.level.get()..=9 {
            let r = row(spell, l, None);
            if rows.last().is_none_or(|last| !last.same_effect(&r)) {
                rows.push(r);
            }
        }
        rows
    };
    let delivery = match &spell.effect.delivery {
        Delivery::Automatic => DeliveryText {
            kind: DeliveryKind::Automatic,
            ability: None,
            half_on_success: false,
        },
        Delivery::Attack(_) => DeliveryText {
            kind: DeliveryKind::Attack,
            ability: None,
            half_on_success: false,
        },
        Delivery::Save {
            ability,
            on_success,
        } => DeliveryText {
            kind: DeliveryKind::Save,
            ability: Some(serde_name(ability)),
            half_on_success: *on_success == OnSave::Half,
        },
    };
    // On the caster alone: range Self with no area, and nothing that
    // reaches another creature (no attack, save, damage, healing or
    // condition: a smite or Shillelagh, also Self, names its target).
    let self_only = matches!(spell.range, grimoire_rules::Range::Self_)
        && spell.area.is_none()
        && matches!(spell.effect.delivery, Delivery::Automatic)
        && spell.effect.conditions.is_empty()
        && levels
            .iter()
            .all(|l| l.damage.is_empty() && l.healing.is_none());
    let casting_kind = match spell.casting_time {
        grimoire_rules::CastingTime::Action => CastingKind::Action,
        grimoire_rules::CastingTime::BonusAction { .. } => CastingKind::BonusAction,
        grimoire_rules::CastingTime::Reaction { .. } => CastingKind::Reaction,
        _ => CastingKind::Long,
    };
    Card {
        id: c.id().to_owned(),
        homebrew: matches!(c.source, grimoire_catalog::Source::Homebrew(_)),
        name_en: c.name_en.clone(),
        name_cs: c.name_cs.clone(),
        level: spell.level.get(),
        school: serde_name(&spell.school),
        school_name: Both {
            en: spell.school.name_en().to_owned(),
            cs: spell.school.name_cs().to_owned(),
        },
        classes: spell.classes.iter().map(serde_name).collect(),
        ritual: spell.ritual,
        concentration: spell.is_concentration(),
        casting_time: words::casting_time(&spell.casting_time, spell.trigger_cs.as_deref()),
        casting_kind,
        trigger: words::trigger(&spell.casting_time, spell.trigger_cs.as_deref()),
        range: words::range(&spell.range),
        self_only,
        area: spell.area.as_ref().map(words::area),
        components: words::components(&spell.components, spell.material_cs.as_deref()),
        duration: words::duration(&spell.duration),
        summary_en: c.summary_en.clone(),
        summary_cs: c.summary_cs.clone(),
        delivery,
        damage_choices: damage_choices(spell),
        conditions: spell
            .effect
            .conditions
            .iter()
            .map(|k| Both {
                en: k.name_en().to_owned(),
                cs: k.name_cs().to_owned(),
            })
            .collect(),
        levels,
    }
}

/// A distribution as the chart draws it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = LevelDistribution)]
pub(crate) struct Chart {
    /// The level cast at (0 for a cantrip).
    #[schema(maximum = 9)]
    slot: u8,
    /// The total as dice notation, e.g. `4d4 + 4`.
    formula: String,
    /// The smallest total.
    min: i64,
    /// The largest total.
    max: i64,
    /// The mean total.
    mean: f64,
    /// `[value, probability]`, ascending, zero probabilities left out.
    #[schema(value_type = Vec<Vec<f64>>)]
    pmf: Vec<(i64, f64)>,
}

/// The damage (or healing) of a spell at each level it can be cast at.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(as = DamageDistribution)]
pub(crate) struct DamageReport {
    /// The spell's id.
    spell: String,
    /// `damage` or `healing`; `null` when the spell has no numbers.
    kind: Option<Kind>,
    /// What the numbers assume.
    #[schema(value_type = Words)]
    assumes: Both,
    /// One per level asked for (none when the spell has no numbers).
    levels: Vec<Chart>,
}

/// Computes the report for `slots` (all levels the spell can use when empty).
pub(crate) fn damage_report(
    c: &CatalogSpell,
    slots: &[u8],
    character_level: u8,
    modifier: i32,
) -> Result<DamageReport, grimoire_dice::DistributionError> {
    let spell = &c.spell;
    let levels: Vec<u8> = if spell.level.is_cantrip() {
        vec![0]
    } else if slots.is_empty() {
        (spell.level.get()..=9).collect()
    } else {
        slots.to_vec()
    };
    let mut kind = None;
    let mut charts = Vec::new();
    for slot in levels {
        let scaled = scale(spell, slot, character_level);
        let Some((k, expr)) = expression(&scaled, modifier) else {
            continue;
        };
        kind = Some(k);
        let d: Distribution = expr.distribution()?;
        charts.push(Chart {
            slot,
            formula: expr.to_string(),
            min: d.min(),
            max: d.max(),
            mean: d.mean(),
            pmf: d.pmf().collect(),
        });
    }
    let assumes = match &spell.effect.delivery {
        Delivery::Automatic => words::both("card-assumes-automatic", &[]),
        Delivery::Attack(_) => words::both("card-assumes-attack", &[]),
        Delivery::Save { .. } => words::both("card-assumes-save", &[]),
    };
    Ok(DamageReport {
        spell: c.id().to_owned(),
        kind,
        assumes,
        levels: charts,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use grimoire_catalog::Catalog;
    use grimoire_dice::SeededRng;
    use grimoire_rules::{AbilityScores, CastRequest, Caster, Class, SlotLevel, Target};

    fn spell(id: &str) -> &'static CatalogSpell {
        Catalog::srd().get(id).unwrap()
    }

    /// The largest numbers a formula can hold, many times over, with the
    /// largest modifier: no overflow (a debug build panicked on it), and
    /// the expression keeps to the dice crate's bounds.
    #[test]
    fn a_total_at_the_extremes_saturates() {
        let most = DiceFormula {
            count: u32::MAX,
            sides: u32::MAX,
            bonus: i32::MAX,
        };
        let e = total(most, u32::MAX, i32::MAX);
        assert!(e.max() > 0 && e.min() > 0, "{e}");
        let least = DiceFormula {
            count: 0,
            sides: 1,
            bonus: i32::MIN,
        };
        let e = total(least, u32::MAX, i32::MIN);
        assert!(e.max() < 0, "{e}");
        assert_eq!(total(DiceFormula::new(2, 6), 3, 1).to_string(), "6d6 + 3");
    }

    #[test]
    fn magic_missile_gains_a_dart_per_slot_level() {
        let r = damage_report(spell("magic-missile"), &[1, 2], 1, 0).unwrap();
        let formulas: Vec<&str> = r.levels.iter().map(|c| c.formula.as_str()).collect();
        assert_eq!(formulas, ["3d4 + 3", "4d4 + 4"]);
        assert!((r.levels[1].mean - 14.0).abs() < 1e-9);
        assert_eq!((r.levels[1].min, r.levels[1].max), (8, 20));
        let total: f64 = r.levels[1].pmf.iter().map(|(_, p)| p).sum();
        assert!((total - 1.0).abs() < 1e-9);
    }

    #[test]
    fn fireball_gains_a_d6_per_slot_level() {
        let r = damage_report(spell("fireball"), &[], 1, 0).unwrap();
        assert_eq!(r.levels.len(), 7);
        assert_eq!(r.levels[0].formula, "8d6");
        assert_eq!(r.levels[6].formula, "14d6");
    }

    #[test]
    fn chromatic_orb_offers_its_damage_types() {
        let c = card(spell("chromatic-orb"));
        let types: Vec<&str> = c
            .damage_choices
            .iter()
            .map(|t| t.damage_type.as_str())
            .collect();
        assert_eq!(
            types,
            ["acid", "cold", "fire", "lightning", "poison", "thunder"]
        );
        assert!(card(spell("fireball")).damage_choices.is_empty());
    }

    #[test]
    fn cards_send_one_row_per_change() {
        assert_eq!(card(spell("magic-missile")).levels.len(), 9);
        assert_eq!(card(spell("shield")).levels.len(), 1);
    }

    #[test]
    fn cantrips_scale_with_character_level() {
        let fire_bolt = spell("fire-bolt");
        assert_eq!(scale(&fire_bolt.spell, 0, 5).damage[0].dice.count, 2);
        let c = card(fire_bolt);
        assert_eq!(c.levels.len(), 4);
    }

    /// The cards' numbers agree with what the engine rolls.
    #[test]
    fn scaling_matches_the_rules_engine() {
        let scores = AbilityScores::new([10, 10, 10, 16, 10, 10]).unwrap();
        for id in ["magic-missile", "burning-hands", "thunderwave"] {
            let s = spell(id);
            let mut wizard = Caster::new("W", &[(Class::Wizard, 9)], scores).unwrap();
            wizard.apply_all(&wizard.prepare(&s.spell).unwrap().events);
            for slot in s.spell.level.get()..=5 {
                let req = CastRequest::new()
                    .at_slot(SlotLevel::new(slot).unwrap())
                    .target(Target::named("Orc"));
                let out =
                    grimoire_rules::cast(&wizard, &s.spell, &req, &mut SeededRng::new(1)).unwrap();
                let ours = scale(&s.spell, slot, 9);
                let (_, expr) = expression(&ours, 0).unwrap();
                let dice: u64 = out
                    .resolution
                    .rolls
                    .iter()
                    .filter(|r| r.label.is_damage())
                    .map(|r| r.dice.len() as u64)
                    .sum();
                assert_eq!(dice, expr.dice_count(), "{id} at {slot}");
            }
        }
    }

    /// The documented `Words` schema has exactly the keys a `Both` has.
    #[test]
    fn words_document_both() {
        use utoipa::PartialSchema;
        let schema = serde_json::to_value(Words::schema()).unwrap();
        let mut documented: Vec<&String> =
            schema["properties"].as_object().unwrap().keys().collect();
        documented.sort();
        let both = serde_json::to_value(Both {
            en: "fire".into(),
            cs: "oheň".into(),
        })
        .unwrap();
        let sent: Vec<&String> = both.as_object().unwrap().keys().collect();
        assert_eq!(documented, sent);
    }

    #[test]
    fn every_card_builds_and_serializes() {
        for s in Catalog::srd().spells() {
            let c = card(s);
            assert!(!c.levels.is_empty(), "{}", s.id());
            serde_json::to_string(&c).unwrap();
            damage_report(s, &[], 1, 3).unwrap();
        }
    }
}
