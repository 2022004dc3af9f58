//! The CLI run inside another program: `grimoire mcp` answers every tool
//! call this way (issue 32), in process instead of starting a `grimoire`
//! child per call. One [`Session`] opens the store once and keeps it for
//! every call; what a command prints is captured, not written to stdout;
//! and the session's dice are one stream: each call draws its seed from
//! it, so a seeded session replays from the start, call by call, while
//! fifty seeded Fire Bolts no longer roll the same dice.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use grimoire_dice::{DiceRng, SeededRng};
use grimoire_store::Store;

use crate::capture::{CAPTURE, lock};
use crate::context::Ctx;

/// One program's use of the CLI: its store, opened once, and its dice.
pub struct Session {
    db: Option<PathBuf>,
    store: Arc<Mutex<Store>>,
    dice: Mutex<SeededRng>,
}

impl Session {
    /// Opens the store at `db` (the CLI's default when `None`) and starts
    /// the dice stream at `seed` (from the clock when `None`).
    pub fn open(db: Option<PathBuf>, seed: Option<u64>) -> anyhow::Result<Session> {
        let probe = Ctx {
            out: crate::output::Out::new(true, crate::i18n::Lang::default()),
            db: db.clone(),
            seed,
            command_line: String::new(),
            shared: None,
        };
        let store = probe.open_store()?;
        Ok(Session {
            db,
            store: Arc::new(Mutex::new(store)),
            dice: Mutex::new(probe.rng()),
        })
    }

    /// Runs one command line (the arguments after the program's name) and
    /// returns its exit code (0 done, 1 refused, 2 usage) and what it
    /// printed.
    pub fn run(&self, args: Vec<String>) -> (u8, Vec<u8>) {
        let seed = lock(&self.dice).next_u64();
        let mut argv = vec!["grimoire".to_owned()];
        argv.extend(args);
        CAPTURE.with(|c| *c.borrow_mut() = Some(Vec::new()));
        let code = crate::execute(
            argv,
            &crate::Embedding {
                db: self.db.clone(),
                store: Some(Arc::clone(&self.store)),
                seed: Some(seed),
            },
        );
        let out = CAPTURE.with(|c| c.borrow_mut().take()).unwrap_or_default();
        (code, out)
    }
}

impl grimoire_mcp::InProcess for Session {
    fn run(&self, args: Vec<String>) -> (u8, Vec<u8>) {
        Session::run(self, args)
    }
}
