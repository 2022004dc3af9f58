//! 2024: the conditions and effects in force give a spell attack roll
//! Advantage or Disadvantage as they do a weapon's, through the binary.

mod common;

use common::Session;
use serde_json::Value;

/// The notation of the cast's attack roll (`2d20kh1+6`, `1d20+6`).
fn attack_notation(cast: &Value) -> String {
    fn find(v: &Value) -> Option<String> {
        match v {
            Value::Object(m) => {
                if let Some(n) = m.get("notation").and_then(Value::as_str)
                    && n.contains("d20")
                {
                    return Some(n.to_owned());
                }
                m.values().find_map(find)
            }
            Value::Array(a) => a.iter().find_map(find),
            _ => None,
        }
    }
    find(cast).unwrap_or_else(|| panic!("no d20 in {cast}"))
}

#[test]
fn spell_attack_takes_advantage_and_disadvantage_from_conditions_in_force() {
    let s = Session::new();
    s.wizard("Wiz");
    s.ok(&["prepare", "Wiz", "Fire Bolt"]);
    s.ok(&["character", "new", "Orcy", "--class", "wizard:1"]);
    s.ok(&["hp", "Orcy", "--max", "30", "--ac", "15"]);
    // Nothing in force: one d20.
    let cast = s.ok(&["cast", "Wiz", "Fire Bolt", "--target", "Orcy"]);
    assert!(attack_notation(&cast).starts_with("1d20"), "{cast}");
    s.ok(&["turn", "end", "Wiz"]);
    // A Paralyzed target: Advantage.
    s.ok(&["condition", "Orcy", "add", "paralyzed"]);
    let cast = s.ok(&["cast", "Wiz", "Fire Bolt", "--target", "Orcy"]);
    assert!(attack_notation(&cast).starts_with("2d20kh1"), "{cast}");
    s.ok(&["turn", "end", "Wiz"]);
    s.ok(&["condition", "Orcy", "remove", "paralyzed"]);
    // Prone: Advantage within 5 feet, Disadvantage from farther.
    s.ok(&["condition", "Orcy", "add", "prone"]);
    let cast = s.ok(&["cast", "Wiz", "Fire Bolt", "--target", "Orcy:dist=5"]);
    assert!(attack_notation(&cast).starts_with("2d20kh1"), "{cast}");
    s.ok(&["turn", "end", "Wiz"]);
    let cast = s.ok(&["cast", "Wiz", "Fire Bolt", "--target", "Orcy:dist=60"]);
    assert!(attack_notation(&cast).starts_with("2d20kl1"), "{cast}");
    s.ok(&["turn", "end", "Wiz"]);
    s.ok(&["condition", "Orcy", "remove", "prone"]);
    // A Poisoned caster: Disadvantage; asking for Advantage cancels it.
    s.ok(&["condition", "Wiz", "add", "poisoned"]);
    let cast = s.ok(&["cast", "Wiz", "Fire Bolt", "--target", "Orcy"]);
    assert!(attack_notation(&cast).starts_with("2d20kl1"), "{cast}");
    s.ok(&["turn", "end", "Wiz"]);
    let cast = s.ok(&[
        "cast",
        "Wiz",
        "Fire Bolt",
        "--target",
        "Orcy",
        "--advantage",
    ]);
    assert!(attack_notation(&cast).starts_with("1d20"), "{cast}");
}
