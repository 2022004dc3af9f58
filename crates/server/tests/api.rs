//! The API in-process (`oneshot`), each scenario on SQLite and, with
//! `DATABASE_URL`, on PostgreSQL.

mod common;

use axum::http::{Method, StatusCode};
use common::{Harness, harnesses, table};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

const MM: &str = "/campaigns/cave/characters/Elmira/casts";

/// What, who, how, where, with what body, and the status and code expected.
type AuthCase<'a> = (
    &'a str,
    Option<&'a str>,
    Method,
    &'a str,
    Option<Value>,
    StatusCode,
    &'a str,
);
/// What, how, where, with what body, and the status and code expected.
type InputCase<'a> = (&'a str, Method, &'a str, Option<Value>, StatusCode, &'a str);

fn code(v: &Value) -> &str {
    v["error"]["code"].as_str().unwrap_or("<none>")
}

#[tokio::test]
async fn health_and_openapi_describe_every_route() {
    for h in harnesses().await {
        let (s, v) = h.get("/health", None).await;
        assert_eq!(s, StatusCode::OK, "{}", h.name);
        assert_eq!(v["status"], "ok");
        assert_eq!(v["database"], h.name);
        let (s, doc) = h.get("/openapi.json", None).await;
        assert_eq!(s, StatusCode::OK);
        let paths = doc["paths"].as_object().unwrap();
        for p in [
            "/health",
            "/accounts",
            "/me",
            "/me/tokens",
            "/campaigns",
            "/campaigns/{campaign}",
            "/campaigns/{campaign}/players",
            "/campaigns/{campaign}/characters",
            "/campaigns/{campaign}/characters/{name}",
            "/campaigns/{campaign}/characters/{name}/casts",
            "/campaigns/{campaign}/characters/{name}/rests",
            "/campaigns/{campaign}/characters/{name}/turns",
            "/campaigns/{campaign}/characters/{name}/prepared",
            "/campaigns/{campaign}/characters/{name}/conditions",
            "/campaigns/{campaign}/characters/{name}/log",
            "/campaigns/{campaign}/characters/{name}/damage",
            "/campaigns/{campaign}/characters/{name}/hp",
            "/campaigns/{campaign}/characters/{name}/time",
            "/campaigns/{campaign}/characters/{name}/undo",
            "/campaigns/{campaign}/events",
            "/campaigns/{campaign}/log",
            "/me/events",
            "/campaigns/{campaign}/encounters",
            "/campaigns/{campaign}/encounters/{encounter}/next",
            "/campaigns/{campaign}/spells",
            "/spells",
            "/spells/{spell}",
        ] {
            assert!(paths.contains_key(p), "openapi lacks {p}");
        }
        assert!(doc["components"]["securitySchemes"]["token"].is_object());
        let (s, v) = h.get("/nowhere", None).await;
        assert_eq!((s, code(&v)), (StatusCode::NOT_FOUND, "no_route"));
    }
}

#[tokio::test]
async fn a_cast_spends_one_slot_and_a_refused_cast_changes_nothing() {
    for h in harnesses().await {
        let t = table(&h).await;
        let (s, v) = h
            .post(
                MM,
                Some(&t.petr),
                json!({"spell": "Magická střela", "seed": 1}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{}: {v}", h.name);
        assert_eq!(v["cast"]["spell"], "magic-missile");
        assert_eq!(
            v["character"]["slots"][0],
            json!({"level": 1, "total": 4, "remaining": 3})
        );
        assert_eq!(v["character"]["version"], 2);
        assert!(
            v["events"]
                .as_array()
                .unwrap()
                .iter()
                .any(|e| e["event"] == "slot_expended")
        );

        // R10: one slot per turn.
        let (s, v) = h
            .post(MM, Some(&t.petr), json!({"spell": "magic-missile"}))
            .await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
        assert!(v["error"]["rule"].is_string(), "{v}");
        let (_, c) = h
            .get("/campaigns/cave/characters/elmira", Some(&t.petr))
            .await;
        assert_eq!(
            (c["version"].clone(), c["slots"][0]["remaining"].clone()),
            (json!(2), json!(3))
        );

        let (s, _) = h
            .post(
                "/campaigns/cave/characters/Elmira/turns",
                Some(&t.petr),
                json!(null),
            )
            .await;
        assert_eq!(s, StatusCode::OK);
        let (s, v) = h
            .post(
                MM,
                Some(&t.petr),
                json!({"spell": "magic-missile", "slot": 2}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        assert_eq!(v["character"]["slots"][1]["remaining"], 1);

        let (s, v) = h
            .post(
                "/campaigns/cave/characters/Elmira/rests",
                Some(&t.petr),
                json!({"kind": "long"}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(v["character"]["slots"][0]["remaining"], 4);
        assert_eq!(v["character"]["slots"][1]["remaining"], 2);
        // A second Long Rest right away is refused (R4: it waits 16 hours
        // after the last one) and logs nothing.
        let (s, v) = h
            .post(
                "/campaigns/cave/characters/Elmira/rests",
                Some(&t.petr),
                json!({"kind": "long"}),
            )
            .await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
        assert_eq!(
            (v["error"]["code"].as_str(), v["error"]["rule"].as_str()),
            (Some("long_rest_too_soon"), Some("R4")),
            "{v}"
        );

        let (_, log) = h
            .get("/campaigns/cave/characters/Elmira/log", Some(&t.gm))
            .await;
        let commands: Vec<&str> = log["log"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["command"].as_str().unwrap())
            .collect();
        assert_eq!(
            commands,
            [
                "character new Elmira",
                "cast magic-missile Elmira",
                "turn Elmira",
                "cast magic-missile Elmira",
                "rest long Elmira"
            ],
            "{}",
            h.name
        );
        let (s, v) = h
            .post(
                "/campaigns/cave/characters/Elmira/undo",
                Some(&t.petr),
                json!(null),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(v["undo"]["reverted_command"], "rest long Elmira");
        let (_, c) = h
            .get("/campaigns/cave/characters/Elmira", Some(&t.gm))
            .await;
        assert_eq!(c["slots"][1]["remaining"], 1);
    }
}

#[tokio::test]
async fn auth_matrix_refuses_and_changes_nothing() {
    for h in harnesses().await {
        let t = table(&h).await;
        let other_gm = h.account("druhy").await;
        let (s, _) = h
            .post(
                "/campaigns",
                Some(&other_gm),
                json!({"id": "hrad", "title": "Hrad"}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED);
        let (s, v) = h
            .post(
                "/campaigns/cave/characters",
                Some(&t.gm),
                json!({"name": "Brom", "classes": [{"class": "cleric", "level": 1}]}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        let cast = json!({"spell": "magic-missile"});
        let cases: Vec<AuthCase> = vec![
            (
                "no token",
                None,
                Method::POST,
                MM,
                Some(cast.clone()),
                StatusCode::UNAUTHORIZED,
                "unauthorized",
            ),
            (
                "bad token",
                Some("gmr_forged"),
                Method::POST,
                MM,
                Some(cast.clone()),
                StatusCode::UNAUTHORIZED,
                "unauthorized",
            ),
            (
                "no token, read",
                None,
                Method::GET,
                "/campaigns/cave",
                None,
                StatusCode::UNAUTHORIZED,
                "unauthorized",
            ),
            (
                "no token, me",
                None,
                Method::GET,
                "/me",
                None,
                StatusCode::UNAUTHORIZED,
                "unauthorized",
            ),
            (
                "no token, events",
                None,
                Method::GET,
                "/campaigns/cave/events",
                None,
                StatusCode::UNAUTHORIZED,
                "unauthorized",
            ),
            (
                "outsider reads",
                Some(&t.eve),
                Method::GET,
                "/campaigns/cave/characters",
                None,
                StatusCode::FORBIDDEN,
                "forbidden",
            ),
            (
                "outsider casts",
                Some(&t.eve),
                Method::POST,
                MM,
                Some(cast.clone()),
                StatusCode::FORBIDDEN,
                "forbidden",
            ),
            (
                "outsider streams",
                Some(&t.eve),
                Method::GET,
                "/campaigns/cave/events",
                None,
                StatusCode::FORBIDDEN,
                "forbidden",
            ),
            (
                "other campaign's GM",
                Some(&other_gm),
                Method::POST,
                MM,
                Some(cast.clone()),
                StatusCode::FORBIDDEN,
                "forbidden",
            ),
            (
                "player into another campaign",
                Some(&t.petr),
                Method::GET,
                "/campaigns/hrad",
                None,
                StatusCode::FORBIDDEN,
                "forbidden",
            ),
            (
                "player for the GM's character",
                Some(&t.petr),
                Method::POST,
                "/campaigns/cave/characters/Brom/rests",
                Some(json!({"kind": "long"})),
                StatusCode::FORBIDDEN,
                "forbidden",
            ),
            (
                "player undoes the GM's character",
                Some(&t.petr),
                Method::POST,
                "/campaigns/cave/characters/Brom/undo",
                None,
                StatusCode::FORBIDDEN,
                "forbidden",
            ),
            (
                "player adds players",
                Some(&t.petr),
                Method::POST,
                "/campaigns/cave/players",
                Some(json!({"account": "eve"})),
                StatusCode::FORBIDDEN,
                "forbidden",
            ),
            (
                "player uploads homebrew",
                Some(&t.petr),
                Method::POST,
                "/campaigns/cave/spells",
                Some(json!({"file": "x.toml", "toml": ""})),
                StatusCode::FORBIDDEN,
                "forbidden",
            ),
            (
                "player creates for another",
                Some(&t.petr),
                Method::POST,
                "/campaigns/cave/characters",
                Some(
                    json!({"name": "Z", "classes": [{"class": "wizard", "level": 1}], "owner": "gm"}),
                ),
                StatusCode::FORBIDDEN,
                "forbidden",
            ),
            (
                "unknown campaign",
                Some(&t.petr),
                Method::GET,
                "/campaigns/nikde",
                None,
                StatusCode::NOT_FOUND,
                "not_found",
            ),
        ];
        for (what, token, method, path, body, status, want) in cases {
            let (s, v) = h.call(method, path, token, body).await;
            assert_eq!((s, code(&v)), (status, want), "{}: {what}: {v}", h.name);
        }
        // Nothing changed: Elmira and Brom are still at version 1.
        for name in ["Elmira", "Brom"] {
            let (_, c) = h
                .get(&format!("/campaigns/cave/characters/{name}"), Some(&t.gm))
                .await;
            assert_eq!(c["version"], 1, "{}: {name}: {c}", h.name);
        }
        let (_, c) = h.get("/campaigns/cave", Some(&t.gm)).await;
        assert_eq!(c["players"], json!(["petr"]));
        // The GM acts for a player's character; the player for their own.
        let (s, _) = h
            .post(MM, Some(&t.gm), json!({"spell": "magic-missile"}))
            .await;
        assert_eq!(s, StatusCode::CREATED);
        let (s, v) = h.get("/me", Some(&t.petr)).await;
        assert_eq!(
            (s, v["campaigns"][0]["id"].clone()),
            (StatusCode::OK, json!("cave"))
        );
        let (s, v) = h.post("/me/tokens", Some(&t.petr), json!(null)).await;
        assert_eq!(s, StatusCode::CREATED);
        let second = v["token"].as_str().unwrap();
        let (s, _) = h.get("/campaigns/cave", Some(second)).await;
        assert_eq!(s, StatusCode::OK);
    }
}

#[tokio::test]
async fn bad_input_is_a_clear_4xx_never_a_500() {
    for h in harnesses().await {
        let t = table(&h).await;
        let chars = "/campaigns/cave/characters";
        let cases: Vec<InputCase> = vec![
            (
                "unknown spell",
                Method::POST,
                MM,
                Some(json!({"spell": "Fireballz of doom"})),
                StatusCode::UNPROCESSABLE_ENTITY,
                "unknown_spell",
            ),
            (
                "slot level 12",
                Method::POST,
                MM,
                Some(json!({"spell": "magic-missile", "slot": 12})),
                StatusCode::BAD_REQUEST,
                "bad_json",
            ),
            (
                "spell not a string",
                Method::POST,
                MM,
                Some(json!({"spell": 5})),
                StatusCode::BAD_REQUEST,
                "bad_json",
            ),
            (
                "unknown character",
                Method::POST,
                "/campaigns/cave/characters/Nobody/casts",
                Some(json!({"spell": "magic-missile"})),
                StatusCode::NOT_FOUND,
                "unknown_character",
            ),
            (
                "level 21",
                Method::POST,
                chars,
                Some(json!({"name": "X", "classes": [{"class": "wizard", "level": 21}]})),
                StatusCode::UNPROCESSABLE_ENTITY,
                "invalid_class_level",
            ),
            (
                "no classes",
                Method::POST,
                chars,
                Some(json!({"name": "X", "classes": []})),
                StatusCode::UNPROCESSABLE_ENTITY,
                "invalid_character_level",
            ),
            (
                "bad class",
                Method::POST,
                chars,
                Some(json!({"name": "X", "classes": [{"class": "fighter", "level": 1}]})),
                StatusCode::BAD_REQUEST,
                "bad_json",
            ),
            (
                "score 40",
                Method::POST,
                chars,
                Some(
                    json!({"name": "X", "classes": [{"class": "wizard", "level": 1}], "abilities": {"int": 40}}),
                ),
                StatusCode::UNPROCESSABLE_ENTITY,
                "invalid_ability_score",
            ),
            (
                "unknown field",
                Method::POST,
                chars,
                Some(json!({"name": "X", "classes": [], "luck": 3})),
                StatusCode::BAD_REQUEST,
                "bad_json",
            ),
            (
                "blank name",
                Method::POST,
                chars,
                Some(json!({"name": "  ", "classes": [{"class": "wizard", "level": 1}]})),
                StatusCode::UNPROCESSABLE_ENTITY,
                "invalid_name",
            ),
            (
                "taken name",
                Method::POST,
                chars,
                Some(json!({"name": "ELMIRA", "classes": [{"class": "wizard", "level": 1}]})),
                StatusCode::CONFLICT,
                "already_exists",
            ),
            (
                "off-list spell",
                Method::POST,
                "/campaigns/cave/characters/Elmira/prepared",
                Some(json!({"spell": "cure-wounds"})),
                StatusCode::UNPROCESSABLE_ENTITY,
                "not_on_class_list",
            ),
            (
                "bad rest",
                Method::POST,
                "/campaigns/cave/characters/Elmira/rests",
                Some(json!({"kind": "nap"})),
                StatusCode::BAD_REQUEST,
                "bad_json",
            ),
            (
                // An id no campaign can have names none (OpenAPI contract).
                "bad campaign id",
                Method::GET,
                "/campaigns/Bad%20Id",
                None,
                StatusCode::NOT_FOUND,
                "not_found",
            ),
            (
                "campaign id taken",
                Method::POST,
                "/campaigns",
                Some(json!({"id": "cave", "title": "x"})),
                StatusCode::CONFLICT,
                "already_exists",
            ),
            (
                "campaign id bad",
                Method::POST,
                "/campaigns",
                Some(json!({"id": "../etc", "title": "x"})),
                StatusCode::UNPROCESSABLE_ENTITY,
                "invalid_campaign_id",
            ),
            (
                "unknown player",
                Method::POST,
                "/campaigns/cave/players",
                Some(json!({"account": "ghost"})),
                StatusCode::UNPROCESSABLE_ENTITY,
                "unknown_account",
            ),
            (
                "nothing to undo",
                Method::POST,
                "/campaigns/cave/characters/Nobody/undo",
                None,
                StatusCode::NOT_FOUND,
                "unknown_character",
            ),
        ];
        for (what, method, path, body, status, want) in cases {
            let (s, v) = h.call(method, path, Some(&t.gm), body).await;
            assert_eq!((s, code(&v)), (status, want), "{}: {what}: {v}", h.name);
        }
        // Bodies that are not JSON at all.
        let req = axum::http::Request::post(MM)
            .header("authorization", format!("Bearer {}", t.petr))
            .header("content-type", "application/json")
            .body(axum::body::Body::from("{not json"))
            .unwrap();
        let res = h.router.clone().oneshot(req).await.unwrap();
        assert_eq!(res.status(), StatusCode::BAD_REQUEST);
        let (s, v) = h.post("/accounts", None, json!({"name": "a\u{0}b"})).await;
        assert_eq!(
            (s, code(&v)),
            (StatusCode::UNPROCESSABLE_ENTITY, "invalid_name")
        );
        let (s, v) = h.post("/accounts", None, json!({"name": "PETR"})).await;
        assert_eq!((s, code(&v)), (StatusCode::CONFLICT, "already_exists"));
        let (_, c) = h
            .get("/campaigns/cave/characters/Elmira", Some(&t.gm))
            .await;
        assert_eq!(
            c["version"], 1,
            "{}: refused requests changed Elmira",
            h.name
        );
    }
}

#[tokio::test]
async fn spells_search_in_both_languages_and_homebrew_is_per_campaign() {
    let h = Harness::new(common::Place::sqlite()).await;
    let (s, v) = h.get("/spells?q=magicka%20strela&limit=3", None).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v[0]["id"], "magic-missile");
    assert_eq!(v[0]["name_cs"], "Magická střela");
    let (s, v) = h.get("/spells/hromova%20vlna", None).await;
    assert_eq!(
        (s, v["name_en"].clone()),
        (StatusCode::OK, json!("Thunderwave"))
    );
    assert!(v["spell"]["components"].is_object());
    let (s, v) = h.get("/spells?class=wizard&level=0&limit=400", None).await;
    assert_eq!(s, StatusCode::OK);
    assert!(v.as_array().unwrap().iter().all(|s| s["level"] == 0));
    for bad in [
        "/spells?limit=0",
        "/spells?level=12",
        "/spells?class=bard-ish",
        "/spells?x=1",
    ] {
        let (s, v) = h.get(bad, None).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{bad}: {v}");
    }
    let (s, v) = h.get("/spells/nope-nope", None).await;
    assert_eq!((s, code(&v)), (StatusCode::NOT_FOUND, "unknown_spell"));

    let t = table(&h).await;
    let toml = r#"
[[spell]]
id = "frost-lance"
name_en = "Frost Lance"
name_cs = "Mrazivé kopí"
level = 2
school = "evocation"
classes = ["wizard", "sorcerer"]
casting_time = "action"
range = "90 ft"
components = { v = true, s = true }
duration = "instantaneous"
summary_en = "A spear of ice; Dex save for half."
summary_cs = "Kopí z ledu; záchrana na Obratnost za polovinu."

[spell.effect]
kind = "save"
save = { ability = "dex", on_success = "half" }
damage = [{ dice = "4d8", type = "cold", per_slot = "1d8" }]
"#;
    let (s, v) = h
        .post(
            "/campaigns/cave/spells",
            Some(&t.gm),
            json!({"file": "frost.toml", "toml": "[[spell]]\nid = 3"}),
        )
        .await;
    assert_eq!(
        (s, code(&v)),
        (StatusCode::UNPROCESSABLE_ENTITY, "invalid_homebrew"),
        "{v}"
    );
    let (s, v) = h
        .post(
            "/campaigns/cave/spells",
            Some(&t.gm),
            json!({"file": "frost.toml", "toml": toml}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    assert_eq!(v["spells"], json!(["frost-lance"]));
    let (_, v) = h
        .get("/campaigns/cave/spells?q=mrazive", Some(&t.petr))
        .await;
    assert_eq!(v[0]["source"], "homebrew");
    let (s, v) = h
        .post(
            "/campaigns/cave/characters/Elmira/prepared",
            Some(&t.petr),
            json!({"spell": "Mrazivé kopí"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let (s, v) = h
        .post(
            MM,
            Some(&t.petr),
            json!({"spell": "frost-lance", "seed": 3}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    assert_eq!(v["cast"]["cast_level"], 2);
    // The SRD itself is untouched.
    let (s, _) = h.get("/spells/frost-lance", None).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_cast_appears_on_the_campaign_event_stream() {
    for h in harnesses().await {
        let t = table(&h).await;
        let req = axum::http::Request::get("/campaigns/cave/events")
            .header("authorization", format!("Bearer {}", t.gm))
            .body(axum::body::Body::empty())
            .unwrap();
        let res = h.router.clone().oneshot(req).await.unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        assert_eq!(res.headers()["content-type"], "text/event-stream");
        let mut body = res.into_body();
        let ready = common::next_event(&mut body, "ready", std::time::Duration::from_secs(5)).await;
        let ready = ready.expect("a ready event");
        assert_eq!(
            (&ready["campaign"], &ready["kind"]),
            (&json!("cave"), &json!("ready"))
        );
        let (s, _) = h
            .post(MM, Some(&t.petr), json!({"spell": "magic-missile"}))
            .await;
        assert_eq!(s, StatusCode::CREATED);
        let ev = common::next_event(&mut body, "cast", std::time::Duration::from_secs(5))
            .await
            .expect("cast event");
        assert_eq!(
            (ev["by"].clone(), ev["character"].clone()),
            (json!("petr"), json!("Elmira"))
        );
        assert_eq!(
            ev["data"]["character"]["slots"][0]["remaining"], 3,
            "{}",
            h.name
        );
        drop(body.frame());
    }
}

/// A player is told live on their own stream when a GM adds them to a
/// campaign; nobody else hears of it there.
#[tokio::test]
async fn a_new_player_hears_live_that_they_were_added() {
    for h in harnesses().await {
        let t = table(&h).await;
        let open = |token: &str| {
            axum::http::Request::get("/me/events")
                .header("authorization", format!("Bearer {token}"))
                .body(axum::body::Body::empty())
                .unwrap()
        };
        let res = h.router.clone().oneshot(open(&t.eve)).await.unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        let mut eve = res.into_body();
        let wait = std::time::Duration::from_secs(5);
        assert!(common::next_event(&mut eve, "ready", wait).await.is_some());
        let res = h.router.clone().oneshot(open(&t.petr)).await.unwrap();
        let mut petr = res.into_body();
        assert!(common::next_event(&mut petr, "ready", wait).await.is_some());
        let (s, v) = h
            .post(
                "/campaigns/cave/players",
                Some(&t.gm),
                json!({"account": "eve"}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        let ev = common::next_event(&mut eve, "added", wait)
            .await
            .expect("an added event");
        assert_eq!(
            (ev["data"]["campaign"].clone(), ev["by"].clone()),
            (json!("cave"), json!("gm")),
            "{ev}"
        );
        let short = std::time::Duration::from_millis(300);
        assert!(
            common::next_event(&mut petr, "added", short)
                .await
                .is_none(),
            "another account hears nothing"
        );
        let res = h
            .router
            .clone()
            .oneshot(
                axum::http::Request::get("/me/events")
                    .body(axum::body::Body::empty())
                    .unwrap(),
            )
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::UNAUTHORIZED);
    }
}

#[tokio::test]
async fn damage_tests_concentration_and_time_ends_durations() {
    let h = Harness::new(common::Place::sqlite()).await;
    let t = table(&h).await;
    let base = "/campaigns/cave/characters/Elmira";
    let (s, v) = h
        .post(
            &format!("{base}/prepared"),
            Some(&t.petr),
            json!({"spell": "detect-magic"}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let (s, v) = h
        .post(MM, Some(&t.petr), json!({"spell": "detect-magic"}))
        .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    assert_eq!(v["character"]["concentration"], "detect-magic");
    let (s, v) = h
        .post(
            &format!("{base}/damage"),
            Some(&t.petr),
            json!({"amount": 40, "seed": 1}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["dc"], 20, "half of 40 (R15 Concentration)");
    assert!(v["roll"]["total"].is_number(), "{v}");
    let kept = v["concentration_kept"].as_bool().unwrap();
    assert_eq!(v["character"]["concentration"].is_string(), kept);
    if kept {
        // Ten minutes later Detect Magic has run out.
        let (s, v) = h
            .post(
                &format!("{base}/time"),
                Some(&t.petr),
                json!({"rounds": 101}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert!(v["character"]["concentration"].is_null(), "{v}");
    }
    let (s, v) = h
        .post(
            &format!("{base}/damage"),
            Some(&t.petr),
            json!({"amount": 99999}),
        )
        .await;
    assert_eq!(
        (s, code(&v)),
        (StatusCode::UNPROCESSABLE_ENTITY, "bad_amount")
    );
    let (s, v) = h
        .post(&format!("{base}/time"), Some(&t.petr), json!({"rounds": 0}))
        .await;
    assert_eq!(
        (s, code(&v)),
        (StatusCode::UNPROCESSABLE_ENTITY, "bad_duration")
    );
    // JSON Schema counts 2.0 as an integer: it is read as 2 (issue 19); a
    // fraction is still no integer.
    let (_, before) = h.get(base, Some(&t.petr)).await;
    let before = before["time_rounds"].as_u64().unwrap();
    let (s, v) = h
        .post(
            &format!("{base}/time"),
            Some(&t.petr),
            json!({"rounds": 2.0}),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["character"]["time_rounds"], before + 2, "{v}");
    let (s, v) = h
        .post(
            &format!("{base}/time"),
            Some(&t.petr),
            json!({"rounds": 2.5}),
        )
        .await;
    assert_eq!((s, code(&v)), (StatusCode::BAD_REQUEST, "bad_json"), "{v}");
    let (s, v) = h
        .post(
            &format!("{base}/damage"),
            Some(&t.eve),
            json!({"amount": 1}),
        )
        .await;
    assert_eq!((s, code(&v)), (StatusCode::FORBIDDEN, "forbidden"));
}

#[tokio::test]
async fn errors_speak_czech_when_asked_with_the_same_code() {
    let h = Harness::new(common::Place::sqlite()).await;
    let t = table(&h).await;
    for _ in 0..2 {
        // The second cast is refused by R10.
        h.post(MM, Some(&t.petr), json!({"spell": "magic-missile"}))
            .await;
    }
    let req = axum::http::Request::post(MM)
        .header("authorization", format!("Bearer {}", t.petr))
        .header("content-type", "application/json")
        .header("accept-language", "cs-CZ,cs;q=0.9,en;q=0.8")
        .body(axum::body::Body::from(
            json!({"spell": "magic-missile"}).to_string(),
        ))
        .unwrap();
    let res = h.router.clone().oneshot(req).await.unwrap();
    assert_eq!(res.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let v: Value =
        serde_json::from_slice(&res.into_body().collect().await.unwrap().to_bytes()).unwrap();
    let (_, en) = h
        .post(MM, Some(&t.petr), json!({"spell": "magic-missile"}))
        .await;
    assert_eq!(v["error"]["code"], en["error"]["code"]);
    assert_eq!(v["error"]["rule"], en["error"]["rule"]);
    assert_ne!(v["error"]["message"], en["error"]["message"], "{v}");
    let (s, v) = h.get("/campaigns/cave?lang=cs", None).await;
    assert_eq!((s, code(&v)), (StatusCode::UNAUTHORIZED, "unauthorized"));
    assert!(
        v["error"]["message"].as_str().unwrap().contains("token"),
        "{v}"
    );
    assert!(
        v["error"]["message"].as_str().unwrap().starts_with("chybí"),
        "{v}"
    );
}

/// `GET path` with `token` and an `Accept-Language` header: the status
/// and the error message.
async fn message_in(h: &Harness, path: &str, token: &str, lang: &str) -> (StatusCode, String) {
    let req = axum::http::Request::get(path)
        .header("authorization", format!("Bearer {token}"))
        .header("accept-language", lang)
        .body(axum::body::Body::empty())
        .unwrap();
    let res = h.router.clone().oneshot(req).await.unwrap();
    let status = res.status();
    let v: Value =
        serde_json::from_slice(&res.into_body().collect().await.unwrap().to_bytes()).unwrap();
    (status, v["error"]["message"].as_str().unwrap().to_owned())
}

#[tokio::test]
async fn validation_game_and_role_errors_read_in_the_requests_language() {
    let h = Harness::new(common::Place::sqlite()).await;
    let t = table(&h).await;
    let log = "/campaigns/cave/characters/Elmira/log?limit=0";
    let nobody = "/campaigns/cave/characters/Nobody";
    let campaign = "/campaigns/cave";
    for (path, token, status, en, cs) in [
        (
            log,
            &t.petr,
            StatusCode::BAD_REQUEST,
            "limit must be 1-",
            "limit musí být 1–",
        ),
        (
            nobody,
            &t.petr,
            StatusCode::NOT_FOUND,
            "no character named \"Nobody\"",
            "postava „Nobody“ neexistuje",
        ),
        (
            campaign,
            &t.eve,
            StatusCode::FORBIDDEN,
            "you are not a member of campaign \"cave\"",
            "nejste členem kampaně „cave“",
        ),
    ] {
        let (s, m) = message_in(&h, path, token, "en-GB,en;q=0.9").await;
        assert_eq!(s, status, "{path}: {m}");
        assert!(m.starts_with(en), "{path}: {m}");
        // The first language the catalogue has wins: German is not there.
        let (s, m) = message_in(&h, path, token, "de-DE, cs;q=0.8, en;q=0.5").await;
        assert_eq!(s, status, "{path}: {m}");
        assert!(m.starts_with(cs), "{path}: {m}");
    }
}

#[tokio::test]
async fn the_gm_runs_an_encounter_and_players_watch() {
    for h in harnesses().await {
        let t = table(&h).await;
        let e = "/campaigns/cave/encounters";
        let (s, v) = h.post(e, Some(&t.gm), json!({"name": "Jeskyně"})).await;
        assert_eq!(s, StatusCode::CREATED, "{}: {v}", h.name);
        let (s, v) = h.post(e, Some(&t.petr), json!({"name": "Mine"})).await;
        assert_eq!((s, code(&v)), (StatusCode::FORBIDDEN, "forbidden"));
        let add = format!("{e}/jeskyne/combatants");
        let (s, v) = h
            .post(
                &add,
                Some(&t.gm),
                json!({"name": "elmira", "initiative": 12}),
            )
            .await;
        assert_eq!(
            (s, code(&v)),
            (StatusCode::NOT_FOUND, "unknown_encounter"),
            "{v}"
        );
        let add = format!("{e}/Jeskyně/combatants");
        h.post(
            &add,
            Some(&t.gm),
            json!({"name": "elmira", "initiative": 12}),
        )
        .await;
        let (s, v) = h
            .post(
                &add,
                Some(&t.gm),
                json!({"name": "Goblin", "initiative": 15, "hp": 7}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        let (s, v) = h
            .post(&format!("{e}/Jeskyně/start"), Some(&t.gm), json!(null))
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(
            (v["round"].clone(), v["current"].clone()),
            (json!(1), json!("Goblin"))
        );
        let (_, v) = h
            .post(&format!("{e}/Jeskyně/next"), Some(&t.gm), json!(null))
            .await;
        assert_eq!(v["current"], "Elmira");
        let (s, v) = h
            .post(
                &format!("{e}/Jeskyně/damage"),
                Some(&t.gm),
                json!({"target": "goblin", "amount": 5}),
            )
            .await;
        assert_eq!((s, v["hp"].clone()), (StatusCode::OK, json!(2)), "{v}");
        // The GM sees the Goblin's hit points; a player does not.
        let (s, v) = h.get(&format!("{e}/Jeskyně"), Some(&t.gm)).await;
        assert_eq!(s, StatusCode::OK);
        assert_eq!(v["combatants"][0]["hp"], 2);
        let (s, v) = h.get(&format!("{e}/Jeskyně"), Some(&t.petr)).await;
        assert_eq!(s, StatusCode::OK);
        assert_eq!(v["combatants"][0]["name"], "Goblin");
        assert_eq!(v["combatants"][0]["hp"], json!(null), "{v}");
        assert_eq!(v["combatants"][1]["character"], true);
        let (_, v) = h.get(e, Some(&t.petr)).await;
        assert_eq!(v["encounters"][0]["round"], 1);
        let (s, _) = h.get(e, Some(&t.eve)).await;
        assert_eq!(s, StatusCode::FORBIDDEN);
    }
}

#[tokio::test]
async fn a_cli_campaign_shares_the_clis_characters_in_the_same_file() {
    let place = common::Place::sqlite();
    let grimoire_server::Database::Sqlite(path) = place.database() else {
        unreachable!("an SQLite place")
    };
    // The CLI made a character in its file before the server started.
    {
        let mut store = grimoire_store::Store::open(&path).unwrap();
        let scores = grimoire_rules::AbilityScores::new([10, 10, 10, 16, 10, 10]).unwrap();
        let mut caster =
            grimoire_rules::Caster::new("Elmira", &[(grimoire_rules::Class::Wizard, 3)], scores)
                .unwrap();
        let mm = &grimoire_catalog::Catalog::srd()
            .get("magic-missile")
            .unwrap()
            .spell;
        let prepared = caster.prepare(mm).unwrap();
        caster.apply_all(&prepared.events);
        store
            .commit(
                &grimoire_store::Change::new("character new Elmira")
                    .create("character", "Elmira", &caster)
                    .unwrap(),
            )
            .unwrap();
    }
    // Only the operator shares the CLI's characters, with one campaign.
    let mut config = grimoire_server::StateConfig::new(place.database());
    config.cli_campaign = Some("local".into());
    let router = grimoire_server::app(grimoire_server::AppState::connect(config).await.unwrap());
    let h = Harness {
        router,
        place,
        name: "sqlite",
    };
    let gm = h.account("gm").await;
    let (s, v) = h
        .post(
            "/campaigns",
            Some(&gm),
            json!({"id": "local", "title": "Stůl"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    assert_eq!(v["cli"], true, "{v}");
    let (_, v) = h.get("/campaigns/local/characters", Some(&gm)).await;
    assert_eq!(v[0]["name"], "Elmira", "{v}");
    let (s, v) = h
        .post(
            "/campaigns/local/characters/Elmira/casts",
            Some(&gm),
            json!({"spell": "magic-missile"}),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    // The CLI sees the slot the server spent, and the cast in its log.
    let store = grimoire_store::Store::open(&path).unwrap();
    let elmira = store
        .get::<grimoire_rules::Caster>("character", "Elmira")
        .unwrap();
    let level1 = grimoire_rules::SlotLevel::new(1).unwrap();
    assert_eq!(elmira.state.slots().remaining(level1), 3);
    assert_eq!(store.log("character", "Elmira").unwrap().len(), 2);
}

#[tokio::test]
async fn a_new_caster_starts_with_a_component_pouch_and_casts_fireball() {
    for h in harnesses().await {
        let t = table(&h).await;
        let (s, v) = h
            .post(
                "/campaigns/cave/characters",
                Some(&t.petr),
                json!({"name": "Quill", "classes": [{"class": "wizard", "level": 5}],
                       "abilities": {"int": 16}, "prepared": ["fireball"]}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{}: {v}", h.name);
        // The CLI's starting gear (grimoire_app::starting_equipment).
        assert_eq!(
            v["state"]["equipment"],
            json!({"free_hands": 2, "component_pouch": true, "focus": "none", "materials": []}),
            "{v}"
        );
        assert_eq!(v["version"], 1, "one change creates and equips");
        let fireball = "/campaigns/cave/characters/Quill/casts";
        let (s, v) = h
            .post(
                fireball,
                Some(&t.petr),
                json!({"spell": "fireball", "seed": 3, "targets": [{"name": "Goblin"}]}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "not refused with R14c: {v}");
        assert_eq!(v["slot"], 3, "{v}");
        assert_eq!(v["character"]["slots"][2]["remaining"], 1);

        // Without the pouch the same cast is refused with R14c and
        // changes nothing.
        let (s, v) = h
            .post(
                "/campaigns/cave/characters/Quill/equipment",
                Some(&t.petr),
                json!({"free_hands": 2, "component_pouch": false, "focus": "none", "materials": []}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        let (s, _) = h
            .post(
                "/campaigns/cave/characters/Quill/turns",
                Some(&t.petr),
                json!(null),
            )
            .await;
        assert_eq!(s, StatusCode::OK);
        let (_, before) = h
            .get("/campaigns/cave/characters/Quill", Some(&t.petr))
            .await;
        let (s, v) = h
            .post(fireball, Some(&t.petr), json!({"spell": "fireball"}))
            .await;
        assert_eq!(
            (s, code(&v), v["error"]["rule"].as_str()),
            (
                StatusCode::UNPROCESSABLE_ENTITY,
                "missing_material",
                Some("R14c")
            ),
            "{v}"
        );
        let (_, after) = h
            .get("/campaigns/cave/characters/Quill", Some(&t.petr))
            .await;
        assert_eq!(before, after);
    }
}

/// Hit points over the API, as the CLI's `grimoire hp` (issue 20): the
/// first change needs the maximum and AC, damage takes temporary hit
/// points first, a player may change only their own character's, and a
/// refused change leaves the sheet as it was.
#[tokio::test]
async fn hit_points_are_recorded_damaged_and_healed() {
    for h in harnesses().await {
        let t = table(&h).await;
        let base = "/campaigns/cave/characters/Elmira";
        let hp = format!("{base}/hp");
        let (s, v) = h.post(&hp, Some(&t.petr), json!({"heal": 3})).await;
        assert_eq!(
            (s, code(&v)),
            (StatusCode::UNPROCESSABLE_ENTITY, "no_hit_points"),
            "{v}"
        );
        let (s, v) = h
            .post(
                &hp,
                Some(&t.petr),
                json!({"max_hp": 20, "ac": 12, "temp_hp": 4}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(
            v["character"]["vitals"],
            json!({"max_hp": 20, "hp": 20, "temp_hp": 4, "ac": 12})
        );
        let (s, v) = h
            .post(
                &format!("{base}/damage"),
                Some(&t.petr),
                json!({"amount": 7}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(v["character"]["vitals"]["hp"], 17, "{v}");
        assert_eq!(v["character"]["vitals"]["temp_hp"], 0, "{v}");
        let (_, before) = h.get(base, Some(&t.petr)).await;
        let (s, v) = h.post(&hp, Some(&t.petr), json!({"hp": 21})).await;
        assert_eq!(
            (s, code(&v)),
            (StatusCode::UNPROCESSABLE_ENTITY, "invalid_hit_points"),
            "{v}"
        );
        // Amounts past the documented bound are refused, never cut.
        for body in [json!({"temp_hp": 1000}), json!({"heal": 1000})] {
            let (s, v) = h.post(&hp, Some(&t.petr), body).await;
            assert_eq!(
                (s, code(&v)),
                (StatusCode::UNPROCESSABLE_ENTITY, "invalid_hit_points"),
                "{v}"
            );
        }
        let (s, v) = h.post(&hp, Some(&t.eve), json!({"heal": 1})).await;
        assert_eq!((s, code(&v)), (StatusCode::FORBIDDEN, "forbidden"), "{v}");
        let (s, v) = h
            .post(&hp, Some(&t.petr), json!({"heal": 1, "mana": 3}))
            .await;
        assert_eq!((s, code(&v)), (StatusCode::BAD_REQUEST, "bad_json"), "{v}");
        let (_, after) = h.get(base, Some(&t.petr)).await;
        assert_eq!(before, after, "refused changes leave the sheet alone");
        let (s, v) = h.post(&hp, Some(&t.gm), json!({"heal": 50})).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(v["character"]["vitals"]["hp"], 20, "{v}");
    }
}

/// A creature's hit points are the GM's, live too (issue 13): the same
/// cast event reaches the GM with the Goblin's hit points and the player
/// without them, while the player's own character keeps its numbers.
#[tokio::test]
async fn a_players_live_stream_hides_creatures_hit_points() {
    for h in harnesses().await {
        let t = table(&h).await;
        let open = |token: &str| {
            axum::http::Request::get("/campaigns/cave/events")
                .header("authorization", format!("Bearer {token}"))
                .body(axum::body::Body::empty())
                .unwrap()
        };
        let wait = std::time::Duration::from_secs(5);
        let mut gm = h
            .router
            .clone()
            .oneshot(open(&t.gm))
            .await
            .unwrap()
            .into_body();
        let mut petr = h
            .router
            .clone()
            .oneshot(open(&t.petr))
            .await
            .unwrap()
            .into_body();
        assert!(common::next_event(&mut gm, "ready", wait).await.is_some());
        assert!(common::next_event(&mut petr, "ready", wait).await.is_some());
        let (s, v) = h
            .post(
                MM,
                Some(&t.petr),
                json!({"spell": "magic-missile", "seed": 1,
                       "targets": [{"name": "Goblin", "stats": {"hp": 40}}]}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        let to_gm = common::next_event(&mut gm, "cast", wait)
            .await
            .expect("GM's event");
        let to_petr = common::next_event(&mut petr, "cast", wait)
            .await
            .expect("player's event");
        let goblin = |ev: &Value| ev["data"]["cast"]["targets"][0].clone();
        assert_eq!(goblin(&to_gm)["target"], "Goblin", "{to_gm}");
        assert!(goblin(&to_gm)["hp_after"].is_number(), "{to_gm}");
        assert_eq!(goblin(&to_petr)["hp_after"], Value::Null, "{to_petr}");
        assert_eq!(
            goblin(&to_petr)["damage_total"],
            goblin(&to_gm)["damage_total"],
            "the damage itself is everyone's"
        );
        assert_eq!(to_petr["data"]["character"]["slots"][0]["remaining"], 3);
    }
}
