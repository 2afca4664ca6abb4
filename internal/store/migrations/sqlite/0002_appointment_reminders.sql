-- When the owner sent the WhatsApp reminder of an appointment.
ALTER TABLE appointments ADD COLUMN reminder_sent_at TIMESTAMP;
ALTER TABLE deleted_appointments ADD COLUMN reminder_sent_at TIMESTAMP;
CREATE INDEX appointments_user_status_date ON appointments(user_id, status, date);
