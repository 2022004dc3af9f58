//! Times calls through the embedded session `grimoire mcp` uses (issue
//! 32), and the part of a call that builds the command-line parser, so a
//! change to either can be measured: `cargo run --release -p grimoire-cli
//! --example embedded_calls [CALLS]`.

use std::time::Instant;

use clap::CommandFactory;
use grimoire_cli::embedded::Session;

fn main() -> anyhow::Result<()> {
    let calls: usize = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(1000);
    let dir = tempfile::tempdir()?;
    let session = Session::open(Some(dir.path().join("bench.sqlite3")), Some(7))?;
    let run = |args: &[&str]| session.run(args.iter().map(|a| (*a).to_owned()).collect());
    let (code, out) = run(&[
        "--json",
        "character",
        "new",
        "Ana",
        "--class",
        "wizard:5",
        "--abilities",
        "int=16",
    ]);
    assert_eq!(code, 0, "{}", String::from_utf8_lossy(&out));
    run(&["--json", "prepare", "Ana", "fire-bolt"]);
    let time = |label: &str, f: &dyn Fn()| {
        let start = Instant::now();
        for _ in 0..calls {
            f();
        }
        let each = start.elapsed().as_secs_f64() * 1e6 / calls as f64;
        println!("{label}: {each:.0} µs a call");
    };
    time("character show (embedded)", &|| {
        let (code, _) = run(&["--json", "character", "show", "Ana"]);
        assert_eq!(code, 0);
    });
    time("building the parser (Cli::command)", &|| {
        std::hint::black_box(grimoire_cli::cli::Cli::command());
    });
    Ok(())
}
