//! A character as the table sees it (issue 32): who plays it, and its
//! sheet in one typed answer, [`CharacterView`], which the API's character
//! routes send and its live events carry. Reading it is here too: one
//! character with its owner ([`show`]), every character ([`list`]), and a
//! character's owner alone ([`owner_of`], what the server authorizes by).

use grimoire_rules::{Caster, Class, Condition, SlotLevel};
use grimoire_store::{Entity, Store};
use serde::{Deserialize, Serialize};

use crate::error::AppError;
use crate::state::CHARACTER;
use crate::view::{ArcanumRow, SheetView, SlotsView};

/// The store kind of a character's owner record, kept beside it under the
/// same name.
pub const OWNER: &str = "owner";

/// Who plays a character (kept beside it as an `owner` entity).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Owner {
    /// The owning account.
    pub account: String,
}

/// One class and its level.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ClassLevel {
    /// The class (`wizard`, `cleric`, ...).
    #[cfg_attr(feature = "openapi", schema(value_type = String, example = "wizard"))]
    pub class: Class,
    /// Its level, 1–20.
    pub level: u8,
}

/// Slots of one level.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SlotView {
    /// The slot level, 1–9.
    pub level: u8,
    /// How many the caster has.
    pub total: u8,
    /// How many are left (never below zero).
    pub remaining: u8,
}

/// Warlock pact slots.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PactView {
    /// Their level.
    pub level: u8,
    /// How many.
    pub total: u8,
    /// How many are left.
    pub remaining: u8,
}

/// A character as the API shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CharacterView {
    /// Its name.
    pub name: String,
    /// The owning account.
    pub owner: String,
    /// The version to expect; grows with every change.
    pub version: u64,
    /// Total character level.
    pub level: u8,
    /// Classes and levels.
    pub classes: Vec<ClassLevel>,
    /// Spell slots per level (levels the caster has none of are left out).
    pub slots: Vec<SlotView>,
    /// Pact slots, for Warlocks.
    pub pact: Option<PactView>,
    /// Prepared spell ids.
    pub prepared: Vec<String>,
    /// Known cantrip ids.
    pub cantrips: Vec<String>,
    /// Current conditions.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<String>))]
    pub conditions: Vec<Condition>,
    /// The spell the character concentrates on.
    pub concentration: Option<String>,
    /// The full rules state.
    #[cfg_attr(feature = "openapi", schema(value_type = Object))]
    pub state: Caster,
    /// Mystic Arcanum levels, as in `grimoire slots --json`.
    pub arcanum: Vec<ArcanumRow>,
    /// Whether a slot was spent this turn, as in `grimoire slots --json`.
    pub slot_spent_this_turn: bool,
    /// Class resources left: Sorcery Points, created slots, Innate
    /// Sorcery's uses, the once-per-rest features (left out when none).
    #[serde(
        default,
        skip_serializing_if = "crate::resources_view::ResourcesView::is_empty"
    )]
    pub resources: crate::resources_view::ResourcesView,
    /// The rest of `grimoire character show --json`'s fields (`abilities`,
    /// `proficiency_bonus`, `spellcasting`, `features`, `items`,
    /// `equipment`, `ongoing`, `long_cast`, `turn`, `time_rounds`).
    #[serde(flatten)]
    #[cfg_attr(feature = "openapi", schema(value_type = Object))]
    pub sheet: SheetView,
}

impl CharacterView {
    /// The view of the stored character `entity`, played by `owner`.
    pub fn of(entity: &Entity<Caster>, owner: &str) -> Self {
        let c = &entity.state;
        let slots = SlotsView::of(c);
        CharacterView {
            name: entity.name.clone(),
            owner: owner.to_owned(),
            version: entity.version,
            level: c.level(),
            classes: c
                .classes()
                .iter()
                .map(|&(class, level)| ClassLevel { class, level })
                .collect(),
            slots: SlotLevel::ALL
                .into_iter()
                .filter(|&l| c.slots().total(l) > 0)
                .map(|l| SlotView {
                    level: l.get(),
                    total: c.slots().total(l),
                    remaining: c.slots().remaining(l),
                })
                .collect(),
            pact: c.pact_slots().map(|p| PactView {
                level: p.level().get(),
                total: p.total(),
                remaining: p.remaining(),
            }),
            prepared: c.prepared().iter().map(|s| s.as_str().to_owned()).collect(),
            cantrips: c.cantrips().iter().map(|s| s.as_str().to_owned()).collect(),
            conditions: c.conditions().iter().copied().collect(),
            concentration: c.concentration().map(|k| k.spell.as_str().to_owned()),
            state: c.clone(),
            arcanum: slots.arcanum,
            slot_spent_this_turn: c.turn().slot_spent,
            resources: crate::resources_view::ResourcesView::of(c),
            sheet: SheetView::of(c),
        }
    }
}

/// The stored character `name` and its owner's account (empty when no
/// owner is recorded, as for a character the CLI made), or
/// `unknown_character`.
pub fn load(store: &Store, name: &str) -> Result<(Entity<Caster>, String), AppError> {
    let entity = crate::state::character(store, name)?;
    let owner = store
        .find::<Owner>(OWNER, name)?
        .map(|o| o.state.account)
        .unwrap_or_default();
    Ok((entity, owner))
}

/// The owner of a character, or `unknown_character`.
pub fn owner_of(store: &Store, name: &str) -> Result<String, AppError> {
    Ok(load(store, name)?.1)
}

/// One character as the table sees it.
pub fn show(store: &Store, name: &str) -> Result<CharacterView, AppError> {
    let (entity, owner) = load(store, name)?;
    Ok(CharacterView::of(&entity, &owner))
}

/// Every character of the store (a campaign's, on the server), by name.
pub fn list(store: &Store) -> Result<Vec<CharacterView>, AppError> {
    let owners: Vec<Entity<Owner>> = store.list(OWNER)?;
    Ok(store
        .list::<Caster>(CHARACTER)?
        .iter()
        .map(|e| {
            let key = grimoire_store::name_key(&e.name);
            let owner = owners
                .iter()
                .find(|o| grimoire_store::name_key(&o.name) == key)
                .map(|o| o.state.account.as_str())
                .unwrap_or_default();
            CharacterView::of(e, owner)
        })
        .collect())
}
