//! API request bodies: arbitrary bytes are posted, in-process through the
//! real router (`tower::ServiceExt::oneshot`) on a SQLite database, to the
//! endpoint the first byte picks. Nothing may panic, no body may cause a
//! 5xx, and every refusal is the JSON error shape with a stable code.
#![no_main]

use std::sync::OnceLock;

use axum::Router;
use axum::body::Body;
use axum::http::Request;
use grimoire_server::{AppState, Database, StateConfig, app};
use http_body_util::BodyExt;
use libfuzzer_sys::fuzz_target;
use serde_json::{Value, json};
use tower::ServiceExt;

const ENDPOINTS: &[&str] = &[
    "/campaigns/cave/characters/Elmira/casts",
    "/campaigns/cave/characters",
    "/campaigns/cave/characters/Elmira/prepared",
    "/campaigns/cave/characters/Elmira/rests",
    "/campaigns/cave/characters/Elmira/conditions",
    "/campaigns/cave/characters/Elmira/turns",
    "/campaigns/cave/characters/Elmira/undo",
    "/campaigns/cave/spells",
    "/campaigns/cave/players",
    "/campaigns",
    "/accounts",
];

struct World {
    rt: tokio::runtime::Runtime,
    router: Router,
    gm: String,
    _dir: tempfile::TempDir,
}

async fn call(router: &Router, path: &str, token: Option<&str>, body: Vec<u8>) -> (u16, Value) {
    let mut req = Request::post(path).header("content-type", "application/json");
    if let Some(t) = token {
        req = req.header("authorization", format!("Bearer {t}"));
    }
    let res = router
        .clone()
        .oneshot(req.body(Body::from(body)).unwrap())
        .await
        .unwrap();
    let status = res.status().as_u16();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    (
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

fn world() -> &'static World {
    static WORLD: OnceLock<World> = OnceLock::new();
    WORLD.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let db = Database::Sqlite(dir.path().join("fuzz.sqlite3"));
        let router = app(AppState::open(StateConfig::new(db)).unwrap());
        let gm = rt.block_on(async {
            let (_, v) = call(
                &router,
                "/accounts",
                None,
                json!({"name": "gm"}).to_string().into(),
            )
            .await;
            let gm = v["token"].as_str().unwrap().to_owned();
            let campaign = json!({"id": "cave", "title": "Cave"}).to_string().into();
            call(&router, "/campaigns", Some(&gm), campaign).await;
            let elmira = json!({"name": "Elmira", "classes": [{"class": "wizard", "level": 5}],
                "abilities": {"int": 16}, "prepared": ["magic-missile", "shield", "detect-magic"]});
            let (s, v) = call(
                &router,
                "/campaigns/cave/characters",
                Some(&gm),
                elmira.to_string().into(),
            )
            .await;
            assert_eq!(s, 201, "{v}");
            gm
        });
        World {
            rt,
            router,
            gm,
            _dir: dir,
        }
    })
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, body)) = data.split_first() else {
        return;
    };
    let w = world();
    let path = ENDPOINTS[usize::from(pick) % ENDPOINTS.len()];
    let (status, v) =
        w.rt.block_on(call(&w.router, path, Some(&w.gm), body.to_vec()));
    assert!(status < 500, "{path}: {status} {v}");
    if status >= 400 {
        let code = v["error"]["code"].as_str().unwrap_or("");
        assert!(
            !code.is_empty(),
            "{path}: {status} without an error code: {v}"
        );
        assert!(
            v["error"]["message"]
                .as_str()
                .is_some_and(|m| !m.is_empty())
        );
    }
});
