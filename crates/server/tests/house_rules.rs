//! House rules through the router (issue 15): the GM relaxes R14 for the
//! campaign; a cast without a free hand then goes ahead with a warning
//! naming R14b, the options list says so, and the table log keeps both the
//! change and the warning. Players read the rules but cannot change them;
//! a rule no table may relax is refused naming the field.

mod common;

use axum::http::{Method, StatusCode};
use common::{harnesses, table};
use serde_json::json;

#[tokio::test]
async fn r14_relaxed_by_the_gm_turns_a_refusal_into_a_logged_warning() {
    for h in harnesses().await {
        let t = table(&h).await;
        let rules = "/campaigns/cave/house-rules";
        let (s, v) = h.get(rules, Some(&t.petr)).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(v["relaxed"], json!([]));
        assert_eq!(v["relaxable"], json!(["R10", "R11", "R14"]));
        let (s, _) = h.get(rules, Some(&t.eve)).await;
        assert_eq!(s, StatusCode::FORBIDDEN, "a stranger reads nothing");

        // Both hands full: Magic Missile's gestures are refused (R14b).
        let (s, v) = h
            .post(
                "/campaigns/cave/characters/Elmira/equipment",
                Some(&t.petr),
                json!({"component_pouch": true, "focus": "none", "free_hands": 0, "materials": []}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        let cast = "/campaigns/cave/characters/Elmira/casts";
        let (s, v) = h
            .post(cast, Some(&t.petr), json!({"spell": "magic-missile"}))
            .await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
        assert_eq!(v["error"]["rule"], "R14b");

        // Only the GM sets house rules; a bad rule names the field.
        let (s, v) = h
            .put(rules, Some(&t.petr), json!({"relaxed": ["R14"]}))
            .await;
        assert_eq!(s, StatusCode::FORBIDDEN, "{v}");
        let (s, v) = h.put(rules, Some(&t.gm), json!({"relaxed": ["R3"]})).await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
        assert_eq!(v["error"]["code"], "unknown_house_rule");
        assert!(
            v["error"]["message"].as_str().unwrap().contains("relaxed"),
            "{v}"
        );
        let (s, v) = h
            .put(rules, Some(&t.gm), json!({"relaxed": vec!["R14"; 9]}))
            .await;
        assert_eq!(
            (s, &v["error"]["code"]),
            (StatusCode::UNPROCESSABLE_ENTITY, &json!("too_many_rules"))
        );
        let (_, v) = h.get(rules, Some(&t.petr)).await;
        assert_eq!(v["relaxed"], json!([]), "refused changes changed nothing");

        let (s, v) = h.put(rules, Some(&t.gm), json!({"relaxed": ["R14"]})).await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(v["relaxed"][0]["rule"], "R14");
        assert_eq!(v["changed"], true);
        // What it allows, in every language (English and Czech kept).
        let r14 = &v["relaxed"][0];
        let words = grimoire_words::Words::get();
        for lang in words.languages() {
            assert_eq!(
                r14["messages"][lang],
                words.text(lang, "house-R14", None),
                "{lang}: {r14}"
            );
        }
        assert_eq!(r14["messages"]["en"], r14["allows"]);
        assert_eq!(r14["messages"]["cs"], r14["allows_cs"]);
        let (_, again) = h.put(rules, Some(&t.gm), json!({"relaxed": ["R14"]})).await;
        assert_eq!(again["changed"], false, "the same rules write nothing");

        // The options list shows the house rule and what it lets pass.
        let (_, o) = h
            .get("/campaigns/cave/characters/Elmira/options", Some(&t.petr))
            .await;
        assert_eq!(o["house_rules"][0]["rule"], "R14", "{o}");
        let mm = o["castable"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["spell"] == "magic-missile")
            .unwrap_or_else(|| panic!("{o}"));
        assert_eq!(mm["ways"][0]["waives"], json!(["R14b"]));

        // The cast goes ahead, spends its slot, and says what was waived.
        let (s, v) = h
            .post(cast, Some(&t.petr), json!({"spell": "magic-missile"}))
            .await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        let waived = &v["cast"]["waived"];
        assert_eq!(waived[0]["rule"], "R14b", "{v}");
        assert_eq!(waived[0]["house_rule"], "R14");
        assert_eq!(waived[0]["code"], "no_free_hand");
        assert!(!waived[0]["message_cs"].as_str().unwrap().is_empty());
        assert_eq!(v["character"]["slots"][0]["remaining"], 3, "{v}");

        // The table log keeps the change of rules and the warning.
        let (s, log) = h.get("/campaigns/cave/log", Some(&t.petr)).await;
        assert_eq!(s, StatusCode::OK);
        let entries = log["entries"].as_array().unwrap();
        assert_eq!(entries[0]["cards"][0]["waived"][0]["rule"], "R14b", "{log}");
        assert!(
            entries
                .iter()
                .any(|e| e["command"] == "house-rules relax R14"
                    && e["entities"] == json!(["table:house-rules"])),
            "{log}"
        );

        // Back to the rules as written: refused again.
        let (s, _) = h.put(rules, Some(&t.gm), json!({"relaxed": []})).await;
        assert_eq!(s, StatusCode::OK);
        let (s, v) = h
            .call(
                Method::POST,
                "/campaigns/cave/characters/Elmira/turns",
                Some(&t.petr),
                None,
            )
            .await;
        assert!(s.is_success(), "{v}");
        let (s, v) = h
            .post(cast, Some(&t.petr), json!({"spell": "magic-missile"}))
            .await;
        assert_eq!(
            (s, &v["error"]["rule"]),
            (StatusCode::UNPROCESSABLE_ENTITY, &json!("R14b"))
        );
    }
}
