//! The web table's routes in-process: pages and assets, cards, damage
//! distributions, gear and the encounter tracker, on a fresh SQLite file.

use axum::Router;
use axum::body::Body;
use axum::http::{Method, Request, StatusCode, header};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

use crate::db::Database;
use crate::state::{AppState, StateConfig};

struct Table {
    router: Router,
    _dir: tempfile::TempDir,
}

impl Table {
    async fn new() -> Table {
        let dir = tempfile::tempdir().unwrap();
        let db = Database::Sqlite(dir.path().join("web.sqlite3"));
        let state = AppState::connect(StateConfig::new(db)).await.unwrap();
        Table {
            router: crate::api::app(state),
            _dir: dir,
        }
    }

    async fn send(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> (StatusCode, String, Vec<u8>) {
        let mut req = Request::builder().method(method).uri(path);
        if let Some(t) = token {
            req = req.header(header::AUTHORIZATION, format!("Bearer {t}"));
        }
        let req = match body {
            Some(b) => req
                .header(header::CONTENT_TYPE, "application/json")
                .body(Body::from(b.to_string())),
            None => req.body(Body::empty()),
        }
        .unwrap();
        let res = self.router.clone().oneshot(req).await.unwrap();
        let status = res.status();
        let mime = res
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned();
        let bytes = res.into_body().collect().await.unwrap().to_bytes().to_vec();
        (status, mime, bytes)
    }

    async fn json(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> (StatusCode, Value) {
        let (status, _, bytes) = self.send(method, path, token, body).await;
        (
            status,
            serde_json::from_slice(&bytes).unwrap_or(Value::Null),
        )
    }

    /// A GET with extra request headers; the status, headers and body.
    async fn get_with(
        &self,
        path: &str,
        headers: &[(header::HeaderName, &str)],
    ) -> (StatusCode, header::HeaderMap, Vec<u8>) {
        let mut req = Request::builder().method(Method::GET).uri(path);
        for (k, v) in headers {
            req = req.header(k, *v);
        }
        let res = self
            .router
            .clone()
            .oneshot(req.body(Body::empty()).unwrap())
            .await
            .unwrap();
        let (parts, body) = res.into_parts();
        let bytes = body.collect().await.unwrap().to_bytes().to_vec();
        (parts.status, parts.headers, bytes)
    }

    async fn register(&self, name: &str) -> String {
        let (s, v) = self
            .json(Method::POST, "/accounts", None, Some(json!({"name": name})))
            .await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        v["token"].as_str().unwrap().to_owned()
    }
}

#[tokio::test]
async fn pages_and_assets_are_served_with_their_types() {
    let t = Table::new().await;
    let (s, mime, body) = t.send(Method::GET, "/", None, None).await;
    assert_eq!(
        (s, mime.as_str()),
        (StatusCode::OK, "text/html; charset=utf-8")
    );
    assert!(String::from_utf8(body).unwrap().contains("/web/app.js"));
    for (file, kind) in [
        ("app.js", "text/javascript"),
        ("style.css", "text/css"),
        ("icon.svg", "image/svg+xml"),
    ] {
        let (s, mime, _) = t
            .send(Method::GET, &format!("/web/{file}"), None, None)
            .await;
        assert_eq!(s, StatusCode::OK, "{file}");
        assert!(mime.starts_with(kind), "{file}: {mime}");
    }
    let (s, v) = t.json(Method::GET, "/web/nowhere.js", None, None).await;
    assert_eq!(
        (s, v["error"]["code"].as_str()),
        (StatusCode::NOT_FOUND, Some("no_route"))
    );
}

#[tokio::test]
async fn cards_cover_the_catalogue_in_both_languages() {
    let t = Table::new().await;
    let (s, v) = t.json(Method::GET, "/cards", None, None).await;
    assert_eq!(s, StatusCode::OK);
    let cards = v.as_array().unwrap();
    assert_eq!(cards.len(), grimoire_catalog::Catalog::srd().len());
    let mm = cards.iter().find(|c| c["id"] == "magic-missile").unwrap();
    assert_eq!(mm["name_cs"], "Magická střela");
    assert_eq!(mm["casting_time"]["cs"], "akce Magie");
    assert_eq!(mm["levels"].as_array().unwrap().len(), 9);
    assert_eq!(mm["levels"][1]["instances"], 4);
    // The cast dialog asks for a trigger exactly where R11 needs one.
    assert!(mm.get("trigger").is_none(), "an Action has no trigger");
    let shield = cards.iter().find(|c| c["id"] == "shield").unwrap();
    assert_eq!(shield["casting_kind"], "reaction");
    assert!(
        shield["trigger"]["en"]
            .as_str()
            .unwrap()
            .starts_with("when you are hit by an attack roll")
    );
    assert!(
        shield["trigger"]["cs"]
            .as_str()
            .unwrap()
            .starts_with("když tě zasáhne")
    );
    assert!(
        shield["casting_time"]["cs"]
            .as_str()
            .unwrap()
            .starts_with("Reakce, když tě zasáhne")
    );
    let smite = cards.iter().find(|c| c["id"] == "searing-smite").unwrap();
    assert_eq!(smite["casting_kind"], "bonus_action");
    assert!(smite["trigger"]["en"].is_string(), "{smite}");
    let misty = cards.iter().find(|c| c["id"] == "misty-step").unwrap();
    assert!(misty.get("trigger").is_none(), "a Bonus Action without one");
}

#[tokio::test]
async fn damage_is_the_exact_distribution_per_slot_level() {
    let t = Table::new().await;
    let (s, v) = t
        .json(
            Method::GET,
            "/spells/magic-missile/damage?slot=2",
            None,
            None,
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let l = &v["levels"][0];
    assert_eq!(
        (l["formula"].as_str(), l["min"].as_i64(), l["max"].as_i64()),
        (Some("4d4 + 4"), Some(8), Some(20))
    );
    assert!((l["mean"].as_f64().unwrap() - 14.0).abs() < 1e-9);
    // Czech names work too, and every level is returned without `slot`.
    let (_, v) = t
        .json(Method::GET, "/spells/ohniva%20koule/damage", None, None)
        .await;
    assert_eq!(v["levels"].as_array().unwrap().len(), 7);
    let (s, v) = t
        .json(Method::GET, "/spells/fireball/damage?slot=2", None, None)
        .await;
    assert_eq!(
        (s, v["error"]["code"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("slot_too_low"))
    );
    let (s, _) = t
        .json(Method::GET, "/spells/no-such-spell/damage", None, None)
        .await;
    assert_eq!(s, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn gear_gives_items_and_abilities_that_cast_without_a_slot() {
    let t = Table::new().await;
    let gm = t.register("gm").await;
    let pat = t.register("pat").await;
    let (s, v) = t
        .json(
            Method::POST,
            "/campaigns",
            Some(&gm),
            Some(json!({"id": "cave", "title": "Cave"})),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    t.json(
        Method::POST,
        "/campaigns/cave/players",
        Some(&gm),
        Some(json!({"account": "pat"})),
    )
    .await;
    let new = json!({"name": "Elmira", "classes": [{"class": "wizard", "level": 3}],
        "abilities": {"int": 16}, "prepared": ["magic-missile", "blur"]});
    let (s, v) = t
        .json(
            Method::POST,
            "/campaigns/cave/characters",
            Some(&pat),
            Some(new),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");

    // Gear: a wand with charges, shown on the character.
    let wand = json!({"kind": "item", "name": "Wand", "spells": ["Magická střela"], "uses": 7});
    let (s, v) = t
        .json(
            Method::POST,
            "/campaigns/cave/characters/Elmira/gear",
            Some(&pat),
            Some(wand),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["state"]["items"][0]["name"], "Wand");

    // The GM may give gear too; the wand casts without spending a slot (R5d).
    let (s, _) = t
        .json(
            Method::POST,
            "/campaigns/cave/characters/Elmira/gear",
            Some(&gm),
            Some(
                json!({"kind": "feature", "name": "Fey Step", "spells": ["misty-step"], "uses": 1}),
            ),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "the GM acts for every character");
    let cast =
        json!({"spell": "magic-missile", "seed": 1, "mode": {"mode": "item", "name": "Wand"}});
    let (s, v) = t
        .json(
            Method::POST,
            "/campaigns/cave/characters/Elmira/casts",
            Some(&pat),
            Some(cast),
        )
        .await;
    assert!(s.is_success(), "{v}");
    assert_eq!(v["character"]["state"]["items"][0]["charges"], 6);
    assert_eq!(v["character"]["slots"][0]["remaining"], 4);
    // Equipment: what the hands hold decides the components (R14).
    let eq = json!({"free_hands": 1, "component_pouch": true, "focus": "held",
        "materials": ["a diamond worth 50+ GP"]});
    let (s, v) = t
        .json(
            Method::POST,
            "/campaigns/cave/characters/Elmira/equipment",
            Some(&pat),
            Some(eq),
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["state"]["equipment"]["focus"], "held");
    let eq = json!({"free_hands": 9, "component_pouch": false, "focus": "none", "materials": []});
    let (s, _) = t
        .json(
            Method::POST,
            "/campaigns/cave/characters/Elmira/equipment",
            Some(&pat),
            Some(eq),
        )
        .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    let bad = json!({"kind": "item", "name": "Wand", "spells": ["magic-missile"], "uses": 0});
    let (s, v) = t
        .json(
            Method::POST,
            "/campaigns/cave/characters/Elmira/gear",
            Some(&pat),
            Some(bad),
        )
        .await;
    assert_eq!(
        (s, v["error"]["code"].as_str()),
        (StatusCode::BAD_REQUEST, Some("bad_json"))
    );
}

#[tokio::test]
async fn homebrew_spells_get_cards_and_charts_in_their_campaign() {
    let t = Table::new().await;
    let gm = t.register("gm").await;
    let other = t.register("other").await;
    t.json(
        Method::POST,
        "/campaigns",
        Some(&gm),
        Some(json!({"id": "cave", "title": "Cave"})),
    )
    .await;
    let toml = r#"
[[spell]]
id = "frost-lance"
name_en = "Frost Lance"
name_cs = "Mrazivé kopí"
level = 2
school = "evocation"
classes = ["wizard"]
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
    let (s, v) = t
        .json(
            Method::POST,
            "/campaigns/cave/spells",
            Some(&gm),
            Some(json!({"file": "frost.toml", "toml": toml})),
        )
        .await;
    assert!(s.is_success(), "{v}");
    let (s, v) = t
        .json(Method::GET, "/campaigns/cave/cards", Some(&gm), None)
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v.as_array().unwrap().len(), 1, "only the homebrew: {v}");
    assert_eq!(
        (v[0]["id"].as_str(), v[0]["homebrew"].as_bool()),
        (Some("frost-lance"), Some(true))
    );
    let (s, v) = t
        .json(
            Method::GET,
            "/campaigns/cave/spells/mrazive%20kopi/damage?slot=3",
            Some(&gm),
            None,
        )
        .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["levels"][0]["formula"], "5d8");
    // Outsiders see neither.
    let (s, _) = t
        .json(Method::GET, "/campaigns/cave/cards", Some(&other), None)
        .await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    let (s, _) = t
        .json(Method::GET, "/campaigns/cave/cards", None, None)
        .await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
}

/// The page and its scripts call only the documented API: nothing names
/// the web's own routes of old (the browser tests check every request the
/// pages make against `/openapi.json`).
#[test]
fn the_scripts_name_no_undocumented_api() {
    let sources = super::ASSETS
        .iter()
        .map(|a| (a.name, a.body))
        .chain([("index.html", super::INDEX)]);
    for (name, body) in sources {
        assert!(!body.contains("/web/api/"), "{name} calls /web/api/");
    }
}

/// Every refusal the rules engine can give is explained in every language
/// by the page's words (`web-explain-<code>`, read from the rules crate's
/// source, so a new code without an explanation fails here).
#[test]
fn every_rules_error_code_is_explained_in_the_browser() {
    let rules = include_str!("../../../rules/src/error.rs");
    let words = grimoire_words::Words::get();
    let body = &rules
        [rules.find("pub fn code(&self)").unwrap()..rules.find("pub fn rule(&self)").unwrap()];
    let codes: Vec<&str> = body
        .split("=> \"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .collect();
    assert!(codes.len() > 30, "{codes:?}");
    for lang in words.languages() {
        let missing: Vec<&&str> = codes
            .iter()
            .filter(|c| !words.has(lang, &format!("web-explain-{c}")))
            .collect();
        assert!(missing.is_empty(), "no {lang} explanation for {missing:?}");
    }
    let script = grimoire_words::browser_script().unwrap();
    assert!(
        script.contains(r#""explain.one_slot_per_turn":"#),
        "{script}"
    );
}

/// Every word a script asks for by a literal key (`t('sheet.slots')`) is
/// in every language's words: `t` shows a missing key as the key itself,
/// which is how the sheet once read `sheet.sorceryPoints` (the words are
/// `web-sheet-sorcery-points`, key `sheet.sorcery.points`).
#[test]
fn every_word_the_scripts_ask_for_exists() {
    let script = grimoire_words::browser_script().unwrap();
    let words = grimoire_words::Words::get();
    let mut asked = Vec::new();
    for asset in super::ASSETS.iter().filter(|a| a.name.ends_with(".js")) {
        for (at, _) in asset.body.match_indices("t('") {
            // `t(`, not `get(` or `x.t(`.
            let before = asset.body[..at].chars().next_back().unwrap_or(' ');
            if before.is_ascii_alphanumeric() || "_.$".contains(before) {
                continue;
            }
            let rest = &asset.body[at + 3..];
            let key = rest.split('\'').next().unwrap_or_default();
            let literal = !key.is_empty()
                && key
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '_' || c == '-');
            // `t('x' + y)`, `t(`...`)`: built at run time, not checked here.
            if literal && rest[key.len() + 1..].starts_with([')', ',']) {
                asked.push((asset.name, key));
            }
        }
    }
    assert!(asked.len() > 300, "{} keys found", asked.len());
    let json = script
        .split("export const WORDS = ")
        .nth(1)
        .and_then(|rest| rest.trim_end().strip_suffix(';'))
        .expect("the words' table");
    let tables: serde_json::Value = serde_json::from_str(json).unwrap();
    for lang in words.languages() {
        let missing: Vec<_> = asked
            .iter()
            .filter(|(_, key)| tables[lang].get(*key).is_none())
            .collect();
        assert!(missing.is_empty(), "no {lang} word for {missing:?}");
    }
}

/// Every module a script imports (`from './resources.js'`) is served: a
/// new file under `web/` must be listed in `ASSETS` too, or the page
/// fails to start.
#[test]
fn every_module_a_script_imports_is_served() {
    let served: Vec<&str> = super::ASSETS.iter().map(|a| a.name).collect();
    let mut imported = 0;
    for asset in super::ASSETS.iter().filter(|a| a.name.ends_with(".js")) {
        for rest in asset.body.split("from './").skip(1) {
            let module = rest.split('\'').next().unwrap_or_default();
            imported += 1;
            // words.js is made from the .ftl files, not embedded.
            assert!(
                module == super::words::SCRIPT || served.contains(&module),
                "{} imports {module}, which is not served",
                asset.name
            );
        }
    }
    assert!(imported > 10, "{imported} imports found");
}

/// Every module a script imports is preloaded by the page
/// (`<link rel="modulepreload">`), so the browser asks for it with
/// `app.js` instead of after parsing its importer: `house.js`, not
/// preloaded, held `/me` back by a round trip on a phone link (issue 37).
#[test]
fn every_module_a_script_imports_is_preloaded() {
    let mut checked = 0;
    for asset in super::ASSETS.iter().filter(|a| a.name.ends_with(".js")) {
        for rest in asset.body.split("from './").skip(1) {
            let module = rest.split('\'').next().unwrap_or_default();
            let preload = format!("<link rel=\"modulepreload\" href=\"/web/{module}\">");
            assert!(
                super::INDEX.contains(&preload),
                "{} imports {module}, which index.html does not preload",
                asset.name
            );
            checked += 1;
        }
    }
    assert!(checked > 10, "{checked} imports found");
}

fn gunzip(bytes: &[u8]) -> Vec<u8> {
    use std::io::Read;
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(bytes)
        .read_to_end(&mut out)
        .unwrap();
    out
}

#[tokio::test]
async fn cards_and_assets_are_gzipped_and_revalidate_with_a_304() {
    let t = Table::new().await;
    let (s, plain_headers, plain) = t.get_with("/cards", &[]).await;
    assert_eq!(s, StatusCode::OK);
    assert!(plain_headers.get(header::CONTENT_ENCODING).is_none());
    let (s, h, zipped) = t
        .get_with("/cards", &[(header::ACCEPT_ENCODING, "gzip, deflate")])
        .await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(h[header::CONTENT_ENCODING], "gzip");
    assert_eq!(h[header::CONTENT_TYPE], "application/json");
    assert!(
        zipped.len() * 5 < plain.len(),
        "gzip {} of {} bytes",
        zipped.len(),
        plain.len()
    );
    assert_eq!(gunzip(&zipped), plain, "the same cards, compressed");

    // A conditional GET with the tag costs a 304 and no body, compressed
    // or not; another tag gets the cards again.
    let etag = h[header::ETAG].to_str().unwrap().to_owned();
    assert_eq!(
        plain_headers[header::ETAG],
        etag.as_str(),
        "one tag for both forms"
    );
    assert_eq!(h[header::CACHE_CONTROL], "no-cache");
    for encoding in ["gzip", "identity"] {
        let (s, h, body) = t
            .get_with(
                "/cards",
                &[
                    (header::IF_NONE_MATCH, etag.as_str()),
                    (header::ACCEPT_ENCODING, encoding),
                ],
            )
            .await;
        assert_eq!(s, StatusCode::NOT_MODIFIED, "{encoding}");
        assert!(body.is_empty());
        assert_eq!(h[header::ETAG], etag.as_str());
    }
    let (s, _, body) = t
        .get_with("/cards", &[(header::IF_NONE_MATCH, "W/\"stale\"")])
        .await;
    assert_eq!((s, body.len()), (StatusCode::OK, plain.len()));

    // The page and every script and stylesheet do the same.
    for path in [
        "/",
        "/web/app.js",
        "/web/i18n.js",
        "/web/words.js",
        "/web/style.css",
    ] {
        let (s, h, zipped) = t.get_with(path, &[(header::ACCEPT_ENCODING, "gzip")]).await;
        assert_eq!(s, StatusCode::OK, "{path}");
        assert_eq!(h[header::CONTENT_ENCODING], "gzip", "{path}");
        let (_, _, plain) = t.get_with(path, &[]).await;
        assert_eq!(gunzip(&zipped), plain, "{path}");
        let etag = h[header::ETAG].to_str().unwrap().to_owned();
        let (s, _, body) = t
            .get_with(path, &[(header::IF_NONE_MATCH, etag.as_str())])
            .await;
        assert_eq!((s, body.len()), (StatusCode::NOT_MODIFIED, 0), "{path}");
    }

    // Errors are compressed after they are worded (here in Czech).
    let (s, h, zipped) = t
        .get_with(
            "/spells/no-such-spell?lang=cs",
            &[(header::ACCEPT_ENCODING, "gzip")],
        )
        .await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    assert_eq!(h[header::CONTENT_ENCODING], "gzip");
    let v: Value = serde_json::from_slice(&gunzip(&zipped)).unwrap();
    assert_eq!(v["error"]["code"], "unknown_spell", "{v}");
    let (_, _, plain) = t.get_with("/spells/no-such-spell?lang=cs", &[]).await;
    assert_eq!(gunzip(&zipped), plain);
}

fn unbrotli(bytes: &[u8]) -> Vec<u8> {
    use std::io::Read;
    let mut out = Vec::new();
    brotli::Decompressor::new(bytes, 4096)
        .read_to_end(&mut out)
        .unwrap();
    out
}

/// Where the browser asks for Brotli (Chromium and Firefox send
/// `gzip, deflate, br, zstd`), the page, its scripts, the cards and the
/// API's JSON come in Brotli, smaller than gzip, and decode to the same
/// bytes; a client that does not name `br` still gets gzip (issue 37).
#[tokio::test]
async fn brotli_where_the_browser_asks_for_it() {
    let t = Table::new().await;
    let token = t.register("gm").await;
    let (s, v) = t
        .json(
            Method::POST,
            "/campaigns",
            Some(&token),
            Some(json!({"id": "cave", "title": "Cave"})),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let bearer = format!("Bearer {token}");
    let browser = "gzip, deflate, br, zstd";
    for path in [
        "/",
        "/web/app.js",
        "/web/words.js",
        "/web/style.css",
        "/cards",
        "/spells?limit=400",
        "/monsters",
        "/campaigns/cave",
        "/openapi.json",
    ] {
        // A fixed body's Brotli form is made on a thread of its own at
        // first use (seconds, for the cards in a debug build): gzip until
        // then.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
        let (s, h, br) = loop {
            let (s, h, body) = t
                .get_with(
                    path,
                    &[
                        (header::ACCEPT_ENCODING, browser),
                        (header::AUTHORIZATION, &bearer),
                    ],
                )
                .await;
            if h[header::CONTENT_ENCODING] == "br" || std::time::Instant::now() > deadline {
                break (s, h, body);
            }
            assert_eq!(h[header::CONTENT_ENCODING], "gzip", "{path}: until then");
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        };
        assert_eq!(s, StatusCode::OK, "{path}");
        assert_eq!(h[header::CONTENT_ENCODING], "br", "{path}");
        assert!(
            h[header::VARY]
                .to_str()
                .unwrap()
                .contains("accept-encoding"),
            "{path}"
        );
        let (_, h, gz) = t
            .get_with(
                path,
                &[
                    (header::ACCEPT_ENCODING, "gzip, deflate"),
                    (header::AUTHORIZATION, &bearer),
                ],
            )
            .await;
        assert_eq!(h[header::CONTENT_ENCODING], "gzip", "{path}");
        let (_, h, plain) = t.get_with(path, &[(header::AUTHORIZATION, &bearer)]).await;
        assert!(h.get(header::CONTENT_ENCODING).is_none(), "{path}");
        assert_eq!(unbrotli(&br), plain, "{path}: the same bytes");
        assert_eq!(gunzip(&gz), plain, "{path}: the same bytes");
        if plain.len() > 4096 {
            assert!(
                br.len() < gz.len(),
                "{path}: brotli {} against gzip {} bytes",
                br.len(),
                gz.len()
            );
        }
    }
}

#[tokio::test]
async fn the_event_stream_is_never_compressed() {
    let t = Table::new().await;
    let token = t.register("gm").await;
    let (s, v) = t
        .json(
            Method::POST,
            "/campaigns",
            Some(&token),
            Some(json!({"id": "cave", "title": "Cave"})),
        )
        .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let req = Request::builder()
        .uri("/campaigns/cave/events")
        .header(header::AUTHORIZATION, format!("Bearer {token}"))
        .header(header::ACCEPT_ENCODING, "gzip")
        .body(Body::empty())
        .unwrap();
    // Only the head: the stream itself never ends.
    let res = t.router.clone().oneshot(req).await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert!(
        res.headers()[header::CONTENT_TYPE]
            .to_str()
            .unwrap()
            .starts_with("text/event-stream")
    );
    assert!(
        res.headers().get(header::CONTENT_ENCODING).is_none(),
        "live updates must not wait for a gzip block"
    );
}
