//! Issue 38: live updates cross instances even when an instance dies
//! between its commit and its NOTIFY. Each instance follows the log by a
//! cursor of its own and publishes from the log a change whose NOTIFY did
//! not come within a grace; with NOTIFY working, nothing is delivered
//! twice. PostgreSQL only (skipped without `DATABASE_URL`).

mod common;

use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use common::{Harness, Place, table};
use grimoire_server::{AppState, StateConfig};
use http_body_util::BodyExt;
use serde_json::{Value, json};

/// Opens `campaign`'s live stream on `router` as `token`, read up to its
/// `ready`.
async fn stream(router: &Router, token: &str) -> Body {
    let open = Request::get("/campaigns/cave/events")
        .header("authorization", format!("Bearer {token}"))
        .body(Body::empty())
        .unwrap();
    let res = tower::ServiceExt::oneshot(router.clone(), open)
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let mut body = res.into_body();
    assert!(
        common::next_event(&mut body, "ready", Duration::from_secs(5))
            .await
            .is_some()
    );
    body
}

/// Every event `body` carries for `window`, as (name, data).
async fn events_for(body: &mut Body, window: Duration) -> Vec<(String, Value)> {
    let deadline = tokio::time::Instant::now() + window;
    let mut buf = String::new();
    let mut out = Vec::new();
    while let Ok(Some(Ok(frame))) = tokio::time::timeout_at(deadline, body.frame()).await {
        if let Ok(data) = frame.into_data() {
            buf.push_str(&String::from_utf8_lossy(&data));
        }
        while let Some(end) = buf.find("\n\n") {
            let block: String = buf.drain(..end + 2).collect();
            let mut name = String::from("message");
            let mut data = String::new();
            for line in block.lines() {
                if let Some(n) = line.strip_prefix("event: ") {
                    name = n.to_owned();
                } else if let Some(d) = line.strip_prefix("data: ") {
                    data.push_str(d);
                }
            }
            if !data.is_empty() {
                out.push((name, serde_json::from_str(&data).unwrap_or(Value::Null)));
            }
        }
    }
    out
}

/// Elmira's `action` (`casts` Magic Missile, or `turns`) on `router`.
async fn act(router: &Router, token: &str, action: &str) {
    let req = Request::post(format!("/campaigns/cave/characters/Elmira/{action}"))
        .header("authorization", format!("Bearer {token}"))
        .header("content-type", "application/json")
        .body(Body::from(json!({"spell": "magic-missile"}).to_string()))
        .unwrap();
    let res = tower::ServiceExt::oneshot(router.clone(), req)
        .await
        .unwrap();
    let status = res.status();
    let body = res.into_body().collect().await.unwrap().to_bytes();
    assert!(status.is_success(), "{action}: {status} {body:?}");
}

/// Events of `kind` among `events`, and those published from the log.
fn count(events: &[(String, Value)], kind: &str) -> (usize, usize) {
    let of_kind = events.iter().filter(|(n, _)| n == kind).count();
    let from_log = events
        .iter()
        .filter(|(_, e)| e["data"]["truncated"] == json!(true))
        .count();
    (of_kind, from_log)
}

#[tokio::test]
async fn a_change_whose_notify_was_lost_reaches_the_other_instance_from_the_log() {
    let Some(pg) = common::pg_schema() else {
        return;
    };
    // `b` sends its events over NOTIFY; `a` plays an instance killed
    // after each commit, before its notifier sent the event.
    let h = Harness::new(Place::Postgres(pg)).await;
    let b = h.router.clone();
    let mut config = StateConfig::new(h.place.database());
    config.notify_events = false;
    let a = grimoire_server::app(AppState::connect(config).await.unwrap());
    let t = table(&h).await;
    let mut gm_on_b = stream(&b, &t.gm).await;
    let mut petr_on_b = stream(&b, &t.petr).await;
    let mut gm_on_a = stream(&a, &t.gm).await;

    // A cast on `a`, whose NOTIFY never leaves: `b`'s streams hear of it
    // from the log, after the grace, once, with nothing a player may not
    // see (no numbers at all).
    act(&a, &t.petr, "casts").await;
    // The grace (1 s) and two looks of the follower (300 ms each), with
    // room for a loaded machine.
    let late = Duration::from_millis(5_000);
    let (on_b, petr_sees, on_a) = tokio::join!(
        events_for(&mut gm_on_b, late),
        events_for(&mut petr_on_b, late),
        events_for(&mut gm_on_a, late),
    );
    assert_eq!(count(&on_b, "cast"), (0, 1), "{on_b:?}");
    let (_, gm_heard) = on_b
        .iter()
        .find(|(_, e)| e["data"]["truncated"] == json!(true))
        .unwrap();
    assert_eq!(gm_heard["character"], json!("Elmira"), "{gm_heard}");
    assert!(gm_heard["data"]["change"].is_i64(), "{gm_heard}");
    assert_eq!(petr_sees.len(), 1, "{petr_sees:?}");
    let (name, heard) = &petr_sees[0];
    assert_eq!(name, "character");
    assert_eq!(heard["data"], gm_heard["data"], "{heard}");
    // Its own instance delivered it itself, and not again from the log.
    assert_eq!(count(&on_a, "cast"), (1, 0), "{on_a:?}");

    // A cast on `b`, whose NOTIFY works: `a` hears it once, and neither
    // instance publishes it from the log as well.
    act(&b, &t.petr, "turns").await;
    act(&b, &t.petr, "casts").await;
    let window = Duration::from_millis(3_000);
    let (on_b, on_a) = tokio::join!(
        events_for(&mut gm_on_b, window),
        events_for(&mut gm_on_a, window),
    );
    for (on, name) in [(&on_a, "a"), (&on_b, "b")] {
        assert_eq!(count(on, "cast"), (1, 0), "{name}: {on:?}");
        assert_eq!(count(on, "turn"), (1, 0), "{name}: {on:?}");
        assert_eq!(on.len(), 2, "{name}: {on:?}");
    }
}
