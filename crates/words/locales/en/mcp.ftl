# What an AI game master should do about a refusal, by error code: one short,
# actionable sentence naming this server's tools (`mcp-fix-<code>`).

mcp-fix-one_slot_per_turn = Only one spell slot per turn: end the turn with next_turn, then cast it on the character's next turn (or cast a cantrip now).
mcp-fix-not_your_turn = It is another combatant's turn: call next_turn until it is this character's turn, or cast a Reaction spell with off_turn.
mcp-fix-action_unavailable = That part of the turn is used: choose another action (magic, bonus or reaction), or end the turn with next_turn.
mcp-fix-casting_time_mismatch = Cast it with the action its casting time names (set action to magic, bonus or reaction accordingly); spell_show tells the casting time.
mcp-fix-no_alternative_casting_time = This spell has one casting time: call cast again without alternative_time.
mcp-fix-missing_trigger = A Reaction spell needs its trigger: pass trigger (and off_turn on another creature's turn), or answer an open window with react.
mcp-fix-reaction_window_open = A spell is waiting for Reactions: answer it with react, let it go with reaction_pass, or close it with reaction_resolve first.
mcp-fix-no_reaction_window = Nothing is waiting for a Reaction: cast normally with cast, or open a window with encounter_cast or attack_hit.
mcp-fix-not_an_answer = This Reaction cannot answer the open window: look at encounter_show, then react with another combatant or spell, or call reaction_resolve.
mcp-fix-no_slot_available = No slot of that level or higher is left: take a long rest with rest (kind long), cast a cantrip, or pick a lower-level spell from options.
mcp-fix-slot_too_low = The slot is below the spell's level: cast it at a higher slot (level at least the spell's level), or leave level out for the lowest that fits.
mcp-fix-no_such_slot = The character has no slot of that level: call options to see the slot levels it can use, then cast with one of them.
mcp-fix-cantrip_takes_no_slot = Cantrips use no slot: call cast again without level.
mcp-fix-spell_level_too_high = The character cannot cast spells of that level yet: pick a lower-level spell (options lists what it can cast).
mcp-fix-not_prepared = Prepare the spell first with prepare (or cast it as a ritual with ritual, if it is one).
mcp-fix-not_known = The character does not know this cantrip: add it with prepare, within its cantrip limit.
mcp-fix-not_on_class_list = This spell is not on the character's class lists: use spell_search with class to find spells it can learn, or, if a subclass, feat, species or Magical Secrets keeps it prepared, prepare it with always true.
mcp-fix-too_many_prepared = The character is at its limit: unprepare a spell (prepare with unprepare true), then prepare this one.
mcp-fix-not_a_ritual = This spell is not a ritual: cast it with a slot (leave ritual out).
mcp-fix-not_in_spellbook = The spell is not in this Wizard's spellbook: copy it in with spellbook_add, or prepare another spell (spellbook_show lists the book).
mcp-fix-damage_type_not_offered = Choose a damage type the spell offers (the message lists them) and call cast again with it in damage_type.
mcp-fix-silenced = The character cannot cast now: wait for the condition to end (next_turn lets time pass) or act with another combatant.
mcp-fix-no_free_hand = The character lacks a free hand or a component: equip a pouch or focus with the equip tool (or free a hand), or pick another spell from options.
mcp-fix-material_worth = The material must be worth its cost: give its worth with equip (material "diamond worth 300 GP") or carry a dearer one.
mcp-fix-out_of_range = The targets do not fit the spell: read spell_show for its range and targets, then call cast again with fewer or other targets.
mcp-fix-casting_in_progress = A long casting is under way: continue it each turn with casting (step continue) or give it up (step abandon); when its time is up, cast with complete.
mcp-fix-feature_choice = Write CLASS:SUBCLASS[:OPTION] (druid:land:arid) or FEAT[:LIST][:SPELLS] (magic-initiate:cleric:light,bless), spells fitting its list and count; call character_features again.
mcp-fix-feature_not_yet = Not yet allowed (class level, a needed invocation, the number known, or already chosen): see character_show and choose another.
mcp-fix-free_cast_cannot_upcast = A free cast uses the feature's own level: leave level out, or cast with a slot (leave via out) to cast it higher.
mcp-fix-wild_shape = No casting in Wild Shape: call wild_shape with on false first (Concentration goes on); only a Druid with uses left goes into it.
mcp-fix-no_uses_left = That item, ability or stat-block use is spent or cannot cast this: cast with a slot instead (leave via out), or rest to regain uses (rest for a character, creature_rest for a creature).
mcp-fix-creature_rest = The creature's uses per day are spent (a creature has no spell slots): they come back when it finishes a Long Rest with creature_rest, or let another combatant act.
mcp-fix-no_concentration = There is no such ongoing spell: call character_show to see what is in effect (concentration_drop, dismiss and retarget act on what it lists).
mcp-fix-not_a_caster = That combatant cannot cast: add a spellcaster with encounter_add (a character's name, or monster from monster_list).
mcp-fix-no_hit_points = The character has no hit points recorded: set them with the hp tool (max and ac), then try again.
mcp-fix-at_zero_hit_points = The caster is at 0 hit points: heal it (the hp or cast tool) before it casts again.
mcp-fix-long_rest_too_soon = A Long Rest waits 16 hours after the last one ended: let the hours pass with wait, or take a short rest now with rest (kind short).
mcp-fix-long_rest_in_encounter = The character is fighting in a running encounter: finish the fight with encounter_end, then rest.
mcp-fix-unknown_spell = No spell has that name: find it with spell_search (English or Czech, part of the name), then use its id.
mcp-fix-unknown_character = No such character or encounter: call character_list (or encounter_list) for the exact names, or create it first.
mcp-fix-unknown_encounter = No such encounter: call encounter_list for the names, or create it with encounter_create.
mcp-fix-unknown_combatant = That combatant is not in the encounter: add it with encounter_add, or call encounter_show for the names.
mcp-fix-unknown_monster = No stat block has that name: call monster_list and use one of its ids.
mcp-fix-already_exists = That name is taken: choose another name, or use the existing one (character_list, encounter_list).
mcp-fix-nothing_to_undo = There is nothing this undo can revert: read the history with log first.
mcp-fix-conflict = Someone changed the same state at the same moment: call the tool again.
mcp-fix-target_still_standing = Hex or Hunter's Mark can move only once the target drops to 0 hit points: deal damage first with damage, then call retarget.
mcp-fix-too_costly = The plan is too large to compute exactly: give the target fewer unknowns (ac, hp, saves) or ask for a smaller top.
mcp-fix-invalid_argument = Correct the named argument to fit its schema (length, range, no leading '-') and call again.
mcp-fix-usage = An argument was not accepted (the message names it): correct that value and call again.
mcp-fix-timeout = The command took too long: call again with a narrower request (a smaller top or limit, a more specific query).
mcp-fix-output_too_large = The answer was too large to return: narrow the request (limit, top, a query) and call again.
mcp-fix-sheet = The sheet was not read (the message names the field): check format ("foundry" or "ddb") and the file, or call check_sheet to see what it holds.
mcp-fix-busy = The server runs a few commands at once and all were busy: wait a moment and call again, one call at a time.
mcp-fix-database_unavailable = The database cannot be used right now: tell the user; the server's --db (or GRIMOIRE_DB) must point at a writable Grimoire database.
mcp-fix-other = Read the message, then call options for what the character can do now, or encounter_show for the state of the fight.
# A fix that ends with the tool call doing what it says ($tool, its $arguments as JSON).
mcp-fix-call = { $fix } Call: { $tool } { $arguments }
# Example values in a fix's tool call, where the CLI's hint leaves "..." to fill in.
mcp-example-trigger = hit by an attack
mcp-example-material = diamond worth 300 GP

## The language parameter of every tool

# A language's name in its own words, in the tools' schema.
mcp-language = English.
mcp-lang-schema = The language of messages, fixes and names in a tool's answer.

## Arguments refused before a command runs

mcp-bound-max-length = { $path }: { $chars } characters, at most { $max } allowed
mcp-bound-min-length = { $path }: { $chars } characters, at least { $min } needed
mcp-bound-flag = { $path }: must not start with '-'
mcp-bound-control = { $path }: must not contain control characters
mcp-bound-maximum = { $path }: { $n } is above the maximum { $max }
mcp-bound-minimum = { $path }: { $n } is below the minimum { $min }
mcp-bound-max-items = { $path }: { $len } items, at most { $max } allowed
mcp-bound-min-items = { $path }: { $len } items, at least { $min } needed
mcp-args-house-rules = give both action and rule, or neither to read the house rules
mcp-args-turn = give exactly one of encounter (in a fight) or character (outside one)
mcp-args-damage-type = damage_type applies a combatant's resistances: give the encounter with it
mcp-args-rest = give character, or all true and no character (hit_dice then "auto" or NAME=DICE entries separated by ";")
mcp-args-history = give name (with encounter true for an encounter's), or house_rules true and no name
mcp-args-sheet = give exactly one of file (a path on this machine) or sheet (the JSON itself)
mcp-args-sheet-size = the sheet is over 2 MiB of JSON, or could not be written for the command to read

## Running the grimoire command

mcp-run-cannot-start = cannot start { $exe }: { $error }
mcp-run-no-output = the command's output could not be read
mcp-run-timeout = the command did not finish within { $seconds } seconds
mcp-run-read = reading the command's output: { $error }
mcp-run-too-large = the answer is larger than { $limit } bytes
mcp-run-failed = the command failed (exit { $code }): { $excerpt }
mcp-run-busy = { $max } commands are running already and none finished within { $seconds } seconds
mcp-fix-metamagic_not_known = Use only the options character_show lists under Metamagic, then call cast again (or cast without metamagic).
mcp-fix-metamagic_not_applicable = Call cast again without that option, or with one that fits the spell (options lists them per spell).
mcp-fix-metamagic_one_per_spell = Call cast again with one option (Empowered and Seeking may join it).
mcp-fix-too_many_metamagic_options = Call cast again with at most three options.
mcp-fix-quickened_after_spell = Call cast again without quickened (a level 1+ spell was already cast this turn), or end the turn with next_turn.
mcp-fix-spell_after_quickened = Cast a cantrip now, or end the turn with next_turn and cast it on the next turn.
mcp-fix-subclass_feature_not_had = Call cast again without sculpt or overchannel; character_features chooses a subclass.
mcp-fix-sculpt = Call cast again with sculpt naming at most 1 + the spell's level of its targets, and only for an Evocation spell.
mcp-fix-overchannel_unfit = Call cast again without overchannel, or with a damaging Wizard spell at a slot of level 1 to 5.
