-- Version 4 (issue 16): a leaner commit.
--
-- Room on each page of `entities` for its rows' next versions. A
-- character's row is rewritten on every cast; with full pages (the default
-- fill factor of 100) each new version went to another page, so every
-- update also added an entry to the primary key and left the old entry
-- behind. Lookups by key then walked chains of dead versions until
-- the next vacuum. With half of each page free, an update stays on its page
-- (a heap-only update): the index is untouched and the dead version is
-- pruned on the next visit. Pages written before this migration keep their
-- layout until the table is rewritten (`VACUUM FULL entities`).
ALTER TABLE entities SET (fillfactor = 50);

-- The index of undone changes holds only undos: every ordinary change has
-- no `undo_of` and added an entry for nothing, since the index is only
-- searched for one change's undo (`undo_of = $1` implies `IS NOT NULL`).
DROP INDEX changes_by_undo_of;
CREATE INDEX changes_by_undo_of ON changes (undo_of) WHERE undo_of IS NOT NULL;

-- The commit of version 3 with fewer statements per write, since each
-- statement inside the function costs an executor start-up:
-- * an existing entity's next log `seq` is its version + 1 (every write
--   sets the version to its row's `seq`, as SQLite's writer relies on), so
--   the log is searched for the newest `seq` only when the entity is new
--   or was deleted;
-- * an existing row is updated in place, a new one inserted: the row was
--   just read under the entity's lock, so `ON CONFLICT` has nothing left to
--   decide.
-- Same arguments, same results, same refusals (SQLSTATE GR001–GR003).
CREATE OR REPLACE FUNCTION grimoire_commit(
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
        IF v_found THEN
            v_name := v_cur_name;
            v_seq := v_cur_version + 1;
            IF p_states[i] IS NULL THEN
                DELETE FROM entities WHERE kind = p_kinds[i] AND name_key = p_keys[i];
            ELSE
                UPDATE entities
                SET version = v_seq, state_json = p_states[i], updated_at = v_now
                WHERE kind = p_kinds[i] AND name_key = p_keys[i];
            END IF;
        ELSE
            v_name := p_names[i];
            SELECT coalesce(max(seq), 0) + 1 INTO v_seq
            FROM events
            WHERE entity_kind = p_kinds[i] AND entity_name_key = p_keys[i];
            IF p_states[i] IS NOT NULL THEN
                INSERT INTO entities (kind, name_key, name, version, state_json, updated_at)
                VALUES (p_kinds[i], p_keys[i], v_name, v_seq, p_states[i], v_now);
            END IF;
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
