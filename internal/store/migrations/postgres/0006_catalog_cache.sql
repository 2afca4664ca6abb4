-- Bumped by every write of a store's catalogue (the store row, its
-- services, its professionals), so cached catalogues stay right across
-- instances: a cache entry is good while the version it was read at is
-- the stored one.
ALTER TABLE stores ADD COLUMN catalog_version BIGINT NOT NULL DEFAULT 0;

-- The busy-times query (store.Busy) reads only this index: a professional's
-- days, with each appointment's time, length, status and id.
CREATE INDEX appointments_busy ON appointments(professional_id, date, time, duration_min, status, id);
DROP INDEX appointments_professional_date; -- a prefix of appointments_busy
