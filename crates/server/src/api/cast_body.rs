//! The body of a character's cast (`POST …/characters/{name}/casts`) and
//! the call it makes: read field by field so each problem names its
//! field, then [`grimoire_app::play::cast`], the one cast of every front
//! end, retried on version conflicts with the same dice.

use grimoire_catalog::Catalog;
use grimoire_dice::SeededRng;
use grimoire_rules::CastRequest;
use grimoire_store::Store;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::access::{Role, check_name};
use crate::error::ServerError;

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
    "metamagic",
    "sculpt",
    "overchannel",
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
        let mut request = body;
        let head: serde_json::Map<String, serde_json::Value> = ["spell", "seed", "complete"]
            .into_iter()
            .filter_map(|field| request.remove_entry(field))
            .collect();
        let read = |fields| super::strict::Strict(serde_json::Value::Object(fields));
        let head: Head =
            serde_path_to_error::deserialize(read(head)).map_err(CastBodyError::Mismatch)?;
        let request: CastRequest =
            serde_path_to_error::deserialize(read(request)).map_err(CastBodyError::Mismatch)?;
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

/// Casts `input` for the character `name`, asked for from the seat of
/// `by` (a player may not give the numbers of a combatant of the caster's
/// encounter): every target name checked, the dice seeded once so a retry
/// after a version conflict rolls what the first attempt would have.
pub(crate) fn cast_for(
    store: &mut Store,
    catalog: &Catalog,
    name: &str,
    input: &CastInput,
    by: Role,
) -> Result<grimoire_app::play::CastReply, ServerError> {
    for t in &input.request.targets {
        check_name(grimoire_app::NameKind::Target, &t.name)?;
    }
    let seed = grimoire_app::dice_seed(input.seed);
    let seat = match by {
        // Only whether the seat is a player's matters to a cast.
        Role::Player => grimoire_app::seat::Seat::player::<&str>([]),
        _ => grimoire_app::seat::Seat::Gm,
    };
    let order = grimoire_app::play::CastOrder {
        spell: &input.spell,
        complete: input.complete,
        request: &input.request,
    };
    grimoire_app::retry(store, |store| {
        let mut rng = SeededRng::new(seed);
        Ok(grimoire_app::play::cast(
            store, catalog, name, order, &seat, &mut rng,
        )?)
    })
}
