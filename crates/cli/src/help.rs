//! The help in the reader's language: clap's texts are set from the
//! catalogue (`help-*` messages) before parsing, so `--help` and the
//! command list read in the language a pre-scan of the command line and
//! the environment asked for.

use clap::{Arg, ArgAction, Command};
use grimoire_words::{FALLBACK, Words};

/// The example command lines under the top-level help: commands and
/// flags, the same in every language.
const EXAMPLES: &[&str] = &[
    "grimoire character new Elmira --class wizard:3 --abilities str=8,dex=14,con=14,int=16,wis=12,cha=10",
    "grimoire prepare Elmira \"Magic Missile\" Shield",
    "grimoire cast Elmira \"Magic Missile\" --slot 2 --target Goblin",
    "grimoire slots Elmira",
    "grimoire turn end Elmira",
    "grimoire rest Elmira --long",
    "grimoire undo Elmira",
    "grimoire log Elmira",
    "grimoire spells fire --class wizard",
    "grimoire roll 8d6 --stats",
    "grimoire use Elmira                      {use}",
    "grimoire cast \"magic missile\" -l 2 -t Goblin -t Orc",
    "grimoire rules R10",
];

/// The shell line that loads completions.
const COMPLETIONS: &str = "source <(grimoire completions bash)";

/// The language tag a command line asks for, before clap reads it:
/// `--lang X` / `--lang=X`, else `GRIMOIRE_LANG`, else the locale
/// (`LC_ALL`, `LC_MESSAGES`, `LANG`) when the catalogue has its language;
/// English otherwise.
pub fn language(args: &[String], env: impl Fn(&str) -> Option<String>) -> &'static str {
    let words = Words::get();
    let flag = args
        .windows(2)
        .find(|w| w[0] == "--lang")
        .map(|w| w[1].clone())
        .or_else(|| {
            args.iter()
                .find_map(|a| a.strip_prefix("--lang=").map(str::to_owned))
        });
    let asked = flag.or_else(|| env("GRIMOIRE_LANG")).or_else(|| {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .into_iter()
            .filter_map(&env)
            .find(|v| !v.is_empty())
    });
    asked
        .and_then(|a| words.language_of(&a))
        .unwrap_or(FALLBACK)
}

/// `cmd` with its help texts in `lang` (English texts of the catalogue
/// too, so the `.ftl` files are where help is edited; a command or
/// argument without a message keeps its doc comment).
pub fn localize(cmd: Command, lang: &str) -> Command {
    let words = Words::get();
    let say = |id: &str| words.text(lang, id, None);
    let use_note = say("help-examples-use");
    let lines: Vec<String> = EXAMPLES
        .iter()
        .map(|l| format!("  {}", l.replace("{use}", &use_note)))
        .collect();
    let after = format!(
        "{}\n{}\n\n{} {COMPLETIONS}   {}\n\n{}\n{}",
        say("help-examples"),
        lines.join("\n"),
        say("help-completions"),
        say("help-completions-shells"),
        say("help-exit-codes"),
        say("help-json-everywhere"),
    );
    let cmd = walk(cmd.after_help(after), "help-grimoire", lang, words);
    // After the help flag, where clap puts its own.
    cmd.disable_version_flag(true).arg(
        Arg::new("version")
            .short('V')
            .long("version")
            .action(ArgAction::Version)
            .help(say("help-flag-version")),
    )
}

fn walk(mut cmd: Command, path: &str, lang: &str, words: &Words) -> Command {
    let say = |id: &str| words.text(lang, id, None);
    let own = |id: &str| words.has(lang, id) || words.has(FALLBACK, id);
    if own(path) {
        cmd = cmd.about(say(path));
        if lang != FALLBACK {
            // The long English paragraphs would follow a translated line.
            cmd = cmd.long_about(None);
        }
    }
    cmd = cmd.disable_help_flag(true).arg(
        Arg::new("help")
            .short('h')
            .long("help")
            .action(ArgAction::Help)
            .help(say("help-flag-help")),
    );
    if lang != FALLBACK {
        // clap's own headings are English; the template and the sections
        // take the catalogue's.
        cmd = cmd
            .help_template(format!(
                "{{before-help}}{{about-with-newline}}\n{} {{usage}}\n\n{{all-args}}{{after-help}}",
                say("help-heading-usage")
            ))
            .subcommand_help_heading(say("help-heading-commands"));
    }
    let (options, arguments) = (say("help-heading-options"), say("help-heading-arguments"));
    cmd = cmd.mut_args(|arg| {
        let id = format!("{path}--{}", arg.get_id());
        let mut arg = if own(&id) { arg.help(say(&id)) } else { arg };
        if lang != FALLBACK {
            let heading = if arg.is_positional() {
                arguments.clone()
            } else {
                options.clone()
            };
            arg = arg.help_heading(heading);
        }
        arg
    });
    let names: Vec<String> = cmd
        .get_subcommands()
        .map(|s| s.get_name().to_owned())
        .collect();
    for name in names {
        let sub = format!("{path}-{name}");
        cmd = cmd.mut_subcommand(&name, |s| walk(s, &sub, lang, words));
    }
    cmd
}
