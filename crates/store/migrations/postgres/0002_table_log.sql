-- Version 2: a table's change log read newest first by entity kind (a
-- campaign's kinds share a prefix). `changes_by_undo_of` exists since 1.
CREATE INDEX events_by_kind_change ON events (entity_kind, change_id);
