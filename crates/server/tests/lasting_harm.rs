//! Lasting spells as SRD 5.2 times them, through the API as through the
//! CLI (issue 31): Spirit Guardians deals nothing as it is cast and says
//! when it will (`damage_later`); a creature coming into it is harmed on
//! the GM's word (`POST .../harm`, the CLI's `encounter harm`).

mod common;

use axum::http::StatusCode;
use common::{harnesses, table};
use serde_json::{Value, json};

const E: &str = "/campaigns/cave/encounters";
const C: &str = "/campaigns/cave/characters";

#[tokio::test]
async fn r16_spirit_guardians_harms_on_entering_not_on_casting() {
    for h in harnesses().await {
        let t = table(&h).await;
        for (path, body) in [
            (
                C.to_owned(),
                json!({"name": "Brom", "classes": [{"class": "cleric", "level": 5}],
                       "abilities": {"wis": 16}, "prepared": ["spirit-guardians"]}),
            ),
            (E.to_owned(), json!({"name": "Crypt"})),
            (
                format!("{E}/Crypt/combatants"),
                json!({"name": "Brom", "initiative": 15}),
            ),
            (
                format!("{E}/Crypt/combatants"),
                json!({"name": "Goblin", "initiative": 10, "hp": 40}),
            ),
            (format!("{E}/Crypt/start"), Value::Null),
        ] {
            let (s, v) = h.post(&path, Some(&t.gm), body).await;
            assert!(s.is_success(), "{}: {path}: {s} {v}", h.name);
        }
        // Nothing in force yet: refused as the CLI refuses it (R22).
        let harm = format!("{E}/Crypt/harm");
        let body = json!({"creature": "Goblin", "spell": "Spirit Guardians", "seed": 5});
        let (s, v) = h.post(&harm, Some(&t.gm), body.clone()).await;
        assert!(s.is_client_error(), "{}: {s} {v}", h.name);
        assert_eq!(v["error"]["code"], "not_in_effect", "{}: {v}", h.name);
        let (s, cast) = h
            .post(
                &format!("{C}/Brom/casts"),
                Some(&t.gm),
                json!({"spell": "spirit-guardians", "targets": [{"name": "Goblin"}], "seed": 3}),
            )
            .await;
        assert!(s.is_success(), "{}: {s} {cast}", h.name);
        let text = cast.to_string();
        assert!(
            text.contains("\"damage_later\":{\"at\":[\"end\",\"enter\"]}"),
            "{}: {cast}",
            h.name
        );
        let (s, v) = h.post(&harm, Some(&t.gm), body).await;
        assert_eq!(s, StatusCode::OK, "{}: {v}", h.name);
        let hit = &v["turn_damage"][0];
        assert_eq!(hit["at"], "enter", "{}: {v}", h.name);
        assert_eq!(hit["target"], "Goblin");
        assert_eq!(hit["rolls"][0]["notation"], "3d8");
        assert_eq!(v["seed"], 5);
        let taken = hit["outcome"]["damage_total"].as_i64().unwrap();
        let goblin = v["combatants"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["name"] == "Goblin")
            .unwrap();
        assert_eq!(goblin["hp"], (40 - taken).max(0), "{}: {v}", h.name);
    }
}
