-- The waitlist (issue 29): customers waiting for a day with no free time,
-- for a service and, when they chose one, a professional. When a time
-- frees, the first in line who fits it is offered it: the time is held by
-- a blocked time (hold_id) until offer_expires_at, and a one-use link
-- books it through the normal booking path.
CREATE TABLE waitlist_entries (
    id               TEXT PRIMARY KEY,
    user_id          TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    date             TEXT NOT NULL,
    service_id       TEXT NOT NULL,
    professional_id  TEXT NOT NULL DEFAULT '', -- '' for anyone who does the service
    client_name      TEXT NOT NULL,
    client_phone     TEXT NOT NULL,
    client_email     TEXT NOT NULL DEFAULT '',
    status           TEXT NOT NULL,            -- waiting, offered, booked, expired, removed
    created_at       TIMESTAMPTZ NOT NULL,
    offer_time       TEXT NOT NULL DEFAULT '',
    offer_minutes    INTEGER NOT NULL DEFAULT 0, -- the time freed: what a re-offer may fill
    offer_pro        TEXT NOT NULL DEFAULT '',
    hold_id          TEXT NOT NULL DEFAULT '',
    offer_expires_at TIMESTAMPTZ,
    appointment_id   TEXT NOT NULL DEFAULT ''
);
CREATE INDEX waitlist_day ON waitlist_entries(user_id, date, status, created_at);
CREATE INDEX waitlist_offers ON waitlist_entries(status, offer_expires_at);
