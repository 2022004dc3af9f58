## What the rules note beside an action or a target's outcome (the rules'
## Note, `code` in JSON): `note-<code>`. $spell is the spell's name in the
## reader's language, $ability an ability's abbreviation, $type a damage
## type's word, $types creature types joined by roll-or.

note-cast_at_level = R6: cast as a level-{ $level } spell
note-casting_takes = R12: casting takes { $rounds } rounds with Concentration; no slot is spent unless it completes
note-casting_continues = R12: { $spell } continues, { $left } round(s) to go
note-casting_ready = R12: { $spell } is ready to complete
note-spell_ended = R15: { $spell } has ended
note-spell_moves = { $spell } moves to { $target }
note-concentration_ends_incapacitated = Concentration ends: the caster is Incapacitated
note-scroll_failed = R5d: the scroll check failed: the spell fades from the scroll with no effect
note-save_dc = DC { $dc } { $ability } save
note-no_extra_damage = no { $type } damage rolled: it harms only { $types }, and no target is one
note-appears_to_succeed = R18: the target appears to succeed on its save
note-no_effect_on_target = R18: the spell has no effect on this target
# $success is note-success-half or note-success-none.
note-save_not_rolled = save not rolled: DC { $dc } { $ability }; on a failure as shown, on a success { $success }
note-success-half = half damage and no conditions
note-success-none = no effect
note-turn_save_not_rolled = save not rolled: DC { $dc } { $ability }; the damage shown is for a failure
note-more_damage = { $amount } more { $type } damage if the target is { $types }; state its creature type to apply it
note-ac_unknown = AC unknown: damage shown applies on a hit
note-font_of_magic_points = Font of Magic: a level-{ $level } slot became { $points } Sorcery Points
note-font_of_magic_slot = Font of Magic: { $points } Sorcery Points became a level-{ $level } slot until the next Long Rest
note-innate_sorcery = Innate Sorcery: +1 save DC and Advantage on attack rolls of Sorcerer spells for 1 minute
note-sorcery_incarnate = Sorcery Incarnate: { $points } Sorcery Points start Innate Sorcery for 1 minute
note-magical_cunning = Magical Cunning: { $count } Pact slots are back
# $levels: the slot levels, joined by commas (1, 1, 2).
note-arcane_recovery = Arcane Recovery: slots of level { $levels } are back
note-natural_recovery = Natural Recovery: slots of level { $levels } are back
note-memorize_spell = Memorize Spell: { $learned } is prepared in place of { $forgot }
note-sorcerous_restoration = Sorcerous Restoration: { $points } Sorcery Points are back
