//! `GET …/characters/{name}/options` with Metamagic (issue 35): each
//! castable spell lists the options the character knows, their cost in
//! Sorcery Points, and why one cannot reshape it, in English and Czech;
//! the same for the GM and the character's player, nothing for a
//! stranger. SQLite always; PostgreSQL with `DATABASE_URL`.

mod common;

use axum::http::StatusCode;
use common::{harnesses, table};
use serde_json::{Value, json};

/// The Metamagic the options list beside `spell`.
fn beside<'a>(o: &'a Value, spell: &str) -> &'a Value {
    &o["castable"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["spell"] == spell)
        .unwrap_or_else(|| panic!("{spell} not castable: {o}"))["metamagic"]
}

#[tokio::test]
async fn metamagic_options_show_cost_and_why_not_for_gm_and_player() {
    for h in harnesses().await {
        let t = table(&h).await;
        let (s, v) = h
            .post(
                "/campaigns/cave/characters",
                Some(&t.petr),
                json!({"name": "Sera", "classes": [{"class": "sorcerer", "level": 5}],
                       "abilities": {"cha": 16}, "prepared": ["magic-missile", "fireball"]}),
            )
            .await;
        assert_eq!(s, StatusCode::CREATED, "{v}");
        let (s, v) = h
            .post(
                "/campaigns/cave/characters/Sera/features",
                Some(&t.petr),
                json!({"metamagic": ["careful", "quickened"]}),
            )
            .await;
        assert_eq!(s, StatusCode::OK, "{}: {v}", h.name);

        let path = "/campaigns/cave/characters/Sera/options";
        let (s, o) = h.get(path, Some(&t.petr)).await;
        assert_eq!(s, StatusCode::OK, "{o}");
        // Fireball forces a save: both options fit, at their 2024 costs.
        assert_eq!(
            beside(&o, "fireball"),
            &json!([
                {"option": "careful", "cost": 1, "applies": true},
                {"option": "quickened", "cost": 2, "applies": true}
            ])
        );
        // Magic Missile forces none: Careful does not fit, and says why.
        let mm = beside(&o, "magic-missile");
        assert_eq!(mm[0]["option"], "careful");
        assert_eq!(mm[0]["applies"], false);
        assert_eq!(mm[0]["unfit"], "no_save");
        assert_eq!(
            mm[0]["why"]["en"],
            "Careful Spell cannot reshape Magic Missile: the spell forces no saving throw"
        );
        assert_eq!(
            mm[0]["why"]["cs"],
            "Opatrné kouzlo nemůže změnit kouzlo Magická střela: kouzlo nevyžaduje záchranný hod"
        );
        assert_eq!(
            mm[1],
            json!({"option": "quickened", "cost": 2, "applies": true})
        );

        // The GM sees the same; a stranger nothing.
        let (s, by_gm) = h.get(path, Some(&t.gm)).await;
        assert_eq!((s, &by_gm), (StatusCode::OK, &o));
        let (s, _) = h.get(path, Some(&t.eve)).await;
        assert_eq!(s, StatusCode::FORBIDDEN);
        let (s, _) = h.get(path, None).await;
        assert_eq!(s, StatusCode::UNAUTHORIZED);
    }
}
