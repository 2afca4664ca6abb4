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

-- The one-booking-per-time constraint now compares what keeps the
-- professional busy: set-up to cleaning, less the pause, clipped to the
-- day (domain.Timing.ProfessionalSpans is its Go mirror). A booking in
-- another's pause does not overlap it.
ALTER TABLE appointments DROP CONSTRAINT appointments_no_overlap;
ALTER TABLE appointments ADD CONSTRAINT appointments_no_overlap EXCLUDE USING gist (
    professional_id WITH =,
    int8multirange(
        int8range(
            replace(date, '-', '')::int8 * 1440 + GREATEST(substr(time, 1, 2)::int8 * 60 + substr(time, 4, 2)::int8 - buffer_before, 0),
            replace(date, '-', '')::int8 * 1440 + substr(time, 1, 2)::int8 * 60 + substr(time, 4, 2)::int8
                + CASE WHEN processing_min > 0 THEN processing_start ELSE duration_min END
        ),
        int8range(
            replace(date, '-', '')::int8 * 1440 + substr(time, 1, 2)::int8 * 60 + substr(time, 4, 2)::int8
                + CASE WHEN processing_min > 0 THEN processing_start + processing_min ELSE duration_min END,
            replace(date, '-', '')::int8 * 1440 + LEAST(substr(time, 1, 2)::int8 * 60 + substr(time, 4, 2)::int8 + duration_min + buffer_after, 1440)
        )
    ) WITH &&
) WHERE (exclusive AND status NOT IN ('cancelled', 'no_show'));
