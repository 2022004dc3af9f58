//! What a player may not see of a live event: a creature's hit points are
//! the GM's (issue 13). The encounter view and the table log already hide
//! them; this does the same to live payloads before they go to a player.

use std::collections::HashSet;

use serde_json::Value;

/// Blanks, anywhere in `data`, the hit points of combatants and targets
/// that are not characters: a combatant marked `"character": false`, and a
/// `target` (with `hp_after` or `hp`) whose folded name is not in
/// `characters`.
pub fn for_player(data: &mut Value, characters: &HashSet<String>) {
    match data {
        Value::Array(items) => items.iter_mut().for_each(|v| for_player(v, characters)),
        Value::Object(o) => {
            if o.get("character") == Some(&Value::Bool(false)) && o.contains_key("hp") {
                o.insert("hp".into(), Value::Null);
            }
            let creature = o
                .get("target")
                .and_then(Value::as_str)
                .is_some_and(|t| !characters.contains(&grimoire_app::fold(t)));
            if creature {
                for key in ["hp_after", "hp"] {
                    if o.contains_key(key) {
                        o.insert(key.into(), Value::Null);
                    }
                }
            }
            o.values_mut().for_each(|v| for_player(v, characters));
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn creatures_lose_their_hit_points_characters_keep_theirs() {
        let characters: HashSet<String> = ["elmira".to_owned()].into();
        let mut data = json!({
            "cast": {"targets": [
                {"target": "Ogre", "hp_after": 12, "damage_total": 20},
                {"target": "Elmira", "hp_after": 7}
            ]},
            "status": {"combatants": [
                {"name": "Ogre", "character": false, "hp": 12},
                {"name": "Elmira", "character": true, "hp": 7}
            ]},
            "turn_damage": [{"target": "Ogre", "outcome": {"target": "Ogre", "hp_after": 3}}],
            "target": "Ogre", "hp": 3, "damage": 9
        });
        for_player(&mut data, &characters);
        assert_eq!(data["cast"]["targets"][0]["hp_after"], Value::Null);
        assert_eq!(data["cast"]["targets"][0]["damage_total"], 20);
        assert_eq!(data["cast"]["targets"][1]["hp_after"], 7);
        assert_eq!(data["status"]["combatants"][0]["hp"], Value::Null);
        assert_eq!(data["status"]["combatants"][1]["hp"], 7);
        assert_eq!(data["turn_damage"][0]["outcome"]["hp_after"], Value::Null);
        assert_eq!((&data["hp"], &data["damage"]), (&Value::Null, &json!(9)));
    }
}
