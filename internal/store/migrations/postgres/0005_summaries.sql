-- Summaries kept by the writes (store/summaries.go), so the client list and
-- the dashboard read O(page) rows whatever the salon's history.

-- One row a client (the normalised phone) of an owner.
CREATE TABLE client_summaries (
    user_id      TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    phone        TEXT NOT NULL,
    latest       TEXT NOT NULL, -- "YYYY-MM-DD HH:MM|name" of the most recent appointment
    name_key     TEXT NOT NULL, -- the name, lowercased, for ordering
    appointments INTEGER NOT NULL,
    completed    INTEGER NOT NULL,
    spent        BIGINT NOT NULL,
    last_visit   TEXT NOT NULL,
    PRIMARY KEY (user_id, phone)
);
CREATE INDEX client_summaries_name ON client_summaries(user_id, name_key, phone);
CREATE INDEX client_summaries_appointments ON client_summaries(user_id, appointments, phone);
CREATE INDEX client_summaries_spent ON client_summaries(user_id, spent, phone);
CREATE INDEX client_summaries_last_visit ON client_summaries(user_id, last_visit, phone);

-- One row a day with appointments of an owner.
CREATE TABLE owner_days (
    user_id   TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    date      TEXT NOT NULL,
    total     INTEGER NOT NULL,
    booked    INTEGER NOT NULL, -- holding their time (not cancelled or no-show)
    completed INTEGER NOT NULL,
    decided   INTEGER NOT NULL, -- completed, cancelled or no-show
    revenue   BIGINT NOT NULL,  -- completed appointments' prices
    PRIMARY KEY (user_id, date)
);

-- One row an owner: the sums of their days, and their clients.
CREATE TABLE owner_totals (
    user_id      TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    appointments INTEGER NOT NULL,
    completed    INTEGER NOT NULL,
    decided      INTEGER NOT NULL,
    clients      INTEGER NOT NULL
);

INSERT INTO client_summaries (user_id, phone, latest, name_key, appointments, completed, spent, last_visit)
SELECT user_id, client_phone, MAX(date || ' ' || time || '|' || client_name), '',
    COUNT(*), SUM(CASE WHEN status = 'completed' THEN 1 ELSE 0 END),
    SUM(CASE WHEN status = 'completed' THEN COALESCE(price, 0) ELSE 0 END),
    COALESCE(MAX(CASE WHEN status = 'completed' THEN date END), '')
FROM appointments GROUP BY user_id, client_phone;
UPDATE client_summaries SET name_key = LOWER(SUBSTR(latest, 18));

INSERT INTO owner_days (user_id, date, total, booked, completed, decided, revenue)
SELECT user_id, date, COUNT(*),
    SUM(CASE WHEN status IN ('cancelled', 'no_show') THEN 0 ELSE 1 END),
    SUM(CASE WHEN status = 'completed' THEN 1 ELSE 0 END),
    SUM(CASE WHEN status IN ('completed', 'cancelled', 'no_show') THEN 1 ELSE 0 END),
    SUM(CASE WHEN status = 'completed' THEN COALESCE(price, 0) ELSE 0 END)
FROM appointments GROUP BY user_id, date;

INSERT INTO owner_totals (user_id, appointments, completed, decided, clients)
SELECT u.id,
    COALESCE((SELECT SUM(total) FROM owner_days d WHERE d.user_id = u.id), 0),
    COALESCE((SELECT SUM(completed) FROM owner_days d WHERE d.user_id = u.id), 0),
    COALESCE((SELECT SUM(decided) FROM owner_days d WHERE d.user_id = u.id), 0),
    (SELECT COUNT(*) FROM client_summaries c WHERE c.user_id = u.id)
FROM users u;
