//! The bad-input catalogue (`tests/bad-input/catalogue.json`, shared with the
//! CLI's `bad_input` test) against the API, in-process, on SQLite and (with
//! `DATABASE_URL`) PostgreSQL: every malformed or hostile request gets its
//! stable code and HTTP status in the JSON error shape, and none of them
//! changes what is saved.
//!
//! A case's `api.raw` is sent as the body verbatim, `raw_hex` as raw bytes,
//! `repeat` as `prefix + fill * count + suffix`; `content_type` overrides
//! `application/json` (empty: no header). `token` names whose token to send.

mod common;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use common::{Harness, Table, harnesses, table};
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

fn catalogue() -> Vec<Value> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/bad-input/catalogue.json"
    );
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn body_of(api: &Value) -> Vec<u8> {
    if let Some(raw) = api["raw"].as_str() {
        return raw.as_bytes().to_vec();
    }
    if let Some(hex) = api["raw_hex"].as_str() {
        return (0..hex.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap())
            .collect();
    }
    if let Some(r) = api.get("repeat") {
        let fill = r["fill"]
            .as_str()
            .unwrap()
            .repeat(r["count"].as_u64().unwrap() as usize);
        return format!(
            "{}{fill}{}",
            r["prefix"].as_str().unwrap(),
            r["suffix"].as_str().unwrap()
        )
        .into_bytes();
    }
    match api.get("body") {
        Some(b) => b.to_string().into_bytes(),
        None => Vec::new(),
    }
}

/// Runs one case; `None` when the server answered as the catalogue says.
async fn check(h: &Harness, t: &Table, case: &Value) -> Option<String> {
    let id = case["id"].as_str().unwrap();
    let api = &case["api"];
    let expected = case["code"].as_str().unwrap();
    let status = case["status"].as_u64().unwrap() as u16;
    let mut req = Request::builder()
        .method(api["method"].as_str().unwrap())
        .uri(api["path"].as_str().unwrap());
    let token = match api["token"].as_str().unwrap() {
        "petr" => Some(t.petr.clone()),
        "gm" => Some(t.gm.clone()),
        "eve" => Some(t.eve.clone()),
        "bogus" => Some("gt_0000000000000000000000000000000000000000".to_owned()),
        "sql" => Some("' OR '1'='1".to_owned()),
        _ => None,
    };
    if let Some(token) = token {
        req = req.header("authorization", format!("Bearer {token}"));
    }
    let body = body_of(api);
    let has_body = api.get("body").is_some()
        || api.get("raw").is_some()
        || api.get("raw_hex").is_some()
        || api.get("repeat").is_some();
    match api["content_type"].as_str() {
        Some("") => {}
        Some(ct) => req = req.header("content-type", ct),
        None if has_body => req = req.header("content-type", "application/json"),
        None => {}
    }
    let res = h
        .router
        .clone()
        .oneshot(req.body(Body::from(body)).unwrap())
        .await
        .unwrap();
    let got_status = res.status();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    let v: Value = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
    let code = v["error"]["code"].as_str().unwrap_or("<none>");
    let message = v["error"]["message"].as_str().unwrap_or("");
    let wanted = case["message_contains"].as_str().unwrap_or("");
    if code != expected
        || got_status != StatusCode::from_u16(status).unwrap()
        || message.is_empty()
        || !message.contains(wanted)
    {
        return Some(format!(
            "{} {id}: expected {expected} ({status}), got {code} ({got_status}): {:.200}",
            h.name,
            String::from_utf8_lossy(&bytes)
        ));
    }
    None
}

#[tokio::test]
async fn every_catalogued_request_gets_its_error_and_changes_nothing() {
    let cases = catalogue();
    let api: Vec<&Value> = cases.iter().filter(|c| c.get("api").is_some()).collect();
    assert!(api.len() >= 50, "only {} API cases", api.len());
    for h in harnesses().await {
        let t = table(&h).await;
        let path = "/campaigns/cave/characters/Elmira";
        let before = h.get(path, Some(&t.petr)).await;
        let roster = h.get("/campaigns/cave/characters", Some(&t.gm)).await;
        let mut failures = Vec::new();
        for case in &api {
            failures.extend(check(&h, &t, case).await);
        }
        assert!(
            failures.is_empty(),
            "{} of {} cases answered wrongly:\n{}",
            failures.len(),
            api.len(),
            failures.join("\n")
        );
        assert_eq!(h.get(path, Some(&t.petr)).await, before, "{}", h.name);
        assert_eq!(
            h.get("/campaigns/cave/characters", Some(&t.gm)).await,
            roster,
            "{}",
            h.name
        );
    }
}

/// The endpoints of the `api_body` fuzz target, in its order: an input's
/// first byte picks one, the rest is the body.
const FUZZ_ENDPOINTS: &[&str] = &[
    "/campaigns/cave/characters/Elmira/casts",
    "/campaigns/cave/characters",
    "/campaigns/cave/characters/Elmira/prepared",
    "/campaigns/cave/characters/Elmira/rests",
    "/campaigns/cave/characters/Elmira/conditions",
    "/campaigns/cave/characters/Elmira/turns",
    "/campaigns/cave/characters/Elmira/undo",
    "/campaigns/cave/spells",
    "/campaigns/cave/players",
    "/campaigns",
    "/accounts",
];

/// The API fuzzer's regression corpus (`fuzz/corpus-regression/api_body/`)
/// through the router with the target's checks: no 5xx, and every 4xx is
/// the JSON error with a code and a message.
#[tokio::test]
async fn api_fuzz_corpus_never_gets_a_server_error() {
    let dir = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fuzz/corpus-regression/api_body"
    );
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(files.len() >= 20, "the corpus is missing: {dir}");
    let h = Harness::new(common::Place::sqlite()).await;
    let t = table(&h).await;
    let mut failures = Vec::new();
    let mut accepted = 0;
    for path in &files {
        let bytes = std::fs::read(path).unwrap();
        let Some((&pick, body)) = bytes.split_first() else {
            continue;
        };
        let uri = FUZZ_ENDPOINTS[usize::from(pick) % FUZZ_ENDPOINTS.len()];
        let req = Request::post(uri)
            .header("content-type", "application/json")
            .header("authorization", format!("Bearer {}", t.gm))
            .body(Body::from(body.to_vec()))
            .unwrap();
        let res = h.router.clone().oneshot(req).await.unwrap();
        let status = res.status();
        let bytes = res.into_body().collect().await.unwrap().to_bytes();
        let v: Value = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
        let coded = v["error"]["code"].as_str().is_some_and(|c| !c.is_empty())
            && v["error"]["message"]
                .as_str()
                .is_some_and(|m| !m.is_empty());
        if status.is_server_error() || (status.is_client_error() && !coded) {
            failures.push(format!("{} -> {uri}: {status} {v}", path.display()));
        }
        accepted += usize::from(status.is_success());
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(
        accepted >= 5,
        "the corpus should also hold accepted requests, {accepted} were"
    );
}
