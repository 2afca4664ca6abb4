-- Billing events that arrive before the event naming their account wait as
-- result 'pending': the Stripe customer they are about, and the event as
-- decoded (the payload may be cut at 64 KiB and is purged), until an event
-- links that customer to an account.
ALTER TABLE webhook_events ADD COLUMN customer_id TEXT;
ALTER TABLE webhook_events ADD COLUMN pending_event TEXT NOT NULL DEFAULT '';
CREATE INDEX webhook_events_pending ON webhook_events(customer_id, event_at) WHERE result = 'pending';
