//! The character routes' answers as a player gets them match the schemas
//! the OpenAPI document names for them (issue 32: the character
//! operations are typed use cases in grimoire-app, and the options and
//! plan routes answer named schemas instead of a bare object, the log and
//! undo routes documented entries). Every
//! required field of the named schema is in the answer, a level down too.

mod common;

use axum::http::StatusCode;
use common::{harnesses, table};
use serde_json::{Value, json};

/// The schema `reference` (`#/components/schemas/X`) points to.
fn resolve<'d>(doc: &'d Value, schema: &'d Value) -> &'d Value {
    match schema["$ref"].as_str() {
        Some(r) => {
            let name = r.rsplit('/').next().unwrap_or_default();
            &doc["components"]["schemas"][name]
        }
        None => schema,
    }
}

/// The named schema the document gives for `method path`'s `status`.
fn answer_schema<'d>(doc: &'d Value, method: &str, path: &str, status: &str) -> &'d Value {
    let content = &doc["paths"][path][method]["responses"][status]["content"]["application/json"];
    let schema = &content["schema"];
    assert!(
        schema["$ref"].is_string(),
        "{method} {path} {status} answers no named schema: {schema}"
    );
    resolve(doc, schema)
}

/// Every required property of `schema` is in `answer`; for a property
/// that is a named schema (or a list of one), the same a level down.
fn holds(doc: &Value, schema: &Value, answer: &Value, at: &str) {
    let Some(required) = schema["required"].as_array() else {
        return;
    };
    for field in required.iter().filter_map(Value::as_str) {
        let value = &answer[field];
        assert!(
            answer.get(field).is_some(),
            "{at}.{field} is required by the schema but missing: {answer}"
        );
        let property = &schema["properties"][field];
        let inner = if property["type"] == "array" {
            value
                .as_array()
                .and_then(|a| a.first())
                .map(|v| (v, &property["items"]))
        } else {
            Some((value, property))
        };
        if let Some((value, property)) = inner
            && property["$ref"].is_string()
            && value.is_object()
        {
            holds(doc, resolve(doc, property), value, &format!("{at}.{field}"));
        }
    }
}

#[tokio::test]
async fn a_players_character_answers_match_their_documented_schemas() {
    let doc = grimoire_server::openapi();
    for h in harnesses().await {
        let t = table(&h).await;
        let me = Some(t.petr.as_str());
        let base = "/campaigns/{campaign}/characters/{name}";
        let at = |tail: &str| format!("/campaigns/cave/characters/Elmira{tail}");
        let check = |method: &str, tail: &str, status: &str, answer: &Value| {
            let path = format!("{base}{tail}");
            let schema = answer_schema(&doc, method, &path, status);
            holds(&doc, schema, answer, &format!("{method} {path}"));
        };

        let (s, v) = h.get(&at(""), me).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        check("get", "", "200", &v);
        let (s, v) = h.get(&at("/options"), me).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert!(!v["castable"].as_array().unwrap().is_empty(), "{v}");
        check("get", "/options", "200", &v);
        let (s, v) = h.get(&at("/plan?target=ac%3D12,hp%3D9"), me).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert!(!v["lines"].as_array().unwrap().is_empty(), "{v}");
        check("get", "/plan", "200", &v);

        let (s, v) = h.post(&at("/hp"), me, json!({"max_hp": 18})).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        check("post", "/hp", "200", &v);
        let (s, v) = h
            .post(&at("/damage"), me, json!({"amount": 5, "seed": 3}))
            .await;
        assert_eq!(
            (s, &v["character"]["vitals"]["hp"]),
            (StatusCode::OK, &json!(13))
        );
        check("post", "/damage", "200", &v);
        let (s, v) = h
            .post(&at("/conditions"), me, json!({"condition": "prone"}))
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        check("post", "/conditions", "200", &v);
        let (s, v) = h
            .post(
                &at("/casts"),
                me,
                json!({"spell": "magic-missile", "seed": 1}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        check("post", "/casts", "201", &v);
        let (s, v) = h.post(&at("/turns"), me, json!({})).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        check("post", "/turns", "200", &v);
        let (s, v) = h.post(&at("/time"), me, json!({"rounds": 10})).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        check("post", "/time", "200", &v);
        let (s, v) = h
            .post(&at("/rests"), me, json!({"kind": "short", "seed": 2}))
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        check("post", "/rests", "200", &v);
        // The answers carry the same character the show route gives.
        let (_, shown) = h.get(&at(""), me).await;
        assert_eq!(v["character"], shown);
        // The history and an undo, each entry and receipt as documented.
        let (s, v) = h.get(&at("/log?limit=5"), me).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(v["log"].as_array().map(Vec::len), Some(5), "{v}");
        check("get", "/log", "200", &v);
        let (s, v) = h.post(&at("/undo"), me, json!({})).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(v["undo"]["reverted_command"], "rest short Elmira", "{v}");
        check("post", "/undo", "200", &v);
    }
}
