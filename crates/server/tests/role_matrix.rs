//! The role matrix over every operation the server documents (issue 30):
//! each operation of `/openapi.json` is tried without a token, with a
//! wrong one, as an account outside the campaign and as a player acting
//! on the GM's things, and must be refused with the right status while
//! nothing changes. An operation this file does not list fails the test,
//! so a new route has to say here what a player may do with it; what a
//! player may *see* on it is checked by `player_view.rs`.

mod common;

use axum::http::{Method, StatusCode};
use common::{Harness, harnesses, table};
use serde_json::{Value, json};

/// What a player of the campaign may do with an operation when it names
/// the GM's character, encounter or the campaign's settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Player {
    /// Members read it (200).
    Reads,
    /// Refused (403): the GM's alone, or another's character.
    Refused,
    /// Not a campaign's operation (public, or the caller's own account).
    Outside,
}

/// A Foundry VTT actor small enough to read: a level-1 Wizard.
fn tiny_sheet() -> Value {
    json!({"name": "Mole", "type": "character",
           "system": {"abilities": {"str": {"value": 10}, "dex": {"value": 10},
             "con": {"value": 10}, "int": {"value": 16}, "wis": {"value": 10},
             "cha": {"value": 10}}},
           "items": [{"name": "Wizard", "type": "class",
                      "system": {"identifier": "wizard", "levels": 1}}]})
}

/// Every documented operation: method, path, what a player may do, and a
/// well-formed body (so that a refusal is about who asks, not what).
fn operations() -> Vec<(&'static str, &'static str, Player, Value)> {
    use Player::*;
    let none = Value::Null;
    vec![
        ("post", "/accounts", Outside, none.clone()),
        ("get", "/campaigns", Outside, none.clone()),
        (
            "post",
            "/campaigns",
            Outside,
            json!({"id": "other", "title": "Other"}),
        ),
        ("get", "/campaigns/{campaign}", Reads, none.clone()),
        ("get", "/campaigns/{campaign}/cards", Reads, none.clone()),
        (
            "get",
            "/campaigns/{campaign}/characters",
            Reads,
            none.clone(),
        ),
        (
            "post",
            "/campaigns/{campaign}/characters",
            Refused,
            json!({"name": "Mole", "owner": "gm", "classes": [{"class": "wizard", "level": 1}]}),
        ),
        (
            "get",
            "/campaigns/{campaign}/characters/{name}",
            Reads,
            none.clone(),
        ),
        (
            "post",
            "/campaigns/{campaign}/characters/{name}/attacks",
            Refused,
            json!({"weapon": "longsword", "target": "Ogre"}),
        ),
        (
            "post",
            "/campaigns/{campaign}/characters/{name}/casts",
            Refused,
            json!({"spell": "sacred-flame", "targets": [{"name": "Ogre"}]}),
        ),
        (
            "post",
            "/campaigns/{campaign}/characters/{name}/conditions",
            Refused,
            json!({"condition": "prone"}),
        ),
        (
            "post",
            "/campaigns/{campaign}/characters/{name}/damage",
            Refused,
            json!({"amount": 3}),
        ),
        (
            "post",
            "/campaigns/{campaign}/rests",
            Refused,
            json!({"kind": "short"}),
        ),
        // A player imports only for themself (issue 36).
        (
            "post",
            "/campaigns/{campaign}/imports",
            Refused,
            json!({"format": "foundry", "sheet": tiny_sheet(), "owner": "gm"}),
        ),
        (
            "post",
            "/campaigns/{campaign}/imports/check",
            Reads,
            json!({"format": "foundry", "sheet": tiny_sheet()}),
        ),
        (
            "post",
            "/campaigns/{campaign}/characters/{name}/death-saves",
            Refused,
            json!({"stabilize": true}),
        ),
        (
            "post",
            "/campaigns/{campaign}/characters/{name}/equipment",
            Refused,
            json!({"free_hands": 0, "component_pouch": false, "focus": "none", "materials": []}),
        ),
        (
            "post",
            "/campaigns/{campaign}/characters/{name}/gear",
            Refused,
            json!({"kind": "item", "name": "Wand", "spells": ["magic-missile"], "uses": 7}),
        ),
        (
            "post",
            "/campaigns/{campaign}/characters/{name}/features",
            Refused,
            json!({"feats": ["magic-initiate:wizard:light"]}),
        ),
        (
            "post",
            "/campaigns/{campaign}/characters/{name}/wild-shape",
            Refused,
            json!({"on": false}),
        ),
        (
            "post",
            "/campaigns/{campaign}/characters/{name}/advance",
            Refused,
            json!({"abilities": {"con": 12}}),
        ),
        // Class resources (issue 33): the character's own.
        (
            "post",
            "/campaigns/{campaign}/characters/{name}/font-of-magic",
            Refused,
            json!({"way": "to_slot", "level": 1}),
        ),
        (
            "post",
            "/campaigns/{campaign}/characters/{name}/innate-sorcery",
            Refused,
            none.clone(),
        ),
        (
            "post",
            "/campaigns/{campaign}/characters/{name}/magical-cunning",
            Refused,
            none.clone(),
        ),
        // Ongoing magic (issue 32): the character's own.
        (
            "post",
            "/campaigns/{campaign}/characters/{name}/drop-concentration",
            Refused,
            none.clone(),
        ),
        (
            "post",
            "/campaigns/{campaign}/characters/{name}/dismiss",
            Refused,
            json!({"effect": 1}),
        ),
        (
            "post",
            "/campaigns/{campaign}/characters/{name}/casting",
            Refused,
            json!({"step": "abandon"}),
        ),
        (
            "post",
            "/campaigns/{campaign}/characters/{name}/identify",
            Refused,
            json!({"spell": "bless"}),
        ),
        (
            "post",
            "/campaigns/{campaign}/characters/{name}/retarget",
            Refused,
            json!({"spell": "hex", "target": "Orc"}),
        ),
        (
            "post",
            "/campaigns/{campaign}/characters/{name}/hp",
            Refused,
            json!({"hp": 1}),
        ),
        (
            "get",
            "/campaigns/{campaign}/characters/{name}/log",
            Reads,
            none.clone(),
        ),
        (
            "get",
            "/campaigns/{campaign}/characters/{name}/options",
            Reads,
            none.clone(),
        ),
        (
            "get",
            "/campaigns/{campaign}/characters/{name}/plan",
            Reads,
            none.clone(),
        ),
        (
            "post",
            "/campaigns/{campaign}/characters/{name}/prepared",
            Refused,
            json!({"spell": "bless"}),
        ),
        (
            "post",
            "/campaigns/{campaign}/characters/{name}/rests",
            Refused,
            json!({"kind": "long"}),
        ),
        (
            "post",
            "/campaigns/{campaign}/characters/{name}/time",
            Refused,
            json!({"rounds": 1}),
        ),
        (
            "post",
            "/campaigns/{campaign}/characters/{name}/turns",
            Refused,
            json!({}),
        ),
        (
            "post",
            "/campaigns/{campaign}/characters/{name}/undo",
            Refused,
            json!({}),
        ),
        (
            "get",
            "/campaigns/{campaign}/encounters",
            Reads,
            none.clone(),
        ),
        (
            "post",
            "/campaigns/{campaign}/encounters",
            Refused,
            json!({"name": "Ambush"}),
        ),
        (
            "get",
            "/campaigns/{campaign}/encounters/{encounter}",
            Reads,
            none.clone(),
        ),
        // A creature's attack is the GM's: its numbers are hers (issue 34).
        (
            "post",
            "/campaigns/{campaign}/encounters/{encounter}/attacks",
            Refused,
            json!({"attacker": "Ogre", "weapon": "greatclub", "target": "Brom", "bonus": 6}),
        ),
        (
            "post",
            "/campaigns/{campaign}/encounters/{encounter}/cast",
            Refused,
            json!({"caster": "Brom", "spell": "sacred-flame", "targets": ["Ogre"]}),
        ),
        (
            "post",
            "/campaigns/{campaign}/encounters/{encounter}/combatants",
            Refused,
            json!({"name": "Wolf", "initiative": 3}),
        ),
        (
            "post",
            "/campaigns/{campaign}/encounters/{encounter}/conditions",
            Refused,
            json!({"creature": "Ogre", "condition": "prone"}),
        ),
        (
            "post",
            "/campaigns/{campaign}/encounters/{encounter}/creatures",
            Refused,
            json!({"name": "Priest", "monster": "priest", "initiative": 3}),
        ),
        (
            "post",
            "/campaigns/{campaign}/encounters/{encounter}/damage",
            Refused,
            json!({"target": "Ogre", "amount": 5}),
        ),
        (
            "post",
            "/campaigns/{campaign}/encounters/{encounter}/end",
            Refused,
            none.clone(),
        ),
        (
            "post",
            "/campaigns/{campaign}/encounters/{encounter}/harm",
            Refused,
            json!({"creature": "Ogre", "spell": "spirit-guardians"}),
        ),
        (
            "post",
            "/campaigns/{campaign}/encounters/{encounter}/next",
            Refused,
            none.clone(),
        ),
        (
            "post",
            "/campaigns/{campaign}/encounters/{encounter}/pass",
            Refused,
            json!({"name": "Cave Mage"}),
        ),
        (
            "post",
            "/campaigns/{campaign}/encounters/{encounter}/react",
            Refused,
            json!({"caster": "Cave Mage", "spell": "counterspell"}),
        ),
        (
            "post",
            "/campaigns/{campaign}/encounters/{encounter}/resolve",
            Refused,
            json!({}),
        ),
        (
            "post",
            "/campaigns/{campaign}/encounters/{encounter}/start",
            Refused,
            none.clone(),
        ),
        (
            "post",
            "/campaigns/{campaign}/encounters/{encounter}/settings",
            Refused,
            json!({"creatures_at_zero": "drop"}),
        ),
        (
            "get",
            "/campaigns/{campaign}/encounters/{encounter}/window",
            Reads,
            none.clone(),
        ),
        (
            "post",
            "/campaigns/{campaign}/encounters/{encounter}/window",
            Refused,
            json!({"kind": "fall", "creature": "Brom"}),
        ),
        (
            "post",
            "/campaigns/{campaign}/encounters/{encounter}/withdraw",
            Refused,
            none.clone(),
        ),
        ("get", "/campaigns/{campaign}/events", Reads, none.clone()),
        (
            "get",
            "/campaigns/{campaign}/house-rules",
            Reads,
            none.clone(),
        ),
        (
            "put",
            "/campaigns/{campaign}/house-rules",
            Refused,
            json!({"relaxed": ["R14"]}),
        ),
        (
            "get",
            "/campaigns/{campaign}/invites",
            Refused,
            none.clone(),
        ),
        (
            "post",
            "/campaigns/{campaign}/invites",
            Refused,
            json!({"uses": 1, "hours": 1}),
        ),
        (
            "delete",
            "/campaigns/{campaign}/invites/{id}",
            Refused,
            none.clone(),
        ),
        ("get", "/campaigns/{campaign}/log", Reads, none.clone()),
        (
            "post",
            "/campaigns/{campaign}/players",
            Refused,
            json!({"account": "eve"}),
        ),
        (
            "delete",
            "/campaigns/{campaign}/players/{account}",
            Refused,
            none.clone(),
        ),
        ("get", "/campaigns/{campaign}/spells", Reads, none.clone()),
        (
            "post",
            "/campaigns/{campaign}/spells",
            Refused,
            json!({"file": "x.toml", "toml": ""}),
        ),
        (
            "get",
            "/campaigns/{campaign}/spells/{spell}/damage",
            Reads,
            none.clone(),
        ),
        ("get", "/cards", Outside, none.clone()),
        ("get", "/health", Outside, none.clone()),
        (
            "post",
            "/invites/accept",
            Outside,
            json!({"code": "gmi_00000000000000000000000000000000"}),
        ),
        ("get", "/me", Outside, none.clone()),
        ("get", "/me/events", Outside, none.clone()),
        ("get", "/me/tokens", Outside, none.clone()),
        ("post", "/me/tokens", Outside, none.clone()),
        ("delete", "/me/tokens/{id}", Outside, none.clone()),
        ("get", "/monsters", Outside, none.clone()),
        ("get", "/monsters/{monster}", Outside, none.clone()),
        ("get", "/spells", Outside, none.clone()),
        ("get", "/spells/{spell}", Outside, none.clone()),
        ("get", "/spells/{spell}/damage", Outside, none),
    ]
}

/// The path with its parameters filled in: the GM's character and
/// encounter, the player `petr`.
fn fill(path: &str) -> String {
    let filled = path
        .replace("{campaign}", "cave")
        .replace("{name}", "Brom")
        .replace("{encounter}", "Cave")
        .replace("{spell}", "magic-missile")
        .replace("{monster}", "mage")
        .replace("{account}", "petr")
        .replace("{id}", "nothing");
    if filled.ends_with("/plan") {
        format!("{filled}?target=ac=15")
    } else {
        filled
    }
}

/// What the GM sees of the whole campaign: every character, encounter,
/// the table log and the house rules.
async fn everything(h: &Harness, gm: &str) -> Vec<Value> {
    let mut out = Vec::new();
    for path in [
        "/campaigns/cave",
        "/campaigns/cave/characters",
        "/campaigns/cave/encounters/Cave",
        "/campaigns/cave/encounters/Cave/window",
        "/campaigns/cave/log?limit=100",
        "/campaigns/cave/house-rules",
        "/campaigns/cave/spells",
    ] {
        let (s, v) = h.get(path, Some(gm)).await;
        assert_eq!(s, StatusCode::OK, "{path}: {v}");
        out.push(v);
    }
    out
}

fn method(name: &str) -> Method {
    Method::from_bytes(name.to_uppercase().as_bytes()).unwrap()
}

#[tokio::test]
async fn every_operation_refuses_whoever_may_not_and_changes_nothing() {
    for h in harnesses().await {
        let t = table(&h).await;
        // The GM's own character and a running encounter with a window open.
        let (s, v) = h
            .post(
                "/campaigns/cave/characters",
                Some(&t.gm),
                json!({"name": "Brom", "classes": [{"class": "cleric", "level": 5}],
                       "prepared": ["bless"]}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        let e = "/campaigns/cave/encounters";
        for (path, body) in [
            (e.to_owned(), json!({"name": "Cave"})),
            (
                format!("{e}/Cave/combatants"),
                json!({"name": "Brom", "initiative": 20}),
            ),
            (
                format!("{e}/Cave/combatants"),
                json!({"name": "Ogre", "initiative": 5, "hp": 59}),
            ),
            (
                format!("{e}/Cave/creatures"),
                json!({"name": "Cave Mage", "monster": "mage", "initiative": 10}),
            ),
            (format!("{e}/Cave/start"), Value::Null),
            (
                format!("{e}/Cave/window"),
                json!({"kind": "fall", "creature": "Ogre"}),
            ),
        ] {
            let (s, v) = h.post(&path, Some(&t.gm), body).await;
            assert!(s.is_success(), "{path}: {s} {v}");
        }

        // Every documented operation is listed here, and nothing else.
        let (_, doc) = h.get("/openapi.json", None).await;
        let mut documented = Vec::new();
        for (path, item) in doc["paths"].as_object().unwrap() {
            for m in item.as_object().unwrap().keys() {
                documented.push(format!("{m} {path}"));
            }
        }
        documented.sort();
        let mut listed: Vec<String> = operations()
            .iter()
            .map(|(m, p, _, _)| format!("{m} {p}"))
            .collect();
        listed.sort();
        assert_eq!(
            documented, listed,
            "each operation must say here what a player may do with it"
        );

        let before = everything(&h, &t.gm).await;
        let mut wrong = Vec::new();
        for (m, path, player, body) in operations() {
            let url = fill(path);
            let body = (!body.is_null()).then_some(body);
            let public = player == Player::Outside
                && matches!(path, "/accounts" | "/cards" | "/health")
                || path.starts_with("/monsters")
                || path.starts_with("/spells");
            let expect = |who: &str, token: Option<&str>, status: StatusCode| {
                (who.to_owned(), token.map(str::to_owned), status)
            };
            let mut tries = Vec::new();
            if !public {
                tries.push(expect("no token", None, StatusCode::UNAUTHORIZED));
                tries.push(expect(
                    "wrong token",
                    Some("gmr_0000000000000000000000000000000000000000000"),
                    StatusCode::UNAUTHORIZED,
                ));
            }
            if player != Player::Outside {
                tries.push(expect("outsider", Some(&t.eve), StatusCode::FORBIDDEN));
            }
            if player == Player::Refused {
                tries.push(expect("player", Some(&t.petr), StatusCode::FORBIDDEN));
            }
            for (who, token, status) in tries {
                if path.ends_with("/events") {
                    // A stream that opens never ends; only refusals are tried.
                    assert_ne!(status, StatusCode::OK);
                }
                let (s, v) = h
                    .call(method(m), &url, token.as_deref(), body.clone())
                    .await;
                if s != status {
                    wrong.push(format!("{who} {m} {url}: {s} {v}"));
                }
            }
            if player == Player::Reads && !path.ends_with("/events") {
                // With its body: a check (issue 36) reads a sheet it is sent.
                let (s, v) = h.call(method(m), &url, Some(&t.petr), body.clone()).await;
                if s != StatusCode::OK {
                    wrong.push(format!("player reads {m} {url}: {s} {v}"));
                }
            }
        }
        assert!(wrong.is_empty(), "{}:\n{}", h.name, wrong.join("\n"));
        assert_eq!(everything(&h, &t.gm).await, before, "{}", h.name);
    }
}
