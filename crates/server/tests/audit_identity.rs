//! Issue 30, findings 3 and 4, replayed as a client would: inside a
//! running encounter a combatant's numbers are the encounter's (the GM's),
//! never a player's request; and a character named like a monster never
//! becomes the monster (react, pass, hit points). On SQLite and, with
//! `DATABASE_URL`, on PostgreSQL; the one step that forces old data into
//! the database file is SQLite's.

mod common;

use axum::http::StatusCode;
use common::{Harness, Place, harnesses, table};
use serde_json::{Value, json};

const ENC: &str = "/campaigns/cave/encounters/Cave";
const ELMIRA: &str = "/campaigns/cave/characters/Elmira";

fn code(v: &Value) -> &str {
    v["error"]["code"].as_str().unwrap_or("<none>")
}

/// The GM's tracker: each combatant's hit points by name.
async fn tracker(h: &Harness, gm: &str) -> Vec<(String, Value)> {
    let (s, st) = h.get(ENC, Some(gm)).await;
    assert_eq!(s, StatusCode::OK, "{st}");
    st["combatants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["name"].as_str().unwrap().to_owned(), c["hp"].clone()))
        .collect()
}

fn hp_of(tracker: &[(String, Value)], name: &str) -> i64 {
    tracker
        .iter()
        .find(|(n, _)| n == name)
        .and_then(|(_, hp)| hp.as_i64())
        .unwrap_or_else(|| panic!("{name} has no hit points tracked: {tracker:?}"))
}

/// The damage a cast's answer says it dealt to `name`.
fn dealt(cast: &Value, name: &str) -> i64 {
    cast["cast"]["targets"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["target"] == name)
        .map(|t| t["damage_total"].as_i64().unwrap())
        .sum()
}

async fn post_ok(h: &Harness, token: &str, path: &str, body: Value) -> Value {
    let (s, v) = h.post(path, Some(token), body).await;
    assert!(s.is_success(), "{path}: {s} {v}");
    v
}

/// Encounter Cave with Elmira (first), an Ogre (59), a Troll (84) and a
/// Rat whose hit points nobody tracks yet, started.
async fn ogre_and_troll(h: &Harness, gm: &str) {
    post_ok(h, gm, "/campaigns/cave/encounters", json!({"name": "Cave"})).await;
    for (name, init, hp) in [
        ("Elmira", 20, None),
        ("Ogre", 10, Some(59)),
        ("Troll", 5, Some(84)),
        ("Rat", 1, None),
    ] {
        let body = json!({"name": name, "initiative": init, "hp": hp});
        post_ok(h, gm, &format!("{ENC}/combatants"), body).await;
    }
    post_ok(h, gm, &format!("{ENC}/start"), json!(null)).await;
}

/// Finding 3, exactly: a player's Magic Missile naming the Ogre with 1 hit
/// point and the Troll with 100,000 is refused, naming the field, and
/// changes nothing (tracker, slots, log); the same missiles at the bare
/// names take the real damage off the encounter's numbers.
#[tokio::test]
async fn a_players_cast_cannot_rewrite_the_trackers_hit_points() {
    for h in harnesses().await {
        let t = table(&h).await;
        ogre_and_troll(&h, &t.gm).await;
        let before = tracker(&h, &t.gm).await;
        let (_, sheet) = h.get(ELMIRA, Some(&t.petr)).await;
        let (_, log) = h.get("/campaigns/cave/log", Some(&t.gm)).await;
        let forged = json!({"spell": "magic-missile", "seed": 4, "targets": [
            {"name": "Ogre", "stats": {"hp": 1}},
            {"name": "Troll", "stats": {"hp": 100_000}},
        ]});
        let (s, v) = h
            .post(&format!("{ELMIRA}/casts"), Some(&t.petr), forged)
            .await;
        assert_eq!(
            (s, code(&v)),
            (StatusCode::UNPROCESSABLE_ENTITY, "numbers_from_encounter"),
            "{}: {v}",
            h.name
        );
        let message = v["error"]["message"].as_str().unwrap();
        assert!(message.contains("targets[0].stats"), "{message}");
        assert!(message.contains("Ogre"), "{message}");
        // A creature type is the encounter's too.
        let typed = json!({"spell": "magic-missile",
                           "targets": [{"name": "troll", "creature_type": "undead"}]});
        let (s, v) = h
            .post(&format!("{ELMIRA}/casts"), Some(&t.petr), typed)
            .await;
        assert_eq!(
            (s, code(&v)),
            (StatusCode::UNPROCESSABLE_ENTITY, "numbers_from_encounter"),
            "{v}"
        );
        assert!(
            v["error"]["message"]
                .as_str()
                .unwrap()
                .contains("targets[0].creature_type")
        );
        assert_eq!(tracker(&h, &t.gm).await, before, "the tracker is untouched");
        assert_eq!(h.get(ELMIRA, Some(&t.petr)).await.1, sheet, "no slot spent");
        assert_eq!(h.get("/campaigns/cave/log", Some(&t.gm)).await.1, log);

        // The same missiles at the bare names: the encounter's numbers.
        let bare = json!({"spell": "magic-missile", "seed": 4,
                          "targets": [{"name": "Ogre"}, {"name": "Troll"}]});
        let cast = post_ok(&h, &t.petr, &format!("{ELMIRA}/casts"), bare).await;
        let (ogre, troll) = (dealt(&cast, "Ogre"), dealt(&cast, "Troll"));
        assert!(ogre + troll > 0, "{cast}");
        let after = tracker(&h, &t.gm).await;
        assert_eq!(hp_of(&after, "Ogre"), 59 - ogre, "{after:?}");
        assert_eq!(hp_of(&after, "Troll"), 84 - troll, "{after:?}");
    }
}

/// The GM keeps what the encounter knows too (it is changed through the
/// tracker, not through a cast), and may still give the numbers of a
/// creature the tracker does not follow yet, which it then follows.
#[tokio::test]
async fn the_gms_cast_keeps_the_trackers_numbers_and_may_start_one() {
    for h in harnesses().await {
        let t = table(&h).await;
        ogre_and_troll(&h, &t.gm).await;
        let body = json!({"spell": "magic-missile", "seed": 9, "targets": [
            {"name": "Ogre", "stats": {"hp": 1}},
            {"name": "Rat", "stats": {"hp": 30}},
        ]});
        let cast = post_ok(&h, &t.gm, &format!("{ELMIRA}/casts"), body).await;
        let after = tracker(&h, &t.gm).await;
        assert_eq!(
            hp_of(&after, "Ogre"),
            59 - dealt(&cast, "Ogre"),
            "{after:?}"
        );
        assert_eq!(hp_of(&after, "Rat"), 30 - dealt(&cast, "Rat"), "{after:?}");
    }
}

/// The reaction window keeps a cast's request until the GM resolves it:
/// what the tracker says then counts, not what it said when the cast was
/// declared (the GM's damage in between is not lost).
#[tokio::test]
async fn a_waiting_cast_lands_on_the_trackers_numbers_when_resolved() {
    for h in harnesses().await {
        let t = table(&h).await;
        ogre_and_troll(&h, &t.gm).await;
        let mage = json!({"name": "Cave Mage", "monster": "mage", "initiative": 1});
        post_ok(&h, &t.gm, &format!("{ENC}/creatures"), mage).await;
        let missile = json!({"spell": "magic-missile", "seed": 4, "targets": [{"name": "Ogre"}]});
        let (s, v) = h
            .post(&format!("{ELMIRA}/casts"), Some(&t.petr), missile)
            .await;
        assert_eq!(s, StatusCode::ACCEPTED, "{v}");
        let hurt = json!({"target": "Ogre", "amount": 10, "seed": 1});
        post_ok(&h, &t.gm, &format!("{ENC}/damage"), hurt).await;
        post_ok(
            &h,
            &t.gm,
            &format!("{ENC}/pass"),
            json!({"name": "Cave Mage"}),
        )
        .await;
        let done = post_ok(&h, &t.gm, &format!("{ENC}/resolve"), json!({"seed": 2})).await;
        assert_eq!(done["resolved"], "cast", "{done}");
        let after = tracker(&h, &t.gm).await;
        assert_eq!(
            hp_of(&after, "Ogre"),
            59 - 10 - dealt(&done, "Ogre"),
            "{after:?}"
        );
    }
}

/// Finding 4, the names: once the GM has a Cave Mage and an Ogre, a player
/// cannot make `cave mage` or `OGRE` (nor a look-alike), and the GM cannot
/// add a creature called like a character; nothing is created.
#[tokio::test]
async fn names_a_creature_and_a_character_could_share_are_refused() {
    for h in harnesses().await {
        let t = table(&h).await;
        post_ok(
            &h,
            &t.gm,
            "/campaigns/cave/players",
            json!({"account": "eve"}),
        )
        .await;
        post_ok(
            &h,
            &t.gm,
            "/campaigns/cave/encounters",
            json!({"name": "Cave"}),
        )
        .await;
        let mage = json!({"name": "Cave Mage", "monster": "mage", "initiative": 20});
        post_ok(&h, &t.gm, &format!("{ENC}/creatures"), mage).await;
        let ogre = json!({"name": "Ogre", "initiative": 10, "hp": 59});
        post_ok(&h, &t.gm, &format!("{ENC}/combatants"), ogre).await;
        let (_, everyone) = h.get("/campaigns/cave/characters", Some(&t.gm)).await;
        for (name, creature) in [
            ("cave mage", "Cave Mage"),
            ("OGRE", "Ogre"),
            ("Cave rnage", "Cave Mage"),
        ] {
            let body = json!({"name": name, "classes": [{"class": "wizard", "level": 3}]});
            let (s, v) = h
                .post("/campaigns/cave/characters", Some(&t.eve), body)
                .await;
            assert_eq!(
                (s, code(&v)),
                (StatusCode::UNPROCESSABLE_ENTITY, "invalid_name"),
                "{}: {name}: {v}",
                h.name
            );
            let message = v["error"]["message"].as_str().unwrap();
            assert!(message.contains(&format!("\"{creature}\"")), "{message}");
            assert!(message.contains("Cave"), "{message}");
        }
        // Nor a creature called like a character, by either route.
        let (s, v) = h
            .post(
                &format!("{ENC}/creatures"),
                Some(&t.gm),
                json!({"name": "ELMIRA", "monster": "mage", "initiative": 1}),
            )
            .await;
        assert_eq!(
            (s, code(&v)),
            (StatusCode::UNPROCESSABLE_ENTITY, "invalid_name"),
            "{v}"
        );
        assert!(
            v["error"]["message"]
                .as_str()
                .unwrap()
                .contains("\"Elmira\""),
            "{v}"
        );
        let (s, v) = h
            .post(
                &format!("{ENC}/combatants"),
                Some(&t.gm),
                json!({"name": "Elrnira", "initiative": 1}),
            )
            .await;
        assert_eq!(
            (s, code(&v)),
            (StatusCode::UNPROCESSABLE_ENTITY, "invalid_name"),
            "{v}"
        );
        assert_eq!(
            h.get("/campaigns/cave/characters", Some(&t.gm)).await.1,
            everyone
        );
        let (_, st) = h.get(ENC, Some(&t.gm)).await;
        assert_eq!(st["combatants"].as_array().unwrap().len(), 2, "{st}");
        // The character herself joins as herself.
        let elmira = json!({"name": "elmira", "initiative": 5});
        let v = post_ok(&h, &t.gm, &format!("{ENC}/combatants"), elmira).await;
        assert_eq!(v["combatants"][2]["name"], "Elmira", "{v}");
    }
}

fn sqlite(place: &Place) -> grimoire_store::Store {
    let grimoire_server::Database::Sqlite(path) = place.database() else {
        unreachable!("an SQLite place")
    };
    grimoire_store::Store::open(&path).unwrap()
}

/// A character made by hand in the campaign's part of the database file,
/// as an older server let a player make it.
fn forced_character(place: &Place, name: &str, owner: &str) {
    let mut store = sqlite(place);
    let scores = grimoire_rules::AbilityScores::new([10, 10, 10, 16, 10, 10]).unwrap();
    let caster =
        grimoire_rules::Caster::new(name, &[(grimoire_rules::Class::Wizard, 5)], scores).unwrap();
    let change = grimoire_store::Change::new(format!("character new {name}"))
        .create("campaign/cave/character", name, &caster)
        .unwrap()
        .create("campaign/cave/owner", name, &json!({"account": owner}))
        .unwrap();
    store.commit(&change).unwrap();
}

/// Encounter Cave as an older server stored it: no combatant has a kind.
fn kinds_forgotten(place: &Place) {
    let mut store = sqlite(place);
    let kind = "campaign/cave/encounter";
    let e = store.find::<Value>(kind, "Cave").unwrap().unwrap();
    let mut state = e.state.clone();
    let running = state["running"]["combatants"].as_array_mut().unwrap();
    for c in running {
        assert!(c.as_object_mut().unwrap().remove("kind").is_some(), "{c}");
    }
    for c in state["combatants"].as_array_mut().unwrap() {
        c.as_object_mut().unwrap().remove("kind");
    }
    let change = grimoire_store::Change::new("encounter as of old")
        .update(kind, "Cave", e.version, &state)
        .unwrap();
    store.commit(&change).unwrap();
}

/// Finding 4, the identity: with `cave mage` and `OGRE` already in the
/// store and the encounter's combatants recorded without kinds (all made
/// by an older server), player eve still cannot react or pass
/// as the Cave Mage (403, the window, the Mage's uses and Reaction, the
/// log and both characters unchanged), her `OGRE`'s hit points are not
/// the Ogre's (the GM's next damage uses the tracker's), and to everyone
/// the two monsters stay creatures.
#[tokio::test]
async fn a_character_named_like_a_monster_does_not_become_it() {
    let place = Place::sqlite();
    let first = Harness::new(place).await;
    let t = table(&first).await;
    let h = &first;
    post_ok(
        h,
        &t.gm,
        "/campaigns/cave/players",
        json!({"account": "eve"}),
    )
    .await;
    post_ok(
        h,
        &t.gm,
        "/campaigns/cave/encounters",
        json!({"name": "Cave"}),
    )
    .await;
    let mage = json!({"name": "Cave Mage", "monster": "mage", "initiative": 20});
    post_ok(h, &t.gm, &format!("{ENC}/creatures"), mage).await;
    for (name, init, hp) in [("Ogre", 10, Some(59)), ("Elmira", 5, None)] {
        let body = json!({"name": name, "initiative": init, "hp": hp});
        post_ok(h, &t.gm, &format!("{ENC}/combatants"), body).await;
    }
    post_ok(h, &t.gm, &format!("{ENC}/start"), json!(null)).await;
    // Drop the first instance (and its caches) before writing underneath.
    let Harness { place, .. } = first;
    forced_character(&place, "cave mage", "eve");
    forced_character(&place, "OGRE", "eve");
    kinds_forgotten(&place);
    let h = &Harness::new(place).await;
    let eve = t.eve.clone();

    // The Mage's turn, then the Ogre's, then Elmira's: her missile waits
    // for the Mage's Counterspell.
    post_ok(h, &t.gm, &format!("{ENC}/next"), json!(null)).await;
    post_ok(h, &t.gm, &format!("{ENC}/next"), json!(null)).await;
    let missile = json!({"spell": "magic-missile", "seed": 4, "targets": [{"name": "Ogre"}]});
    let (s, v) = h
        .post(&format!("{ELMIRA}/casts"), Some(&t.petr), missile)
        .await;
    assert_eq!(s, StatusCode::ACCEPTED, "{v}");
    assert_eq!(v["reactors"][0]["name"], "Cave Mage", "{v}");

    // To everyone, the monsters are creatures: a player sees no hit points.
    let (_, seen) = h.get(ENC, Some(&eve)).await;
    for c in seen["combatants"].as_array().unwrap() {
        if c["name"] != "Elmira" {
            assert_eq!(c["character"], false, "{c}");
            assert_eq!(c["hp"], Value::Null, "{c}");
        }
    }

    let window = h.get(&format!("{ENC}/window"), Some(&t.gm)).await.1;
    let status = h.get(ENC, Some(&t.gm)).await.1;
    let log = h.get("/campaigns/cave/log", Some(&t.gm)).await.1;
    let mine = |n: &str| format!("/campaigns/cave/characters/{n}");
    let (_, mage_character) = h.get(&mine("cave%20mage"), Some(&eve)).await;
    let (_, ogre_character) = h.get(&mine("OGRE"), Some(&eve)).await;
    let (_, elmira) = h.get(ELMIRA, Some(&t.petr)).await;
    for (path, body) in [
        (
            "react",
            json!({"caster": "Cave Mage", "spell": "counterspell", "seed": 1}),
        ),
        (
            "react",
            json!({"caster": "cave mage", "spell": "counterspell", "seed": 1}),
        ),
        ("pass", json!({"name": "Cave Mage"})),
        ("pass", json!({"name": "OGRE"})),
        ("pass", json!({"name": "Elmira"})),
    ] {
        let (s, v) = h
            .post(&format!("{ENC}/{path}"), Some(&eve), body.clone())
            .await;
        assert_eq!(
            (s, code(&v)),
            (StatusCode::FORBIDDEN, "forbidden"),
            "{path} {body}: {v}"
        );
    }
    assert_eq!(h.get(&format!("{ENC}/window"), Some(&t.gm)).await.1, window);
    assert_eq!(h.get(ENC, Some(&t.gm)).await.1, status);
    assert_eq!(h.get("/campaigns/cave/log", Some(&t.gm)).await.1, log);
    assert_eq!(
        h.get(&mine("cave%20mage"), Some(&eve)).await.1,
        mage_character
    );
    assert_eq!(h.get(&mine("OGRE"), Some(&eve)).await.1, ogre_character);
    assert_eq!(h.get(ELMIRA, Some(&t.petr)).await.1, elmira);
    let protective = |w: &Value| w["creatures"][0]["uses"].clone();
    assert_eq!(
        protective(&window),
        protective(&h.get(&format!("{ENC}/window"), Some(&t.gm)).await.1)
    );
    assert_eq!(window["creatures"][0]["reaction"], true, "{window}");

    // Her OGRE is hers to heal or hurt; the encounter's Ogre is not.
    let hp = json!({"max_hp": 20, "ac": 12, "hp": 1});
    post_ok(h, &eve, &mine("OGRE/hp"), hp).await;
    assert_eq!(
        h.get(ENC, Some(&t.gm)).await.1,
        status,
        "the tracker did not follow OGRE"
    );
    post_ok(
        h,
        &t.gm,
        &format!("{ENC}/pass"),
        json!({"name": "Cave Mage"}),
    )
    .await;
    let done = post_ok(h, &t.gm, &format!("{ENC}/resolve"), json!({"seed": 2})).await;
    let missiles = dealt(&done, "Ogre");
    let hurt = json!({"target": "Ogre", "amount": 5, "seed": 1});
    let v = post_ok(h, &t.gm, &format!("{ENC}/damage"), hurt).await;
    assert_eq!(
        v["hp"],
        59 - missiles - 5,
        "the tracker's Ogre, not eve's: {v}"
    );
    let (_, ogre_after) = h.get(&mine("OGRE"), Some(&eve)).await;
    assert_eq!(ogre_after["vitals"]["hp"], 1, "{ogre_after}");
}
