package store

import (
	"context"

	"agendo/internal/domain"
)

// Calendar feeds (issue 29): the private addresses a member gives a
// calendar app. A feed is read by its id alone (the sealed address names
// it); listing and deleting are a member's own.

// AddCalendarFeed records memberID's new feed at storeID.
func (t *Tx) AddCalendarFeed(ctx context.Context, storeID, memberID string, f domain.CalendarFeed) error {
	_, err := t.exec(ctx, `INSERT INTO calendar_feeds (id, user_id, member_id, professional_id, created_at)
		VALUES ($1, $2, $3, $4, $5)`, f.ID, storeID, memberID, f.ProfessionalID, f.CreatedAt)
	return wrap("add calendar feed", err)
}

// CalendarFeeds lists memberID's feeds at storeID, oldest first.
func (t *Tx) CalendarFeeds(ctx context.Context, storeID, memberID string) ([]domain.CalendarFeed, error) {
	rows, err := t.query(ctx, `SELECT id, professional_id, created_at FROM calendar_feeds
		WHERE user_id = $1 AND member_id = $2 ORDER BY created_at, id`, storeID, memberID)
	if err != nil {
		return nil, wrap("list calendar feeds", err)
	}
	defer rows.Close()
	out := []domain.CalendarFeed{}
	for rows.Next() {
		var f domain.CalendarFeed
		if err := rows.Scan(&f.ID, &f.ProfessionalID, &f.CreatedAt); err != nil {
			return nil, wrap("list calendar feeds", err)
		}
		out = append(out, f)
	}
	return out, wrap("list calendar feeds", rows.Err())
}

// CalendarFeed returns the feed id with its store and member. Errors:
// not_found.
func (t *Tx) CalendarFeed(ctx context.Context, id string) (f domain.CalendarFeed, storeID, memberID string, err error) {
	err = t.queryRow(ctx, `SELECT id, professional_id, created_at, user_id, member_id FROM calendar_feeds WHERE id = $1`, id).
		Scan(&f.ID, &f.ProfessionalID, &f.CreatedAt, &storeID, &memberID)
	return f, storeID, memberID, wrap("read calendar feed", err)
}

// DeleteCalendarFeed revokes one of memberID's feeds. Errors: not_found.
func (t *Tx) DeleteCalendarFeed(ctx context.Context, storeID, memberID, id string) error {
	return t.execOne(ctx, "delete calendar feed", `DELETE FROM calendar_feeds WHERE user_id = $1 AND member_id = $2 AND id = $3`,
		storeID, memberID, id)
}

// CalendarAppointments lists storeID's appointments from from to to (dates,
// inclusive) that still hold their time — of professionalID, or of every
// professional when it is ” — by date and time, at most n.
func (t *Tx) CalendarAppointments(ctx context.Context, storeID, professionalID, from, to string, n int) ([]domain.Appointment, error) {
	return t.appointmentList(ctx, "calendar appointments", `SELECT `+t.appointmentCols()+` FROM appointments
		WHERE user_id = $1 AND date >= $2 AND date <= $3 AND ($4 = '' OR professional_id = $4)
		AND status NOT IN ('`+domain.StatusCancelled+`', '`+domain.StatusNoShow+`')
		ORDER BY date, time, id`+limit(n), storeID, from, to, professionalID)
}
