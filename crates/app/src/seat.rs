//! What each seat at the table may see, decided in one place.
//!
//! The GM sees everything. A player sees the characters in full, but of a
//! creature (anything the campaign has no character for: the GM's
//! monsters, a goblin named as a target) neither hit points, Armor Class,
//! saving throws, defences nor the uses of its abilities: those are the
//! GM's, as behind a screen. Every answer a front end gives a player, and
//! every live event, passes through [`Seat::redact`]; no route or event
//! kind hides numbers on its own, so a new one cannot forget to.
//!
//! The walk works on the JSON a front end is about to send, by shape: an
//! object that names a creature (`name`, `target`, `combatant`, `added`), or that
//! says `"character": false`, loses every key of [`CREATURE_NUMBERS`].
//! Names are compared folded ([`crate::fold`]), and creatures cannot take a
//! character's name inside a campaign, so a name tells the two apart.
//!
//! ```
//! use grimoire_app::seat::Seat;
//! use serde_json::json;
//!
//! let seat = Seat::player(["Elmira"]);
//! let mut answer = json!({"targets": [
//!     {"target": "Ogre", "hp_after": 12, "damage_total": 9},
//!     {"target": "Elmira", "hp_after": 7},
//! ]});
//! seat.redact(&mut answer);
//! assert_eq!(answer["targets"][0]["hp_after"], serde_json::Value::Null);
//! assert_eq!(answer["targets"][0]["damage_total"], 9);
//! assert_eq!(answer["targets"][1]["hp_after"], 7);
//! ```

mod scan;

use std::collections::HashSet;

use grimoire_store::Store;
use serde_json::Value;

use crate::{AppError, CHARACTER, fold};

/// The keys that carry a creature's numbers, blanked for a player.
pub const CREATURE_NUMBERS: &[&str] = &[
    "hp",
    "hp_after",
    "max_hp",
    "temp_hp",
    "ac",
    "saves",
    "save_bonuses",
    "defenses",
    "stats",
    "uses",
];

/// The keys that name what an object describes (`added`: the combatant an
/// encounter answer reports as joining).
const NAMING_KEYS: &[&str] = &["name", "target", "combatant", "added"];

/// Who is looking.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Seat {
    /// The game master (and the CLI's own user): sees everything.
    Gm,
    /// A player: sees the characters (folded names) in full, creatures
    /// without their numbers.
    Player(HashSet<String>),
}

impl Seat {
    /// A player's seat at a table with these characters.
    pub fn player<S: AsRef<str>>(characters: impl IntoIterator<Item = S>) -> Seat {
        Seat::Player(characters.into_iter().map(|c| fold(c.as_ref())).collect())
    }

    /// A player's seat at the table `store` holds (its characters, read now).
    pub fn player_at(store: &Store) -> Result<Seat, AppError> {
        // Names only: decoding every character's state here was a third
        // of SQLite's writer (issue 38, part 9).
        Ok(Seat::player(store.names(CHARACTER)?))
    }

    /// Whether nothing is hidden from this seat.
    pub fn sees_everything(&self) -> bool {
        matches!(self, Seat::Gm)
    }

    /// A character made after the seat was taken (a live stream learns of
    /// it from its event).
    pub fn learn_character(&mut self, name: &str) {
        if let Seat::Player(known) = self {
            known.insert(fold(name));
        }
    }

    /// Blanks, anywhere in `data`, what this seat may not see.
    pub fn redact(&self, data: &mut Value) {
        if let Seat::Player(characters) = self {
            hide_creatures(data, characters);
        }
    }

    /// [`Seat::redact`] over a JSON text: `None` when it hides nothing
    /// for this seat (most answers), found by one pass over the bytes
    /// that builds nothing; else the redacted text. An error when `json`
    /// is not one JSON value.
    pub fn redact_json(&self, json: &[u8]) -> Result<Option<Vec<u8>>, serde_json::Error> {
        let Seat::Player(characters) = self else {
            return Ok(None);
        };
        if !scan::needs_redaction(json, characters)? {
            return Ok(None);
        }
        let mut value: Value = serde_json::from_slice(json)?;
        hide_creatures(&mut value, characters);
        serde_json::to_vec(&value).map(Some)
    }
}

fn hide_creatures(data: &mut Value, characters: &HashSet<String>) {
    match data {
        Value::Array(items) => items.iter_mut().for_each(|v| hide_creatures(v, characters)),
        Value::Object(o) => {
            let creature = o.get("character") == Some(&Value::Bool(false))
                || NAMING_KEYS.iter().any(|k| {
                    o.get(*k)
                        .and_then(Value::as_str)
                        .is_some_and(|n| !characters.contains(&fold(n)))
                });
            if creature {
                for key in CREATURE_NUMBERS {
                    if let Some(v) = o.get_mut(*key) {
                        *v = Value::Null;
                    }
                }
            }
            o.values_mut().for_each(|v| hide_creatures(v, characters));
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn creatures_lose_their_numbers_characters_and_the_gm_keep_them() {
        let seat = Seat::player(["Elmira"]);
        let original = json!({
            "cast": {"targets": [
                {"target": "Ogre", "hp_after": 12, "damage_total": 20},
                {"target": "ELMIRA", "hp_after": 7}
            ]},
            "status": {"combatants": [
                {"name": "Ogre", "character": false, "hp": 12},
                {"name": "Elmira", "character": true, "hp": 7}
            ]},
            "window": {"pending": {"request": {"targets": [
                {"name": "Cave Mage", "stats": {"hp": 40, "ac": 15}}
            ]}}},
            "creatures": [{"name": "Cave Mage", "hp": 40, "uses": [{"name": "Shield", "remaining": 2}]}],
            "event": {"kind": "hp_changed", "name": "Ogre", "hp": 3},
            "character": {"name": "Elmira", "vitals": {"hp": 7, "ac": 12},
                          "items": [{"name": "Wand", "max_charges": 7}]}
        });
        let mut data = original.clone();
        seat.redact(&mut data);
        assert_eq!(data["cast"]["targets"][0]["hp_after"], Value::Null);
        assert_eq!(data["cast"]["targets"][0]["damage_total"], 20);
        assert_eq!(data["cast"]["targets"][1]["hp_after"], 7);
        assert_eq!(data["status"]["combatants"][0]["hp"], Value::Null);
        assert_eq!(data["status"]["combatants"][1]["hp"], 7);
        assert_eq!(
            data["window"]["pending"]["request"]["targets"][0]["stats"],
            Value::Null
        );
        assert_eq!(data["creatures"][0]["hp"], Value::Null);
        assert_eq!(data["creatures"][0]["uses"], Value::Null);
        assert_eq!(data["event"]["hp"], Value::Null);
        assert_eq!(data["character"], original["character"]);

        let mut gm = original.clone();
        Seat::Gm.redact(&mut gm);
        assert_eq!(gm, original);
    }

    /// The text path gives what the `Value` path gives, and says
    /// "nothing to hide" exactly when the `Value` path changes nothing.
    fn agrees(seat: &Seat, data: &Value) {
        let text = serde_json::to_vec(data).unwrap();
        let mut redacted = data.clone();
        seat.redact(&mut redacted);
        match seat.redact_json(&text).unwrap() {
            None => assert_eq!(&redacted, data, "the scan missed something in {data}"),
            Some(out) => {
                assert_ne!(&redacted, data, "the scan flagged nothing in {data}");
                assert_eq!(serde_json::from_slice::<Value>(&out).unwrap(), redacted);
            }
        }
    }

    #[test]
    fn the_text_path_hides_exactly_what_the_value_path_hides() {
        let seat = Seat::player(["Elmira", "Bo"]);
        for data in [
            json!({"target": "Ogre", "hp_after": 12}),
            json!({"target": "Ogre", "hp_after": null, "damage_total": 3}),
            json!({"target": "elmira", "hp_after": 12}),
            json!({"targets": [{"target": "Bo", "hp_after": 1}, {"target": "Ogre", "ac": 13}]}),
            json!({"name": "Goblin", "character": false}),
            json!({"name": "Elmira", "character": false, "hp": 3}),
            json!({"name": "Elmira", "character": true, "hp": 3}),
            json!({"combatant": "Orc", "stats": {"hp": 15}}),
            json!({"added": "Orc", "uses": []}),
            json!({"name": 7, "hp": 3}),
            json!({"name": {"target": "Ogre", "saves": {"dex": 2}}}),
            json!({"window": {"pending": {"request": {"targets": [{"name": "Cave Mage", "stats": {"ac": 15}}]}}}}),
            json!({"name": "Elmira", "notes": "\u{c9}l\"mira", "items": [{"name": "Wand", "max_charges": 7}]}),
            json!({"target": "Ogre \"Big\"", "hp": 2}),
            json!({"target": "Elmira\t", "hp": 2}),
            json!({"name": "Élmira\n", "hp": 1}),
            json!([1, "two", null, true, {"target": "Ogre", "temp_hp": 0}]),
            json!("just text"),
            json!(null),
        ] {
            agrees(&seat, &data);
        }
        assert_eq!(
            Seat::Gm
                .redact_json(br#"{"target":"Ogre","hp":1}"#)
                .unwrap(),
            None
        );
        assert!(seat.redact_json(b"{not json").is_err());
        assert!(seat.redact_json(br#"{"a":1} {"b":2}"#).is_err());
    }

    #[test]
    fn a_key_given_twice_errs_toward_hiding() {
        // A parsed `Value` keeps the last of a repeated key; the scan
        // flags the object if any occurrence could hide something.
        let seat = Seat::player(["Elmira"]);
        let text = br#"{"target":"Ogre","target":"Elmira","hp":3}"#;
        let out = seat.redact_json(text).unwrap().expect("flagged");
        assert_eq!(serde_json::from_slice::<Value>(&out).unwrap()["hp"], 3);
        let text = br#"{"target":"Elmira","target":"Ogre","hp":3}"#;
        let out = seat.redact_json(text).unwrap().expect("flagged");
        assert_eq!(
            serde_json::from_slice::<Value>(&out).unwrap()["hp"],
            Value::Null
        );
    }

    proptest::proptest! {
        #[test]
        fn the_scan_never_misses(data in arbitrary_answer()) {
            agrees(&Seat::player(["Elmira", "Bo"]), &data);
        }
    }

    /// JSON shaped like answers: objects whose keys come from the naming,
    /// number and marker keys and a few others, values of every kind.
    fn arbitrary_answer() -> impl proptest::strategy::Strategy<Value = Value> {
        use proptest::prelude::*;
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            (-50i64..50).prop_map(Value::from),
            prop::sample::select(vec!["Elmira", "ELMIRA", "Bo", "Ogre", "Cave Mage", "É"])
                .prop_map(Value::from),
        ];
        leaf.prop_recursive(4, 48, 6, |inner| {
            let key = prop::sample::select(vec![
                "name",
                "target",
                "combatant",
                "added",
                "character",
                "hp",
                "hp_after",
                "ac",
                "stats",
                "uses",
                "targets",
                "data",
                "label",
            ]);
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
                prop::collection::vec((key, inner), 0..6).prop_map(|kv| Value::Object(
                    kv.into_iter().map(|(k, v)| (k.to_owned(), v)).collect()
                )),
            ]
        })
    }

    #[test]
    fn a_character_made_later_is_learned() {
        let mut seat = Seat::player(Vec::<String>::new());
        let mut data = json!({"target": "Bo", "hp_after": 3});
        seat.learn_character("Bo");
        seat.redact(&mut data);
        assert_eq!(data["hp_after"], 3);
        assert!(!seat.sees_everything() && Seat::Gm.sees_everything());
    }
}
