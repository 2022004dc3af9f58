//! The Metamagic a character knows, as each castable spell's options show
//! it (issue 35): every known option with its cost in Sorcery Points, and
//! for one that cannot reshape the spell, the rule's reason in every
//! language ([`grimoire_rules::metamagic_choices`]).

use std::collections::BTreeMap;

use grimoire_rules::{Caster, Metamagic, MetamagicError, RulesError, Spell, SpellName};
use serde::Serialize;

/// A known Metamagic option beside one spell.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct MetamagicOption {
    /// The option (`careful`, `empowered`, ...; words `metamagic-<id>`).
    #[cfg_attr(feature = "openapi", schema(value_type = String))]
    pub option: Metamagic,
    /// Its cost in Sorcery Points (Seeking Spell's is paid only when it
    /// rerolls a miss, Empowered Spell's only when damage is rolled).
    pub cost: u8,
    /// Whether it can reshape the spell.
    pub applies: bool,
    /// Why it cannot: the stable code (`no_save`, `not_an_action`...).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unfit: Option<String>,
    /// Why it cannot, in every language of the catalogue, by tag (empty
    /// when it applies).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub why: BTreeMap<String, String>,
}

/// The Metamagic options `caster` knows, beside `spell`, in the order learnt,
/// each with its cost and, when it does not fit, why. Empty for a
/// character with no Metamagic.
pub fn for_spell(caster: &Caster, spell: &Spell) -> Vec<MetamagicOption> {
    grimoire_rules::metamagic_choices(caster, spell)
        .into_iter()
        .map(|c| {
            let (unfit, why) = match c.unfit {
                None => (None, BTreeMap::new()),
                Some(why) => {
                    let code = why.code().to_owned();
                    let refusal = RulesError::from(MetamagicError::NotApplicable {
                        option: c.option,
                        spell: SpellName::of(spell),
                        why,
                    });
                    let words = grimoire_words::Words::get()
                        .in_every_language(|lang| grimoire_words::refusal(lang, &refusal));
                    (Some(code), words)
                }
            };
            MetamagicOption {
                option: c.option,
                cost: c.cost,
                applies: unfit.is_none(),
                unfit,
                why,
            }
        })
        .collect()
}
