//! Class resources through `grimoire mcp` (issue 33): font_of_magic both
//! ways, innate_sorcery, magical_cunning, and a short rest with
//! arcane_recovery, sorcerous_restoration, natural_recovery and
//! memorize; a refusal carries its code
//! and a fix naming the next tool. The MCP SDK's own client drives the
//! binary.

mod mcp_client;

use mcp_client::*;

use serde_json::json;

#[tokio::test]
async fn class_resources_through_mcp() {
    let dir = tempfile::tempdir().unwrap();
    let client = start(&dir.path().join("grimoire.sqlite3"), &["--seed", "7"]).await;
    for (name, class) in [
        ("Sera", "sorcerer"),
        ("Elmira", "wizard"),
        ("Vex", "warlock"),
    ] {
        ok(
            &client,
            "character_create",
            json!({"name": name, "classes": [{"class": class, "level": 6}],
                   "abilities": {"int": 16, "cha": 16}}),
        )
        .await;
    }
    // Sera: 6 points; a 3rd-level slot for 5, then it turns back into 3.
    let v = ok(
        &client,
        "font_of_magic",
        json!({"character": "Sera", "to_slot": 3}),
    )
    .await;
    assert_eq!(v["resources"]["sorcery_points"]["left"], 1, "{v}");
    let v = ok(
        &client,
        "font_of_magic",
        json!({"character": "Sera", "to_points": 3}),
    )
    .await;
    assert_eq!(v["resources"]["sorcery_points"]["left"], 4, "{v}");
    // Above 5 the schema stops it; at 5 the rules do (Sorcerer 9 needed).
    let (refused, e) = call(
        &client,
        "font_of_magic",
        json!({"character": "Sera", "to_slot": 6}),
    )
    .await;
    assert!(refused && e["error"]["code"] == "invalid_argument", "{e}");
    let (refused, e) = call(
        &client,
        "font_of_magic",
        json!({"character": "Sera", "to_slot": 5}),
    )
    .await;
    assert!(refused, "{e}");
    assert_eq!(e["error"]["code"], "sorcerer_level_too_low", "{e}");
    assert!(
        e["error"]["fix"]
            .as_str()
            .unwrap()
            .contains("font_of_magic"),
        "the fix names the tool: {e}"
    );
    let (refused, e) = call(&client, "font_of_magic", json!({"character": "Sera"})).await;
    assert!(refused, "one way must be named: {e}");
    // The slot took this turn's Bonus Action; Innate Sorcery takes the next.
    ok(&client, "next_turn", json!({"character": "Sera"})).await;
    let v = ok(&client, "innate_sorcery", json!({"character": "Sera"})).await;
    assert_eq!(v["resources"]["innate_sorcery"]["left"], 1, "{v}");
    let r = ok(
        &client,
        "rest",
        json!({"character": "Sera", "kind": "short", "sorcerous_restoration": true}),
    )
    .await;
    assert!(
        r["events"].to_string().contains("sorcery_points_regained"),
        "{r}"
    );

    // Elmira: a 3rd-level slot spent, back by Arcane Recovery (Wizard 6: 3 levels).
    ok(
        &client,
        "prepare",
        json!({"character": "Elmira", "spells": ["Magic Missile"]}),
    )
    .await;
    ok(
        &client,
        "cast",
        json!({"character": "Elmira", "spell": "Magic Missile", "level": 3, "targets": ["Goblin"]}),
    )
    .await;
    let r = ok(
        &client,
        "rest",
        json!({"character": "Elmira", "kind": "short", "arcane_recovery": [3]}),
    )
    .await;
    assert!(r["events"].to_string().contains("slots_recovered"), "{r}");
    let (refused, e) = call(
        &client,
        "rest",
        json!({"character": "Elmira", "kind": "short", "arcane_recovery": [1]}),
    )
    .await;
    assert!(
        refused && e.to_string().contains("arcane_recovery_used"),
        "{e}"
    );

    // Memorize Spell (Wizard 6): Magic Missile out, Shield in; then the
    // swap back is refused, with a fix naming the rest tool.
    let r = ok(
        &client,
        "rest",
        json!({"character": "Elmira", "kind": "short",
               "memorize": {"forget": "Magic Missile", "learn": "Shield"}}),
    )
    .await;
    assert!(r["notes"].to_string().contains("memorize_spell"), "{r}");
    let (refused, e) = call(
        &client,
        "rest",
        json!({"character": "Elmira", "kind": "short",
               "memorize": {"forget": "Magic Missile", "learn": "Shield"}}),
    )
    .await;
    assert!(
        refused
            && e.to_string().contains("memorize_not_prepared")
            && e.to_string().contains("rest"),
        "{e}"
    );
    // Natural Recovery is a Circle of the Land Druid's, not a Wizard's.
    let (refused, e) = call(
        &client,
        "rest",
        json!({"character": "Elmira", "kind": "short", "natural_recovery": [1]}),
    )
    .await;
    assert!(refused && e.to_string().contains("feature_not_had"), "{e}");

    // Vex has spent nothing: Magical Cunning has nothing to bring back.
    let (refused, e) = call(&client, "magical_cunning", json!({"character": "Vex"})).await;
    assert!(
        refused && e.to_string().contains("nothing_to_recover"),
        "{e}"
    );
    client.cancel().await.unwrap();
}
