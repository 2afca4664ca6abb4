-- Service timing (issue 27): set-up and cleaning around a service
-- (buffer_before, buffer_after) keep its professional busy; a processing
-- pause inside it (processing_start minutes after the start, for
-- processing_min minutes) frees them while the client stays. Appointments,
-- in the agenda and in the trash, keep the timing of their service as it
-- was when booked. Zero everywhere: what exists now keeps its meaning.
ALTER TABLE services ADD COLUMN buffer_before INTEGER NOT NULL DEFAULT 0;
ALTER TABLE services ADD COLUMN buffer_after INTEGER NOT NULL DEFAULT 0;
ALTER TABLE services ADD COLUMN processing_start INTEGER NOT NULL DEFAULT 0;
ALTER TABLE services ADD COLUMN processing_min INTEGER NOT NULL DEFAULT 0;
ALTER TABLE appointments ADD COLUMN buffer_before INTEGER NOT NULL DEFAULT 0;
ALTER TABLE appointments ADD COLUMN buffer_after INTEGER NOT NULL DEFAULT 0;
ALTER TABLE appointments ADD COLUMN processing_start INTEGER NOT NULL DEFAULT 0;
ALTER TABLE appointments ADD COLUMN processing_min INTEGER NOT NULL DEFAULT 0;
ALTER TABLE deleted_appointments ADD COLUMN buffer_before INTEGER NOT NULL DEFAULT 0;
ALTER TABLE deleted_appointments ADD COLUMN buffer_after INTEGER NOT NULL DEFAULT 0;
ALTER TABLE deleted_appointments ADD COLUMN processing_start INTEGER NOT NULL DEFAULT 0;
ALTER TABLE deleted_appointments ADD COLUMN processing_min INTEGER NOT NULL DEFAULT 0;
