//! `grimoire mcp`: the Model Context Protocol server for AI game masters
//! (issue 15), over stdin/stdout. The server lives in the `grimoire-mcp`
//! library; every tool call runs a command of this CLI with `--json`, in
//! this process (issue 32): one [`crate::embedded::Session`] keeps the
//! database open and the dice one stream from `--seed`, and each call
//! gives its language.

use crate::context::Ctx;

/// Arguments of `mcp` (none of its own: `--db`, `--lang` and `--seed` are
/// the global flags).
#[derive(Debug, clap::Args)]
pub struct Args {}

/// Serves MCP on stdio until the client disconnects.
pub fn run(ctx: &Ctx, _args: &Args) -> anyhow::Result<()> {
    let exe = std::env::current_exe()?;
    let session = crate::embedded::Session::open(ctx.db.clone(), ctx.seed)?;
    let config = grimoire_mcp::Config {
        exe,
        db: ctx.db.clone(),
        seed: ctx.seed,
        lang: grimoire_mcp::Lang::parse_loose(ctx.out.lang.tag()),
        in_process: Some(std::sync::Arc::new(session)),
    };
    eprintln!(
        "{}",
        grimoire_words::fixed(ctx.out.lang.tag(), "cli-mcp-serving")
    );
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    runtime.block_on(grimoire_mcp::serve_stdio(config))?;
    Ok(())
}
