//! `grimoire mcp`: the Model Context Protocol server for AI game masters
//! (issue 15), over stdin/stdout. The server lives in the `grimoire-mcp`
//! library; every tool call runs this same binary with `--json`, on the
//! database, seed and language this command was started with.

use crate::context::Ctx;
use crate::i18n::Lang;

/// Arguments of `mcp` (none of its own: `--db`, `--lang` and `--seed` are
/// the global flags).
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  grimoire mcp                                   the default database
  grimoire --db ~/table.sqlite3 mcp              one table's database
  grimoire --lang cs mcp                         answers in Czech unless a call asks otherwise
  claude mcp add grimoire -- grimoire mcp        register it with Claude Code

Standard output carries the protocol (JSON-RPC); messages go to standard
error. Each tool runs a grimoire command with --json on the same database,
so refusals carry the CLI's code and rule, plus a fix naming the tool to
call next. Set-up for Claude Desktop, Cursor and VS Code: docs/MCP.md.")]
pub struct Args {}

/// Serves MCP on stdio until the client disconnects.
pub fn run(ctx: &Ctx, _args: &Args) -> anyhow::Result<()> {
    let exe = std::env::current_exe()?;
    let config = grimoire_mcp::Config {
        exe,
        db: ctx.db.clone(),
        seed: ctx.seed,
        lang: match ctx.out.lang {
            Lang::En => grimoire_mcp::Lang::En,
            Lang::Cs => grimoire_mcp::Lang::Cs,
        },
    };
    eprintln!("grimoire: MCP server on stdio; the client ends it by closing stdin");
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    runtime.block_on(grimoire_mcp::serve_stdio(config))?;
    Ok(())
}
