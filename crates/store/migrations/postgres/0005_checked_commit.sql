-- Version 5 (issue 38): a commit that reports refusals instead of raising
-- them, so that a batch of changes can share one transaction.
--
-- `grimoire_commit` (version 4) raised on a version conflict or a name
-- taken, which aborts the whole transaction: fine for a change committed
-- on its own, fatal to a batch. This one takes the same arguments plus
-- `p_wait`, checks every write before the first one and returns a refusal
-- as a row: `refusal` is GR001 (the name is taken), GR002 (not found) or
-- GR003 (another version), `refused_at` the write's index (from 1),
-- `detail` the stored name and `hint` the version found, as the old
-- function's exceptions said. Nothing is written then, and the transaction
-- stays usable.
--
-- Locks: the entities' advisory locks are taken in one order (kind, then
-- name key, bytewise). A batch holding locks already may only wait for
-- one that comes after all of them (the caller knows, and passes
-- `p_wait`); otherwise the function only tries each lock and answers
-- `refusal = 'busy'` (nothing written) when one is held elsewhere. The
-- caller then commits what the batch did so far and commits the change
-- again in a new transaction, waiting. No transaction ever waits for a
-- lock ordered before one it holds, so no two wait for each other.
CREATE FUNCTION grimoire_commit_checked(
    p_command text,
    p_events text,
    p_kinds text[],
    p_keys text[],
    p_names text[],
    p_expected bigint[],
    p_states text[],
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
        SELECT e.name, e.version
        INTO v_cur_name, v_cur_version
        FROM entities e
        WHERE e.kind = p_kinds[i] AND e.name_key = p_keys[i];
        IF NOT FOUND THEN
            v_cur_name := NULL;
            v_cur_version := NULL;
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
    END LOOP;
    INSERT INTO changes (command, events_json, undo_of, created_at)
    VALUES (p_command, p_events, NULL, v_now)
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
        INSERT INTO events (change_id, entity_kind, entity_name_key, entity_name, seq,
                            state_after_json)
        VALUES (v_change, p_kinds[i], p_keys[i], v_name, v_seq, p_states[i]);
        v_versions := v_versions || v_seq;
        v_names := v_names || v_name;
    END LOOP;
    RETURN QUERY SELECT v_change, v_now, v_versions, v_names,
        NULL::text, NULL::int, NULL::text, NULL::text;
END;
$$;
