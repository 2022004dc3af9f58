//! Attacks from issue 11, each replayed as an outside attacker would send it,
//! each asserting the safe answer and that nothing else changed. On SQLite
//! always and, with `DATABASE_URL`, on PostgreSQL.

mod common;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::http::StatusCode;
use common::{Harness, Place, harnesses, table};
use serde_json::{Value, json};

fn code(v: &Value) -> &str {
    v["error"]["code"].as_str().unwrap_or("")
}

/// A character the CLI made in its own (unscoped) part of the file.
fn cli_character(place: &Place, name: &str) {
    let grimoire_server::Database::Sqlite(path) = place.database() else {
        unreachable!("an SQLite place")
    };
    let mut store = grimoire_store::Store::open(&path).unwrap();
    let scores = grimoire_rules::AbilityScores::new([10, 10, 10, 16, 10, 10]).unwrap();
    let caster =
        grimoire_rules::Caster::new(name, &[(grimoire_rules::Class::Wizard, 3)], scores).unwrap();
    store
        .commit(
            &grimoire_store::Change::new(format!("character new {name}"))
                .create("character", name, &caster)
                .unwrap(),
        )
        .unwrap();
}

async fn harness_with_cli_campaign(place: Place, cli_campaign: Option<&str>) -> Harness {
    let mut config = grimoire_server::StateConfig::new(place.database());
    config.cli_campaign = cli_campaign.map(str::to_owned);
    let router = grimoire_server::app(grimoire_server::AppState::connect(config).await.unwrap());
    Harness {
        router,
        place,
        name: "sqlite",
    }
}

/// Finding 1 (critical): `"cli": true` made any account GM over every CLI
/// character. A client can no longer ask for the CLI's scope at all.
#[tokio::test]
async fn a_client_cannot_ask_for_the_clis_characters() {
    let place = Place::sqlite();
    cli_character(&place, "Elmira");
    let h = harness_with_cli_campaign(place, None).await;
    let mallory = h.account("mallory").await;
    let (s, v) = h
        .post(
            "/campaigns",
            Some(&mallory),
            json!({"id": "heist", "title": "Heist", "cli": true}),
        )
        .await;
    assert_eq!((s, code(&v)), (StatusCode::BAD_REQUEST, "bad_json"), "{v}");
    assert!(
        v["error"]["message"].as_str().unwrap().contains("cli"),
        "{v}"
    );
    // Refused means not created.
    let (s, _) = h.get("/campaigns/heist", Some(&mallory)).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    let (_, v) = h.get("/campaigns", Some(&mallory)).await;
    assert_eq!(v, json!([]));

    // An ordinary campaign sees nothing of the CLI's.
    let (s, v) = h
        .post(
            "/campaigns",
            Some(&mallory),
            json!({"id": "heist", "title": "Heist"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    assert_eq!(v["cli"], false);
    let (_, v) = h.get("/campaigns/heist/characters", Some(&mallory)).await;
    assert_eq!(v, json!([]), "{v}");
    for (path, body) in [
        ("casts", json!({"spell": "magic-missile"})),
        ("rests", json!({"kind": "long"})),
        ("undo", json!(null)),
    ] {
        let (s, v) = h
            .post(
                &format!("/campaigns/heist/characters/Elmira/{path}"),
                Some(&mallory),
                body,
            )
            .await;
        assert_eq!(s, StatusCode::NOT_FOUND, "{path}: {v}");
    }
    let (s, _) = h
        .get("/campaigns/heist/characters/Elmira/log", Some(&mallory))
        .await;
    assert_eq!(s, StatusCode::NOT_FOUND);
}

/// Finding 1: a campaign stored as `cli: true` by an older server is not
/// trusted; only the operator's `--cli-campaign` shares, with one campaign.
#[tokio::test]
async fn only_the_operators_campaign_shares_the_clis_characters() {
    let place = Place::sqlite();
    cli_character(&place, "Elmira");
    // An old database where an attacker's campaign was stored as cli: true.
    {
        let grimoire_server::Database::Sqlite(path) = place.database() else {
            unreachable!()
        };
        let mut store = grimoire_store::Store::open(&path).unwrap();
        let evil = grimoire_server::Campaign {
            id: "evil".into(),
            title: "Evil".into(),
            gm: "mallory".into(),
            players: vec![],
            cli: true,
        };
        store
            .commit(
                &grimoire_store::Change::new("campaign new evil")
                    .create("campaign", "evil", &evil)
                    .unwrap(),
            )
            .unwrap();
    }
    let h = harness_with_cli_campaign(place, Some("table")).await;
    let _mallory = h.account("mallory").await;
    let gm = h.account("gm").await;
    let mallory = {
        // Mallory's first token was minted above; mint one more to act.
        let (s, v) = h.post("/me/tokens", Some(&_mallory), json!(null)).await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        v["token"].as_str().unwrap().to_owned()
    };
    let (_, v) = h.get("/campaigns/evil", Some(&mallory)).await;
    assert_eq!(v["cli"], false, "a stored flag is not trusted: {v}");
    let (_, v) = h.get("/campaigns/evil/characters", Some(&mallory)).await;
    assert_eq!(v, json!([]), "{v}");

    let (s, v) = h
        .post(
            "/campaigns",
            Some(&gm),
            json!({"id": "table", "title": "Stůl"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let (_, v) = h.get("/campaigns/table", Some(&gm)).await;
    assert_eq!(v["cli"], true, "{v}");
    let (_, v) = h.get("/campaigns/table/characters", Some(&gm)).await;
    assert_eq!(v[0]["name"], "Elmira", "{v}");
    // Mallory is no member of the operator's campaign.
    let (s, _) = h.get("/campaigns/table/characters", Some(&mallory)).await;
    assert_eq!(s, StatusCode::FORBIDDEN);
}

/// Finding 4: a player's undo reverted the GM's `encounter next` (and so
/// every character it touched). Undo now needs the right to make every part
/// of the change it reverts.
#[tokio::test]
async fn a_players_undo_cannot_revert_the_gms_change() {
    for h in harnesses().await {
        let t = table(&h).await;
        let e = "/campaigns/cave/encounters";
        let (s, v) = h.post(e, Some(&t.gm), json!({"name": "Cave"})).await;
        assert_eq!(s, StatusCode::CREATED, "{}: {v}", h.name);
        for (name, init) in [("Elmira", 12), ("Goblin", 15)] {
            let (s, v) = h
                .post(
                    &format!("{e}/Cave/combatants"),
                    Some(&t.gm),
                    json!({"name": name, "initiative": init, "hp": 7}),
                )
                .await;
            assert_eq!(s, StatusCode::OK, "{v}");
        }
        h.post(&format!("{e}/Cave/start"), Some(&t.gm), json!(null))
            .await;
        // Elmira casts on her turn, then the GM moves the round on.
        let (_, v) = h
            .post(&format!("{e}/Cave/next"), Some(&t.gm), json!(null))
            .await;
        assert_eq!(v["current"], "Elmira", "{v}");
        let (s, v) = h
            .post(
                "/campaigns/cave/characters/Elmira/casts",
                Some(&t.petr),
                json!({"spell": "magic-missile", "targets": [{"name": "Goblin"}]}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        let (_, before) = h
            .post(&format!("{e}/Cave/next"), Some(&t.gm), json!(null))
            .await;
        assert_eq!(before["round"], 2, "{before}");
        let (_, character_before) = h
            .get("/campaigns/cave/characters/Elmira", Some(&t.petr))
            .await;
        let (_, log_before) = h
            .get("/campaigns/cave/characters/Elmira/log", Some(&t.petr))
            .await;

        // The newest change touching Elmira is the GM's `next`: refused.
        let (s, v) = h
            .post(
                "/campaigns/cave/characters/Elmira/undo",
                Some(&t.petr),
                json!(null),
            )
            .await;
        assert_eq!(
            (s, code(&v)),
            (StatusCode::FORBIDDEN, "undo_forbidden"),
            "{}: {v}",
            h.name
        );
        let message = v["error"]["message"].as_str().unwrap();
        assert!(message.contains("GM"), "{message}");
        assert!(
            !message.contains("campaign/"),
            "no internal names: {message}"
        );
        // Nothing changed: the round, the character, the log.
        let (_, after) = h.get(&format!("{e}/Cave"), Some(&t.gm)).await;
        assert_eq!(after["round"], 2, "{after}");
        let (_, character_after) = h
            .get("/campaigns/cave/characters/Elmira", Some(&t.petr))
            .await;
        assert_eq!(character_after, character_before);
        let (_, log_after) = h
            .get("/campaigns/cave/characters/Elmira/log", Some(&t.petr))
            .await;
        assert_eq!(log_after, log_before);

        // The GM may undo it.
        let (s, v) = h
            .post(
                "/campaigns/cave/characters/Elmira/undo",
                Some(&t.gm),
                json!(null),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        let (_, after) = h.get(&format!("{e}/Cave"), Some(&t.gm)).await;
        assert_eq!(after["round"], 1, "{after}");
    }
}

/// Finding 4, the allowed case: a player still undoes a change of their own.
#[tokio::test]
async fn a_player_undoes_their_own_cast() {
    for h in harnesses().await {
        let t = table(&h).await;
        let (s, v) = h
            .post(
                "/campaigns/cave/characters/Elmira/casts",
                Some(&t.petr),
                json!({"spell": "magic-missile"}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        let (s, v) = h
            .post(
                "/campaigns/cave/characters/Elmira/undo",
                Some(&t.petr),
                json!(null),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{}: {v}", h.name);
        let (_, v) = h
            .get("/campaigns/cave/characters/Elmira", Some(&t.petr))
            .await;
        assert_eq!(v["slots"][0]["remaining"], 4, "{v}");
    }
}

/// Finding 2: lists in request bodies were unbounded (40,000 attack
/// bonuses of 1,000 dice each drove the server past 900 MB). Every list and
/// dice count is bounded before any work, with a code naming the field.
#[tokio::test]
async fn oversized_lists_in_a_cast_are_refused_before_any_work() {
    for h in harnesses().await {
        let t = table(&h).await;
        let bonus = json!({"dice": {"count": 1000, "sides": 4, "bonus": 0}});
        let cases = [
            (
                json!({"spell": "magic-missile", "attack_bonuses": vec![bonus.clone(); 40_000]}),
                "too_many_bonuses",
                "attack_bonuses",
            ),
            (
                json!({"spell": "magic-missile", "attack_bonuses": [bonus]}),
                "too_many_dice",
                "attack_bonuses",
            ),
            (
                json!({"spell": "magic-missile",
                       "targets": vec![json!({"name": "Goblin"}); 40_000]}),
                "too_many_targets",
                "targets",
            ),
            (
                json!({"spell": "magic-missile", "trigger": "x".repeat(10_000)}),
                "trigger_too_long",
                "trigger",
            ),
            (
                json!({"spell": "magic-missile",
                       "targets": [{"name": "Goblin", "stats": {"hp": -2_147_483_648_i64}}]}),
                "out_of_range",
                "targets.hp",
            ),
        ];
        let (_, before) = h
            .get("/campaigns/cave/characters/Elmira", Some(&t.petr))
            .await;
        for (body, want, field) in cases {
            let (s, v) = h
                .post(
                    "/campaigns/cave/characters/Elmira/casts",
                    Some(&t.petr),
                    body,
                )
                .await;
            assert_eq!(
                (s, code(&v)),
                (StatusCode::UNPROCESSABLE_ENTITY, want),
                "{}: {v}",
                h.name
            );
            let message = v["error"]["message"].as_str().unwrap();
            assert!(message.contains(field), "{message}");
        }
        let (_, after) = h
            .get("/campaigns/cave/characters/Elmira", Some(&t.petr))
            .await;
        assert_eq!(after, before, "refused casts change nothing");
    }
}

/// Item 12: a cast with a field the server does not know (`slott`) was
/// accepted and the field silently ignored.
#[tokio::test]
async fn a_cast_with_an_unknown_field_is_refused_naming_it() {
    let h = Harness::new(Place::sqlite()).await;
    let t = table(&h).await;
    let (s, v) = h
        .post(
            "/campaigns/cave/characters/Elmira/casts",
            Some(&t.petr),
            json!({"spell": "magic-missile", "slott": 3}),
        )
        .await;
    assert_eq!((s, code(&v)), (StatusCode::BAD_REQUEST, "bad_json"), "{v}");
    assert!(
        v["error"]["message"].as_str().unwrap().contains("slott"),
        "{v}"
    );
    let (_, v) = h
        .get("/campaigns/cave/characters/Elmira", Some(&t.petr))
        .await;
    assert_eq!(v["slots"][0]["remaining"], 4);
}

/// Finding 5: the gear route took an unlimited spell list with duplicates
/// (every later change then wrote megabytes to the log), parsed the body
/// before checking the token, and was missing from `/openapi.json`.
#[tokio::test]
async fn gear_is_bounded_deduplicated_documented_and_checks_the_token_first() {
    let h = Harness::new(Place::sqlite()).await;
    let t = table(&h).await;
    let gear = "/campaigns/cave/characters/Elmira/gear";
    let (s, v) = h
        .post(
            gear,
            Some(&t.petr),
            json!({"kind": "item", "name": "Wand", "uses": 3,
                   "spells": vec!["magic-missile"; 10_000]}),
        )
        .await;
    assert_eq!(
        (s, code(&v)),
        (StatusCode::UNPROCESSABLE_ENTITY, "too_many_spells"),
        "{v}"
    );
    let (s, v) = h
        .post(
            gear,
            Some(&t.petr),
            json!({"kind": "item", "name": "Wand", "uses": 3,
                   "spells": ["magic-missile", "Magic Missile", "magicka strela"]}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["state"]["items"][0]["spells"], json!(["magic-missile"]));
    // Distinct names pile up to the bound, then stop.
    for i in 1..64 {
        let (s, v) = h
            .post(
                gear,
                Some(&t.petr),
                json!({"kind": "feature", "name": format!("Gift {i}"), "uses": 1,
                       "spells": ["misty-step"]}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{i}: {v}");
    }
    let (s, v) = h
        .post(
            gear,
            Some(&t.petr),
            json!({"kind": "feature", "name": "One too many", "uses": 1, "spells": []}),
        )
        .await;
    assert_eq!(
        (s, code(&v)),
        (StatusCode::UNPROCESSABLE_ENTITY, "too_many_items"),
        "{v}"
    );
    // Replacing one by name is still fine at the bound.
    let (s, v) = h
        .post(
            gear,
            Some(&t.petr),
            json!({"kind": "item", "name": "Wand", "uses": 5, "spells": ["magic-missile"]}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");

    // No token: 401 whatever the body, even one that is not JSON.
    let req = axum::http::Request::builder()
        .method("POST")
        .uri(gear)
        .header("content-type", "application/json")
        .body(axum::body::Body::from("{not json"))
        .unwrap();
    let res = tower::ServiceExt::oneshot(h.router.clone(), req)
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);

    let (_, doc) = h.get("/openapi.json", None).await;
    for path in [gear, "/campaigns/cave/characters/Elmira/equipment"] {
        let templ = path
            .replace("cave", "{campaign}")
            .replace("Elmira", "{name}");
        assert!(
            doc["paths"][&templ]["post"].is_object(),
            "{templ} documented"
        );
    }
    let (s, _) = h
        .post(
            "/web/api/campaigns/cave/characters/Elmira/gear",
            Some(&t.petr),
            json!({}),
        )
        .await;
    assert_eq!(s, StatusCode::NOT_FOUND, "the undocumented route is gone");
}

/// Item 12: combatant hit points of -2^31 were accepted; an encounter grew
/// without bound.
#[tokio::test]
async fn combatants_are_bounded_in_hit_points_and_number() {
    let h = Harness::new(Place::sqlite()).await;
    let t = table(&h).await;
    let e = "/campaigns/cave/encounters";
    h.post(e, Some(&t.gm), json!({"name": "Horde"})).await;
    let add = format!("{e}/Horde/combatants");
    let (s, v) = h
        .post(
            &add,
            Some(&t.gm),
            json!({"name": "Lich", "initiative": 1, "hp": -2_147_483_648_i64}),
        )
        .await;
    assert_eq!(
        (s, code(&v)),
        (StatusCode::UNPROCESSABLE_ENTITY, "out_of_range"),
        "{v}"
    );
    let (s, v) = h
        .post(
            &add,
            Some(&t.gm),
            json!({"name": "Lich", "initiative": 2_000_000_000, "hp": 5}),
        )
        .await;
    assert_eq!(
        (s, code(&v)),
        (StatusCode::UNPROCESSABLE_ENTITY, "out_of_range"),
        "{v}"
    );
    for i in 0..64 {
        let (s, v) = h
            .post(
                &add,
                Some(&t.gm),
                json!({"name": format!("Goblin {i}"), "initiative": 10, "hp": 7}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{i}: {v}");
    }
    let (s, v) = h
        .post(
            &add,
            Some(&t.gm),
            json!({"name": "Goblin extra", "initiative": 10, "hp": 7}),
        )
        .await;
    assert_eq!(
        (s, code(&v)),
        (StatusCode::UNPROCESSABLE_ENTITY, "too_many_combatants"),
        "{v}"
    );
}

/// Item 12: the composed and decomposed forms of a name were two names,
/// blank-looking names passed, and an all-Cyrillic `Асе` could pose as the
/// Latin `Ace` (single-script look-alikes need UTS #39 skeletons).
#[tokio::test]
async fn names_are_normalised_and_look_alikes_refused() {
    for h in harnesses().await {
        h.account("Ace").await;
        h.account("Ren\u{e9}e").await;
        let (s, v) = h
            .post("/accounts", None, json!({"name": "\u{410}\u{441}\u{435}"}))
            .await;
        assert_eq!(
            (s, code(&v)),
            (StatusCode::UNPROCESSABLE_ENTITY, "invalid_name"),
            "{v}"
        );
        assert!(
            v["error"]["message"].as_str().unwrap().contains("\"Ace\""),
            "{v}"
        );
        let (s, v) = h
            .post("/accounts", None, json!({"name": "Rene\u{301}e"}))
            .await;
        assert_eq!(
            (s, code(&v)),
            (StatusCode::CONFLICT, "already_exists"),
            "{v}"
        );
        for blank in ["\u{3164}", "Ace\u{115f}", "\u{2800}", "A\u{a0}ce"] {
            let (s, v) = h.post("/accounts", None, json!({"name": blank})).await;
            assert_eq!(
                (s, code(&v)),
                (StatusCode::UNPROCESSABLE_ENTITY, "invalid_name"),
                "{blank:?}: {v}"
            );
        }
        // A different name in another script is still welcome.
        let (s, v) = h
            .post(
                "/accounts",
                None,
                json!({"name": "\u{41c}\u{430}\u{448}\u{430}"}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
    }
}

/// Item 12: "add player" on two instances at once failed 8 of 12 with 409;
/// it is retried like every other write.
#[tokio::test]
async fn concurrent_add_player_on_two_instances_all_land() {
    let mut places = vec![Place::sqlite()];
    if let Some(pg) = common::pg_schema() {
        places.push(Place::Postgres(pg));
    }
    for place in places {
        let a = grimoire_server::app(place.instance().await);
        let b = grimoire_server::app(place.instance().await);
        let h = Harness {
            router: a.clone(),
            place,
            name: "two instances",
        };
        let gm = h.account("gm").await;
        let (s, v) = h
            .post(
                "/campaigns",
                Some(&gm),
                json!({"id": "cave", "title": "Cave"}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        for i in 0..12 {
            h.account(&format!("player{i}")).await;
        }
        let mut tasks = Vec::new();
        for i in 0..12 {
            let router = if i % 2 == 0 { a.clone() } else { b.clone() };
            let gm = gm.clone();
            tasks.push(tokio::spawn(async move {
                let req = axum::http::Request::builder()
                    .method("POST")
                    .uri("/campaigns/cave/players")
                    .header("authorization", format!("Bearer {gm}"))
                    .header("content-type", "application/json")
                    .body(axum::body::Body::from(
                        json!({"account": format!("player{i}")}).to_string(),
                    ))
                    .unwrap();
                tower::ServiceExt::oneshot(router, req)
                    .await
                    .unwrap()
                    .status()
            }));
        }
        for t in tasks {
            assert_eq!(t.await.unwrap(), StatusCode::OK);
        }
        let (_, v) = h.get("/campaigns/cave", Some(&gm)).await;
        assert_eq!(v["players"].as_array().unwrap().len(), 12, "{v}");
    }
}

/// On PostgreSQL a cast on one instance reaches a live stream on the
/// other, each one once: the notifier sends what gathered in one statement
/// (two equal events stay two), and an instance skips its own echoes.
#[tokio::test]
async fn casts_on_one_postgres_instance_are_heard_live_on_the_other() {
    let Some(pg) = common::pg_schema() else {
        return;
    };
    // What travels between the instances, seen by a listener of our own on
    // a thread of its own (the channel is named after the schema).
    let channel = format!("grimoire_live_{}", pg.schema.clone().unwrap_or_default());
    let wire = Arc::new(Mutex::new(Vec::<String>::new()));
    let stop = Arc::new(AtomicBool::new(false));
    let (listening, up) = tokio::sync::oneshot::channel();
    {
        let (pg, wire, stop) = (pg.clone(), Arc::clone(&wire), Arc::clone(&stop));
        std::thread::spawn(move || {
            let mut l = grimoire_store::PostgresListener::connect(&pg, &[&channel]).unwrap();
            let _ = listening.send(());
            while !stop.load(Ordering::Relaxed) {
                if let Some(n) = l.next(Duration::from_millis(50)).unwrap() {
                    wire.lock().unwrap().push(n.payload);
                }
            }
        });
    }
    up.await.expect("listening");
    let quiet = Duration::from_millis(300);
    let place = Place::Postgres(pg);
    let b = grimoire_server::app(place.instance().await);
    let h = Harness::new(place).await;
    let t = table(&h).await;
    let cast = "/campaigns/cave/characters/Elmira/casts";
    let cast_and_pass = async || {
        let (s, v) = h
            .post(cast, Some(&t.petr), json!({"spell": "magic-missile"}))
            .await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        let (s, v) = h
            .post(
                "/campaigns/cave/characters/Elmira/turns",
                Some(&t.petr),
                json!(null),
            )
            .await;
        assert!(s.is_success(), "{v}");
    };
    // Nobody listens on the other instance yet: nothing is sent (issue 16).
    cast_and_pass().await;
    tokio::time::sleep(quiet).await;
    assert_eq!(
        *wire.lock().unwrap(),
        Vec::<String>::new(),
        "a change nobody elsewhere listens to was sent"
    );
    let open = axum::http::Request::get("/campaigns/cave/events")
        .header("authorization", format!("Bearer {}", t.gm))
        .body(axum::body::Body::empty())
        .unwrap();
    // `b` stays alive: its instance relays what it hears to the stream.
    let res = tower::ServiceExt::oneshot(b.clone(), open).await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let mut stream = res.into_body();
    let wait = Duration::from_secs(5);
    assert!(
        common::next_event(&mut stream, "ready", wait)
            .await
            .is_some()
    );
    // The stream has said `ready`: every change from now on reaches it.
    for _ in 0..2 {
        cast_and_pass().await;
    }
    for _ in 0..2 {
        let ev = common::next_event(&mut stream, "cast", wait)
            .await
            .expect("a cast heard on the other instance");
        assert_eq!(
            (ev["character"].clone(), ev["by"].clone()),
            (json!("Elmira"), json!("petr")),
            "{ev}"
        );
    }
    assert!(
        common::next_event(&mut stream, "cast", quiet)
            .await
            .is_none(),
        "each cast once"
    );
    // On the wire: the other instance's announcement, then the casts.
    tokio::time::sleep(quiet).await;
    stop.store(true, Ordering::Relaxed);
    let heard = wire.lock().unwrap().clone();
    assert!(heard[0].starts_with("{\"interest\":\"cave\""), "{heard:?}");
    let casts = heard
        .iter()
        .filter(|p| p.contains("\"kind\":\"cast\""))
        .count();
    assert_eq!(casts, 2, "{heard:?}");
}

/// A homebrew file of `n` simple spells with ids `{prefix}-{i}`.
fn homebrew(prefix: &str, n: usize) -> String {
    (0..n)
        .map(|i| {
            format!(
                r#"
[[spell]]
id = "{prefix}-{i}"
name_en = "{prefix} {i}"
name_cs = "{prefix} {i}"
level = 1
school = "evocation"
classes = ["wizard"]
casting_time = "action"
range = "60 ft"
components = {{ v = true }}
duration = "instantaneous"
summary_en = "A test spell."
summary_cs = "Zkušební kouzlo."
"#
            )
        })
        .collect()
}

/// Finding 6: unlimited homebrew files per campaign, all re-parsed on every
/// request; two concurrent uploads on two instances silently lost a spell.
#[tokio::test]
async fn homebrew_is_bounded_parsed_once_and_uploads_never_lose_a_spell() {
    let h = Harness::new(Place::sqlite()).await;
    let t = table(&h).await;
    let upload = |file: String, toml: String| {
        let h = &h;
        let gm = t.gm.clone();
        async move {
            h.post(
                "/campaigns/cave/spells",
                Some(&gm),
                json!({"file": file, "toml": toml}),
            )
            .await
        }
    };
    let (s, v) = upload("big.toml".into(), homebrew("big", 201)).await;
    assert_eq!(
        (s, code(&v)),
        (StatusCode::UNPROCESSABLE_ENTITY, "too_many_spells"),
        "{v}"
    );
    for i in 0..20 {
        let (s, v) = upload(format!("f{i}.toml"), homebrew(&format!("f{i}"), 2)).await;
        assert_eq!(s, StatusCode::CREATED, "{i}: {v}");
    }
    let (s, v) = upload("f20.toml".into(), homebrew("f20", 1)).await;
    assert_eq!(
        (s, code(&v)),
        (StatusCode::UNPROCESSABLE_ENTITY, "too_many_homebrew_files"),
        "{v}"
    );
    // Replacing one under its name is still allowed at the bound.
    let (s, v) = upload("f0.toml".into(), homebrew("f0", 3)).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");

    // Parsed once per change: repeated searches do not parse again.
    let (_, v) = h.get("/campaigns/cave/spells?q=f3", Some(&t.petr)).await;
    assert!(!v.as_array().unwrap().is_empty(), "{v}");
    let parses = grimoire_server::homebrew_parses();
    for _ in 0..20 {
        let (s, _) = h.get("/campaigns/cave/spells?q=f3", Some(&t.petr)).await;
        assert_eq!(s, StatusCode::OK);
    }
    assert_eq!(grimoire_server::homebrew_parses(), parses, "no re-parse");
}

/// Finding 6: two uploads racing on two instances, one of them clashing
/// with the other's spell id: both land or the clash is reported; a spell
/// is never skipped silently.
#[tokio::test]
async fn concurrent_homebrew_uploads_on_two_instances_keep_every_spell() {
    let mut places = vec![Place::sqlite()];
    if let Some(pg) = common::pg_schema() {
        places.push(Place::Postgres(pg));
    }
    for place in places {
        let a = grimoire_server::app(place.instance().await);
        let b = grimoire_server::app(place.instance().await);
        let h = Harness {
            router: a.clone(),
            place,
            name: "two instances",
        };
        let t = table(&h).await;
        let send = |router: axum::Router, file: &str, toml: String| {
            let gm = t.gm.clone();
            let body = json!({"file": file, "toml": toml}).to_string();
            tokio::spawn(async move {
                let req = axum::http::Request::builder()
                    .method("POST")
                    .uri("/campaigns/cave/spells")
                    .header("authorization", format!("Bearer {gm}"))
                    .header("content-type", "application/json")
                    .body(axum::body::Body::from(body))
                    .unwrap();
                tower::ServiceExt::oneshot(router, req)
                    .await
                    .unwrap()
                    .status()
            })
        };
        // Distinct spells: both land.
        let one = send(a.clone(), "one.toml", homebrew("one", 3));
        let two = send(b.clone(), "two.toml", homebrew("two", 3));
        assert_eq!(one.await.unwrap(), StatusCode::CREATED);
        assert_eq!(two.await.unwrap(), StatusCode::CREATED);
        // The same spell id in two files at once: exactly one lands, the
        // other is told.
        let x = send(a.clone(), "x.toml", homebrew("dup", 1));
        let y = send(b.clone(), "y.toml", homebrew("dup", 1));
        let mut statuses = [x.await.unwrap(), y.await.unwrap()];
        statuses.sort();
        assert_eq!(
            statuses,
            [StatusCode::CREATED, StatusCode::UNPROCESSABLE_ENTITY],
            "{}",
            h.name
        );
        for router in [a.clone(), b.clone()] {
            let h = Harness {
                router,
                place: Place::sqlite(),
                name: "reader",
            };
            let (_, v) = h.get("/campaigns/cave/spells?limit=400", Some(&t.gm)).await;
            let ids: Vec<&str> = v
                .as_array()
                .unwrap()
                .iter()
                .filter_map(|s| s["id"].as_str())
                .collect();
            for id in ["one-0", "one-2", "two-0", "two-2", "dup-0"] {
                assert!(ids.contains(&id), "{id} missing: {ids:?}");
            }
        }
    }
}

/// Finding 2 (responses): the log returned the whole history in one
/// response, however long. It comes in bounded pages now.
#[tokio::test]
async fn the_log_comes_in_bounded_pages() {
    let h = Harness::new(Place::sqlite()).await;
    let t = table(&h).await;
    let base = "/campaigns/cave/characters/Elmira";
    // Short Rests: a Long Rest waits 16 hours after the last one (R4).
    for _ in 0..30 {
        let (s, v) = h
            .post(
                &format!("{base}/rests"),
                Some(&t.petr),
                json!({"kind": "short"}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
    }
    let mut seen = Vec::new();
    let mut path = format!("{base}/log?limit=10");
    loop {
        let (s, v) = h.get(&path, Some(&t.petr)).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        let page = v["log"].as_array().unwrap();
        assert!(page.len() <= 10);
        let mut seqs: Vec<u64> = page.iter().map(|e| e["seq"].as_u64().unwrap()).collect();
        seqs.extend(seen);
        seen = seqs;
        match v["next_before"].as_u64() {
            Some(before) => path = format!("{base}/log?limit=10&before={before}"),
            None => break,
        }
    }
    assert_eq!(seen, (1..=31).collect::<Vec<u64>>());
    for bad in ["limit=0", "limit=501", "limit=x", "sort=asc"] {
        let (s, v) = h.get(&format!("{base}/log?{bad}"), Some(&t.petr)).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{bad}: {v}");
    }
}
