-- Version 6 (issue 38): the log stores what changed, not copies.
--
-- A log row's state after may now be a delta (`events.state_packed`): the
-- state compressed with zlib with the entity's previous row's state after
-- as the preset dictionary, about 40 bytes for a cast where the plain
-- state took 700. Then `state_after_json` is NULL. A row with no delta
-- keeps its state in `state_after_json` as before (NULL still meaning the
-- entity does not exist after it): every row written before this version,
-- each entity's first, and every 32nd row of an entity (`seq` a multiple
-- of 32), so a state is never more than 31 deltas from a plain one.
--
-- A change's events of 256 bytes or more are stored compressed
-- (`changes.events_packed`, zlib), `events_json` then left empty.
--
-- Nothing already written changes: old rows read as they always did.
ALTER TABLE events ADD COLUMN state_packed BLOB;
ALTER TABLE changes ADD COLUMN events_packed BLOB;
