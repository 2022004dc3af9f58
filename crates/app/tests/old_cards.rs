//! A table log written before roll labels and notes were data (issue 32)
//! still loads: a card's English labels and notes come back as text, are
//! shown as they were written, and serialise unchanged.

use grimoire_app::view::CastView;
use grimoire_rules::{Note, RollLabel};

/// A Fireball card as the log stored it before issue 32.
const OLD_CARD: &str = r#"{
  "caster": "Quill", "spell": "fireball", "spell_name": "Fireball",
  "spell_name_cs": "Ohnivá koule", "level": 4, "slot": 4, "pact": false,
  "mode": "slot", "via": null, "class": "wizard", "action": "action",
  "save_dc": 14, "attack_bonus": 6, "status": "resolved", "rounds_needed": null,
  "rolls": [
    {"label": "fire damage", "notation": "9d6", "dice": [4,1,1,4,5,4,5,1,6], "total": 31},
    {"label": "Ogre save (DEX)", "notation": "1d20-1", "dice": [6], "total": 5}
  ],
  "targets": [{
    "target": "Troll", "affected": true, "attacks": [], "save": null, "damage": [],
    "damage_total": 31, "damage_on_success": 15, "healing": 0, "conditions": [],
    "hp_after": null,
    "note": "save not rolled: DC 14 DEX; on a failure as shown, on a success half damage and no conditions"
  }],
  "effect": null, "concentration_started": false, "concentration_ended": null,
  "notes": ["R6: cast as a level-4 spell"]
}"#;

#[test]
fn a_card_logged_with_english_labels_and_notes_loads_and_shows_them_as_written() {
    let card: CastView = serde_json::from_str(OLD_CARD).expect("an old card loads");
    assert_eq!(card.rolls[0].label, RollLabel::Text("fire damage".into()));
    assert_eq!(
        card.notes,
        [Note::Text("R6: cast as a level-4 spell".into())]
    );
    // Shown as written, in any language.
    assert_eq!(
        grimoire_words::roll_label("cs", &card.rolls[1].label),
        "Ogre save (DEX)"
    );
    let note = card.targets[0].note.as_ref().expect("the target's note");
    assert!(grimoire_words::note("cs", note).starts_with("save not rolled: DC 14 DEX"));
    // And written back as it was.
    let again = serde_json::to_value(&card).unwrap();
    let old: serde_json::Value = serde_json::from_str(OLD_CARD).unwrap();
    assert_eq!(again["rolls"], old["rolls"]);
    assert_eq!(again["notes"], old["notes"]);
    assert_eq!(again["targets"][0]["note"], old["targets"][0]["note"]);
}
