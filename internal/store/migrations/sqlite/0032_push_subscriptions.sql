-- Web Push (issue 28): the browsers that agreed to receive a store's
-- notifications, each a customer's phone (client_phone, their reminders)
-- or a team member's (member_id, the store's bookings they may see). A
-- push service that no longer knows an endpoint answers 404 or 410, and the
-- row goes.
CREATE TABLE push_subscriptions (
    id           TEXT PRIMARY KEY,
    user_id      TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    endpoint     TEXT NOT NULL,
    p256dh       TEXT NOT NULL,
    auth         TEXT NOT NULL,
    client_phone TEXT NOT NULL DEFAULT '',
    member_id    TEXT NOT NULL DEFAULT '',
    created_at   TIMESTAMP NOT NULL,
    UNIQUE (user_id, endpoint)
);
CREATE INDEX push_subscriptions_client ON push_subscriptions(user_id, client_phone) WHERE client_phone <> '';
CREATE INDEX push_subscriptions_member ON push_subscriptions(user_id, member_id) WHERE member_id <> '';
