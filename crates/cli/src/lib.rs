//! The `grimoire` command-line tool as a library: [`run`] is the whole
//! program (the binary's `main` only calls it), so tests and the fuzz
//! target drive the very code `grimoire` runs.
//!
//! Parsing lives in [`cli`], each command in `commands`, rendering in
//! `output`; the word parsers the commands share (classes, abilities,
//! conditions, durations) are [`names`], their refusals [`failure`].

mod active;
mod capture;
mod catalog;
pub mod cli;
mod commands;
mod completion;
mod context;
mod describe;
pub mod embedded;
pub mod failure;
mod help;
mod i18n;
mod keywords;
pub mod names;
mod output;
mod reference;
mod state;
mod usage;
mod view;

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches};

use crate::failure::{EXIT_USAGE, Failure};
use crate::i18n::{Lang, Text};
use crate::output::Out;

/// Runs `grimoire` with these arguments (the program's name first), as the
/// binary does: prints what the command prints and returns its exit code
/// (0 done, 1 refused, 2 usage). Shell completion requests
/// (`GRIMOIRE_COMPLETE`) are answered first.
pub fn run(raw: Vec<std::ffi::OsString>) -> ExitCode {
    // `GRIMOIRE_COMPLETE=bash grimoire -- ...` is the shell asking for
    // completions (see `grimoire completions`): answer and exit before
    // anything prints.
    clap_complete::CompleteEnv::with_factory(completion::command)
        .var(completion::VAR)
        .complete();
    // `std::env::args` panics on an argument that is not UTF-8; such bytes
    // can be no name, spell or notation, so they are a usage error.
    let args: Vec<String> = match raw.iter().map(|a| a.clone().into_string()).collect() {
        Ok(args) => args,
        Err(bad) => {
            let json = raw.iter().any(|a| a == "--json");
            let failure = Failure::usage_worded(
                "invalid_utf8",
                "cli-invalid-utf8",
                &[("arg", &format!("{:?}", bad.to_string_lossy()))],
            );
            return ExitCode::from(report(&Out::new(json, Lang::default()), &failure));
        }
    };
    ExitCode::from(execute(args, &Embedding::default()))
}

/// What a program running the CLI inside itself gives every command
/// ([`embedded::Session`]); the default is the `grimoire` process's own.
#[derive(Default)]
pub(crate) struct Embedding {
    /// The database, when the program says which.
    pub(crate) db: Option<std::path::PathBuf>,
    /// The store the program keeps open for every command.
    pub(crate) store: Option<std::sync::Arc<std::sync::Mutex<grimoire_store::Store>>>,
    /// The seed this command's dice start from.
    pub(crate) seed: Option<u64>,
}

/// Runs one command line (the program's name first) and returns its exit
/// code: 0 done, 1 refused, 2 usage.
pub(crate) fn execute(args: Vec<String>, embedding: &Embedding) -> u8 {
    // A refusal about a spell kept in state by its English name names it
    // in the reader's language.
    grimoire_catalog::Catalog::teach_words();
    // Help and usage errors are in the language the command line or the
    // locale asks for, decided before clap reads the arguments. Embedded,
    // the command line says it.
    let help_lang = if embedding.store.is_some() {
        help::language(&args, |_| None)
    } else {
        help::language(&args, |k| std::env::var(k).ok())
    };
    // A command line that parses needs no help text: the worded command
    // (every about and help rendered from the catalogue) is built only to
    // show help or a usage error, which it then parses again to word.
    let parse = |command: clap::Command| {
        command
            .try_get_matches_from(&args)
            .and_then(|m| cli::Cli::from_arg_matches(&m))
    };
    // Embedded, the parser is built once per thread and kept: building
    // clap's whole command tree was most of a short call's time (issue 32).
    let first = if embedding.store.is_some() {
        parse_with_kept_parser(&args)
    } else {
        parse(cli::Cli::command())
    };
    let cli = match first.or_else(|_| parse(help::localize(cli::Cli::command(), help_lang))) {
        Ok(cli) => cli,
        Err(err) => return usage_error(&args, err, help_lang),
    };
    // `--lang` or `GRIMOIRE_LANG` as clap checked it; else the locale's
    // language, negotiated as for the help.
    let lang = cli.lang.unwrap_or_else(|| Lang::of_tag(help_lang));
    let out = Out::new(cli.json, lang);
    let ctx = context::Ctx {
        out,
        db: embedding.db.clone().or(cli.db.clone()),
        seed: embedding.seed.or(cli.seed),
        command_line: command_line(&args),
        shared: embedding.store.clone(),
    };
    match cli::run(&ctx, cli.command) {
        Ok(()) => 0,
        // A closed pipe (`grimoire spells | head`) is the reader's choice,
        // not a failure worth a message.
        Err(err)
            if err
                .downcast_ref::<std::io::Error>()
                .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe) =>
        {
            0
        }
        Err(err) => report(&out, &failure::classify(&err)),
    }
}

thread_local! {
    /// The command-line parser of a program running the CLI inside itself,
    /// built on its first command and kept for the ones after.
    static PARSER: std::cell::RefCell<Option<clap::Command>> =
        const { std::cell::RefCell::new(None) };
}

/// Parses `args` with this thread's kept parser (built on first use): the
/// same command tree every time, so the same answer as a fresh one.
fn parse_with_kept_parser(args: &[String]) -> Result<cli::Cli, clap::Error> {
    PARSER.with(|kept| {
        let mut kept = kept.borrow_mut();
        let command = kept.get_or_insert_with(cli::Cli::command);
        command
            .try_get_matches_from_mut(args)
            .and_then(|m| cli::Cli::from_arg_matches(&m))
    })
}

/// Prints a failure in the chosen form and returns its exit code.
fn report(out: &Out, failure: &Failure) -> u8 {
    if out.json {
        // Errors go to stdout with --json so a program reads one stream.
        let _ = out.json(&failure.to_json(out.lang));
    } else {
        let message = failure.message(out.lang);
        // Rules messages often open with their rule id already.
        let rule = failure
            .rule
            .as_deref()
            .filter(|r| !message.starts_with(&format!("{r}:")))
            .map(|r| format!(" [{} {r}]", Text::Rule.get(out.lang)))
            .unwrap_or_default();
        eprintln!(
            "{}: {} ({}){rule}",
            Text::Error.get(out.lang),
            message,
            failure.code
        );
    }
    failure.exit
}

/// clap's own errors: help and version exit 0; with `--json` a usage error
/// is reported as JSON like every other error.
fn usage_error(args: &[String], err: clap::Error, tag: &str) -> u8 {
    use clap::error::ErrorKind;
    let json = args.iter().any(|a| a == "--json");
    let lang = Lang::of_tag(tag);
    let help = matches!(
        err.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    );
    if !json || help {
        let words = grimoire_words::Words::get();
        let worded = (tag != grimoire_words::FALLBACK && !help)
            .then(|| usage::message(words, &err, tag))
            .flatten();
        match &worded {
            Some(message) => eprint!("{}", usage::render(words, &err, message, tag)),
            None => {
                let _ = err.print();
            }
        }
        return err.exit_code().clamp(0, 255) as u8;
    }
    report(&Out::new(true, lang), &usage_failure(&err));
    EXIT_USAGE
}

/// A usage error as a [`Failure`] (code `usage`, exit 2): clap's English
/// first line, and every other language of the catalogue as [`usage`]
/// words it (clap's English where it words no such kind).
fn usage_failure(err: &clap::Error) -> Failure {
    let message = err.render().to_string();
    let mut lines = message.lines();
    let first = lines.next().unwrap_or_else(|| {
        grimoire_words::fixed(grimoire_words::FALLBACK, "cli-invalid-command-line")
    });
    let mut first = first.strip_prefix("error: ").unwrap_or(first).to_owned();
    // "the following required arguments were not provided:" announces the
    // list on the next lines; without it the message names nothing.
    if first.ends_with(':') {
        let named: Vec<&str> = lines
            .take_while(|l| !l.trim().is_empty())
            .map(str::trim)
            .collect();
        first = format!("{first} {}", named.join(", "));
    }
    let words = grimoire_words::Words::get();
    Failure::usage("usage", first.clone())
        .with_words(|lang| usage::message(words, err, lang).unwrap_or_else(|| first.clone()))
}

/// The command line without the program path, quoted where needed, for the
/// change log.
fn command_line(args: &[String]) -> String {
    let mut words = Vec::new();
    let mut rest = args.iter().skip(1);
    while let Some(a) = rest.next() {
        // Where the database lives and how output looks are not part of
        // what the user did to the character.
        match a.as_str() {
            "--json" => {}
            "--db" => {
                rest.next();
            }
            _ if a.starts_with("--db=") => {}
            _ => words.push(a),
        }
    }
    words
        .into_iter()
        .map(|a| {
            if a.is_empty() || a.contains(char::is_whitespace) {
                format!("\"{a}\"")
            } else {
                a.clone()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::*;

    fn clap_error(args: &[&str]) -> clap::Error {
        cli::Cli::command()
            .try_get_matches_from(args)
            .expect_err("a usage error")
    }

    #[test]
    fn a_usage_failure_carries_every_language() {
        let f = usage_failure(&clap_error(&["grimoire", "cast", "--bogus"]));
        assert_eq!((f.code.as_str(), f.exit), ("usage", EXIT_USAGE));
        assert!(f.message.contains("unexpected argument '--bogus'"), "{f:?}");
        let words = grimoire_words::Words::get();
        for lang in words.languages() {
            let expected =
                usage::message(words, &clap_error(&["grimoire", "cast", "--bogus"]), lang);
            if lang != grimoire_words::FALLBACK {
                assert_eq!(f.translations.get(lang), expected.as_ref(), "{lang}");
            }
        }
        assert!(
            f.message(Lang::CS)
                .starts_with("neznámý přepínač nebo argument „--bogus“"),
            "{f:?}"
        );
        // The JSON names the error in the language asked for.
        assert_eq!(f.to_json(Lang::CS)["error"]["message"], f.message(Lang::CS));
    }

    #[test]
    fn a_missing_argument_names_it_in_english_and_czech() {
        let f = usage_failure(&clap_error(&["grimoire", "prepare"]));
        assert!(f.message.contains("<"), "{f:?}");
        assert!(f.message(Lang::CS).contains("chybí"), "{f:?}");
    }
}
