//! MCP covers what the CLI does (issue 32): every command of the CLI is
//! either served by a listed MCP tool or named here as not served, with the
//! reason. A new CLI command fails this test until someone decides which.

use clap::CommandFactory;
use grimoire_cli::cli::Cli;
use grimoire_mcp::{Grimoire, Lang, Runner};

/// Each CLI command (its words after `grimoire`) and the tool serving it.
const SERVED: &[(&str, &str)] = &[
    ("spells", "spell_search"),
    ("spell", "spell_show"),
    ("character new", "character_create"),
    ("character show", "character_show"),
    ("character list", "character_list"),
    ("character delete", "character_delete"),
    ("character set", "character_features"),
    ("wildshape", "wild_shape"),
    ("prepare", "prepare"),
    ("unprepare", "prepare"),
    ("spellbook add", "spellbook_add"),
    ("spellbook show", "spellbook_show"),
    ("item add", "item_add"),
    ("ability add", "ability_add"),
    ("cast", "cast"),
    ("attack", "attack"),
    ("equip", "equip"),
    ("slots", "character_show"),
    ("options", "options"),
    ("plan", "plan"),
    ("house-rules relax", "house_rules"),
    ("house-rules enforce", "house_rules"),
    ("rest", "rest"),
    ("font", "font_of_magic"),
    ("innate", "innate_sorcery"),
    ("cunning", "magical_cunning"),
    ("condition", "condition"),
    ("drop", "concentration_drop"),
    ("retarget", "retarget"),
    ("dismiss", "dismiss"),
    ("damage", "damage"),
    ("hp", "hp"),
    ("deathsave", "deathsave"),
    ("casting", "casting"),
    ("identify", "identify"),
    ("wait", "wait"),
    ("turn end", "next_turn"),
    ("encounter new", "encounter_create"),
    ("encounter set", "encounter_set"),
    ("encounter add", "encounter_add"),
    ("encounter remove", "encounter_remove"),
    ("encounter start", "encounter_start"),
    ("encounter next", "next_turn"),
    ("encounter damage", "damage"),
    ("encounter harm", "harm"),
    ("encounter advance", "encounter_advance"),
    ("encounter status", "encounter_show"),
    ("encounter list", "encounter_list"),
    ("encounter cast", "encounter_cast"),
    ("encounter react", "react"),
    ("encounter pass", "reaction_pass"),
    ("encounter resolve", "reaction_resolve"),
    ("encounter withdraw", "reaction_withdraw"),
    ("encounter attack", "attack_hit"),
    ("encounter hurt", "hurt"),
    ("encounter fall", "fall"),
    ("encounter uses", "creature_uses"),
    ("encounter rest", "creature_rest"),
    ("encounter condition", "creature_condition"),
    ("encounter window", "reaction_window"),
    ("encounter end", "encounter_end"),
    ("monster list", "monster_list"),
    ("monster show", "monster_show"),
    ("roll", "roll"),
    ("undo", "undo"),
    ("log", "log"),
    ("export foundry", "export_foundry"),
    ("import foundry", "import_sheet"),
    ("import ddb", "import_sheet"),
    ("check", "check_sheet"),
    ("rules", "rules"),
];

/// CLI commands MCP does not serve, and why.
const NOT_SERVED: &[(&str, &str)] = &[
    ("homebrew add", "reads a file on the server's disk"),
    ("homebrew list", "homebrew files are the server's disk"),
    ("homebrew remove", "homebrew files are the server's disk"),
    ("serve", "starts a server"),
    ("mcp", "is this server"),
    ("backup", "administration of the database file"),
    ("restore", "administration of the database file"),
    ("export", "administration: writes a file"),
    ("import", "administration: reads a file"),
    ("verify", "administration"),
    ("use", "every tool names its character"),
    ("completions", "a shell's completion script"),
];

/// Every leaf command's words, e.g. `encounter add`.
fn leaves(cmd: &clap::Command, prefix: &str, out: &mut Vec<String>) {
    let subs: Vec<&clap::Command> = cmd
        .get_subcommands()
        .filter(|c| c.get_name() != "help")
        .collect();
    // A command that also runs itself (`import FILE` beside `import foundry FILE`) counts too.
    if subs.is_empty() || cmd.get_positionals().next().is_some() {
        out.push(prefix.trim().to_owned());
    }
    for sub in subs {
        leaves(sub, &format!("{prefix} {}", sub.get_name()), out);
    }
}

#[test]
fn every_cli_command_is_served_by_a_listed_tool_or_said_not_to_be() {
    let mut commands = Vec::new();
    leaves(&Cli::command(), "", &mut commands);
    let tools: Vec<String> = Grimoire::new(Runner::new("grimoire".into(), None, None), Lang::EN)
        .tools()
        .iter()
        .map(|t| t.name.to_string())
        .collect();
    let mut missing = Vec::new();
    for command in &commands {
        let served = SERVED.iter().find(|(c, _)| c == command);
        let not = NOT_SERVED.iter().any(|(c, _)| c == command);
        match served {
            Some((_, tool)) => assert!(
                tools.iter().any(|t| t == tool),
                "{command}: no tool {tool} in {tools:?}"
            ),
            None if not => {}
            None => missing.push(command.clone()),
        }
    }
    assert!(
        missing.is_empty(),
        "CLI commands without an MCP tool: {missing:?} (add a tool in crates/mcp, \
         or list the command in NOT_SERVED with the reason)"
    );
    // And the tables name no command the CLI no longer has.
    for (c, _) in SERVED.iter().chain(NOT_SERVED) {
        assert!(commands.iter().any(|k| k == c), "no CLI command {c}");
    }
}

/// CLI arguments the tool names otherwise: (command, CLI argument id, the
/// tool's property). `-` for one the tool does without, with the reason in
/// the comment above its entry.
const RENAMED: &[(&str, &str, &str)] = &[
    ("spell", "name", "spell"),
    ("character show", "name", "character"),
    ("export foundry", "name", "character"),
    // The tool's format picks the subcommand; --from is check's format.
    ("check", "from", "format"),
    ("character delete", "name", "character"),
    ("character set", "name", "character"),
    // [CHARACTER] on|off, as a character and a boolean.
    ("wildshape", "words", "on"),
    ("spellbook show", "name", "character"),
    ("item add", "name", "character"),
    ("ability add", "feature", "name"),
    ("cast", "name", "character"),
    ("cast", "slot", "level"),
    ("equip", "name", "character"),
    ("equip", "no_pouch", "pouch"),
    ("attack", "name", "character"),
    // --max auto --rolled is `max_auto: "rolled"`.
    ("hp", "rolled", "max_auto"),
    ("slots", "name", "character"),
    ("options", "name", "character"),
    ("plan", "name", "character"),
    ("rest", "name", "character"),
    ("font", "name", "character"),
    ("innate", "name", "character"),
    ("cunning", "name", "character"),
    ("rest", "long", "kind"),
    ("rest", "short", "kind"),
    // --memorize LEARN --forget FORGET is `memorize: {learn, forget}`.
    ("rest", "forget", "memorize"),
    ("condition", "name", "character"),
    ("condition", "toggle", "action"),
    ("drop", "name", "character"),
    // [CHARACTER] SPELL TARGET, as three named properties.
    ("retarget", "words", "spell"),
    ("dismiss", "name", "character"),
    ("damage", "name", "target"),
    ("hp", "name", "character"),
    ("deathsave", "name", "character"),
    ("casting", "name", "character"),
    ("identify", "name", "character"),
    ("wait", "name", "character"),
    ("turn end", "name", "character"),
    // A homebrew file is on the server's disk.
    ("encounter add", "homebrew", "-"),
    ("encounter remove", "name", "combatant"),
    ("encounter damage", "name", "target"),
    ("encounter harm", "creature", "combatant"),
    ("encounter cast", "name", "caster"),
    ("encounter cast", "slot", "level"),
    ("encounter react", "name", "caster"),
    ("encounter react", "slot", "level"),
    ("encounter pass", "name", "combatant"),
    ("encounter fall", "creature", "combatant"),
    ("encounter uses", "name", "combatant"),
    ("encounter rest", "name", "combatant"),
    ("encounter condition", "name", "combatant"),
    ("encounter condition", "toggle", "action"),
    ("monster list", "homebrew", "-"),
    ("monster show", "homebrew", "-"),
    ("roll", "expr", "expression"),
    ("rules", "id", "rule"),
];

/// Every option and argument of a served command has its property in the
/// tool's schema (the same name, or the one [`RENAMED`] gives): a flag the
/// CLI gains (as `cast --regular` once was missing) fails here.
#[test]
fn every_argument_of_a_served_command_is_a_property_of_its_tool() {
    let tools = Grimoire::new(Runner::new("grimoire".into(), None, None), Lang::EN).tools();
    let root = Cli::command();
    let mut missing = Vec::new();
    for (command, tool) in SERVED {
        let mut cmd = &root;
        for word in command.split(' ') {
            cmd = cmd
                .get_subcommands()
                .find(|c| c.get_name() == word)
                .unwrap_or_else(|| panic!("no CLI command {command}"));
        }
        let schema = &tools.iter().find(|t| t.name == *tool).unwrap().input_schema;
        let props = schema.get("properties").and_then(|p| p.as_object());
        let has = |p: &str| props.is_some_and(|props| props.contains_key(p));
        for arg in cmd.get_arguments().filter(|a| !a.is_global_set()) {
            let id = arg.get_id().as_str();
            if has(id) {
                continue;
            }
            match RENAMED.iter().find(|(c, a, _)| c == command && *a == id) {
                Some((_, _, "-")) => {}
                Some((_, _, prop)) if has(prop) => {}
                _ => missing.push(format!("{command} {id} (tool {tool})")),
            }
        }
    }
    assert!(
        missing.is_empty(),
        "CLI arguments no tool takes: {missing:#?} (add the property to the tool in \
         crates/mcp/src/params.rs and argv.rs, or list it in RENAMED)"
    );
}
