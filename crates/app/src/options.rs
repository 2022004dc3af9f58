//! What a character can cast right now, and why not the rest (issue 15).
//!
//! Every spell the character could reach (cantrips, prepared and always
//! prepared spells, a Wizard's Ritual spells in the spellbook, spells held
//! by items and limited-use abilities) is tried every way it could be
//! powered (each slot level with slots, a pact slot, as a ritual, through
//! each item or ability, a Mystic Arcanum), with the same request fitting
//! and the same rules check a cast uses ([`crate::fit_request_stored`],
//! [`grimoire_rules::check_cast`]). So the list cannot disagree with a
//! cast: a way listed is a cast that would be accepted now, and a blocked
//! spell is refused with the code shown.

use std::collections::{BTreeMap, BTreeSet};

use grimoire_rules::{
    ActionKind, CastRequest, Caster, CastingTime, HouseRules, SlotLevel, Spell, SpellId,
    cast_action, check_cast_waiving,
};
use grimoire_store::{Entity, Store};
use serde::Serialize;

use crate::error::AppError;
use crate::state::EncounterState;

pub use crate::way::Way;

/// One way that works now, with the part of the turn it takes (R9).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Open {
    /// How it is powered.
    pub way: Way,
    /// The action, Bonus Action or Reaction it takes.
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub action: ActionKind,
    /// The rules (`R14c`) this way breaks that the table's house rules
    /// let pass: it casts, with a warning.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub waives: Vec<String>,
}

/// A spell the character can cast now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Castable {
    /// The spell.
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub spell: SpellId,
    /// The Metamagic options the character knows, each with its cost
    /// and, when it cannot reshape this spell, why (issue 35).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub metamagic: Vec<crate::metamagic_options::MetamagicOption>,
    /// Its level (0 for a cantrip).
    pub level: u8,
    /// Every way it can be cast now, lowest slot first.
    pub ways: Vec<Open>,
    /// The other ways tried, each with the refusal that closes it now
    /// (no slot of that level left, no Sorcery Points...).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub closed: Vec<Closed>,
}

/// A way that does not work now, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Closed {
    /// How it would be powered.
    pub way: Way,
    /// The refusal's stable code (`no_sorcery_points`).
    pub code: String,
    /// What the refusal says, in English.
    pub message: String,
    /// The message in every language of the catalogue, by tag.
    pub messages: BTreeMap<String, String>,
}

/// A spell the character knows but cannot cast now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Blocked {
    /// The spell.
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub spell: SpellId,
    /// Its level (0 for a cantrip).
    pub level: u8,
    /// The refusal's stable code (`one_slot_per_turn`).
    pub code: String,
    /// The rule it enforces (`R10`), when one does.
    pub rule: Option<String>,
    /// What the refusal says, with what would make the cast legal.
    pub message: String,
    /// The same in Czech, when the refusal has it (kept for clients that
    /// read it; [`messages`](Blocked::messages) has every language).
    pub message_cs: Option<String>,
    /// The message in every language of the catalogue, by tag (`en`,
    /// `cs`, ...). A refusal with no words of its own (a store error)
    /// reads its English in each.
    pub messages: BTreeMap<String, String>,
}

impl Blocked {
    /// The message in `lang`, English when the catalogue has no such
    /// language.
    pub fn message_in(&self, lang: &str) -> &str {
        self.messages
            .get(lang)
            .map_or(&self.message, String::as_str)
    }
}

/// What a character can cast now, and why not the rest.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Options {
    /// The character.
    pub character: String,
    /// Castable now, by level then id.
    pub castable: Vec<Castable>,
    /// Known but blocked now, by level then id, each with its first refusal.
    pub blocked: Vec<Blocked>,
    /// The table's relaxed rules (empty when it plays them as written).
    pub house_rules: Vec<crate::house::RelaxedRule>,
}

/// What the stored character `name` can cast now, and why not the rest,
/// with the spells of the store's catalogue (the SRD and its homebrew,
/// [`crate::homebrew::catalog`]), inside its running encounter too.
pub fn of_character(store: &Store, name: &str) -> Result<Options, AppError> {
    let catalog = crate::homebrew::catalog(store)?;
    let caster = crate::state::character(store, name)?;
    let enc = crate::state::encounter_of(store, &caster.name)?;
    let lookup = |id: &SpellId| catalog.get(id.as_str()).map(|s| s.spell.clone());
    options(store, &caster, enc.as_ref(), &lookup)
}

/// The spells `caster` could reach in any way, each once.
pub fn reachable(caster: &Caster) -> BTreeSet<SpellId> {
    let mut all: BTreeSet<SpellId> = caster.cantrips().iter().cloned().collect();
    all.extend(caster.prepared().iter().cloned());
    all.extend(caster.extra_spells().iter().map(|e| e.spell.clone()));
    all.extend(caster.items().iter().flat_map(|i| i.spells.iter().cloned()));
    all.extend(
        caster
            .features()
            .iter()
            .flat_map(|f| f.spells.iter().cloned()),
    );
    if let Some(book) = caster.spellbook() {
        all.extend(book.iter().cloned());
    }
    all
}

/// Every way worth trying for `spell`, in the order a player would look
/// for them: the lowest slot first.
pub fn ways_to_try(caster: &Caster, spell: &Spell) -> Vec<Way> {
    if spell.level.is_cantrip() {
        return vec![Way::Cantrip];
    }
    let mut ways = Vec::new();
    let from = spell.level.get().max(1);
    for level in from..=9 {
        if let Ok(l) = SlotLevel::new(level)
            && caster.slots().total(l) > 0
        {
            ways.push(Way::Slot { level });
        }
    }
    if let Some(p) = caster.pact_slots()
        && p.level().get() >= spell.level.get()
    {
        ways.push(Way::PactSlot {
            level: p.level().get(),
        });
    }
    ways.extend(crate::class_resources::points_ways(caster, spell));
    if spell.ritual {
        ways.push(Way::Ritual);
    }
    for i in caster
        .items()
        .iter()
        .filter(|i| i.spells.contains(&spell.id))
    {
        ways.push(Way::Item {
            name: i.name.clone(),
        });
    }
    for f in caster.features().iter().filter(|f| f.casts(spell)) {
        ways.push(Way::Feature {
            name: f.name.clone(),
        });
    }
    if caster
        .arcanum()
        .iter()
        .any(|a| a.level.get() == spell.level.get())
    {
        ways.push(Way::Arcanum);
    }
    ways
}

/// The request a way is checked with: a Reaction or a triggered Bonus
/// Action answers its own trigger (R11), as the player would name it.
fn request_for(spell: &Spell, way: &Way) -> CastRequest {
    let req = way.request();
    match &spell.casting_time {
        CastingTime::Reaction { trigger }
        | CastingTime::BonusAction {
            trigger: Some(trigger),
        } => req.on_trigger(trigger.clone()),
        _ => req,
    }
}

/// Checks one way as a cast would, under the table's `house` rules; what
/// it takes, or the refusal.
pub fn try_way(
    store: &Store,
    caster: &Entity<Caster>,
    enc: Option<&Entity<EncounterState>>,
    spell: &Spell,
    way: &Way,
    house: &HouseRules,
) -> Result<Open, AppError> {
    // A slot made from points is tried on the caster that made it.
    let made;
    let caster = match crate::class_resources::caster_for_way(&caster.state, way)? {
        Some(after) => {
            made = Entity {
                state: after,
                ..caster.clone()
            };
            &made
        }
        None => caster,
    };
    let req = crate::cast::fit_request_at_table(
        store,
        caster,
        enc,
        spell,
        request_for(spell, way),
        house,
    )?;
    let waived = check_cast_waiving(&caster.state, spell, &req)?;
    Ok(Open {
        way: way.clone(),
        action: cast_action(&caster.state, spell, &req)?,
        waives: waived.into_iter().map(|w| w.rule).collect(),
    })
}

/// What `caster` can cast now (inside its running encounter, `enc`), and
/// why not the rest. `lookup` finds a spell by id (the catalogue with the
/// table's homebrew); a spell it does not know is left out.
pub fn options(
    store: &Store,
    caster: &Entity<Caster>,
    enc: Option<&Entity<EncounterState>>,
    lookup: &dyn Fn(&SpellId) -> Option<Spell>,
) -> Result<Options, AppError> {
    let house = crate::house::house_rules(store)?;
    let mut castable = Vec::new();
    let mut blocked = Vec::new();
    let mut spells: Vec<Spell> = reachable(&caster.state).iter().filter_map(lookup).collect();
    spells.sort_by(|a, b| (a.level, &a.id).cmp(&(b.level, &b.id)));
    for spell in &spells {
        let ways = ways_to_try(&caster.state, spell);
        let mut open = Vec::new();
        let mut closed = Vec::new();
        let mut first_refusal = None;
        for way in &ways {
            match try_way(store, caster, enc, spell, way, &house) {
                Ok(way) => open.push(way),
                Err(e) => {
                    closed.push(Closed {
                        way: way.clone(),
                        code: e.code().to_owned(),
                        message: e.message(grimoire_words::FALLBACK),
                        messages: grimoire_words::Words::get()
                            .in_every_language(|lang| e.message(lang)),
                    });
                    first_refusal.get_or_insert(e);
                }
            }
        }
        if !open.is_empty() {
            castable.push(Castable {
                spell: spell.id.clone(),
                metamagic: crate::metamagic_options::for_spell(&caster.state, spell),
                level: spell.level.get(),
                ways: open,
                closed,
            });
            continue;
        }
        // No way to try at all (no slot of a level that fits): the plain
        // request says why, as `cast` would.
        let refusal = match first_refusal {
            Some(e) => e,
            None => match try_way(
                store,
                caster,
                enc,
                spell,
                &Way::Slot {
                    level: spell.level.get(),
                },
                &house,
            ) {
                Err(e) => e,
                Ok(_) => continue,
            },
        };
        blocked.push(Blocked {
            spell: spell.id.clone(),
            level: spell.level.get(),
            code: refusal.code().to_owned(),
            rule: refusal.rule().map(str::to_owned),
            message: refusal.message(grimoire_words::FALLBACK),
            message_cs: refusal.is_worded().then(|| refusal.message("cs")),
            messages: grimoire_words::Words::get().in_every_language(|lang| refusal.message(lang)),
        });
    }
    Ok(Options {
        character: caster.name.clone(),
        castable,
        blocked,
        house_rules: crate::house::describe(&house),
    })
}
