-- Version 8 (issue 38): leaner log rows.
--
-- 1. The kind as a small number. A log row named its entity's kind as
--    text (`campaign/<id>/character`, two dozen bytes and more) in the
--    row and in its two indexes keyed by the kind, whose pages are about
--    half full (their inserts land inside the index, at the end of one
--    entity's or one kind's range). `kinds` numbers each kind once;
--    `events.kind_id` replaces `events.entity_kind`, and the unique key
--    and the table log's index are rebuilt on it. Rows written before
--    are numbered here, so every row reads the same way.
-- 2. A change's time as a timestamp (8 bytes) instead of its text (25).
--    `changes.created` holds it for new rows, `created_at` for old ones
--    (then `created` is NULL, and the other way round); the store reads
--    `coalesce(created_at, <created as the same text>)`, so a time reads
--    as the same text as before, to the millisecond it was taken at.
-- 3. A change's events may be packed on a preset dictionary that the
--    code keeps (`crates/store/src/packed.rs`), named by its Adler-32 sum
--    in zlib's header: nothing in the schema; the version only keeps a
--    build from before, which has no dictionary, from reading them.
CREATE TABLE kinds (
    id    integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    kind  text    NOT NULL UNIQUE
);
INSERT INTO kinds (kind)
SELECT DISTINCT entity_kind FROM events ORDER BY 1;

ALTER TABLE events ADD COLUMN kind_id integer;
UPDATE events e SET kind_id = k.id FROM kinds k WHERE k.kind = e.entity_kind;
ALTER TABLE events ALTER COLUMN kind_id SET NOT NULL;
ALTER TABLE events DROP CONSTRAINT events_entity_kind_entity_name_key_seq_key;
DROP INDEX events_by_kind_change;
ALTER TABLE events DROP COLUMN entity_kind;
ALTER TABLE events ADD CONSTRAINT events_by_kind_name_seq
    UNIQUE (kind_id, entity_name_key, seq);
CREATE INDEX events_by_kind_change ON events (kind_id, change_id);

ALTER TABLE changes ALTER COLUMN created_at DROP NOT NULL;
ALTER TABLE changes ADD COLUMN created timestamptz;
ALTER TABLE changes ADD CONSTRAINT changes_created_once
    CHECK ((created_at IS NULL) <> (created IS NULL));

-- The commits of versions 4 and 5 wrote `events.entity_kind`; the store
-- calls only `grimoire_commit_packed` since version 6.
DROP FUNCTION grimoire_commit(text, text, text[], text[], text[], bigint[], text[]);
DROP FUNCTION grimoire_commit_checked(text, text, text[], text[], text[], bigint[], text[],
                                      boolean);

-- Version 6's commit on the new columns: same arguments, locks, checks,
-- refusals and results. A kind's first write numbers it (a write of the
-- same new kind in another transaction waits for this one to end).
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
    RETURN QUERY SELECT v_change, v_now, v_versions, v_names,
        NULL::text, NULL::int, NULL::text, NULL::text;
END;
$$;
