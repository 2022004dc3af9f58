-- Grimoire store schema, version 1, PostgreSQL dialect of ../0001_init.sql.
-- Same tables, same columns, same meaning; only the id columns differ
-- (SQLite's INTEGER PRIMARY KEY is an alias of its rowid, PostgreSQL needs
-- an identity column).

CREATE TABLE entities (
    kind        TEXT    NOT NULL,
    name_key    TEXT    NOT NULL,
    name        TEXT    NOT NULL,
    version     BIGINT  NOT NULL,
    state_json  TEXT    NOT NULL,
    updated_at  TEXT    NOT NULL,
    PRIMARY KEY (kind, name_key)
);

CREATE TABLE changes (
    id           BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    command      TEXT    NOT NULL,
    events_json  TEXT    NOT NULL,
    undo_of      BIGINT  REFERENCES changes(id),
    created_at   TEXT    NOT NULL
);

CREATE TABLE events (
    id                 BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
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
CREATE INDEX changes_by_undo_of ON changes (undo_of);
