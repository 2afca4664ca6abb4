-- The summaries re-aggregate one day or one client of an owner at each
-- write (store/summaries.go). Without planner statistics — a database the
-- product makes has none until it is analysed — SQLite takes user_id = ?
-- for a selective key, so it read a day through the (user_id) prefix of
-- the covering client index: the owner's whole history at every status
-- change (issue 22). Each index below narrows such a read to its day or
-- client and also covers it, so the planner picks it with statistics or
-- without.

-- A day's appointments: the agenda's page as before (date, time, id), and
-- the status and price the day's summary adds up.
CREATE INDEX appointments_day ON appointments(user_id, date, time, id, status, price);
DROP INDEX appointments_user_date_id;

-- A client's appointments in date order (their history, first and next
-- visit), with what their summary and the days they touch are read from.
-- It replaces (user_id, client_phone) and the client aggregate index,
-- whose price before the date left the visits unordered.
CREATE INDEX appointments_client ON appointments(user_id, client_phone, date, time, id, status, price, client_name, professional_id);
DROP INDEX appointments_client_aggregate;
DROP INDEX appointments_user_phone;
