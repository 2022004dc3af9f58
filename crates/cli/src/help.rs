//! The help in the reader's language: clap's texts are set from the
//! catalogue (`help-*` messages) before parsing, so `--help` and the
//! command list read in the language a pre-scan of the command line and
//! the environment asked for.

use clap::{Arg, ArgAction, Command};
use grimoire_words::{FALLBACK, FluentArgs, Words};

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

/// The language tag a command line asks for, before clap reads it: the
/// first of `--lang X` / `--lang=X`, `GRIMOIRE_LANG` and the locale
/// (`LC_ALL`, `LC_MESSAGES`, `LANG`) whose language the catalogue has;
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
    // The first that names a language of ours: an unknown `--lang` is
    // refused in the language the environment asks for.
    std::iter::once(flag)
        .chain(
            ["GRIMOIRE_LANG", "LC_ALL", "LC_MESSAGES", "LANG"]
                .into_iter()
                .map(&env),
        )
        .flatten()
        .find_map(|asked| words.language_of(&asked))
        .unwrap_or(FALLBACK)
}

/// `cmd` with its help texts in `lang` (English texts of the catalogue
/// too, so the `.ftl` files are where help is edited): each command's
/// about is message `help-<path>` (`help-grimoire-encounter-start`), each
/// argument's help `help-<path>--<id>`, a command's examples under its
/// help `help-after-<path>`. A command or argument without a message keeps
/// its doc comment (the test `every_command_and_argument_has_help` says
/// none is without). `--lang` is checked against the catalogue's
/// languages, refused in `lang`.
pub fn localize(cmd: Command, lang: &'static str) -> Command {
    let words = Words::get();
    let known = words.languages().join(", ");
    let say = |id: &str| say(words, lang, id, &known);
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
    let cmd = walk(cmd, "help-grimoire", lang, words, &known)
        .after_help(after)
        .mut_arg("lang", move |a| {
            a.value_name(words.languages().join("|"))
                .value_parser(move |s: &str| crate::i18n::Lang::parse_in(s, lang))
        });
    // After the help flag, where clap puts its own.
    let mut cmd = cmd.disable_version_flag(true).arg(
        Arg::new("version")
            .short('V')
            .long("version")
            .action(ArgAction::Version)
            .help(say("help-flag-version")),
    );
    // clap adds its `help` subcommands as it builds, with English words:
    // build now, then word them (a built command is not built again).
    cmd.build();
    help_subcommands(
        cmd,
        &say("help-subcommand-help"),
        &say("help-subcommand-help--subcommand"),
    )
}

/// `cmd` with every `help` subcommand clap added worded `about`, its
/// argument `arg`.
fn help_subcommands(mut cmd: Command, about: &str, arg: &str) -> Command {
    let names: Vec<String> = cmd
        .get_subcommands()
        .map(|s| s.get_name().to_owned())
        .collect();
    for name in names {
        cmd = cmd.mut_subcommand(&name, |s| {
            if name == "help" {
                let s = s.about(about.to_owned());
                if s.get_arguments().any(|a| a.get_id() == "subcommand") {
                    s.mut_arg("subcommand", |a| a.help(arg.to_owned()))
                } else {
                    s
                }
            } else {
                help_subcommands(s, about, arg)
            }
        });
    }
    cmd
}

/// Message `id` in `lang`, with `$langs` the languages there are.
fn say(words: &Words, lang: &str, id: &str, known: &str) -> String {
    let mut args = FluentArgs::new();
    args.set("langs", known.to_owned());
    words.text(lang, id, Some(&args))
}

fn walk(mut cmd: Command, path: &str, lang: &str, words: &Words, known: &str) -> Command {
    let say = |id: &str| say(words, lang, id, known);
    let own = |id: &str| words.has(lang, id) || words.has(FALLBACK, id);
    if own(path) {
        cmd = cmd.about(say(path));
        if lang != FALLBACK {
            // The long English paragraphs would follow a translated line.
            cmd = cmd.long_about(None);
        }
    }
    let after = after_id(path);
    if own(&after) {
        cmd = cmd.after_help(say(&after));
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
            arg = arg.help_heading(heading).long_help(None);
        }
        arg
    });
    let names: Vec<String> = cmd
        .get_subcommands()
        .map(|s| s.get_name().to_owned())
        .collect();
    for name in names {
        let sub = format!("{path}-{name}");
        cmd = cmd.mut_subcommand(&name, |s| walk(s, &sub, lang, words, known));
    }
    cmd
}

/// The id of the examples under a command's help: `help-after-<path>`.
fn after_id(path: &str) -> String {
    format!("help-after-{}", path.strip_prefix("help-").unwrap_or(path))
}

/// Every help message id the command tree asks for (each command's about
/// and each argument's help, `help` itself aside), with the English text
/// clap has for it from the doc comments.
#[cfg(test)]
fn ids(cmd: &Command) -> Vec<(String, String)> {
    let mut out = Vec::new();
    collect(cmd, "help-grimoire", &mut out);
    out
}

#[cfg(test)]
fn collect(cmd: &Command, path: &str, out: &mut Vec<(String, String)>) {
    let text =
        |s: Option<&clap::builder::StyledStr>| s.map(ToString::to_string).unwrap_or_default();
    out.push((path.to_owned(), text(cmd.get_about())));
    for arg in cmd.get_arguments() {
        if arg.get_id() != "help" && arg.get_id() != "version" {
            out.push((format!("{path}--{}", arg.get_id()), text(arg.get_help())));
        }
    }
    for sub in cmd.get_subcommands() {
        collect(sub, &format!("{path}-{}", sub.get_name()), out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    /// Every command and argument has its help in every language of the
    /// catalogue, so `--help` never falls back to English text in code.
    #[test]
    fn every_command_and_argument_has_help() {
        let words = Words::get();
        let ids = ids(&crate::cli::Cli::command());
        assert!(ids.len() > 200, "{}", ids.len());
        let mut missing = Vec::new();
        for lang in words.languages() {
            for (id, english) in &ids {
                if !words.has(lang, id) {
                    missing.push(format!("{lang}: {id} = {english}"));
                }
            }
        }
        assert!(
            missing.is_empty(),
            "help without a message:\n{}",
            missing.join("\n")
        );
    }

    /// A language of the catalogue without a message reads English.
    #[test]
    fn a_language_without_help_reads_english() {
        let cmd = localize(crate::cli::Cli::command(), "xx");
        let cast = cmd.find_subcommand("cast").expect("cast");
        assert!(
            cast.get_about()
                .is_some_and(|a| a.to_string().starts_with("Cast a spell"))
        );
    }
}
