-- Writes that cost what they should (issue 24).
-- The exclusion constraint below compares professional ids with = in a GiST
-- index, which btree_gist provides (a trusted extension: the database's
-- owner may create it). In public, so a schema dropped never takes it.
CREATE EXTENSION IF NOT EXISTS btree_gist WITH SCHEMA public;

-- An owner's all-time figures, kept one row per professional instead of
-- one per owner: every booking moved the single owner_totals row, so on
-- PostgreSQL all of a store's bookings waited for each other's commit
-- there. Readers sum the rows (one per professional). Increments whose
-- professional is not known (a bulk rewrite) go to the row of ''.
-- agenda_version is bumped by every write of the professional's
-- appointments or blocked times: the public availability cache checks it,
-- in place of the store-wide stores.agenda_version every booking bumped
-- (which now moves only with writes of the whole agenda).
CREATE TABLE professional_totals (
    user_id         TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    professional_id TEXT NOT NULL,
    appointments    INTEGER NOT NULL DEFAULT 0,
    completed       INTEGER NOT NULL DEFAULT 0,
    decided         INTEGER NOT NULL DEFAULT 0,
    clients         INTEGER NOT NULL DEFAULT 0,
    agenda_version  BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, professional_id)
);
INSERT INTO professional_totals (user_id, professional_id, appointments, completed, decided, clients)
SELECT user_id, '', appointments, completed, decided, clients FROM owner_totals;
DROP TABLE owner_totals;

-- owner_days held what report_days (one row a professional's day) already
-- holds, summed by day: the day's figures are now read from report_days,
-- and a booking writes one row fewer.
DROP TABLE owner_days;

-- Whether the appointment was saved as holding its time alone (not an
-- owner's forced overlap): see appointments_no_overlap on PostgreSQL.
ALTER TABLE appointments ADD COLUMN exclusive BOOLEAN NOT NULL DEFAULT FALSE;

-- On PostgreSQL two bookings of one professional no longer wait on a lock
-- of the professional's row: the database refuses the second of two
-- overlapping appointments that hold their time, whichever commits first.
-- Only rows written since carry exclusive (an owner's forced overlap and
-- every older row do not), so no existing data can violate it. A day's
-- minute is date (YYYYMMDD) × 1440 + the time's minutes: bookings end by
-- midnight, so days never overlap.
ALTER TABLE appointments ADD CONSTRAINT appointments_no_overlap EXCLUDE USING gist (
    professional_id WITH =,
    int8range(
        replace(date, '-', '')::int8 * 1440 + substr(time, 1, 2)::int8 * 60 + substr(time, 4, 2)::int8,
        replace(date, '-', '')::int8 * 1440 + substr(time, 1, 2)::int8 * 60 + substr(time, 4, 2)::int8 + duration_min
    ) WITH &&
) WHERE (exclusive AND status NOT IN ('cancelled', 'no_show'));
