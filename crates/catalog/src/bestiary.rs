//! Spellcasting creatures as data: the SRD 5.2 creatures with a
//! Spellcasting action (`data/monsters.toml`), homebrew stat blocks in the
//! same format, lookup and search over English and Czech names.
//!
//! A record is read strictly (unknown fields refused), then checked against
//! a spell catalogue (every spell must exist) and by the rules
//! ([`StatBlockCasting::validate`]); every error names the file, the
//! creature and the field.

use std::collections::BTreeMap;

use grimoire_rules::{
    Ability, AbilityScores, BlockSpell, Caster, Frequency, RulesError, SpellGroup, SpellId,
    SpellLevel, StatBlockCasting, TargetStats,
};
use serde::Deserialize;

use crate::catalog::Catalog;
use crate::error::CatalogError;
use crate::fold::{distance_within, fold};

const SRD_MONSTERS: &str = include_str!("../data/monsters.toml");

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    monster: Vec<toml::Value>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Record {
    id: String,
    name_en: String,
    #[serde(default)]
    name_cs: Option<String>,
    #[serde(default)]
    creature_type: Option<String>,
    #[serde(default)]
    cr: Option<String>,
    /// An older block's spellcaster level, for its cantrips; else the CR.
    #[serde(default)]
    caster_level: Option<u8>,
    ac: i32,
    hp: i32,
    scores: [u8; 6],
    #[serde(default)]
    saves: BTreeMap<String, i32>,
    ability: String,
    save_dc: i32,
    #[serde(default)]
    attack_bonus: Option<i32>,
    #[serde(default)]
    no_material: bool,
    #[serde(default)]
    summary_en: Option<String>,
    #[serde(default)]
    summary_cs: Option<String>,
    #[serde(default)]
    spells: Vec<Line>,
    #[serde(default)]
    slots: Option<Slots>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Line {
    name: String,
    #[serde(default)]
    per_day: Option<u8>,
    #[serde(default)]
    shared: bool,
    /// "requiring no components" (the Archmage's Misty Step).
    #[serde(default)]
    no_components: bool,
    spells: Vec<String>,
    #[serde(default)]
    levels: BTreeMap<String, u8>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Slots {
    levels: Vec<u8>,
    spells: Vec<String>,
}

/// One spellcasting creature of the bestiary.
#[derive(Debug, Clone, PartialEq)]
pub struct Monster {
    /// Stable id (`mage`).
    pub id: String,
    /// English name.
    pub name_en: String,
    /// Czech name, when known.
    pub name_cs: Option<String>,
    /// Creature type in lower case (`undead`), for R18 and smites.
    pub creature_type: Option<String>,
    /// Challenge rating as printed (`1/4`, `12`).
    pub cr: Option<String>,
    /// Armor Class.
    pub ac: i32,
    /// Hit points (the average the block prints).
    pub hp: i32,
    /// Ability scores.
    pub scores: AbilityScores,
    /// Its spellcasting.
    pub casting: StatBlockCasting,
    /// A line about it, in our own words.
    pub summary_en: Option<String>,
    /// The same in Czech.
    pub summary_cs: Option<String>,
    /// `SRD` or the homebrew file it came from.
    pub source: String,
}

impl Monster {
    /// A fresh caster for one creature of this kind, named `name`: uses
    /// and slots full.
    pub fn caster(&self, name: &str) -> Result<Caster, RulesError> {
        Caster::from_stat_block(name, self.scores, self.casting.clone())
    }

    /// Its numbers as a spell's target sees them: AC, saving throws (the
    /// block's, else the modifier), hit point maximum.
    pub fn target_stats(&self) -> TargetStats {
        let saves = Ability::ALL
            .iter()
            .map(|a| {
                let printed = self.casting.saves.iter().find(|(b, _)| b == a);
                let v = printed
                    .map(|(_, v)| *v)
                    .unwrap_or_else(|| i32::from(self.scores.modifier(*a)));
                (*a, v)
            })
            .collect();
        TargetStats {
            ac: Some(self.ac),
            saves,
            hp: Some(self.hp),
            max_hp: Some(self.hp),
            ..TargetStats::default()
        }
    }
}

/// The spellcasting creatures: the SRD's plus any homebrew.
#[derive(Debug, Clone, Default)]
pub struct Bestiary {
    monsters: Vec<Monster>,
}

impl Bestiary {
    /// The SRD 5.2 spellcasting creatures, checked against the SRD spells.
    ///
    /// # Panics
    ///
    /// Only if the embedded data is invalid, which the crate's tests rule out.
    pub fn srd() -> &'static Bestiary {
        static SRD: std::sync::OnceLock<Bestiary> = std::sync::OnceLock::new();
        SRD.get_or_init(|| {
            let mut b = Bestiary::default();
            if let Err(errors) = b.add_text("monsters.toml", SRD_MONSTERS, Catalog::srd(), "SRD") {
                panic!("embedded SRD monster data is invalid: {errors:?}");
            }
            b
        })
    }

    /// Every creature, in file order.
    pub fn monsters(&self) -> &[Monster] {
        &self.monsters
    }

    /// The creature with this id or name (English or Czech, case and
    /// diacritics ignored).
    pub fn get(&self, id_or_name: &str) -> Option<&Monster> {
        let key = fold(id_or_name);
        let as_id = key.replace(' ', "-");
        self.monsters.iter().find(|m| {
            m.id == as_id
                || fold(&m.name_en) == key
                || m.name_cs.as_deref().is_some_and(|cs| fold(cs) == key)
        })
    }

    /// The creature with this id or name, or `unknown_monster`.
    pub fn lookup(&self, id_or_name: &str) -> Result<&Monster, CatalogError> {
        self.get(id_or_name)
            .ok_or_else(|| CatalogError::UnknownMonster {
                query: id_or_name.to_owned(),
            })
    }

    /// Creatures whose English or Czech name (or id) contains `text`, or
    /// is within two typos of it; exact and prefix matches first. An empty
    /// text lists them all.
    pub fn search(&self, text: &str) -> Vec<&Monster> {
        let q = fold(text);
        if q.is_empty() {
            return self.monsters.iter().collect();
        }
        let mut hits: Vec<(u8, &Monster)> = self
            .monsters
            .iter()
            .filter_map(|m| {
                let names = [Some(fold(&m.name_en)), m.name_cs.as_deref().map(fold)];
                let mut best: Option<u8> = None;
                for n in names.into_iter().flatten() {
                    let rank = if n == q || m.id == q.replace(' ', "-") {
                        Some(0)
                    } else if n.starts_with(&q) {
                        Some(1)
                    } else if n.contains(&q) {
                        Some(2)
                    } else {
                        distance_within(q.as_bytes(), n.as_bytes(), 2).map(|_| 3)
                    };
                    best = match (best, rank) {
                        (Some(b), Some(r)) => Some(b.min(r)),
                        (b, r) => b.or(r),
                    };
                }
                best.map(|r| (r, m))
            })
            .collect();
        hits.sort_by_key(|(r, _)| *r);
        hits.into_iter().map(|(_, m)| m).collect()
    }

    /// Adds a homebrew file's creatures, checked against `spells`. A file
    /// with any problem adds nothing; every problem is reported.
    pub fn with_homebrew_text(
        &self,
        file: &str,
        text: &str,
        spells: &Catalog,
    ) -> Result<Bestiary, Vec<CatalogError>> {
        let mut b = self.clone();
        b.add_text(file, text, spells, file)?;
        Ok(b)
    }

    fn add_text(
        &mut self,
        file: &str,
        text: &str,
        spells: &Catalog,
        source: &str,
    ) -> Result<(), Vec<CatalogError>> {
        let parse = |message: String| {
            vec![CatalogError::HomebrewParse {
                file: file.to_owned(),
                message,
            }]
        };
        let parsed: File = toml::from_str(text).map_err(|e| {
            parse(
                e.to_string()
                    .lines()
                    .filter(|l| !l.trim().is_empty())
                    .collect::<Vec<_>>()
                    .join(" "),
            )
        })?;
        let mut errors = Vec::new();
        let mut added = Vec::new();
        for (i, value) in parsed.monster.into_iter().enumerate() {
            let label = value
                .get("id")
                .and_then(toml::Value::as_str)
                .map_or_else(|| format!("monster #{}", i + 1), str::to_owned);
            let invalid = |field: String, message: String| CatalogError::MonsterInvalidField {
                file: file.to_owned(),
                monster: label.clone(),
                field,
                message,
            };
            let record: Record = match serde_path_to_error::deserialize(value) {
                Ok(r) => r,
                Err(e) => {
                    let field = e.path().to_string();
                    errors.push(invalid(field, e.into_inner().to_string()));
                    continue;
                }
            };
            match convert(record, spells, source) {
                Ok(m) => {
                    let clash = self
                        .monsters
                        .iter()
                        .chain(&added)
                        .find(|o: &&Monster| o.id == m.id);
                    if let Some(first) = clash {
                        errors.push(CatalogError::DuplicateMonster {
                            id: m.id.clone(),
                            first: first.source.clone(),
                            second: file.to_owned(),
                        });
                    } else {
                        added.push(m);
                    }
                }
                Err((field, message)) => errors.push(invalid(field, message)),
            }
        }
        if errors.is_empty() {
            self.monsters.extend(added);
            Ok(())
        } else {
            Err(errors)
        }
    }
}

fn ability(text: &str) -> Option<Ability> {
    Some(match text {
        "str" => Ability::Strength,
        "dex" => Ability::Dexterity,
        "con" => Ability::Constitution,
        "int" => Ability::Intelligence,
        "wis" => Ability::Wisdom,
        "cha" => Ability::Charisma,
        _ => return None,
    })
}

type Invalid = (String, String);

fn spell_id(spells: &Catalog, field: &str, text: &str) -> Result<SpellId, Invalid> {
    spells
        .get(text)
        .map(|s| s.spell.id.clone())
        .ok_or_else(|| (field.to_owned(), format!("no spell is called {text:?}")))
}

fn convert(r: Record, spells: &Catalog, source: &str) -> Result<Monster, Invalid> {
    let bad = |field: &str, message: String| (field.to_owned(), message);
    if r.id.is_empty()
        || !r
            .id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
    {
        return Err(bad(
            "id",
            "use lower-case letters, digits and hyphens (cave-mage)".into(),
        ));
    }
    if r.name_en.trim().is_empty() {
        return Err(bad("name_en", "a name is needed".into()));
    }
    if !(1..=40).contains(&r.ac) {
        return Err(bad("ac", format!("{} is outside 1..=40", r.ac)));
    }
    if !(1..=10_000).contains(&r.hp) {
        return Err(bad("hp", format!("{} is outside 1..=10000", r.hp)));
    }
    let scores = AbilityScores::new(r.scores).map_err(|e| bad("scores", e.to_string()))?;
    let ab = ability(&r.ability).ok_or_else(|| {
        bad(
            "ability",
            format!("{:?}: use str, dex, con, int, wis or cha", r.ability),
        )
    })?;
    let mut saves = Vec::new();
    for (k, v) in &r.saves {
        let a = ability(k).ok_or_else(|| {
            bad(
                &format!("saves.{k}"),
                "use str, dex, con, int, wis or cha".into(),
            )
        })?;
        if !(-10..=30).contains(v) {
            return Err(bad(
                &format!("saves.{k}"),
                format!("{v} is outside -10..=30"),
            ));
        }
        saves.push((a, *v));
    }
    let mut groups = Vec::new();
    for (i, line) in r.spells.iter().enumerate() {
        let at = |f: &str| format!("spells[{i}].{f}");
        let mut list = Vec::new();
        for (j, s) in line.spells.iter().enumerate() {
            let id = spell_id(spells, &at(&format!("spells[{j}]")), s)?;
            list.push(BlockSpell {
                spell: id,
                level: None,
            });
        }
        for (name, level) in &line.levels {
            let id = spell_id(spells, &at(&format!("levels.{name}")), name)?;
            let entry = list.iter_mut().find(|b| b.spell == id).ok_or_else(|| {
                bad(
                    &at(&format!("levels.{name}")),
                    "the spell is not on this line".into(),
                )
            })?;
            let own = spells.get(name).map(|s| s.spell.level.get()).unwrap_or(0);
            if *level < own.max(1) || *level > 9 {
                return Err(bad(
                    &at(&format!("levels.{name}")),
                    format!("level {level} must be between the spell's own level {own} and 9"),
                ));
            }
            entry.level = SpellLevel::new(*level).ok();
        }
        groups.push(SpellGroup {
            name: line.name.clone(),
            frequency: line.per_day.map_or(Frequency::AtWill, Frequency::PerDay),
            shared: line.shared,
            spells: list,
            no_components: line.no_components,
        });
    }
    let mut slots = [0u8; 9];
    let mut slot_spells = Vec::new();
    if let Some(s) = &r.slots {
        if s.levels.len() > 9 {
            return Err(bad("slots.levels", "at most 9 levels".into()));
        }
        for (i, n) in s.levels.iter().enumerate() {
            slots[i] = *n;
        }
        for (j, name) in s.spells.iter().enumerate() {
            slot_spells.push(spell_id(spells, &format!("slots.spells[{j}]"), name)?);
        }
    }
    let casting = StatBlockCasting {
        ability: ab,
        save_dc: r.save_dc,
        attack_bonus: r.attack_bonus.unwrap_or(r.save_dc - 8),
        groups,
        slots,
        slot_spells,
        saves,
        no_material: r.no_material,
        cantrip_level: r
            .caster_level
            .or_else(|| r.cr.as_deref().and_then(cr_level))
            .unwrap_or(0)
            .min(20),
    };
    casting.validate().map_err(|e| match e {
        RulesError::InvalidRequest { reason } => block_field(&reason),
        other => ("spells".to_owned(), other.to_string()),
    })?;
    Ok(Monster {
        id: r.id,
        name_en: r.name_en,
        name_cs: r.name_cs,
        creature_type: r.creature_type.map(|t| t.to_lowercase()),
        cr: r.cr,
        ac: r.ac,
        hp: r.hp,
        scores,
        casting,
        summary_en: r.summary_en,
        summary_cs: r.summary_cs,
        source: source.to_owned(),
    })
}

/// The field of the file a stat block's check names, and what is wrong
/// with it. A bad field's detail is English, like the file format's
/// keywords (see [`CatalogError::args`]).
fn block_field(reason: &grimoire_rules::Invalid) -> Invalid {
    use grimoire_rules::Invalid as Why;
    let field = match reason {
        Why::SaveDcOutOfRange { .. } => "save_dc",
        Why::AttackBonusOutOfRange { .. } => "attack_bonus",
        Why::TooManySlots { .. } | Why::SlotSpellsWithoutSlots => "slots",
        _ => "spells",
    };
    (
        field.to_owned(),
        grimoire_words::reason(grimoire_words::FALLBACK, reason),
    )
}

/// A Challenge Rating as a level for cantrips: whole ratings as they
/// are, fractions ("1/2") as 0.
fn cr_level(cr: &str) -> Option<u8> {
    cr.trim()
        .parse::<u8>()
        .ok()
        .or(cr.contains('/').then_some(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_srd_creatures_load_and_cast() {
        let b = Bestiary::srd();
        assert!(b.monsters().len() >= 6);
        for m in b.monsters() {
            let c = m.caster(&m.name_en).unwrap();
            assert!(c.classes().is_empty());
            assert!(m.name_cs.is_some() && m.summary_cs.is_some(), "{}", m.id);
        }
        let mage = b.get("Mág").unwrap();
        assert_eq!((mage.id.as_str(), mage.casting.save_dc), ("mage", 14));
        assert_eq!(b.get("ARCIMAG").unwrap().id, "archmage");
        // Cantrips grow with the Challenge Rating: the CR 6 Mage's at 6.
        assert_eq!(mage.casting.cantrip_level, 6);
        assert_eq!(cr_level("1/2"), Some(0));
        assert_eq!(cr_level("21"), Some(21));
    }

    #[test]
    fn search_finds_czech_english_and_typos() {
        let b = Bestiary::srd();
        let ids = |q: &str| -> Vec<String> { b.search(q).iter().map(|m| m.id.clone()).collect() };
        assert_eq!(ids("mage").first().map(String::as_str), Some("mage"));
        assert!(ids("kněz").contains(&"priest".to_owned()));
        assert!(ids("lihc").contains(&"lich".to_owned()));
        assert!(ids("kultista").contains(&"cultist-fanatic".to_owned()));
    }

    /// R11: the SRD's Reaction spells are read for the trigger they answer
    /// from their own casting-time words (data, not a list of ids).
    #[test]
    fn r11_srd_reactions_answer_their_triggers() {
        use grimoire_rules::TriggerKind;
        let kind = |id: &str| TriggerKind::of_spell(&Catalog::srd().get(id).unwrap().spell);
        assert_eq!(kind("counterspell"), Some(TriggerKind::SpellCast));
        assert_eq!(kind("shield"), Some(TriggerKind::Hit));
        assert_eq!(kind("hellish-rebuke"), Some(TriggerKind::Damage));
        assert_eq!(kind("feather-fall"), Some(TriggerKind::Fall));
        assert_eq!(kind("fireball"), None);
    }

    fn load(text: &str) -> Vec<CatalogError> {
        Bestiary::srd()
            .with_homebrew_text("cave.toml", text, Catalog::srd())
            .unwrap_err()
    }

    const GOOD: &str = r#"
[[monster]]
id = "cave-mage"
name_en = "Cave Mage"
ac = 12
hp = 20
scores = [10, 10, 10, 14, 10, 10]
ability = "int"
save_dc = 12
[[monster.spells]]
name = "1/Day Each"
per_day = 1
spells = ["fireball"]
"#;

    #[test]
    fn homebrew_loads_in_the_same_format() {
        let b = Bestiary::srd()
            .with_homebrew_text("cave.toml", GOOD, Catalog::srd())
            .unwrap();
        let m = b.get("cave mage").unwrap();
        assert_eq!(m.casting.attack_bonus, 4);
        assert_eq!(m.source, "cave.toml");
    }

    #[test]
    fn homebrew_errors_name_file_creature_and_field() {
        let e = load(&GOOD.replace("\"fireball\"", "\"fireblal\""));
        assert_eq!(e[0].code(), "monster_invalid_field");
        let text = e[0].to_string();
        assert!(
            text.contains("cave.toml") && text.contains("cave-mage"),
            "{text}"
        );
        assert!(
            text.contains("spells[0].spells[0]") && text.contains("fireblal"),
            "{text}"
        );
        let e = load(&GOOD.replace("per_day = 1", "per_day = 0"));
        assert!(e[0].to_string().contains("0/day"), "{}", e[0]);
        // The stat block's own checks name the field they are about.
        let e = load(&GOOD.replace("save_dc = 12", "save_dc = 50"));
        assert_eq!(
            e[0].to_string(),
            "cave.toml: cave-mage: save_dc: save DC 50 is outside 1 to 40"
        );
        let e = load(&GOOD.replace("save_dc = 12", "save_dc = 12\nattack_bonus = 31"));
        assert!(
            e[0].to_string()
                .ends_with("attack_bonus: attack bonus 31 is outside -10 to 30"),
            "{}",
            e[0]
        );
        let e = load(&GOOD.replace("ability = \"int\"", "ability = \"smarts\""));
        assert!(e[0].to_string().contains("ability"), "{}", e[0]);
        let e = load(&GOOD.replace("hp = 20", "hp = 20\nspeed = 30"));
        assert!(e[0].to_string().contains("speed"), "{}", e[0]);
        assert!(
            e[0].message("cs").contains("tvor"),
            "{}",
            e[0].message("cs")
        );
        let e = load(&GOOD.replace("cave-mage", "mage"));
        assert_eq!(e[0].code(), "duplicate_monster");
        let e = load("[[spell]]\nid = 1");
        assert_eq!(e[0].code(), "homebrew_parse");
    }
}
