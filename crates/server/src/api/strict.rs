//! A request body read as the API's schemas say, at every depth: a struct
//! only from a JSON object. A type deriving `Deserialize` also reads a
//! struct from an array of its fields in order (`{"abilities": [null,
//! null]}` as two absent scores), which no schema allows and which
//! Schemathesis sends; [`Strict`] refuses it wherever the struct sits
//! (nested, in a list, in an enum's variant). Everything else reads as
//! `serde_json::Value` reads it.
//!
//! One gap stays: a type that buffers its input first (an untagged enum,
//! `#[serde(flatten)]`) reads its parts through serde's own buffer, which
//! still takes an array for a struct. No request body has such a struct.

use serde::de::{self, DeserializeSeed, EnumAccess, MapAccess, SeqAccess, VariantAccess, Visitor};
use serde_json::{Error, Map, Value};

/// A JSON value whose structs read only from objects.
pub(crate) struct Strict(pub(crate) Value);

/// The methods whose values hold nothing nested: as `Value` reads them.
macro_rules! as_value_reads {
    ($($method:ident)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            self.0.$method(visitor)
        }
    )*};
}

impl<'de> de::Deserializer<'de> for Strict {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.0 {
            Value::Array(items) => visitor.visit_seq(Items(items.into_iter())),
            Value::Object(fields) => visitor.visit_map(Fields::new(fields)),
            scalar => scalar.deserialize_any(visitor),
        }
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_map(visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.0 {
            Value::Object(fields) => visitor.visit_map(Fields::new(fields)),
            // `Value` words the refusal: "invalid type: sequence, expected …".
            other => other.deserialize_map(visitor),
        }
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.0 {
            Value::Array(items) => visitor.visit_seq(Items(items.into_iter())),
            other => other.deserialize_seq(visitor),
        }
    }

    fn deserialize_tuple<V: Visitor<'de>>(
        self,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.0 {
            Value::Null => visitor.visit_none(),
            some => visitor.visit_some(Strict(some)),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.0 {
            Value::Object(fields) if fields.len() == 1 => {
                let (variant, value) = fields.into_iter().next().expect("one field");
                visitor.visit_enum(Variant { variant, value })
            }
            // A unit variant by its name, and every refusal, as `Value` has them.
            other => other.deserialize_enum(name, variants, visitor),
        }
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.0.deserialize_unit_struct(name, visitor)
    }

    as_value_reads! {
        deserialize_bool deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64
        deserialize_i128 deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u64
        deserialize_u128 deserialize_f32 deserialize_f64 deserialize_char deserialize_str
        deserialize_string deserialize_bytes deserialize_byte_buf deserialize_unit
        deserialize_identifier deserialize_ignored_any
    }
}

/// An array's items, each read strictly.
struct Items(std::vec::IntoIter<Value>);

impl<'de> SeqAccess<'de> for Items {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        self.0
            .next()
            .map(|v| seed.deserialize(Strict(v)))
            .transpose()
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.0.len())
    }
}

/// An object's fields: names as `Value` reads a string, values strictly.
struct Fields {
    rest: serde_json::map::IntoIter,
    value: Option<Value>,
}

impl Fields {
    fn new(fields: Map<String, Value>) -> Fields {
        Fields {
            rest: fields.into_iter(),
            value: None,
        }
    }
}

impl<'de> MapAccess<'de> for Fields {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        let Some((name, value)) = self.rest.next() else {
            return Ok(None);
        };
        self.value = Some(value);
        seed.deserialize(Value::String(name)).map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        // Asked before a name (serde never does): a null, which no field
        // reads as anything but absent.
        seed.deserialize(Strict(self.value.take().unwrap_or(Value::Null)))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.rest.len())
    }
}

/// An enum's variant written as an object of one field, `{"name": value}`.
struct Variant {
    variant: String,
    value: Value,
}

impl<'de> EnumAccess<'de> for Variant {
    type Error = Error;
    type Variant = Strict;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Strict), Error> {
        let name = seed.deserialize(Value::String(self.variant))?;
        Ok((name, Strict(self.value)))
    }
}

impl<'de> VariantAccess<'de> for Strict {
    type Error = Error;

    fn unit_variant(self) -> Result<(), Error> {
        de::Deserialize::deserialize(self)
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, Error> {
        seed.deserialize(self)
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_seq(self, visitor)
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        de::Deserializer::deserialize_map(self, visitor)
    }
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;
    use serde_json::json;

    use super::Strict;

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct Scores {
        #[serde(default)]
        str: Option<u8>,
        #[serde(default)]
        dex: Option<u8>,
    }

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(rename_all = "snake_case")]
    enum Pick {
        Nothing,
        Scores(Scores),
        Pair(u8, u8),
        Named { scores: Scores },
    }

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct Body {
        #[serde(default)]
        scores: Option<Scores>,
        #[serde(default)]
        many: Vec<Scores>,
        #[serde(default)]
        pick: Option<Pick>,
    }

    fn read(value: serde_json::Value) -> Result<Body, String> {
        serde_path_to_error::deserialize(Strict(value)).map_err(|e| e.to_string())
    }

    /// An array where a struct belongs is refused at any depth, naming
    /// the field; `serde_json` alone takes each of them.
    #[test]
    fn a_struct_never_reads_from_an_array() {
        for (body, field) in [
            (json!({"scores": [null, null]}), "scores"),
            (json!({"many": [{"str": 3}, [1]]}), "many[1]"),
            (json!({"pick": {"scores": [1, 2]}}), "pick"),
            (
                json!({"pick": {"named": {"scores": []}}}),
                "pick.named.scores",
            ),
        ] {
            assert!(
                serde_json::from_value::<Body>(body.clone()).is_ok(),
                "serde_json alone reads {body}"
            );
            let Err(err) = read(body.clone()) else {
                panic!("{body} read");
            };
            assert!(err.starts_with(field), "{body}: {err}");
            assert!(err.contains("invalid type: sequence"), "{body}: {err}");
        }
    }

    /// Everything the schemas allow reads as before.
    #[test]
    fn what_the_schema_allows_reads_as_before() {
        for body in [
            json!({}),
            json!({"scores": null, "many": [], "pick": null}),
            json!({"scores": {"str": 12}, "many": [{"dex": 14}, {}]}),
            json!({"pick": "nothing"}),
            json!({"pick": {"scores": {"str": 8}}}),
            json!({"pick": {"pair": [1, 2]}}),
            json!({"pick": {"named": {"scores": {"dex": 3}}}}),
        ] {
            let strict = read(body.clone()).unwrap_or_else(|e| panic!("{body}: {e}"));
            let loose: Body = serde_json::from_value(body.clone()).unwrap();
            assert_eq!(strict, loose, "{body}");
        }
    }

    /// The app's request types through it: an advance's abilities, and a
    /// new character's, whose fields all have defaults (so an empty array
    /// would read as all tens), are refused as arrays and read as objects,
    /// unknown fields still refused.
    #[test]
    fn abilities_read_only_from_an_object() {
        use grimoire_app::advance::AdvanceInput;
        use grimoire_app::creation::NewCharacter;
        fn strict<T: serde::de::DeserializeOwned>(body: serde_json::Value) -> Result<T, String> {
            serde_path_to_error::deserialize(Strict(body)).map_err(|e| e.to_string())
        }
        let refused = strict::<AdvanceInput>(json!({"abilities": [null, null]})).unwrap_err();
        assert_eq!(
            refused,
            "abilities: invalid type: sequence, expected struct AbilityChanges"
        );
        let read: AdvanceInput = strict(json!({"abilities": {"str": 12}})).unwrap();
        assert_eq!(read.abilities.str, Some(12));
        let unknown = strict::<AdvanceInput>(json!({"abilities": {"luck": 3}}));
        assert!(unknown.is_err(), "unknown fields are still refused");
        let body = |abilities| json!({"name": "Elmira", "classes": [], "abilities": abilities});
        let refused = strict::<NewCharacter>(body(json!([]))).unwrap_err();
        assert_eq!(
            refused,
            "abilities: invalid type: sequence, expected struct AbilitiesInput"
        );
        let read: NewCharacter = strict(body(json!({"int": 16}))).unwrap();
        assert_eq!((read.abilities.int, read.abilities.str), (16, 10));
    }

    /// Unknown fields, wrong types and unknown variants are refused as
    /// `serde_json` refuses them.
    #[test]
    fn other_refusals_stay() {
        for body in [
            json!({"scores": {"luck": 3}}),
            json!({"scores": {"str": "high"}}),
            json!({"scores": {"str": 300}}),
            json!({"pick": "everything"}),
            json!({"pick": {"nothing": null, "pair": [1, 2]}}),
            json!({"many": {"str": 1}}),
        ] {
            let strict = read(body.clone());
            let loose = serde_json::from_value::<Body>(body.clone());
            assert!(strict.is_err() && loose.is_err(), "{body}: {strict:?}");
        }
    }
}
