//! Schema migrations, kept as SQL files in `crates/store/migrations/`.

/// Every migration, in order; index + 1 is the schema version it produces.
pub(crate) const MIGRATIONS: &[&str] = &[
    include_str!("../migrations/0001_init.sql"),
    include_str!("../migrations/0002_table_log.sql"),
    include_str!("../migrations/0003_lean_log_and_catch_up.sql"),
    include_str!("../migrations/0004_leaner_commit.sql"),
    include_str!("../migrations/0005_checked_commit.sql"),
    include_str!("../migrations/0006_packed_log.sql"),
    include_str!("../migrations/0007_no_log_row_key.sql"),
    include_str!("../migrations/0008_lean_log_rows.sql"),
    include_str!("../migrations/0009_cheaper_commit.sql"),
    include_str!("../migrations/0010_log_rows_without_key_check.sql"),
];

/// The newest schema version this build knows.
pub const SCHEMA_VERSION: u32 = MIGRATIONS.len() as u32;
