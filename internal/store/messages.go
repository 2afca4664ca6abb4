package store

import (
	"context"
	"encoding/json"
	"time"

	"agendo/internal/domain"
)

// The outbox (migration 0031): messages written with the change that causes
// them and claimed by workers with a lease.

const messageCols = `id, user_id, subject, kind, channel, recipient, due_at, next_at, status, attempts,
	sent_at, error, confirmed_at, created_at`

func scanMessage(row interface{ Scan(...any) error }) (domain.Message, error) {
	var m domain.Message
	err := row.Scan(&m.ID, &m.StoreID, &m.Subject, &m.Kind, &m.Channel, &m.Recipient, &m.DueAt, &m.NextAt, &m.Status,
		&m.Attempts, &m.SentAt, &m.Error, &m.ConfirmedAt, &m.CreatedAt)
	return m, err
}

func (t *Tx) messages(ctx context.Context, what, query string, args ...any) ([]domain.Message, error) {
	rows, err := t.query(ctx, query, args...)
	if err != nil {
		return nil, wrap(what, err)
	}
	defer rows.Close()
	out := []domain.Message{}
	for rows.Next() {
		m, err := scanMessage(rows)
		if err != nil {
			return nil, wrap(what, err)
		}
		out = append(out, m)
	}
	return out, wrap(what, rows.Err())
}

// AddMessage puts m in userID's outbox, pending, unless the same message
// is pending already (messages_pending_once).
func (t *Tx) AddMessage(ctx context.Context, userID string, m domain.Message) error {
	_, err := t.exec(ctx, `INSERT INTO messages (id, user_id, subject, kind, channel, recipient, due_at, next_at, status, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8, $9) ON CONFLICT DO NOTHING`,
		m.ID, userID, m.Subject, m.Kind, m.Channel, m.Recipient, m.DueAt.UTC(), domain.MessagePending, m.CreatedAt)
	return wrap("add message", err)
}

// SubjectMessages lists the messages about one visit or appointment, by
// when they go (or went), locked for rewriting.
func (t *Tx) SubjectMessages(ctx context.Context, userID, subject string) ([]domain.Message, error) {
	return t.messages(ctx, "list messages", `SELECT `+messageCols+` FROM messages WHERE user_id = $1 AND subject = $2
		ORDER BY due_at, id`+t.forUpdate(), userID, subject)
}

// Message returns one message, whoever's it is (the links in messages).
func (t *Tx) Message(ctx context.Context, id string) (domain.Message, error) {
	m, err := scanMessage(t.queryRow(ctx, `SELECT `+messageCols+` FROM messages WHERE id = $1`+t.forUpdate(), id))
	return m, wrap("read message", err)
}

// CancelMessage gives up a pending message, saying why.
func (t *Tx) CancelMessage(ctx context.Context, userID, id, why string) error {
	_, err := t.exec(ctx, `UPDATE messages SET status = $3, error = $4, lease_owner = '', lease_until = NULL
		WHERE user_id = $1 AND id = $2 AND status = $5`, userID, id, domain.MessageCancelled, why, domain.MessagePending)
	return wrap("cancel message", err)
}

// ConfirmMessage records that the client confirmed by this message.
func (t *Tx) ConfirmMessage(ctx context.Context, id string, at time.Time) error {
	return t.execOne(ctx, "confirm message", `UPDATE messages SET confirmed_at = $2 WHERE id = $1`, id, at)
}

// ClaimMessages leases to worker, for lease, up to n messages due by now, the oldest
// first: none that another worker holds a lease on. On PostgreSQL two
// workers claiming at once skip each other's rows, and the conditions are
// checked again on the row each one locks, so no message is claimed twice.
func (t *Tx) ClaimMessages(ctx context.Context, worker string, now time.Time, lease time.Duration, n int) ([]domain.Message, error) {
	skip := ""
	if t.engine == Postgres {
		skip = " FOR UPDATE SKIP LOCKED"
	}
	free := `status = $4 AND next_at <= $3 AND (lease_until IS NULL OR lease_until < $3)`
	return t.messages(ctx, "claim messages", `UPDATE messages SET lease_owner = $1, lease_until = $2, attempts = attempts + 1
		WHERE id IN (SELECT id FROM messages WHERE `+free+` ORDER BY next_at`+limit(n)+skip+`) AND `+free+`
		RETURNING `+messageCols, worker, now.Add(lease), now, domain.MessagePending)
}

// RenewLease extends worker's lease on message id to now+lease, and reports
// false when worker no longer holds it (its lease ran out and another took
// it) or it is no longer pending.
func (t *Tx) RenewLease(ctx context.Context, worker, id string, now time.Time, lease time.Duration) (bool, error) {
	res, err := t.exec(ctx, `UPDATE messages SET lease_until = $3 WHERE id = $1 AND lease_owner = $2 AND status = $4`,
		id, worker, now.Add(lease), domain.MessagePending)
	if err != nil {
		return false, wrap("renew lease", err)
	}
	k, err := res.RowsAffected()
	return k == 1, wrap("renew lease", err)
}

// FinishMessage records the outcome of worker's attempt at m (its Status,
// SentAt, Error and NextAt), and frees it. It reports false, writing
// nothing, when worker no longer held m.
func (t *Tx) FinishMessage(ctx context.Context, worker string, m domain.Message) (bool, error) {
	res, err := t.exec(ctx, `UPDATE messages SET status = $3, sent_at = $4, error = $5, next_at = $6, lease_owner = '', lease_until = NULL
		WHERE id = $1 AND lease_owner = $2 AND status = $7`,
		m.ID, worker, m.Status, m.SentAt, m.Error, m.NextAt.UTC(), domain.MessagePending)
	if err != nil {
		return false, wrap("finish message", err)
	}
	k, err := res.RowsAffected()
	return k == 1, wrap("finish message", err)
}

// AddChannelConsent records an email a client gave for reminders, or took
// back.
func (t *Tx) AddChannelConsent(ctx context.Context, userID string, c domain.ChannelConsent) error {
	_, err := t.exec(ctx, `INSERT INTO client_channels (id, user_id, client_phone, channel, address, granted, source, text, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
		c.ID, userID, c.ClientPhone, c.Channel, c.Address, c.Granted, c.Source, c.Text, c.CreatedAt)
	return wrap("record channel consent", err)
}

// ChannelConsents lists a client's answers about reminders, oldest first
// (the last per channel is their current choice); phone "" lists all of
// userID's clients' (exports).
func (t *Tx) ChannelConsents(ctx context.Context, userID, phone string) ([]domain.ChannelConsent, error) {
	where, args := `user_id = $1`, []any{userID}
	if phone != "" {
		where, args = where+` AND client_phone = $2`, append(args, phone)
	}
	rows, err := t.query(ctx, `SELECT id, client_phone, channel, address, granted, source, text, created_at
		FROM client_channels WHERE `+where+` ORDER BY created_at, id`, args...)
	if err != nil {
		return nil, wrap("list channel consents", err)
	}
	defer rows.Close()
	out := []domain.ChannelConsent{}
	for rows.Next() {
		var c domain.ChannelConsent
		if err := rows.Scan(&c.ID, &c.ClientPhone, &c.Channel, &c.Address, &c.Granted, &c.Source, &c.Text, &c.CreatedAt); err != nil {
			return nil, wrap("list channel consents", err)
		}
		out = append(out, c)
	}
	return out, wrap("list channel consents", rows.Err())
}

// CancelMessagesTo gives up every pending message of userID's to
// recipient, saying why.
func (t *Tx) CancelMessagesTo(ctx context.Context, userID, recipient, why string) error {
	_, err := t.exec(ctx, `UPDATE messages SET status = $3, error = $4, lease_owner = '', lease_until = NULL
		WHERE user_id = $1 AND recipient = $2 AND status = $5`, userID, recipient, domain.MessageCancelled, why, domain.MessagePending)
	return wrap("cancel messages", err)
}

const pushCols = `id, endpoint, p256dh, auth, client_phone, member_id, created_at`

func (t *Tx) pushSubscriptions(ctx context.Context, query string, args ...any) ([]domain.PushSubscription, error) {
	rows, err := t.query(ctx, `SELECT `+pushCols+` FROM push_subscriptions WHERE `+query, args...)
	if err != nil {
		return nil, wrap("list push subscriptions", err)
	}
	defer rows.Close()
	out := []domain.PushSubscription{}
	for rows.Next() {
		var s domain.PushSubscription
		if err := rows.Scan(&s.ID, &s.Endpoint, &s.P256dh, &s.Auth, &s.ClientPhone, &s.MemberID, &s.CreatedAt); err != nil {
			return nil, wrap("list push subscriptions", err)
		}
		out = append(out, s)
	}
	return out, wrap("list push subscriptions", rows.Err())
}

// SavePushSubscription records a browser's subscription at userID's store,
// or rewrites the one of its endpoint (its keys, and whose it is); it
// returns the subscription's id.
func (t *Tx) SavePushSubscription(ctx context.Context, userID string, s domain.PushSubscription) (string, error) {
	var id string
	err := t.queryRow(ctx, `INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth, client_phone, member_id, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
		ON CONFLICT (user_id, endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth,
			client_phone = excluded.client_phone, member_id = excluded.member_id
		RETURNING id`, s.ID, userID, s.Endpoint, s.P256dh, s.Auth, s.ClientPhone, s.MemberID, s.CreatedAt).Scan(&id)
	return id, wrap("save push subscription", err)
}

// PushSubscription returns one of userID's subscriptions.
func (t *Tx) PushSubscription(ctx context.Context, userID, id string) (domain.PushSubscription, error) {
	list, err := t.pushSubscriptions(ctx, `user_id = $1 AND id = $2`, userID, id)
	if err != nil || len(list) == 0 {
		return domain.PushSubscription{}, errorsOr(err, domain.ErrNotFound)
	}
	return list[0], nil
}

// PushEndpoint returns userID's subscription of endpoint.
func (t *Tx) PushEndpoint(ctx context.Context, userID, endpoint string) (domain.PushSubscription, error) {
	list, err := t.pushSubscriptions(ctx, `user_id = $1 AND endpoint = $2`, userID, endpoint)
	if err != nil || len(list) == 0 {
		return domain.PushSubscription{}, errorsOr(err, domain.ErrNotFound)
	}
	return list[0], nil
}

// ClientPushSubscriptions lists the browsers of a client of userID's.
func (t *Tx) ClientPushSubscriptions(ctx context.Context, userID, phone string) ([]domain.PushSubscription, error) {
	return t.pushSubscriptions(ctx, `user_id = $1 AND client_phone = $2 AND client_phone <> '' ORDER BY created_at, id`, userID, phone)
}

// MemberPushSubscriptions lists the team's browsers at userID's store.
func (t *Tx) MemberPushSubscriptions(ctx context.Context, userID string) ([]domain.PushSubscription, error) {
	return t.pushSubscriptions(ctx, `user_id = $1 AND member_id <> '' ORDER BY created_at, id`, userID)
}

// DeletePushSubscription forgets one of userID's subscriptions.
func (t *Tx) DeletePushSubscription(ctx context.Context, userID, id string) error {
	_, err := t.exec(ctx, `DELETE FROM push_subscriptions WHERE user_id = $1 AND id = $2`, userID, id)
	return wrap("delete push subscription", err)
}

// errorsOr is err, or else when err is nil.
func errorsOr(err, orElse error) error {
	if err != nil {
		return err
	}
	return orElse
}

// InitSetting stores v as the global setting key unless it exists: of two
// instances starting at once, the first one's value stays.
func (t *Tx) InitSetting(ctx context.Context, key string, v any, now time.Time) error {
	raw, err := json.Marshal(v)
	if err != nil {
		return wrap("encode setting "+key, err)
	}
	_, err = t.exec(ctx, `INSERT INTO settings (key, value, updated_at) VALUES ($1, $2, $3) ON CONFLICT (key) DO NOTHING`, key, string(raw), now)
	return wrap("init setting "+key, err)
}
