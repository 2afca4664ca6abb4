-- Messages Agendo sends by itself (issue 28): the outbox, and the email
-- each client gave for reminders.

-- The outbox: one row per message, written in the transaction of the change
-- that causes it. A worker claims due rows by setting lease_owner and
-- lease_until (a row whose lease ran out is free again: its worker died),
-- sends, and records the outcome. subject is the visit, or the appointment
-- when it is one service alone; there is no foreign key, so the history of
-- what was sent outlives the appointment.
CREATE TABLE messages (
    id           TEXT PRIMARY KEY,
    user_id      TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    subject      TEXT NOT NULL,
    kind         TEXT NOT NULL,
    channel      TEXT NOT NULL,
    recipient    TEXT NOT NULL,
    due_at       TIMESTAMPTZ NOT NULL,
    next_at      TIMESTAMPTZ NOT NULL,
    status       TEXT NOT NULL,
    attempts     INTEGER NOT NULL DEFAULT 0,
    lease_owner  TEXT NOT NULL DEFAULT '',
    lease_until  TIMESTAMPTZ,
    sent_at      TIMESTAMPTZ,
    error        TEXT NOT NULL DEFAULT '',
    confirmed_at TIMESTAMPTZ,
    created_at   TIMESTAMPTZ NOT NULL
);
CREATE INDEX messages_due ON messages(next_at) WHERE status = 'pending';
-- One pending message of a kind, by a channel, to a recipient, at an instant:
-- two transactions planning one visit at once cannot both add it.
CREATE UNIQUE INDEX messages_pending_once ON messages(user_id, subject, kind, channel, recipient, due_at) WHERE status = 'pending';
CREATE INDEX messages_subject ON messages(user_id, subject);

-- Every email a client gave for reminders, or took back, never updated: the
-- proof of when, where and which words. A client's latest row per channel
-- is their current choice.
CREATE TABLE client_channels (
    id           TEXT PRIMARY KEY,
    user_id      TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    client_phone TEXT NOT NULL,
    channel      TEXT NOT NULL,
    address      TEXT NOT NULL,
    granted      BOOLEAN NOT NULL,
    source       TEXT NOT NULL,
    text         TEXT NOT NULL,
    created_at   TIMESTAMPTZ NOT NULL
);
CREATE INDEX client_channels_client ON client_channels(user_id, client_phone, created_at);
