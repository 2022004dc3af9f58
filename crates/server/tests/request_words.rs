//! What a client reads about a request it got wrong, in its language
//! (issue 18): the sentence, the field and the position are ours, worded
//! in every language; what serde or the JSON parser said stays English,
//! last, after a colon, as a technical detail.

mod common;

use axum::http::{Method, StatusCode};
use common::{Harness, table};
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

const CAST: &str = "/campaigns/cave/characters/Elmira/casts";

/// Sends `body` as it is (not necessarily JSON) with `content_type`,
/// asking for `lang`; the status, the error code and its message.
async fn send(
    h: &Harness,
    method: Method,
    path: &str,
    token: &str,
    (content_type, body): (&str, &str),
    lang: &str,
) -> (StatusCode, String, String) {
    let req = axum::http::Request::builder()
        .method(method)
        .uri(path)
        .header("authorization", format!("Bearer {token}"))
        .header("content-type", content_type)
        .header("accept-language", lang)
        .body(axum::body::Body::from(body.to_owned()))
        .unwrap();
    let res = h.router.clone().oneshot(req).await.unwrap();
    let status = res.status();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    let v: Value = serde_json::from_slice(&bytes).unwrap();
    let text = |k: &str| v["error"][k].as_str().unwrap_or_default().to_owned();
    (status, text("code"), text("message"))
}

#[tokio::test]
async fn a_body_that_is_not_json_says_where_in_the_readers_language() {
    let h = Harness::new(common::Place::sqlite()).await;
    let t = table(&h).await;
    let json = "application/json";
    for (sent, lang, said) in [
        (
            (json, "nic"),
            "en",
            "the body is not valid JSON at line 1, column 2: expected ident",
        ),
        (
            (json, "nic"),
            "cs",
            "tělo není platný JSON (řádek 1, sloupec 2): expected ident",
        ),
        (
            (json, "{\"spell\": "),
            "en",
            "the JSON body ends too early (line 1, column 10)",
        ),
        (
            (json, "{\"spell\": "),
            "cs",
            "tělo JSON končí předčasně (řádek 1, sloupec 10)",
        ),
        (
            ("text/plain", "{}"),
            "cs",
            "pošlete tělo jako JSON s hlavičkou Content-Type: application/json",
        ),
    ] {
        let (s, code, m) = send(&h, Method::POST, CAST, &t.petr, sent, lang).await;
        assert_eq!(
            (s, code.as_str()),
            (StatusCode::BAD_REQUEST, "bad_json"),
            "{m}"
        );
        assert_eq!(m, said);
    }
}

#[tokio::test]
async fn a_field_that_does_not_fit_is_named_in_the_readers_language() {
    let h = Harness::new(common::Place::sqlite()).await;
    let t = table(&h).await;
    let json = |body: &'static str| ("application/json", body);
    let new = "/campaigns/cave/characters";
    for (path, body, lang, said) in [
        (
            CAST,
            json(r#"{"spell": 5}"#),
            "cs",
            "pole spell neodpovídá schématu operace: invalid type: integer `5`, expected a string",
        ),
        // A field of the rules' request, read apart from the spell.
        (
            CAST,
            json(r#"{"spell": "magic-missile", "slot": "x"}"#),
            "cs",
            "pole slot neodpovídá schématu operace: invalid type: string \"x\", expected u8",
        ),
        (
            CAST,
            json(r#"{"spell": "magic-missile", "slot": "x"}"#),
            "en",
            "field slot does not fit the operation's schema: invalid type: string \"x\", expected u8",
        ),
        (
            CAST,
            json(r#"{"spel": "magic-missile"}"#),
            "cs",
            "neznámé pole spel; seslání kouzla zná jen: spell, seed, complete, mode, slot, slot_kind, class, action, trigger, targets, roll_mode, off_turn, attack_bonuses, damage_type, alternative_time, on_hit_damage, metamagic, sculpt, overchannel",
        ),
        (
            CAST,
            json(
                r#"{"spell": "magic-missile", "on_hit_damage": [{"dice": {"count": 1, "sides": 6, "bonus": 0}, "damage_type": "fire", "source": "x"}]}"#,
            ),
            "cs",
            "on_hit_damage doplňuje server; neposílejte ho",
        ),
        (
            CAST,
            json("{}"),
            "cs",
            "tělo JSON neodpovídá schématu operace: missing field `spell`",
        ),
        (
            new,
            json(r#"{"name": "X", "classes": [{"class": "fighter", "level": 1}]}"#),
            "cs",
            "pole classes[0].class neodpovídá schématu operace: unknown variant `fighter`, expected one of `bard`, `cleric`, `druid`, `paladin`, `ranger`, `sorcerer`, `warlock`, `wizard`",
        ),
    ] {
        let (s, code, m) = send(&h, Method::POST, path, &t.petr, body, lang).await;
        assert_eq!(
            (s, code.as_str()),
            (StatusCode::BAD_REQUEST, "bad_json"),
            "{m}"
        );
        assert_eq!(m, said);
    }
    // Nothing was cast.
    let (_, v) = h
        .get("/campaigns/cave/characters/Elmira", Some(&t.petr))
        .await;
    assert_eq!(v["slots"][0]["remaining"], 4, "{v}");
}

#[tokio::test]
async fn a_query_parameter_that_cannot_be_read_is_named() {
    let h = Harness::new(common::Place::sqlite()).await;
    let t = table(&h).await;
    let log = "/campaigns/cave/characters/Elmira/log?limit=x";
    let none = ("application/json", "");
    let (s, code, m) = send(&h, Method::GET, log, &t.petr, none, "cs").await;
    assert_eq!(
        (s, code.as_str()),
        (StatusCode::BAD_REQUEST, "bad_query"),
        "{m}"
    );
    assert_eq!(
        m,
        "parametr limit v adrese nelze přečíst: invalid digit found in string"
    );
    let (_, _, m) = send(&h, Method::GET, log, &t.petr, none, "en").await;
    assert_eq!(
        m,
        "query parameter limit cannot be read: invalid digit found in string"
    );
}

#[tokio::test]
async fn a_rule_no_table_may_relax_is_refused_in_the_readers_language() {
    let h = Harness::new(common::Place::sqlite()).await;
    let t = table(&h).await;
    let rules = "/campaigns/cave/house-rules";
    let body = ("application/json", r#"{"relaxed": ["R3"]}"#);
    let (s, code, m) = send(&h, Method::PUT, rules, &t.gm, body, "cs").await;
    assert_eq!(
        (s, code.as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, "unknown_house_rule")
    );
    assert_eq!(
        m,
        "relaxed: „R3“ nelze uvolnit; stůl může uvolnit R10, R11 nebo R14"
    );
    let (_, _, m) = send(&h, Method::PUT, rules, &t.gm, body, "en").await;
    assert_eq!(
        m,
        "relaxed: \"R3\" cannot be relaxed; a table may relax R10, R11 or R14"
    );
}
