//! The `grimoire` binary: everything is in the library ([`grimoire_cli::run`]).

fn main() -> std::process::ExitCode {
    grimoire_cli::run(std::env::args_os().collect())
}
