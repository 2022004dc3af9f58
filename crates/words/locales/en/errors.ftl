# The app layer's and the catalogue's refusals (grimoire-app's AppError,
# grimoire-catalog's CatalogError): error-<code> and catalog-<code>.

error-unknown_character = no character named "{ $name }"
error-unknown_encounter = no encounter named "{ $name }"
error-not_your_turn = it is { $current }'s turn; { $caster } can only cast a Reaction spell now
# $kind is one of the name-kind-* messages, $problem one of name-problem-*.
error-invalid_name = { $kind } { $problem }
# $field is the request field as the API spells it (targets, hp).
error-too_many = too many { $field }: at most { $limit } allowed
# A spell's work for one casting: $field names what holds it (effect.damage, targets), $limit the bound.
error-spell_too_costly = this casting would do too much work: { $field } takes it past { $limit } (dice and card entries, counted for every target)
error-target_still_standing = { $target } still has { $hp } hit points; the spell moves only once its target drops to 0
error-numbers_from_encounter = { $target } fights in encounter { $encounter }, which keeps its numbers: a cast may not give them ({ $field }); name the target alone
# $errors: the file's catalog-* messages, "; "-separated.
error-invalid_homebrew = homebrew file refused: { $errors }
error-unknown_homebrew = no homebrew file named "{ $file }"
error-unknown_weapon = no SRD weapon named "{ $name }"; the Weapons table lists them (longsword, dagger, longbow...)
error-weapon_not_carried = { $character } carries no { $weapon }: the weapons a character carries are set with equip
# $message: what the dice crate said.
error-too_costly = the plan cannot be computed: { $message }
# Encounter set-up and turns (issue 32: one refusal for every front end).
error-encounter_not_started = { $encounter } has not started; start it first
error-encounter_started = { $encounter } is already running
error-already_in_encounter = { $name } is already in { $encounter }
error-unknown_monster = no monster is called "{ $name }"
error-missing_ac = { $target } has no AC on record; give ac
# $field is the request field as the API spells it (initiative, hp, ac).
error-out_of_range = { $field } must be { $min } to { $max }
error-bad_amount = { $field } must be { $min } to { $max }
# Other writers kept changing the same thing and the retries ran out.
error-busy = { $kind } "{ $name }" is being changed by others; try again

# A request the app cannot make sense of; $reason is one of app-reason-*.
error-invalid_request = invalid request: { $reason }
app-reason-rest_character = { $name } is a character: it rests as a character, not as a creature of the encounter
app-reason-condition_character = { $name } is a character: its conditions are kept on its own sheet, not as a creature of the encounter
app-reason-creature_attack_outside_encounter = { $name } is in no running encounter: a creature attacks a character in one (grimoire encounter add, encounter start)
app-reason-creature_attack_numbers = a creature's attack bonus and damage modifier are between -{ $max } and { $max }, its damage at most { $dice } dice
app-reason-eldritch_smite_melee = Eldritch Smite rides a pact weapon's hit: a Melee weapon, not a ranged one
app-reason-eldritch_smite_not_known = { $name } does not know the Eldritch Smite invocation (grimoire character set { $name } --invocation eldritch-smite)
app-reason-no_pact_slot = { $name } has no Pact Magic slot left for Eldritch Smite (a Short Rest brings them back)
app-reason-eldritch_smite_used = { $name } has used Eldritch Smite this turn already: once a turn
app-reason-cast_opens_window = a spell being cast opens its window by being cast
app-reason-attack_bonuses_from_effects = a player does not give attack_bonuses: the effects in force (Bless) add them by themselves
app-reason-spell_unknown = the spell { $spell } is no longer known

name-kind-character = a character name
name-kind-encounter = an encounter name
name-kind-combatant = a combatant name
name-kind-target = a target name
name-kind-account = an account name
name-kind-campaign = a campaign title
name-kind-item = an item name
name-kind-homebrew_file = a homebrew file name

name-problem-empty = must not be empty
name-problem-too_long = has at most { $max } characters (this one has { $chars })
# $found: the character's code point, U+200B.
name-problem-invisible = must not contain control or invisible format characters (found { $found })
name-problem-slash = must not contain '/' or '\'
name-problem-blank = must not contain characters that draw nothing (found { $found })
name-problem-confusable = looks like the existing "{ $existing }"; choose a name that cannot pass for it
name-problem-creature = is, or looks like, the name of the creature "{ $existing }" in encounter { $encounter }; a character must not pass for a creature: choose another name
name-problem-character = is, or looks like, the name of the character "{ $existing }"; a creature must not pass for a character: choose another name
# $first, $second: Unicode script names (Latin, Cyrillic).
name-problem-mixed_scripts = mixes { $first } and { $second } letters, so it could pass for another name; write it in one script

# $message in the catalog-* messages is what the TOML parser, the operating
# system or the field check said (it names the file format's English keywords).
catalog-homebrew_io = { $file }: cannot be read: { $message }
catalog-homebrew_parse = { $file }: { $message }
catalog-homebrew_invalid_field = { $file }: { $spell }: { $field }: { $message }
catalog-duplicate_spell = duplicate spell id "{ $id }": defined in { $first } and again in { $second }
catalog-monster_invalid_field = { $file }: { $monster }: { $field }: { $message }
catalog-duplicate_monster = duplicate monster id "{ $id }": defined in { $first } and again in { $second }
catalog-unknown_monster = no monster is called "{ $query }"
catalog-unknown_spell = no spell is called "{ $query }"

# A plan's target as typed (ac=15,hp=40,dex=+2,resist=fire): the keys and
# damage type names are the same in every language.
plan-target-too_long = the target is at most { $max } characters
plan-target-number = { $key }={ $value }: give a whole number from { $min } to { $max }
plan-target-key_value = "{ $part }": write key=value (ac=15, hp=40, dex=+2, resist=fire)
plan-target-damage = { $key }={ $value }: not a damage type (fire, cold, ...)
plan-target-key = "{ $key }" is not ac, hp, resist, vuln, immune or an ability (str ... cha)

# A store refusal (a name taken, a change that lost a race, an undo that
# cannot be done), worded from its fields.
store-not_found = no { $kind } named "{ $name }"
store-already_exists = a { $kind } named "{ $name }" already exists
store-conflict = { $kind } "{ $name }" was changed by someone else (expected version { $expected }, found { $found })
store-nothing_to_undo = nothing to undo for { $kind } "{ $name }"
store-undo_forbidden = cannot undo change #{ $change }: it also changed { $kind } "{ $name }", which you may not change; ask whoever may (the GM) to undo it
store-undo_blocked = cannot undo change #{ $change }: { $kind } "{ $name }" has changed since; undo its later changes first
store-invalid_change = invalid change: { $detail }
# $what: events (the change's entry in the log) or change (all it writes).
store-change_too_large = { $what ->
    [events] this change's log entry would take
   *[change] this change would take
} { $bytes } bytes; at most { $limit } are kept, and nothing was written
# $kind in the store-* messages: one of these.
store-kind-character = character
store-kind-encounter = encounter
store-kind-campaign = campaign
store-kind-account = account
store-kind-token = token
# A kind with no words of its own, as the store names it.
store-kind-other = { $kind }
