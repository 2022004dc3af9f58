-- Version 3: which transaction wrote each log row, so a server instance can
-- ask "what was committed since my last look?" with a snapshot
-- (`pg_visible_in_snapshot`) and keep entities in memory safely (issue 16).
-- Change ids cannot answer that here: a sequence hands them out before
-- commit, so they become visible out of order.
ALTER TABLE events ADD COLUMN xid xid8 NOT NULL DEFAULT pg_current_xact_id();
CREATE INDEX events_by_xid ON events (xid);

-- Each write is logged once: a log row's state before is the state after
-- of the entity's previous row (its `seq` - 1), which every write starts
-- from (`grimoire verify` checks it), so the copy is no longer stored and
-- the old copies are cleared. Half the log's bytes, the same undo and log.
UPDATE events SET state_before_json = NULL;

-- A commit in one statement (issue 16): the same steps as the Rust code of
-- version 2 (per-entity advisory locks in byte order, version checks, the
-- change row, then per write the next log sequence, the entity row and its
-- log row, without the state before), run inside the database so a commit is one round trip instead
-- of about ten. Name keys and trimmed names come from the caller (Unicode
-- rules PostgreSQL's lower() does not share). A refused write raises
-- SQLSTATE GR001 (already exists), GR002 (not found) or GR003 (version
-- conflict) with MESSAGE = the write's index (from 1), DETAIL = the stored
-- name and HINT = the stored version; the caller turns them back into its
-- errors. Nothing is written then: the statement is its own transaction.
CREATE FUNCTION grimoire_commit(
    p_command text,
    p_events text,
    p_kinds text[],
    p_keys text[],
    p_names text[],
    p_expected bigint[],
    p_states text[]
) RETURNS TABLE (change_id bigint, at text, versions bigint[], names text[])
LANGUAGE plpgsql AS $$
DECLARE
    n int := coalesce(array_length(p_kinds, 1), 0);
    v_now text := to_char(clock_timestamp() AT TIME ZONE 'UTC',
                          'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
    v_change bigint;
    v_seq bigint;
    v_name text;
    v_found boolean;
    v_cur_name text;
    v_cur_version bigint;
    v_versions bigint[] := '{}';
    v_names text[] := '{}';
    w record;
BEGIN
    FOR w IN
        -- A change writes each entity once (checked by the caller).
        SELECT p_kinds[j] COLLATE "C" AS k, p_keys[j] COLLATE "C" AS key
        FROM generate_subscripts(p_kinds, 1) AS j
        ORDER BY k, key
    LOOP
        PERFORM pg_advisory_xact_lock(hashtextextended(w.k || chr(1) || w.key, 0));
    END LOOP;
    INSERT INTO changes (command, events_json, undo_of, created_at)
    VALUES (p_command, p_events, NULL, v_now)
    RETURNING id INTO v_change;
    FOR i IN 1..n LOOP
        SELECT e.name, e.version
        INTO v_cur_name, v_cur_version
        FROM entities e
        WHERE e.kind = p_kinds[i] AND e.name_key = p_keys[i];
        v_found := FOUND;
        IF p_expected[i] IS NULL AND v_found THEN
            RAISE EXCEPTION USING ERRCODE = 'GR001', MESSAGE = i::text,
                DETAIL = v_cur_name, HINT = v_cur_version::text;
        ELSIF p_expected[i] IS NOT NULL AND NOT v_found THEN
            RAISE EXCEPTION USING ERRCODE = 'GR002', MESSAGE = i::text,
                DETAIL = p_names[i], HINT = '0';
        ELSIF p_expected[i] IS NOT NULL AND v_cur_version <> p_expected[i] THEN
            RAISE EXCEPTION USING ERRCODE = 'GR003', MESSAGE = i::text,
                DETAIL = v_cur_name, HINT = v_cur_version::text;
        END IF;
        v_name := CASE WHEN v_found THEN v_cur_name ELSE p_names[i] END;
        SELECT coalesce(max(seq), 0) + 1 INTO v_seq
        FROM events
        WHERE entity_kind = p_kinds[i] AND entity_name_key = p_keys[i];
        IF p_states[i] IS NULL THEN
            DELETE FROM entities WHERE kind = p_kinds[i] AND name_key = p_keys[i];
        ELSE
            INSERT INTO entities (kind, name_key, name, version, state_json, updated_at)
            VALUES (p_kinds[i], p_keys[i], v_name, v_seq, p_states[i], v_now)
            ON CONFLICT (kind, name_key) DO UPDATE
            SET version = excluded.version, state_json = excluded.state_json,
                updated_at = excluded.updated_at;
        END IF;
        INSERT INTO events (change_id, entity_kind, entity_name_key, entity_name, seq,
                            state_after_json)
        VALUES (v_change, p_kinds[i], p_keys[i], v_name, v_seq, p_states[i]);
        v_versions := v_versions || v_seq;
        v_names := v_names || v_name;
    END LOOP;
    RETURN QUERY SELECT v_change, v_now, v_versions, v_names;
END;
$$;
