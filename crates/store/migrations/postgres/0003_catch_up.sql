-- Version 3: which transaction wrote each log row, so a server instance can
-- ask "what was committed since my last look?" with a snapshot
-- (`pg_visible_in_snapshot`) and keep entities in memory safely (issue 16).
-- Change ids cannot answer that here: a sequence hands them out before
-- commit, so they become visible out of order.
ALTER TABLE events ADD COLUMN xid xid8 NOT NULL DEFAULT pg_current_xact_id();
CREATE INDEX events_by_xid ON events (xid);
