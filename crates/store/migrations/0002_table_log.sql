-- Version 2: a table's change log read newest first by entity kind (a
-- campaign's kinds share a prefix), and undo's "undone by" lookups without
-- a scan of every change.
CREATE INDEX events_by_kind_change ON events (entity_kind, change_id);
CREATE INDEX changes_by_undo_of ON changes (undo_of);
