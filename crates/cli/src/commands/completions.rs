//! `grimoire completions SHELL`: print a shell script that completes
//! commands, flags, spell names and character names.

use std::io::Write;

use clap_complete::env::EnvCompleter;

use crate::context::Ctx;

/// A shell with completions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Shell {
    /// GNU Bash
    Bash,
    /// Z shell
    Zsh,
    /// fish
    Fish,
}

/// Arguments of `completions`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The shell: bash, zsh or fish
    pub shell: Shell,
    /// A fixed script (commands and flags, no spell or character names)
    #[arg(long = "static")]
    pub fixed: bool,
}

/// Runs `completions`.
pub fn run(_ctx: &Ctx, args: &Args) -> anyhow::Result<()> {
    let mut buf = Vec::new();
    if args.fixed {
        let shell = match args.shell {
            Shell::Bash => clap_complete::Shell::Bash,
            Shell::Zsh => clap_complete::Shell::Zsh,
            Shell::Fish => clap_complete::Shell::Fish,
        };
        clap_complete::generate(
            shell,
            &mut crate::completion::command(),
            "grimoire",
            &mut buf,
        );
    } else {
        let shell: &dyn EnvCompleter = match args.shell {
            Shell::Bash => &clap_complete::env::Bash,
            Shell::Zsh => &clap_complete::env::Zsh,
            Shell::Fish => &clap_complete::env::Fish,
        };
        shell.write_registration(
            crate::completion::VAR,
            "grimoire",
            "grimoire",
            &completer(),
            &mut buf,
        )?;
    }
    std::io::stdout().lock().write_all(&buf)?;
    Ok(())
}

/// The program the script calls back: this binary where it can be found,
/// so completion works before `grimoire` is on the PATH.
fn completer() -> String {
    std::env::current_exe()
        .ok()
        .and_then(|p| p.to_str().map(str::to_owned))
        .unwrap_or_else(|| "grimoire".to_owned())
}
