//! `grimoire serve`: the table server (issue #5) over the CLI's own
//! database, or over PostgreSQL so that several instances share campaigns.

use std::net::SocketAddr;

use crate::context::{Ctx, default_db_path};
use crate::failure::Failure;

/// Arguments of `serve`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Where to listen
    #[arg(long, default_value = "127.0.0.1:8080", value_name = "ADDR")]
    pub bind: SocketAddr,
    /// A PostgreSQL URL; without it the server uses the CLI's SQLite file (--db)
    #[arg(long, env = "DATABASE_URL", value_name = "URL")]
    pub database_url: Option<String>,
    /// At most this many database connections [default: 16; on PostgreSQL 4 a core, 4 to 16]
    #[arg(long, value_name = "N")]
    pub connections: Option<usize>,
    /// Share this terminal's characters and encounters with one campaign (by id):
    /// its GM acts for them from the browser. No other campaign, and no client
    /// request, can reach them
    #[arg(long, value_name = "CAMPAIGN")]
    pub cli_campaign: Option<String>,
    /// Turn off the limits on sign-ups, tokens and failed sign-ins, for
    /// contract and load tests; only with a loopback --bind
    #[arg(long)]
    pub no_rate_limits: bool,
}

/// Runs the server until Ctrl-C.
pub fn run(ctx: &Ctx, args: &Args) -> anyhow::Result<()> {
    // The same database the other commands use: --db (a file or a
    // postgres:// URL) unless --database-url / DATABASE_URL names one.
    let mut database = match &args.database_url {
        Some(url) => grimoire_server::Database::parse(url),
        None => {
            let db = ctx
                .db
                .clone()
                .or_else(default_db_path)
                .ok_or_else(|| Failure::usage_worded("no_data_dir", "cli-no-data-dir", &[]))?;
            grimoire_server::Database::parse(&db.to_string_lossy())
        }
    };
    if let grimoire_server::Database::Postgres(config) = &mut database
        && let Some(schema) = std::env::var("GRIMOIRE_PG_SCHEMA")
            .ok()
            .filter(|s| !s.is_empty())
    {
        config.schema = Some(schema);
    }
    if args.no_rate_limits && !args.bind.ip().is_loopback() {
        return Err(Failure::usage_worded(
            "rate_limits_required",
            "cli-serve-loopback-only",
            &[("bind", &args.bind.to_string())],
        )
        .into());
    }
    init_logs();
    eprintln!(
        "{}",
        grimoire_words::text(
            ctx.out.lang.tag(),
            "cli-serve-serving",
            [
                ("bind", args.bind.to_string()),
                ("database", database.kind().to_string())
            ],
        )
    );
    eprintln!(
        "{}",
        grimoire_words::text(
            ctx.out.lang.tag(),
            "cli-serve-begin",
            [("bind", args.bind.to_string())],
        )
    );
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(grimoire_server::serve(grimoire_server::ServeConfig {
        bind: args.bind,
        database,
        connections: args.connections,
        cli_campaign: args.cli_campaign.clone(),
        net: Default::default(),
        rate: if args.no_rate_limits {
            grimoire_server::RateLimits::unlimited()
        } else {
            grimoire_server::RateLimits::default()
        },
    }))?;
    Ok(())
}

/// Structured logs on standard error: one line per request (method, path,
/// status, time) and every server-side failure with its cause. The level
/// comes from `RUST_LOG` (e.g. `RUST_LOG=debug`), `info` by default.
fn init_logs() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .try_init();
}
