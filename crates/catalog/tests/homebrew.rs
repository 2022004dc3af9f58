//! Homebrew files: good ones add spells, bad ones add nothing and say which
//! file, spell and field is wrong; what is loaded is never changed.

use std::fs;
use std::path::{Path, PathBuf};

use grimoire_catalog::{Catalog, CatalogError, Source};

const GOOD: &str = r#"
[[spell]]
id = "frost-lance"
name_en = "Frost Lance"
name_cs = "Mrazivé kopí"
level = 2
school = "evocation"
classes = ["wizard", "sorcerer"]
casting_time = "action"
range = "90 ft"
components = { v = true, s = true, m = "an icicle" }
duration = "instantaneous"
summary_en = "A spear of ice; Dex save for half."
summary_cs = "Kopí z ledu; záchrana na Obratnost za polovinu."

[spell.effect]
kind = "save"
save = { ability = "dex", on_success = "half" }
damage = [{ dice = "4d8", type = "cold", per_slot = "1d8" }]
"#;

fn texts<'a>(files: &'a [(&'a str, &'a str)]) -> impl Iterator<Item = (&'a Path, &'a str)> {
    files.iter().map(|(name, text)| (Path::new(*name), *text))
}

fn invalid_field(e: &CatalogError) -> (&str, &str, &str) {
    match e {
        CatalogError::HomebrewInvalidField {
            file, spell, field, ..
        } => (file, spell, field),
        other => panic!("expected an invalid field, got {other}"),
    }
}

#[test]
fn a_good_file_adds_its_spells_and_leaves_the_srd_alone() {
    let srd = Catalog::srd();
    let load = srd.with_homebrew_texts(texts(&[("frost.toml", GOOD)]));
    assert!(load.errors.is_empty(), "{:?}", load.errors);
    assert_eq!(load.added, 1);
    assert_eq!(load.catalog.len(), 340);
    assert_eq!(srd.len(), 339, "the SRD catalogue is untouched");
    let lance = load.catalog.get("mrazive kopi").unwrap();
    assert_eq!(lance.source, Source::Homebrew(PathBuf::from("frost.toml")));
    assert_eq!(
        lance.spell.effect.damage[0]
            .per_slot
            .map(|d| d.to_string())
            .as_deref(),
        Some("1d8")
    );
    assert!(srd.get("frost lance").is_none());
}

#[test]
fn a_bad_field_names_file_spell_and_field_and_the_file_adds_nothing() {
    let bad = GOOD
        .replace(
            "m = \"an icicle\"",
            "m = \"an icicle\", cost_gp = \"fifty\"",
        )
        .replace("frost-lance", "fireball-2");
    let both = format!(
        "{GOOD}\n{}",
        bad.replace("Frost Lance", "Other")
            .replace("Mrazivé kopí", "Jiné")
    );
    let load = Catalog::srd().with_homebrew_texts(texts(&[
        ("fireball2.toml", &both),
        (
            "ok.toml",
            &GOOD
                .replace("frost-lance", "ok-lance")
                .replace("Frost Lance", "Ok Lance")
                .replace("Mrazivé kopí", "Dobré kopí"),
        ),
    ]));
    assert_eq!(load.errors.len(), 1, "{:?}", load.errors);
    let e = &load.errors[0];
    assert_eq!(e.code(), "homebrew_invalid_field");
    assert_eq!(
        invalid_field(e),
        ("fireball2.toml", "fireball-2", "components.cost_gp")
    );
    assert_eq!(
        e.to_string(),
        "fireball2.toml: fireball-2: components.cost_gp: must be a whole number \
         (invalid type: string \"fifty\", expected u32)"
    );
    // The good spell in the same file is held back with it; other files load.
    assert!(load.catalog.get("frost-lance").is_none());
    assert!(load.catalog.get("ok-lance").is_some());
    assert_eq!(load.added, 1);
}

#[test]
fn each_kind_of_mistake_is_reported_with_its_field() {
    let cases = [
        (GOOD.replace("level = 2", "level = 12"), "level"),
        (GOOD.replace("\"evocation\"", "\"evokation\""), "school"),
        (GOOD.replace("\"wizard\",", "\"barbarian\","), "classes"),
        (GOOD.replace("\"action\"", "\"reaction\""), "trigger"),
        (GOOD.replace("\"90 ft\"", "\"ninety feet\""), "range"),
        (
            GOOD.replace("\"instantaneous\"", "\"concentration forever\""),
            "duration",
        ),
        (
            GOOD.replace("\"4d8\"", "\"four dice\""),
            "effect.damage[0].dice",
        ),
        (
            GOOD.replace("\"cold\"", "\"frost\""),
            "effect.damage[0].type",
        ),
        (
            GOOD.replace("ability = \"dex\"", "ability = \"agility\""),
            "effect.save.ability",
        ),
        (GOOD.replace("summary_cs", "summery_cs"), "summery_cs"),
        (
            GOOD.replace("id = \"frost-lance\"", "id = \"Frost Lance!\""),
            "id",
        ),
    ];
    for (text, field) in cases {
        let load = Catalog::srd().with_homebrew_texts(texts(&[("x.toml", &text)]));
        assert_eq!(load.added, 0, "{field}");
        let fields: Vec<_> = load
            .errors
            .iter()
            .map(|e| invalid_field(e).2.to_string())
            .collect();
        assert_eq!(fields, [field], "{:?}", load.errors);
    }
}

#[test]
fn broken_toml_and_wrong_shapes_are_parse_errors() {
    for text in ["[[spell]\nid = 1", "title = \"my spells\"", "spell = 3", ""] {
        let load = Catalog::srd().with_homebrew_texts(texts(&[("broken.toml", text)]));
        assert_eq!(load.errors.len(), 1, "{text:?}");
        assert_eq!(load.errors[0].code(), "homebrew_parse");
        assert!(
            load.errors[0].to_string().starts_with("broken.toml: "),
            "{}",
            load.errors[0]
        );
        assert_eq!(load.catalog.len(), 339);
    }
}

#[test]
fn duplicate_ids_name_both_places() {
    let clash = GOOD.replace("frost-lance", "fireball");
    let load = Catalog::srd().with_homebrew_texts(texts(&[("mine.toml", &clash)]));
    assert_eq!(load.errors.len(), 1);
    assert_eq!(
        load.errors[0],
        CatalogError::DuplicateSpell {
            id: "fireball".into(),
            first: "SRD".into(),
            second: "mine.toml".into()
        }
    );
    assert_eq!(load.errors[0].code(), "duplicate_spell");
    assert_eq!(load.catalog.get("fireball").unwrap().source, Source::Srd);

    let load = Catalog::srd().with_homebrew_texts(texts(&[("a.toml", GOOD), ("b.toml", GOOD)]));
    assert_eq!(load.added, 1);
    assert_eq!(
        load.errors[0].to_string(),
        "duplicate spell id \"frost-lance\": defined in a.toml and again in b.toml"
    );
}

#[test]
fn loading_on_top_of_homebrew_keeps_earlier_spells() {
    let first = Catalog::srd()
        .with_homebrew_texts(texts(&[("a.toml", GOOD)]))
        .catalog;
    let second = first.with_homebrew_texts(texts(&[("bad.toml", "not toml at all [")]));
    assert_eq!(second.errors.len(), 1);
    assert_eq!(second.catalog.len(), 340);
    assert!(second.catalog.get("frost-lance").is_some());
}

#[test]
fn files_and_directories_load_from_disk() {
    let dir = std::env::temp_dir().join(format!("grimoire-homebrew-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    fs::write(dir.join("frost.toml"), GOOD).unwrap();
    fs::write(dir.join("broken.toml"), "[[spell]]\nid = \"x\"").unwrap();
    fs::write(dir.join("notes.txt"), "not a spell file").unwrap();
    let load = Catalog::srd().with_homebrew(&[&dir]);
    let missing = Catalog::srd().with_homebrew(&[dir.join("nope.toml")]);
    fs::remove_dir_all(&dir).unwrap();

    assert_eq!(load.added, 1);
    assert_eq!(load.errors.len(), 1, "{:?}", load.errors);
    let (file, spell, field) = invalid_field(&load.errors[0]);
    assert!(file.ends_with("broken.toml"));
    assert_eq!((spell, field), ("x", "name_en"));
    assert_eq!(missing.errors[0].code(), "homebrew_io");
    assert_eq!(missing.catalog.len(), 339);
}

/// R16 (issue 31): `on_cast = false` says a lasting spell deals nothing as
/// it is cast; it needs `[[effect.each_turn]]` to say when it does, and
/// `at = "enter"` is the moment a creature comes into it.
#[test]
fn r16_damage_only_later_needs_a_moment_and_enter_is_one() {
    let later = GOOD.replace("kind = \"save\"\n", "kind = \"save\"\non_cast = false\n")
        + "\n[[spell.effect.each_turn]]\nat = \"enter\"\ndamage = [{ dice = \"4d8\", type = \"cold\" }]\n";
    let srd = Catalog::srd();
    let load = srd.with_homebrew_texts(texts(&[("later.toml", later.as_str())]));
    assert!(load.errors.is_empty(), "{:?}", load.errors);
    let lance = &load.catalog.get("frost-lance").unwrap().spell.effect;
    assert!(!lance.on_cast);
    assert_eq!(lance.each_turn[0].at, grimoire_rules::TurnPoint::Enter);

    let alone = GOOD.replace("kind = \"save\"\n", "kind = \"save\"\non_cast = false\n");
    let load = srd.with_homebrew_texts(texts(&[("alone.toml", alone.as_str())]));
    assert_eq!(load.added, 0);
    assert_eq!(
        invalid_field(&load.errors[0]),
        ("alone.toml", "frost-lance", "effect.on_cast")
    );
}
