# The command line's help and usage errors. The help of a command is
# `help-<path>` (`help-grimoire-cast`), of an argument `help-<path>--<id>`
# (`help-grimoire--lang`); a command or argument without a message here
# keeps the English of its doc comment. `usage-*` word clap's usage errors.

help-grimoire = Grimoire: spells, dice, characters and encounters for the 2024 fifth-edition rules
help-grimoire--db = The database: an SQLite file, or a postgres:// URL [default: $XDG_DATA_HOME/grimoire/grimoire.sqlite3]
help-grimoire--json = Print stable machine-readable JSON instead of the terminal view
help-grimoire--lang = The language of human output: { $langs }; without it, the locale's (LC_ALL, LC_MESSAGES, LANG), else English
help-grimoire--seed = Seed the dice, so the same command rolls the same numbers
help-flag-help = Print help
help-flag-version = Print version
help-heading-usage = Usage:
help-heading-commands = Commands
help-heading-options = Options
help-heading-arguments = Arguments
help-examples = Examples:
help-examples-use = then leave her name out
help-completions = Completions:
help-completions-shells = (or zsh, fish)
help-exit-codes = Exit codes: 0 done, 1 refused (nothing changed), 2 usage error.
help-json-everywhere = Every command takes --json for stable machine-readable output.

## The commands

help-grimoire-spells = Search the spell catalogue (SRD 5.2), in English or Czech
help-grimoire-spell = Show one spell
help-grimoire-character = Create, show, list and delete characters
help-grimoire-prepare = Prepare spells (cantrips are learned); each must be on a class list (R8)
help-grimoire-spellbook = A Wizard's spellbook: copy spells in, prepare from it, cast its rituals unprepared
help-grimoire-unprepare = Unprepare spells
help-grimoire-item = Magic items that cast spells without a slot (R5d)
help-grimoire-ability = Limited-use abilities that cast spells without a slot (R5c)
help-grimoire-cast = Cast a spell: validates, spends, rolls and shows the resolution, or refuses (exit 1)
help-grimoire-equip = Set what a character holds: pouch, focus, free hands, materials (R14)
help-grimoire-slots = Show remaining spell slots, pact slots separately
help-grimoire-options = What the character can cast now, every way, and why not the rest
help-grimoire-plan = Exact damage of every castable spell and slot against a target, best first
help-grimoire-house-rules = The table's house rules: relax R10, R11 or R14 to warn instead of refuse
help-grimoire-rest = Finish a Long or Short Rest
help-grimoire-condition = Add or remove a condition (or silence)
help-grimoire-drop = End the character's Concentration
help-grimoire-retarget = Move Hex or Hunter's Mark to a new creature once its target drops to 0 (Bonus Action)
help-grimoire-dismiss = Dismiss one of the character's ongoing spells (R15)
help-grimoire-damage = The character takes damage: hit points drop, Concentration save when concentrating
help-grimoire-hp = Record or show a character's hit points and AC; heal; temporary hit points
help-grimoire-deathsave = Roll a dying character's death saving throw, or make it Stable (2024)
help-grimoire-casting = Continue or abandon a casting of a minute or more (R12)
help-grimoire-identify = Study a spell in effect to identify it (R22)
help-grimoire-wait = Let time pass for a character: long castings progress, durations end
help-grimoire-turn = End a character's turn outside an encounter (resets R10)
help-grimoire-encounter = Run an encounter: initiative, turns, damage, time, effects
help-grimoire-homebrew = Your own spells from TOML files, found by name like SRD ones
help-grimoire-monster = Spellcasting creatures (SRD 5.2 stat blocks and homebrew): list, show
help-grimoire-roll = Roll dice, or show their exact distribution with --stats
help-grimoire-undo = Revert the last change of a character (or encounter); the undo is logged too
help-grimoire-log = Show the history of a character (or encounter), oldest first
help-grimoire-serve = Run the table server: an HTTP JSON API over this database (or PostgreSQL)
help-grimoire-mcp = Serve the tools to AI game masters over the Model Context Protocol (stdio)
help-grimoire-backup = Copy the SQLite database to a new file, consistently, while others may write
help-grimoire-restore = Replace the SQLite database with a backup (checked first)
help-grimoire-export = Write every character, encounter and account to a JSON file (SQLite or PostgreSQL)
help-grimoire-import = Fill an empty database from an export file
help-grimoire-verify = Replay the change log and report every entity whose stored state differs (exit 1)
help-grimoire-use = Choose the active character: commands then accept its name left out
help-grimoire-rules = Show the numbered spellcasting rules (R1-R22), or one of them
help-grimoire-completions = Print a shell completion script (bash, zsh, fish)

## Usage errors (clap's, worded from the facts it gives)

usage-error = error: { $message }
usage-more = More: grimoire --help
usage-unknown-argument = unexpected argument "{ $arg }"
usage-invalid-subcommand = unrecognized subcommand "{ $name }"
usage-missing-required = missing: { $arg }
usage-missing-subcommand = a command is missing
usage-value-needed = { $arg } needs a value{ $valid }
usage-invalid-value = invalid value "{ $value }" for { $arg }{ $valid }
usage-valid-values = ; possible values: { $values }
usage-invalid-value-because = invalid value "{ $value }" for { $arg }: { $reason }
usage-out-of-range = { $value } is not in { $low } to { $high }
usage-out-of-range-open = { $value } is not in { $range }
usage-conflict = { $arg } cannot be used
usage-conflict-with = { $arg } cannot be used with { $prior }
usage-value-count = wrong number of values for { $arg }
usage-no-equals = { $arg } needs a value after "="
usage-invalid-utf8 = an argument is not valid UTF-8
usage-did-you-mean = ; did you mean "{ $suggestion }"?

## Every subcommand and argument (ids from the command path and argument id)

help-grimoire-spells--query = Part of a name, English or Czech (leave out to list by filters)
help-grimoire-spells--class = Only spells on this class's list (R8)
help-grimoire-spells--level = Only spells of this level, 0 for cantrips (R1)
help-grimoire-spells--school = Only spells of this school (R7)
help-grimoire-spells--ritual = Only rituals (R5b)
help-grimoire-spells--concentration = Only Concentration spells (R15)
help-grimoire-spells--limit = At most this many results
help-grimoire-spell--name = The spell's name (English or Czech) or id
help-grimoire-character-new = Create a character with full slots
help-grimoire-character-new--name = A name, unique without regard to case
help-grimoire-character-new--classes = CLASS:LEVEL, repeat for a multiclass (R2; Czech names work)
help-grimoire-character-new--abilities = Ability scores, e.g. str=8,dex=14,con=14,int=16,wis=12,cha=10 (missing ones are 10)
help-grimoire-character-new--no_pouch = Start without a Component Pouch (by default one is carried, R14c)
help-grimoire-character-show = Show a character: slots, spells, resources, conditions, this turn
help-grimoire-character-show--name = The character; leave out for the active one (grimoire use NAME)
help-grimoire-character-list = List every character
help-grimoire-character-delete = Delete a character (undo brings it back)
help-grimoire-character-delete--name = The character
help-grimoire-prepare--spells = [CHARACTER] then spells by English or Czech name or id (cantrips are learned)
help-grimoire-prepare--always = Always prepared by a feature (subclass, feat, species, Magical Secrets): outside the limit, from any class's list
help-grimoire-prepare--class = With --always: the class it counts as (its DC; default: the class with the spell, else the first)
help-grimoire-spellbook-add = Copy spells into a Wizard's spellbook (Wizard spells of a level the Wizard can prepare)
help-grimoire-spellbook-add--spells = [CHARACTER] then spells by English or Czech name or id
help-grimoire-spellbook-show = Show the spells in a Wizard's spellbook
help-grimoire-spellbook-show--name = The character; leave out for the active one (grimoire use NAME)
help-grimoire-unprepare--spells = [CHARACTER] then spells by English or Czech name or id (cantrips are learned)
help-grimoire-item-add = Give a character a magic item that casts spells without a slot (R5d)
help-grimoire-item-add--name = The character; leave out for the active one (grimoire use NAME)
help-grimoire-item-add--item = The item; "Spell Scroll" makes a one-use scroll of --spell
help-grimoire-item-add--spells = The spell(s) it casts
help-grimoire-item-add--charges = Charges (one spent per casting)
help-grimoire-item-add--recharge = When charges return: long, short or never
help-grimoire-ability-add = Give a character a feature that casts a spell without a slot, N times (R5c)
help-grimoire-ability-add--name = The character; leave out for the active one (grimoire use NAME)
help-grimoire-ability-add--spells = The spell(s) it casts
help-grimoire-ability-add--uses = Uses between recharges
help-grimoire-ability-add--recharge = When uses return: long, short or never
help-grimoire-ability-add--feature = The feature's name (default: the first spell's name)
help-grimoire-cast--name = The caster; leave out for the active character (one word is the spell)
help-grimoire-cast--spell = The spell (English or Czech name, or id; case and accents do not matter)
help-grimoire-cast--slot = Cast with a slot of this level (R6 upcasting); default the lowest that fits (R3)
help-grimoire-cast--ritual = Cast as a ritual: no slot, +10 minutes (R5b)
help-grimoire-cast--via = Cast through an item or ability by name, or `arcanum` (R5c, R5d)
help-grimoire-cast--action = The part of the turn to use: magic, bonus or reaction (R9)
help-grimoire-cast--trigger = The trigger a Reaction answers (R11)
help-grimoire-cast--targets = Targets (repeat for several)
help-grimoire-cast--class = The class to cast with (default: the best one with the spell)
help-grimoire-cast--pact = Use only pact slots
help-grimoire-cast--regular = Use only regular slots
help-grimoire-cast--advantage = Advantage on the spell's attack rolls
help-grimoire-cast--disadvantage = Disadvantage on the spell's attack rolls
help-grimoire-cast--off_turn = A Reaction on another creature's turn (R11): its slot does not count against R10; refused for other spells
help-grimoire-cast--damage_type = The damage type, for a spell that offers a choice (Chromatic Orb: acid, cold, fire, ...)
help-grimoire-cast--alternative_time = Use the spell's alternative casting time (Plant Growth: 8 hours instead of an action)
help-grimoire-cast--complete = Complete a casting of a minute or more whose time is up (R12)
help-grimoire-equip--name = The character; leave out for the active one (grimoire use NAME)
help-grimoire-equip--pouch = Carry a Component Pouch (R14c)
help-grimoire-equip--no_pouch = Do not carry a Component Pouch
help-grimoire-equip--focus = Where the spellcasting focus is: none, held, worn or stowed
help-grimoire-equip--free_hands = Hands not holding anything (R14b)
help-grimoire-equip--materials = A specific material carried, with its worth when it has one ("diamond worth 300 GP"): costly and consumed components need the named thing of at least their cost (R14c); repeatable
help-grimoire-equip--clear_materials = Forget every specific material
help-grimoire-slots--name = The character; leave out for the active one (grimoire use NAME)
help-grimoire-options--name = The character; leave out for the active one (grimoire use NAME)
help-grimoire-plan--name = The character; leave out for the active one (grimoire use NAME)
help-grimoire-plan--target = The target's numbers: ac=15,hp=40,dex=+2,resist=fire
help-grimoire-plan--advantage = The caster's attack rolls have advantage
help-grimoire-plan--disadvantage = The caster's attack rolls have disadvantage
help-grimoire-plan--top = Only the best N lines (1 to 400)
help-grimoire-house-rules-relax = Let casts that break RULE go ahead with a warning (R10, R11 or R14)
help-grimoire-house-rules-relax--rule = R10, R11 or R14
help-grimoire-house-rules-enforce = Refuse casts that break RULE again, as written
help-grimoire-house-rules-enforce--rule = R10, R11 or R14
help-grimoire-rest--name = The character; leave out for the active one (grimoire use NAME)
help-grimoire-rest--long = A Long Rest: every slot returns (R4)
help-grimoire-rest--short = A Short Rest: pact slots and short-rest uses return
help-grimoire-rest--hit_dice = Hit Point Dice to spend at the end of the Short Rest: a number (largest dice first) or sizes, d10:1,d8:1
help-grimoire-rest--all = Rest every stored character in one change (a Short Rest spends Hit Point Dice only as --hit-dice says: auto, or each one's own, Pal=2;Rang=d10:1)
help-grimoire-condition--name = The character; leave out for the active one (grimoire use NAME)
help-grimoire-condition--toggle = add or remove
help-grimoire-condition--condition = A condition (incapacitated, stunned, ...) or `silenced`
help-grimoire-condition--level = Exhaustion's level outright, 0 to 6 (adding it without one gains a level)
help-grimoire-drop--name = The character; leave out for the active one (grimoire use NAME)
help-grimoire-retarget--words = [CHARACTER] SPELL TARGET: the spell in effect (name or the number after # in `character show`) and its new target
help-grimoire-dismiss--name = The character; leave out for the active one (grimoire use NAME)
help-grimoire-dismiss--effect = The ongoing spell's id (the number after # in `character show`)
help-grimoire-damage--name = The character; leave out for the active one (grimoire use NAME)
help-grimoire-damage--amount = Damage taken
help-grimoire-damage--critical = A critical hit: at 0 hit points it counts as two death save failures
help-grimoire-hp--name = The character; leave out for the active one (grimoire use NAME)
help-grimoire-hp--max = Hit point maximum, or `auto`: fixed from the Hit Point Dice and Constitution
help-grimoire-hp--ac = Armor Class
help-grimoire-hp--set = Current hit points, set outright (0 to the maximum)
help-grimoire-hp--heal = Hit points regained, up to the maximum
help-grimoire-hp--temp = Temporary hit points gained
help-grimoire-deathsave--name = The character; leave out for the active one (grimoire use NAME)
help-grimoire-deathsave--stabilize = Make the character Stable instead (Spare the Dying, a DC 10 Medicine check)
help-grimoire-casting--name = The character; leave out for the active one (grimoire use NAME)
help-grimoire-casting--step = continue or abandon
help-grimoire-identify--name = The character studying the effect; leave out for the active one (grimoire use NAME)
help-grimoire-identify--spell = The spell in effect
help-grimoire-identify--arcana = The character's Arcana bonus (default: the Intelligence modifier)
help-grimoire-wait--name = The character; leave out for the active one (grimoire use NAME)
help-grimoire-wait--time = How long: 3r rounds, 10m minutes, 1h hours, 1d days
help-grimoire-turn-end = End the character's turn: actions and the one-slot limit reset (R10)
help-grimoire-turn-end--name = The character; leave out for the active one (grimoire use NAME)
help-grimoire-encounter-new = Create an empty encounter
help-grimoire-encounter-new--encounter = The encounter's name
help-grimoire-encounter-add = Add a combatant: a stored character (by name) or any creature
help-grimoire-encounter-add--encounter = The encounter
help-grimoire-encounter-add--name = The combatant's name (a character's name links its state), with its stat block in the cast target syntax: Goblin:ac=15:dex=+2:type=humanoid:resist=fire
help-grimoire-encounter-add--initiative = Initiative (higher acts first); rolled (d20, + DEX for a character) when left out
help-grimoire-encounter-add--hp = Hit points, tracked by `damage` and by spells
help-grimoire-encounter-add--monster = A spellcasting creature from `grimoire monster list` (its own hit points and uses)
help-grimoire-encounter-add--homebrew = A homebrew stat-block file to find --monster in
help-grimoire-encounter-add--reacts_to_allies = It may answer its allies' casts with Counterspell (by default only the other side's casts wait for it)
help-grimoire-encounter-remove = Remove a combatant (fled, dismissed); not the one whose turn it is
help-grimoire-encounter-remove--encounter = The encounter
help-grimoire-encounter-remove--name = The combatant
help-grimoire-encounter-start = Start round 1 with the highest initiative
help-grimoire-encounter-start--encounter = The encounter
help-grimoire-encounter-next = End the current turn and begin the next; a new round lets one round of time pass
help-grimoire-encounter-next--encounter = The encounter
help-grimoire-encounter-damage = Deal damage to a combatant; a concentrating character saves (CON, DC max(10, half))
help-grimoire-encounter-damage--encounter = The encounter
help-grimoire-encounter-damage--name = The combatant
help-grimoire-encounter-damage--amount = Damage taken
help-grimoire-encounter-damage--damage_type = Its type (fire, cold, ...): the combatant's stat block halves it if it resists, doubles it if vulnerable, ignores it if immune
help-grimoire-encounter-advance = Let time pass for everyone: 3r rounds, 10m minutes, 1h hours (R15 durations)
help-grimoire-encounter-advance--encounter = The encounter
help-grimoire-encounter-advance--time = How long: 3r, 10m, 1h, 1d
help-grimoire-encounter-status = Show the order, hit points, turn economy, Concentration and effects
help-grimoire-encounter-status--encounter = The encounter
help-grimoire-encounter-list = List encounters
help-grimoire-encounter-cast = The GM casts for a combatant (creature or character); it waits for Reactions when someone could answer (R11)
help-grimoire-encounter-cast--encounter = The encounter
help-grimoire-encounter-cast--name = The combatant casting
help-grimoire-encounter-cast--spell = The spell (English or Czech name, or id)
help-grimoire-encounter-cast--targets = Targets (repeat for several), as for `grimoire cast`
help-grimoire-encounter-cast--slot = A slot of this level (R6), for casters with slots
help-grimoire-encounter-cast--via = A named use: a stat block's line (`Protective Magic`) or a character's item or ability
help-grimoire-encounter-cast--advantage = Advantage on the spell's attack rolls
help-grimoire-encounter-cast--disadvantage = Disadvantage on the spell's attack rolls
help-grimoire-encounter-react = Answer the open window with a Reaction spell (Counterspell, Shield, Hellish Rebuke, Feather Fall)
help-grimoire-encounter-react--encounter = The encounter
help-grimoire-encounter-react--name = The combatant casting
help-grimoire-encounter-react--spell = The spell (English or Czech name, or id)
help-grimoire-encounter-react--targets = Targets (repeat for several), as for `grimoire cast`
help-grimoire-encounter-react--slot = A slot of this level (R6), for casters with slots
help-grimoire-encounter-react--via = A named use: a stat block's line (`Protective Magic`) or a character's item or ability
help-grimoire-encounter-react--advantage = Advantage on the spell's attack rolls
help-grimoire-encounter-react--disadvantage = Disadvantage on the spell's attack rolls
help-grimoire-encounter-pass = Let the open window go by without reacting
help-grimoire-encounter-pass--encounter = The encounter
help-grimoire-encounter-pass--name = The combatant who passes
help-grimoire-encounter-resolve = Close the open window: the waiting spell is cast, a hit is checked against AC bonuses in force
help-grimoire-encounter-resolve--encounter = The encounter
help-grimoire-encounter-withdraw = Take the waiting spell back (nothing is spent) and close the window
help-grimoire-encounter-withdraw--encounter = The encounter
help-grimoire-encounter-attack = An attack roll hits a combatant: a window opens for Shield
help-grimoire-encounter-attack--encounter = The encounter
help-grimoire-encounter-attack--attacker = The attacker
help-grimoire-encounter-attack--target = The combatant hit
help-grimoire-encounter-attack--total = The attack roll's total
help-grimoire-encounter-attack--ac = The target's AC (default: its stat block's)
help-grimoire-encounter-hurt = A combatant takes damage from another: a window opens for Hellish Rebuke
help-grimoire-encounter-hurt--encounter = The encounter
help-grimoire-encounter-hurt--target = Who takes the damage
help-grimoire-encounter-hurt--by = Who deals it
help-grimoire-encounter-hurt--amount = How much
help-grimoire-encounter-fall = A combatant falls: a window opens for Feather Fall
help-grimoire-encounter-fall--encounter = The encounter
help-grimoire-encounter-fall--creature = Who falls
help-grimoire-encounter-uses = Show a creature's uses per day, slots and Reaction left
help-grimoire-encounter-uses--encounter = The encounter
help-grimoire-encounter-uses--name = The creature
help-grimoire-encounter-rest = A creature finishes a Long Rest: its uses per day and slots come back
help-grimoire-encounter-rest--encounter = The encounter
help-grimoire-encounter-rest--name = The creature
help-grimoire-encounter-condition = A creature gains or loses a condition (Incapacitated and what includes it end its Concentration)
help-grimoire-encounter-condition--encounter = The encounter
help-grimoire-encounter-condition--name = The creature
help-grimoire-encounter-condition--toggle = add or remove
help-grimoire-encounter-condition--condition = The condition (frightened, stunned, ...; Czech names work)
help-grimoire-encounter-window = Show the open window: what waits and who answered
help-grimoire-encounter-window--encounter = The encounter
help-grimoire-encounter-end = End an encounter: its final state stays in the log and its name is free again; undo brings the fight back
help-grimoire-encounter-end--encounter = The encounter
help-grimoire-homebrew-add = Check and store TOML files of spells (a file of the same name is replaced)
help-grimoire-homebrew-add--files = The files ([[spell]] tables, as in docs/CATALOG.md)
help-grimoire-homebrew-list = List the stored files and their spells
help-grimoire-homebrew-remove = Remove a stored file; its spells are no longer known
help-grimoire-homebrew-remove--file = The file's name as listed
help-grimoire-monster-list = List spellcasting creatures, optionally matching a name (English or Czech)
help-grimoire-monster-list--query = Part of a name; typos are forgiven
help-grimoire-monster-list--homebrew = Also load homebrew stat blocks from this TOML file
help-grimoire-monster-show = Show one creature's Spellcasting: DC, attack bonus, spells and uses
help-grimoire-monster-show--monster = Id or name
help-grimoire-monster-show--homebrew = Also load homebrew stat blocks from this TOML file
help-grimoire-roll--expr = Dice notation, e.g. 8d6, 1d20+5, 4d6kh3, 2d20kl1
help-grimoire-roll--stats = Show the exact distribution (min, max, mean, histogram, P(>=k)) instead of rolling
help-grimoire-undo--name = The character (or, with --encounter, the encounter); leave out for the active character
help-grimoire-undo--encounter = NAME is an encounter
help-grimoire-undo--house_rules = The table's house rules (grimoire house-rules), not a character
help-grimoire-log--name = The character (or, with --encounter, the encounter); leave out for the active character
help-grimoire-log--encounter = NAME is an encounter
help-grimoire-log--house_rules = The table's house rules (grimoire house-rules), not a character
help-grimoire-log--limit = Show the newest N entries (1 to 10000)
help-grimoire-log--before = Only entries older than version V (the `v` column; pages back)
help-grimoire-serve--bind = Where to listen
help-grimoire-serve--database_url = A PostgreSQL URL; without it the server uses the CLI's SQLite file (--db)
help-grimoire-serve--connections = At most this many database connections [default: 16; on PostgreSQL 4 a core, 4 to 16]
help-grimoire-serve--cli_campaign = Share this terminal's characters and encounters with one campaign (by id): its GM acts for them from the browser. No other campaign, and no client request, can reach them
help-grimoire-serve--no_rate_limits = Turn off the limits on sign-ups, tokens and failed sign-ins, for contract and load tests; only with a loopback --bind
help-grimoire-backup--file = The backup file (a new one for `backup`, an existing one for `restore`)
help-grimoire-restore--file = The backup file (a new one for `backup`, an existing one for `restore`)
help-grimoire-export--file = The JSON file (written by `export`, read by `import`)
help-grimoire-import--file = The JSON file (written by `export`, read by `import`)
help-grimoire-use--name = The character to make active; leave out to show the active one
help-grimoire-use--clear = Forget the active character
help-grimoire-rules--id = A rule id (R10, R5a); leave out to list them all
help-grimoire-completions--shell = The shell: bash, zsh or fish
help-grimoire-completions--fixed = A fixed script (commands and flags, no spell or character names)

## Examples under a command's help: help-after-<path>

help-after-grimoire-spells =
    Examples:
      grimoire spells fire                        names with "fire" (typos forgiven)
      grimoire spells --class wizard --level 1    the Wizard's level-1 list
      grimoire spells --ritual --school divination
      grimoire spells -c wizard -l 1 -r           short flags: the Wizard's level-1 rituals
      grimoire --lang cs spells střela            Czech names work too
help-after-grimoire-spell =
    Examples:
      grimoire spell Fireball
      grimoire spell "magicka strela"
      grimoire --json spell cure-wounds
help-after-grimoire-character-new =
    Examples:
      grimoire character new Elmira --class wizard:3 --abilities str=8,dex=14,con=14,int=16,wis=12,cha=10
      grimoire character new Brother-Tuck --class cleric:5 --class wizard:1 --abilities wis=16
help-after-grimoire-character-show =
    Examples:
      grimoire character show Elmira
      grimoire character show     the active character (grimoire use NAME)
help-after-grimoire-character-list =
    Example:
      grimoire character list
help-after-grimoire-character-delete =
    Example:
      grimoire character delete Elmira
      grimoire undo Elmira    brings her back
help-after-grimoire-prepare =
    Examples:
      grimoire prepare Elmira "Magic Missile" Shield "Fire Bolt"
      grimoire prepare Brother Bless --always    kept prepared by a feature, outside the limit
      grimoire unprepare Elmira Shield
      grimoire prepare shield "magicka strela"    for the active character (grimoire use NAME)

    The first word is the character when a character has that name; otherwise
    every word is a spell, prepared by the active character.
help-after-grimoire-spellbook-add =
    Examples:
      grimoire spellbook add Zed "Detect Magic" Fireball Shield
      grimoire spellbook add identify          for the active character (grimoire use NAME)

    The first word is the character when a character has that name; otherwise
    every word is a spell, copied by the active character.
help-after-grimoire-unprepare =
    Examples:
      grimoire prepare Elmira "Magic Missile" Shield "Fire Bolt"
      grimoire unprepare Elmira Shield
      grimoire prepare shield "magicka strela"    for the active character (grimoire use NAME)

    The first word is the character when a character has that name; otherwise
    every word is a spell, prepared by the active character.
help-after-grimoire-item-add =
    Examples:
      grimoire item add Elmira "Spell Scroll" --spell Fireball
      grimoire item add Elmira "Wand of Magic Missiles" --spell "Magic Missile" --charges 7 --recharge long
      grimoire item add "Spell Scroll" -s Fireball     for the active character
help-after-grimoire-ability-add =
    Example:
      grimoire ability add Elmira --spell "Misty Step" --uses 1 --recharge long
help-after-grimoire-cast =
    Examples:
      grimoire cast Elmira "Magic Missile" --target Goblin
      grimoire cast fireball -l 4 -t Goblin -t Orc     as the active character (grimoire use NAME)
      grimoire cast Elmira "Magic Missile" --slot 2 --target Goblin:hp=7
      grimoire cast Elmira Shield --action reaction --trigger "hit by an attack"
      grimoire cast Elmira "Detect Magic" --ritual
      grimoire cast Elmira Fireball --via "Spell Scroll (fireball)" --target Ogre:dex=-1:hp=59
      grimoire cast Elmira "Misty Step" --via "Misty Step" --action bonus
      grimoire cast Elmira "Chromatic Orb" --damage-type fire --target Ogre:ac=11
      grimoire cast Brother "Plant Growth" --alternative-time    the 8-hour casting

    Inside an encounter, the caster's own Hex or Hunter's Mark on the target
    adds its damage to each hit of a spell attack.

    A target is NAME, optionally followed by :ac=N :hp=N :max=N (hit point
    maximum, healing stops there) :dex=+2 (any ability save bonus) :self :ally
    :cover (Total Cover) :dist=FEET :type=undead :resist=fire,cold
    :vuln=radiant :immune=poison.
      grimoire cast Brother "Cure Wounds" --target Ana:hp=3:max=12
      grimoire cast Elmira Fireball --target Imp:type=fiend:resist=cold:immune=fire
help-after-grimoire-equip =
    Examples:
      grimoire equip Elmira --focus held --free-hands 1
      grimoire equip Elmira --material "diamond worth 300+ GP"
      grimoire equip Elmira --no-pouch --free-hands 0
      grimoire equip --focus held     the active character (grimoire use NAME)
help-after-grimoire-slots =
    Examples:
      grimoire slots Elmira
      grimoire --json slots Elmira
      grimoire slots     the active character (grimoire use NAME)
help-after-grimoire-options =
    Examples:
      grimoire options Elmira
      grimoire --json options Elmira
      grimoire options     the active character (grimoire use NAME)

    Each castable spell lists every way it can be cast now (slot levels, pact
    slot, ritual, item, ability, arcanum) and the action it takes; each other
    spell the first rule that blocks it and what would make it legal.
help-after-grimoire-plan =
    Examples:
      grimoire plan Elmira --target ac=15,hp=40,dex=+2,resist=fire
      grimoire plan --target ac=12 --advantage     the active character
      grimoire --json plan Elmira --target hp=30,wis=-1 --top 5

    The target: ac=N, hp=N, a save bonus per ability (str=+1 ... cha=-2),
    resist=TYPE, vuln=TYPE, immune=TYPE (several: resist=fire+cold). What is
    left out is unknown: no AC, every attack hits; no save, it always fails.
help-after-grimoire-house-rules =
    Examples:
      grimoire house-rules                 what this table plays
      grimoire house-rules relax R14       cast without tracking components, with a warning
      grimoire house-rules enforce R14     back to the rules as written
      grimoire undo --house-rules          revert the last change

    A table may relax R10 (one spell slot per turn), R11 (naming a Reaction's
    trigger) and R14 (components). A cast that breaks a relaxed rule is shown
    with a warning naming the rule; every other rule still refuses.
help-after-grimoire-rest =
    Examples:
      grimoire rest Elmira --long
      grimoire rest Elmira --short
      grimoire rest --long     the active character (grimoire use NAME)
help-after-grimoire-condition =
    Examples:
      grimoire condition Elmira add silenced        magical silence: no V spells (R14a)
      grimoire condition Elmira add incapacitated   ends Concentration
      grimoire condition Elmira remove incapacitated
      grimoire condition add silenced               the active character (grimoire use NAME)
help-after-grimoire-drop =
    Examples:
      grimoire drop Brother
      grimoire drop     the active character (grimoire use NAME)
help-after-grimoire-retarget =
    Examples:
      grimoire retarget Vex Hex Orc        the hexed goblin fell: curse the orc (Bonus Action)
      grimoire retarget "hunter's mark" Wolf   the active character's (grimoire use NAME)
help-after-grimoire-dismiss =
    Examples:
      grimoire dismiss Elmira 3     (ids are shown by character show)
      grimoire dismiss 3            the active character's (grimoire use NAME)
help-after-grimoire-damage =
    Examples:
      grimoire damage Brother 14    a concentrating caster saves: CON, DC max(10, half)
      grimoire damage 14            the active character (grimoire use NAME)
help-after-grimoire-hp =
    Examples:
      grimoire hp Mira --max 38 --ac 18     record hit points (full) and Armor Class
      grimoire hp Mira --heal 7             regain hit points, up to the maximum
      grimoire hp Mira --temp 5             temporary hit points (the larger amount stays)
      grimoire hp Mira --set 12             set current hit points outright
      grimoire hp Mira                      show them
      grimoire damage Mira 9                damage takes temporary hit points first
help-after-grimoire-casting =
    Examples:
      grimoire casting Elmira continue     each turn of a long casting needs the Magic action (R12)
      grimoire casting Elmira abandon      stop; no slot is spent
      grimoire casting continue            the active character (grimoire use NAME)
      grimoire cast Elmira "Detect Magic" --complete   when the time is up
help-after-grimoire-identify =
    Examples:
      grimoire identify Elmira Bless --arcana 5   Study action, DC 15 Intelligence (Arcana)
      grimoire identify Bless                     the active character studies
help-after-grimoire-wait =
    Examples:
      grimoire wait Elmira 10m     a ritual's ten minutes pass (R5b, R12)
      grimoire wait Elmira 1h      durations run out (R15)
      grimoire wait 1h             the active character (grimoire use NAME)
help-after-grimoire-turn-end =
    Examples:
      grimoire turn end Elmira
      grimoire turn end     the active character (grimoire use NAME)
help-after-grimoire-encounter-new =
    Example:
      grimoire encounter new Cave
help-after-grimoire-encounter-add =
    Examples:
      grimoire encounter add Cave Elmira --init 15
      grimoire encounter add Cave Goblin --init 12 --hp 7
      grimoire encounter add Cave "Cave Mage#1" --monster mage
help-after-grimoire-encounter-remove =
    Example:
      grimoire encounter remove Cave Goblin
help-after-grimoire-encounter-start =
    Example:
      grimoire encounter start Cave
help-after-grimoire-encounter-next =
    Example:
      grimoire encounter next Cave
help-after-grimoire-encounter-damage =
    Example:
      grimoire encounter damage Cave Elmira 12
help-after-grimoire-encounter-advance =
    Example:
      grimoire encounter advance Cave 10m
help-after-grimoire-encounter-status =
    Example:
      grimoire encounter status Cave
help-after-grimoire-encounter-list =
    Example:
      grimoire --json encounter list
help-after-grimoire-encounter-cast =
    Examples:
      grimoire encounter cast Cave "Cave Mage#1" fireball --target Elmira
      grimoire encounter cast Cave Elmira fireball --target "Cave Mage#1"
help-after-grimoire-encounter-react =
    Examples:
      grimoire encounter react Cave "Cave Mage#1" counterspell
      grimoire encounter react Cave Elmira shield
help-after-grimoire-encounter-pass =
    Example:
      grimoire encounter pass Cave Elmira
help-after-grimoire-encounter-resolve =
    Example:
      grimoire encounter resolve Cave
help-after-grimoire-encounter-withdraw =
    Example:
      grimoire encounter withdraw Cave
help-after-grimoire-encounter-attack =
    Example:
      grimoire encounter attack Cave "Cave Mage#1" Elmira --total 15 --ac 12
help-after-grimoire-encounter-hurt =
    Example:
      grimoire encounter hurt Cave Elmira --by "Cave Mage#1" 7
help-after-grimoire-encounter-fall =
    Example:
      grimoire encounter fall Cave Elmira
help-after-grimoire-encounter-uses =
    Example:
      grimoire encounter uses Cave "Cave Mage#1"
help-after-grimoire-encounter-rest =
    Example:
      grimoire encounter rest Cave "Cave Mage#1"
help-after-grimoire-encounter-window =
    Example:
      grimoire encounter window Cave
help-after-grimoire-encounter-end =
    Example:
      grimoire encounter end Cave
help-after-grimoire-homebrew-add =
    Examples:
      grimoire homebrew add my-spells.toml
      grimoire homebrew add spells/*.toml      several files, each checked whole
help-after-grimoire-monster-list =
    Examples:
      grimoire monster list
      grimoire monster list kněz
help-after-grimoire-monster-show =
    Examples:
      grimoire monster show mage
      grimoire --lang cs monster show arcimág
help-after-grimoire-roll =
    Examples:
      grimoire roll 8d6                 Fireball's damage, every die shown
      grimoire roll '1d20 + 7'          an attack roll
      grimoire roll 4d6kh3 --stats      odds of an ability score
      grimoire --json roll 2d8+3        machine-readable
help-after-grimoire-undo =
    Examples:
      grimoire undo Elmira
      grimoire undo Cave --encounter
      grimoire undo --house-rules     the table's last house-rule change
      grimoire undo     the active character's last change (grimoire use NAME)
help-after-grimoire-log =
    Examples:
      grimoire log Elmira
      grimoire --json log Cave --encounter
      grimoire log --house-rules     who relaxed which rule, and when
      grimoire log     the active character's history (grimoire use NAME)
help-after-grimoire-serve =
    Examples:
      grimoire serve
      grimoire serve --bind 127.0.0.1:9000
      grimoire serve --cli-campaign my-table
      grimoire serve --database-url postgres://postgres@127.0.0.1:5432/grimoire
help-after-grimoire-mcp =
    Examples:
      grimoire mcp                                   the default database
      grimoire --db ~/table.sqlite3 mcp              one table's database
      grimoire --lang cs mcp                         answers in Czech unless a call asks otherwise
      claude mcp add grimoire -- grimoire mcp        register it with Claude Code

    Standard output carries the protocol (JSON-RPC); messages go to standard
    error. Each tool runs a grimoire command with --json on the same database,
    so refusals carry the CLI's code and rule, plus a fix naming the tool to
    call next. Set-up for Claude Desktop, Cursor and VS Code: docs/MCP.md.
help-after-grimoire-backup =
    Examples:
      grimoire backup ~/grimoire-2026-12-02.sqlite3
      grimoire restore ~/grimoire-2026-12-02.sqlite3
help-after-grimoire-restore =
    Examples:
      grimoire backup ~/grimoire-2026-12-02.sqlite3
      grimoire restore ~/grimoire-2026-12-02.sqlite3
help-after-grimoire-export =
    Examples:
      grimoire export table.json
      grimoire --db postgres://postgres@127.0.0.1/grimoire import table.json
help-after-grimoire-import =
    Examples:
      grimoire export table.json
      grimoire --db postgres://postgres@127.0.0.1/grimoire import table.json
help-after-grimoire-use =
    Examples:
      grimoire use Mira                     Mira acts when a command names no character
      grimoire cast fireball -l 4 -t Goblin -t Orc
      grimoire slots
      grimoire use                          show the active character
      grimoire use --clear                  forget it
      GRIMOIRE_CHARACTER=Mira grimoire ...  for one shell, over the database's choice
                                            (players sharing one PostgreSQL table)

    A command's first word is the character only when the command has more
    words than it needs without one: `cast Fireball` casts as the active
    character, `cast Mira Fireball` as Mira. For `prepare` and `unprepare` the
    first word is the character when a character has that name.
help-after-grimoire-rules =
    Examples:
      grimoire rules          every rule: id and title
      grimoire rules R10      one rule, with its parts (R5 shows R5a-R5d)
      grimoire rules r14c     one part; ids ignore case, `10` means R10
help-after-grimoire-completions =
    Examples (read again at each shell start, so an upgraded grimoire keeps working):
      bash:  echo 'source <(grimoire completions bash)' >> ~/.bashrc
      zsh:   echo 'source <(grimoire completions zsh)' >> ~/.zshrc
      fish:  echo 'grimoire completions fish | source' >> ~/.config/fish/config.fish

    The script asks grimoire for the words at each Tab, so spell names (by id:
    fireball, magic-missile) and the characters of your database complete too.
    With --static it is a fixed script of commands and flags only, which never
    runs grimoire.

## clap's own help subcommand

help-subcommand-help = Print this message or the help of the given subcommand(s)
help-subcommand-help--subcommand = Print help for the subcommand(s)

## Weapon attacks (issue 34)
help-grimoire-attack = Attack with a carried weapon: the d20 with the conditions and effects in force, damage with riders (Hex, Hunter's Mark, Divine Favor)
help-grimoire-attack--name = The attacker; leave out for the active character (one word is the weapon)
help-grimoire-attack--weapon = The weapon, one the character carries (grimoire equip NAME --weapon longsword)
help-grimoire-attack--target = The target: a combatant of the encounter or a stored character
help-grimoire-attack--advantage = Advantage on the attack roll (the conditions in force add their own)
help-grimoire-attack--disadvantage = Disadvantage on the attack roll
help-grimoire-attack--two_handed = Wield a Versatile weapon in two hands (its larger die)
help-grimoire-equip--weapons = Carry a weapon of the SRD table (longsword, dagger, ...), for `grimoire attack`; repeatable
help-grimoire-equip--clear_weapons = Put every weapon away

## Class features, Metamagic, subclass casts, creature attacks, encounter settings (issues 33-35)
help-grimoire-character-new--subclasses = A subclass: CLASS:SUBCLASS[:OPTION], e.g. wizard:evoker, druid:land:arid (repeatable)
help-grimoire-character-new--feats = A feat: FEAT[:LIST][:SPELL,...], e.g. magic-initiate:cleric:guidance,light,bless (repeatable)
help-grimoire-character-new--invocations = An Eldritch Invocation: ID[:SPELL,...], e.g. armor-of-shadows (repeatable)
help-grimoire-character-new--features = A class feature that asks for spells: ID:SPELL,..., e.g. signature-spells:fireball,counterspell
help-grimoire-character-new--metamagic = Metamagic options a Sorcerer knows, e.g. careful,quickened
help-grimoire-character-set = Set class levels or ability scores; choose a subclass, feats or invocations; gain the class features the levels reach
help-grimoire-character-set--name = The character; leave out for the active one (grimoire use NAME)
help-grimoire-character-set--classes = CLASS:LEVEL, a class's new level (a new class adds a multiclass; others keep theirs)
help-grimoire-character-set--abilities = Ability scores to change, e.g. con=16 (the others stay; slots, Hit Point Dice and hit points follow)
help-grimoire-character-set--hp = Hit points of each level gained: fixed (half the Hit Die + 1, the default) or roll (the Hit Die, replayed with --seed), plus the Constitution modifier, at least 1
help-grimoire-character-set--subclasses = A subclass: CLASS:SUBCLASS[:OPTION], e.g. wizard:evoker, druid:land:arid (repeatable)
help-grimoire-character-set--feats = A feat: FEAT[:LIST][:SPELL,...], e.g. magic-initiate:cleric:guidance,light,bless (repeatable)
help-grimoire-character-set--invocations = An Eldritch Invocation: ID[:SPELL,...], e.g. armor-of-shadows (repeatable)
help-grimoire-character-set--features = A class feature that asks for spells: ID:SPELL,..., e.g. signature-spells:fireball,counterspell
help-grimoire-character-set--metamagic = Metamagic options a Sorcerer knows, e.g. careful,quickened
help-grimoire-cast--metamagic = Metamagic (Sorcerer): subtle, quickened, careful:Ana,Bo, heightened:Orc, transmuted:cold, empowered[:lowest], seeking, distant, extended, twinned (repeat: empowered and seeking join another)
help-grimoire-cast--sculpt = Sculpt Spells (Evoker 6): targets that pass an Evocation spell's save unharmed, e.g. Ana,Bo (at most 1 + the spell's level)
help-grimoire-cast--overchannel = Overchannel (Evoker 14): maximum damage for a Wizard spell of a level 1-5 slot (necrotic cost from the second use before a Long Rest)
help-grimoire-attack--eldritch_smite = On a hit, Eldritch Smite (Warlock invocation): expend a Pact slot for 1d8 Force damage plus 1d8 per slot level
help-grimoire-attack--bonus = The GM's creature attacks (a character, in an encounter): its attack bonus as the stat block prints it
help-grimoire-attack--damage_bonus = A creature's damage modifier, added to the weapon's die
help-grimoire-attack--damage = A creature's own attack's damage instead of a weapon's (2d6+3); WEAPON is then its name
help-grimoire-attack--damage_type = The damage type of --damage
help-grimoire-attack--ranged = A creature's own attack is a ranged one
help-grimoire-hp--rolled = With --max auto: roll each level's Hit Point Die after the first (seeded dice) instead of the fixed value
help-grimoire-wildshape = A Druid takes a beast's shape (a Wild Shape use) or returns: no spells in it, Concentration kept
help-grimoire-wildshape--words = [CHARACTER] then on or off
help-grimoire-encounter-new--creatures_at_zero = What the GM's creatures do at 0 hit points: die (the default) or drop and make death saves
help-grimoire-encounter-set = Change an encounter's settings, before or during the fight
help-grimoire-encounter-set--encounter = The encounter
help-grimoire-encounter-set--creatures_at_zero = What the GM's creatures do at 0 hit points: die, or drop and make death saves
