//! SRD 5.2 weapons (`data/weapons.toml`): the Weapons table read strictly
//! into the rules crate's [`Weapon`], found by id or by name in English or
//! Czech (issue 34).

use std::sync::OnceLock;

use grimoire_rules::{
    DamageType, DiceFormula, Mastery, Weapon, WeaponCategory, WeaponKind, WeaponProperty,
};
use serde::Deserialize;

use crate::equipment::MAX_PRICE_CP;

const SRD_WEAPONS: &str = include_str!("../data/weapons.toml");

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    weapon: Vec<Record>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Record {
    id: String,
    name_en: String,
    name_cs: String,
    category: WeaponCategory,
    kind: WeaponKind,
    damage: String,
    damage_type: DamageType,
    properties: Vec<WeaponProperty>,
    #[serde(default)]
    versatile: Option<String>,
    #[serde(default)]
    range: Option<(u32, u32)>,
    mastery: Mastery,
    price_cp: u64,
}

/// The SRD 5.2 weapons, read once (empty only if the data were broken,
/// which the crate's tests rule out).
pub fn srd_weapons() -> &'static [Weapon] {
    static SRD: OnceLock<Vec<Weapon>> = OnceLock::new();
    SRD.get_or_init(|| parse_weapons(SRD_WEAPONS).unwrap_or_default())
}

/// The SRD weapon `name` names: its id, or its English or Czech name, in
/// any case.
pub fn srd_weapon(name: &str) -> Option<&'static Weapon> {
    let key = crate::fold::fold(name.trim());
    let dashed = key.replace(' ', "-");
    srd_weapons().iter().find(|w| {
        w.id == dashed
            || crate::fold::fold(&w.name_en) == key
            || crate::fold::fold(&w.name_cs) == key
    })
}

/// Reads a weapon list in the format of `data/weapons.toml`: ids unique,
/// lower case and dashed; names present; dice that parse; a Versatile
/// weapon with its two-handed die and no other with one; a range exactly
/// for thrown and ranged weapons, normal not past long; a price of at
/// most [`MAX_PRICE_CP`]. The error names the weapon and what is wrong.
pub fn parse_weapons(text: &str) -> Result<Vec<Weapon>, String> {
    let file: File = toml::from_str(text).map_err(|e| e.to_string())?;
    let mut out: Vec<Weapon> = Vec::with_capacity(file.weapon.len());
    for r in file.weapon {
        let id_ok = grimoire_rules::SpellId::new(r.id.clone()).is_ok();
        if !id_ok {
            return Err(format!("{}: id must be lower case with dashes", r.id));
        }
        if out.iter().any(|w| w.id == r.id) {
            return Err(format!("{}: id listed twice", r.id));
        }
        if r.name_en.trim().is_empty() || r.name_cs.trim().is_empty() {
            return Err(format!("{}: a name is empty", r.id));
        }
        let dice = |t: &str| {
            t.parse::<DiceFormula>()
                .map_err(|_| format!("{}: bad dice {t}", r.id))
        };
        let damage = dice(&r.damage)?;
        let versatile = r.versatile.as_deref().map(dice).transpose()?;
        if r.properties.contains(&WeaponProperty::Versatile) != versatile.is_some() {
            return Err(format!(
                "{}: versatile gives its die exactly when the weapon is Versatile",
                r.id
            ));
        }
        let ranged = r.kind == WeaponKind::Ranged || r.properties.contains(&WeaponProperty::Thrown);
        if ranged != r.range.is_some() || r.range.is_some_and(|(n, l)| n == 0 || n > l) {
            return Err(format!(
                "{}: a thrown or ranged weapon needs range = [normal, long], others none",
                r.id
            ));
        }
        if r.price_cp > MAX_PRICE_CP {
            return Err(format!("{}: price_cp above {MAX_PRICE_CP}", r.id));
        }
        out.push(Weapon {
            id: r.id,
            name_en: r.name_en,
            name_cs: r.name_cs,
            category: r.category,
            kind: r.kind,
            damage,
            damage_type: r.damage_type,
            properties: r.properties,
            versatile,
            range: r.range,
            mastery: r.mastery,
            price_cp: r.price_cp,
        });
    }
    Ok(out)
}
