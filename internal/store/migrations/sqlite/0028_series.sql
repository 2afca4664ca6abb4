-- Recurring appointments (issue 27): the appointments of one series share
-- series_id ('' for one on its own), in the agenda and in the trash, so
-- 'este e os próximos' finds the rest of a series by one index.
ALTER TABLE appointments ADD COLUMN series_id TEXT NOT NULL DEFAULT '';
ALTER TABLE deleted_appointments ADD COLUMN series_id TEXT NOT NULL DEFAULT '';
CREATE INDEX appointments_series ON appointments(user_id, series_id, date) WHERE series_id <> '';
