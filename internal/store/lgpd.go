package store

import (
	"context"

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
// services stay, so the reports stay true. The client's rewards, consents
// and WhatsApp contact are deleted and the summaries follow. A phone with no
// appointment anywhere is not found.
func (t *Tx) AnonymizeClient(ctx context.Context, userID, phone, anonID string) (Anonymized, error) {
	var n Anonymized
	for _, q := range []struct {
		table string
		count *int64
	}{{"appointments", &n.Appointments}, {"deleted_appointments", &n.Trash}} {
		res, err := t.exec(ctx, `UPDATE `+q.table+` SET client_name = $3, client_phone = $4, notes = ''
			WHERE user_id = $1 AND client_phone = $2`, userID, phone, domain.AnonymousName, anonID)
		if err != nil {
			return n, wrap("anonymise "+q.table, err)
		}
		if *q.count, err = rowsAffected("anonymise "+q.table, res); err != nil {
			return n, err
		}
	}
	if n.Appointments+n.Trash == 0 {
		return n, domain.ErrNotFound
	}
	for _, q := range []string{
		`DELETE FROM redemptions WHERE user_id = $1 AND client_phone = $2`,
		`DELETE FROM whatsapp_contacts WHERE user_id = $1 AND phone = $2`,
	} {
		if _, err := t.exec(ctx, q, userID, phone); err != nil {
			return n, wrap("erase client's data", err)
		}
	}
	var k touched
	k.add(phone, "", "")
	k.add(anonID, "", "")
	return n, t.refresh(ctx, userID, k)
}
