//! Nothing a user types or writes in a homebrew file makes the catalogue
//! panic, and a failed load never changes what was loaded.

use std::path::Path;

use grimoire_catalog::{Catalog, Query};
use proptest::prelude::*;

const GOOD: &str = r#"[[spell]]
id = "spark"
name_en = "Spark"
name_cs = "Jiskra"
level = 1
school = "evocation"
classes = ["wizard"]
casting_time = "action"
range = "60 ft"
components = { v = true, s = true, m = "flint", cost_gp = 5 }
duration = "concentration 1 minute"

[spell.effect]
kind = "save"
save = { ability = "dex", on_success = "half" }
damage = [{ dice = "2d6", type = "fire", per_slot = "1d6" }]
"#;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn search_and_get_accept_any_text(text in "\\PC{0,40}", limit in 0usize..20) {
        let srd = Catalog::srd();
        let hits = srd.search(&Query::text(text.clone()).limit(limit));
        prop_assert!(hits.len() <= limit);
        let _ = srd.get(&text);
    }

    #[test]
    fn any_file_text_loads_or_reports_without_panicking(text in "\\PC{0,200}") {
        let load = Catalog::srd().with_homebrew_texts([(Path::new("fuzz.toml"), text.as_str())]);
        prop_assert!(load.catalog.len() >= 339);
        prop_assert_eq!(load.catalog.len(), 339 + load.added);
        prop_assert!(load.added == 0 || load.errors.is_empty());
    }

    #[test]
    fn a_damaged_spell_is_all_or_nothing(pos in 0usize..GOOD.len(), byte in any::<u8>()) {
        let mut bytes = GOOD.as_bytes().to_vec();
        bytes[pos] = byte;
        let Ok(text) = String::from_utf8(bytes) else { return Ok(()) };
        let load = Catalog::srd().with_homebrew_texts([(Path::new("spark.toml"), text.as_str())]);
        prop_assert_eq!(load.added + usize::from(!load.errors.is_empty()), 1, "{:?}", load.errors);
        for e in &load.errors {
            let message = e.to_string();
            prop_assert!(message.contains("spark.toml"), "{}", message);
        }
        prop_assert_eq!(Catalog::srd().len(), 339);
    }
}
