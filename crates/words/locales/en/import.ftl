# Foundry VTT (dnd5e) sheets: import, export, check (issue 36).

## Help

help-grimoire-check = Check a Foundry VTT (dnd5e) or D&D Beyond sheet against the 2024 rules, importing nothing
help-grimoire-check--file = The sheet to check: a Foundry VTT (dnd5e) actor or a D&D Beyond character JSON
help-grimoire-check--from = The sheet's format (told from the file when left out)
help-grimoire-import-foundry = Import a character from a Foundry VTT (dnd5e) actor JSON file, with a report
help-grimoire-import-foundry--file = The actor JSON file exported from Foundry VTT
help-grimoire-import-foundry--name = Store the character under this name instead of the sheet's
help-grimoire-import-ddb = Import a character from a D&D Beyond character JSON file, with a report
help-grimoire-import-ddb--file = The character JSON saved from D&D Beyond
help-grimoire-import-ddb--name = Store the character under this name instead of the sheet's
help-grimoire-export-foundry = Print a character as a Foundry VTT (dnd5e) actor JSON
help-grimoire-export-foundry--name = The character (the active one when left out)

## The import report

# $mapped and $skipped count the report's lines.
# $from is foundry or ddb.
cli-import-done = { $name } imported from { $from ->
    [ddb] D&D Beyond
   *[foundry] Foundry VTT
}: { $mapped } parts mapped, { $skipped } not
# $what is one of the cli-import-mapped-* or cli-import-skip-* messages.
cli-import-line-mapped = ✓ { $field } { $name }: { $what }
cli-import-line-skipped = – { $field } { $name }: { $what }
cli-import-mapped-abilities = ability scores
cli-import-mapped-class = { $class } level { $level }
cli-import-mapped-prepared = prepared
cli-import-mapped-cantrip = cantrip
cli-import-mapped-always = always prepared ({ $class })
cli-import-mapped-spellbook = in the spellbook
cli-import-mapped-slots = { $remaining } level-{ $level } slots remaining
cli-import-mapped-pact = { $remaining } Pact Magic slots remaining
cli-import-mapped-vitals = hit points and Armor Class
cli-import-mapped-fixed-max-hp = hit points: the maximum, which Foundry computes, worked out by the 2024 fixed method ({ $max_hp }); the sheet's value kept as the current hit points
cli-import-mapped-scrolls = { $count } Spell Scroll(s), one magic item each
cli-import-mapped-free-uses = { $max } free cast(s) between rests, a limited-use feature
cli-import-mapped-charged = a magic item with { $charges } charges, casting its spells from them
cli-import-mapped-item-spell = cast from the item's charges
cli-import-mapped-subclass = the { $class } subclass, chosen with what it gives
cli-import-mapped-sorcery-points = { $spent } Sorcery Points spent since the last Long Rest
cli-import-mapped-hit-dice = { $spent } Hit Point Dice spent since the last Long Rest
cli-import-mapped-armor-worn = worn: counted in the Armor Class
cli-import-mapped-arcanum = Mystic Arcanum (level { $level }): cast once per Long Rest without a slot
cli-import-skip-unknown_spell = not in the SRD 5.2 catalogue: skipped (add it as homebrew to keep it)
cli-import-skip-not_prepared = not prepared: skipped
cli-import-skip-item_spell = a magic item's spell: skipped with the item
cli-import-skip-at_will = cast at will or innately: not modelled, skipped
cli-import-skip-ritual_only = cast only as a Ritual: skipped
cli-import-skip-free_uses_formula = free casts per rest by a formula: not modelled, the spell is kept without them
cli-import-skip-class_without_spells = a class without spells: its levels are not counted
cli-import-skip-subclass = subclass not in the SRD 5.2 catalogue (or its option not shown on the sheet): not chosen, skipped
cli-import-skip-feature = feature: not modelled, skipped
cli-import-skip-item = item: not modelled, skipped
cli-import-skip-vitals_computed = hit points left for Foundry to compute that Grimoire cannot work out (no current value, or levels in classes without spells): not recorded
cli-import-skip-armor_class_computed = Armor Class (or a bonus to it) left for Foundry to compute by a formula: the unarmored one (10 + Dexterity) recorded instead, or the bonus left out
cli-import-skip-slots_over_max = more slots than the levels give: kept at the maximum
cli-import-skip-copies_over_bound = more than 20 copies: the first 20 are kept
cli-import-skip-charge_cost = costs more than one charge a cast: left off the item (Grimoire spends one a cast)
cli-import-skip-hit_dice_without_vitals = Hit Point Dice spent, but the hit points are left for Foundry to compute: not kept (Grimoire keeps spent dice with the hit points)

## Refused sheets

cli-import-no-file = name a file (or `foundry FILE` for a Foundry VTT sheet, `ddb FILE` for a D&D Beyond one)
cli-import-error-too_large = { $file } is { $size } bytes; a sheet may be at most { $max }
# $how is truncated (the file ends mid-value) or syntax (anything else, nesting over 128 deep too).
cli-import-error-not_json = { $how ->
    [truncated] { $file } is cut short (line { $line }, column { $column }): not a whole JSON file
   *[syntax] { $file } is not valid JSON (line { $line }, column { $column })
}
cli-import-error-not_a_foundry_actor = { $file } is not a Foundry VTT dnd5e actor: { $field } is missing or wrong
cli-import-error-not_a_ddb_character = { $file } is not a D&D Beyond character: { $field } is missing or wrong
cli-import-error-not_a_character = { $file } holds a { $kind }, not a character (field type)
cli-import-error-over_bound = { $file }: { $field } is over its bound of { $max }
cli-import-error-bad_field = { $file }: { $field } holds an invalid value: { $value }
cli-import-error-unknown_class = { $file }: { $field } names the class { $class }, which is not an SRD class
cli-import-error-not_a_spellcaster = { $file }: the character has no spellcasting class

## The check

cli-check-clean = No finding: the sheet agrees with the 2024 rules.
cli-check-count = { $count } finding(s):
cli-check-too_many_prepared = { $count } spells prepared; the class tables allow { $max }
cli-check-too_many_cantrips = { $count } cantrips; the class tables allow { $max }
cli-check-not_on_class_list = { $spell } is on none of the character's class lists (R8)
cli-check-spell_level_too_high = { $spell } is level { $level }; the class prepares up to level { $max }
cli-check-slots_mismatch = level-{ $level } slots: the sheet says { $sheet }, the levels give { $rules } (R2)
cli-check-pact_slots_mismatch = Pact Magic slots: the sheet says { $sheet }, the Warlock level gives { $rules }
cli-check-spellcasting_ability = the sheet casts with { $sheet }; a { $class } casts with { $rules } (R19, R20)
cli-check-save_dc_bonus = the sheet adds { $bonus } to the save DC: the rules alone do not
cli-check-attack_bonus = the sheet adds { $bonus } to spell attacks: the rules alone do not
cli-check-rules_2014 = { $spell } comes from the 2014 rules on the sheet; Grimoire plays the 2024 version, which may differ
cli-check-class_2014 = the sheet's { $class } is the 2014 class; the 2024 class prepares other numbers of spells and has other features
cli-check-hp_over_max = the sheet has { $sheet } hit points, above the maximum of { $max }: kept at the maximum
cli-check-other_class_levels = { $levels } levels in classes without spells raise proficiency beyond what Grimoire counts
