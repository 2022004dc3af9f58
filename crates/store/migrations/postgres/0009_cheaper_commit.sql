-- Version 9 (issue 38): a cheaper commit for the common change.
--
-- PL/pgSQL runs each SQL statement of a function through the executor
-- (a plan check, a start-up, a run, an end); an expression without a
-- table is evaluated directly. Version 8's commit ran eight statements for
-- a change of one entity (the lock order's query and the lock, the read,
-- the change row, the kind's number, the entity row, the log row, the
-- answer), and their start-ups were a fifth of PostgreSQL's time a cast.
--
-- Same arguments, locks, checks, refusals, rows and answers as version 8.
-- A change that updates one stored entity (a cast, a turn) now takes two
-- statements: the lock is an expression (one entity has no order to
-- keep), one read gives the entity and its kind's number, and one
-- statement writes the change row, the entity row and the log row; the
-- answer is returned without a query. Every other change (several
-- entities, a creation, a deletion) runs version 8's way, with the lock
-- order's hashes computed in one statement and the answer without a
-- query. The checks still all come before the first write, and a
-- refusal writes nothing.
CREATE OR REPLACE FUNCTION grimoire_commit_packed(
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
    -- Milliseconds, as the text always had: the row reads back as `v_now`.
    v_at timestamptz := date_trunc('milliseconds', clock_timestamp());
    v_now text := to_char(v_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
    v_change bigint;
    v_seq bigint;
    v_kind int;
    v_name text;
    v_lock bigint;
    v_locks bigint[];
    v_waited boolean;
    v_cur_names text[] := '{}';
    v_cur_versions bigint[] := '{}';
    v_on_base boolean[] := '{}';
    v_cur_name text;
    v_cur_version bigint;
    v_cur_on_base boolean;
    v_versions bigint[] := '{}';
    v_names text[] := '{}';
BEGIN
    IF n = 1 AND p_expected[1] IS NOT NULL AND p_states[1] IS NOT NULL THEN
        v_lock := hashtextextended(p_kinds[1] || chr(1) || p_keys[1], 0);
        IF p_wait THEN
            v_waited := pg_advisory_xact_lock(v_lock) IS NULL;
        ELSIF NOT pg_try_advisory_xact_lock(v_lock) THEN
            RETURN QUERY SELECT NULL::bigint, v_now, NULL::bigint[], NULL::text[],
                'busy'::text, 0, NULL::text, NULL::text;
            RETURN;
        END IF;
        -- A statement begun after the lock sees the last commit under it.
        SELECT e.name, e.version,
               p_deltas[1] IS NOT NULL AND e.state_json = p_bases[1],
               (SELECT k.id FROM kinds k WHERE k.kind = p_kinds[1])
        INTO v_cur_name, v_cur_version, v_cur_on_base, v_kind
        FROM entities e
        WHERE e.kind = p_kinds[1] AND e.name_key = p_keys[1];
        IF NOT FOUND THEN
            RETURN QUERY SELECT NULL::bigint, v_now, NULL::bigint[], NULL::text[],
                'GR002'::text, 1, p_names[1], '0'::text;
            RETURN;
        ELSIF v_cur_version <> p_expected[1] THEN
            RETURN QUERY SELECT NULL::bigint, v_now, NULL::bigint[], NULL::text[],
                'GR003'::text, 1, v_cur_name, v_cur_version::text;
            RETURN;
        END IF;
        IF v_kind IS NULL THEN
            INSERT INTO kinds (kind) VALUES (p_kinds[1]) ON CONFLICT (kind) DO NOTHING;
            SELECT k.id INTO STRICT v_kind FROM kinds k WHERE k.kind = p_kinds[1];
        END IF;
        v_seq := v_cur_version + 1;
        v_cur_on_base := coalesce(v_cur_on_base, false) AND v_seq % 32 <> 0;
        WITH c AS (
            INSERT INTO changes (command, events_json, events_packed, undo_of, created)
            VALUES (p_command, p_events, p_events_packed, NULL, v_at)
            RETURNING id
        ), u AS (
            UPDATE entities
            SET version = v_seq, state_json = p_states[1], updated_at = v_now
            WHERE kind = p_kinds[1] AND name_key = p_keys[1]
        )
        INSERT INTO events (change_id, kind_id, entity_name_key, entity_name, seq,
                            state_after_json, state_packed)
        SELECT c.id, v_kind, p_keys[1], v_cur_name, v_seq,
               CASE WHEN v_cur_on_base THEN NULL ELSE p_states[1] END,
               CASE WHEN v_cur_on_base THEN p_deltas[1] END
        FROM c
        RETURNING events.change_id INTO v_change;
        change_id := v_change;
        at := v_now;
        versions := ARRAY[v_seq];
        names := ARRAY[v_cur_name];
        RETURN NEXT;
        RETURN;
    END IF;
    -- A change writes each entity once (checked by the caller).
    v_locks := ARRAY(
        SELECT hashtextextended(u.k || chr(1) || u.key, 0)
        FROM unnest(p_kinds, p_keys) AS u(k, key)
        ORDER BY u.k COLLATE "C", u.key COLLATE "C");
    FOREACH v_lock IN ARRAY v_locks LOOP
        IF p_wait THEN
            v_waited := pg_advisory_xact_lock(v_lock) IS NULL;
        ELSIF NOT pg_try_advisory_xact_lock(v_lock) THEN
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
    INSERT INTO changes (command, events_json, events_packed, undo_of, created)
    VALUES (p_command, p_events, p_events_packed, NULL, v_at)
    RETURNING id INTO v_change;
    FOR i IN 1..n LOOP
        SELECT k.id INTO v_kind FROM kinds k WHERE k.kind = p_kinds[i];
        IF NOT FOUND THEN
            INSERT INTO kinds (kind) VALUES (p_kinds[i]) ON CONFLICT (kind) DO NOTHING;
            SELECT k.id INTO STRICT v_kind FROM kinds k WHERE k.kind = p_kinds[i];
        END IF;
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
            WHERE kind_id = v_kind AND entity_name_key = p_keys[i];
            IF p_states[i] IS NOT NULL THEN
                INSERT INTO entities (kind, name_key, name, version, state_json, updated_at)
                VALUES (p_kinds[i], p_keys[i], v_name, v_seq, p_states[i], v_now);
            END IF;
        END IF;
        IF v_on_base[i] AND p_states[i] IS NOT NULL AND v_seq % 32 <> 0 THEN
            INSERT INTO events (change_id, kind_id, entity_name_key, entity_name, seq,
                                state_packed)
            VALUES (v_change, v_kind, p_keys[i], v_name, v_seq, p_deltas[i]);
        ELSE
            INSERT INTO events (change_id, kind_id, entity_name_key, entity_name, seq,
                                state_after_json)
            VALUES (v_change, v_kind, p_keys[i], v_name, v_seq, p_states[i]);
        END IF;
        v_versions := v_versions || v_seq;
        v_names := v_names || v_name;
    END LOOP;
    change_id := v_change;
    at := v_now;
    versions := v_versions;
    names := v_names;
    RETURN NEXT;
END;
$$;
