//! Issue 37, inviting players: the GM makes an invite (a code shown once,
//! for a bounded time and number of players), a signed-in account that
//! holds the code takes a player's seat, the GM lists and revokes invites
//! and removes a player, whose live stream ends at once. Tried as each
//! seat: the GM, a player, an account outside the campaign and nobody
//! signed in; each refusal answers with its status and code and changes
//! nothing.

mod common;

use std::time::Duration;

use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use common::{Harness, harnesses, next_event, table};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

fn code(v: &Value) -> &str {
    v["error"]["code"].as_str().unwrap_or("<none>")
}

/// What the GM sees of the campaign's membership: the campaign and the
/// live invites.
async fn seats(h: &Harness, gm: &str) -> (Value, Value) {
    let (s, campaign) = h.get("/campaigns/cave", Some(gm)).await;
    assert_eq!(s, StatusCode::OK, "{campaign}");
    let (s, invites) = h.get("/campaigns/cave/invites", Some(gm)).await;
    assert_eq!(s, StatusCode::OK, "{invites}");
    (campaign, invites)
}

/// Opens a live stream on `h` and waits for its `ready`.
async fn open(h: &Harness, path: &str, token: &str) -> Body {
    let req = Request::get(path)
        .header("authorization", format!("Bearer {token}"))
        .body(Body::empty())
        .unwrap();
    let res = h.router.clone().oneshot(req).await.unwrap();
    assert_eq!(res.status(), StatusCode::OK, "{path}");
    let mut body = res.into_body();
    assert!(
        next_event(&mut body, "ready", Duration::from_secs(5))
            .await
            .is_some(),
        "{path}: no ready"
    );
    body
}

#[tokio::test]
async fn only_the_gm_makes_lists_and_revokes_invites() {
    for h in harnesses().await {
        let t = table(&h).await;
        let (s, made) = h
            .post(
                "/campaigns/cave/invites",
                Some(&t.gm),
                json!({"uses": 2, "hours": 24}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{made}");
        let code_text = made["code"].as_str().unwrap().to_owned();
        assert!(code_text.starts_with("gmi_"), "{made}");
        assert_eq!(made["uses_left"], 2);
        assert_eq!(
            made["expires_at"].as_u64().unwrap() - made["created_at"].as_u64().unwrap(),
            24 * 3600
        );
        let id = made["id"].as_str().unwrap().to_owned();
        let (before, invites) = seats(&h, &t.gm).await;
        // The GM's list has the invite, never its code.
        assert_eq!(invites.as_array().unwrap().len(), 1, "{invites}");
        assert_eq!(invites[0]["id"], id.as_str());
        assert_eq!(invites[0]["uses_left"], 2);
        assert!(!invites.to_string().contains(&code_text), "{invites}");

        // A player, an outsider and nobody may neither make, list nor
        // revoke; each refusal changes nothing.
        let wrong = "gmr_0000000000000000000000000000000000000000000";
        for (who, token, status, want) in [
            (
                "player",
                Some(t.petr.as_str()),
                StatusCode::FORBIDDEN,
                "forbidden",
            ),
            (
                "outsider",
                Some(t.eve.as_str()),
                StatusCode::FORBIDDEN,
                "forbidden",
            ),
            ("anonymous", None, StatusCode::UNAUTHORIZED, "unauthorized"),
            (
                "wrong token",
                Some(wrong),
                StatusCode::UNAUTHORIZED,
                "unauthorized",
            ),
        ] {
            for (m, path, body) in [
                (
                    Method::POST,
                    "/campaigns/cave/invites".to_owned(),
                    Some(json!({})),
                ),
                (Method::GET, "/campaigns/cave/invites".to_owned(), None),
                (
                    Method::DELETE,
                    format!("/campaigns/cave/invites/{id}"),
                    None,
                ),
            ] {
                let (s, v) = h.call(m.clone(), &path, token, body).await;
                assert_eq!((s, code(&v)), (status, want), "{who}: {m} {path}: {v}");
                assert!(!v.to_string().contains(&id), "{who} sees an invite id: {v}");
            }
        }
        assert_eq!(seats(&h, &t.gm).await, (before.clone(), invites.clone()));

        // Out of bounds: 422 with a stable code, nothing made.
        for body in [
            json!({"uses": 0}),
            json!({"uses": 51}),
            json!({"hours": 0}),
            json!({"hours": 337}),
        ] {
            let (s, v) = h
                .post("/campaigns/cave/invites", Some(&t.gm), body.clone())
                .await;
            assert_eq!(
                (s, code(&v)),
                (StatusCode::UNPROCESSABLE_ENTITY, "invalid_invite"),
                "{body}: {v}"
            );
        }
        let (s, v) = h
            .call(
                Method::DELETE,
                "/campaigns/cave/invites/nothing",
                Some(&t.gm),
                None,
            )
            .await;
        assert_eq!((s, code(&v)), (StatusCode::NOT_FOUND, "unknown_invite"));
        assert_eq!(seats(&h, &t.gm).await, (before.clone(), invites));

        // Revoked, the code seats nobody.
        let (s, _) = h
            .call(
                Method::DELETE,
                &format!("/campaigns/cave/invites/{id}"),
                Some(&t.gm),
                None,
            )
            .await;
        assert_eq!(s, StatusCode::NO_CONTENT);
        let (s, v) = h
            .post("/invites/accept", Some(&t.eve), json!({"code": code_text}))
            .await;
        assert_eq!((s, code(&v)), (StatusCode::NOT_FOUND, "invite_unusable"));
        assert_eq!(seats(&h, &t.gm).await, (before, json!([])));
    }
}

#[tokio::test]
async fn a_signed_in_account_opens_an_invite_and_takes_a_seat() {
    for h in harnesses().await {
        let t = table(&h).await;
        let ota = h.account("ota").await;
        let (s, made) = h
            .post("/campaigns/cave/invites", Some(&t.gm), json!({"uses": 1}))
            .await;
        assert_eq!(s, StatusCode::CREATED, "{made}");
        assert_eq!(made["uses_left"], 1);
        assert_eq!(
            made["expires_at"].as_u64().unwrap() - made["created_at"].as_u64().unwrap(),
            72 * 3600,
            "three days unless the GM says"
        );
        let invite = json!({"code": made["code"]});
        let mut gm_stream = open(&h, "/campaigns/cave/events", &t.gm).await;
        let mut eve_news = open(&h, "/me/events", &t.eve).await;
        let (before, invites) = seats(&h, &t.gm).await;

        // Nobody signed in, and a code no invite has: refused, nothing spent.
        let (s, v) = h.post("/invites/accept", None, invite.clone()).await;
        assert_eq!((s, code(&v)), (StatusCode::UNAUTHORIZED, "unauthorized"));
        for bad in ["gmi_00000000000000000000000000000000", "hello", ""] {
            let (s, v) = h
                .post("/invites/accept", Some(&t.eve), json!({"code": bad}))
                .await;
            assert_eq!(
                (s, code(&v)),
                (StatusCode::NOT_FOUND, "invite_unusable"),
                "{bad}: {v}"
            );
        }
        // The GM and a seated player keep their seats and spend nothing.
        for token in [&t.gm, &t.petr] {
            let (s, v) = h.post("/invites/accept", Some(token), invite.clone()).await;
            assert_eq!(s, StatusCode::OK, "{v}");
            assert_eq!(v, before);
        }
        assert_eq!(seats(&h, &t.gm).await, (before.clone(), invites));

        // Eve, outside the campaign, opens it: she plays there now.
        let (s, v) = h
            .post("/invites/accept", Some(&t.eve), invite.clone())
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(v["id"], "cave");
        assert_eq!(v["players"], json!(["petr", "eve"]));
        let (s, v) = h.get("/campaigns/cave/characters", Some(&t.eve)).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        let (_, me) = h.get("/me", Some(&t.eve)).await;
        assert_eq!(me["campaigns"][0]["id"], "cave", "{me}");
        // Everyone at the table hears of it, and Eve's other tabs.
        let seen = next_event(&mut gm_stream, "player", Duration::from_secs(5))
            .await
            .expect("the GM hears of the new player");
        assert_eq!(seen["data"]["players"], json!(["petr", "eve"]));
        let news = next_event(&mut eve_news, "added", Duration::from_secs(5))
            .await
            .expect("Eve's own channel hears of it");
        assert_eq!(news["data"]["campaign"], "cave");
        // Used up: the next account gets nothing, and the invite is gone.
        let (s, v) = h.post("/invites/accept", Some(&ota), invite).await;
        assert_eq!((s, code(&v)), (StatusCode::NOT_FOUND, "invite_unusable"));
        let (after, invites) = seats(&h, &t.gm).await;
        assert_eq!(after["players"], json!(["petr", "eve"]));
        assert_eq!(invites, json!([]));
        let (s, _) = h.get("/campaigns/cave", Some(&ota)).await;
        assert_eq!(s, StatusCode::FORBIDDEN);
    }
}

/// The GM removes a player who came by invite: the player's stream ends
/// at once (the removal's own event ends it, well before the periodic
/// check 3-4 s later), the campaign is closed to them, and the invite's
/// code does not bring them back once spent.
#[tokio::test]
async fn a_removed_player_loses_the_stream_at_once() {
    for h in harnesses().await {
        let t = table(&h).await;
        let (_, made) = h
            .post("/campaigns/cave/invites", Some(&t.gm), json!({"uses": 1}))
            .await;
        let invite = json!({"code": made["code"]});
        let (s, _) = h
            .post("/invites/accept", Some(&t.eve), invite.clone())
            .await;
        assert_eq!(s, StatusCode::OK);
        let mut eve = open(&h, "/campaigns/cave/events", &t.eve).await;
        // A player may not remove another.
        let (s, v) = h
            .call(
                Method::DELETE,
                "/campaigns/cave/players/eve",
                Some(&t.petr),
                None,
            )
            .await;
        assert_eq!((s, code(&v)), (StatusCode::FORBIDDEN, "forbidden"));
        let (s, _) = h
            .call(
                Method::DELETE,
                "/campaigns/cave/players/eve",
                Some(&t.gm),
                None,
            )
            .await;
        assert_eq!(s, StatusCode::NO_CONTENT);
        let removed = tokio::time::Instant::now();
        let deadline = removed + Duration::from_millis(2500);
        let ended = loop {
            match tokio::time::timeout_at(deadline, eve.frame()).await {
                Err(_) => break false,
                Ok(None | Some(Err(_))) => break true,
                Ok(Some(Ok(_))) => {}
            }
        };
        assert!(
            ended,
            "{}: the stream outlived the removal by {:?}",
            h.name,
            removed.elapsed()
        );
        let (s, v) = h.get("/campaigns/cave", Some(&t.eve)).await;
        assert_eq!((s, code(&v)), (StatusCode::FORBIDDEN, "forbidden"));
        let (s, v) = h.post("/invites/accept", Some(&t.eve), invite).await;
        assert_eq!((s, code(&v)), (StatusCode::NOT_FOUND, "invite_unusable"));
    }
}
