-- The platform admin's accounts (issue 15): when each account last signed
-- in, whether an admin locked it and why, a Premium granted by hand until a
-- date (over whatever the billing webhook says), and the plan history of an
-- account read from its billing events.
ALTER TABLE users ADD COLUMN last_sign_in_at TIMESTAMPTZ;
ALTER TABLE users ADD COLUMN locked_at TIMESTAMPTZ;
ALTER TABLE users ADD COLUMN locked_reason TEXT NOT NULL DEFAULT '';
UPDATE users SET last_sign_in_at = (SELECT MAX(s.created_at) FROM sessions s WHERE s.user_id = users.id);
CREATE INDEX users_created ON users(created_at, id);
ALTER TABLE user_plans ADD COLUMN granted_until TIMESTAMPTZ;
CREATE INDEX webhook_events_user ON webhook_events(user_id, received_at);
