-- The agenda's page (ORDER BY date, time, id LIMIT n) is read in index
-- order with the id as the last key: no sort of the whole range.
CREATE INDEX appointments_user_date_id ON appointments(user_id, date, time, id);
DROP INDEX appointments_user_date;
