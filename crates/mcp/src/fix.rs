//! What to do about a refusal: one short, actionable sentence per error
//! code, in the words of this server's tools, so a model can recover
//! without knowing the rules engine.

use crate::lang::Lang;

/// The fix for a refusal `code`, in `lang`: message `mcp-fix-<code>` of
/// the catalogue (`crates/words/locales/<lang>/mcp.ftl`). Codes not in the
/// table get a general sentence that still names a tool to call next.
pub fn fix(code: &str, lang: Lang) -> String {
    let tag = lang.flag();
    grimoire_words::Words::get().text(tag, &format!("mcp-fix-{}", fix_id(code)), None)
}

/// The message a code shares its fix with (codes of one cause share one).
fn fix_id(code: &str) -> &'static str {
    match code {
        "one_slot_per_turn" => "one_slot_per_turn",
        "metamagic_not_known" => "metamagic_not_known",
        "metamagic_not_applicable" => "metamagic_not_applicable",
        "metamagic_one_per_spell" => "metamagic_one_per_spell",
        "too_many_metamagic_options" => "too_many_metamagic_options",
        "quickened_after_spell" => "quickened_after_spell",
        "spell_after_quickened" => "spell_after_quickened",
        "subclass_feature_not_had" => "subclass_feature_not_had",
        "sculpt_not_evocation" | "too_many_sculpted" | "sculpted_not_a_target" => "sculpt",
        "overchannel_unfit" => "overchannel_unfit",
        "not_your_turn" => "not_your_turn",
        "action_unavailable" => "action_unavailable",
        "casting_time_mismatch" => "casting_time_mismatch",
        "no_alternative_casting_time" => "no_alternative_casting_time",
        "missing_trigger" | "not_a_reaction" => "missing_trigger",
        "reaction_window_open" => "reaction_window_open",
        "no_reaction_window" => "no_reaction_window",
        "not_an_answer" | "own_trigger" | "already_answered" | "reaction_target_not_source" => {
            "not_an_answer"
        }
        "no_slot_available" => "no_slot_available",
        "slot_too_low" => "slot_too_low",
        "no_such_slot" | "invalid_slot_level" => "no_such_slot",
        "cantrip_takes_no_slot" => "cantrip_takes_no_slot",
        "spell_level_too_high" | "invalid_spell_level" => "spell_level_too_high",
        "not_prepared" => "not_prepared",
        "not_known" => "not_known",
        "not_on_class_list" | "no_such_class" => "not_on_class_list",
        "too_many_prepared" | "too_many_cantrips" => "too_many_prepared",
        "not_a_ritual" => "not_a_ritual",
        "not_in_spellbook" | "no_spellbook" => "not_in_spellbook",
        "damage_type_not_offered" => "damage_type_not_offered",
        "silenced" | "incapacitated" => "silenced",
        "no_free_hand" | "missing_material" => "no_free_hand",
        "material_worth_unknown" | "material_too_cheap" => "material_worth",
        "out_of_range" | "self_only" | "cannot_target_self" | "too_many_targets"
        | "no_line_of_effect" | "target_not_hostile" => "out_of_range",
        "casting_in_progress" | "casting_unfinished" | "no_casting_in_progress" => {
            "casting_in_progress"
        }
        "no_uses_left" | "source_cannot_cast" | "unknown_source" | "not_in_stat_block" => {
            "no_uses_left"
        }
        "no_concentration" | "not_ongoing" | "not_in_effect" | "unknown_effect"
        | "not_dismissible" => "no_concentration",
        "not_a_caster" => "not_a_caster",
        "no_hit_points" => "no_hit_points",
        "at_zero_hit_points" => "at_zero_hit_points",
        "long_rest_too_soon" => "long_rest_too_soon",
        "no_sorcery_points" => "no_sorcery_points",
        "sorcery_points_full" | "slot_too_high_to_create" | "sorcerer_level_too_low" => {
            "font_of_magic"
        }
        "arcane_recovery_too_many_levels"
        | "arcane_recovery_slot_too_high"
        | "slot_not_expended" => "arcane_recovery",
        "natural_recovery_too_many_levels" | "natural_recovery_slot_too_high" => "natural_recovery",
        "memorize_not_prepared" | "memorize_not_in_book" => "memorize_spell",
        "resource_subclass_not_chosen" => "resource_subclass_not_chosen",
        "arcane_recovery_used"
        | "natural_recovery_used"
        | "magical_cunning_used"
        | "sorcerous_restoration_used"
        | "feature_used"
        | "no_feature_uses"
        | "nothing_to_recover"
        | "innate_sorcery_active" => "once_per_rest",
        "long_rest_in_encounter" => "long_rest_in_encounter",
        "unknown_spell" | "no_spell" => "unknown_spell",
        "unknown_character" | "not_found" => "unknown_character",
        "unknown_encounter" => "unknown_encounter",
        "unknown_combatant" | "empty_encounter" => "unknown_combatant",
        "unknown_monster" => "unknown_monster",
        "already_exists" => "already_exists",
        "nothing_to_undo" | "undo_blocked" | "undo_forbidden" => "nothing_to_undo",
        "conflict" => "conflict",
        "target_still_standing" => "target_still_standing",
        "too_costly" => "too_costly",
        "invalid_argument" => "invalid_argument",
        "usage"
        | "bad_target"
        | "bad_name"
        | "invalid_name"
        | "missing_argument"
        | "invalid_request"
        | "invalid_class_level"
        | "invalid_character_level"
        | "duplicate_class"
        | "invalid_ability_score"
        | "invalid_hit_points"
        | "invalid_armor_class" => "usage",
        "timeout" => "timeout",
        "output_too_large" => "output_too_large",
        "busy" => "busy",
        "database_unavailable" | "database" | "read_only" | "io" | "schema_too_new" => {
            "database_unavailable"
        }
        // A sheet another tool wrote (issue 36) that cannot be read.
        "not_json"
        | "too_large"
        | "no_such_file"
        | "not_a_foundry_actor"
        | "not_a_ddb_character"
        | "not_a_character"
        | "over_bound"
        | "bad_field"
        | "unknown_class"
        | "not_a_spellcaster" => "sheet",
        // Choosing features (issue 33).
        "unknown_subclass"
        | "unknown_feat"
        | "unknown_invocation"
        | "unknown_feature"
        | "feature_variant_needed"
        | "feature_spell_not_allowed" => "feature_choice",
        "subclass_level_too_low"
        | "feat_level_too_low"
        | "invocation_level_too_low"
        | "feature_level_too_low"
        | "prerequisite_missing"
        | "too_many_invocations"
        | "feature_already_chosen" => "feature_not_yet",
        "free_cast_cannot_upcast" => "free_cast_cannot_upcast",
        "wild_shape_no_casting" | "feature_missing" => "wild_shape",
        _ => "other",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r10_says_to_end_the_turn() {
        assert!(fix("one_slot_per_turn", Lang::EN).contains("next_turn"));
        assert!(fix("one_slot_per_turn", Lang::CS).contains("next_turn"));
        assert!(fix("one_slot_per_turn", Lang::CS).contains("tah"));
    }

    #[test]
    fn unknown_codes_still_name_a_tool() {
        assert!(fix("something_new", Lang::EN).contains("options"));
    }

    #[test]
    fn every_fix_is_short_and_differs_by_language() {
        for code in [
            "no_slot_available",
            "material_too_cheap",
            "unknown_spell",
            "usage",
            "timeout",
            "read_only",
            "unknown_subclass",
            "subclass_level_too_low",
            "free_cast_cannot_upcast",
            "wild_shape_no_casting",
            "x",
        ] {
            let (en, cs) = (fix(code, Lang::EN), fix(code, Lang::CS));
            assert!(en.len() < 200 && cs.len() < 250, "{code}");
            assert!(!en.starts_with("mcp-fix-"), "{code}: {en}");
            assert_ne!(en, cs, "{code}");
        }
    }
}
