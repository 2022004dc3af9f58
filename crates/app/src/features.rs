//! Class features, subclasses, feats and invocations on a character
//! (issue 33): choose them with their prerequisites checked, gain the
//! class features its levels reach, and go into or out of Wild Shape.
//!
//! A choice is written as the front ends take it: `wizard:evoker`,
//! `druid:land:arid` (class, subclass, option), `magic-initiate:cleric:
//! guidance,light,bless` (feat, option, spells), `pact-of-the-tome:
//! guidance,light,mending,detect-magic,find-familiar` (invocation, spells).

use grimoire_catalog::{Catalog, srd_feature, srd_features};
use grimoire_rules::{
    Caster, Choice, Class, FeatureDef, FeatureKind, Outcome, RulesError, Spell, SpellId, SpellLevel,
};
use grimoire_store::{Entity, Store};

use crate::character::{Step, commit};
use crate::error::AppError;
use crate::limits;
use crate::report::StepReport;
use serde::{Deserialize, Serialize};

/// Most choices one request may make.
pub const MAX_FEATURE_CHOICES: usize = 16;
/// Most spells one choice may name.
pub const MAX_FEATURE_SPELLS: usize = 8;
/// Longest text of one choice, in characters.
pub const MAX_FEATURE_TEXT: usize = 300;

/// One choice as a front end takes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FeatureAsk {
    /// A subclass, feat, invocation, or a class feature that asks for spells.
    pub kind: FeatureKind,
    /// `[CLASS:]ID[:OPTION][:SPELL,SPELL...]`.
    pub text: String,
}

impl FeatureAsk {
    /// A choice of `kind` written as `text`.
    pub fn new(kind: FeatureKind, text: impl Into<String>) -> Self {
        FeatureAsk {
            kind,
            text: text.into(),
        }
    }
}

/// The class a word names (English name or id, any case).
fn class_named(word: &str) -> Option<Class> {
    let w = word.trim().to_lowercase();
    Class::ALL
        .into_iter()
        .find(|c| format!("{c:?}").to_lowercase() == w)
}

/// A choice read: its definition, option and spells.
struct Read<'c> {
    def: &'static FeatureDef,
    variant: Option<String>,
    spells: Vec<&'c Spell>,
}

fn read<'c>(ask: &FeatureAsk, catalog: &'c Catalog) -> Result<Read<'c>, AppError> {
    limits::check_count(
        ask.text.chars().count(),
        MAX_FEATURE_TEXT,
        "too_many",
        "feature_text",
    )?;
    let mut parts: Vec<&str> = ask.text.split(':').map(str::trim).collect();
    let class = match parts.first().and_then(|p| class_named(p)) {
        Some(c) if parts.len() > 1 => {
            parts.remove(0);
            Some(c)
        }
        _ => None,
    };
    let id = parts.first().copied().unwrap_or_default();
    let def = srd_feature(ask.kind, class, id).ok_or_else(|| RulesError::UnknownFeature {
        kind: ask.kind,
        id: ask.text.clone(),
    })?;
    let mut rest = parts.into_iter().skip(1);
    let variant = if def.variants.is_empty() {
        None
    } else {
        rest.next().map(str::to_owned)
    };
    let names: Vec<&str> = rest
        .flat_map(|p| p.split(','))
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .collect();
    limits::check_len(
        &names,
        MAX_FEATURE_SPELLS,
        "too_many_spells",
        "feature_spells",
    )?;
    let spells = names
        .iter()
        .map(|n| catalog.lookup(n).map(|c| &c.spell))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Read {
        def,
        variant,
        spells,
    })
}

/// What `asks` give `caster`: first the class features its levels reach
/// (and what its features give at its levels now), then each choice in
/// turn, later ones seeing the earlier. Spells are looked up in `catalog`.
/// One refusal gives nothing.
pub fn features_outcome(
    caster: &Caster,
    asks: &[FeatureAsk],
    catalog: &Catalog,
) -> Result<Outcome, AppError> {
    limits::check_len(asks, MAX_FEATURE_CHOICES, "too_many", "features")?;
    let level_of =
        |id: &SpellId| -> Option<SpellLevel> { catalog.get(id.as_str()).map(|c| c.spell.level) };
    let mut working = caster.clone();
    let mut all = Outcome::default();
    let mut take = |working: &mut Caster, out: Outcome| {
        working.apply_all(&out.events);
        all.append(out);
    };
    let out = working.refresh_features(srd_features(), &level_of);
    take(&mut working, out);
    for ask in asks {
        let r = read(ask, catalog)?;
        let choice = Choice {
            variant: r.variant.as_deref(),
            spells: r.spells,
        };
        let out = working.choose_feature(r.def, &choice, &level_of)?;
        take(&mut working, out);
    }
    limits::check_count(
        working.always_prepared().count(),
        limits::MAX_ALWAYS_PREPARED,
        "too_many_spells",
        "always_prepared",
    )?;
    Ok(all)
}

/// Gives the stored character what `asks` and its levels give (see
/// [`features_outcome`]) in one change; nothing new writes nothing.
pub fn choose_features(
    store: &mut Store,
    command: impl Into<String>,
    caster: &Entity<Caster>,
    asks: &[FeatureAsk],
    catalog: &Catalog,
) -> Result<Step, AppError> {
    let out = features_outcome(&caster.state, asks, catalog)?;
    commit(store, command, caster, out)
}

/// Takes the Druid into Wild Shape (a use of the feature spent) or out of
/// it. In Wild Shape it casts no spells (`wild_shape_no_casting`); the
/// Concentration it holds goes on.
pub fn wild_shape(
    store: &mut Store,
    command: impl Into<String>,
    caster: &Entity<Caster>,
    on: bool,
) -> Result<Step, AppError> {
    let out = caster.state.wild_shape(on)?;
    commit(store, command, caster, out)
}

/// The choices of a request (`POST …/features`, `character set`): each
/// list as the front ends write it; class features come by level.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct FeatureChoices {
    /// Subclasses, `CLASS:SUBCLASS[:OPTION]`: `wizard:evoker`, `druid:land:arid`.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(max_items = 16))]
    pub subclasses: Vec<String>,
    /// Class features that ask for spells: `signature-spells:fireball,counterspell`.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(max_items = 16))]
    pub features: Vec<String>,
    /// Feats: `magic-initiate:cleric:guidance,light,bless`, `boon-of-spell-recall`.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(max_items = 16))]
    pub feats: Vec<String>,
    /// Eldritch Invocations: `armor-of-shadows`, `pact-of-the-tome:SPELL,...`.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(max_items = 16))]
    pub invocations: Vec<String>,
    /// Metamagic options: `careful`, `quickened`.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(max_items = 16))]
    pub metamagic: Vec<String>,
}

impl FeatureChoices {
    /// The choices in the order subclasses, features, feats, invocations,
    /// Metamagic (a subclass's spells before a feat that needs them).
    pub fn asks(&self) -> Vec<FeatureAsk> {
        let of = |kind: FeatureKind, list: &[String]| -> Vec<FeatureAsk> {
            list.iter()
                .map(|t| FeatureAsk::new(kind, t.clone()))
                .collect()
        };
        [
            of(FeatureKind::Subclass, &self.subclasses),
            of(FeatureKind::Class, &self.features),
            of(FeatureKind::Feat, &self.feats),
            of(FeatureKind::Invocation, &self.invocations),
            of(FeatureKind::Metamagic, &self.metamagic),
        ]
        .concat()
    }
}

/// Into or out of Wild Shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct WildShapeInput {
    /// `true`: take a beast's shape (a Wild Shape use); `false`: return.
    pub on: bool,
}

/// [`choose_features`] for the stored character `name`, answered with its
/// sheet as its owner's seat shows it.
pub fn choose_for(
    store: &mut Store,
    name: &str,
    choices: &FeatureChoices,
    catalog: &Catalog,
) -> Result<StepReport, AppError> {
    let (entity, owner) = crate::sheet::load(store, name)?;
    // The log names it as the CLI command that does the same.
    let command = ["character", "set", &entity.name].join(" ");
    let step = choose_features(store, command, &entity, &choices.asks(), catalog)?;
    Ok(report(step, &owner))
}

/// [`wild_shape`] for the stored character `name`.
pub fn wild_shape_for(
    store: &mut Store,
    name: &str,
    input: WildShapeInput,
) -> Result<StepReport, AppError> {
    let (entity, owner) = crate::sheet::load(store, name)?;
    let word = if input.on { "on" } else { "off" };
    let command = ["wildshape", &entity.name, word].join(" ");
    let step = wild_shape(store, command, &entity, input.on)?;
    Ok(report(step, &owner))
}

fn report(step: Step, owner: &str) -> StepReport {
    StepReport {
        character: crate::sheet::CharacterView::of(&step.character, owner),
        events: step.events,
        notes: step.notes,
        change: step.change,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grimoire_rules::AbilityScores;

    fn caster(classes: &[(Class, u8)]) -> Caster {
        Caster::new(
            "Ana",
            classes,
            AbilityScores::new([10, 10, 10, 16, 16, 16]).unwrap(),
        )
        .unwrap()
    }

    fn give(c: &Caster, asks: &[FeatureAsk]) -> Result<Caster, AppError> {
        let out = features_outcome(c, asks, Catalog::srd())?;
        let mut c = c.clone();
        c.apply_all(&out.events);
        Ok(c)
    }

    #[test]
    fn subclass_named_with_its_class_keeps_its_spells_prepared() {
        let c = give(
            &caster(&[(Class::Cleric, 5)]),
            &[FeatureAsk::new(FeatureKind::Subclass, "cleric:life")],
        )
        .unwrap();
        let ids: Vec<&str> = c.always_prepared().map(|e| e.spell.as_str()).collect();
        assert!(
            ids.contains(&"revivify") && !ids.contains(&"death-ward"),
            "{ids:?}"
        );
    }

    #[test]
    fn options_list_divine_intervention_as_a_way_to_cast_a_cleric_spell() {
        let c = give(&caster(&[(Class::Cleric, 10)]), &[]).unwrap();
        let bless = &Catalog::srd().get("bless").unwrap().spell;
        let ways = crate::options::ways_to_try(&c, bless);
        assert!(
            ways.iter().any(|w| matches!(
                w,
                crate::options::Way::Feature { name } if name == "Divine Intervention"
            )),
            "{ways:?}"
        );
        let heal = &Catalog::srd().get("heal").unwrap().spell;
        assert!(
            !crate::options::ways_to_try(&c, heal)
                .iter()
                .any(|w| matches!(w, crate::options::Way::Feature { .. }))
        );
    }

    #[test]
    fn unknown_subclass_is_refused_with_its_code() {
        let err = give(
            &caster(&[(Class::Wizard, 3)]),
            &[FeatureAsk::new(FeatureKind::Subclass, "wizard:necromancer")],
        )
        .unwrap_err();
        assert_eq!(err.code(), "unknown_subclass");
    }

    #[test]
    fn magic_initiate_spells_are_read_from_the_text() {
        let c = give(
            &caster(&[(Class::Wizard, 1)]),
            &[FeatureAsk::new(
                FeatureKind::Feat,
                "magic-initiate:cleric:guidance,sacred-flame,bless",
            )],
        )
        .unwrap();
        assert!(c.is_always_prepared(&SpellId::new("bless").unwrap()));
        let f = c
            .features()
            .iter()
            .find(|f| f.name == "Magic Initiate (Cleric)")
            .unwrap();
        assert_eq!(f.spells, vec![SpellId::new("bless").unwrap()]);
    }
}
