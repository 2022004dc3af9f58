//! The data-file format: `[[spell]]` tables in TOML, read with serde into
//! these private types. The files are the catalogue's business; the rules
//! crate never sees them (`convert.rs` turns them into its types).

use std::collections::BTreeMap;

use serde::Deserialize;

/// A problem with one field of one spell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct FieldError {
    pub(crate) field: String,
    pub(crate) message: String,
}

pub(crate) fn bad(field: &str, message: impl Into<String>) -> FieldError {
    FieldError {
        field: field.to_string(),
        message: message.into(),
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SpellRecord {
    pub(crate) id: String,
    pub(crate) name_en: String,
    #[serde(default)]
    pub(crate) name_cs: String,
    pub(crate) level: u8,
    pub(crate) school: String,
    #[serde(default)]
    pub(crate) classes: Vec<String>,
    pub(crate) casting_time: String,
    #[serde(default)]
    pub(crate) alternative_casting_time: Option<String>,
    #[serde(default)]
    pub(crate) trigger: Option<String>,
    #[serde(default)]
    pub(crate) trigger_cs: Option<String>,
    #[serde(default)]
    pub(crate) ritual: bool,
    /// The caster may move the spell to a new creature with a Bonus
    /// Action once its target drops to 0 hit points (Hex, Hunter's Mark).
    #[serde(default)]
    pub(crate) moves_to_new_target: bool,
    pub(crate) range: String,
    #[serde(default)]
    pub(crate) area: Option<AreaRecord>,
    pub(crate) components: ComponentsRecord,
    pub(crate) duration: String,
    /// Longer durations from higher slots: `{ "3" = "concentration 8 hours" }`.
    #[serde(default)]
    pub(crate) duration_by_slot: BTreeMap<String, String>,
    #[serde(default)]
    pub(crate) summary_en: String,
    #[serde(default)]
    pub(crate) summary_cs: String,
    #[serde(default)]
    pub(crate) effect: Option<EffectRecord>,
    #[serde(default)]
    pub(crate) notes: BTreeMap<String, String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct AreaRecord {
    pub(crate) shape: String,
    pub(crate) size_ft: u32,
    #[serde(default)]
    pub(crate) secondary_ft: Option<u32>,
    #[serde(default)]
    pub(crate) thickness_in: Option<u32>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ComponentsRecord {
    #[serde(default)]
    pub(crate) v: bool,
    #[serde(default)]
    pub(crate) s: bool,
    #[serde(default)]
    pub(crate) m: Option<String>,
    /// The material text in Czech.
    #[serde(default)]
    pub(crate) m_cs: Option<String>,
    #[serde(default)]
    pub(crate) cost_gp: Option<u32>,
    #[serde(default)]
    pub(crate) consumed: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct EffectRecord {
    pub(crate) kind: String,
    #[serde(default)]
    pub(crate) save: Option<SaveRecord>,
    #[serde(default)]
    pub(crate) damage: Vec<DamageRecord>,
    #[serde(default)]
    pub(crate) heal: Option<HealRecord>,
    #[serde(default)]
    pub(crate) instances: Option<u32>,
    #[serde(default)]
    pub(crate) targets: Option<u32>,
    #[serde(default)]
    pub(crate) upcast: Option<UpcastRecord>,
    #[serde(default)]
    pub(crate) cantrip_scaling: Option<String>,
    #[serde(default)]
    pub(crate) conditions: Vec<String>,
    #[serde(default)]
    pub(crate) bonus: Vec<BonusRecord>,
    #[serde(default)]
    pub(crate) unaffected: Vec<String>,
    /// The only creature types the spell affects (Hold Person: humanoid).
    #[serde(default)]
    pub(crate) affects: Vec<String>,
    #[serde(default)]
    pub(crate) rider: Vec<DamageRecord>,
    /// Damage at the start or end of each affected creature's turns, or
    /// on entering the spell's area.
    #[serde(default)]
    pub(crate) each_turn: Vec<TurnDamageRecord>,
    /// `false` when the spell deals its damage only later, through
    /// `each_turn` (Flaming Sphere); by default it is dealt on casting.
    #[serde(default)]
    pub(crate) on_cast: Option<bool>,
    /// Attack rolls against an affected creature have Advantage while the
    /// spell lasts (Faerie Fire).
    #[serde(default)]
    pub(crate) attacked_with_advantage: bool,
    #[serde(default)]
    pub(crate) not_self: bool,
    #[serde(default)]
    pub(crate) hostile_only: bool,
}

/// `[[spell.effect.each_turn]]`: `at = "start" | "end" | "enter"`, the
/// damage, and an optional save whose `on_success` is `half`, `none`,
/// `ends` (damage, then a success ends the spell) or `none_ends` (no
/// damage, and the spell ends on the creature).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct TurnDamageRecord {
    pub(crate) at: String,
    pub(crate) damage: Vec<DamageRecord>,
    #[serde(default)]
    pub(crate) save: Option<SaveRecord>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SaveRecord {
    pub(crate) ability: String,
    pub(crate) on_success: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct DamageRecord {
    pub(crate) dice: String,
    #[serde(default, rename = "type")]
    pub(crate) damage_type: Option<String>,
    #[serde(default)]
    pub(crate) types: Vec<String>,
    #[serde(default)]
    pub(crate) add_modifier: bool,
    #[serde(default)]
    pub(crate) per_slot: Option<String>,
    /// The only creature types this part harms (Divine Smite's extra die).
    #[serde(default)]
    pub(crate) only_against: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct HealRecord {
    pub(crate) dice: String,
    #[serde(default)]
    pub(crate) add_modifier: bool,
    #[serde(default)]
    pub(crate) per_slot: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct UpcastRecord {
    #[serde(default)]
    pub(crate) dice: Option<String>,
    #[serde(default)]
    pub(crate) instances: u32,
    #[serde(default)]
    pub(crate) targets: u32,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct BonusRecord {
    pub(crate) to: String,
    #[serde(default)]
    pub(crate) dice: Option<String>,
    #[serde(default)]
    pub(crate) flat: Option<i32>,
    #[serde(default)]
    pub(crate) penalty: bool,
    #[serde(default)]
    pub(crate) per_slot: i32,
}

/// Reads one `[[spell]]` table; type errors name the field they are in.
pub(crate) fn read_record(value: toml::Value) -> Result<SpellRecord, FieldError> {
    serde_path_to_error::deserialize::<_, SpellRecord>(value).map_err(|e| {
        let path = e.path().to_string();
        // toml appends "in `path`" on later lines; the path is reported apart.
        let full = e.inner().to_string();
        let raw = full.lines().next().unwrap_or_default().trim().to_string();
        // serde reports a missing key at the table holding it; name the key.
        if let Some(key) = raw
            .strip_prefix("missing field `")
            .and_then(|r| r.split('`').next())
        {
            let field = if path == "." {
                key.to_string()
            } else {
                format!("{path}.{key}")
            };
            return bad(&field, "is required but missing");
        }
        bad(
            if path == "." { "spell" } else { &path },
            plain_serde_message(&raw),
        )
    })
}

/// Turns serde's wording into something a homebrew author understands.
fn plain_serde_message(raw: &str) -> String {
    if raw.starts_with("invalid type") {
        let wanted = raw.rsplit("expected ").next().unwrap_or("");
        let what = if wanted.starts_with('u') || wanted.starts_with('i') {
            "a whole number"
        } else if wanted.contains("bool") {
            "true or false"
        } else if wanted.contains("string") {
            "text in quotes"
        } else if wanted.contains("sequence") {
            "a list [..]"
        } else {
            wanted
        };
        return format!("must be {what} ({raw})");
    }
    raw.to_string()
}
