//! Ranked search over the catalogue: by name in either language (case,
//! diacritics and small typos forgiven) and by filters.

use grimoire_rules::{CastingTime, Class, DamageType, School, SpellLevel};

use crate::entry::CatalogSpell;
use crate::fold::{distance_within, fold, missing_letters, prefix_distance_within};

/// Coarse casting-time kinds for filtering (R9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CastingTimeKind {
    /// The Magic action.
    Action,
    /// A Bonus Action.
    BonusAction,
    /// A Reaction.
    Reaction,
    /// One minute or longer (R12).
    Long,
}

impl CastingTimeKind {
    /// The kind of a rules casting time.
    pub fn of(time: &CastingTime) -> Self {
        match time {
            CastingTime::Action => CastingTimeKind::Action,
            CastingTime::BonusAction { .. } => CastingTimeKind::BonusAction,
            CastingTime::Reaction { .. } => CastingTimeKind::Reaction,
            CastingTime::Minutes(_) | CastingTime::Hours(_) => CastingTimeKind::Long,
        }
    }
}

/// What to look for. Every filter left `None` matches everything; an empty
/// text lists all spells passing the filters, by level then name.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Query {
    /// Name (English or Czech) or id.
    pub text: String,
    /// On this class's list (R8).
    pub class: Option<Class>,
    /// Exactly this level (R1).
    pub level: Option<SpellLevel>,
    /// Of this school (R7).
    pub school: Option<School>,
    /// Has (or lacks) the Ritual tag (R5b).
    pub ritual: Option<bool>,
    /// Needs (or does not need) Concentration (R15).
    pub concentration: Option<bool>,
    /// Casting time kind (R9).
    pub casting_time: Option<CastingTimeKind>,
    /// Can deal this damage type.
    pub damage_type: Option<DamageType>,
    /// At most this many hits; `None` for all.
    pub limit: Option<usize>,
}

impl Query {
    /// A query for a name.
    pub fn text(text: impl Into<String>) -> Self {
        Query {
            text: text.into(),
            ..Query::default()
        }
    }
    /// Only spells on `class`'s list.
    pub fn class(mut self, class: Class) -> Self {
        self.class = Some(class);
        self
    }
    /// Only spells of `level`.
    pub fn level(mut self, level: SpellLevel) -> Self {
        self.level = Some(level);
        self
    }
    /// Only spells of `school`.
    pub fn school(mut self, school: School) -> Self {
        self.school = Some(school);
        self
    }
    /// Only rituals (`true`) or only non-rituals (`false`).
    pub fn ritual(mut self, ritual: bool) -> Self {
        self.ritual = Some(ritual);
        self
    }
    /// Only Concentration spells (`true`) or only others (`false`).
    pub fn concentration(mut self, concentration: bool) -> Self {
        self.concentration = Some(concentration);
        self
    }
    /// Only spells with this casting time kind.
    pub fn casting_time(mut self, kind: CastingTimeKind) -> Self {
        self.casting_time = Some(kind);
        self
    }
    /// Only spells that can deal `damage_type`.
    pub fn damage_type(mut self, damage_type: DamageType) -> Self {
        self.damage_type = Some(damage_type);
        self
    }
    /// At most `limit` hits.
    pub fn limit(mut self, limit: usize) -> Self {
        self.limit = Some(limit);
        self
    }

    fn accepts(&self, s: &CatalogSpell) -> bool {
        let sp = &s.spell;
        self.class.is_none_or(|c| sp.on_class_list(c))
            && self.level.is_none_or(|l| sp.level == l)
            && self.school.is_none_or(|sc| sp.school == sc)
            && self.ritual.is_none_or(|r| sp.ritual == r)
            && self
                .concentration
                .is_none_or(|c| sp.is_concentration() == c)
            && self
                .casting_time
                .is_none_or(|k| CastingTimeKind::of(&sp.casting_time) == k)
            && self.damage_type.is_none_or(|t| s.damage_types.contains(&t))
    }
}

/// How well a name matched, best first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum MatchKind {
    /// The whole name or id.
    Exact,
    /// The start of the name.
    Prefix,
    /// The start of a later word of the name.
    WordPrefix,
    /// Somewhere inside the name.
    Substring,
    /// Within a few typos; the number is the edit distance.
    Fuzzy(u8),
    /// No text was given; only filters applied.
    Filter,
}

/// Which name matched.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Language {
    /// The English name or the id.
    En,
    /// The Czech name.
    Cs,
}

/// One search result.
#[derive(Debug, Clone, Copy)]
pub struct Hit<'a> {
    /// The spell.
    pub spell: &'a CatalogSpell,
    /// How it matched.
    pub kind: MatchKind,
    /// Which language's name matched.
    pub language: Language,
}

fn match_name(query: &str, name: &str, name_mask: u64) -> Option<MatchKind> {
    if name == query {
        return Some(MatchKind::Exact);
    }
    if name.starts_with(query) {
        return Some(MatchKind::Prefix);
    }
    // A plain window scan: names are short, and str::find's searcher costs
    // more to set up than the scan itself.
    let (q, n) = (query.as_bytes(), name.as_bytes());
    if let Some(pos) = n.windows(q.len()).position(|w| w == q) {
        let word_start = n[pos - 1] == b' ';
        return Some(if word_start {
            MatchKind::WordPrefix
        } else {
            MatchKind::Substring
        });
    }
    // Typos: about one per four characters typed, compared with the whole
    // name and with the stretch of the same length starting at each word
    // (a half-typed name, or one word of it, with a typo still finds it).
    let limit = query.len() / 4;
    if limit == 0 || missing_letters(q, name_mask) > limit {
        return None;
    }
    let mut best = distance_within(q, n, limit);
    let word_starts = std::iter::once(0).chain(
        n.iter()
            .enumerate()
            .filter(|(_, b)| **b == b' ')
            .map(|(i, _)| i + 1),
    );
    for start in word_starts {
        // First letters are rarely mistyped; requiring them skips most work.
        if start < n.len() && n[start] == q[0] {
            if let Some(d) = prefix_distance_within(q, &n[start..], limit) {
                best = Some(best.map_or(d, |b| b.min(d)));
            }
        }
    }
    let best = best?;
    Some(MatchKind::Fuzzy(u8::try_from(best).unwrap_or(u8::MAX)))
}

/// Runs `query` over `spells`.
pub(crate) fn search<'a>(spells: &'a [CatalogSpell], query: &Query) -> Vec<Hit<'a>> {
    let text = fold(&query.text);
    let as_id = text.replace(' ', "-");
    let mut hits: Vec<Hit<'a>> = spells
        .iter()
        .filter(|s| query.accepts(s))
        .filter_map(|s| {
            if text.is_empty() {
                return Some(Hit {
                    spell: s,
                    kind: MatchKind::Filter,
                    language: Language::En,
                });
            }
            let en = match_name(&text, &s.folded.en, s.folded.en_mask);
            let en = match (en, s.folded.id == as_id) {
                (_, true) => Some(MatchKind::Exact),
                (m, false) => m,
            };
            let cs = match_name(&text, &s.folded.cs, s.folded.cs_mask);
            match (en, cs) {
                (Some(e), Some(c)) if c < e => Some(Hit {
                    spell: s,
                    kind: c,
                    language: Language::Cs,
                }),
                (Some(e), _) => Some(Hit {
                    spell: s,
                    kind: e,
                    language: Language::En,
                }),
                (None, Some(c)) => Some(Hit {
                    spell: s,
                    kind: c,
                    language: Language::Cs,
                }),
                (None, None) => None,
            }
        })
        .collect();
    hits.sort_by(|a, b| {
        a.kind
            .cmp(&b.kind)
            .then(a.spell.spell.level.cmp(&b.spell.spell.level))
            .then_with(|| a.spell.folded.en.cmp(&b.spell.folded.en))
    });
    if let Some(limit) = query.limit {
        hits.truncate(limit);
    }
    hits
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fold::letter_mask;

    #[test]
    fn match_kinds_rank_exact_prefix_substring_fuzzy() {
        assert_eq!(
            match_name("fireball", "fireball", letter_mask("fireball")),
            Some(MatchKind::Exact)
        );
        assert_eq!(
            match_name("fire", "fireball", letter_mask("fireball")),
            Some(MatchKind::Prefix)
        );
        assert_eq!(
            match_name(
                "ball",
                "delayed blast fireball",
                letter_mask("delayed blast fireball")
            ),
            Some(MatchKind::Substring)
        );
        assert_eq!(
            match_name(
                "blast",
                "delayed blast fireball",
                letter_mask("delayed blast fireball")
            ),
            Some(MatchKind::WordPrefix)
        );
        assert_eq!(
            match_name(
                "magik misile",
                "magic missile",
                letter_mask("magic missile")
            ),
            Some(MatchKind::Fuzzy(2))
        );
        assert_eq!(match_name("zzz", "fireball", letter_mask("fireball")), None);
        assert_eq!(
            match_name("misile", "magic missile", letter_mask("magic missile")),
            Some(MatchKind::Fuzzy(1))
        );
        assert_eq!(
            match_name("cone of cld", "cone of cold", letter_mask("cone of cold")),
            Some(MatchKind::Fuzzy(1))
        );
        assert!(MatchKind::Exact < MatchKind::Prefix && MatchKind::Substring < MatchKind::Fuzzy(1));
    }
}
