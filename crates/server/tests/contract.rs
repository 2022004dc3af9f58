//! The OpenAPI document as a contract (issue 19): every operation has an
//! id of its own, and documents every status the server sends for any
//! route (401 and 403 where a token is needed, 404 where the path names
//! something, 400/413/422 where a body is read, 408/429/503 always).
//! `.ci/run` also validates the served document with
//! `openapi-spec-validator`.

use std::collections::BTreeSet;

fn operations(doc: &serde_json::Value) -> Vec<(String, String, &serde_json::Value)> {
    let mut out = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            if ["get", "post", "put", "delete", "patch"].contains(&method.as_str()) {
                out.push((method.clone(), path.clone(), op));
            }
        }
    }
    out
}

#[test]
fn every_operation_has_a_unique_id() {
    let doc = grimoire_server::openapi();
    let mut seen = BTreeSet::new();
    for (method, path, op) in operations(&doc) {
        let id = op["operationId"].as_str().unwrap_or_default();
        assert!(!id.is_empty(), "{method} {path} has no operationId");
        assert!(
            seen.insert(id.to_owned()),
            "{method} {path}: {id} used twice"
        );
    }
    assert!(seen.len() >= 30, "{seen:?}");
}

#[test]
fn every_operation_documents_the_statuses_any_route_can_send() {
    let doc = grimoire_server::openapi();
    for (method, path, op) in operations(&doc) {
        let responses = op["responses"].as_object().unwrap();
        let has = |s: &str| responses.contains_key(s);
        for s in ["400", "408", "422", "429", "503"] {
            assert!(has(s), "{method} {path} lacks {s}");
        }
        if op["security"].as_array().is_some_and(|s| !s.is_empty()) {
            assert!(has("401") && has("403"), "{method} {path} lacks 401/403");
        }
        if path.contains('{') {
            assert!(has("404"), "{method} {path} lacks 404");
        }
        if op.get("requestBody").is_some() {
            assert!(has("413"), "{method} {path} lacks 413");
        }
        for (status, r) in responses {
            if status.starts_with('4') || status.starts_with('5') {
                let schema = &r["content"]["application/json"]["schema"]["$ref"];
                assert_eq!(
                    schema, "#/components/schemas/ErrorBody",
                    "{method} {path} {status}"
                );
            }
        }
    }
}

#[test]
fn a_campaign_in_a_path_is_described_as_the_server_checks_it() {
    let doc = grimoire_server::openapi();
    let params = doc["paths"]["/campaigns/{campaign}"]["get"]["parameters"]
        .as_array()
        .unwrap();
    let campaign = params.iter().find(|p| p["name"] == "campaign").unwrap();
    assert_eq!(campaign["schema"]["pattern"], "^[a-z0-9-]{1,40}$");
}

/// A tagged input (a reaction trigger) refuses unknown fields in each of
/// its variants, so each variant's schema says so; otherwise a
/// schema-valid body would be refused (Schemathesis ST202).
#[test]
fn every_variant_of_a_tagged_request_body_is_closed_to_unknown_fields() {
    let doc = grimoire_server::openapi();
    let schemas = &doc["components"]["schemas"];
    for (method, path, op) in operations(&doc) {
        let Some(schema) = op.pointer("/requestBody/content/application~1json/schema") else {
            continue;
        };
        let schema = match schema["$ref"].as_str() {
            Some(r) => &schemas[r.rsplit('/').next().unwrap()],
            None => schema,
        };
        let Some(variants) = schema["oneOf"].as_array() else {
            continue;
        };
        for p in variants {
            if p["type"] == "object" {
                assert_eq!(
                    p["additionalProperties"],
                    serde_json::json!(false),
                    "{method} {path}: {p}"
                );
            }
        }
    }
}

/// The GM's route to remove a player (issue 30, finding 8) is documented
/// with what it answers: 204 with no body, 403 for anyone but the GM, 404
/// for an unknown campaign or a player not in it.
#[test]
fn removing_a_player_is_documented() {
    let doc = grimoire_server::openapi();
    let op = &doc["paths"]["/campaigns/{campaign}/players/{account}"]["delete"];
    assert_eq!(op["operationId"], "remove_player");
    let responses = op["responses"].as_object().expect("documented");
    for s in ["204", "401", "403", "404"] {
        assert!(responses.contains_key(s), "lacks {s}");
    }
    assert!(responses["204"].get("content").is_none());
}

/// Advancing says how each level gains hit points: the two ways by name,
/// and the seed of a rolled one as the unsigned number it is.
#[test]
fn advancing_documents_the_ways_to_gain_hit_points() {
    let doc = grimoire_server::openapi();
    let body = &doc["components"]["schemas"]["AdvanceInput"]["properties"];
    assert_eq!(
        body["hp"]["enum"],
        serde_json::json!(["fixed", "roll"]),
        "{body}"
    );
    let seed = body["seed"].to_string();
    assert!(seed.contains("uint64"), "{seed}");
}
