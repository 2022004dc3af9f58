//! Structs read only from JSON objects. A struct deriving `Deserialize`
//! also reads from an array of its fields in order (`[null, null]` for
//! two optional fields), which no schema of the API allows. The server
//! reads every body so that no struct at any depth takes an array; a
//! field marked `#[serde(deserialize_with = "crate::json_object::only")]`
//! refuses one for any other reader of the type too, where a struct
//! whose fields all have defaults would read an empty array as all
//! defaults.

use std::fmt;
use std::marker::PhantomData;

use serde::de::{Deserialize, Deserializer, MapAccess, Visitor, value::MapAccessDeserializer};

/// Reads `T` from an object, and refuses any other JSON value (an array
/// included) as an invalid type.
pub(crate) fn only<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    deserializer.deserialize_map(ObjectOnly(PhantomData))
}

/// The visitor of [`only`]: a map, handed to `T`'s own reading.
struct ObjectOnly<T>(PhantomData<T>);

impl<'de, T: Deserialize<'de>> Visitor<'de> for ObjectOnly<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("object")
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<T, A::Error> {
        T::deserialize(MapAccessDeserializer::new(map))
    }
}

#[cfg(test)]
mod tests {
    use crate::advance::AdvanceInput;
    use crate::creation::NewCharacter;

    /// A nested struct given as an array is refused; as an object, read.
    #[test]
    fn a_nested_struct_reads_only_from_an_object() {
        let refused = serde_json::from_str::<AdvanceInput>(r#"{"abilities": [null, null]}"#);
        let err = refused.unwrap_err().to_string();
        assert!(
            err.contains("invalid type: sequence, expected object"),
            "{err}"
        );
        let read: AdvanceInput = serde_json::from_str(r#"{"abilities": {"str": 12}}"#).unwrap();
        assert_eq!(read.abilities.str, Some(12));
        let unknown = serde_json::from_str::<AdvanceInput>(r#"{"abilities": {"luck": 3}}"#);
        assert!(unknown.is_err(), "unknown fields are still refused");
    }

    /// A new character's abilities too: every field has a default, so an
    /// empty array would otherwise read as all tens.
    #[test]
    fn a_new_character_s_abilities_read_only_from_an_object() {
        let body = |abilities: &str| {
            format!(r#"{{"name": "Elmira", "classes": [], "abilities": {abilities}}}"#)
        };
        let refused = serde_json::from_str::<NewCharacter>(&body("[]"));
        let err = refused.unwrap_err().to_string();
        assert!(
            err.contains("invalid type: sequence, expected object"),
            "{err}"
        );
        let read: NewCharacter = serde_json::from_str(&body(r#"{"int": 16}"#)).unwrap();
        assert_eq!((read.abilities.int, read.abilities.str), (16, 10));
    }
}
