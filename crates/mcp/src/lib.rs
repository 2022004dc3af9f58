//! A Model Context Protocol server for AI game masters.
//!
//! `grimoire mcp` serves the CLI's commands as MCP tools over stdio: look
//! spells up, create and show characters, list options, plan, cast, react,
//! rest, run encounter turns, read the log and undo. Each tool runs the
//! `grimoire` binary itself (with `--json`, on the same database) as a
//! child process, so the server can never disagree with the CLI; a
//! refusal comes back as a tool error with its code, rule id and a fix
//! that names the tool to call next (see [`fix`]).
//!
//! The crate is a library the CLI calls (it does not depend on the CLI, so
//! there is no cycle); see `docs/MCP.md` for client set-up.

mod argv;
pub mod bounds;
pub mod fix;
pub mod hint;
pub mod lang;
mod next;
pub mod params;
pub mod resources;
pub mod runner;
mod server;
pub mod sheets;

use std::path::PathBuf;

pub use lang::Lang;
pub use runner::{InProcess, Runner};
pub use server::Grimoire;

/// How `grimoire mcp` was started.
#[derive(Clone)]
pub struct Config {
    /// The `grimoire` binary every tool runs (normally the current one).
    pub exe: PathBuf,
    /// The database (`--db`), passed on to every command.
    pub db: Option<PathBuf>,
    /// The dice seed (`--seed`), passed on to every command.
    pub seed: Option<u64>,
    /// The language of answers when a call does not choose one.
    pub lang: Lang,
    /// Runs every tool call in this process (the CLI's embedded session)
    /// instead of as a child process of `exe`.
    pub in_process: Option<std::sync::Arc<dyn runner::InProcess>>,
}

/// Serves MCP on stdin/stdout until the client disconnects. Nothing else
/// may write to stdout meanwhile; logs belong on stderr.
pub async fn serve_stdio(config: Config) -> std::io::Result<()> {
    use rmcp::ServiceExt;
    let mut runner = Runner::new(config.exe, config.db, config.seed);
    if let Some(cli) = config.in_process {
        runner = runner.in_process(cli);
    }
    let service = Grimoire::new(runner, config.lang)
        .serve(rmcp::transport::stdio())
        .await
        .map_err(std::io::Error::other)?;
    service.waiting().await.map_err(std::io::Error::other)?;
    Ok(())
}
