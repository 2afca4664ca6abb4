-- Reports (store/reports.go). One row a professional's day with
-- appointments, kept by every write of appointments in its transaction, so
-- a report reads about 7 rows a day whatever the salon's history:
--   services: "serviceID:completed:revenue;…" of the completed ones
--   payments: "method:completed:revenue;…" of the completed ones ("" = not told)
--   hours:    "hour:count;…" of the appointments holding their time, by start hour
--   served:   "phone,phone,…" the clients with a completed appointment, sorted
-- The rows are filled by the Go step that follows this migration.
CREATE TABLE report_days (
    user_id         TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    date            TEXT NOT NULL,
    professional_id TEXT NOT NULL,
    scheduled       INTEGER NOT NULL,
    confirmed       INTEGER NOT NULL,
    completed       INTEGER NOT NULL,
    cancelled       INTEGER NOT NULL,
    no_show         INTEGER NOT NULL,
    revenue         BIGINT NOT NULL,
    booked_min      INTEGER NOT NULL,
    public          INTEGER NOT NULL,
    services        TEXT NOT NULL,
    payments        TEXT NOT NULL,
    hours           TEXT NOT NULL,
    served          TEXT NOT NULL,
    PRIMARY KEY (user_id, date, professional_id)
);

-- A client's first visit (its day and professional) and the next day they
-- came back: new clients and their return rates read only the new ones.
ALTER TABLE client_summaries ADD COLUMN first_visit TEXT NOT NULL DEFAULT '';
ALTER TABLE client_summaries ADD COLUMN first_pro TEXT NOT NULL DEFAULT '';
ALTER TABLE client_summaries ADD COLUMN second_visit TEXT NOT NULL DEFAULT '';
CREATE INDEX client_summaries_first_visit ON client_summaries(user_id, first_visit);

-- 0009 made a second index on (user_id, status, date): one serves.
DROP INDEX appointments_completed;
