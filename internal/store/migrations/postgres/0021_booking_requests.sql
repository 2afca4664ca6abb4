-- A customer's online booking carries an id her browser made for it
-- (requestId): a retry after a lost answer finds the booking it already
-- made instead of booking twice. Kept a day (PurgeExpired).
CREATE TABLE booking_requests (
    user_id        TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    request_id     TEXT NOT NULL,
    appointment_id TEXT NOT NULL,
    created_at     TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (user_id, request_id)
);
CREATE INDEX booking_requests_created ON booking_requests(created_at);

-- The customers a store at its free limit turned away: one row per month
-- and visitor (the page views' daily visitor hash, so no IP, phone or
-- cookie), whether they saw the notice on the store page or were refused
-- at 'Confirmar agendamento'. Only counted, for the owner's notice.
CREATE TABLE turned_away (
    user_id    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    month      TEXT NOT NULL,
    visitor    TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (user_id, month, visitor)
);
