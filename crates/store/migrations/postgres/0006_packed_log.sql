-- Version 6 (issue 38): the log stores what changed, not copies. Same
-- columns and meaning as ../0006_packed_log.sql: a log row's state after
-- may be a delta on the previous row's (`events.state_packed`, zlib with
-- that state as the preset dictionary; `state_after_json` then NULL), and
-- a change's events of 256 bytes or more are stored compressed
-- (`changes.events_packed`, `events_json` then empty). Rows written
-- before keep their plain JSON and read as they always did.
ALTER TABLE events ADD COLUMN state_packed bytea;
ALTER TABLE changes ADD COLUMN events_packed bytea;

-- The commit of version 5 writing the compact forms. The caller packs
-- (the database has no zlib) and sends, per write, the delta
-- (`p_deltas`, NULL for none) and the state it was made on (`p_bases`).
-- The delta is stored only when that state is exactly the entity's
-- stored state, checked here under the entity's lock, and the row is not
-- a keyframe (`seq` a multiple of 32); otherwise the row stores the plain
-- state (`p_states`) as before. So a caller that packed on a stale state
-- costs bytes, never a wrong log. Same locks, checks, refusals and
-- results as `grimoire_commit_checked`.
CREATE FUNCTION grimoire_commit_packed(
    p_command text,
    p_events text,
    p_events_packed bytea,
    p_kinds text[],
    p_keys text[],
    p_names text[],
    p_expected bigint[],
    p_states text[],
    p_deltas bytea[],
    p_bases text[],
    p_wait boolean
) RETURNS TABLE (change_id bigint, at text, versions bigint[], names text[],
                 refusal text, refused_at int, detail text, hint text)
LANGUAGE plpgsql AS $$
DECLARE
    n int := coalesce(array_length(p_kinds, 1), 0);
    v_now text := to_char(clock_timestamp() AT TIME ZONE 'UTC',
                          'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
    v_change bigint;
    v_seq bigint;
    v_name text;
    v_cur_names text[] := '{}';
    v_cur_versions bigint[] := '{}';
    v_on_base boolean[] := '{}';
    v_cur_name text;
    v_cur_version bigint;
    v_cur_on_base boolean;
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
        IF p_wait THEN
            PERFORM pg_advisory_xact_lock(hashtextextended(w.k || chr(1) || w.key, 0));
        ELSIF NOT pg_try_advisory_xact_lock(hashtextextended(w.k || chr(1) || w.key, 0)) THEN
            RETURN QUERY SELECT NULL::bigint, v_now, NULL::bigint[], NULL::text[],
                'busy'::text, 0, NULL::text, NULL::text;
            RETURN;
        END IF;
    END LOOP;
    -- Every check before the first write.
    FOR i IN 1..n LOOP
        SELECT e.name, e.version,
               p_deltas[i] IS NOT NULL AND e.state_json = p_bases[i]
        INTO v_cur_name, v_cur_version, v_cur_on_base
        FROM entities e
        WHERE e.kind = p_kinds[i] AND e.name_key = p_keys[i];
        IF NOT FOUND THEN
            v_cur_name := NULL;
            v_cur_version := NULL;
            v_cur_on_base := false;
        END IF;
        IF p_expected[i] IS NULL AND v_cur_version IS NOT NULL THEN
            RETURN QUERY SELECT NULL::bigint, v_now, NULL::bigint[], NULL::text[],
                'GR001'::text, i, v_cur_name, v_cur_version::text;
            RETURN;
        ELSIF p_expected[i] IS NOT NULL AND v_cur_version IS NULL THEN
            RETURN QUERY SELECT NULL::bigint, v_now, NULL::bigint[], NULL::text[],
                'GR002'::text, i, p_names[i], '0'::text;
            RETURN;
        ELSIF p_expected[i] IS NOT NULL AND v_cur_version <> p_expected[i] THEN
            RETURN QUERY SELECT NULL::bigint, v_now, NULL::bigint[], NULL::text[],
                'GR003'::text, i, v_cur_name, v_cur_version::text;
            RETURN;
        END IF;
        v_cur_names := v_cur_names || v_cur_name;
        v_cur_versions := v_cur_versions || v_cur_version;
        v_on_base := v_on_base || coalesce(v_cur_on_base, false);
    END LOOP;
    INSERT INTO changes (command, events_json, events_packed, undo_of, created_at)
    VALUES (p_command, p_events, p_events_packed, NULL, v_now)
    RETURNING id INTO v_change;
    FOR i IN 1..n LOOP
        IF v_cur_versions[i] IS NOT NULL THEN
            v_name := v_cur_names[i];
            v_seq := v_cur_versions[i] + 1;
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
        IF v_on_base[i] AND p_states[i] IS NOT NULL AND v_seq % 32 <> 0 THEN
            INSERT INTO events (change_id, entity_kind, entity_name_key, entity_name, seq,
                                state_packed)
            VALUES (v_change, p_kinds[i], p_keys[i], v_name, v_seq, p_deltas[i]);
        ELSE
            INSERT INTO events (change_id, entity_kind, entity_name_key, entity_name, seq,
                                state_after_json)
            VALUES (v_change, p_kinds[i], p_keys[i], v_name, v_seq, p_states[i]);
        END IF;
        v_versions := v_versions || v_seq;
        v_names := v_names || v_name;
    END LOOP;
    RETURN QUERY SELECT v_change, v_now, v_versions, v_names,
        NULL::text, NULL::int, NULL::text, NULL::text;
END;
$$;
