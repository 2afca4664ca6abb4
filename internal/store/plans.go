package store

import (
	"context"
	"strconv"
	"strings"
	"time"

	"agendo/internal/domain"
)

// Plans, billing webhook deliveries and the admin audit log.

const planStateColumns = `type, is_active, subscribed_at, expires_at, status_reason, cancel_at,
	COALESCE(customer_id, ''), COALESCE(subscription_id, ''), COALESCE(ended_subscription_id, ''), first_failed_at, last_event_at, granted_until`

// PlanState returns a user's whole plan row.
func (t *Tx) PlanState(ctx context.Context, userID string) (domain.PlanState, error) {
	var s domain.PlanState
	err := t.queryRow(ctx, `SELECT `+planStateColumns+` FROM user_plans WHERE user_id = $1`, userID).
		Scan(&s.Type, &s.IsActive, &s.SubscribedAt, &s.ExpiresAt, &s.StatusReason, &s.CancelAt,
			&s.CustomerID, &s.SubscriptionID, &s.EndedSubscriptionID, &s.FirstFailedAt, &s.LastEventAt, &s.GrantedUntil)
	return s, wrap("read plan", err)
}

// LockPlan holds a user's plan row until the transaction ends, so plan
// changes and bookings against the free limit are decided one at a time
// (PostgreSQL; SQLite has one writer). A missing row locks nothing.
func (t *Tx) LockPlan(ctx context.Context, userID string) error {
	if t.engine != Postgres {
		return nil
	}
	_, err := t.exec(ctx, `SELECT 1 FROM user_plans WHERE user_id = $1 FOR UPDATE`, userID)
	return wrap("lock plan", err)
}

// SavePlanState writes a user's whole plan row, creating it if needed.
func (t *Tx) SavePlanState(ctx context.Context, userID string, s domain.PlanState, now time.Time) error {
	_, err := t.exec(ctx, `INSERT INTO user_plans (user_id, type, is_active, subscribed_at, expires_at, status_reason, cancel_at,
			customer_id, subscription_id, ended_subscription_id, first_failed_at, last_event_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, NULLIF($8, ''), NULLIF($9, ''), NULLIF($10, ''), $11, $12, $13)
		ON CONFLICT (user_id) DO UPDATE SET type = excluded.type, is_active = excluded.is_active,
			subscribed_at = excluded.subscribed_at, expires_at = excluded.expires_at, status_reason = excluded.status_reason,
			cancel_at = excluded.cancel_at, customer_id = excluded.customer_id, subscription_id = excluded.subscription_id,
			ended_subscription_id = excluded.ended_subscription_id, first_failed_at = excluded.first_failed_at,
			last_event_at = excluded.last_event_at, updated_at = excluded.updated_at`,
		userID, s.Type, s.IsActive, s.SubscribedAt, s.ExpiresAt, s.StatusReason, s.CancelAt,
		s.CustomerID, s.SubscriptionID, s.EndedSubscriptionID, s.FirstFailedAt, s.LastEventAt, now)
	return wrap("save plan", err)
}

// UserByCustomer returns the user whose plan follows the provider's
// customer id; none is not found.
func (t *Tx) UserByCustomer(ctx context.Context, customerID string) (string, error) {
	var id string
	err := t.queryRow(ctx, `SELECT user_id FROM user_plans WHERE customer_id = $1 ORDER BY updated_at DESC LIMIT 1`, customerID).Scan(&id)
	return id, wrap("find user by customer", err)
}

// UserEmail returns the email of a user; none is not found.
func (t *Tx) UserEmail(ctx context.Context, userID string) (string, error) {
	var email string
	err := t.queryRow(ctx, `SELECT email FROM users WHERE id = $1`, userID).Scan(&email)
	return email, wrap("read user email", err)
}

// AppointmentCount is how many appointments an owner has on the agenda (any
// status; the trash not included): what the free limit counts. It reads
// the owner's totals, kept by the writes.
func (t *Tx) AppointmentCount(ctx context.Context, userID string) (int, error) {
	o, err := t.Totals(ctx, userID)
	return o.Appointments, err
}

// Delivery is one webhook delivery as stored.
type Delivery struct {
	ID         string
	EventID    string // empty for deliveries that were refused
	Type       string
	Kind       string
	UserID     string
	Result     string
	Error      string
	Payload    string
	EventAt    *time.Time
	ReceivedAt time.Time
}

// ClaimDelivery inserts d, claiming its event id; claimed is false when the
// event id was already stored (a replay), and then nothing is written.
func (t *Tx) ClaimDelivery(ctx context.Context, d Delivery) (claimed bool, err error) {
	res, err := t.exec(ctx, `INSERT INTO webhook_events (id, event_id, type, kind, user_id, valid, applied, result, error, payload, event_at, received_at)
		VALUES ($1, NULLIF($2, ''), $3, $4, NULLIF($5, ''), $6, $7, $8, $9, $10, $11, $12)
		ON CONFLICT (event_id) DO NOTHING`,
		d.ID, d.EventID, d.Type, d.Kind, d.UserID, d.Result != domain.WebhookRefused, d.Result == domain.WebhookApplied,
		d.Result, d.Error, d.Payload, d.EventAt, d.ReceivedAt)
	if err != nil {
		return false, wrap("claim webhook event", refusedText(err))
	}
	n, err := rowsAffected("claim webhook event", res)
	return n == 1, err
}

// FinishDelivery records what a claimed delivery did.
func (t *Tx) FinishDelivery(ctx context.Context, id, userID, result, reason string) error {
	_, err := t.exec(ctx, `UPDATE webhook_events SET user_id = NULLIF($2, ''), result = $3, error = $4,
		applied = $5 WHERE id = $1`, id, userID, result, reason, result == domain.WebhookApplied)
	return wrap("finish webhook event", err)
}

// HoldDelivery marks a claimed delivery pending: kept, with its decoded
// event, until its customer is linked to an account.
func (t *Tx) HoldDelivery(ctx context.Context, id, customerID, event, reason string) error {
	_, err := t.exec(ctx, `UPDATE webhook_events SET result = 'pending', customer_id = $2, pending_event = $3, error = $4,
		applied = $5 WHERE id = $1`, id, customerID, event, reason, false)
	return wrap("hold webhook event", err)
}

// PendingDelivery is a delivery waiting for its customer.
type PendingDelivery struct {
	ID    string
	Event string // the decoded event, as HoldDelivery stored it
}

// PendingDeliveries lists the deliveries waiting for a customer, oldest
// event first (ties in arrival order).
func (t *Tx) PendingDeliveries(ctx context.Context, customerID string) ([]PendingDelivery, error) {
	rows, err := t.query(ctx, `SELECT id, pending_event FROM webhook_events
		WHERE result = 'pending' AND customer_id = $1 ORDER BY event_at, received_at, id`, customerID)
	if err != nil {
		return nil, wrap("list pending webhook events", err)
	}
	defer rows.Close()
	var out []PendingDelivery
	for rows.Next() {
		var d PendingDelivery
		if err := rows.Scan(&d.ID, &d.Event); err != nil {
			return nil, wrap("list pending webhook events", err)
		}
		out = append(out, d)
	}
	return out, wrap("list pending webhook events", rows.Err())
}

// ReleaseDelivery records what a pending delivery did once its customer
// was linked. taken is false when it was no longer pending (the purge took
// it meanwhile), and then nothing is written.
func (t *Tx) ReleaseDelivery(ctx context.Context, id, userID, result, reason string) (taken bool, err error) {
	res, err := t.exec(ctx, `UPDATE webhook_events SET user_id = $2, result = $3, error = $4, applied = $5, pending_event = ''
		WHERE id = $1 AND result = 'pending'`, id, userID, result, reason, result == domain.WebhookApplied)
	if err != nil {
		return false, wrap("release webhook event", err)
	}
	n, err := rowsAffected("release webhook event", res)
	return n == 1, err
}

// DropPendingDeliveries gives up on the deliveries received before cutoff
// still waiting for their customer: ignored, with reason.
func (t *Tx) DropPendingDeliveries(ctx context.Context, cutoff time.Time, reason string) error {
	_, err := t.exec(ctx, `UPDATE webhook_events SET result = 'ignored', error = $2, pending_event = ''
		WHERE result = 'pending' AND received_at < $1`, cutoff, reason)
	return wrap("drop pending webhook events", err)
}

// Deliveries lists a page of the webhook log, newest first, with the
// account's email (not masked: the use-case masks it).
func (t *Tx) Deliveries(ctx context.Context, f domain.WebhookDeliveryFilter) ([]domain.WebhookDelivery, int, error) {
	where := ""
	if f.FailuresOnly {
		where = ` WHERE w.result IN ('refused', 'failed')`
	}
	var total int
	if err := t.queryRow(ctx, `SELECT COUNT(*) FROM webhook_events w`+where).Scan(&total); err != nil {
		return nil, 0, wrap("count webhook events", err)
	}
	rows, err := t.query(ctx, `SELECT w.id, w.received_at, COALESCE(w.event_id, ''), w.type, w.kind, w.result,
			COALESCE(u.email, ''), w.error
		FROM webhook_events w LEFT JOIN users u ON u.id = w.user_id`+where+`
		ORDER BY w.received_at DESC, w.id DESC`+limit(f.Limit)+` OFFSET $1`, f.Offset)
	if err != nil {
		return nil, 0, wrap("list webhook events", err)
	}
	defer rows.Close()
	out := []domain.WebhookDelivery{}
	for rows.Next() {
		var d domain.WebhookDelivery
		if err := rows.Scan(&d.ID, &d.ReceivedAt, &d.EventID, &d.Type, &d.Kind, &d.Result, &d.User, &d.Error); err != nil {
			return nil, 0, wrap("list webhook events", err)
		}
		out = append(out, d)
	}
	return out, total, wrap("list webhook events", rows.Err())
}

// PurgeDeliveryPayloads empties the payloads of deliveries received before
// cutoff; the log's rows stay.
func (t *Tx) PurgeDeliveryPayloads(ctx context.Context, cutoff time.Time) error {
	_, err := t.exec(ctx, `UPDATE webhook_events SET payload = '' WHERE received_at < $1 AND payload <> ''`, cutoff)
	return wrap("purge webhook payloads", err)
}

// AddAudit appends an audit entry. The log keeps every entry: it is the
// record of what admins did, and a burst of refused actions must not push
// an earlier one out.
func (t *Tx) AddAudit(ctx context.Context, e domain.AuditEntry) error {
	_, err := t.exec(ctx, `INSERT INTO audit_log (id, admin_user_id, action, data_affected, success, created_at)
		VALUES ($1, $2, $3, $4, $5, $6)`, e.ID, e.AdminUserID, e.Action, e.DataAffected, e.Success, e.Timestamp)
	return wrap("add audit entry", refusedText(err))
}

// Audit lists a page of audit entries, newest first (by time, then id),
// optionally about one record or only the failed ones; f.Cursor starts the
// page after that entry. A cursor naming no entry is not found. Each filter
// is a condition of its own, not a parameter that may be empty, so the
// planner can read the (data_affected, created_at, id) or (created_at, id)
// index backwards.
func (t *Tx) Audit(ctx context.Context, f domain.AuditFilter) ([]domain.AuditEntry, error) {
	var where []string
	var args []any
	arg := func(v any) string {
		args = append(args, v)
		return "$" + strconv.Itoa(len(args))
	}
	if f.DataAffected != "" {
		where = append(where, `data_affected = `+arg(f.DataAffected))
	}
	if f.FailuresOnly {
		where = append(where, `success = `+arg(false))
	}
	if f.Cursor != "" {
		var found int
		if err := t.queryRow(ctx, `SELECT 1 FROM audit_log WHERE id = $1`, f.Cursor).Scan(&found); err != nil {
			return nil, wrap("read audit cursor", err)
		}
		// Row values compare column to column, so both engines order the
		// cursor exactly as ORDER BY does.
		where = append(where, `(created_at, id) < (SELECT c.created_at, c.id FROM audit_log c WHERE c.id = `+arg(f.Cursor)+`)`)
	}
	cond := ""
	if len(where) > 0 {
		cond = ` WHERE ` + strings.Join(where, ` AND `)
	}
	rows, err := t.query(ctx, `SELECT id, created_at, action, data_affected, admin_user_id, success
		FROM audit_log`+cond+` ORDER BY created_at DESC, id DESC`+limit(f.Limit), args...)
	if err != nil {
		return nil, wrap("list audit", err)
	}
	defer rows.Close()
	out := []domain.AuditEntry{}
	for rows.Next() {
		var e domain.AuditEntry
		if err := rows.Scan(&e.ID, &e.Timestamp, &e.Action, &e.DataAffected, &e.AdminUserID, &e.Success); err != nil {
			return nil, wrap("list audit", err)
		}
		out = append(out, e)
	}
	return out, wrap("list audit", rows.Err())
}
