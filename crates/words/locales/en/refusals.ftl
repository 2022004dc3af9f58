# Refusals of the rules engine: `refusal-<code>`, one per stable code.
# The rule id (`R3: `) is put before the message by the code, not here.
# Arguments are the values the refusal names (see `RulesError::args`).

refusal-invalid_spell_level = spell level { $level } does not exist; spell levels run from 0 to 9
refusal-invalid_slot_level = slot level { $level } does not exist; slot levels run from 1 to 9
refusal-invalid_spell_id = spell id "{ $id }" is not a slug like "magic-missile"
refusal-invalid_dice = "{ $text }" is not dice notation like "2d8+3"
refusal-invalid_class_level = { $class } level { $level } is outside 1 to 20
refusal-invalid_character_level = character level { $total } is outside 1 to 20
refusal-duplicate_class = { $class } is listed twice; give one level per class
refusal-invalid_ability_score = { $ability } score { $score } is outside 1 to 30
refusal-invalid_armor_class = ac { $value } is outside 0 to { $max }
refusal-invalid_hit_points = { $field } { $value } is outside 0 to { $max }
refusal-no_hit_points = { $name } has no hit points recorded
refusal-spell_level_too_high = { $spell } is level { $level }; this caster casts spells up to level { $max }
refusal-too_many_prepared = { $spell }: { $count } spells are prepared already, the most the caster's classes allow (unprepare one first)
refusal-too_many_cantrips = { $spell }: { $count } cantrips are known already, the most the caster's classes allow (unprepare one first)
refusal-no_slot_available = no spell slot of level { $level } or higher is left
refusal-no_such_slot = this caster has no level-{ $level } spell slots at all, spent or not (its highest is level { $highest })
refusal-slot_too_low = a level-{ $spell_level } spell does not fit a level-{ $slot } slot
refusal-cantrip_takes_no_slot = cantrips are cast without a spell slot
refusal-not_prepared = { $spell } is not prepared
refusal-not_a_reaction = only a Reaction spell can be cast on another creature's turn; { $spell } is not one
refusal-not_known = { $spell } is not among the cantrips this caster knows
refusal-not_on_class_list = { $spell } is not on the spell list of any of this caster's classes
refusal-no_such_class = this caster has no { $class } levels
refusal-not_in_spellbook = { $spell } is not in the spellbook; a Wizard prepares spells from the spellbook, so copy it there first
refusal-no_spellbook = { $name } has no Wizard levels, so no spellbook
refusal-not_a_ritual = { $spell } has no Ritual tag, so it cannot be cast as a ritual
refusal-one_slot_per_turn = a spell slot was already expended this turn; only one slot per turn
refusal-action_unavailable = the { $action } has already been used this turn
refusal-casting_time_mismatch = this spell is cast with the { $needed }, not the { $given }
refusal-missing_trigger = this spell is cast in response to its trigger: { $trigger }
refusal-silenced = a silenced caster cannot provide the verbal component
refusal-no_free_hand = the spell needs a free hand for its components
refusal-missing_material = the caster lacks the material component: { $material }
refusal-material_worth_unknown = the caster has { $carried } of unknown worth, and the material component needs one worth { $cost_gp } GP or more: { $material }
refusal-material_too_cheap = the caster has { $carried } worth { $worth_gp } GP, and the material component needs { $cost_gp } GP or more: { $material }
refusal-incapacitated = the caster is Incapacitated
refusal-at_zero_hit_points = { $name } is at 0 hit points, so Unconscious, and cannot cast a spell until it regains hit points
refusal-dead = { $name } is dead (three failed death saves or massive damage; 2024 Dead): no death save, healing, Hit Point Dice or rest brings it back
refusal-not_dying = { $stable ->
        [yes] { $name } is Stable already and rolls no more death saves (2024 Death Saving Throws)
       *[no] { $name } has { $hp } hit points and is not dying: death saves are for a creature at 0 hit points (2024 Death Saving Throws)
    }
refusal-no_hit_dice_left = { $name } has { $left } d{ $size } Hit Point Dice left, not { $asked } (2024 Hit Point Dice: a Long Rest brings them back)
refusal-no_line_of_effect = there is no clear path to { $target } (Total Cover)
refusal-out_of_range = { $target } is { $distance_ft } feet away, beyond the range of { $range_ft } feet
refusal-too_many_targets = this spell takes at most { $max ->
        [one] { $max } target
       *[other] { $max } targets
    }, { $given } given
refusal-cannot_target_self = this spell cannot target its caster
refusal-self_only = this spell's range is Self; it cannot target { $target }
refusal-no_uses_left = { $name } has no uses left
refusal-long_rest_too_soon = { $name } finished a Long Rest less than 16 hours ago and can start the next one in { $hours_left ->
        [one] { $hours_left } hour
       *[other] { $hours_left } hours
    }
refusal-long_rest_in_encounter = { $name } is fighting in the encounter { $encounter }; a Long Rest is downtime, taken once the encounter has ended
refusal-source_cannot_cast = { $name } cannot cast { $spell }
refusal-no_concentration = the caster is not concentrating on anything
refusal-casting_in_progress = the caster is already casting { $spell }
refusal-no_casting_in_progress = the caster is not in the middle of casting a spell
refusal-casting_unfinished = { $spell } needs { $rounds_left } more { $rounds_left ->
        [one] round
       *[other] rounds
    } of casting
refusal-not_in_effect = no { $spell } is in effect here to study
refusal-not_ongoing = { $spell } is instantaneous; only a spell in effect can be identified
refusal-not_movable = { $spell } cannot be moved to another creature; only spells like Hex and Hunter's Mark can
refusal-unknown_effect = no active effect { $id }
refusal-not_dismissible = { $spell } cannot be dismissed
refusal-unknown_combatant = no combatant { $name } in this encounter
refusal-empty_encounter = the encounter has no combatants
refusal-damage_type_not_offered = this spell cannot deal { $chosen } damage; it offers { $offered }
refusal-target_not_hostile = this spell must target a Hostile creature, and { $target } is not one
refusal-no_alternative_casting_time = { $spell } has only one casting time
refusal-not_in_stat_block = { $spell } is not on this creature's Spellcasting list
refusal-no_reaction_window = nothing is waiting for a reaction
# `waiting` is `spell` when a spell waits to be cast, else `trigger` (a
# hit, damage, a fall); `spell` is then empty.
refusal-reaction_window_open = { $waiting ->
        [spell] { $caster }'s { $spell } waits for reactions; react, pass or resolve it first
       *[trigger] { $trigger } waits for reactions; react, pass or resolve it first
    }
refusal-not_an_answer = { $spell } does not answer { $trigger }
refusal-own_trigger = { $name } cannot react to its own { $what }
refusal-reaction_target_not_source = { $spell } strikes back at { $source }, who caused the trigger, not at { $target }
refusal-already_answered = { $name } has already answered this trigger
refusal-not_a_caster = { $name } has no spellcasting (add it as a character or with --monster)
refusal-invalid_request = invalid request: { $reason }

# Why a request is invalid: `invalid-<code>`, the `reason` of
# refusal-invalid_request (see `Invalid::args`). A stat block's spells are
# named by their ids, as the block's file gives them.

invalid-combatant_listed_twice = combatant { $name } is listed twice
invalid-leaves_on_own_turn = it is { $name }'s turn; end it before { $name } leaves
invalid-cantrip_in_spellbook = { $spell } is a cantrip; cantrips are known, not kept in a spellbook
invalid-slot_level_without_slot = a slot level can only be chosen when casting with a slot
invalid-save_dc_out_of_range = save DC { $dc } is outside { $min } to { $max }
invalid-attack_bonus_out_of_range = attack bonus { $bonus } is outside { $min } to { $max }
invalid-no_spells_listed = the Spellcasting list names no spells
invalid-unnamed_spell_line = a spell line has no name
invalid-empty_spell_line = the line { $line } names no spells
invalid-per_day_out_of_range = { $line }: { $per_day }/day is outside { $min } to { $max }
invalid-spell_listed_twice = { $spell } is listed twice in { $line }
invalid-too_many_slots = level { $level } has { $slots } slots; a stat block gives at most { $max } of one level
invalid-slot_spells_without_slots = spells are cast with slots, but the block gives no slots

## Metamagic (Sorcerer, SRD 5.2)

refusal-metamagic_not_known = the caster does not know { $option }; a Sorcerer learns Metamagic options from Sorcerer level 2
refusal-metamagic_not_applicable = { $option } cannot reshape { $spell }: { $why ->
    [no_save] the spell forces no saving throw
    [no_damage_roll] the spell rolls no damage when cast
    [no_attack_roll] the spell makes no attack roll
    [range_not_extendable] its range is neither 5 feet or more nor Touch
    [duration_too_short] it lasts less than 1 minute
    [not_an_action] its casting time is not an Action
    [no_transmutable_damage] it deals no acid, cold, fire, lightning, poison or thunder damage
    [transmuted_needs_type] choose the new type: acid, cold, fire, lightning, poison or thunder
    [no_extra_target] it gains no extra target from a higher level
    [already_ninth_level] a 9th-level casting cannot count one level higher
    [not_a_target] { $name } is not one of its targets
    [too_many_creatures] it protects at most { $max } creatures (the Charisma modifier)
    [needs_one_target] name the one target that saves with Disadvantage
    [ritual] a ritual takes its own casting time
   *[other] { $why }
}
refusal-metamagic_one_per_spell = { $first } and { $second } cannot shape one spell together; only Empowered and Seeking Spell join another option
refusal-too_many_metamagic_options = { $given } Metamagic options named; a spell takes at most { $max }
refusal-quickened_after_spell = a level 1+ spell was already cast this turn, so no spell can be Quickened now
refusal-spell_after_quickened = a Quickened spell was cast this turn, so { $spell } (a level 1+ spell) must wait for the next turn
refusal-unknown_metamagic = no Metamagic option is called "{ $id }"; the options are careful, distant, empowered, extended, heightened, quickened, seeking, subtle, transmuted and twinned
refusal-metamagic_level_too_low = { $name } needs Sorcerer level { $needed } (the character has { $have })
refusal-unknown_subclass = no SRD 5.2 subclass is called "{ $id }"; write CLASS:SUBCLASS, e.g. wizard:evoker, cleric:life, druid:land:arid
refusal-unknown_feat = no feat is called "{ $id }"; the feats that cast are magic-initiate (with cleric, druid or wizard) and boon-of-spell-recall
refusal-unknown_invocation = no Eldritch Invocation that casts is called "{ $id }"; e.g. armor-of-shadows, misty-visions, pact-of-the-tome
refusal-unknown_feature = no class feature that asks for spells is called "{ $id }"; e.g. signature-spells, spell-mastery
refusal-subclass_level_too_low = { $name } needs { $class } level { $needed } (the character has { $have }); raise the class level first
refusal-feat_level_too_low = { $name } needs character level { $needed } (the character has { $have })
refusal-invocation_level_too_low = { $name } needs { $class } level { $needed } (the character has { $have }); choose it at that level
refusal-feature_level_too_low = { $name } comes at { $class } level { $needed } (the character has { $have })
refusal-feature_already_chosen = the character already has { $name }; a subclass is chosen once per class, and a feat again only with another option
refusal-prerequisite_missing = { $name } needs { $needs } first; choose that one before it
refusal-too_many_invocations = a Warlock of this level knows at most { $max } Eldritch Invocations; it already has them all
refusal-feature_spell_not_allowed = { $name } cannot take { $spell }: check its list, level, Ritual tag and how many it allows
refusal-feature_variant_needed = { $name } needs one of its options: { $options } (write it after the id, e.g. ID:OPTION)
refusal-free_cast_cannot_upcast = { $name } casts the spell at level { $level } only; to cast it higher, use a spell slot instead
refusal-wild_shape_no_casting = a Druid in Wild Shape cannot cast spells (Concentration already held goes on); leave the shape first (wildshape off)
refusal-feature_missing = the character does not have { $name }
refusal-too_many_metamagic = a Sorcerer of this level knows at most { $max } Metamagic options; it already has them all

## Subclass features that change a cast (SRD 5.2)

refusal-subclass_feature_not_had = { $feature ->
    [sculpt-spells] Sculpt Spells
    [overchannel] Overchannel
   *[other] { $feature }
} needs the { $subclass } subclass at { $class } level { $level }
refusal-sculpt_not_evocation = Sculpt Spells shapes only Evocation spells; { $spell } is not one
refusal-too_many_sculpted = Sculpt Spells spares at most { $max } creatures (1 + the spell's level)
refusal-sculpted_not_a_target = { $name } is not one of the spell's targets, so Sculpt Spells cannot spare it
refusal-overchannel_unfit = Overchannel powers only a Wizard spell that deals damage, cast with a slot of level 1 to 5; { $spell } is not cast so
