# The command line's help and usage errors. The help of a command is
# `help-<path>` (`help-grimoire-cast`), of an argument `help-<path>--<id>`
# (`help-grimoire--lang`); a command or argument without a message here
# keeps the English of its doc comment. `usage-*` word clap's usage errors.

help-grimoire = Grimoire: spells, dice, characters and encounters for the 2024 fifth-edition rules
help-grimoire--db = The database: an SQLite file, or a postgres:// URL [default: $XDG_DATA_HOME/grimoire/grimoire.sqlite3]
help-grimoire--json = Print stable machine-readable JSON instead of the terminal view
help-grimoire--lang = The language of human output: cs or en
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
