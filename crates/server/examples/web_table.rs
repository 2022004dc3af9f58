//! Runs the table server with its web UI on a SQLite file, for trying the
//! browser table (and its end-to-end tests) without the CLI:
//!
//! ```text
//! cargo run -p grimoire-server --example web_table -- 127.0.0.1:8080 /tmp/table.sqlite3
//! ```

use std::net::SocketAddr;
use std::path::PathBuf;

use grimoire_server::{Database, ServeConfig, serve};

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let bind: SocketAddr = args
        .next()
        .unwrap_or_else(|| "127.0.0.1:8080".into())
        .parse()?;
    let db = PathBuf::from(args.next().unwrap_or_else(|| "grimoire-web.sqlite3".into()));
    println!("web table on http://{bind}/");
    serve(ServeConfig {
        bind,
        database: Database::Sqlite(db),
        connections: None,
        cli_campaign: None,
        net: Default::default(),
        rate: Default::default(),
    })
    .await?;
    Ok(())
}
