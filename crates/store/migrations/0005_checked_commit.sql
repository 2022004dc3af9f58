-- Version 5 (issue 38): nothing changes on SQLite.
--
-- PostgreSQL gets a commit function that reports a refusal instead of
-- raising it (`postgres/0005_checked_commit.sql`), so that several changes
-- can share one transaction there as they already do in SQLite's writer.
SELECT 1;
