//! Grimoire app: the game operations every front end shares.
//!
//! A front end (the `grimoire` CLI, the table server) parses what the user
//! asked for; this crate loads the characters and encounters from the
//! [`grimoire_store::Store`], asks [`grimoire_rules`] what happens, and
//! commits every changed entity with its events in one change. It knows
//! nothing about terminals or HTTP; [`view`] holds the JSON shapes the
//! CLI's `--json` and the server share.
//!
//! ```
//! use grimoire_app::{Batch, CHARACTER, character};
//! use grimoire_rules::{AbilityScores, Caster, Class};
//! use grimoire_store::{Change, Store};
//!
//! let mut store = Store::open_in_memory()?;
//! let wizard = Caster::new("Elmira", &[(Class::Wizard, 3)], AbilityScores::new([10; 6])?)?;
//! store.commit(&Change::new("character new Elmira").create(CHARACTER, "Elmira", &wizard)?)?;
//!
//! let elmira = character(&store, "elmira")?;
//! let rest = elmira.state.long_rest();
//! let mut batch = Batch::new("rest Elmira --long");
//! batch.character(&elmira, &rest.events)?;
//! batch.commit(&mut store)?;
//! assert_eq!(character(&store, "Elmira")?.version, 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

pub mod advance;
pub mod attack;
pub mod bestiary;
pub mod budget;
pub mod card;
mod cast;
pub mod cast_spell;
mod character;
pub mod class_resources;
pub mod creation;
pub mod creature_attack;
mod dying;
pub mod encounter;
pub mod encounter_calls;
pub mod encounter_view;
mod entering;
mod error;
mod fall;
pub mod features;
pub mod gear;
mod hit;
mod hit_dice;
pub mod homebrew;
pub mod house;
pub mod identity;
mod kind;
mod landing;
pub mod limits;
mod max_hp;
pub mod metamagic_options;
pub mod monster;
mod name;
mod name_policy;
pub mod ongoing;
pub mod options;
mod party_rest;
pub mod plan;
pub mod plan_metamagic;
pub mod play;
pub mod reaction;
mod report;
mod resources_view;
pub mod retry;
pub mod seat;
pub mod sheet;
mod sheet_import;
mod state;
pub mod table_log;
mod turns;
mod uses;
pub mod view;
mod ward;
mod way;
pub mod window;
pub mod window_calls;

pub use attack::{AttackCall, AttackDone, AttackView, CreatureConcentration, attack};
pub use cast::{CastCommit, check_player_targets, commit_cast, fit_request, fit_request_stored};
pub use cast_spell::{CastAnswer, CastCall, CastDone, Waiting, cast_spell, reaction_spells};
pub use character::{
    Affliction, Damaged, HitPointChange, NextTurn, RestKind, Step, Toggle, condition,
    copy_to_spellbook, damage, damage_hit, end_turn, hit_points, move_spell, prepare,
    prepare_always, rest, unprepare, wait,
};
pub use creature_attack::{
    CreatureAttackCall, CreatureAttackDone, CreatureWeapon, creature_attack,
};
pub use dying::{DeathSave, death_save, exhaustion, stabilize};
pub use error::AppError;
pub use gear::{equip_new, starting_equipment};
pub use hit::CharacterHit;
pub use hit_dice::{Rested, rest_with_hit_dice};
pub use house::{TABLE, house_rules, set_house_rule, set_house_rules};
pub use max_hp::{MaxHpFromDice, MaxHpRule, max_hp_from_dice};
pub use name::{MAX_NAME, NameKind, NameProblem, check_name, check_unconfusable};
pub use party_rest::{
    PartyHitDice, PartyMember, PartyRest, rest_all, rest_all_choosing, rest_all_spending,
};
pub use retry::{Retryable, dice_seed, retry};
pub use state::{
    Batch, CHARACTER, ENCOUNTER, ENDED_ENCOUNTER, EncounterState, character, commit_character,
    encounter, encounter_of, ended_encounter, fold,
};

// Issue 36: a character brought from another tool's sheet.
pub use sheet_import::{SheetStored, import_sheet, import_sheet_for};
