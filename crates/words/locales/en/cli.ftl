# The command line's fixed words: headings, labels and short notes of
# human output (`cli-<name>`). JSON output is never translated.

cli-dice = dice
cli-minimum = minimum
cli-maximum = maximum
cli-mean = mean
cli-distribution = distribution
cli-at-least = at least
cli-value = value
cli-chance = chance
cli-error = error
cli-rule = rule
cli-no-dice = no dice
cli-undone = undone
cli-undo-of = undo of
cli-undone-by = undone by
cli-when = when (UTC)
cli-command = command
cli-level = level
cli-spell = spell
cli-school = school
cli-casting-time = casting time
cli-no-spells = no spells match
cli-ritual = ritual
cli-range = range
cli-area = area
cli-components = components
cli-duration = duration
cli-classes = classes
cli-slots = slots
cli-pact = pact
cli-arcanum = arcanum
cli-no-slots = no spell slots
cli-proficiency = proficiency
cli-save-dc = save DC
cli-spell-attack = spell attack
cli-cantrips = cantrips
cli-prepared = prepared
cli-ability = ability
cli-item = item
cli-concentrating = concentrating on
cli-ongoing = ongoing
cli-long-cast = casting
cli-conditions = conditions
cli-turn = turn
cli-action = action
cli-bonus-action = bonus action
cli-reaction = reaction
cli-slot-this-turn = slot this turn (R10)
cli-created = created
cli-deleted = deleted
cli-no-characters = no characters yet (grimoire character new NAME --class wizard:3)
cli-name = name
cli-added = added
cli-removed = removed
cli-long-rest = Long Rest
cli-short-rest = Short Rest
cli-turn-ended = turn ended
cli-pact-slot = pact slot
cli-slot-word = slot
cli-spent = spent
cli-as-ritual = as a ritual, no slot (R5b)
cli-via = no slot, via
cli-no-slot-cantrip = no slot (R5a)
cli-casts = casts
cli-casting-started = casting started, needs Concentration and the Magic action each turn (R12)
cli-critical-hit = critical hit
cli-hit = hit
cli-miss = miss
cli-attack-roll = attack
cli-succeeds = succeeds
cli-fails = fails
cli-roll-save = roll the save
cli-damage = damage
cli-on-success = on a successful save
cli-healing = healing
cli-hp-now = hp now
cli-unaffected = unaffected (R18)
cli-concentration-started = Concentration started
cli-concentration-stopped = Concentration ended
cli-at-turn-start = at the start of its turn
cli-at-turn-end = at the end of its turn
cli-spell-ends-on-save = the save ends the spell
cli-initiative = initiative
cli-concentration-kept = Concentration holds
cli-concentration-lost = Concentration lost
cli-time-passed = time passed:
cli-round = round
cli-combatants = combatants
cli-effects = effects
cli-free-hands = free hands
cli-pouch = component pouch
cli-focus = focus
cli-materials = materials
cli-dismissed = dismissed
cli-identified = identified
cli-not-identified = not identified
cli-computing = computing the exact distribution…
cli-changed = changed
cli-active = active character
cli-active-cleared = no longer active
cli-active-from-env = chosen by GRIMOIRE_CHARACTER in this shell
cli-active-in-database = in the database
cli-no-active = no active character (choose one with: grimoire use NAME)
cli-rules = the spellcasting rules (grimoire rules ID shows one)

## Counts and levels in human output

cli-level-cantrip = cantrip
cli-level-n = level { $n }
cli-count-spells = { $n } { $n ->
        [one] spell
       *[other] spells
    }
cli-count-rounds-left = { $n } { $n ->
        [one] round
       *[other] rounds
    } left
cli-hp = hp { $hp }
cli-hp-temp = hp { $hp } (+{ $temp } temp)
cli-vitals = HP { $hp }/{ $max } · AC { $ac }
cli-vitals-temp = HP { $hp }/{ $max } (+{ $temp } temp) · AC { $ac }
cli-death-saves = death saves { $successes } ✓ { $failures } ✗
cli-death-stable = Stable
cli-death-dead = dead
cli-death-save-line = { $name }: death save { $notation } = { $total }: { $result }
cli-death-success = success
cli-death-failure = failure
cli-death-two-failures = a natural 1, two failures
cli-death-revived = a natural 20: 1 hit point, awake
cli-stabilized = { $name } is Stable: no more death saves, Unconscious until healed
cli-max-hp-level-whole = { $class } d{ $size }: { $face } (the whole die) { $con } = { $hp }
cli-max-hp-level-rolled = { $class } d{ $size }: rolled { $face } { $con } = { $hp }
cli-rolled-needs-auto = --rolled goes with --max auto (it rolls the Hit Point Dice for the maximum)
cli-hit-die-line = d{ $size }: { $face } { $con } = +{ $healed }
cli-hit-dice-healed = Hit Point Dice: +{ $healed } hit points → { $vitals } · left: { $left }
cli-party-rested = { $name }: HP { $hp }/{ $max }
cli-party-refused = { $name }: no rest ({ $code })
cli-bad-hit-dice = --hit-dice takes a number (2) or die sizes with counts (d10:1,d8:1), at most 20 dice; not { $given }
cli-bad-party-hit-dice = a party rest takes --hit-dice auto (each spends what its missing hit points call for) or each character's own dice, once a name, separated by semicolons (Pal=2;Rang=d10:1;auto); not { $given }
cli-exhaustion-level = Exhaustion level { $level }: −{ $penalty } on every d20 Test (attacks, saving throws, checks, death saves), −{ $feet } feet of Speed; a Long Rest takes one level off; level 6 is death
cli-hit-dice-pool = Hit Point Dice: { $left } left of { $all }

## Areas of effect in human output

cli-area-long = { $shape }, { $size } feet long
cli-area-side = { $shape }, { $size } feet on a side
cli-area-radius = { $shape }, { $size } feet radius
cli-area-emanation = { $shape }, { $size } feet from the creature
cli-area-wide = { $n } feet wide
cli-area-high = { $n } feet high
cli-area-thick = { $n } inches thick

## House rules

cli-house-unknown = "{ $rule }" cannot be relaxed; a table may relax R10, R11 or R14
cli-house-relaxed = { $rule } relaxed: { $allows }
cli-house-waived = ! House rule ({ $rule } relaxed): { $message }
cli-house-none = House rules: none; every rule is played as written.
cli-house-some = House rules (a cast breaking these goes ahead with a warning):

## Naming characters and encounters

cli-unknown-character = no character named "{ $name }"
cli-unknown-encounter = no encounter named "{ $name }"
cli-active-gone = it is the active character, choose another with: grimoire use NAME
cli-active-gone-env = it is the active character named by GRIMOIRE_CHARACTER
cli-bad-argument = { $what } is required, and "{ $word }" is not a valid { $what }
cli-no-active-character = name the character, or choose one for every command with: grimoire use NAME (or GRIMOIRE_CHARACTER=NAME for this shell)
cli-missing-argument = { $what } is required

## Reading names and values from the command line

cli-unknown-class = unknown class "{ $word }" (one of: { $known })
cli-bad-class-spec = expected CLASS:LEVEL such as wizard:3, got "{ $spec }"
cli-bad-class-level = class level in "{ $spec }" must be a number 1-20
cli-unknown-ability = unknown ability "{ $word }" (str, dex, con, int, wis, cha)
cli-bad-abilities = expected ABILITY=SCORE such as int=16, got "{ $part }"
cli-bad-score = score in "{ $part }" must be a number
cli-unknown-condition = unknown condition "{ $word }" (one of: { $known })
cli-unknown-damage-type = unknown damage type "{ $word }" (one of: { $known })
cli-unknown-school = unknown school "{ $word }" (one of: { $known })
cli-unknown-action = unknown action "{ $word }" (magic, bonus or reaction)
cli-bad-duration = expected a time such as 3r, 10m, 1h or 1d, got "{ $text }"

## Keywords typed on the command line: each lists the spellings a language
## accepts, separated by commas, compared without case or accents. A time
## is a number and a unit (3r, 10m); the English spellings are accepted in
## every language too, so keep yours distinct from each other within a list
## group (a test names any clash).

cli-typed-round = r, round, rounds
cli-typed-minute = m, min, minute, minutes
cli-typed-hour = h, hour, hours
cli-typed-day = d, day, days
# The part of the turn a spell or feature takes (--action).
cli-typed-action = magic, action
cli-typed-bonus-action = bonus, bonus-action
cli-typed-reaction = reaction
# When a feature's uses return (--recharge).
cli-typed-recharge-long = long, long-rest
cli-typed-recharge-short = short, short-rest
cli-typed-recharge-never = never, none
# Where a spellcasting focus is (--focus).
cli-typed-focus-none = none
cli-typed-focus-held = held
cli-typed-focus-worn = worn
cli-typed-focus-stowed = stowed
# Silenced: not a condition, but it stops Verbal components.
cli-typed-silenced = silenced, silence
# Shown when a character is silenced or no longer is (grimoire condition).
cli-silenced = silenced

## `grimoire options` and `grimoire plan`

cli-options-cantrip = cantrip
cli-options-slot = slot
cli-options-pact-slot = pact slot
cli-options-ritual = ritual
cli-options-via = via
cli-options-mystic-arcanum = Mystic Arcanum
cli-options-what-can-be-cast-now = what can be cast now
cli-options-nothing-right-now = {"  "}nothing right now
cli-options-house-rule-lets-pass = house rule lets pass
cli-options-not-now = Not now:
cli-options-metamagic = Metamagic: { $options }
cli-options-metamagic-cost = { $option } ({ $points } SP)
cli-plan-cantrip = cantrip
cli-plan-slot = slot
cli-plan-pact = pact
cli-plan-expected-against-the-target = expected against the target
cli-plan-no-damaging-or-healing-spell-can-be-cast = {"  "}no damaging or healing spell can be cast now
cli-plan-left-out = {"  "}{ $count } more { $count ->
        [one] line was
       *[other] lines were
    } left out: { $why }
cli-plan-why-work_budget = the plan's work allowance ran out
cli-plan-why-deadline = the plan's time ran out
cli-plan-why-answer_size = the answer holds as many values as it may
cli-plan-why-too_large = a line alone is too large to compute exactly
cli-plan-why-line_limit = a plan holds at most 400 lines
cli-plan-spell = spell
cli-plan-mean = mean
cli-plan-range = range
cli-plan-hits = hits
cli-plan-fails-save = fails save
cli-plan-to-0-hp = to 0 HP
cli-plan-healing = healing
cli-plan-overchannel = Overchannel

## Labels of the commands

cli-homebrew-stored = stored
cli-homebrew-no-homebrew-files-grimoire-homebrew-add = no homebrew files (grimoire homebrew add FILE)
cli-homebrew-removed = removed
cli-view-spellbook = spellbook
cli-view-always-prepared = always prepared

## What would make a refused cast legal, after the refusal

hint-end-turn = end the turn with: grimoire turn end { $caster }
hint-trigger = name what it answers: --trigger "..."
hint-material = carry it: grimoire equip { $caster } --material "...", or --pouch for one without a cost
hint-material-worth = state its worth: grimoire equip { $caster } --material "... worth ... GP", or carry one worth more
hint-prepare = prepare it: grimoire prepare { $caster } "{ $spell }"
hint-spellbook = copy it first: grimoire spellbook add { $caster } "{ $spell }"
hint-rest = slots come back with: grimoire rest { $caster } --long
hint-creature-rest = a creature's uses come back when it finishes a Long Rest: grimoire encounter rest "{ $encounter }" "{ $caster }"
hint-long-rest-wait = let the hours pass first: grimoire wait { $caster } { $hours }h
hint-long-rest-encounter = rest once the fight is over: grimoire encounter end "{ $encounter }"
hint-character-list = see: grimoire character list
hint-encounter-list = see: grimoire encounter list
hint-hp = set them with: grimoire hp { $caster } --max N --ac N
hint-character-rest = rest it as a character: grimoire rest { $caster } --long
hint-encounter-start = grimoire encounter start { $encounter }

## Characters: items, abilities, conditions, equipment

cli-bad-recharge = unknown recharge "{ $word }" (long, short or never)
cli-no-spell = name at least one spell with --spell
cli-condition-missing = add or remove, and the CONDITION, are required
cli-condition-toggle = "{ $toggle }" is neither add nor remove
cli-bad-focus = unknown focus "{ $focus }" (none, held, worn or stowed)

## Languages

cli-unknown-language = unknown language "{ $lang }" (one of: { $known })

## Lines of the commands' output

cli-no-hit-points = no hit points recorded (grimoire hp NAME --max N --ac N)
# The log's short summary of a change (grimoire log).
cli-log-slot = slot { $level }
cli-log-pact-slot = pact slot { $level }
cli-log-relaxed = { $rule } relaxed
cli-log-enforced = { $rule } enforced
cli-log-concentrating = +concentration { $spell }
cli-log-unfocused = -concentration { $spell }
cli-log-used = used { $name }
cli-log-time = +{ $rounds } { $rounds ->
        [one] round
       *[other] rounds
    }
cli-log-older = older entries: grimoire log{ $flag } --before { $before }
# What a logged change did, by the kind of its event (grimoire log).
cli-log-kind-arcanum_used = arcanum used
cli-log-kind-material_consumed = material consumed
cli-log-kind-spell_started = spell started
cli-log-kind-spell_ended = spell ended
cli-log-kind-long_cast_started = long cast started
cli-log-kind-long_cast_progressed = long cast progressed
cli-log-kind-long_cast_ended = long cast ended
cli-log-kind-silence_changed = silence changed
cli-log-kind-equipment_changed = equipment changed
cli-log-kind-turn_ended = turn ended
cli-log-kind-turn_started = turn started
cli-log-kind-short_rest_finished = short rest finished
cli-log-kind-long_rest_finished = long rest finished
cli-log-kind-extra_spell_added = extra spell added
cli-log-kind-always_prepared_removed = always prepared removed
cli-log-kind-feature_added = feature added
cli-log-kind-item_added = item added
cli-log-kind-spell_moved = spell moved
cli-log-kind-spell_copied = spell copied
cli-log-kind-vitals_set = vitals set
cli-log-kind-hit_points_changed = hit points changed
cli-log-kind-hp_changed = hp changed
cli-log-kind-joined = joined
cli-log-kind-weapon_attacked = weapon attack
cli-log-kind-eldritch_smite_used = Eldritch Smite
cli-log-kind-feature_picked = feature chosen
cli-log-kind-slot_kept = slot kept
cli-log-kind-feature_locked = feature locked
cli-log-kind-wild_shape_changed = Wild Shape
cli-log-kind-death_saves_changed = death saves
cli-log-kind-exhaustion_changed = Exhaustion
cli-log-kind-advanced = level up
cli-log-kind-hit_dice_spent = Hit Point Dice spent
cli-log-kind-slot_to_points = slot into Sorcery Points
cli-log-kind-slot_created = slot made from Sorcery Points
cli-log-kind-sorcery_points_spent = Sorcery Points spent
cli-log-kind-overchannel_used = Overchannel
cli-log-kind-metamagic_used = Metamagic
cli-log-kind-sorcery_points_regained = Sorcery Points regained
cli-log-kind-innate_sorcery_started = Innate Sorcery
cli-log-kind-slots_recovered = slots recovered
cli-log-kind-pact_slots_recovered = Pact slots recovered
cli-log-kind-left = left
cli-log-kind-creature = creature
cli-log-kind-window_opened = window opened
cli-log-kind-answered = answered
cli-log-kind-window_closed = window closed
cli-log-kind-window_nested = window nested
cli-log-kind-caster = caster
cli-spellbook = spellbook
cli-spellbook-none = no spellbook kept (grimoire spellbook add NAME SPELL...)

## Files and the database (backup, restore, export, import, verify)

cli-no-data-dir = cannot find a data directory (set HOME or XDG_DATA_HOME), pass --db PATH
cli-store-held-twice = internal error: a command asked for the open database while it held it already
cli-cannot-read = cannot read { $file }: { $error }
cli-admin-not-sqlite = backup and restore copy the SQLite file; for PostgreSQL use grimoire export / import (or pg_dump)
cli-admin-file-exists = { $file } already exists; name a new file (a backup never overwrites)
cli-admin-no-backup = no backup file at { $file }
cli-admin-backup-damaged = { $file } is damaged ({ $count } entities disagree with its log; see grimoire --db { $file } verify); nothing restored
cli-admin-not-json = { $file } is not JSON: { $error }
cli-admin-not-export = { $file } is not a grimoire export file
cli-admin-not-empty = import fills an empty database; this one already holds data (use a new --db)
cli-admin-nameless = an entity without kind or name
cli-admin-verified = verified: every entity matches its change log
cli-admin-verify-failed = { $count } entities disagree with the change log: { $list }

## Names not found, servers started, command lines refused

cli-unknown-spell = no spell is called "{ $name }"
cli-did-you-mean = ; did you mean { $names }?
cli-serve-loopback-only = --no-rate-limits is only for a server on a loopback address, not { $bind }
cli-serve-serving = grimoire: serving on http://{ $bind } ({ $database }); Ctrl-C stops
cli-serve-begin = Open http://{ $bind } in a browser: sign up, create a campaign (you are its game master), then make an invite link for your players in its Members card.
cli-mcp-serving = grimoire: MCP server on stdio; the client ends it by closing stdin
cli-invalid-utf8 = argument { $arg } is not valid UTF-8
cli-invalid-command-line = invalid command line
cli-unknown-monster = no monster is called "{ $name }"
cli-unknown-rule = no rule "{ $id }" (the rules are { $first }–{ $last }; grimoire rules lists them)

## Casting arguments

cli-target-needs-number = "{ $part }" in target "{ $spec }" needs a number
cli-target-unknown-property = unknown target property "{ $key }" (ac, hp, max, dist, type, self, ally, cover, resist, vuln, immune, or an ability)
cli-no-source = { $caster } has no item or ability called "{ $word }" (has: { $has })
cli-no-source-none = { $caster } has no item or ability called "{ $word }" (has: none)

## Saves, encounters and effects

# A save rolled against a DC: `Concentration (CON save): 1d20+2 = 14 vs DC 10: kept`.
cli-save-line = { $label }: { $notation } = { $total } vs DC { $dc }: { $verdict }
cli-retarget-words = give the spell in effect and its new target: grimoire retarget [CHARACTER] SPELL TARGET
cli-encounter-not-started = encounter "{ $name }" has not started
cli-encounter-ended = encounter "{ $name }" has ended; its final state (its log: grimoire log --encounter { $name })
cli-encounter-end-done = The encounter { $name } has ended; its final state stays: grimoire encounter status { $name }
cli-already-in-encounter = { $name } is already in { $encounter }
cli-encounter-running = { $name } is already running
cli-encounter-name-required = with --encounter, the encounter's NAME is required

## Homebrew files

cli-homebrew-too-large = { $file } has { $size } bytes; a homebrew file may have at most { $max }
cli-homebrew-refused = { $file } was not stored; { $count } problem(s):
    { $problems }

## Labels of monster, window and reaction output

cli-label-name = name
cli-label-cr = CR
cli-label-dc = DC
cli-label-spellcasting = Spellcasting
cli-label-spell-save-dc = spell save DC
cli-label-spell-attack = spell attack
cli-label-at-will = at will
cli-label-day-shared = day (shared)
cli-label-day-each = day each
cli-label-level = level
cli-label-slots = slots
cli-label-waits-for-reactions = waits for Reactions (R11)
cli-label-nothing-is-spent-yet = nothing is spent yet
cli-label-may-answer-with = may answer with
cli-label-countered-the-spell-has-no-effect-its-ac = Countered: the spell has no effect; its action is wasted and no slot is spent (R11)
cli-label-passes = passes
cli-label-window-closed-nothing-was-cast = Window closed; nothing was cast
cli-label-still-hits = still hits
cli-label-now-misses = now misses
cli-label-window-closed = Window closed
cli-label-reaction = Reaction
cli-label-long-rest-finished-uses-restored = Long Rest finished; uses restored
cli-label-no-window-is-open = No window is open
cli-label-waiting-for-reactions = Waiting for Reactions
cli-label-passed = passed
cli-attack-line = { $target }: { $total } vs AC { $ac }: { $verdict }
cli-monster-header = { $name } ({ $id }) · CR { $cr } · AC { $ac } · HP { $hp }
cli-monster-unreadable = { $path }: cannot be read: { $error }
cli-missing-ac = { $name } has no AC on record: give --ac

## Reports of done work

# `what` is the command (backup, restore, export, import).
cli-admin-report = { $what }: { $count } entities, { $file }
cli-monster-added = Added { $name } ({ $monster }) → { $encounter } (initiative { $initiative }, HP { $hp })

## Weapon attacks (issue 34)

cli-creature-attack-usage = a creature's attack names the creature and its weapon: grimoire attack Orc greataxe -t Pal --bonus 5 --damage-bonus 3
cli-creature-bad-damage = --damage takes dice such as 2d6+3, --type a damage type such as slashing; not { $given }
cli-creature-attack-header = { $attacker } attacks { $target } with { $attack }
cli-creature-attack-waits = { $total } against AC { $ac }: the hit waits for Reactions (grimoire encounter react { $encounter } ..., then encounter resolve { $encounter })
cli-attack-header = { $attacker } attacks { $target } with { $weapon } [Attack action]
# $proficiency is cli-attack-proficient or cli-attack-not-proficient.
cli-attack-bonus = attack bonus { $bonus } ({ $ability }, { $proficiency })
cli-attack-proficient = proficient
cli-attack-not-proficient = not proficient
# $reasons: cli-attack-reason-* messages, comma-separated.
cli-attack-advantage = Advantage: { $reasons }
cli-attack-disadvantage = Disadvantage: { $reasons }
cli-attack-reason-asked = asked for
cli-attack-reason-attacker = attacker { $condition }
cli-attack-reason-target = target { $condition }
# $spell: the spell in force on the target (Faerie Fire).
cli-attack-reason-target-spell = { $spell } on the target
cli-weapons-carried = weapons: { $weapons }
cli-attack-concentration-kept = { $creature } saves and keeps Concentration on { $spell }
cli-attack-concentration-lost = { $creature } fails its save: Concentration on { $spell } ends
cli-attack-extra = Extra Attack: { $left } more in this Attack action
cli-mastery-cleave = Cleave (mastery): after a melee hit, one more attack against another creature within 5 feet, once a turn, without the ability modifier's damage
cli-mastery-graze = Graze (mastery): a miss still deals the ability modifier's damage
cli-mastery-nick = Nick (mastery): the Light weapon's extra attack comes within the Attack action, once a turn
cli-mastery-push = Push (mastery): a hit may push { $target } 10 feet away if it is Large or smaller
cli-mastery-sap = Sap (mastery): after a hit, { $target } has Disadvantage on its next attack roll before your next turn
cli-mastery-slow = Slow (mastery): after a hit with damage, { $target }'s Speed is 10 feet less until your next turn
cli-mastery-topple = Topple (mastery): a hit makes { $target } save (Constitution) or fall Prone
cli-mastery-vex = Vex (mastery): after a hit with damage, Advantage on your next attack roll against { $target } before the end of your next turn
cli-attack-smites = after the hit, as a Bonus Action: { $spells } (grimoire cast { $attacker } SPELL -t "{ $target }" --trigger hit)
cli-too-many-weapons = a character carries at most { $limit } weapons; --clear-weapons puts them away
cli-wild-shape-usage = write on or off: grimoire wildshape [CHARACTER] on|off
cli-wild-shape-on = { $name } takes a beast's shape (Wild Shape): no spells until it returns; Concentration goes on
cli-wild-shape-off = { $name } returns to its own shape and can cast again
cli-view-features = features
cli-view-at-will = at will
cli-view-wild-shape = in Wild Shape: casts no spells until it returns (Concentration goes on)

## Metamagic on a cast (--meta)

cli-metamagic-unknown = "{ $option }" is no Metamagic option; the options are subtle, quickened, careful, heightened, transmuted, empowered, seeking, distant, extended and twinned
cli-metamagic-bad-choice = "{ $choice }" is no choice for { $option }: careful and heightened take names (careful:Ana,Bo), transmuted a damage type (transmuted:cold), empowered "lowest" or "below-average"
cli-cast-metamagic = Metamagic: { $options } ({ $points ->
    [one] 1 Sorcery Point
   *[other] { $points } Sorcery Points
})
cli-fallen-dying = dying
cli-fallen-stable = stable
cli-fallen-dead = dead
cli-creatures-drop = Creatures drop at 0 hit points and make death saves (grimoire encounter set ... --creatures-at-zero die to change)
