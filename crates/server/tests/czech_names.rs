//! A client that reads Czech reads a spell's Czech name (issue 31): the
//! refusal while a cast waits for Reactions names the waiting spell as the
//! Czech chapter does, not by its English name.

mod common;

use axum::http::{Method, StatusCode};
use common::{Harness, table};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

/// POSTs `body` to `path` as `token`, asking for `lang`: the status and
/// the error object.
async fn post_in(
    h: &Harness,
    path: &str,
    token: &str,
    body: Value,
    lang: &str,
) -> (StatusCode, Value) {
    let req = axum::http::Request::builder()
        .method(Method::POST)
        .uri(path)
        .header("authorization", format!("Bearer {token}"))
        .header("content-type", "application/json")
        .header("accept-language", lang)
        .body(axum::body::Body::from(body.to_string()))
        .unwrap();
    let res = h.router.clone().oneshot(req).await.unwrap();
    let status = res.status();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    let v: Value = serde_json::from_slice(&bytes).unwrap();
    (status, v["error"].clone())
}

#[tokio::test]
async fn r11_a_czech_refusal_while_a_cast_waits_names_the_spell_in_czech() {
    let h = Harness::new(common::Place::sqlite()).await;
    let t = table(&h).await;
    let e = "/campaigns/cave/encounters";
    h.post(e, Some(&t.gm), json!({"name": "Cave"})).await;
    for (name, init, allies) in [("Mage A", 20, false), ("Mage B", 10, true)] {
        let (s, v) = h
            .post(
                &format!("{e}/Cave/creatures"),
                Some(&t.gm),
                json!({"name": name, "monster": "mage", "initiative": init,
                       "reacts_to_allies": allies}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
    }
    h.post(&format!("{e}/Cave/start"), Some(&t.gm), json!(null))
        .await;
    let (s, v) = h
        .post(
            &format!("{e}/Cave/cast"),
            Some(&t.gm),
            json!({"caster": "Mage A", "spell": "fireball", "targets": ["Mage B"], "seed": 5}),
        )
        .await;
    assert_eq!(
        (s, v["status"].clone()),
        (StatusCode::OK, json!("pending")),
        "{v}"
    );
    let next = format!("{e}/Cave/next");
    let (s, cs) = post_in(&h, &next, &t.gm, json!(null), "cs").await;
    assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{cs}");
    assert_eq!(cs["code"], "reaction_window_open", "{cs}");
    let message = cs["message"].as_str().unwrap();
    assert!(message.contains("kouzlo Ohnivá koule"), "{message}");
    assert!(!message.contains("Fireball"), "{message}");
    // English readers keep the English name.
    let (_, en) = post_in(&h, &next, &t.gm, json!(null), "en").await;
    assert!(en["message"].as_str().unwrap().contains("Fireball"), "{en}");
}
