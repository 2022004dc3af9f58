-- Version 3: nothing changes on SQLite. PostgreSQL gains `events.xid` so a
-- server can tell what other instances committed (issue 16); here one
-- writer at a time gives change ids in commit order, and catching up reads
-- `events` by `change_id` on the index of version 1.
SELECT 1;
