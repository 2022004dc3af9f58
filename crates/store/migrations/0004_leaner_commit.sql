-- Version 4 (issue 16): a leaner commit.
--
-- The index of undone changes holds only undos. Every ordinary change has
-- no `undo_of`, and each of them added an entry (and a page to each
-- commit's log) to an index that is only ever searched for one change's
-- undo (`undo_of = ?`, which implies `IS NOT NULL`, so the partial index
-- serves it).
DROP INDEX changes_by_undo_of;
CREATE INDEX changes_by_undo_of ON changes (undo_of) WHERE undo_of IS NOT NULL;

-- PostgreSQL also gets room on the pages of `entities` for its rows' next
-- versions, and a commit function with fewer statements per write
-- (`postgres/0004_leaner_commit.sql`). SQLite's writer already updates rows
-- in place and takes an entity's next `seq` from its version.
