//! What one catch-up costs on PostgreSQL (`Backend::writes_since`, run at
//! the start of every request): with nothing new, and with ten changes
//! another connection committed since the last one. Skipped without
//! `DATABASE_URL`. `text_snapshot_*` run the statement this replaced
//! (issue 38), whose cursor was `pg_current_snapshot()::text`, on the same
//! log, for the figure before.

use grimoire_store::{Backend, Change, PostgresBackend, PostgresConfig};

fn main() {
    divan::main();
}

/// A fresh schema with `history` changes in its log, and two connections
/// to it: one that catches up, one that writes.
fn place(history: u32) -> Option<(PostgresConfig, PostgresBackend, PostgresBackend)> {
    let url = std::env::var("DATABASE_URL").ok()?;
    let config = PostgresConfig::new(url)
        .with_schema(format!("bench_catch_up_{}_{history}", std::process::id()));
    config.drop_schema().unwrap();
    let reader = PostgresBackend::connect(&config).unwrap();
    let mut writer = PostgresBackend::connect(&config).unwrap();
    let create = Change::new("new")
        .create("character", "Elmira", &serde_json::json!({"spent": 0}))
        .unwrap();
    writer.commit(&create).unwrap();
    for v in 1..history {
        cast(&mut writer, u64::from(v));
    }
    Some((config, reader, writer))
}

fn cast(writer: &mut PostgresBackend, version: u64) {
    let change = Change::new("cast")
        .update(
            "character",
            "Elmira",
            version,
            &serde_json::json!({"spent": version}),
        )
        .unwrap();
    writer.commit(&change).unwrap();
}

#[divan::bench(sample_count = 200)]
fn catch_up_nothing_new(bencher: divan::Bencher) {
    let Some((config, reader, _writer)) = place(1_000) else {
        return;
    };
    let mut cursor = reader.writes_since(None).unwrap().unwrap().cursor;
    bencher.bench_local(|| {
        cursor = reader.writes_since(Some(&cursor)).unwrap().unwrap().cursor;
    });
    config.drop_schema().unwrap();
}

#[divan::bench(sample_count = 100)]
fn catch_up_ten_new(bencher: divan::Bencher) {
    let Some((config, reader, mut writer)) = place(1_000) else {
        return;
    };
    let mut cursor = reader.writes_since(None).unwrap().unwrap().cursor;
    let mut version = 1_000;
    bencher
        .with_inputs(|| {
            for _ in 0..10 {
                cast(&mut writer, version);
                version += 1;
            }
        })
        .bench_local_values(|()| {
            let since = reader.writes_since(Some(&cursor)).unwrap().unwrap();
            assert_eq!(since.writes.len(), 10);
            cursor = since.cursor;
        });
    config.drop_schema().unwrap();
}

/// The catch-up before issue 38's cursor: the snapshot went out as text
/// and came back to be parsed. `{kind}` is how the schema's version reads
/// a row's kind.
const TEXT_SNAPSHOT: &str = "SELECT now.snap, e.entity_kind, e.entity_name_key, e.seq
     FROM (SELECT pg_current_snapshot()::text AS snap) now
     LEFT JOIN LATERAL (
         SELECT {kind} AS entity_kind, entity_name_key, seq
         FROM events
         WHERE xid >= (SELECT pg_snapshot_xmin($1::text::pg_snapshot))
           AND NOT pg_visible_in_snapshot(xid, (SELECT $1::text::pg_snapshot))
         ORDER BY xid
         LIMIT $2
     ) e ON true";

fn text_client(config: &PostgresConfig) -> (postgres::Client, postgres::Statement, String) {
    let mut client = postgres::Client::connect(&config.url, postgres::NoTls).unwrap();
    let schema = config.schema.clone().unwrap();
    client
        .batch_execute(&format!("SET search_path TO \"{schema}\""))
        .unwrap();
    // Migration 8 numbers the kinds of log rows.
    let numbered: bool = client
        .query_one("SELECT to_regclass('kinds') IS NOT NULL", &[])
        .unwrap()
        .get(0);
    let kind = if numbered {
        "(SELECT k.kind FROM kinds k WHERE k.id = events.kind_id)"
    } else {
        "entity_kind"
    };
    let stmt = client
        .prepare(&TEXT_SNAPSHOT.replace("{kind}", kind))
        .unwrap();
    let first: String = client.query(&stmt, &[&None::<String>, &1001i64]).unwrap()[0].get(0);
    (client, stmt, first)
}

#[divan::bench(sample_count = 200)]
fn text_snapshot_nothing_new(bencher: divan::Bencher) {
    let Some((config, _reader, _writer)) = place(1_000) else {
        return;
    };
    let (mut client, stmt, mut cursor) = text_client(&config);
    bencher.bench_local(|| {
        let rows = client.query(&stmt, &[&Some(&cursor), &1001i64]).unwrap();
        cursor = rows[0].get(0);
    });
    config.drop_schema().unwrap();
}

#[divan::bench(sample_count = 100)]
fn text_snapshot_ten_new(bencher: divan::Bencher) {
    let Some((config, _reader, mut writer)) = place(1_000) else {
        return;
    };
    let (mut client, stmt, mut cursor) = text_client(&config);
    let mut version = 1_000;
    bencher
        .with_inputs(|| {
            for _ in 0..10 {
                cast(&mut writer, version);
                version += 1;
            }
        })
        .bench_local_values(|()| {
            let rows = client.query(&stmt, &[&Some(&cursor), &1001i64]).unwrap();
            assert_eq!(rows.len(), 10);
            cursor = rows[0].get(0);
        });
    config.drop_schema().unwrap();
}
