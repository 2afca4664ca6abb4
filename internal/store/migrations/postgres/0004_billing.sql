-- Billing: the subscription a plan follows, the one that ended (a stale
-- event never revives it), when it is set to cancel, and the first failed
-- payment; each webhook delivery's spec kind and result.
ALTER TABLE user_plans ADD COLUMN subscription_id TEXT;
ALTER TABLE user_plans ADD COLUMN ended_subscription_id TEXT;
ALTER TABLE user_plans ADD COLUMN cancel_at TIMESTAMP;
ALTER TABLE user_plans ADD COLUMN first_failed_at TIMESTAMP;
ALTER TABLE webhook_events ADD COLUMN kind TEXT NOT NULL DEFAULT '';
ALTER TABLE webhook_events ADD COLUMN result TEXT NOT NULL DEFAULT 'applied';
CREATE INDEX webhook_events_result ON webhook_events(result, received_at);
