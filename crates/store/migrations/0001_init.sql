-- Grimoire store schema, version 1.
-- Plain SQL on purpose: the same tables are meant to work on PostgreSQL
-- (issue #5), so no SQLite-only column types or triggers.

-- The current state of every entity. `name_key` is the Unicode-lowercased
-- name: names are unique per kind regardless of case, in any language
-- (SQLite's NOCASE only folds ASCII, which would let "Čaroděj" and
-- "čaroděj" coexist).
CREATE TABLE entities (
    kind        TEXT    NOT NULL,
    name_key    TEXT    NOT NULL,
    name        TEXT    NOT NULL,
    version     BIGINT  NOT NULL,
    state_json  TEXT    NOT NULL,
    updated_at  TEXT    NOT NULL,
    PRIMARY KEY (kind, name_key)
);

-- One row per committed command. `undo_of` points at the change that this
-- change reverted; undo is logged like any other change, so the log is
-- append-only and an undo can itself be inspected.
CREATE TABLE changes (
    id           INTEGER PRIMARY KEY,
    command      TEXT    NOT NULL,
    events_json  TEXT    NOT NULL,
    undo_of      BIGINT  REFERENCES changes(id),
    created_at   TEXT    NOT NULL
);

-- One row per entity a change touched. `seq` counts the writes to that
-- entity and equals the entity's version after the write, so versions keep
-- growing across delete and re-create. A NULL state means "did not exist".
CREATE TABLE events (
    id                 INTEGER PRIMARY KEY,
    change_id          BIGINT  NOT NULL REFERENCES changes(id),
    entity_kind        TEXT    NOT NULL,
    entity_name_key    TEXT    NOT NULL,
    entity_name        TEXT    NOT NULL,
    seq                BIGINT  NOT NULL,
    state_before_json  TEXT,
    state_after_json   TEXT,
    UNIQUE (entity_kind, entity_name_key, seq)
);

CREATE INDEX events_by_change ON events (change_id);
