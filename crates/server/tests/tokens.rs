//! Issue 11, finding 7: tokens never expired and could not be listed or
//! revoked, and nothing was rate-limited (hundreds of sign-ups, token
//! creations and wrong-token guesses per second went through).

mod common;

use std::net::SocketAddr;
use std::time::Duration;

use axum::http::{Method, StatusCode};
use common::{Client, Harness, Place};
use grimoire_server::{AppState, NetLimits, RateLimits, StateConfig, app, serve_listener};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

fn code(v: &Value) -> &str {
    v["error"]["code"].as_str().unwrap_or("")
}

async fn harness(config: impl FnOnce(&mut StateConfig)) -> Harness {
    let place = Place::sqlite();
    let mut c = StateConfig::new(place.database());
    config(&mut c);
    Harness {
        router: app(AppState::connect(c).await.unwrap()),
        place,
        name: "sqlite",
    }
}

#[tokio::test]
async fn tokens_are_listed_revoked_and_logout_revokes_the_current_one() {
    let h = harness(|_| {}).await;
    let first = h.account("jana").await;
    let (s, v) = h.get("/me/tokens", Some(&first)).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v.as_array().unwrap().len(), 1, "{v}");
    assert_eq!(v[0]["current"], true);
    let listed = v.to_string();
    assert!(
        !listed.contains(&first[4..20]),
        "the secret is never listed"
    );

    let (s, v) = h.post("/me/tokens", Some(&first), json!(null)).await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let second = v["token"].as_str().unwrap().to_owned();
    let second_id = v["id"].as_str().unwrap().to_owned();
    let lifetime = v["expires_at"].as_u64().unwrap() - v["created_at"].as_u64().unwrap();
    assert_eq!(lifetime, 30 * 24 * 3600, "30 days by default");
    let (_, v) = h.get("/me/tokens", Some(&second)).await;
    assert_eq!(v.as_array().unwrap().len(), 2, "{v}");

    // Someone else cannot revoke Jana's token, even knowing its id.
    let mallory = h.account("mallory").await;
    let (s, v) = h
        .call(
            Method::DELETE,
            &format!("/me/tokens/{second_id}"),
            Some(&mallory),
            None,
        )
        .await;
    assert_eq!(
        (s, code(&v)),
        (StatusCode::NOT_FOUND, "unknown_token"),
        "{v}"
    );
    assert_eq!(h.get("/me", Some(&second)).await.0, StatusCode::OK);

    // Revoked by id: it stops working at once; the first still works.
    let (s, _) = h
        .call(
            Method::DELETE,
            &format!("/me/tokens/{second_id}"),
            Some(&first),
            None,
        )
        .await;
    assert_eq!(s, StatusCode::NO_CONTENT);
    assert_eq!(
        h.get("/me", Some(&second)).await.0,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(h.get("/me", Some(&first)).await.0, StatusCode::OK);

    // Logout revokes the token it is sent with.
    let (s, _) = h
        .call(Method::DELETE, "/me/tokens/current", Some(&first), None)
        .await;
    assert_eq!(s, StatusCode::NO_CONTENT);
    let (s, v) = h.get("/me", Some(&first)).await;
    assert_eq!((s, code(&v)), (StatusCode::UNAUTHORIZED, "unauthorized"));
}

#[tokio::test]
async fn a_token_stops_working_when_it_expires() {
    let h = harness(|c| c.token_ttl = Duration::from_secs(1)).await;
    let token = h.account("jana").await;
    assert_eq!(h.get("/me", Some(&token)).await.0, StatusCode::OK);
    tokio::time::sleep(Duration::from_millis(2100)).await;
    let (s, v) = h.get("/me", Some(&token)).await;
    assert_eq!(s, StatusCode::UNAUTHORIZED, "{v}");
    assert!(
        v["error"]["message"].as_str().unwrap().contains("expired"),
        "{v}"
    );
}

#[tokio::test]
async fn an_account_holds_a_bounded_number_of_tokens() {
    let h = harness(|_| {}).await;
    let token = h.account("jana").await;
    for _ in 1..20 {
        let (s, v) = h.post("/me/tokens", Some(&token), json!(null)).await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
    }
    let (s, v) = h.post("/me/tokens", Some(&token), json!(null)).await;
    assert_eq!(
        (s, code(&v)),
        (StatusCode::UNPROCESSABLE_ENTITY, "too_many_tokens"),
        "{v}"
    );
    assert!(
        v["error"]["message"]
            .as_str()
            .unwrap()
            .contains("DELETE /me/tokens")
    );
}

/// A server on loopback, so requests carry their address.
async fn listening(rate: RateLimits) -> SocketAddr {
    let place = Box::leak(Box::new(Place::sqlite()));
    let mut config = StateConfig::new(place.database());
    config.rate = rate;
    let state = AppState::connect(config).await.unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(serve_listener(
        listener,
        app(state),
        NetLimits::default(),
        std::future::pending(),
    ));
    addr
}

/// One request from another loopback address; status and body.
async fn from(ip: &str, addr: SocketAddr, request: String) -> (u16, String) {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind(format!("{ip}:0").parse().unwrap()).unwrap();
    let mut stream = socket.connect(addr).await.unwrap();
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut out = String::new();
    stream.read_to_string(&mut out).await.unwrap();
    let status = out[9..12].parse().unwrap();
    (status, out)
}

fn sign_up(name: &str) -> String {
    let body = json!({"name": name}).to_string();
    format!(
        "POST /accounts HTTP/1.1\r\nhost: x\r\nconnection: close\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    )
}

#[tokio::test]
async fn sign_ups_and_wrong_tokens_are_rate_limited_per_address() {
    let addr = listening(RateLimits {
        accounts_per_ip_per_hour: 3,
        failed_auth_per_ip_per_minute: 5,
        ..RateLimits::default()
    })
    .await;
    let mut c = Client::connect(addr).await;
    for i in 0..3 {
        let (s, v) = c
            .send(
                Method::POST,
                "/accounts",
                None,
                Some(json!({"name": format!("bot{i}")})),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
    }
    let res = c
        .start(
            Method::POST,
            "/accounts",
            None,
            Some(json!({"name": "bot3"})),
        )
        .await;
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    let wait: u64 = res.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=3600).contains(&wait), "{wait}");
    // Refused means not created: another address may take the name.
    let (s, text) = from("127.0.0.2", addr, sign_up("bot3")).await;
    assert_eq!(s, 201, "{text}");

    // Wrong tokens: five are answered 401, then the address's wrong
    // tokens wait; a right token never does (issue 30, finding 5), and
    // another address's wrong ones are still only 401.
    let (_, v) = from("127.0.0.3", addr, sign_up("jana")).await;
    let token: String = {
        let body = &v[v.find("\r\n\r\n").unwrap() + 4..];
        let v: Value = serde_json::from_str(body).unwrap();
        v["token"].as_str().unwrap().to_owned()
    };
    let me = |t: &str| {
        format!(
            "GET /me HTTP/1.1\r\nhost: x\r\nconnection: close\r\nauthorization: Bearer {t}\r\n\r\n"
        )
    };
    for _ in 0..5 {
        let (s, _) = from("127.0.0.4", addr, me("gmr_wrong")).await;
        assert_eq!(s, 401);
    }
    let (s, text) = from("127.0.0.4", addr, me("gmr_wrong")).await;
    assert_eq!(s, 429, "{text}");
    assert!(text.contains("rate_limited"), "{text}");
    let (s, text) = from("127.0.0.4", addr, me(&token)).await;
    assert_eq!(s, 200, "{text}");
    let (s, _) = from("127.0.0.3", addr, me("gmr_wrong")).await;
    assert_eq!(s, 401);
}
