//! Finding 6 of the second audit (issue 30): creatures' numbers reached
//! players through answers and live events that no per-route redaction
//! covered. This plays an evening with a GM's creatures in it, then walks
//! every GET route of `/openapi.json` (so a new route is walked without
//! being listed here) and every live event a player received, and finds no
//! creature hit points, AC, uses or saves. The GM, walking the same routes,
//! does see them (so the check cannot pass by seeing nothing).

mod common;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use common::{Harness, harnesses, table};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

/// The Ogre's tracked hit points: a number nothing else in the evening
/// comes near, so any number in `SECRET_HP` is a creature's hit points.
const OGRE_HP: i64 = 77_777;
/// The Cave Mage's hit points, set by the GM.
const MAGE_HP: i64 = 66_666;
/// What a player may never see: the creatures' hit points, before or after
/// damage.
const SECRET_HP: std::ops::RangeInclusive<i64> = 60_000..=80_000;
/// The keys that carry a creature's numbers.
const CREATURE_KEYS: &[&str] = &[
    "hp",
    "hp_after",
    "max_hp",
    "temp_hp",
    "ac",
    "saves",
    "save_bonuses",
    "uses",
    "stats",
    "defenses",
];
const CREATURES: &[&str] = &["Ogre", "Cave Mage"];

/// A homebrew file the GM uploads during the evening.
const HOMEBREW: &str = r#"
[[spell]]
id = "cave-bolt"
name_en = "Cave Bolt"
level = 1
school = "evocation"
classes = ["wizard"]
casting_time = "action"
range = "60 ft"
components = { v = true, s = true }
duration = "instantaneous"
summary_en = "A bolt of stone."

[spell.effect]
kind = "auto_hit"
damage = [{ dice = "1d6", type = "bludgeoning" }]
"#;

/// Every event of a live stream, collected while the test goes on.
type Collected = Arc<Mutex<Vec<(String, Value)>>>;

/// Opens `path` as `token` and collects its events in the background.
async fn follow(h: &Harness, path: &str, token: &str) -> Collected {
    let req = Request::builder()
        .method(Method::GET)
        .uri(path)
        .header("authorization", format!("Bearer {token}"))
        .body(Body::empty())
        .unwrap();
    let res = h.router.clone().oneshot(req).await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let seen: Collected = Arc::default();
    let out = Arc::clone(&seen);
    let mut body = res.into_body();
    tokio::spawn(async move {
        let mut buf = String::new();
        while let Some(Ok(frame)) = body.frame().await {
            if let Ok(data) = frame.into_data() {
                buf.push_str(&String::from_utf8_lossy(&data));
            }
            while let Some(end) = buf.find("\n\n") {
                let block: String = buf.drain(..end + 2).collect();
                let (mut kind, mut data) = (String::new(), String::new());
                for line in block.lines() {
                    if let Some(k) = line.strip_prefix("event: ") {
                        kind = k.to_owned();
                    } else if let Some(d) = line.strip_prefix("data: ") {
                        data.push_str(d);
                    }
                }
                if !kind.is_empty() {
                    let v = serde_json::from_str(&data).unwrap_or(Value::String(data));
                    out.lock().unwrap().push((kind, v));
                }
            }
        }
    });
    seen
}

/// Every place in `v` where a creature's number shows, as `path: value`.
fn leaks(v: &Value, path: &str, out: &mut Vec<String>) {
    match v {
        Value::Number(n) if n.as_i64().is_some_and(|n| SECRET_HP.contains(&n)) => {
            out.push(format!("{path}: {n}"));
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                leaks(item, &format!("{path}[{i}]"), out);
            }
        }
        Value::Object(o) => {
            let names_creature = ["name", "target", "combatant"].iter().any(|k| {
                o.get(*k)
                    .and_then(Value::as_str)
                    .is_some_and(|n| CREATURES.contains(&n))
            }) || o.get("character") == Some(&Value::Bool(false));
            if names_creature {
                for key in CREATURE_KEYS {
                    if o.get(*key).is_some_and(|v| !v.is_null()) {
                        out.push(format!("{path}.{key}: {}", o[*key]));
                    }
                }
            }
            for (k, item) in o {
                leaks(item, &format!("{path}.{k}"), out);
            }
        }
        _ => {}
    }
}

/// Every GET route of the served document, its parameters filled in.
async fn get_routes(h: &Harness) -> Vec<String> {
    let (_, doc) = h.get("/openapi.json", None).await;
    let mut out = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        if item.get("get").is_none() || path.ends_with("/events") {
            continue;
        }
        let filled = path
            .replace("{campaign}", "cave")
            .replace("{name}", "Elmira")
            .replace("{encounter}", "Cave")
            .replace("{spell}", "magic-missile")
            .replace("{monster}", "mage");
        assert!(
            !filled.contains('{'),
            "a parameter this walk cannot fill: {path}"
        );
        let query = if filled.ends_with("/plan") {
            "?target=ac=15,hp=40"
        } else {
            ""
        };
        out.push(format!("{filled}{query}"));
    }
    out
}

/// The evening: a player's character and the GM's Ogre and Cave Mage in a
/// running encounter, a cast that waited for the Mage's Counterspell, the
/// GM's damage and turns, a creature's cast at the character.
async fn evening(h: &Harness, gm: &str, petr: &str) -> Vec<Value> {
    let e = "/campaigns/cave/encounters";
    let mut answers = Vec::new();
    let gm_post = async |path: String, body: Value| {
        let (s, v) = h.post(&path, Some(gm), body).await;
        assert!(s.is_success(), "{path}: {s} {v}");
    };
    gm_post(e.into(), json!({"name": "Cave"})).await;
    gm_post(
        format!("{e}/Cave/combatants"),
        json!({"name": "Elmira", "initiative": 18}),
    )
    .await;
    gm_post(
        format!("{e}/Cave/combatants"),
        json!({"name": "Ilse", "initiative": 12}),
    )
    .await;
    gm_post(
        format!("{e}/Cave/combatants"),
        json!({"name": "Ogre", "initiative": 11, "hp": OGRE_HP}),
    )
    .await;
    gm_post(
        format!("{e}/Cave/creatures"),
        json!({"name": "Cave Mage", "monster": "mage", "initiative": 10, "hp": MAGE_HP}),
    )
    .await;
    gm_post(format!("{e}/Cave/start"), json!(null)).await;
    // The player casts at both creatures; the Mage could counter, so it waits.
    let (s, v) = h
        .post(
            "/campaigns/cave/characters/Elmira/casts",
            Some(petr),
            json!({"spell": "magic-missile", "targets": [{"name": "Ogre"}, {"name": "Cave Mage"}],
                   "seed": 3}),
        )
        .await;
    assert!(s.is_success(), "{s} {v}");
    answers.push(v);
    for route in get_routes(h).await {
        let (_, v) = h.get(&route, Some(petr)).await;
        answers.push(v);
    }
    let (s, v) = h
        .post(
            &format!("{e}/Cave/pass"),
            Some(gm),
            json!({"name": "Cave Mage"}),
        )
        .await;
    assert!(s.is_success(), "{s} {v}");
    answers.push(
        h.post(
            &format!("{e}/Cave/pass"),
            Some(petr),
            json!({"name": "Ilse"}),
        )
        .await
        .1,
    );
    let (s, v) = h
        .post(&format!("{e}/Cave/resolve"), Some(gm), json!({"seed": 4}))
        .await;
    assert!(s.is_success(), "{s} {v}");
    gm_post(
        format!("{e}/Cave/damage"),
        json!({"target": "Ogre", "amount": 5, "seed": 1}),
    )
    .await;
    // The GM's one click on the Mage's row (issue 37): a condition every
    // seat sees, heard live.
    gm_post(
        format!("{e}/Cave/conditions"),
        json!({"creature": "Cave Mage", "condition": "prone"}),
    )
    .await;
    // Ilse's turn: she stabs the Cave Mage with a dagger (a live `attack`,
    // whose answer and event must not show the Mage's hit points).
    gm_post(format!("{e}/Cave/next"), json!(null)).await;
    let (s, v) = h
        .post(
            "/campaigns/cave/characters/Ilse/equipment",
            Some(petr),
            json!({"free_hands": 2, "component_pouch": true, "focus": "none",
                   "materials": [], "weapons": ["dagger"]}),
        )
        .await;
    assert!(s.is_success(), "{s} {v}");
    let (s, v) = h
        .post(
            "/campaigns/cave/characters/Ilse/attacks",
            Some(petr),
            json!({"weapon": "dagger", "target": "Cave Mage", "seed": 5}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    answers.push(v);
    // The Ogre's turn, then the Mage's.
    for _ in 0..2 {
        gm_post(format!("{e}/Cave/next"), json!(null)).await;
    }
    let (s, v) = h
        .post(
            &format!("{e}/Cave/cast"),
            Some(gm),
            json!({"caster": "Cave Mage", "spell": "fireball", "targets": ["Elmira", "Ogre"], "seed": 2}),
        )
        .await;
    assert_eq!(
        (s, &v["status"]),
        (StatusCode::OK, &json!("pending")),
        "{v}"
    );
    // Ilse answers with Counterspell: the player's own answer is walked too.
    let (s, v) = h
        .post(
            &format!("{e}/Cave/react"),
            Some(petr),
            json!({"caster": "Ilse", "spell": "counterspell", "seed": 9}),
        )
        .await;
    assert!(s.is_success(), "{s} {v}");
    answers.push(v);
    // Issue 31: the Mage could counter Ilse's Counterspell, so it may wait
    // in a window of its own; the GM resolves what waits (the GM's own
    // answers are not the player's to walk; the live events are).
    for _ in 0..2 {
        let (_, w) = h.get(&format!("{e}/Cave/window"), Some(petr)).await;
        answers.push(w.clone());
        if w["window"].is_null() {
            break;
        }
        gm_post(format!("{e}/Cave/resolve"), json!({"seed": 4})).await;
    }
    for route in get_routes(h).await {
        answers.push(h.get(&route, Some(petr)).await.1);
    }
    // The player's own steps, each a kind of live event of its own.
    let c = "/campaigns/cave/characters/Ilse";
    for (step, body) in [
        ("hp", json!({"max_hp": 30, "ac": 12})),
        ("damage", json!({"amount": 3, "seed": 1})),
        ("conditions", json!({"condition": "prone"})),
        ("time", json!({"rounds": 1})),
        ("rests", json!({"kind": "short"})),
        ("prepared", json!({"spell": "magic-missile"})),
        ("turns", json!({})),
        ("undo", json!({})),
    ] {
        let (s, v) = h.post(&format!("{c}/{step}"), Some(petr), body).await;
        assert!(s.is_success(), "{step}: {s} {v}");
        answers.push(v);
    }
    // Class resources (issue 33), each a kind of its own: a Sorcerer 2 /
    // Warlock 2 starts Innate Sorcery, makes a slot from points, turns a
    // Pact slot into a point and brings it back with Magical Cunning.
    let (s, v) = h
        .post(
            "/campaigns/cave/characters",
            Some(petr),
            json!({"name": "Sera", "classes": [{"class": "sorcerer", "level": 2},
                   {"class": "warlock", "level": 2}], "abilities": {"cha": 16},
                   "prepared": ["hex"]}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let c = "/campaigns/cave/characters/Sera";
    for (step, body) in [
        ("innate-sorcery", json!({})),
        ("turns", json!({})),
        ("font-of-magic", json!({"way": "to_slot", "level": 1})),
        (
            "font-of-magic",
            json!({"way": "to_points", "level": 1, "pact": true}),
        ),
        ("magical-cunning", json!({})),
        // Ongoing magic (issue 32): Hex cast, then Concentration dropped.
        ("turns", json!({})),
        (
            "casts",
            json!({"spell": "hex", "targets": [{"name": "Goblin"}], "seed": 3}),
        ),
        ("drop-concentration", json!({})),
    ] {
        let (s, v) = h.post(&format!("{c}/{step}"), Some(petr), body).await;
        assert!(s.is_success(), "{step}: {s} {v}");
        answers.push(v);
    }
    gm_post(format!("{e}/Cave/next"), json!(null)).await;
    // The GM's table-wide steps, each an event kind of its own.
    gm_post(
        "/campaigns/cave/spells".into(),
        json!({"file": "bolt.toml", "toml": HOMEBREW}),
    )
    .await;
    gm_post("/campaigns/cave/players".into(), json!({"account": "eve"})).await;
    let (s, v) = h
        .put(
            "/campaigns/cave/house-rules",
            Some(gm),
            json!({"relaxed": ["R14"]}),
        )
        .await;
    assert!(s.is_success(), "{s} {v}");
    answers
}

#[tokio::test]
async fn a_player_sees_no_creature_numbers_on_any_route_or_event() {
    for h in harnesses().await {
        let t = table(&h).await;
        let player_events = follow(&h, "/campaigns/cave/events", &t.petr).await;
        let gm_events = follow(&h, "/campaigns/cave/events", &t.gm).await;
        let (s, v) = h
            .post(
                "/campaigns/cave/characters",
                Some(&t.petr),
                json!({"name": "Ilse", "classes": [{"class": "wizard", "level": 5}],
                       "abilities": {"int": 16}, "prepared": ["counterspell", "shield"]}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        let mut seen = evening(&h, &t.gm, &t.petr).await;
        let mut gm_seen = Vec::new();
        for route in get_routes(&h).await {
            let (s, v) = h.get(&route, Some(&t.petr)).await;
            assert_ne!(s, StatusCode::INTERNAL_SERVER_ERROR, "{route}");
            eprintln!("PLAYER {route}: {v}");
            seen.push(v);
            let (_, v) = h.get(&route, Some(&t.gm)).await;
            gm_seen.push(v);
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
        let events = player_events.lock().unwrap().clone();
        for (kind, data) in &events {
            eprintln!("EVENT {kind}: {data}");
        }
        let kinds: std::collections::BTreeSet<&str> =
            events.iter().map(|(k, _)| k.as_str()).collect();
        // Every kind a campaign's stream carries reached the player.
        for kind in grimoire_server::CAMPAIGN_EVENT_KINDS {
            assert!(kinds.contains(kind), "no {kind} event among {kinds:?}");
        }
        seen.extend(events.into_iter().map(|(_, v)| v));
        let mut found = Vec::new();
        for (i, v) in seen.iter().enumerate() {
            leaks(v, &format!("answer{i}"), &mut found);
        }
        assert!(
            found.is_empty(),
            "{}: a player saw\n{}",
            h.name,
            found.join("\n")
        );
        // The GM sees the numbers the player may not: the check has teeth.
        gm_seen.extend(gm_events.lock().unwrap().iter().map(|(_, v)| v.clone()));
        let mut gm_found = Vec::new();
        for v in &gm_seen {
            leaks(v, "gm", &mut gm_found);
        }
        assert!(!gm_found.is_empty(), "the GM saw no creature numbers");
    }
}
