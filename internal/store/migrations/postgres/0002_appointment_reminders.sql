-- When the owner sent the WhatsApp reminder of an appointment.
ALTER TABLE appointments ADD COLUMN reminder_sent_at TIMESTAMPTZ;
ALTER TABLE deleted_appointments ADD COLUMN reminder_sent_at TIMESTAMPTZ;
CREATE INDEX appointments_user_status_date ON appointments(user_id, status, date);
