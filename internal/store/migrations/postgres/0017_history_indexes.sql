-- The same indexes as SQLite's 0017 (where the reason is: SQLite's
-- planner without statistics): a day's and a client's appointments, each
-- narrowed to its day or client and covered, so the summaries' reads are
-- index-only scans here too.
CREATE INDEX appointments_day ON appointments(user_id, date, time, id, status, price);
DROP INDEX appointments_user_date_id;
CREATE INDEX appointments_client ON appointments(user_id, client_phone, date, time, id, status, price, client_name, professional_id);
DROP INDEX appointments_client_aggregate;
DROP INDEX appointments_user_phone;
