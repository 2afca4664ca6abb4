-- Clients are aggregated from appointments by phone: this index holds every
-- column the aggregate reads, so it never touches the table.
CREATE INDEX appointments_client_aggregate ON appointments(user_id, client_phone, status, price, date, time, client_name);
