//! Class features, subclasses, feats and Eldritch Invocations (issue 33):
//! what each gives a caster, and the choice of one with its
//! prerequisites checked.
//!
//! A [`FeatureDef`] is catalogue data (the catalogue reads it from its
//! TOML file and converts it into these types). Choosing one records a
//! [`Pick`] on the caster and turns its grants into the events the rules
//! already know: spells kept prepared by a feature (outside the prepared
//! limit) and limited-use features that cast without a slot (R5c).

use crate::caster::Caster;
use crate::class::Class;
use crate::error::{RulesError, SpellName};
use crate::event::Event;
use crate::event::Outcome;
use crate::feature_kind::FeatureKind;
use crate::level::SpellLevel;
use crate::resources::{LimitedUse, Recharge};
use crate::spell::{Spell, SpellId};
use crate::state::extra_spell::ExtraSpell;
use crate::state::pick::Pick;

/// Spells a feature keeps prepared from a class level on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpellsAt {
    /// The class level (character level for a feat) that brings them.
    pub level: u8,
    /// The spells.
    pub spells: Vec<SpellId>,
}

/// Which spells a free cast may cast.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FreeSpells {
    /// The spells named here.
    Named(Vec<SpellId>),
    /// Any spell of a class's list up to a level that is not a Reaction
    /// (Divine Intervention).
    List {
        /// The list.
        class: Class,
        /// The highest spell level.
        max_level: u8,
    },
    /// The level-1+ spells the player chose for the pick (Magic
    /// Initiate's spell), one free cast each when `each` is set on the cast.
    Chosen,
    /// The level-1+ spells the pick keeps prepared (Natural Recovery's
    /// Circle spells).
    Prepared,
}

/// How often a free cast may be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Uses {
    /// Without limit (an invocation's at-will spell).
    AtWill,
    /// This many times per recharge.
    Times(u8),
    /// By class level: the last `(level, uses)` at or below the level.
    ByLevel(Vec<(u8, u8)>),
    /// It spends the uses of another feature of the caster (Wild
    /// Companion spends a Wild Shape use).
    Shares(String),
}

/// A way a feature casts without a slot (R5c).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FreeCast {
    /// Its name on the sheet (`Divine Intervention`).
    pub name: String,
    /// The class level (character level for a feat) that brings it.
    pub level: u8,
    /// What it casts.
    pub spells: FreeSpells,
    /// How often.
    pub uses: Uses,
    /// When the uses return.
    pub recharge: Recharge,
    /// The level it casts at (Signature Spells: 3); `None` the spell's own.
    pub cast_level: Option<u8>,
    /// Cast without Material components (Divine Intervention).
    pub no_material: bool,
    /// One use per chosen spell, each its own line (Signature Spells).
    pub each: bool,
    /// A Short Rest gives back one use (Wild Shape); a Long Rest all.
    pub short_rest_one: bool,
    /// After a cast, the feature that paid waits this many dice (count,
    /// sides) of Long Rests (Greater Divine Intervention: 2d4).
    pub lock_dice: Option<(u8, u8)>,
}

/// The spells a player chooses for a pick.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SpellChoice {
    /// Cantrips to choose.
    pub cantrips: u8,
    /// The level of each level-1+ spell to choose (`[1, 2]`: one of each).
    pub levels: Vec<u8>,
    /// The lists they come from; empty: any list, or the variant's list.
    pub lists: Vec<Class>,
    /// The level-1+ spells must be Rituals (Pact of the Tome).
    pub ritual: bool,
    /// Spells of any level the caster has slots for, cantrips included
    /// (Magical Discoveries: two).
    pub any: u8,
}

/// One option of a feature (a land type, a spell list).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Variant {
    /// Its id (`arid`, `cleric`).
    pub id: String,
    /// English name.
    pub name: String,
    /// Czech name.
    pub name_cs: String,
    /// The spell list it chooses from, when it is one.
    pub list: Option<Class>,
    /// Spells it keeps prepared.
    pub always_prepared: Vec<SpellsAt>,
}

/// A class feature, subclass, feat or invocation, as the catalogue has it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FeatureDef {
    /// Its id (`life`, `magic-initiate`, `armor-of-shadows`).
    pub id: String,
    /// What it is.
    pub kind: FeatureKind,
    /// Its class; `None` for a feat.
    pub class: Option<Class>,
    /// The class level it needs (character level for a feat).
    pub level: u8,
    /// English name.
    pub name: String,
    /// Czech name.
    pub name_cs: String,
    /// What it does, in a sentence of our own (English).
    pub about: String,
    /// What it does, in Czech.
    pub about_cs: String,
    /// Picks it needs first (an invocation's prerequisite invocation).
    pub requires: Vec<String>,
    /// Whether it may be chosen again (with another variant).
    pub repeatable: bool,
    /// Spells it keeps prepared by class level.
    pub always_prepared: Vec<SpellsAt>,
    /// Its options; one must be chosen when there are any.
    pub variants: Vec<Variant>,
    /// Spells the player chooses for it.
    pub choice: Option<SpellChoice>,
    /// Its ways to cast without a slot.
    pub free: Vec<FreeCast>,
    /// Other classes' lists whose spells count as its class's (Magical Secrets).
    pub adds_lists: Vec<Class>,
}

/// Eldritch Invocations a Warlock may have by Warlock level (SRD 5.2).
pub fn invocations_known(warlock_level: u8) -> u8 {
    match warlock_level {
        0 => 0,
        1 => 1,
        2..=4 => 3,
        5..=6 => 5,
        7..=8 => 6,
        9..=11 => 7,
        12..=14 => 8,
        15..=17 => 9,
        _ => 10,
    }
}

/// Metamagic options a Sorcerer knows by Sorcerer level (SRD 5.2: two
/// at level 2, four at 10, six at 17).
pub fn metamagic_known(sorcerer_level: u8) -> u8 {
    match sorcerer_level {
        0..=1 => 0,
        2..=9 => 2,
        10..=16 => 4,
        _ => 6,
    }
}

/// What the player asks for when choosing a feature.
#[derive(Debug, Clone, Default)]
pub struct Choice<'a> {
    /// The option (`arid`, `cleric`), when the feature has options.
    pub variant: Option<&'a str>,
    /// The spells chosen for it, looked up in the catalogue.
    pub spells: Vec<&'a Spell>,
}

impl Caster {
    /// Chooses a subclass, feat or invocation: checks its class level,
    /// prerequisites, option and chosen spells, then records it and gives
    /// what it grants at the caster's levels. `level_of` looks up a
    /// spell's level (to leave cantrips out of a free cast).
    pub fn choose_feature(
        &self,
        def: &FeatureDef,
        choice: &Choice<'_>,
        level_of: &dyn Fn(&SpellId) -> Option<SpellLevel>,
    ) -> Result<Outcome, RulesError> {
        let have = self.feature_level(def);
        if have < def.level {
            return Err(RulesError::FeatureLevelTooLow {
                kind: def.kind,
                name: def.name.clone(),
                class: def.class,
                needed: def.level,
                have,
            });
        }
        let variant = pick_variant(def, choice.variant)?;
        let taken = self.picks().iter().find(|p| {
            p.id == def.id && (!def.repeatable || p.variant.as_deref() == variant.map(|v| &*v.id))
                || (def.kind == FeatureKind::Subclass
                    && p.kind == FeatureKind::Subclass
                    && p.class == def.class)
        });
        if let Some(p) = taken {
            return Err(RulesError::FeatureAlreadyChosen {
                name: p.name.clone(),
            });
        }
        if let Some(missing) = def
            .requires
            .iter()
            .find(|r| !self.picks().iter().any(|p| &p.id == *r))
        {
            return Err(RulesError::PrerequisiteMissing {
                name: def.name.clone(),
                needs: missing.clone(),
            });
        }
        if def.kind == FeatureKind::Metamagic {
            let max = metamagic_known(self.class_level(Class::Sorcerer));
            let have = self
                .picks()
                .iter()
                .filter(|p| p.kind == FeatureKind::Metamagic)
                .count();
            if have >= usize::from(max) {
                return Err(RulesError::TooManyMetamagic { max });
            }
        }
        if def.kind == FeatureKind::Invocation {
            let max = invocations_known(self.class_level(Class::Warlock));
            let have = self
                .picks()
                .iter()
                .filter(|p| p.kind == FeatureKind::Invocation)
                .count();
            if have >= usize::from(max) {
                return Err(RulesError::TooManyInvocations { max });
            }
        }
        check_chosen(def, variant, &choice.spells, self.max_spell_level())?;
        let pick = Pick {
            kind: def.kind,
            id: def.id.clone(),
            name: display_name(def, variant),
            class: def.class,
            variant: variant.map(|v| v.id.clone()),
            spells: choice.spells.iter().map(|s| s.id.clone()).collect(),
            lists: def.adds_lists.clone(),
        };
        let mut events = vec![Event::FeaturePicked { pick: pick.clone() }];
        let mut working = self.clone();
        working.apply_all(&events);
        let grants = working.grants(def, &pick, level_of);
        events.extend(grants);
        Ok(Outcome {
            events,
            notes: Vec::new(),
        })
    }

    /// Gains every class feature of `book` its class levels reach that it
    /// does not have yet (Divine Intervention at Cleric 10, Paladin's
    /// Smite at Paladin 2, ...; not those that ask for a choice of spells
    /// or of an option, like Elemental Affinity's damage type, which are
    /// chosen), and what its features give at its levels now
    /// (a subclass's spells of a level reached since). Nothing new: no events.
    pub fn refresh_features(
        &self,
        book: &[FeatureDef],
        level_of: &dyn Fn(&SpellId) -> Option<SpellLevel>,
    ) -> Outcome {
        let mut working = self.clone();
        let mut events = Vec::new();
        for pick in self.picks() {
            let Some(def) = book.iter().find(|d| d.kind == pick.kind && d.id == pick.id) else {
                continue;
            };
            let grants = working.grants(def, pick, level_of);
            working.apply_all(&grants);
            events.extend(grants);
        }
        for def in book.iter().filter(|d| d.kind == FeatureKind::Class) {
            if working.feature_level(def) < def.level
                || def.choice.is_some()
                || !def.variants.is_empty()
                || working.picks().iter().any(|p| p.id == def.id)
            {
                continue;
            }
            let pick = Pick {
                kind: def.kind,
                id: def.id.clone(),
                name: def.name.clone(),
                class: def.class,
                variant: None,
                spells: Vec::new(),
                lists: def.adds_lists.clone(),
            };
            let picked = Event::FeaturePicked { pick: pick.clone() };
            working.apply(&picked);
            let grants = working.grants(def, &pick, level_of);
            working.apply_all(&grants);
            events.push(picked);
            events.extend(grants);
        }
        Outcome {
            events,
            notes: Vec::new(),
        }
    }

    /// The level a feature's requirement reads: its class's level, or the
    /// character level for a feat.
    fn feature_level(&self, def: &FeatureDef) -> u8 {
        match def.class {
            Some(class) => self.class_level(class),
            None => self.level(),
        }
    }

    /// The class a feature's spells count as: its own class when the
    /// caster has it, else a class of the caster with the option's list,
    /// else the caster's first class.
    fn counts_as(&self, def: &FeatureDef, variant: Option<&Variant>) -> Option<Class> {
        let has = |c: Class| self.class_level(c) > 0;
        def.class
            .filter(|c| has(*c))
            .or_else(|| variant.and_then(|v| v.list).filter(|c| has(*c)))
            .or_else(|| self.classes().first().map(|(c, _)| *c))
    }

    /// The events that give what `def` grants at the caster's levels.
    fn grants(
        &self,
        def: &FeatureDef,
        pick: &Pick,
        level_of: &dyn Fn(&SpellId) -> Option<SpellLevel>,
    ) -> Vec<Event> {
        let level = self.feature_level(def);
        let variant = pick
            .variant
            .as_deref()
            .and_then(|id| def.variants.iter().find(|v| v.id == id));
        let Some(class) = self.counts_as(def, variant) else {
            return Vec::new();
        };
        let mut events = Vec::new();
        let mut prepared: Vec<SpellId> = def
            .always_prepared
            .iter()
            .chain(variant.iter().flat_map(|v| v.always_prepared.iter()))
            .filter(|at| at.level <= level)
            .flat_map(|at| at.spells.iter().cloned())
            .collect();
        let from_table = prepared.clone();
        prepared.extend(pick.spells.iter().cloned());
        for spell in &prepared {
            let extra = ExtraSpell {
                spell: spell.clone(),
                class,
                always_prepared: true,
            };
            if !self.extra_spells().contains(&extra) {
                events.push(Event::ExtraSpellAdded { extra });
            }
        }
        let leveled = |ids: &mut dyn Iterator<Item = &SpellId>| -> Vec<SpellId> {
            ids.filter(|id| level_of(id).is_some_and(|l| !l.is_cantrip()))
                .cloned()
                .collect()
        };
        for free in def.free.iter().filter(|f| f.level <= level) {
            let (spells, from_list) = match &free.spells {
                FreeSpells::Named(ids) => (ids.clone(), None),
                FreeSpells::List { class, max_level } => {
                    (Vec::new(), Some((*class, spell_level(*max_level))))
                }
                FreeSpells::Chosen => (leveled(&mut pick.spells.iter()), None),
                FreeSpells::Prepared => (leveled(&mut from_table.iter()), None),
            };
            let max_uses = match &free.uses {
                Uses::AtWill | Uses::Shares(_) => 0,
                Uses::Times(n) => *n,
                Uses::ByLevel(table) => table
                    .iter()
                    .filter(|(at, _)| *at <= level)
                    .map(|(_, n)| *n)
                    .next_back()
                    .unwrap_or(0),
            };
            let base_name = match variant {
                Some(v) if def.free.len() == 1 && free.name == def.name => {
                    format!("{} ({})", free.name, v.name)
                }
                _ => free.name.clone(),
            };
            let lines: Vec<(String, Vec<SpellId>)> = if free.each {
                spells
                    .iter()
                    .map(|s| (format!("{base_name}: {s}"), vec![s.clone()]))
                    .collect()
            } else {
                vec![(base_name, spells)]
            };
            for (name, spells) in lines {
                let mut feature = LimitedUse::new(name, spells, max_uses, free.recharge);
                feature.cast_level = free.cast_level.map(spell_level);
                feature.from_list = from_list;
                feature.at_will = matches!(free.uses, Uses::AtWill);
                feature.shares = match &free.uses {
                    Uses::Shares(other) => Some(other.clone()),
                    _ => None,
                };
                feature.no_material = free.no_material;
                feature.short_rest_one = free.short_rest_one;
                feature.lock_dice = free.lock_dice;
                let same = self.features().iter().any(|f| {
                    f.name == feature.name
                        && f.spells == feature.spells
                        && f.max_uses == feature.max_uses
                });
                if !same {
                    events.push(Event::FeatureAdded { feature });
                }
            }
        }
        events
    }
}

/// The option a choice names, refused when the feature needs one and the
/// name is missing or unknown.
fn pick_variant<'d>(
    def: &'d FeatureDef,
    asked: Option<&str>,
) -> Result<Option<&'d Variant>, RulesError> {
    if def.variants.is_empty() {
        return Ok(None);
    }
    let found = asked.and_then(|a| {
        def.variants
            .iter()
            .find(|v| v.id.eq_ignore_ascii_case(a) || v.name.eq_ignore_ascii_case(a))
    });
    found
        .map(Some)
        .ok_or_else(|| RulesError::FeatureVariantNeeded {
            name: def.name.clone(),
            options: def
                .variants
                .iter()
                .map(|v| v.id.as_str())
                .collect::<Vec<_>>()
                .join(", "),
        })
}

/// The name a pick shows: the feature's, with its option's.
fn display_name(def: &FeatureDef, variant: Option<&Variant>) -> String {
    match variant {
        Some(v) => format!("{} ({})", def.name, v.name),
        None => def.name.clone(),
    }
}

/// Checks the spells chosen for a pick against what it asks for: the
/// number of cantrips and of spells of each level, the lists, Rituals.
fn check_chosen(
    def: &FeatureDef,
    variant: Option<&Variant>,
    chosen: &[&Spell],
    max_level: SpellLevel,
) -> Result<(), RulesError> {
    let refuse = |spell: &Spell| RulesError::FeatureSpellNotAllowed {
        name: def.name.clone(),
        spell: SpellName::of(spell),
    };
    let Some(want) = &def.choice else {
        return match chosen.first() {
            Some(s) => Err(refuse(s)),
            None => Ok(()),
        };
    };
    let lists: Vec<Class> = if want.lists.is_empty() {
        variant.and_then(|v| v.list).into_iter().collect()
    } else {
        want.lists.clone()
    };
    let mut cantrips = 0u8;
    let mut levels = want.levels.clone();
    let mut any = want.any;
    for spell in chosen {
        let on_list = lists.is_empty() || lists.iter().any(|c| spell.on_class_list(*c));
        if !on_list {
            return Err(refuse(spell));
        }
        if any > 0 {
            if spell.level > max_level {
                return Err(refuse(spell));
            }
            any -= 1;
            continue;
        }
        if spell.level.is_cantrip() {
            cantrips += 1;
            if cantrips > want.cantrips {
                return Err(refuse(spell));
            }
            continue;
        }
        if want.ritual && !spell.ritual {
            return Err(refuse(spell));
        }
        match levels.iter().position(|l| *l == spell.level.get()) {
            Some(i) => {
                levels.remove(i);
            }
            None => return Err(refuse(spell)),
        }
    }
    if let Some(twice) = chosen
        .iter()
        .enumerate()
        .find(|(i, s)| chosen[..*i].iter().any(|o| o.id == s.id))
    {
        return Err(refuse(twice.1));
    }
    Ok(())
}

/// A spell level from a data file's number (above 9 reads as 9).
fn spell_level(n: u8) -> SpellLevel {
    SpellLevel::new(n.min(9)).unwrap_or(SpellLevel::CANTRIP)
}

/// Refuses a free cast asked for at slot level `asked` above the level
/// its feature casts at (`free_cast_cannot_upcast`): upcasting takes a slot.
pub(crate) fn check_no_upcast(
    caster: &Caster,
    spell: &Spell,
    name: &str,
    asked: crate::level::SlotLevel,
) -> Result<(), RulesError> {
    let Some(feature) = caster
        .features()
        .iter()
        .find(|f| f.name == name && f.casts(spell))
    else {
        return Ok(());
    };
    let level = feature.cast_level.unwrap_or(spell.level).max(spell.level);
    if asked.get() > level.get() {
        return Err(RulesError::FreeCastCannotUpcast {
            name: name.to_owned(),
            level: level.get(),
        });
    }
    Ok(())
}

/// The feature whose uses a free cast spends and how many it has left:
/// the feature itself, or the one it shares (Wild Companion: Wild Shape).
pub(crate) fn paying_uses(caster: &Caster, feature: &LimitedUse) -> (String, u8) {
    match &feature.shares {
        Some(other) => {
            let left = caster
                .features()
                .iter()
                .find(|f| &f.name == other)
                .map_or(0, LimitedUse::remaining);
            (other.clone(), left)
        }
        None => (feature.name.clone(), feature.remaining()),
    }
}

/// The feature whose use a cast through `name` spends, `None` when it is
/// at will.
pub(crate) fn use_spent(caster: &Caster, name: &str) -> Option<String> {
    match caster.features().iter().find(|f| f.name == name) {
        Some(f) if f.at_will => None,
        Some(f) => Some(paying_uses(caster, f).0),
        None => Some(name.to_owned()),
    }
}

/// Whether the cast's source waives Material components (Divine
/// Intervention, Wild Companion).
pub(crate) fn without_material(caster: &Caster, source: &crate::resolution::Source) -> bool {
    match source {
        crate::resolution::Source::Feature(name) => caster
            .features()
            .iter()
            .any(|f| &f.name == name && f.no_material),
        _ => false,
    }
}

impl Caster {
    /// Goes into Wild Shape (spending a use of the Wild Shape feature) or
    /// comes out of it. In Wild Shape it casts no spells; Concentration
    /// it holds is kept. Asking for the state it is in changes nothing.
    pub fn wild_shape(&self, on: bool) -> Result<Outcome, RulesError> {
        let mut out = Outcome::default();
        if on == self.in_wild_shape() {
            return Ok(out);
        }
        if on {
            let feature = self
                .features()
                .iter()
                .find(|f| f.name == WILD_SHAPE)
                .ok_or_else(|| RulesError::FeatureMissing {
                    name: WILD_SHAPE.to_owned(),
                })?;
            if feature.remaining() == 0 {
                return Err(RulesError::NoUsesLeft {
                    name: WILD_SHAPE.to_owned(),
                    rule: "R5c",
                });
            }
            out.events.push(Event::FeatureUsed {
                name: WILD_SHAPE.to_owned(),
            });
        }
        out.events.push(Event::WildShapeChanged { on });
        Ok(out)
    }
}

/// The name of the Druid's Wild Shape feature on the sheet.
pub const WILD_SHAPE: &str = "Wild Shape";

/// After a cast through `name`, a feature with lock dice rolls them: the
/// feature that paid waits that many Long Rests ([`Event::FeatureLocked`]).
pub(crate) fn lockout<R: grimoire_dice::DiceRng + ?Sized>(
    caster: &Caster,
    name: &str,
    rng: &mut R,
    events: &mut Vec<Event>,
) -> Option<crate::roll::RollRecord> {
    let feature = caster.features().iter().find(|f| f.name == name)?;
    let (count, sides) = feature.lock_dice?;
    let dice = crate::formula::DiceFormula {
        count: u32::from(count),
        sides: u32::from(sides),
        bonus: 0,
    };
    let roll = crate::roll::roll_formula(rng, dice, crate::label::RollLabel::RestsLocked);
    events.push(Event::FeatureLocked {
        name: paying_uses(caster, feature).0,
        rests: u8::try_from(roll.total).unwrap_or(u8::MAX),
    });
    Some(roll)
}

/// The id of the Boon of Spell Recall feat.
const SPELL_RECALL: &str = "boon-of-spell-recall";

/// Boon of Spell Recall (SRD 5.2): after a cast with a level 1–4 slot, a
/// d4 is rolled; showing the slot's level, the slot is not expended
/// ([`Event::SlotKept`] after the expending, so R10 still counts the cast
/// as a slot cast). `None` (and no roll) for anyone without the feat or a
/// higher slot.
pub(crate) fn spell_recall<R: grimoire_dice::DiceRng + ?Sized>(
    caster: &Caster,
    spent: crate::resolution::SpentSlot,
    rng: &mut R,
    events: &mut Vec<Event>,
) -> Option<crate::roll::RollRecord> {
    let level = spent.level.get();
    if level > 4 || !caster.picks().iter().any(|p| p.id == SPELL_RECALL) {
        return None;
    }
    let d4 = crate::formula::DiceFormula {
        count: 1,
        sides: 4,
        bonus: 0,
    };
    let roll = crate::roll::roll_formula(rng, d4, crate::label::RollLabel::SpellRecall { level });
    if roll.total == i64::from(level) {
        events.push(Event::SlotKept {
            level: spent.level,
            pact: spent.pact,
        });
    }
    Some(roll)
}

impl Caster {
    /// The Metamagic options the caster knows.
    pub fn metamagic_known(&self) -> Vec<crate::metamagic::Metamagic> {
        self.picks()
            .iter()
            .filter(|p| p.kind == FeatureKind::Metamagic)
            .filter_map(|p| crate::metamagic::Metamagic::from_id(&p.id))
            .collect()
    }
}
