//! Running the server: bind, serve until Ctrl-C, shut down gracefully.

use std::net::SocketAddr;

use crate::api::app;
use crate::db::Database;
use crate::error::ServerError;
use crate::net::NetLimits;
use crate::state::{AppState, StateConfig};

/// What `grimoire serve` needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServeConfig {
    /// Where to listen, e.g. `127.0.0.1:8080`.
    pub bind: SocketAddr,
    /// The database: the CLI's SQLite file or a PostgreSQL URL.
    pub database: Database,
    /// At most this many database connections; `None` picks by backend.
    pub connections: Option<usize>,
    /// The one campaign that shares the CLI's characters (see
    /// [`StateConfig::cli_campaign`]).
    pub cli_campaign: Option<String>,
    /// Bounds on connections, request time and live streams.
    pub net: NetLimits,
    /// Limits on sign-ups, tokens and failed sign-ins.
    pub rate: crate::rate::RateLimits,
}

/// Opens the database, binds and serves until Ctrl-C (or SIGTERM).
pub async fn serve(config: ServeConfig) -> Result<(), ServerError> {
    let mut state_config = StateConfig::new(config.database);
    if let Some(n) = config.connections {
        state_config.connections = n;
    }
    state_config.cli_campaign = config.cli_campaign;
    state_config.net = config.net;
    state_config.rate = config.rate;
    let state = AppState::connect(state_config).await?;
    let listener = tokio::net::TcpListener::bind(config.bind)
        .await
        .map_err(|source| ServerError::Bind {
            addr: config.bind.to_string(),
            source,
        })?;
    tracing::info!(addr = %config.bind, database = state.database_kind(), "grimoire server listening");
    let net = state.net_limits();
    crate::net::serve(listener, app(state), net, shutdown()).await;
    Ok(())
}

async fn shutdown() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = term => {},
    }
}
