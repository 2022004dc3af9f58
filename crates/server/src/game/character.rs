//! Characters: create, look at, prepare, cast, rest, turns, conditions,
//! history and undo.

use grimoire_catalog::Catalog;
use grimoire_dice::SeededRng;
use grimoire_rules::{
    AbilityScores, CastRequest, CastResolution, Caster, Class, Condition, Event, SlotLevel,
};
use std::collections::HashMap;

use grimoire_store::{Change, ChangeId, Entity, LogEntry, Store, Undone};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{check_amount, dice_seed, retry};
use crate::access::{Role, check_name};
use crate::error::ServerError;
use grimoire_app::limits;
use grimoire_words::Named;

/// Who plays a character (kept beside it as an `owner` entity).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Owner {
    /// The owning account.
    pub account: String,
}

/// One class and its level.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ClassLevel {
    /// The class (`wizard`, `cleric`, ...).
    #[schema(value_type = String, example = "wizard")]
    pub class: Class,
    /// Its level, 1–20.
    pub level: u8,
}

/// Ability scores; any left out are 10.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AbilitiesInput {
    /// Strength.
    #[serde(default = "ten")]
    pub str: u8,
    /// Dexterity.
    #[serde(default = "ten")]
    pub dex: u8,
    /// Constitution.
    #[serde(default = "ten")]
    pub con: u8,
    /// Intelligence.
    #[serde(default = "ten")]
    pub int: u8,
    /// Wisdom.
    #[serde(default = "ten")]
    pub wis: u8,
    /// Charisma.
    #[serde(default = "ten")]
    pub cha: u8,
}

fn ten() -> u8 {
    10
}

impl Default for AbilitiesInput {
    fn default() -> Self {
        AbilitiesInput {
            str: 10,
            dex: 10,
            con: 10,
            int: 10,
            wis: 10,
            cha: 10,
        }
    }
}

/// A new character.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewCharacter {
    /// Its name, unique in the campaign without regard to case; neither
    /// the name of a creature in one of its encounters nor a look-alike of
    /// one (`invalid_name`).
    pub name: String,
    /// Classes and levels (at most 20 levels in all).
    pub classes: Vec<ClassLevel>,
    /// Ability scores.
    #[serde(default)]
    pub abilities: AbilitiesInput,
    /// Spells (ids or names, English or Czech) to prepare or learn at once.
    #[serde(default)]
    pub prepared: Vec<String>,
    /// The owning account; only the GM may name someone else.
    #[serde(default)]
    pub owner: Option<String>,
}

/// Slots of one level.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct SlotView {
    /// The slot level, 1–9.
    pub level: u8,
    /// How many the caster has.
    pub total: u8,
    /// How many are left (never below zero).
    pub remaining: u8,
}

/// Warlock pact slots.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct PactView {
    /// Their level.
    pub level: u8,
    /// How many.
    pub total: u8,
    /// How many are left.
    pub remaining: u8,
}

/// A character as the API shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
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
    #[schema(value_type = Vec<String>)]
    pub conditions: Vec<Condition>,
    /// The spell the character concentrates on.
    pub concentration: Option<String>,
    /// The full rules state.
    #[schema(value_type = Object)]
    pub state: Caster,
    /// Mystic Arcanum levels, as in `grimoire slots --json`.
    #[schema(value_type = Vec<Object>)]
    pub arcanum: Vec<grimoire_app::view::ArcanumRow>,
    /// Whether a slot was spent this turn, as in `grimoire slots --json`.
    pub slot_spent_this_turn: bool,
    /// The rest of `grimoire character show --json`'s fields (`abilities`,
    /// `proficiency_bonus`, `spellcasting`, `features`, `items`,
    /// `equipment`, `ongoing`, `long_cast`, `turn`, `time_rounds`).
    #[serde(flatten)]
    #[schema(value_type = Object)]
    pub sheet: grimoire_app::view::SheetView,
}

impl CharacterView {
    fn new(entity: &Entity<Caster>, owner: &str) -> Self {
        let c = &entity.state;
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
            arcanum: grimoire_app::view::SlotsView::of(c).arcanum,
            slot_spent_this_turn: c.turn().slot_spent,
            sheet: grimoire_app::view::SheetView::of(c),
        }
    }
}

/// What a cast asks for: the spell plus the rules' [`CastRequest`] fields
/// (`slot`, `mode`, `action`, `targets`, ...), among them the optional
/// `damage_type` (a spell offering a choice, e.g. Chromatic Orb's `fire`)
/// and `alternative_time` (a spell's second casting time, e.g. Plant
/// Growth's 8 hours). `on_hit_damage` is the server's to fill: inside an
/// encounter the caster's own Hex or Hunter's Mark on the target.
///
/// A field not listed in [`CAST_FIELDS`] is refused (`bad_json` naming it):
/// a misspelt `slott` must not be silently ignored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(try_from = "serde_json::Map<String, serde_json::Value>")]
pub struct CastInput {
    /// The spell: id, English or Czech name.
    pub spell: String,
    /// Seeds the dice for a reproducible roll; random when left out.
    #[serde(default)]
    pub seed: Option<u64>,
    /// Finishes a casting of a minute or more begun earlier, whose time is
    /// up (R12), instead of starting one (`grimoire cast --complete`).
    #[serde(default)]
    pub complete: bool,
    /// The rules request (slot level, mode, targets, ...).
    #[serde(flatten)]
    #[schema(value_type = Object)]
    pub request: CastRequest,
}

/// Every field a cast body may have: `spell`, `seed` and the rules'
/// request fields (`mode` is an object: `{"mode": "item", "name": ...}`).
pub const CAST_FIELDS: &[&str] = &[
    "spell",
    "seed",
    "complete",
    "mode",
    "slot",
    "slot_kind",
    "class",
    "action",
    "trigger",
    "targets",
    "roll_mode",
    "off_turn",
    "attack_bonuses",
    "damage_type",
    "alternative_time",
    "on_hit_damage",
];

/// Why a cast body cannot be read as a [`CastInput`].
#[derive(Debug)]
pub enum CastBodyError {
    /// Occurs when the body has a field not in [`CAST_FIELDS`].
    UnknownField(String),
    /// Occurs when the body sends `on_hit_damage`, which is the server's.
    OnHitDamage,
    /// Occurs when a known field does not fit the schema; the error names
    /// its path.
    Mismatch(serde_path_to_error::Error<serde_json::Error>),
}

impl CastBodyError {
    /// What is wrong, worded in any language (a mismatch: see
    /// `api::unreadable`, which names the field; here serde's text).
    pub fn message(&self) -> grimoire_words::Message {
        match self {
            CastBodyError::UnknownField(field) => {
                grimoire_words::Message::new("server-cast-unknown_field")
                    .text("field", field.as_str())
                    .text("fields", CAST_FIELDS.join(", "))
            }
            CastBodyError::OnHitDamage => grimoire_words::Message::new("server-cast-on_hit"),
            CastBodyError::Mismatch(e) => {
                grimoire_words::Message::new("server-body_mismatch").text("detail", e.to_string())
            }
        }
    }
}

/// In English, for serde (a cast body read by `serde_json` elsewhere).
impl std::fmt::Display for CastBodyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message().render(grimoire_words::FALLBACK))
    }
}

impl CastInput {
    /// Reads a cast body: every field known, the riders left to the
    /// server.
    pub fn read(body: serde_json::Map<String, serde_json::Value>) -> Result<Self, CastBodyError> {
        if let Some(unknown) = body.keys().find(|k| !CAST_FIELDS.contains(&k.as_str())) {
            return Err(CastBodyError::UnknownField(unknown.clone()));
        }
        /// The fields besides the rules' request.
        #[derive(Deserialize)]
        struct Head {
            spell: String,
            #[serde(default)]
            seed: Option<u64>,
            #[serde(default)]
            complete: bool,
        }
        // Read apart, not through serde's `flatten`, which would lose the
        // path of a field that does not fit.
        let mut body = serde_json::Value::Object(body);
        let head: Head =
            serde_path_to_error::deserialize(&body).map_err(CastBodyError::Mismatch)?;
        if let Some(fields) = body.as_object_mut() {
            fields.remove("spell");
            fields.remove("seed");
            fields.remove("complete");
        }
        let request: CastRequest =
            serde_path_to_error::deserialize(body).map_err(CastBodyError::Mismatch)?;
        // Riders come from the caster's own marks in the encounter, never
        // from the client (a client could otherwise add damage at will).
        if !request.on_hit_damage.is_empty() {
            return Err(CastBodyError::OnHitDamage);
        }
        Ok(CastInput {
            spell: head.spell,
            seed: head.seed,
            complete: head.complete,
            request,
        })
    }
}

impl TryFrom<serde_json::Map<String, serde_json::Value>> for CastInput {
    type Error = CastBodyError;

    fn try_from(body: serde_json::Map<String, serde_json::Value>) -> Result<Self, CastBodyError> {
        CastInput::read(body)
    }
}

/// The result of an accepted cast.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct CastReport {
    /// What happened (slot spent, rolls, targets, notes).
    #[schema(value_type = Object)]
    pub cast: CastResolution,
    /// The state changes logged.
    #[schema(value_type = Vec<Object>)]
    pub events: Vec<Event>,
    /// The change id in the log.
    #[schema(value_type = i64)]
    pub change: ChangeId,
    /// The character afterwards.
    pub character: CharacterView,
    /// The fields of `grimoire cast --json`'s `cast` object (`spell`,
    /// `level`, `slot`, `mode`, `rolls`, ...), at the top level because
    /// `cast` here is the rules' resolution.
    #[serde(flatten)]
    #[schema(value_type = Object)]
    pub view: grimoire_app::view::CastView,
}

/// A cast inside an encounter that waits for Reactions (R11): another
/// combatant could answer it (Counterspell), so nothing is spent yet; the
/// GM resolves the window (`…/encounters/{encounter}/resolve`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct PendingCastReport {
    /// Always `pending`.
    #[schema(example = "pending")]
    pub status: String,
    /// The encounter the window is open in.
    pub encounter: String,
    /// The caster.
    pub caster: String,
    /// The spell's id.
    pub spell: String,
    /// Who could answer, with the ids of the Reaction spells each could cast.
    pub reactors: Vec<ReactorView>,
}

/// A combatant who could answer a cast with a Reaction.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ReactorView {
    /// The combatant.
    pub name: String,
    /// Ids of the Reaction spells it could cast now.
    pub spells: Vec<String>,
}

/// What a character's cast came to: resolved, or waiting for Reactions.
/// Live updates carry either shape (a pending one has `status: pending`).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum CastAnswer {
    /// Cast and committed.
    Resolved(Box<CastReport>),
    /// Waiting in the encounter's reaction window.
    Pending(PendingCastReport),
}

/// Short or long rest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum RestKind {
    /// One hour: pact slots and short-rest uses return.
    Short,
    /// Eight hours: every slot returns (R4).
    Long,
}

/// A rest request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RestInput {
    /// Which rest.
    pub kind: RestKind,
    /// Hit Point Dice to spend at the end of a Short Rest, by size
    /// (`{"d10": 1, "d8": 1}`); none when left out (2024 Hit Point Dice).
    #[serde(default)]
    #[schema(value_type = Option<Object>)]
    pub hit_dice: Option<grimoire_rules::HitDice>,
    /// Seeds the Hit Point Dice; random when left out.
    #[serde(default)]
    pub seed: Option<u64>,
}

/// What a rest did: the step, and each Hit Point Die spent.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct RestReport {
    /// The state changes logged (empty when nothing changed).
    #[schema(value_type = Vec<Object>)]
    pub events: Vec<Event>,
    /// Notes for the player.
    pub notes: Vec<String>,
    /// The change id, when something was written.
    #[schema(value_type = Option<i64>)]
    pub change: Option<ChangeId>,
    /// Each Hit Point Die spent: size, face, Constitution modifier, hit
    /// points it gave.
    #[schema(value_type = Vec<Object>)]
    pub hit_dice_rolls: Vec<grimoire_rules::HitDieRoll>,
    /// Hit points the dice gave in all.
    pub hit_dice_healed: u32,
    /// The character afterwards.
    pub character: CharacterView,
}

/// A death saving throw to roll, or Stable to become (2024).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DeathSaveInput {
    /// Make the character Stable instead (Spare the Dying, a Medicine check).
    #[serde(default)]
    pub stabilize: bool,
    /// Seeds the d20; random when left out.
    #[serde(default)]
    pub seed: Option<u64>,
}

/// What a death save (or stabilizing) did.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct DeathSaveReport {
    /// The d20, when one was rolled.
    #[schema(value_type = Option<Object>)]
    pub roll: Option<grimoire_rules::RollRecord>,
    /// `success`, `failure`, `two_failures` or `revived`, when rolled.
    #[schema(value_type = Option<String>)]
    pub result: Option<grimoire_rules::DeathSaveResult>,
    /// The state changes logged.
    #[schema(value_type = Vec<Object>)]
    pub events: Vec<Event>,
    /// The change id.
    #[schema(value_type = Option<i64>)]
    pub change: Option<ChangeId>,
    /// The character afterwards (its vitals carry the counts).
    pub character: CharacterView,
}

/// A condition to add or remove.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ConditionInput {
    /// The condition (`incapacitated`, `prone`, ...).
    #[schema(value_type = String)]
    pub condition: Condition,
    /// Remove it instead of adding it.
    #[serde(default)]
    pub remove: bool,
}

/// Damage taken by a character.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DamageInput {
    /// Hit points of damage (at most 10000).
    pub amount: u32,
    /// Seeds the Concentration save; random when left out.
    #[serde(default)]
    pub seed: Option<u64>,
    /// A critical hit: at 0 hit points, two death save failures (2024).
    #[serde(default)]
    pub critical: bool,
}

/// Hit points and Armor Class to record or change; every field optional
/// (the maximum and AC are needed the first time).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct HitPointsInput {
    /// Hit point maximum (1 to 999).
    #[serde(default)]
    pub max_hp: Option<u32>,
    /// Armor Class (1 to 40).
    #[serde(default)]
    pub ac: Option<u8>,
    /// Current hit points, set outright (0 to the maximum).
    #[serde(default)]
    pub hp: Option<u32>,
    /// Temporary hit points gained; the larger amount stays.
    #[serde(default)]
    pub temp_hp: Option<u32>,
    /// Hit points regained, up to the maximum.
    #[serde(default)]
    pub heal: Option<u32>,
}

/// Time passing for a character.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TimeInput {
    /// Rounds of six seconds (10 a minute, 600 an hour; at most 14400, a day).
    pub rounds: u64,
}

/// The result of taking damage.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct DamageReport {
    /// The Concentration save's DC, when one was needed.
    pub dc: Option<i32>,
    /// The save roll, when one was needed.
    #[schema(value_type = Option<Object>)]
    pub roll: Option<grimoire_rules::RollRecord>,
    /// Whether Concentration holds afterwards (false if there was none).
    pub concentration_kept: bool,
    /// The state changes logged.
    #[schema(value_type = Vec<Object>)]
    pub events: Vec<Event>,
    /// The change id, when something was written.
    #[schema(value_type = Option<i64>)]
    pub change: Option<ChangeId>,
    /// The character afterwards.
    pub character: CharacterView,
}

/// The result of any other accepted action.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct StepReport {
    /// The state changes logged (empty when nothing changed).
    #[schema(value_type = Vec<Object>)]
    pub events: Vec<Event>,
    /// Notes for the player.
    pub notes: Vec<String>,
    /// The change id, when something was written.
    #[schema(value_type = Option<i64>)]
    pub change: Option<ChangeId>,
    /// The character afterwards.
    pub character: CharacterView,
}

fn load(store: &Store, name: &str) -> Result<(Entity<Caster>, String), ServerError> {
    // The CLI's code for a missing character, so both front ends agree.
    let entity = store.find::<Caster>("character", name)?.ok_or_else(|| {
        ServerError::App(grimoire_app::AppError::UnknownCharacter {
            name: name.to_owned(),
        })
    })?;
    let owner = store
        .find::<Owner>("owner", name)?
        .map(|o| o.state.account)
        .unwrap_or_default();
    Ok((entity, owner))
}

/// The owner of a character, or `not_found`.
pub fn owner_of(store: &Store, name: &str) -> Result<String, ServerError> {
    Ok(load(store, name)?.1)
}

/// Creates a character owned by `owner`, with its spells prepared and
/// the starting gear every front end gives ([`grimoire_app::starting_equipment`]).
pub fn create_character(
    store: &mut Store,
    catalog: &Catalog,
    owner: &str,
    new: &NewCharacter,
) -> Result<CharacterView, ServerError> {
    let name = check_name(grimoire_app::NameKind::Character, &new.name)?;
    let existing = store.list::<serde_json::Value>("character")?;
    grimoire_app::check_unconfusable(
        grimoire_app::NameKind::Character,
        &name,
        existing.iter().map(|e| e.name.as_str()),
    )?;
    // Never the name of a creature of the campaign's encounters: the
    // character would be taken for it (issue 30).
    grimoire_app::identity::check_character_name(store, &name)?;
    limits::check_len(
        &new.prepared,
        limits::MAX_SPELLS,
        "too_many_spells",
        "prepared",
    )
    .and_then(|()| {
        limits::check_len(
            &new.classes,
            limits::MAX_CLASSES,
            "too_many_classes",
            "classes",
        )
    })
    .map_err(grimoire_app::AppError::from)?;
    let classes: Vec<(Class, u8)> = new.classes.iter().map(|c| (c.class, c.level)).collect();
    let a = &new.abilities;
    let scores = AbilityScores::new([a.str, a.dex, a.con, a.int, a.wis, a.cha])?;
    let mut caster = Caster::new(name.clone(), &classes, scores)?;
    // The CLI's starting gear: a Component Pouch and free hands (R14).
    let mut events = grimoire_app::equip_new(&mut caster, grimoire_app::starting_equipment());
    for wanted in &new.prepared {
        let spell = &catalog.lookup(wanted)?.spell;
        let out = caster.prepare(spell)?;
        caster.apply_all(&out.events);
        events.extend(out.events);
    }
    let owner = Owner {
        account: owner.to_owned(),
    };
    store.commit(
        &Change::new(format!("character new {name}"))
            .with_events(&events)?
            .create("character", &name, &caster)?
            .create("owner", &name, &owner)?,
    )?;
    let (entity, owner) = load(store, &name)?;
    Ok(CharacterView::new(&entity, &owner))
}

/// One character.
pub fn character(store: &Store, name: &str) -> Result<CharacterView, ServerError> {
    let (entity, owner) = load(store, name)?;
    Ok(CharacterView::new(&entity, &owner))
}

/// Every character of the campaign, by name.
pub fn characters(store: &Store) -> Result<Vec<CharacterView>, ServerError> {
    let owners: Vec<Entity<Owner>> = store.list("owner")?;
    store
        .list::<Caster>("character")?
        .iter()
        .map(|e| {
            let owner = owners
                .iter()
                .find(|o| grimoire_store::name_key(&o.name) == grimoire_store::name_key(&e.name))
                .map(|o| o.state.account.as_str())
                .unwrap_or_default();
            Ok(CharacterView::new(e, owner))
        })
        .collect()
}

/// Reads the character and runs one shared step on it, logged under
/// `command` and the character's name (`rest long Elmira`); retried on
/// conflict. Returns the step's result and the character's owner.
fn step<T>(
    store: &mut Store,
    name: &str,
    command: &str,
    mut op: impl FnMut(&mut Store, String, &Entity<Caster>) -> Result<T, grimoire_app::AppError>,
) -> Result<(T, String), ServerError> {
    retry(store, |store| {
        let (entity, owner) = load(store, name)?;
        let out = op(store, format!("{command} {}", entity.name), &entity)?;
        Ok((out, owner))
    })
}

/// Casts a spell: validates against the rules (R3–R18), spends the slot
/// and logs it, all in one commit; a refusal changes nothing. Asked for by
/// a player (`by`), the request may not give the numbers of a combatant of
/// the caster's running encounter (`numbers_from_encounter`): they are
/// the encounter's.
pub fn cast(
    store: &mut Store,
    catalog: &Catalog,
    name: &str,
    input: &CastInput,
    by: Role,
) -> Result<CastAnswer, ServerError> {
    let found = catalog.lookup(&input.spell)?;
    let (name_en, name_cs) = (found.name_en.clone(), found.name_cs.clone());
    let spell = found.spell.clone();
    let seed = dice_seed(input.seed)?;
    for t in &input.request.targets {
        check_name(grimoire_app::NameKind::Target, &t.name)?;
    }
    let reactions = grimoire_app::reaction_spells();
    let seat = match by {
        // Only whether the seat is a player's matters to a cast.
        Role::Player => grimoire_app::seat::Seat::player::<&str>([]),
        _ => grimoire_app::seat::Seat::Gm,
    };
    retry(store, |store| {
        let (entity, owner) = load(store, name)?;
        // The one cast every front end makes (grimoire-app); the same
        // seed on every retry: a retried cast rolls what the first attempt
        // would have.
        let mut rng = SeededRng::new(seed);
        let call = grimoire_app::CastCall {
            caster: entity.name.clone(),
            spell: spell.clone(),
            request: input.request.clone(),
            complete: input.complete,
            command: format!("cast {} {}", spell.id.as_str(), entity.name),
        };
        match grimoire_app::cast_spell(store, call, &seat, &reactions, &mut rng)? {
            grimoire_app::CastAnswer::Waiting(w) => Ok(CastAnswer::Pending(PendingCastReport {
                status: "pending".into(),
                encounter: w.encounter,
                caster: w.caster,
                spell: w.spell.to_string(),
                reactors: w
                    .reactors
                    .into_iter()
                    .map(|r| ReactorView {
                        name: r.name,
                        spells: r.spells,
                    })
                    .collect(),
            })),
            grimoire_app::CastAnswer::Resolved(done) => {
                let view = grimoire_app::view::CastView::new(
                    done.caster.state.name(),
                    &done.outcome,
                    &name_en,
                    &name_cs,
                )
                .with_hits(done.hits);
                Ok(CastAnswer::Resolved(Box::new(CastReport {
                    view,
                    cast: grimoire_words::with_words(done.outcome.resolution),
                    events: done.outcome.events,
                    change: done.change.unwrap_or(ChangeId(0)),
                    character: CharacterView::new(&done.caster, &owner),
                })))
            }
        }
    })
}

fn report((step, owner): (grimoire_app::Step, String)) -> StepReport {
    StepReport {
        character: CharacterView::new(&step.character, &owner),
        events: step.events,
        notes: step.notes,
        change: step.change,
    }
}

/// What the character can cast now, each way and the action it takes, and
/// every other spell it knows with the refusal a cast would meet (the same
/// checks as a cast, inside its encounter too).
pub fn options(
    store: &Store,
    catalog: &Catalog,
    name: &str,
) -> Result<grimoire_app::options::Options, ServerError> {
    let (entity, _) = load(store, name)?;
    let enc = grimoire_app::encounter_of(store, &entity.name)?;
    let lookup = |id: &grimoire_rules::SpellId| catalog.get(id.as_str()).map(|s| s.spell.clone());
    Ok(grimoire_app::options::options(
        store,
        &entity,
        enc.as_ref(),
        &lookup,
    )?)
}

/// What the what-if plan of the character against `target` (the CLI's
/// `--target` syntax) is computed from, read from the store: every
/// castable spell at every slot. Computing it needs no store (see
/// [`grimoire_app::plan::PlanWork::compute`]).
pub fn plan_work(
    store: &Store,
    catalog: &Catalog,
    name: &str,
    target: &str,
    attack_mode: grimoire_rules::RollMode,
) -> Result<grimoire_app::plan::PlanWork, ServerError> {
    let mut spec = grimoire_app::plan::parse_target(target)
        .map_err(|m| ServerError::invalid_with("bad_target", m))?;
    spec.attack_mode = attack_mode;
    let (entity, _) = load(store, name)?;
    let enc = grimoire_app::encounter_of(store, &entity.name)?;
    let lookup = |id: &grimoire_rules::SpellId| catalog.get(id.as_str()).map(|s| s.spell.clone());
    Ok(grimoire_app::plan::prepare(
        store,
        &entity,
        enc.as_ref(),
        &lookup,
        &spec,
    )?)
}

/// Prepares a spell (or learns a cantrip); it must be on one of the
/// character's class lists (R8).
pub fn prepare(
    store: &mut Store,
    catalog: &Catalog,
    name: &str,
    spell: &str,
) -> Result<StepReport, ServerError> {
    let spell = catalog.lookup(spell)?.spell.clone();
    let command = format!("prepare {}", spell.id.as_str());
    step(store, name, &command, |store, command, c| {
        grimoire_app::prepare(store, command, c, &[&spell])
    })
    .map(report)
}

/// Marks a spell as always prepared (a subclass, feat, species or Magical
/// Secrets keeps it prepared): outside the prepared-spell limit and exempt
/// from R8's class-list check, counting as a spell of `class` (default: the
/// character's class with the spell on its list).
pub fn prepare_always(
    store: &mut Store,
    catalog: &Catalog,
    name: &str,
    spell: &str,
    class: Option<Class>,
) -> Result<StepReport, ServerError> {
    let spell = catalog.lookup(spell)?.spell.clone();
    let command = format!("prepare {} --always", spell.id.as_str());
    step(store, name, &command, |store, command, c| {
        grimoire_app::prepare_always(store, command, c, &[&spell], class)
    })
    .map(report)
}

/// A short or long rest (R4).
pub fn rest(store: &mut Store, name: &str, input: RestInput) -> Result<RestReport, ServerError> {
    let (command, kind) = match input.kind {
        RestKind::Short => ("rest short", grimoire_app::RestKind::Short),
        RestKind::Long => ("rest long", grimoire_app::RestKind::Long),
    };
    let seed = dice_seed(input.seed)?;
    let dice = input.hit_dice.unwrap_or_default();
    let (r, owner) = step(store, name, command, |store, command, c| {
        grimoire_app::rest_with_hit_dice(store, command, c, kind, dice, &mut SeededRng::new(seed))
    })?;
    Ok(RestReport {
        character: CharacterView::new(&r.step.character, &owner),
        events: r.step.events,
        notes: r.step.notes,
        change: r.step.change,
        hit_dice_rolls: r.rolls,
        hit_dice_healed: r.healed,
    })
}

/// Rolls a dying character's death save, or makes it Stable; refused
/// unless it is at 0 hit points, neither Stable nor dead (2024).
pub fn death_save(
    store: &mut Store,
    name: &str,
    input: DeathSaveInput,
) -> Result<DeathSaveReport, ServerError> {
    let seed = dice_seed(input.seed)?;
    let command = if input.stabilize {
        "deathsave --stabilize"
    } else {
        "deathsave"
    };
    let ((step, save), owner) = step(store, name, command, |store, command, c| {
        if input.stabilize {
            grimoire_app::stabilize(store, command, c, &mut SeededRng::new(seed)).map(|s| (s, None))
        } else {
            grimoire_app::death_save(store, command, c, &mut SeededRng::new(seed))
                .map(|(s, d)| (s, Some(d)))
        }
    })?;
    Ok(DeathSaveReport {
        roll: save.as_ref().map(|d| d.roll.clone()),
        result: save.as_ref().map(|d| d.result),
        events: step.events,
        change: step.change,
        character: CharacterView::new(&step.character, &owner),
    })
}

/// Ends the character's turn and starts the next: the action economy and
/// the one-slot-per-turn limit reset (R9, R10).
pub fn end_turn(store: &mut Store, name: &str) -> Result<StepReport, ServerError> {
    step(store, name, "turn", |store, command, c| {
        grimoire_app::end_turn(store, command, c, grimoire_app::NextTurn::Now)
    })
    .map(report)
}

/// Adds or removes a condition (Incapacitated ends Concentration).
pub fn condition(
    store: &mut Store,
    name: &str,
    input: ConditionInput,
) -> Result<StepReport, ServerError> {
    let (verb, toggle) = if input.remove {
        ("remove", grimoire_app::Toggle::Remove)
    } else {
        ("add", grimoire_app::Toggle::Add)
    };
    let command = format!("condition {verb} {}", input.condition.name_en());
    let what = grimoire_app::Affliction::Condition(input.condition);
    step(store, name, &command, |store, command, c| {
        grimoire_app::condition(store, command, c, what, toggle)
    })
    .map(report)
}

/// Damage while concentrating calls for a Constitution save (DC 10 or half
/// the damage, at most 30); failing ends Concentration.
pub fn damage(
    store: &mut Store,
    name: &str,
    input: DamageInput,
) -> Result<DamageReport, ServerError> {
    check_amount(input.amount)?;
    let seed = dice_seed(input.seed)?;
    let command = format!("damage {}", input.amount);
    let (d, owner) = step(store, name, &command, |store, command, c| {
        // The same seed on every retry, so a retried save rolls the same.
        grimoire_app::damage_hit(
            store,
            command,
            c,
            input.amount,
            input.critical,
            &mut SeededRng::new(seed),
        )
    })?;
    Ok(DamageReport {
        dc: d.dc,
        roll: d.roll,
        concentration_kept: d.concentration_kept,
        events: d.step.events,
        change: d.step.change,
        character: CharacterView::new(&d.step.character, &owner),
    })
}

/// Records or changes hit points and Armor Class, heals or grants
/// temporary hit points; refused with `no_hit_points` before any are
/// recorded unless the maximum comes with the first change (the AC is
/// then the unarmored one unless given).
pub fn hit_points(
    store: &mut Store,
    name: &str,
    input: HitPointsInput,
) -> Result<StepReport, ServerError> {
    let change = grimoire_app::HitPointChange {
        max_hp: input.max_hp,
        ac: input.ac,
        hp: input.hp,
        temp_hp: input.temp_hp,
        heal: input.heal,
    };
    step(store, name, "hp", |store, command, c| {
        grimoire_app::hit_points(store, command, c, change)
    })
    .map(report)
}

/// Lets time pass: spells run out (R15), a long casting progresses (R12).
pub fn advance(store: &mut Store, name: &str, input: TimeInput) -> Result<StepReport, ServerError> {
    if input.rounds == 0 || input.rounds > 14_400 {
        return Err(ServerError::invalid_with(
            "bad_duration",
            grimoire_words::Message::new("server-bad_duration")
                .number("min", 1)
                .number("max", 14_400),
        ));
    }
    let command = format!("wait {}r", input.rounds);
    step(store, name, &command, |store, command, c| {
        grimoire_app::wait(store, command, c, input.rounds)
    })
    .map(report)
}

/// The character's history, oldest first.
pub fn log(
    store: &Store,
    name: &str,
    before: Option<u64>,
    limit: u32,
) -> Result<Vec<LogEntry>, ServerError> {
    Ok(store.log_page("character", name, before, limit)?)
}

/// Reverts the character's newest change (and every entity it touched),
/// for a caller who may change all of them: the GM may undo anything; a
/// player (`player` is their account) only a change that touched nothing
/// but their own characters (with their owner records). Anything else is
/// `undo_forbidden` and writes nothing.
pub fn undo(store: &mut Store, name: &str, player: Option<&str>) -> Result<Undone, ServerError> {
    // The owner record is created with the character; undoing the creation
    // removes both, and the log keeps them.
    let Some(player) = player else {
        return Ok(store.undo("character", name)?);
    };
    let player = grimoire_store::name_key(player);
    // Owners are read before the undo: a player's own characters cannot
    // change hands, and any other write to them moves the character on,
    // which the store's undo check then catches.
    let owners: HashMap<String, String> = store
        .list::<Owner>("owner")?
        .into_iter()
        .map(|o| {
            (
                grimoire_store::name_key(&o.name),
                grimoire_store::name_key(&o.state.account),
            )
        })
        .collect();
    let own = |kind: &str, entity: &str| {
        (kind == "character" || kind == "owner")
            && owners.get(&grimoire_store::name_key(entity)) == Some(&player)
    };
    Ok(store.undo_if("character", name, &own)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn elmira(store: &mut Store) -> CharacterView {
        let new = NewCharacter {
            name: "Elmira".into(),
            classes: vec![ClassLevel {
                class: Class::Wizard,
                level: 3,
            }],
            abilities: AbilitiesInput {
                int: 16,
                ..AbilitiesInput::default()
            },
            prepared: vec!["Magic Missile".into(), "magicka strela".into()],
            owner: None,
        };
        create_character(store, Catalog::srd(), "petr", &new).unwrap()
    }

    #[test]
    fn create_then_cast_spends_one_slot_and_logs_it() {
        let mut store = Store::open_in_memory().unwrap();
        let made = elmira(&mut store);
        assert_eq!(made.owner, "petr");
        assert_eq!(made.prepared, ["magic-missile"]);
        assert_eq!(
            made.slots[0],
            SlotView {
                level: 1,
                total: 4,
                remaining: 4
            }
        );
        let input: CastInput =
            serde_json::from_value(serde_json::json!({"spell": "magic-missile", "seed": 7}))
                .unwrap();
        let CastAnswer::Resolved(done) =
            cast(&mut store, Catalog::srd(), "elmira", &input, Role::Gm).unwrap()
        else {
            panic!("no encounter, so nothing waits");
        };
        assert_eq!(done.character.slots[0].remaining, 3);
        assert_eq!(done.character.version, 2);
        // R10: a second slot in the same turn is refused and changes nothing.
        let err = cast(&mut store, Catalog::srd(), "elmira", &input, Role::Gm).unwrap_err();
        assert!(err.rule().is_some(), "{err}");
        assert_eq!(character(&store, "Elmira").unwrap().version, 2);
        end_turn(&mut store, "Elmira").unwrap();
        cast(&mut store, Catalog::srd(), "elmira", &input, Role::Gm).unwrap();
        let rested = rest(
            &mut store,
            "Elmira",
            RestInput {
                kind: RestKind::Long,
                hit_dice: None,
                seed: Some(1),
            },
        )
        .unwrap();
        assert_eq!(rested.character.slots[0].remaining, 4);
        assert_eq!(log(&store, "Elmira", None, 100).unwrap().len(), 5);
        assert_eq!(
            undo(&mut store, "Elmira", None).unwrap().reverted_command,
            "rest long Elmira"
        );
    }

    #[test]
    fn bad_characters_are_refused_with_rule_codes() {
        let mut store = Store::open_in_memory().unwrap();
        let mut new = NewCharacter {
            name: "X".into(),
            classes: vec![ClassLevel {
                class: Class::Wizard,
                level: 21,
            }],
            abilities: AbilitiesInput::default(),
            prepared: vec![],
            owner: None,
        };
        let err = create_character(&mut store, Catalog::srd(), "a", &new).unwrap_err();
        assert_eq!(err.code(), "invalid_class_level");
        new.classes[0].level = 1;
        new.prepared = vec!["no such spell".into()];
        let err = create_character(&mut store, Catalog::srd(), "a", &new).unwrap_err();
        assert_eq!(err.code(), "unknown_spell");
        assert!(store.find::<Caster>("character", "X").unwrap().is_none());
    }
}
