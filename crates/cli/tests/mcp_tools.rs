//! The MCP tools that cover the rest of the CLI (issue 32: "MCP covers what
//! the CLI does and every fix names a tool that works"; issue 31: creatures
//! rest). The SDK's own client starts `grimoire mcp` over stdio; each tool
//! is called with valid arguments and its effect read back through another
//! tool, and with an argument out of bounds, which is refused and changes
//! nothing. Refusals that the CLI answers with a command line name a tool
//! call instead (`fix_call`), and following it works.

mod mcp_client;

use mcp_client::Client;

use serde_json::{Value, json};

/// Starts `grimoire --db <db> --seed 7 mcp` under the SDK's client.
async fn start(db: &std::path::Path) -> Client {
    mcp_client::start(db, &["--seed", "7"]).await
}

/// A successful call's structured content; it names no command line.
async fn ok(client: &Client, tool: &str, args: Value) -> Value {
    let v = mcp_client::ok(client, tool, args).await;
    assert!(
        !v.to_string().contains("grimoire "),
        "a command line in {tool}: {v}"
    );
    v
}

/// A refused call's error object; its message and fix name no command line.
async fn refused(client: &Client, tool: &str, args: Value) -> Value {
    let e = mcp_client::refused(client, tool, args).await;
    for field in ["message", "fix"] {
        assert!(
            !e[field].as_str().unwrap_or("").contains("grimoire "),
            "a command line in {field}: {e}"
        );
    }
    e
}

/// A refusal before any command ran: the argument named, nothing changed.
async fn out_of_bounds(client: &Client, tool: &str, args: Value, argument: &str) {
    let e = refused(client, tool, args).await;
    assert_eq!(e["code"], "invalid_argument", "{e}");
    assert_eq!(e["argument"], argument, "{e}");
}

/// Calls the tool a refusal's `fix_call` names, with its arguments.
async fn follow(client: &Client, error: &Value) -> Value {
    let tool = error["fix_call"]["tool"]
        .as_str()
        .unwrap_or_else(|| panic!("no fix_call: {error}"));
    ok(client, tool, error["fix_call"]["arguments"].clone()).await
}

async fn character(client: &Client, name: &str) -> Value {
    ok(client, "character_show", json!({ "character": name })).await["character"].clone()
}

async fn wizard(client: &Client, name: &str, spells: &[&str]) {
    ok(
        client,
        "character_create",
        json!({"name": name, "classes": [{"class": "wizard", "level": 5}], "abilities": {"int": 16}}),
    )
    .await;
    ok(
        client,
        "prepare",
        json!({"character": name, "spells": spells}),
    )
    .await;
}

/// An encounter `Cave` with `who` first in initiative and a Mage after.
async fn cave_with_a_mage(client: &Client, who: &str) {
    ok(client, "hp", json!({"character": who, "max": 30, "ac": 12})).await;
    ok(client, "encounter_create", json!({"encounter": "Cave"})).await;
    ok(
        client,
        "encounter_add",
        json!({"encounter": "Cave", "name": who, "initiative": 20}),
    )
    .await;
    ok(
        client,
        "encounter_add",
        json!({"encounter": "Cave", "name": "Mage", "monster": "mage", "initiative": 5}),
    )
    .await;
    ok(client, "encounter_start", json!({"encounter": "Cave"})).await;
}

fn tools_named(next: &Value) -> Vec<&str> {
    next.as_array()
        .map(|calls| calls.iter().filter_map(|c| c["tool"].as_str()).collect())
        .unwrap_or_default()
}

#[tokio::test]
async fn the_new_tools_are_listed_with_bounded_schemas() {
    let dir = tempfile::tempdir().unwrap();
    let client = start(&dir.path().join("g.sqlite3")).await;
    let tools = client.list_all_tools().await.unwrap();
    let schema = |name: &str| {
        tools
            .iter()
            .find(|t| t.name == name)
            .unwrap_or_else(|| panic!("no tool {name}"))
            .input_schema
            .clone()
    };
    for name in [
        "roll",
        "item_add",
        "ability_add",
        "spellbook_add",
        "spellbook_show",
        "concentration_drop",
        "retarget",
        "dismiss",
        "wait",
        "casting",
        "identify",
        "character_delete",
        "encounter_remove",
        "creature_rest",
        "creature_uses",
        "hurt",
        "fall",
        "reaction_window",
        "reaction_withdraw",
        "encounter_advance",
    ] {
        let s = schema(name);
        assert_eq!(s["additionalProperties"], false, "{name}");
        assert!(s["properties"]["lang"].is_object(), "{name}");
    }
    assert_eq!(schema("log")["properties"]["limit"]["maximum"], 100);
    assert_eq!(schema("roll")["properties"]["expression"]["maxLength"], 100);
    assert!(schema("cast")["properties"]["regular"].is_object());
}

#[tokio::test]
async fn roll_rolls_the_sessions_dice_and_shows_a_distribution() {
    let dir = tempfile::tempdir().unwrap();
    let client = start(&dir.path().join("g.sqlite3")).await;
    let rolled = ok(&client, "roll", json!({"expression": "2d6+3"})).await;
    let total = rolled["total"].as_i64().unwrap();
    assert!((5..=15).contains(&total), "{rolled}");
    let dice: i64 = rolled["dice"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["value"].as_i64().unwrap())
        .sum();
    assert_eq!(dice + 3, total, "{rolled}");
    let stats = ok(&client, "roll", json!({"expression": "2d6", "stats": true})).await;
    assert!(stats.to_string().contains("\"mean\":7"), "{stats}");
    out_of_bounds(
        &client,
        "roll",
        json!({"expression": "1d6+".repeat(30)}),
        "expression",
    )
    .await;
    let e = refused(&client, "roll", json!({"expression": "2d"})).await;
    assert_ne!(e["code"], "internal", "{e}");
}

#[tokio::test]
async fn r5d_a_scroll_given_with_item_add_casts_once_without_a_slot() {
    let dir = tempfile::tempdir().unwrap();
    let client = start(&dir.path().join("g.sqlite3")).await;
    wizard(&client, "Elmira", &["shield"]).await;
    out_of_bounds(
        &client,
        "item_add",
        json!({"character": "Elmira", "item": "Wand", "spells": ["magic missile"], "charges": 51}),
        "charges",
    )
    .await;
    assert_eq!(character(&client, "Elmira").await["items"], json!([]));
    ok(
        &client,
        "item_add",
        json!({"character": "Elmira", "item": "Spell Scroll", "spells": ["magic missile"]}),
    )
    .await;
    let items = character(&client, "Elmira").await["items"].clone();
    let scroll = items[0]["name"].as_str().unwrap().to_owned();
    assert!(scroll.contains("magic-missile"), "{items}");
    let slots_before = character(&client, "Elmira").await["slots"].clone();
    ok(
        &client,
        "cast",
        json!({"character": "Elmira", "spell": "magic missile", "via": scroll, "targets": ["Goblin"]}),
    )
    .await;
    let after = character(&client, "Elmira").await;
    assert_eq!(after["slots"], slots_before, "a scroll spends no slot");
    assert!(
        after["items"]
            .as_array()
            .unwrap()
            .iter()
            .all(|i| i["charges"] == 0),
        "{}",
        after["items"]
    );
}

#[tokio::test]
async fn r5c_ability_add_gives_uses_that_are_counted() {
    let dir = tempfile::tempdir().unwrap();
    let client = start(&dir.path().join("g.sqlite3")).await;
    wizard(&client, "Elmira", &["shield"]).await;
    out_of_bounds(
        &client,
        "ability_add",
        json!({"character": "Elmira", "spells": ["misty step"], "uses": 0}),
        "uses",
    )
    .await;
    assert_eq!(character(&client, "Elmira").await["features"], json!([]));
    ok(
        &client,
        "ability_add",
        json!({"character": "Elmira", "spells": ["misty step"], "uses": 2, "name": "Fey Step"}),
    )
    .await;
    let f = character(&client, "Elmira").await["features"][0].clone();
    assert_eq!(
        (&f["name"], &f["remaining"], &f["max_uses"]),
        (&json!("Fey Step"), &json!(2), &json!(2))
    );
    ok(
        &client,
        "cast",
        json!({"character": "Elmira", "spell": "misty step", "via": "Fey Step"}),
    )
    .await;
    assert_eq!(
        character(&client, "Elmira").await["features"][0]["remaining"],
        1
    );
}

#[tokio::test]
async fn spellbook_add_copies_spells_that_spellbook_show_lists() {
    let dir = tempfile::tempdir().unwrap();
    let client = start(&dir.path().join("g.sqlite3")).await;
    wizard(&client, "Elmira", &["shield"]).await;
    out_of_bounds(
        &client,
        "spellbook_add",
        json!({"character": "Elmira", "spells": []}),
        "spells",
    )
    .await;
    ok(
        &client,
        "spellbook_add",
        json!({"character": "Elmira", "spells": ["fireball", "fly"]}),
    )
    .await;
    let book = ok(&client, "spellbook_show", json!({"character": "Elmira"})).await;
    assert_eq!(book["spellbook"], json!(["fireball", "fly"]), "{book}");
}

#[tokio::test]
async fn r5b_not_in_the_spellbook_names_spellbook_add_and_following_it_works() {
    let dir = tempfile::tempdir().unwrap();
    let client = start(&dir.path().join("g.sqlite3")).await;
    wizard(&client, "Elmira", &["shield"]).await;
    ok(
        &client,
        "spellbook_add",
        json!({"character": "Elmira", "spells": ["shield"]}),
    )
    .await;
    let e = refused(
        &client,
        "prepare",
        json!({"character": "Elmira", "spells": ["fireball"]}),
    )
    .await;
    assert_eq!(e["code"], "not_in_spellbook", "{e}");
    assert_eq!(e["fix_call"]["tool"], "spellbook_add", "{e}");
    assert!(e["fix"].as_str().unwrap().contains("spellbook_add"), "{e}");
    follow(&client, &e).await;
    ok(
        &client,
        "prepare",
        json!({"character": "Elmira", "spells": ["fireball"]}),
    )
    .await;
    let prepared = character(&client, "Elmira").await["prepared"].clone();
    assert!(prepared.to_string().contains("fireball"), "{prepared}");
}

#[tokio::test]
async fn r10_the_fix_names_next_turn_with_the_character_and_it_works() {
    let dir = tempfile::tempdir().unwrap();
    let client = start(&dir.path().join("g.sqlite3")).await;
    wizard(&client, "Elmira", &["magic missile"]).await;
    let args = json!({"character": "Elmira", "spell": "magic missile", "targets": ["Goblin"]});
    ok(&client, "cast", args.clone()).await;
    let e = refused(&client, "cast", args.clone()).await;
    assert_eq!(e["code"], "one_slot_per_turn", "{e}");
    assert_eq!(
        e["fix_call"],
        json!({"tool": "next_turn", "arguments": {"character": "Elmira"}})
    );
    assert!(e["message"].as_str().unwrap().starts_with("R10"), "{e}");
    assert!(e.get("hint").is_none(), "{e}");
    follow(&client, &e).await;
    ok(&client, "cast", args).await;
}

#[tokio::test]
async fn r4_a_long_rest_too_soon_names_wait_and_waiting_lets_it_happen() {
    let dir = tempfile::tempdir().unwrap();
    let client = start(&dir.path().join("g.sqlite3")).await;
    wizard(&client, "Elmira", &["magic missile"]).await;
    ok(
        &client,
        "rest",
        json!({"character": "Elmira", "kind": "long"}),
    )
    .await;
    out_of_bounds(
        &client,
        "wait",
        json!({"character": "Elmira", "time": "1"}),
        "time",
    )
    .await;
    let e = refused(
        &client,
        "rest",
        json!({"character": "Elmira", "kind": "long"}),
    )
    .await;
    assert_eq!(e["code"], "long_rest_too_soon", "{e}");
    assert_eq!(e["fix_call"]["tool"], "wait", "{e}");
    let waited = follow(&client, &e).await;
    assert!(waited.is_object(), "{waited}");
    ok(
        &client,
        "rest",
        json!({"character": "Elmira", "kind": "long"}),
    )
    .await;
}

#[tokio::test]
async fn concentration_drop_ends_the_spell_held() {
    let dir = tempfile::tempdir().unwrap();
    let client = start(&dir.path().join("g.sqlite3")).await;
    wizard(&client, "Elmira", &["fly"]).await;
    ok(
        &client,
        "cast",
        json!({"character": "Elmira", "spell": "fly", "targets": ["Elmira"]}),
    )
    .await;
    assert_eq!(
        character(&client, "Elmira").await["concentration"]["spell"],
        "fly"
    );
    out_of_bounds(
        &client,
        "concentration_drop",
        json!({"character": ""}),
        "character",
    )
    .await;
    assert_eq!(
        character(&client, "Elmira").await["concentration"]["spell"],
        "fly"
    );
    ok(
        &client,
        "concentration_drop",
        json!({"character": "Elmira"}),
    )
    .await;
    assert_eq!(
        character(&client, "Elmira").await["concentration"],
        Value::Null
    );
}

#[tokio::test]
async fn hex_moves_with_retarget_once_its_target_drops() {
    let dir = tempfile::tempdir().unwrap();
    let client = start(&dir.path().join("g.sqlite3")).await;
    ok(
        &client,
        "character_create",
        json!({"name": "Wil", "classes": [{"class": "warlock", "level": 2}], "abilities": {"cha": 16}}),
    )
    .await;
    ok(
        &client,
        "prepare",
        json!({"character": "Wil", "spells": ["hex"]}),
    )
    .await;
    ok(&client, "encounter_create", json!({"encounter": "Cave"})).await;
    for (name, hp, init) in [
        ("Wil", None, 20),
        ("Goblin", Some(3), 5),
        ("Orc", Some(15), 4),
    ] {
        let mut add = json!({"encounter": "Cave", "name": name, "initiative": init});
        if let Some(hp) = hp {
            add["hp"] = json!(hp);
        }
        ok(&client, "encounter_add", add).await;
    }
    ok(&client, "encounter_start", json!({"encounter": "Cave"})).await;
    ok(
        &client,
        "cast",
        json!({"character": "Wil", "spell": "hex", "targets": ["Goblin"]}),
    )
    .await;
    let move_it = json!({"character": "Wil", "spell": "hex", "target": "Orc"});
    let e = refused(&client, "retarget", move_it.clone()).await;
    assert_eq!(e["code"], "target_still_standing", "{e}");
    assert!(e["fix"].as_str().unwrap().contains("retarget"), "{e}");
    ok(
        &client,
        "damage",
        json!({"encounter": "Cave", "target": "Goblin", "amount": 3}),
    )
    .await;
    for _ in 0..3 {
        ok(&client, "next_turn", json!({"encounter": "Cave"})).await;
    }
    out_of_bounds(
        &client,
        "retarget",
        json!({"character": "Wil", "spell": "hex", "target": "O".repeat(61)}),
        "target",
    )
    .await;
    ok(&client, "retarget", move_it).await;
    let ongoing = character(&client, "Wil").await["ongoing"].clone();
    assert_eq!(ongoing[0]["targets"], json!(["Orc"]), "{ongoing}");
}

#[tokio::test]
async fn dismiss_ends_an_ongoing_spell_by_its_number() {
    let dir = tempfile::tempdir().unwrap();
    let client = start(&dir.path().join("g.sqlite3")).await;
    wizard(&client, "Elmira", &["mage armor"]).await;
    ok(
        &client,
        "cast",
        json!({"character": "Elmira", "spell": "mage armor", "targets": ["Elmira"]}),
    )
    .await;
    let ongoing = character(&client, "Elmira").await["ongoing"].clone();
    let id = ongoing[0]["id"]
        .as_u64()
        .unwrap_or_else(|| panic!("{ongoing}"));
    out_of_bounds(
        &client,
        "dismiss",
        json!({"character": "Elmira", "effect": 0}),
        "effect",
    )
    .await;
    assert_eq!(character(&client, "Elmira").await["ongoing"], ongoing);
    ok(
        &client,
        "dismiss",
        json!({"character": "Elmira", "effect": id}),
    )
    .await;
    assert_eq!(character(&client, "Elmira").await["ongoing"], json!([]));
}

#[tokio::test]
async fn r11_a_waiting_spell_names_its_next_tools_and_withdraw_takes_it_back() {
    let dir = tempfile::tempdir().unwrap();
    let client = start(&dir.path().join("g.sqlite3")).await;
    wizard(&client, "Elmira", &["magic missile"]).await;
    cave_with_a_mage(&client, "Elmira").await;
    let slots = character(&client, "Elmira").await["slots"].clone();
    let waiting = ok(
        &client,
        "cast",
        json!({"character": "Elmira", "spell": "magic missile", "targets": ["Mage"]}),
    )
    .await;
    assert_eq!(waiting["status"], "pending", "{waiting}");
    let tools = tools_named(&waiting["next"]);
    for needed in [
        "react",
        "reaction_pass",
        "reaction_resolve",
        "reaction_withdraw",
    ] {
        assert!(tools.contains(&needed), "{waiting}");
    }
    let react = waiting["next"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["arguments"]["spell"] == "counterspell")
        .unwrap_or_else(|| panic!("no react with counterspell: {waiting}"));
    assert_eq!(
        react["arguments"],
        json!({"encounter": "Cave", "caster": "Mage", "spell": "counterspell"})
    );
    let window = ok(&client, "reaction_window", json!({"encounter": "Cave"})).await;
    assert_eq!(
        window["window"]["pending"]["spell"], "magic-missile",
        "{window}"
    );
    out_of_bounds(
        &client,
        "reaction_withdraw",
        json!({"encounter": "C".repeat(61)}),
        "encounter",
    )
    .await;
    ok(&client, "reaction_withdraw", json!({"encounter": "Cave"})).await;
    let window = ok(&client, "reaction_window", json!({"encounter": "Cave"})).await;
    assert_eq!(window["window"], Value::Null, "{window}");
    assert_eq!(character(&client, "Elmira").await["slots"], slots);
}

#[tokio::test]
async fn r4_a_creature_rests_with_creature_rest_the_fix_its_spent_use_names() {
    let dir = tempfile::tempdir().unwrap();
    let client = start(&dir.path().join("g.sqlite3")).await;
    wizard(&client, "Elmira", &["shield"]).await;
    cave_with_a_mage(&client, "Elmira").await;
    ok(&client, "next_turn", json!({"encounter": "Cave"})).await;
    let cone = json!({"encounter": "Cave", "caster": "Mage", "spell": "cone of cold", "targets": ["Elmira"]});
    let first = ok(&client, "encounter_cast", cone.clone()).await;
    if first["status"] == "pending" {
        ok(&client, "reaction_resolve", json!({"encounter": "Cave"})).await;
    }
    let uses = ok(
        &client,
        "creature_uses",
        json!({"encounter": "Cave", "combatant": "Mage"}),
    )
    .await;
    let cone_left = |uses: &Value| {
        uses["uses"]
            .as_array()
            .unwrap()
            .iter()
            .find(|u| u["name"].as_str().unwrap_or("").contains("cone-of-cold"))
            .map(|u| u["remaining"].clone())
    };
    assert_eq!(cone_left(&uses), Some(json!(0)), "{uses}");
    for _ in 0..2 {
        ok(&client, "next_turn", json!({"encounter": "Cave"})).await;
    }
    let e = refused(&client, "encounter_cast", cone).await;
    assert_eq!(e["code"], "no_uses_left", "{e}");
    assert_eq!(
        e["fix_call"],
        json!({"tool": "creature_rest", "arguments": {"encounter": "Cave", "combatant": "Mage"}})
    );
    // A creature has no slots and no character rest: the fix says neither.
    let fix = e["fix"].as_str().unwrap();
    assert!(
        !fix.contains("slot instead") && !fix.contains("rest for a character"),
        "{e}"
    );
    out_of_bounds(
        &client,
        "creature_rest",
        json!({"encounter": "Cave", "combatant": ""}),
        "combatant",
    )
    .await;
    follow(&client, &e).await;
    let uses = ok(
        &client,
        "creature_uses",
        json!({"encounter": "Cave", "combatant": "Mage"}),
    )
    .await;
    assert_eq!(cone_left(&uses), Some(json!(1)), "{uses}");
}

#[tokio::test]
async fn encounter_remove_takes_a_combatant_out() {
    let dir = tempfile::tempdir().unwrap();
    let client = start(&dir.path().join("g.sqlite3")).await;
    wizard(&client, "Elmira", &["shield"]).await;
    cave_with_a_mage(&client, "Elmira").await;
    let names = |status: &Value| -> Vec<String> {
        status["combatants"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["name"].as_str().unwrap().to_owned())
            .collect()
    };
    out_of_bounds(
        &client,
        "encounter_remove",
        json!({"encounter": "Cave", "combatant": "-Mage"}),
        "combatant",
    )
    .await;
    let status = ok(&client, "encounter_show", json!({"encounter": "Cave"})).await;
    assert_eq!(names(&status), ["Elmira", "Mage"]);
    ok(
        &client,
        "encounter_remove",
        json!({"encounter": "Cave", "combatant": "Mage"}),
    )
    .await;
    let status = ok(&client, "encounter_show", json!({"encounter": "Cave"})).await;
    assert_eq!(names(&status), ["Elmira"]);
}

#[tokio::test]
async fn feather_fall_window_opened_by_fall_names_its_next_tools() {
    let dir = tempfile::tempdir().unwrap();
    let client = start(&dir.path().join("g.sqlite3")).await;
    wizard(&client, "Elmira", &["feather fall"]).await;
    cave_with_a_mage(&client, "Elmira").await;
    out_of_bounds(
        &client,
        "fall",
        json!({"encounter": "Cave", "combatant": "E".repeat(61)}),
        "combatant",
    )
    .await;
    let opened = ok(
        &client,
        "fall",
        json!({"encounter": "Cave", "combatant": "Elmira"}),
    )
    .await;
    let tools = tools_named(&opened["next"]);
    assert!(tools.contains(&"react"), "{opened}");
    assert!(tools.contains(&"reaction_resolve"), "{opened}");
    assert!(!tools.contains(&"reaction_withdraw"), "{opened}");
    let window = ok(&client, "reaction_window", json!({"encounter": "Cave"})).await;
    assert!(window["window"].is_object(), "{window}");
}

#[tokio::test]
async fn hurt_opens_a_window_and_damage_over_the_bound_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let client = start(&dir.path().join("g.sqlite3")).await;
    wizard(&client, "Elmira", &["shield"]).await;
    cave_with_a_mage(&client, "Elmira").await;
    out_of_bounds(
        &client,
        "hurt",
        json!({"encounter": "Cave", "target": "Elmira", "by": "Mage", "amount": 10001}),
        "amount",
    )
    .await;
    let window = ok(&client, "reaction_window", json!({"encounter": "Cave"})).await;
    assert_eq!(window["window"], Value::Null, "{window}");
    let opened = ok(
        &client,
        "hurt",
        json!({"encounter": "Cave", "target": "Elmira", "by": "Mage", "amount": 5}),
    )
    .await;
    assert!(
        tools_named(&opened["next"]).contains(&"reaction_resolve"),
        "{opened}"
    );
    let window = ok(&client, "reaction_window", json!({"encounter": "Cave"})).await;
    assert!(window["window"].is_object(), "{window}");
}

#[tokio::test]
async fn r6_cast_with_regular_spends_a_regular_slot_not_the_pact_slot() {
    let dir = tempfile::tempdir().unwrap();
    let client = start(&dir.path().join("g.sqlite3")).await;
    ok(
        &client,
        "character_create",
        json!({"name": "Wil", "classes": [{"class": "warlock", "level": 2}, {"class": "wizard", "level": 1}],
               "abilities": {"int": 16, "cha": 16}}),
    )
    .await;
    ok(
        &client,
        "prepare",
        json!({"character": "Wil", "spells": ["magic missile"]}),
    )
    .await;
    ok(
        &client,
        "cast",
        json!({"character": "Wil", "spell": "magic missile", "regular": true, "targets": ["Goblin"]}),
    )
    .await;
    let slots = character(&client, "Wil").await["slots"].clone();
    assert_eq!(slots["pact"]["remaining"], 2, "{slots}");
    assert_eq!(slots["slots"][0]["remaining"], 1, "{slots}");
    let e = refused(
        &client,
        "cast",
        json!({"character": "Wil", "spell": "magic missile", "regular": "yes"}),
    )
    .await;
    assert_eq!(e["code"], "invalid_argument", "{e}");
}

#[tokio::test]
async fn log_returns_the_newest_ten_by_default_and_pages_back() {
    let dir = tempfile::tempdir().unwrap();
    let client = start(&dir.path().join("g.sqlite3")).await;
    wizard(&client, "Elmira", &["shield"]).await;
    for _ in 0..12 {
        ok(
            &client,
            "rest",
            json!({"character": "Elmira", "kind": "short"}),
        )
        .await;
    }
    let page = ok(&client, "log", json!({"name": "Elmira"})).await;
    assert_eq!(page["log"].as_array().unwrap().len(), 10, "{page}");
    let before = page["next_before"]
        .as_u64()
        .unwrap_or_else(|| panic!("{page}"));
    let older = ok(
        &client,
        "log",
        json!({"name": "Elmira", "limit": 100, "before": before}),
    )
    .await;
    assert_eq!(older["log"].as_array().unwrap().len(), 4, "{older}");
    let three = ok(&client, "log", json!({"name": "Elmira", "limit": 3})).await;
    assert_eq!(three["log"].as_array().unwrap().len(), 3);
    out_of_bounds(
        &client,
        "log",
        json!({"name": "Elmira", "limit": 101}),
        "limit",
    )
    .await;
    out_of_bounds(
        &client,
        "log",
        json!({"name": "Elmira", "limit": 0}),
        "limit",
    )
    .await;
}

#[tokio::test]
async fn character_delete_removes_a_character_and_undo_brings_it_back() {
    let dir = tempfile::tempdir().unwrap();
    let client = start(&dir.path().join("g.sqlite3")).await;
    wizard(&client, "Elmira", &["shield"]).await;
    out_of_bounds(
        &client,
        "character_delete",
        json!({"character": "E".repeat(61)}),
        "character",
    )
    .await;
    ok(&client, "character_delete", json!({"character": "Elmira"})).await;
    let e = refused(&client, "character_show", json!({"character": "Elmira"})).await;
    assert_eq!(e["code"], "unknown_character", "{e}");
    ok(&client, "undo", json!({"name": "Elmira"})).await;
    assert_eq!(character(&client, "Elmira").await["name"], "Elmira");
}

#[tokio::test]
async fn an_encounter_not_started_names_encounter_start_and_following_it_works() {
    let dir = tempfile::tempdir().unwrap();
    let client = start(&dir.path().join("g.sqlite3")).await;
    wizard(&client, "Elmira", &["shield"]).await;
    ok(&client, "encounter_create", json!({"encounter": "Cave"})).await;
    ok(
        &client,
        "encounter_add",
        json!({"encounter": "Cave", "name": "Elmira", "initiative": 20}),
    )
    .await;
    let e = refused(&client, "next_turn", json!({"encounter": "Cave"})).await;
    assert_eq!(e["code"], "encounter_not_started", "{e}");
    assert_eq!(
        e["fix_call"],
        json!({"tool": "encounter_start", "arguments": {"encounter": "Cave"}})
    );
    follow(&client, &e).await;
    let status = ok(&client, "encounter_show", json!({"encounter": "Cave"})).await;
    assert_eq!(status["round"], 1, "{status}");
}

#[tokio::test]
async fn r10_options_name_the_tool_call_for_each_blocked_spell_not_a_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let client = start(&dir.path().join("g.sqlite3")).await;
    wizard(&client, "Elmira", &["magic missile", "shield"]).await;
    ok(
        &client,
        "cast",
        json!({"character": "Elmira", "spell": "magic missile", "targets": ["Goblin"]}),
    )
    .await;
    for lang in ["en", "cs"] {
        let options = ok(
            &client,
            "options",
            json!({"character": "Elmira", "lang": lang}),
        )
        .await;
        let blocked = options["blocked"].as_array().unwrap();
        let r10: Vec<&Value> = blocked
            .iter()
            .filter(|b| b["code"] == "one_slot_per_turn")
            .collect();
        assert!(!r10.is_empty(), "{options}");
        for b in r10 {
            assert_eq!(
                b["fix_call"],
                json!({"tool": "next_turn", "arguments": {"character": "Elmira"}}),
                "{b}"
            );
            assert!(b.get("hint").is_none(), "{b}");
        }
        assert!(!options.to_string().contains("grimoire "), "{options}");
    }
}

#[tokio::test]
async fn damage_with_a_type_applies_the_creatures_resistance_vulnerability_and_immunity() {
    let dir = tempfile::tempdir().unwrap();
    let client = start(&dir.path().join("g.sqlite3")).await;
    ok(&client, "encounter_create", json!({"encounter": "Cave"})).await;
    ok(
        &client,
        "encounter_add",
        json!({"encounter": "Cave", "name": "Imp:resist=fire:immune=poison:vuln=radiant", "hp": 40, "initiative": 5}),
    )
    .await;
    ok(&client, "encounter_start", json!({"encounter": "Cave"})).await;
    let hp = |status: &Value| status["combatants"][0]["hp"].clone();
    let hit = |amount: u32, kind: &str| json!({"encounter": "Cave", "target": "Imp", "amount": amount, "damage_type": kind});
    let fire = ok(&client, "damage", hit(11, "fire")).await;
    assert_eq!(
        (&fire["rolled"], &fire["damage"]),
        (&json!(11), &json!(5)),
        "{fire}"
    );
    ok(&client, "damage", hit(7, "poison")).await;
    ok(&client, "damage", hit(5, "radiant")).await;
    let status = ok(&client, "encounter_show", json!({"encounter": "Cave"})).await;
    assert_eq!(hp(&status), 40 - 5 - 10, "{status}");
    // A type without the encounter, and a type that is none, change nothing.
    out_of_bounds(
        &client,
        "damage",
        json!({"target": "Imp", "amount": 5, "damage_type": "fire"}),
        "damage_type",
    )
    .await;
    let e = refused(&client, "damage", hit(5, "lava")).await;
    assert_eq!(e["code"], "invalid_argument", "{e}");
    let status = ok(&client, "encounter_show", json!({"encounter": "Cave"})).await;
    assert_eq!(hp(&status), 25, "{status}");
}

#[tokio::test]
async fn unknown_names_name_the_list_tools_instead_of_a_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let client = start(&dir.path().join("g.sqlite3")).await;
    for lang in ["en", "cs"] {
        let e = refused(
            &client,
            "encounter_show",
            json!({"encounter": "Nowhere", "lang": lang}),
        )
        .await;
        assert_eq!(e["code"], "unknown_encounter", "{e}");
        assert_eq!(
            e["fix_call"],
            json!({"tool": "encounter_list", "arguments": {}})
        );
        let e = refused(
            &client,
            "options",
            json!({"character": "Nobody", "lang": lang}),
        )
        .await;
        assert_eq!(
            e["fix_call"],
            json!({"tool": "character_list", "arguments": {}})
        );
        assert!(e["message"].as_str().unwrap().contains("Nobody"), "{e}");
    }
}

#[tokio::test]
async fn r10_the_house_rules_have_a_log_and_an_undo_over_mcp() {
    let dir = tempfile::tempdir().unwrap();
    let client = start(&dir.path().join("g.sqlite3")).await;
    ok(
        &client,
        "house_rules",
        json!({"action": "relax", "rule": "R10"}),
    )
    .await;
    let relaxed = ok(&client, "house_rules", json!({})).await;
    assert!(relaxed.to_string().contains("R10"), "{relaxed}");
    let log = ok(&client, "log", json!({"house_rules": true})).await;
    assert_eq!(log["log"].as_array().unwrap().len(), 1, "{log}");
    // A name and the house rules at once, or neither, is refused.
    out_of_bounds(
        &client,
        "undo",
        json!({"name": "Elmira", "house_rules": true}),
        "name",
    )
    .await;
    out_of_bounds(&client, "log", json!({}), "name").await;
    ok(&client, "undo", json!({"house_rules": true})).await;
    let rules = ok(&client, "house_rules", json!({})).await;
    assert!(!rules.to_string().contains("R10"), "{rules}");
}

#[tokio::test]
async fn no_hit_points_names_the_hp_tool_not_a_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let client = start(&dir.path().join("g.sqlite3")).await;
    wizard(&client, "Elmira", &["shield"]).await;
    for lang in ["en", "cs"] {
        let e = refused(
            &client,
            "hp",
            json!({"character": "Elmira", "heal": 3, "lang": lang}),
        )
        .await;
        assert_eq!(e["code"], "no_hit_points", "{e}");
        assert_eq!(
            e["fix_call"],
            json!({"tool": "hp", "arguments": {"character": "Elmira"}})
        );
        assert!(e["message"].as_str().unwrap().contains("Elmira"), "{e}");
    }
    ok(
        &client,
        "hp",
        json!({"character": "Elmira", "max": 30, "ac": 12}),
    )
    .await;
    ok(&client, "damage", json!({"target": "Elmira", "amount": 5})).await;
    let healed = ok(&client, "hp", json!({"character": "Elmira", "heal": 3})).await;
    assert_eq!(healed["vitals"]["hp"], 28, "{healed}");
}

#[tokio::test]
async fn r4_creature_rest_on_a_character_names_the_characters_rest() {
    let dir = tempfile::tempdir().unwrap();
    let client = start(&dir.path().join("g.sqlite3")).await;
    wizard(&client, "Elmira", &["shield"]).await;
    cave_with_a_mage(&client, "Elmira").await;
    let e = refused(
        &client,
        "creature_rest",
        json!({"encounter": "Cave", "combatant": "Elmira"}),
    )
    .await;
    assert_eq!(e["code"], "invalid_request", "{e}");
    assert_eq!(
        e["fix_call"],
        json!({"tool": "rest", "arguments": {"character": "Elmira", "kind": "long"}})
    );
}

#[tokio::test]
async fn r19_harm_applies_a_lasting_spell_to_a_creature_that_enters_it() {
    let dir = tempfile::tempdir().unwrap();
    let client = start(&dir.path().join("g.sqlite3")).await;
    ok(
        &client,
        "character_create",
        json!({"name": "Ana", "classes": [{"class": "cleric", "level": 5}], "abilities": {"wis": 16}}),
    )
    .await;
    ok(
        &client,
        "prepare",
        json!({"character": "Ana", "spells": ["spirit guardians"]}),
    )
    .await;
    ok(&client, "encounter_create", json!({"encounter": "Crypt"})).await;
    for (name, init, hp) in [("Ana", 20, None), ("Ghoul:wis=-5", 10, Some(60))] {
        let mut add = json!({"encounter": "Crypt", "name": name, "initiative": init});
        if let Some(hp) = hp {
            add["hp"] = json!(hp);
        }
        ok(&client, "encounter_add", add).await;
    }
    ok(&client, "encounter_start", json!({"encounter": "Crypt"})).await;
    ok(
        &client,
        "cast",
        json!({"character": "Ana", "spell": "spirit guardians"}),
    )
    .await;
    out_of_bounds(
        &client,
        "harm",
        json!({"encounter": "Crypt", "combatant": "Ghoul", "spell": "s".repeat(101)}),
        "spell",
    )
    .await;
    let status = ok(&client, "encounter_show", json!({"encounter": "Crypt"})).await;
    let ghoul_hp = |status: &Value| {
        status["combatants"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["name"] == "Ghoul")
            .map(|c| c["hp"].clone())
    };
    assert_eq!(ghoul_hp(&status), Some(json!(60)), "{status}");
    let harmed = ok(
        &client,
        "harm",
        json!({"encounter": "Crypt", "combatant": "Ghoul", "spell": "spirit guardians"}),
    )
    .await;
    let hit = &harmed["turn_damage"][0];
    assert_eq!(hit["caster"], "Ana", "{harmed}");
    let status = ok(&client, "encounter_show", json!({"encounter": "Crypt"})).await;
    let left = ghoul_hp(&status).and_then(|hp| hp.as_i64()).unwrap();
    assert!(left < 60, "{harmed} {status}");
}

#[tokio::test]
async fn a_creature_gains_and_loses_a_condition_with_creature_condition() {
    let dir = tempfile::tempdir().unwrap();
    let client = start(&dir.path().join("g.sqlite3")).await;
    wizard(&client, "Elmira", &["shield"]).await;
    cave_with_a_mage(&client, "Elmira").await;
    let mage = |status: &Value| {
        status["combatants"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["name"] == "Mage")
            .map(|c| c["conditions"].clone())
    };
    out_of_bounds(
        &client,
        "creature_condition",
        json!({"encounter": "Cave", "combatant": "Mage", "action": "add", "condition": "x".repeat(31)}),
        "condition",
    )
    .await;
    let status = ok(&client, "encounter_show", json!({"encounter": "Cave"})).await;
    assert_eq!(mage(&status), Some(json!([])), "{status}");
    let stunned =
        json!({"encounter": "Cave", "combatant": "Mage", "action": "add", "condition": "stunned"});
    ok(&client, "creature_condition", stunned).await;
    let status = ok(&client, "encounter_show", json!({"encounter": "Cave"})).await;
    assert_eq!(mage(&status), Some(json!(["stunned"])), "{status}");
    ok(
        &client,
        "creature_condition",
        json!({"encounter": "Cave", "combatant": "Mage", "action": "remove", "condition": "stunned"}),
    )
    .await;
    let status = ok(&client, "encounter_show", json!({"encounter": "Cave"})).await;
    assert_eq!(mage(&status), Some(json!([])), "{status}");
}
