//! Issue 31, through the API: a creature casts its own spells at their own
//! level (the GM's cast with `slot` set to it), and a spent daily use is
//! refused with its rule.

mod common;

use axum::http::StatusCode;
use common::{harnesses, table};
use serde_json::json;

#[tokio::test]
async fn r5c_a_mage_casts_cone_of_cold_at_level_5_through_the_api() {
    for h in harnesses().await {
        let t = table(&h).await;
        let e = "/campaigns/cave/encounters";
        h.post(e, Some(&t.gm), json!({"name": "Tower"})).await;
        for (name, init) in [("Mage", 20), ("Other Mage", 10)] {
            let (s, v) = h
                .post(
                    &format!("{e}/Tower/creatures"),
                    Some(&t.gm),
                    json!({"name": name, "monster": "mage", "initiative": init}),
                )
                .await;
            assert_eq!(s, StatusCode::OK, "{v}");
        }
        h.post(&format!("{e}/Tower/start"), Some(&t.gm), json!(null))
            .await;
        let cone = json!({"caster": "Mage", "spell": "cone-of-cold", "slot": 5,
                          "targets": ["Other Mage"], "seed": 3});
        let (s, v) = h
            .post(&format!("{e}/Tower/cast"), Some(&t.gm), cone.clone())
            .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert_eq!(v["cast"]["level"], 5, "{v}");
        // Its one use a day is spent: the next round it is refused (R5c).
        h.post(&format!("{e}/Tower/next"), Some(&t.gm), json!(null))
            .await;
        h.post(&format!("{e}/Tower/next"), Some(&t.gm), json!(null))
            .await;
        let (s, v) = h.post(&format!("{e}/Tower/cast"), Some(&t.gm), cone).await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
        assert_eq!(
            (v["error"]["code"].as_str(), v["error"]["rule"].as_str()),
            (Some("no_uses_left"), Some("R5c")),
            "{v}"
        );
    }
}
