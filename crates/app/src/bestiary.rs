//! The spellcasting creatures as answers (issue 32): `grimoire monster
//! list|show --json` and the API's `GET /monsters`, `GET
//! /monsters/{monster}` send these, from the SRD bestiary or one with a
//! homebrew file's blocks.

use grimoire_catalog::{Bestiary, Monster};
use grimoire_rules::{Ability, SpellGroup, SpellId};
use serde::Serialize;

/// One creature in a search.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct MonsterRow {
    /// Its id.
    pub id: String,
    /// Its English name.
    pub name_en: String,
    /// Its Czech name, when known.
    pub name_cs: Option<String>,
    /// Its Challenge Rating.
    pub cr: Option<String>,
    /// Its spell save DC.
    pub save_dc: i32,
    /// Where the stat block comes from.
    pub source: String,
}

/// The creatures a search found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct MonsterList {
    /// Best match first.
    pub monsters: Vec<MonsterRow>,
}

/// The creatures of `bestiary` matching `query` (English or Czech, typos
/// forgiven); every one for an empty query.
pub fn list_monsters(bestiary: &Bestiary, query: &str) -> MonsterList {
    MonsterList {
        monsters: bestiary
            .search(query)
            .iter()
            .map(|m| MonsterRow {
                id: m.id.clone(),
                name_en: m.name_en.clone(),
                name_cs: m.name_cs.clone(),
                cr: m.cr.clone(),
                save_dc: m.casting.save_dc,
                source: m.source.clone(),
            })
            .collect(),
    }
}

/// One creature's stat block: its numbers and its Spellcasting.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct MonsterSheet {
    /// Its id.
    pub id: String,
    /// Its English name.
    pub name_en: String,
    /// Its Czech name, when known.
    pub name_cs: Option<String>,
    /// Its Challenge Rating.
    pub cr: Option<String>,
    /// Its creature type, in lower case.
    pub creature_type: Option<String>,
    /// Its Armor Class.
    pub ac: i32,
    /// Its hit points.
    pub hp: i32,
    /// Its spellcasting ability.
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub ability: Ability,
    /// Its spell save DC.
    pub save_dc: i32,
    /// Its spell attack bonus.
    pub attack_bonus: i32,
    /// Its Spellcasting lines: at will, per day.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Object>))]
    pub spellcasting: Vec<SpellGroup>,
    /// Its spell slots per level, 1st to 9th.
    pub slots: [u8; 9],
    /// The spells it casts with slots.
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<String>))]
    pub slot_spells: Vec<SpellId>,
    /// Its saving throw bonuses, each an ability and its bonus
    /// (`["wis", 3]`).
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<Vec<Value>>))]
    pub saves: Vec<(Ability, i32)>,
    /// Where the stat block comes from.
    pub source: String,
    /// Its summary in English.
    pub summary_en: Option<String>,
    /// Its summary in Czech.
    pub summary_cs: Option<String>,
}

impl MonsterSheet {
    /// The sheet of `m`.
    pub fn of(m: &Monster) -> Self {
        let c = &m.casting;
        MonsterSheet {
            id: m.id.clone(),
            name_en: m.name_en.clone(),
            name_cs: m.name_cs.clone(),
            cr: m.cr.clone(),
            creature_type: m.creature_type.clone(),
            ac: m.ac,
            hp: m.hp,
            ability: c.ability,
            save_dc: c.save_dc,
            attack_bonus: c.attack_bonus,
            spellcasting: c.groups.clone(),
            slots: c.slots,
            slot_spells: c.slot_spells.clone(),
            saves: c.saves.clone(),
            source: m.source.clone(),
            summary_en: m.summary_en.clone(),
            summary_cs: m.summary_cs.clone(),
        }
    }
}

/// The stat block of `bestiary` with id or name `id`
/// (`unknown_monster` when none has it).
pub fn monster_sheet(bestiary: &Bestiary, id: &str) -> Result<MonsterSheet, crate::AppError> {
    bestiary
        .get(id)
        .map(MonsterSheet::of)
        .ok_or_else(|| crate::AppError::UnknownMonster {
            name: id.to_owned(),
        })
}
