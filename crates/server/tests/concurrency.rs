//! Many clients, two server instances, one character: a slot is never
//! spent twice and a refused cast changes nothing. On PostgreSQL (two
//! instances, one database, live updates across them by LISTEN/NOTIFY)
//! when `DATABASE_URL` is set, and on one SQLite file shared by two
//! instances always.

mod common;

use std::net::SocketAddr;
use std::time::Duration;

use axum::http::{Method, StatusCode};
use common::{Client, Place, pg_schema, spawn_server};
use serde_json::{Value, json};

const CLIENTS: usize = 12;

/// Sets up the table on instance `a`; returns the GM's and the player's tokens.
async fn seat(a: SocketAddr) -> (String, String) {
    let mut c = Client::connect(a).await;
    let token = |v: Value| v["token"].as_str().unwrap().to_owned();
    let (_, v) = c
        .send(Method::POST, "/accounts", None, Some(json!({"name": "gm"})))
        .await;
    let gm = token(v);
    let (_, v) = c
        .send(
            Method::POST,
            "/accounts",
            None,
            Some(json!({"name": "petr"})),
        )
        .await;
    let petr = token(v);
    let (s, _) = c
        .send(
            Method::POST,
            "/campaigns",
            Some(&gm),
            Some(json!({"id": "race", "title": "Race"})),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED);
    c.send(
        Method::POST,
        "/campaigns/race/players",
        Some(&gm),
        Some(json!({"account": "petr"})),
    )
    .await;
    // A 5th-level wizard: 4 + 3 + 2 = 9 slots.
    let (s, v) = c
        .send(
            Method::POST,
            "/campaigns/race/characters",
            Some(&petr),
            Some(
                json!({"name": "Elmira", "classes": [{"class": "wizard", "level": 5}],
                        "abilities": {"int": 16}, "prepared": ["magic-missile"]}),
            ),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    (gm, petr)
}

/// One client: cast until no slot is left, ending the turn whenever the
/// rules say the turn's slot or action is used. Returns accepted casts.
async fn caster(addr: SocketAddr, token: String) -> (u32, u32) {
    let mut c = Client::connect(addr).await;
    let (mut accepted, mut conflicts) = (0, 0);
    for _ in 0..200 {
        let (s, v) = c
            .send(
                Method::POST,
                "/campaigns/race/characters/Elmira/casts",
                Some(&token),
                Some(json!({"spell": "magic-missile"})),
            )
            .await;
        match (s, v["error"]["code"].as_str()) {
            (StatusCode::CREATED, _) => {
                accepted += 1;
                let remaining: Vec<i64> = v["character"]["slots"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|s| s["remaining"].as_i64().unwrap())
                    .collect();
                assert!(remaining.iter().all(|&r| r >= 0));
            }
            (StatusCode::UNPROCESSABLE_ENTITY, Some("no_slot_available")) => break,
            (
                StatusCode::UNPROCESSABLE_ENTITY,
                Some("one_slot_per_turn" | "action_unavailable"),
            ) => {
                let (s, v) = c
                    .send(
                        Method::POST,
                        "/campaigns/race/characters/Elmira/turns",
                        Some(&token),
                        None,
                    )
                    .await;
                assert!(s == StatusCode::OK || s == StatusCode::CONFLICT, "{s}: {v}");
            }
            (StatusCode::CONFLICT, Some("conflict")) => conflicts += 1,
            other => panic!("unexpected answer {other:?}: {v}"),
        }
    }
    (accepted, conflicts)
}

/// `across`: whether instance b's stream must show casts made through a
/// (PostgreSQL relays them; two processes on one SQLite file do not share
/// live updates).
async fn race(place: Place, across: bool) {
    let a = spawn_server(place.instance().await).await;
    let b = spawn_server(place.instance().await).await;
    let (gm, petr) = seat(a).await;

    // The GM watches instance b's stream while everyone casts.
    let mut watcher = Client::connect(b).await;
    let res = watcher
        .start(Method::GET, "/campaigns/race/events", Some(&gm), None)
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let mut stream = res.into_body();
    assert!(
        common::next_event(&mut stream, "ready", Duration::from_secs(5))
            .await
            .is_some()
    );

    let tasks: Vec<_> = (0..CLIENTS)
        .map(|i| {
            let addr = if i % 2 == 0 { a } else { b };
            let token = if i % 3 == 0 { gm.clone() } else { petr.clone() };
            tokio::spawn(caster(addr, token))
        })
        .collect();
    let mut accepted = 0;
    let mut conflicts = 0;
    for t in tasks {
        let (n, c) = t.await.unwrap();
        accepted += n;
        conflicts += c;
    }
    eprintln!("{accepted} casts accepted, {conflicts} gave up with 409 after retries");

    let mut c = Client::connect(b).await;
    let (_, elmira) = c
        .send(
            Method::GET,
            "/campaigns/race/characters/Elmira",
            Some(&gm),
            None,
        )
        .await;
    let spent: i64 = elmira["slots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["total"].as_i64().unwrap() - s["remaining"].as_i64().unwrap())
        .sum();
    assert_eq!(spent, 9, "every slot spent: {elmira}");
    assert_eq!(accepted, 9, "accepted casts == slots spent, never twice");
    let (_, log) = c
        .send(
            Method::GET,
            "/campaigns/race/characters/Elmira/log",
            Some(&gm),
            None,
        )
        .await;
    let casts = log["log"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["command"].as_str().unwrap().starts_with("cast "))
        .count();
    assert_eq!(casts, 9, "the log has one entry per accepted cast");

    if !across {
        return;
    }
    // Casts made through a reached b's subscribers too.
    let mut seen = 0;
    while seen < 9 {
        match common::next_event(&mut stream, "cast", Duration::from_secs(10)).await {
            Some(_) => seen += 1,
            None => break,
        }
    }
    assert_eq!(
        seen, 9,
        "every cast is streamed to the watcher on instance b"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_instances_on_postgres_never_spend_a_slot_twice() {
    let Some(schema) = pg_schema() else { return };
    race(Place::Postgres(schema), true).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_instances_on_one_sqlite_file_never_spend_a_slot_twice() {
    race(Place::sqlite(), false).await;
}
