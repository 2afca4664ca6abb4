package store

import (
	"context"
	"time"

	"agendo/internal/domain"
)

// LGPD: one client's data, exported and erased.

// ClientTrash lists a client's deleted appointments still in the trash,
// newest first.
func (t *Tx) ClientTrash(ctx context.Context, userID, phone string) ([]domain.DeletedAppointment, error) {
	rows, err := t.query(ctx, `SELECT `+trashColumns+` FROM deleted_appointments WHERE user_id = $1 AND client_phone = $2
		ORDER BY date DESC, time DESC LIMIT 1000`, userID, phone)
	if err != nil {
		return nil, wrap("list client trash", err)
	}
	defer rows.Close()
	out := []domain.DeletedAppointment{}
	for rows.Next() {
		d, err := scanTrash(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, wrap("list client trash", rows.Err())
}

// Anonymized counts what AnonymizeClient rewrote.
type Anonymized struct {
	Appointments, Trash int64
}

// AnonymizeClient erases the client phone of userID: on their appointments
// and in the trash the name becomes domain.AnonymousName, the phone anonID
// and the notes (free text about the person) go; dates, prices, statuses and
// services stay, so the reports stay true. The client's record, rewards,
// consents and WhatsApp contact are deleted and the summaries follow. A
// phone with no appointment anywhere and no record is not found.
func (t *Tx) AnonymizeClient(ctx context.Context, userID, phone, anonID string) (Anonymized, error) {
	var n Anonymized
	// The client's days in the reports list the clients served by phone.
	k, written, err := t.rewrite(ctx, userID, `UPDATE appointments SET client_name = $3, client_phone = $4, notes = ''`,
		`client_phone = $2`, phone, domain.AnonymousName, anonID)
	if err != nil {
		return n, err
	}
	n.Appointments = written
	res, err := t.exec(ctx, `UPDATE deleted_appointments SET client_name = $3, client_phone = $4, notes = ''
		WHERE user_id = $1 AND client_phone = $2`, userID, phone, domain.AnonymousName, anonID)
	if err != nil {
		return n, wrap("anonymise deleted_appointments", err)
	}
	if n.Trash, err = rowsAffected("anonymise deleted_appointments", res); err != nil {
		return n, err
	}
	// The record the salon kept goes whole (the row too, when no
	// appointment is left: the re-count below).
	// A record, or a place in the waitlist, is data of hers too.
	var recorded int64
	if err := t.queryRow(ctx, `SELECT (SELECT COUNT(*) FROM clients WHERE user_id = $1 AND phone = $2 AND name <> '')
		+ (SELECT COUNT(*) FROM waitlist_entries WHERE user_id = $1 AND client_phone = $2)`, userID, phone).
		Scan(&recorded); err != nil {
		return n, wrap("read client record", err)
	}
	if n.Appointments+n.Trash+recorded == 0 {
		return n, domain.ErrNotFound
	}
	// Her places in the waitlist: out of the line, nameless; the times
	// held for her are freed, and the offers not yet sent never go.
	res, err = t.exec(ctx, `DELETE FROM blocked_times WHERE user_id = $1 AND id IN (SELECT hold_id FROM waitlist_entries
		WHERE user_id = $1 AND client_phone = $2 AND status = 'offered')`, userID, phone)
	if err != nil {
		return n, wrap("free client's holds", err)
	}
	if held, err := rowsAffected("free client's holds", res); err != nil {
		return n, err
	} else if held > 0 {
		if err := t.bumpAgenda(ctx, userID); err != nil {
			return n, err
		}
	}
	if _, err := t.exec(ctx, `UPDATE messages SET recipient = '', status = CASE WHEN status = 'pending' THEN 'cancelled' ELSE status END
		WHERE user_id = $1 AND kind = 'waitlist_offer' AND subject IN (SELECT id FROM waitlist_entries WHERE user_id = $1 AND client_phone = $2)`,
		userID, phone); err != nil {
		return n, wrap("cancel client's offers", err)
	}
	if _, err := t.exec(ctx, `UPDATE waitlist_entries SET client_name = $3, client_phone = $4, client_email = '', hold_id = '',
		status = CASE WHEN status IN ('waiting', 'offered') THEN 'removed' ELSE status END WHERE user_id = $1 AND client_phone = $2`,
		userID, phone, domain.AnonymousName, anonID); err != nil {
		return n, wrap("anonymise waitlist", err)
	}
	for _, q := range []string{
		`DELETE FROM redemptions WHERE user_id = $1 AND client_phone = $2`,
		`DELETE FROM whatsapp_contacts WHERE user_id = $1 AND phone = $2`,
		`DELETE FROM marketing_consents WHERE user_id = $1 AND client_phone = $2`,
		// The emails the client gave go from the outbox too, then from the proof.
		`UPDATE messages SET recipient = '', status = CASE WHEN status = 'pending' THEN 'cancelled' ELSE status END
		 WHERE user_id = $1 AND recipient IN (SELECT address FROM client_channels WHERE user_id = $1 AND client_phone = $2 AND address <> '')`,
		`DELETE FROM client_channels WHERE user_id = $1 AND client_phone = $2`,
		`DELETE FROM push_subscriptions WHERE user_id = $1 AND client_phone = $2`,
	} {
		if _, err := t.exec(ctx, q, userID, phone); err != nil {
			return n, wrap("erase client's data", err)
		}
	}
	k.add(phone, "", "")
	k.add(anonID, "", "")
	if err := t.refresh(ctx, userID, k); err != nil {
		return n, err
	}
	// After the re-count, which locks the report days before the client:
	// the order every writer keeps.
	return n, t.ClearClientRecords(ctx, userID, []string{phone})
}

// AccountDeletion is an owner's pending request to delete their account.
type AccountDeletion struct {
	RequestedAt, DeleteAfter time.Time
}

// RequestAccountDeletion records userID's request to delete the account
// after deleteAfter.
func (t *Tx) RequestAccountDeletion(ctx context.Context, userID string, d AccountDeletion) error {
	_, err := t.exec(ctx, `INSERT INTO account_deletions (user_id, requested_at, delete_after) VALUES ($1, $2, $3)`,
		userID, d.RequestedAt, d.DeleteAfter)
	return wrap("request account deletion", err)
}

// PendingAccountDeletion returns userID's pending deletion; none is not found.
func (t *Tx) PendingAccountDeletion(ctx context.Context, userID string) (AccountDeletion, error) {
	var d AccountDeletion
	err := t.queryRow(ctx, `SELECT requested_at, delete_after FROM account_deletions WHERE user_id = $1`, userID).
		Scan(&d.RequestedAt, &d.DeleteAfter)
	return d, wrap("read account deletion", err)
}

// CancelAccountDeletion forgets userID's pending deletion and says whether
// there was one.
func (t *Tx) CancelAccountDeletion(ctx context.Context, userID string) (bool, error) {
	res, err := t.exec(ctx, `DELETE FROM account_deletions WHERE user_id = $1`, userID)
	if err != nil {
		return false, wrap("cancel account deletion", err)
	}
	n, err := rowsAffected("cancel account deletion", res)
	return n > 0, err
}

// DueAccountDeletions lists the accounts whose deletion window ended before now.
func (t *Tx) DueAccountDeletions(ctx context.Context, now time.Time) ([]string, error) {
	rows, err := t.query(ctx, `SELECT user_id FROM account_deletions WHERE delete_after <= $1 ORDER BY delete_after LIMIT 100`, now)
	if err != nil {
		return nil, wrap("list due account deletions", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, wrap("list due account deletions", err)
		}
		out = append(out, id)
	}
	return out, wrap("list due account deletions", rows.Err())
}

// DeleteAccount deletes userID and everything of theirs: the rows that
// reference the user cascade (the store, its page views, the catalogue,
// appointments, the trash, summaries, files with the images' bytes,
// sessions, settings, consents …); the billing deliveries and the audit
// entries about the account's plan name it without a key, and go here.
func (t *Tx) DeleteAccount(ctx context.Context, userID string) error {
	for _, q := range []string{
		`DELETE FROM webhook_events WHERE user_id = $1`,
		`DELETE FROM audit_log WHERE data_affected = 'user_plan:' || $1 OR admin_user_id = $1`,
		// The team's sessions in the store end with it (their own go with their users).
		`DELETE FROM sessions WHERE store_id = $1`,
	} {
		if _, err := t.exec(ctx, q, userID); err != nil {
			return wrap("delete account's records", err)
		}
	}
	return t.execOne(ctx, "delete account", `DELETE FROM users WHERE id = $1`, userID)
}

// FileInfo is an uploaded image's metadata.
type FileInfo struct {
	ID          string    `json:"id" format:"uuid"`
	Kind        string    `json:"kind"`
	ContentType string    `json:"contentType"`
	Width       int       `json:"width"`
	Height      int       `json:"height"`
	Size        int       `json:"size"`
	CreatedAt   time.Time `json:"createdAt"`
}

// Files lists userID's uploaded images, oldest first.
func (t *Tx) Files(ctx context.Context, userID string) ([]FileInfo, error) {
	rows, err := t.query(ctx, `SELECT id, kind, content_type, width, height, size, created_at FROM files
		WHERE user_id = $1 ORDER BY created_at, id`, userID)
	if err != nil {
		return nil, wrap("list files", err)
	}
	defer rows.Close()
	out := []FileInfo{}
	for rows.Next() {
		var f FileInfo
		if err := rows.Scan(&f.ID, &f.Kind, &f.ContentType, &f.Width, &f.Height, &f.Size, &f.CreatedAt); err != nil {
			return nil, wrap("list files", err)
		}
		out = append(out, f)
	}
	return out, wrap("list files", rows.Err())
}

// EachRedemption calls fn with each of userID's redemptions, newest first,
// reading them from the database as fn goes (exports).
func (t *Tx) EachRedemption(ctx context.Context, userID string, fn func(domain.Redemption) error) error {
	return t.eachRedemption(ctx, `WHERE r.user_id = $1 ORDER BY r.created_at DESC, r.id DESC`, fn, userID)
}

// AddConsent records a consent given or withdrawn.
func (t *Tx) AddConsent(ctx context.Context, userID string, c domain.Consent) error {
	_, err := t.exec(ctx, `INSERT INTO marketing_consents (id, user_id, client_phone, granted, source, text_version, text, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, c.ID, userID, c.ClientPhone, c.Granted, c.Source, c.TextVersion, c.Text, c.CreatedAt)
	return wrap("record consent", err)
}

// ClientConsents lists a client's consents, oldest first (the last is
// their current choice).
func (t *Tx) ClientConsents(ctx context.Context, userID, phone string) ([]domain.Consent, error) {
	return t.consents(ctx, `WHERE user_id = $1 AND client_phone = $2 ORDER BY created_at, id`, userID, phone)
}

// Consents lists all of userID's consents, oldest first.
func (t *Tx) Consents(ctx context.Context, userID string) ([]domain.Consent, error) {
	return t.consents(ctx, `WHERE user_id = $1 ORDER BY created_at, id`, userID)
}

// EachConsent calls fn with each of userID's consents, oldest first,
// reading them from the database as fn goes (exports).
func (t *Tx) EachConsent(ctx context.Context, userID string, fn func(domain.Consent) error) error {
	return t.eachConsent(ctx, `WHERE user_id = $1 ORDER BY created_at, id`, fn, userID)
}

// Consented returns the phones of userID's clients whose latest choice is
// a yes.
func (t *Tx) Consented(ctx context.Context, userID string) (map[string]bool, error) {
	all, err := t.Consents(ctx, userID)
	out := map[string]bool{}
	for _, c := range all {
		out[c.ClientPhone] = c.Granted
	}
	return out, err
}

func (t *Tx) consents(ctx context.Context, clause string, args ...any) ([]domain.Consent, error) {
	out := []domain.Consent{}
	err := t.eachConsent(ctx, clause, func(c domain.Consent) error {
		out = append(out, c)
		return nil
	}, args...)
	if err != nil {
		return nil, err
	}
	return out, nil
}

// eachConsent calls fn with each consent the clause (after FROM) selects.
func (t *Tx) eachConsent(ctx context.Context, clause string, fn func(domain.Consent) error, args ...any) error {
	rows, err := t.query(ctx, `SELECT id, client_phone, granted, source, text_version, text, created_at FROM marketing_consents `+clause, args...)
	if err != nil {
		return wrap("list consents", err)
	}
	defer rows.Close()
	for rows.Next() {
		var c domain.Consent
		if err := rows.Scan(&c.ID, &c.ClientPhone, &c.Granted, &c.Source, &c.TextVersion, &c.Text, &c.CreatedAt); err != nil {
			return wrap("list consents", err)
		}
		if err := fn(c); err != nil {
			return err
		}
	}
	return wrap("list consents", rows.Err())
}

// AcceptTerms records that userID accepted version of the terms at now.
func (t *Tx) AcceptTerms(ctx context.Context, userID, version string, now time.Time) error {
	_, err := t.exec(ctx, `INSERT INTO terms_acceptances (user_id, version, accepted_at) VALUES ($1, $2, $3)
		ON CONFLICT (user_id, version) DO NOTHING`, userID, version, now)
	return wrap("record accepted terms", err)
}
