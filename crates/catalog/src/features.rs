//! Class features, subclasses, feats and Eldritch Invocations of SRD 5.2
//! (`data/features.toml`), read strictly into the rules crate's
//! [`FeatureDef`] (issue 33).

use std::sync::OnceLock;

use grimoire_rules::{
    Class, FeatureDef, FeatureKind, FreeCast, FreeSpells, Recharge, SpellChoice, SpellId, SpellsAt,
    Uses, Variant,
};
use serde::Deserialize;

const SRD_FEATURES: &str = include_str!("../data/features.toml");

/// Most spells one table row, choice or free cast may name.
const MAX_SPELLS: usize = 32;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    feature: Vec<Record>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Record {
    id: String,
    kind: FeatureKind,
    #[serde(default)]
    class: Option<Class>,
    level: u8,
    name: String,
    name_cs: String,
    about: String,
    about_cs: String,
    #[serde(default)]
    requires: Vec<String>,
    #[serde(default)]
    repeatable: bool,
    #[serde(default)]
    always_prepared: Vec<AtRecord>,
    #[serde(default)]
    variant: Vec<VariantRecord>,
    #[serde(default)]
    choice: Option<ChoiceRecord>,
    #[serde(default)]
    free: Vec<FreeRecord>,
    #[serde(default)]
    adds_lists: Vec<Class>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct AtRecord {
    level: u8,
    spells: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct VariantRecord {
    id: String,
    name: String,
    name_cs: String,
    #[serde(default)]
    list: Option<Class>,
    #[serde(default)]
    always_prepared: Vec<AtRecord>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ChoiceRecord {
    #[serde(default)]
    cantrips: u8,
    #[serde(default)]
    levels: Vec<u8>,
    #[serde(default)]
    lists: Vec<Class>,
    #[serde(default)]
    ritual: bool,
    #[serde(default)]
    any: u8,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct FreeRecord {
    name: String,
    #[serde(default)]
    level: Option<u8>,
    #[serde(default)]
    spells: Option<Vec<String>>,
    #[serde(default)]
    list: Option<Class>,
    #[serde(default)]
    max_level: Option<u8>,
    #[serde(default)]
    from: Option<String>,
    #[serde(default)]
    uses: Option<u8>,
    #[serde(default)]
    at_will: bool,
    #[serde(default)]
    uses_by_level: Option<Vec<(u8, u8)>>,
    #[serde(default)]
    shares: Option<String>,
    #[serde(default = "long_rest")]
    recharge: Recharge,
    #[serde(default)]
    cast_level: Option<u8>,
    #[serde(default)]
    no_material: bool,
    #[serde(default)]
    each: bool,
    #[serde(default)]
    short_rest_one: bool,
    #[serde(default)]
    lock_dice: Option<(u8, u8)>,
}

fn long_rest() -> Recharge {
    Recharge::LongRest
}

/// The SRD 5.2 features, read once (empty only if the data were broken,
/// which the crate's tests rule out).
pub fn srd_features() -> &'static [FeatureDef] {
    static SRD: OnceLock<Vec<FeatureDef>> = OnceLock::new();
    SRD.get_or_init(|| parse_features(SRD_FEATURES).unwrap_or_default())
}

/// The SRD feature of `kind` that `name` names: its id or its English or
/// Czech name, in any case; a subclass also by `class`.
pub fn srd_feature(
    kind: FeatureKind,
    class: Option<Class>,
    name: &str,
) -> Option<&'static FeatureDef> {
    let key = crate::fold::fold(name.trim());
    let dashed = key.replace(' ', "-");
    srd_features().iter().find(|f| {
        f.kind == kind
            && (class.is_none() || f.class == class)
            && (f.id == dashed
                || crate::fold::fold(&f.name) == key
                || crate::fold::fold(&f.name_cs) == key)
    })
}

fn spell_ids(owner: &str, ids: Vec<String>) -> Result<Vec<SpellId>, String> {
    if ids.len() > MAX_SPELLS {
        return Err(format!(
            "{owner}: more than {MAX_SPELLS} spells in one list"
        ));
    }
    ids.into_iter()
        .map(|id| SpellId::new(id.clone()).map_err(|_| format!("{owner}: bad spell id {id}")))
        .collect()
}

fn table(owner: &str, rows: Vec<AtRecord>) -> Result<Vec<SpellsAt>, String> {
    let mut out = Vec::with_capacity(rows.len());
    for row in rows {
        if !(1..=20).contains(&row.level) {
            return Err(format!(
                "{owner}: always_prepared level {} is not 1-20",
                row.level
            ));
        }
        out.push(SpellsAt {
            level: row.level,
            spells: spell_ids(owner, row.spells)?,
        });
    }
    Ok(out)
}

fn free_cast(owner: &str, level: u8, r: FreeRecord) -> Result<FreeCast, String> {
    let spells = match (r.spells, r.list, r.from.as_deref()) {
        (Some(ids), None, None) => FreeSpells::Named(spell_ids(owner, ids)?),
        (None, Some(class), None) => FreeSpells::List {
            class,
            max_level: r
                .max_level
                .filter(|l| *l <= 9)
                .ok_or_else(|| format!("{owner}: a list needs max_level 0-9"))?,
        },
        (None, None, Some("chosen")) => FreeSpells::Chosen,
        (None, None, Some("prepared")) => FreeSpells::Prepared,
        _ => {
            return Err(format!(
                "{owner}: free cast {} needs exactly one of spells, list or from = chosen/prepared",
                r.name
            ));
        }
    };
    let uses = match (r.uses, r.at_will, r.uses_by_level, r.shares) {
        (Some(n), false, None, None) if n > 0 => Uses::Times(n),
        (None, true, None, None) => Uses::AtWill,
        (None, false, Some(t), None) if !t.is_empty() && t.windows(2).all(|w| w[0].0 < w[1].0) => {
            Uses::ByLevel(t)
        }
        (None, false, None, Some(other)) => Uses::Shares(other),
        _ => {
            return Err(format!(
                "{owner}: free cast {} needs exactly one of uses (1+), at_will, uses_by_level (rising) or shares",
                r.name
            ));
        }
    };
    if r.name.trim().is_empty() {
        return Err(format!("{owner}: a free cast has no name"));
    }
    Ok(FreeCast {
        name: r.name,
        level: r.level.unwrap_or(level),
        spells,
        uses,
        recharge: r.recharge,
        cast_level: r.cast_level.filter(|l| *l <= 9),
        no_material: r.no_material,
        each: r.each,
        short_rest_one: r.short_rest_one,
        lock_dice: r.lock_dice.filter(|(n, s)| *n > 0 && *s > 0),
    })
}

/// Reads a feature list in the format of `data/features.toml`: ids unique
/// per kind, lower case and dashed; names and descriptions present; a
/// class for everything but a feat; levels 1-20; spell ids well formed;
/// each free cast with one source of spells and one kind of uses. The
/// error names the feature and what is wrong.
pub fn parse_features(text: &str) -> Result<Vec<FeatureDef>, String> {
    let file: File = toml::from_str(text).map_err(|e| e.to_string())?;
    let mut out: Vec<FeatureDef> = Vec::with_capacity(file.feature.len());
    for r in file.feature {
        let owner = r.id.clone();
        if SpellId::new(r.id.clone()).is_err() {
            return Err(format!("{owner}: id must be lower case with dashes"));
        }
        if out.iter().any(|f| f.id == r.id && f.kind == r.kind) {
            return Err(format!("{owner}: id listed twice"));
        }
        let texts = [&r.name, &r.name_cs, &r.about, &r.about_cs];
        if texts.iter().any(|t| t.trim().is_empty()) {
            return Err(format!("{owner}: a name or description is empty"));
        }
        if (r.kind == FeatureKind::Feat) != r.class.is_none() {
            return Err(format!("{owner}: every kind but a feat names its class"));
        }
        if !(1..=20).contains(&r.level) {
            return Err(format!("{owner}: level {} is not 1-20", r.level));
        }
        let mut variants = Vec::with_capacity(r.variant.len());
        for v in r.variant {
            if v.name.trim().is_empty() || v.name_cs.trim().is_empty() {
                return Err(format!("{owner}: variant {} has no name", v.id));
            }
            variants.push(Variant {
                always_prepared: table(&owner, v.always_prepared)?,
                id: v.id,
                name: v.name,
                name_cs: v.name_cs,
                list: v.list,
            });
        }
        let free = r
            .free
            .into_iter()
            .map(|f| free_cast(&owner, r.level, f))
            .collect::<Result<Vec<_>, _>>()?;
        out.push(FeatureDef {
            always_prepared: table(&owner, r.always_prepared)?,
            id: r.id,
            kind: r.kind,
            class: r.class,
            level: r.level,
            name: r.name,
            name_cs: r.name_cs,
            about: r.about,
            about_cs: r.about_cs,
            requires: r.requires,
            repeatable: r.repeatable,
            variants,
            choice: r.choice.map(|c| SpellChoice {
                cantrips: c.cantrips,
                levels: c.levels,
                lists: c.lists,
                ritual: c.ritual,
                any: c.any,
            }),
            free,
            adds_lists: r.adds_lists,
        });
    }
    Ok(out)
}
