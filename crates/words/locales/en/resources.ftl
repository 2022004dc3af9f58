# Class resources that pay for spells (SRD 5.2): Sorcery Points, Font of
# Magic, Sorcerous Restoration, Innate Sorcery, Arcane Recovery, Magical
# Cunning. Refusals, their explanations and fixes, and the CLI's lines.

## Class features (rules: ClassFeature)

feature-font-of-magic = Font of Magic
feature-sorcerous-restoration = Sorcerous Restoration
feature-innate-sorcery = Innate Sorcery
feature-sorcery-incarnate = Sorcery Incarnate
feature-arcane-recovery = Arcane Recovery
feature-magical-cunning = Magical Cunning
feature-metamagic = Metamagic
feature-natural-recovery = Natural Recovery
feature-memorize-spell = Memorize Spell

## Refusals

refusal-feature_not_had = { $feature } comes with { $class } level { $level }; this character has { $class } level { $have }
refusal-no_sorcery_points = { $feature } needs { $needed } Sorcery Points and { $left } are left
refusal-sorcery_points_full = that slot gives { $gain } Sorcery Points, but { $points } of at most { $max } are already there ({ $feature }): the rest would be lost
refusal-slot_too_high_to_create = { $feature } creates spell slots of level 5 at most, not level { $level }
refusal-sorcerer_level_too_low = { $feature } creates a level { $level } slot from Sorcerer level { $needed } on; this character has Sorcerer level { $have }
refusal-arcane_recovery_used = { $feature } was already used since the last Long Rest
refusal-magical_cunning_used = { $feature } was already used since the last Long Rest
refusal-sorcerous_restoration_used = { $feature } was already used since the last Long Rest
refusal-feature_used = { $feature } was already used since the last Long Rest
refusal-no_feature_uses = { $feature } has no uses left until a Long Rest
refusal-nothing_to_recover = { $feature } would bring nothing back: nothing it restores is spent
refusal-arcane_recovery_too_many_levels = { $feature } brings back slots of { $max } levels in all (half the Wizard level, rounded up), not { $asked }
refusal-arcane_recovery_slot_too_high = { $feature } brings back no slot of level 6 or higher, so not level { $level }
refusal-slot_not_expended = { $feature } brings back only expended slots, and fewer level { $level } slots are expended than asked
refusal-natural_recovery_used = { $feature } already brought slots back since the last Long Rest
refusal-natural_recovery_too_many_levels = { $feature } brings back slots of { $max } levels in all (half the Druid level, rounded up), not { $asked }
refusal-natural_recovery_slot_too_high = { $feature } brings back no slot of level 6 or higher, so not level { $level }
refusal-resource_subclass_not_chosen = { $feature } comes with the { $subclass ->
    [land] Circle of the Land
   *[other] { $subclass }
} subclass, which this character has not chosen
refusal-memorize_not_prepared = { $feature } swaps out a level 1+ Wizard spell prepared from the spellbook; { $spell } is not one
refusal-memorize_not_in_book = { $feature } prepares a level 1+ Wizard spell of the spellbook (when one is kept) that is not prepared yet; { $spell } is not one
refusal-innate_sorcery_active = { $feature } is already active for { $rounds_left } more rounds
refusal-needs_short_rest = { $feature } is used as a Short Rest finishes: rest with --short

## The web table's explanations

web-explain-feature_not_had = The character's class level does not grant this feature yet.
web-explain-no_sorcery_points = Not enough Sorcery Points are left; a Long Rest brings them all back.
web-explain-sorcery_points_full = The points would go over the maximum; spend some first.
web-explain-slot_too_high_to_create = Font of Magic creates slots of level 1 to 5 only.
web-explain-sorcerer_level_too_low = A slot of that level needs a higher Sorcerer level.
web-explain-arcane_recovery_used = Arcane Recovery works once per Long Rest.
web-explain-magical_cunning_used = Magical Cunning works once per Long Rest.
web-explain-sorcerous_restoration_used = Sorcerous Restoration works once per Long Rest.
web-explain-feature_used = This feature works once per Long Rest.
web-explain-no_feature_uses = No uses are left until a Long Rest.
web-explain-nothing_to_recover = Nothing is spent, so there is nothing to bring back.
web-explain-arcane_recovery_too_many_levels = Arcane Recovery brings back slot levels up to half the Wizard level, rounded up.
web-explain-arcane_recovery_slot_too_high = Arcane Recovery brings back no slot of level 6 or higher.
web-explain-slot_not_expended = Only expended slots come back.
web-explain-natural_recovery_used = Natural Recovery brings slots back once per Long Rest.
web-explain-natural_recovery_too_many_levels = Natural Recovery brings back slot levels up to half the Druid level, rounded up.
web-explain-natural_recovery_slot_too_high = Natural Recovery brings back no slot of level 6 or higher.
web-explain-resource_subclass_not_chosen = This feature belongs to a subclass the character has not chosen.
web-explain-memorize_not_prepared = Memorize Spell swaps out a Wizard spell that is prepared from the spellbook.
web-explain-memorize_not_in_book = Memorize Spell prepares a spell of the spellbook that is not prepared yet.
web-explain-innate_sorcery_active = Innate Sorcery is already active.
web-explain-needs_short_rest = This comes with finishing a Short Rest.

## MCP fixes

mcp-fix-no_sorcery_points = Not enough Sorcery Points: turn a slot into points (font_of_magic with to_points), pick a cheaper option, or rest (rest with kind long).
mcp-fix-font_of_magic = Font of Magic cannot do this: check the Sorcerer level, the points left and the slot level (1 to 5) in character_show, then call font_of_magic again.
mcp-fix-once_per_rest = That feature is spent until a Long Rest, or there is nothing to bring back: check character_show, then rest with kind long.
mcp-fix-arcane_recovery = Choose expended slots of level 5 or lower whose levels add up to at most half the Wizard level (rounded up), then rest with kind short and arcane_recovery.

mcp-fix-natural_recovery = Choose expended slots of level 5 or lower whose levels add up to at most half the Druid level (rounded up), then rest with kind short and natural_recovery.
mcp-fix-memorize_spell = Check the prepared spells and the spellbook in character_show, then rest with kind short and memorize (forget: a prepared spell of the book, learn: a book spell not prepared).
mcp-fix-resource_subclass_not_chosen = Choose the subclass first (character_features), or leave this feature out of the rest.

## CLI

cli-resources-points = Sorcery Points: { $points } of { $max }
cli-resources-created = created slots: { $slots }
cli-resources-innate = Innate Sorcery: { $uses } of { $max } uses
cli-resources-innate-active = Innate Sorcery: active for { $rounds } more rounds
cli-resources-restoration = Sorcerous Restoration: { $state ->
    [used] used
   *[ready] ready
}
cli-resources-arcane = Arcane Recovery: { $state ->
    [used] used
   *[ready] ready, slot levels up to { $levels }
}
cli-resources-cunning = Magical Cunning: { $state ->
    [used] used
   *[ready] ready
}
cli-font-to-points = { $name } turns a level { $level } slot into { $points } Sorcery Points ({ $left } now).
cli-font-to-slot = { $name } turns { $points } Sorcery Points into a level { $level } slot ({ $left } points left).
cli-innate-started = { $name } starts Innate Sorcery for 1 minute: +1 save DC and Advantage on attack rolls of Sorcerer spells.
cli-innate-incarnate = { $name } starts Innate Sorcery with Sorcery Incarnate for { $points } Sorcery Points.
cli-cunning-done = { $name } performs the rite of Magical Cunning: { $count } Pact slots are back.
cli-rest-arcane = Arcane Recovery: slots of level { $levels } are back.
cli-bad-natural-recovery = --natural-recovery takes slot levels separated by commas, e.g. 3,1 (got { $given })
cli-resources-natural = Natural Recovery: { $state ->
    [used] used
   *[ready] ready, slot levels up to { $levels }
}
cli-rest-restoration = Sorcerous Restoration: { $points } Sorcery Points are back.
cli-font-usage = say which way: --to-points LEVEL (a slot becomes Sorcery Points) or --to-slot LEVEL (points become a slot)
cli-bad-arcane-recovery = --arcane-recovery takes slot levels separated by commas, e.g. 3,1 (got { $given })
cli-options-points-slot = slot { $level } made from { $points } Sorcery Points
web-opt-points = slot { $level } from { $points } Sorcery Points
mcp-args-font = give exactly one of to_points and to_slot (pact only with to_points)
web-sheet-sorcery-points = Sorcery Points
web-sheet-innate-sorcery = Innate Sorcery
web-sheet-created-slots = made from points: { $slots }
web-sheet-resource-pips = { $name }: { $left } of { $total } left

## Help of the commands

help-grimoire-font = Font of Magic: turn a slot into Sorcery Points, or points into a slot (Sorcerer 2+)
help-grimoire-font--name = The character; leave out for the active one (grimoire use NAME)
help-grimoire-font--to_points = Expend a slot of this level for as many Sorcery Points (no action)
help-grimoire-font--to_slot = Spend Sorcery Points for a slot of this level, 1 to 5 (a Bonus Action)
help-grimoire-font--pact = With --to-points: expend a Pact Magic slot
help-grimoire-innate = Start Innate Sorcery for 1 minute (Bonus Action; Sorcerer)
help-grimoire-innate--name = The character; leave out for the active one (grimoire use NAME)
help-grimoire-cunning = Magical Cunning: a 1-minute rite that brings back Pact slots (Warlock 2+)
help-grimoire-cunning--name = The character; leave out for the active one (grimoire use NAME)
help-grimoire-rest--arcane_recovery = Arcane Recovery at the end of the Short Rest: the levels of the expended slots to recover (3,1)
help-grimoire-rest--natural_recovery = Natural Recovery (Circle of the Land Druid 6+) at the end of the Short Rest: the levels of the expended slots to recover (3,1)
help-grimoire-rest--memorize = Memorize Spell (Wizard 5+) at the end of the Short Rest: the spellbook's spell to prepare; --forget names the one it replaces
help-grimoire-rest--forget = With --memorize: the prepared spell Memorize Spell replaces
help-grimoire-rest--sorcerous_restoration = Sorcerous Restoration at the end of the Short Rest: regain Sorcery Points
help-after-grimoire-font =
    Examples:
      grimoire font Sera --to-slot 3          5 Sorcery Points become a level 3 slot
      grimoire font Sera --to-points 2        a level 2 slot becomes 2 Sorcery Points
      grimoire font Vex --to-points 2 --pact  a Pact slot becomes points
help-after-grimoire-innate =
    Examples:
      grimoire innate Sera
help-after-grimoire-cunning =
    Examples:
      grimoire cunning Vex
