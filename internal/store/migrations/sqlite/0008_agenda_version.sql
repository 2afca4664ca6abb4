-- Bumped by every write of a store's appointments or blocked times, in the
-- writing transaction, so cached busy times (public availability) stay
-- right across instances: a cache entry is good while the version it was
-- read at is the stored one.
ALTER TABLE stores ADD COLUMN agenda_version BIGINT NOT NULL DEFAULT 0;
