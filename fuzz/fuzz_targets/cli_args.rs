//! The CLI's free-text paths: arbitrary words go through the real command
//! tree (`Cli::try_parse_from`, clap) and through every word parser the
//! commands use (`--class wizard:3`, `--abilities str=8,...`, durations such
//! as `10m`, conditions, schools, actions). Nothing may panic; every refusal
//! carries a stable code, a message and a usage exit status.
//!
//! The CLI is a library with a thin binary, so the fuzzer checks the very
//! code `grimoire` runs.
#![no_main]

use clap::Parser;
use grimoire_cli::{cli, failure, names};
use libfuzzer_sys::fuzz_target;

fn refused(f: failure::Failure) {
    assert!(!f.code.is_empty());
    assert!(!f.message.is_empty());
    assert_eq!(
        f.exit,
        failure::EXIT_USAGE,
        "{}: a word parser refuses as usage",
        f.code
    );
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // Words split on newlines, so a word may hold spaces, quotes, '=' or ':'.
    let words: Vec<&str> = text.split('\n').collect();
    for w in &words {
        let _ = names::class(w).map_err(refused);
        let _ = names::ability(w).map_err(refused);
        let _ = names::condition(w).map_err(refused);
        let _ = names::school(w).map_err(refused);
        let _ = names::action(w).map_err(refused);
        let _ = names::fold(w);
        if let Ok((_, level)) = names::class_level(w).map_err(refused) {
            assert!((1..=20).contains(&level) || level == 0 || level > 20);
        }
        if let Ok(scores) = names::abilities(w).map_err(refused) {
            assert_eq!(scores.len(), 6);
        }
        let _ = names::rounds(w).map_err(refused);
    }
    let args = std::iter::once("grimoire").chain(words.iter().copied());
    if let Err(e) = cli::Cli::try_parse_from(args) {
        // Rendering the error is what the binary does next.
        let _ = e.render().to_string();
    }
});
