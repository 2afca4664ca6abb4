-- Visits (issue 27): the services of one visit are appointments sharing
-- visit_id ('' for one on its own), in the agenda and in the trash, so a
-- visit is read, moved, cancelled, deleted and restored whole by one index.
ALTER TABLE appointments ADD COLUMN visit_id TEXT NOT NULL DEFAULT '';
ALTER TABLE deleted_appointments ADD COLUMN visit_id TEXT NOT NULL DEFAULT '';
CREATE INDEX appointments_visit ON appointments(user_id, visit_id) WHERE visit_id <> '';
CREATE INDEX deleted_appointments_visit ON deleted_appointments(user_id, visit_id) WHERE visit_id <> '';
