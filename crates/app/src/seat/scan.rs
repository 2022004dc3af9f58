//! Whether a JSON answer holds anything a player's seat must blank, read
//! straight from its bytes without building a `serde_json::Value`.
//!
//! Most answers a player gets hide nothing (their own sheet, their own
//! cast on a character): parsing each into a `Value`, walking it and
//! writing it out again cost about a tenth of a SQLite cast's CPU (issue
//! 38). The scan asks the question [`super::hide_creatures`] answers, by
//! the same keys, in one pass that keeps nothing: is there an object that
//! names a creature and carries a creature's number that is not already
//! `null`? Only then is the answer parsed and redacted.
//!
//! It errs one way only. An object with a key given twice (which no
//! answer of ours has) counts as naming a creature if any of its naming
//! values does, and as carrying numbers if any of those values is not
//! `null`, where the parsed `Value` keeps only the last of each: so "no"
//! here means the redaction would change nothing, and "yes" at worst
//! costs the full path.

use std::collections::HashSet;
use std::fmt;

use serde::de::{DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};

use super::{CREATURE_NUMBERS, NAMING_KEYS};
use crate::fold;

/// Whether redacting `json` for a player knowing `characters` (folded
/// names) would change it; an error when `json` is not one JSON value.
pub(super) fn needs_redaction(
    json: &[u8],
    characters: &HashSet<String>,
) -> Result<bool, serde_json::Error> {
    let mut de = serde_json::Deserializer::from_slice(json);
    let seen = Node {
        characters,
        naming: false,
    }
    .deserialize(&mut de)?;
    de.end()?;
    Ok(seen.needs)
}

/// What a value turned out to be, as far as its parent object cares.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// `null`.
    Null,
    /// `false`.
    False,
    /// A string naming something that is not one of the characters (only
    /// reported for the values of naming keys).
    Creature,
    /// Anything else.
    Other,
}

/// What the scan of one value found.
struct Seen {
    kind: Kind,
    /// Somewhere in it is an object a player must not see whole.
    needs: bool,
}

impl Seen {
    fn leaf(kind: Kind) -> Self {
        Seen { kind, needs: false }
    }
}

/// Scans one value; `naming` when it is the value of a naming key, so a
/// string is checked against the characters.
struct Node<'a> {
    characters: &'a HashSet<String>,
    naming: bool,
}

impl<'de> DeserializeSeed<'de> for Node<'_> {
    type Value = Seen;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Seen, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Node<'_> {
    type Value = Seen;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("JSON")
    }

    fn visit_unit<E>(self) -> Result<Seen, E> {
        Ok(Seen::leaf(Kind::Null))
    }

    fn visit_none<E>(self) -> Result<Seen, E> {
        Ok(Seen::leaf(Kind::Null))
    }

    fn visit_bool<E>(self, v: bool) -> Result<Seen, E> {
        Ok(Seen::leaf(if v { Kind::Other } else { Kind::False }))
    }

    fn visit_i64<E>(self, _: i64) -> Result<Seen, E> {
        Ok(Seen::leaf(Kind::Other))
    }

    fn visit_u64<E>(self, _: u64) -> Result<Seen, E> {
        Ok(Seen::leaf(Kind::Other))
    }

    fn visit_f64<E>(self, _: f64) -> Result<Seen, E> {
        Ok(Seen::leaf(Kind::Other))
    }

    fn visit_str<E>(self, v: &str) -> Result<Seen, E> {
        let creature = self.naming && !self.characters.contains(&fold(v));
        Ok(Seen::leaf(if creature {
            Kind::Creature
        } else {
            Kind::Other
        }))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut items: A) -> Result<Seen, A::Error> {
        let mut needs = false;
        while let Some(item) = items.next_element_seed(Node {
            characters: self.characters,
            naming: false,
        })? {
            needs |= item.needs;
        }
        Ok(Seen {
            kind: Kind::Other,
            needs,
        })
    }

    fn visit_map<A: MapAccess<'de>>(self, mut entries: A) -> Result<Seen, A::Error> {
        let (mut needs, mut creature, mut numbers) = (false, false, false);
        while let Some(key) = entries.next_key_seed(KeySeed)? {
            let value = entries.next_value_seed(Node {
                characters: self.characters,
                naming: key == Key::Naming,
            })?;
            needs |= value.needs;
            match key {
                Key::Naming => creature |= value.kind == Kind::Creature,
                Key::Character => creature |= value.kind == Kind::False,
                Key::Number => numbers |= value.kind != Kind::Null,
                Key::Other => {}
            }
        }
        Ok(Seen {
            kind: Kind::Other,
            needs: needs || (creature && numbers),
        })
    }
}

/// What a key means to the redaction.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Key {
    /// One of [`NAMING_KEYS`].
    Naming,
    /// `character`, whose `false` marks a creature.
    Character,
    /// One of [`CREATURE_NUMBERS`].
    Number,
    /// Any other.
    Other,
}

/// Reads a key without keeping it.
struct KeySeed;

impl<'de> DeserializeSeed<'de> for KeySeed {
    type Value = Key;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Key, D::Error> {
        deserializer.deserialize_str(self)
    }
}

impl Visitor<'_> for KeySeed {
    type Value = Key;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("key")
    }

    fn visit_str<E>(self, key: &str) -> Result<Key, E> {
        Ok(if NAMING_KEYS.contains(&key) {
            Key::Naming
        } else if key == "character" {
            Key::Character
        } else if CREATURE_NUMBERS.contains(&key) {
            Key::Number
        } else {
            Key::Other
        })
    }
}
