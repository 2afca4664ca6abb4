package store

import (
	"context"
	"time"

	"agendo/internal/domain"
)

const waitlistColumns = `id, date, service_id, professional_id, client_name, client_phone, client_email, status, created_at,
	offer_time, offer_pro, offer_minutes, hold_id, offer_expires_at, appointment_id`

func scanWaitlist(row interface{ Scan(...any) error }) (domain.WaitlistEntry, error) {
	var e domain.WaitlistEntry
	err := row.Scan(&e.ID, &e.Date, &e.ServiceID, &e.ProfessionalID, &e.ClientName, &e.ClientPhone, &e.ClientEmail, &e.Status,
		&e.CreatedAt, &e.OfferTime, &e.OfferPro, &e.OfferMinutes, &e.HoldID, &e.OfferExpiresAt, &e.AppointmentID)
	return e, err
}

func (t *Tx) waitlist(ctx context.Context, what, q string, args ...any) ([]domain.WaitlistEntry, error) {
	rows, err := t.query(ctx, `SELECT `+waitlistColumns+` FROM waitlist_entries `+q, args...)
	if err != nil {
		return nil, wrap(what, err)
	}
	defer rows.Close()
	out := []domain.WaitlistEntry{}
	for rows.Next() {
		e, err := scanWaitlist(rows)
		if err != nil {
			return nil, wrap(what, err)
		}
		out = append(out, e)
	}
	return out, wrap(what, rows.Err())
}

// AddWaitlistEntry adds e to userID's waitlist.
func (t *Tx) AddWaitlistEntry(ctx context.Context, userID string, e domain.WaitlistEntry) error {
	_, err := t.exec(ctx, `INSERT INTO waitlist_entries (id, user_id, date, service_id, professional_id, client_name, client_phone,
		client_email, status, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
		e.ID, userID, e.Date, e.ServiceID, e.ProfessionalID, e.ClientName, e.ClientPhone, e.ClientEmail, e.Status, e.CreatedAt)
	return wrap("add waitlist entry", refusedText(err))
}

// WaitlistDay lists userID's entries for date still in line (waiting or
// offered), first come first.
func (t *Tx) WaitlistDay(ctx context.Context, userID, date string) ([]domain.WaitlistEntry, error) {
	return t.waitlist(ctx, "list waitlist day", `WHERE user_id = $1 AND date = $2 AND status IN ('waiting', 'offered')
		ORDER BY created_at, id`, userID, date)
}

// Waitlist lists userID's entries from date on ("": all), by date and
// arrival (at most a line's cap for each day of a year and more).
func (t *Tx) Waitlist(ctx context.Context, userID, from string) ([]domain.WaitlistEntry, error) {
	return t.waitlist(ctx, "list waitlist", `WHERE user_id = $1 AND date >= $2 ORDER BY date, created_at, id LIMIT 20000`, userID, from)
}

// WaitlistEntry returns one of userID's entries ("" userID: of any store).
func (t *Tx) WaitlistEntry(ctx context.Context, userID, id string) (domain.WaitlistEntry, string, error) {
	var owner string
	row := t.queryRow(ctx, `SELECT user_id, `+waitlistColumns+` FROM waitlist_entries WHERE id = $1 AND ($2 = '' OR user_id = $2)`, id, userID)
	var e domain.WaitlistEntry
	err := row.Scan(&owner, &e.ID, &e.Date, &e.ServiceID, &e.ProfessionalID, &e.ClientName, &e.ClientPhone, &e.ClientEmail, &e.Status,
		&e.CreatedAt, &e.OfferTime, &e.OfferPro, &e.OfferMinutes, &e.HoldID, &e.OfferExpiresAt, &e.AppointmentID)
	return e, owner, wrap("read waitlist entry", err)
}

// SaveWaitlistEntry writes e's status and offer when its status is still
// was, and reports whether it was (one writer of two wins).
func (t *Tx) SaveWaitlistEntry(ctx context.Context, userID string, e domain.WaitlistEntry, was string) (bool, error) {
	res, err := t.exec(ctx, `UPDATE waitlist_entries SET status = $3, offer_time = $4, offer_pro = $5, hold_id = $6,
		offer_expires_at = $7, appointment_id = $8, offer_minutes = $10 WHERE user_id = $1 AND id = $2 AND status = $9`,
		userID, e.ID, e.Status, e.OfferTime, e.OfferPro, e.HoldID, e.OfferExpiresAt, e.AppointmentID, was, e.OfferMinutes)
	if err != nil {
		return false, wrap("save waitlist entry", err)
	}
	n, err := rowsAffected("save waitlist entry", res)
	return n == 1, err
}

// ExpiredOffers lists the offers of every store that expired by now, with
// their stores.
func (t *Tx) ExpiredOffers(ctx context.Context, now time.Time) ([]domain.WaitlistEntry, []string, error) {
	rows, err := t.query(ctx, `SELECT user_id, `+waitlistColumns+` FROM waitlist_entries
		WHERE status = 'offered' AND offer_expires_at <= $1 ORDER BY offer_expires_at LIMIT 200`, now)
	if err != nil {
		return nil, nil, wrap("list expired offers", err)
	}
	defer rows.Close()
	var out []domain.WaitlistEntry
	var owners []string
	for rows.Next() {
		var owner string
		var e domain.WaitlistEntry
		if err := rows.Scan(&owner, &e.ID, &e.Date, &e.ServiceID, &e.ProfessionalID, &e.ClientName, &e.ClientPhone, &e.ClientEmail,
			&e.Status, &e.CreatedAt, &e.OfferTime, &e.OfferPro, &e.OfferMinutes, &e.HoldID, &e.OfferExpiresAt, &e.AppointmentID); err != nil {
			return nil, nil, wrap("list expired offers", err)
		}
		out, owners = append(out, e), append(owners, owner)
	}
	return out, owners, wrap("list expired offers", rows.Err())
}

// ClientWaitlist lists a client's entries, newest first (her data export).
func (t *Tx) ClientWaitlist(ctx context.Context, userID, phone string) ([]domain.WaitlistEntry, error) {
	return t.waitlist(ctx, "list client waitlist", `WHERE user_id = $1 AND client_phone = $2 ORDER BY created_at DESC LIMIT 500`, userID, phone)
}
