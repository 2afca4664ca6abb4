package store

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"agendo/internal/domain"
	"agendo/internal/schedule"
)

// StoreBySlug returns the store published at slug.
func (t *Tx) StoreBySlug(ctx context.Context, slug string) (domain.Store, error) {
	return t.scanStore(ctx, `SELECT `+storeColumns+` FROM stores WHERE slug = $1`, slug)
}

// OwnerOfProfessional returns the user a professional belongs to.
func (t *Tx) OwnerOfProfessional(ctx context.Context, id string) (string, error) {
	var userID string
	err := t.queryRow(ctx, `SELECT user_id FROM professionals WHERE id = $1`, id).Scan(&userID)
	return userID, wrap("read owner of professional", err)
}

// OwnerOfAppointment returns the user an appointment belongs to.
func (t *Tx) OwnerOfAppointment(ctx context.Context, id string) (string, error) {
	var userID string
	err := t.queryRow(ctx, `SELECT user_id FROM appointments WHERE id = $1`, id).Scan(&userID)
	return userID, wrap("read owner of appointment", err)
}

// placeholders returns "$first, $first+1, …" for n values.
func placeholders(first, n int) string {
	ps := make([]string, n)
	for i := range ps {
		ps[i] = "$" + strconv.Itoa(first+i)
	}
	return strings.Join(ps, ", ")
}

// BusyOf is Busy for several professionals at once, in one indexed query,
// keyed by professional.
//
// The database folds each professional's day into one row ("09:00+30" for
// an appointment of 30 minutes, "12:00-13:00" for a blocked time, joined
// by commas: parseSpan reads them): a month of a busy professional is 31 rows, not 500, and each
// row read costs more in the driver than in the query.
func (t *Tx) BusyOf(ctx context.Context, professionalIDs []string, from, to, except string) (map[string][]schedule.Busy, error) {
	out := map[string][]schedule.Busy{}
	if len(professionalIDs) == 0 {
		return out, nil
	}
	args := []any{from, to, except}
	for _, id := range professionalIDs {
		args = append(args, id)
	}
	in := placeholders(4, len(professionalIDs))
	rows, err := t.query(ctx, `
		SELECT professional_id, date, string_agg(span, ',') FROM (
			SELECT professional_id, date, time || '+' || duration_min || CASE WHEN buffer_before + buffer_after + processing_min = 0
				THEN '' ELSE '/' || buffer_before || '/' || buffer_after || '/' || processing_start || '/' || processing_min END AS span
			FROM appointments
			WHERE professional_id IN (`+in+`) AND date >= $1 AND date <= $2 AND status NOT IN (`+freeing+`) AND id <> $3 AND (visit_id = '' OR visit_id <> $3)
			UNION ALL
			SELECT professional_id, date, start_time || '-' || end_time FROM blocked_times
			WHERE professional_id IN (`+in+`) AND date >= $1 AND date <= $2
		) busy GROUP BY professional_id, date`, args...)
	if err != nil {
		return nil, wrap("read busy times", err)
	}
	defer rows.Close()
	for rows.Next() {
		var pro, date, spans string
		if err := rows.Scan(&pro, &date, &spans); err != nil {
			return nil, wrap("read busy times", err)
		}
		for spans != "" {
			var span string
			span, spans, _ = strings.Cut(spans, ",")
			var ok bool
			if out[pro], ok = parseSpan(out[pro], date, span); !ok {
				return nil, fmt.Errorf("store: read busy times: %q on %s is not a time span", span, date)
			}
		}
	}
	return out, wrap("read busy times", rows.Err())
}

// parseSpan appends to out what one busy span of BusyOf keeps busy:
// "HH:MM+minutes" or, for an appointment with buffers or a pause,
// "HH:MM+minutes/before/after/pauseStart/pauseMinutes" (a stretch for
// each side of the pause), or "HH:MM-HH:MM" for a blocked time.
func parseSpan(out []schedule.Busy, date, span string) ([]schedule.Busy, bool) {
	if len(span) < 7 {
		return out, false
	}
	start, ok := domain.ParseClock(span[:5])
	if !ok {
		return out, false
	}
	switch span[5] {
	case '+':
		fields := strings.Split(span[6:], "/")
		if len(fields) != 1 && len(fields) != 5 {
			return out, false
		}
		n := make([]int, 5)
		for i, f := range fields {
			v, err := strconv.Atoi(f)
			if err != nil || v < 0 {
				return out, false
			}
			n[i] = v
		}
		tm := domain.Timing{BufferBefore: n[1], BufferAfter: n[2], ProcessingStart: n[3], ProcessingMin: n[4]}
		for _, sp := range tm.ProfessionalSpans(start, n[0]) {
			out = append(out, schedule.Busy{Date: date, Start: sp.Start, End: sp.End})
		}
		return out, true
	case '-':
		end, ok := domain.ParseClock(span[6:])
		if !ok {
			return out, false
		}
		return append(out, schedule.Busy{Date: date, Start: start, End: end}), true
	}
	return out, false
}

// DayLoad counts each professional's appointments that hold a slot on date.
func (t *Tx) DayLoad(ctx context.Context, professionalIDs []string, date string) (map[string]int, error) {
	out := map[string]int{}
	if len(professionalIDs) == 0 {
		return out, nil
	}
	args := []any{date}
	for _, id := range professionalIDs {
		args = append(args, id)
	}
	rows, err := t.query(ctx, `SELECT professional_id, COUNT(*) FROM appointments
		WHERE professional_id IN (`+placeholders(2, len(professionalIDs))+`) AND date = $1
		AND status NOT IN (`+freeing+`) GROUP BY professional_id`, args...)
	if err != nil {
		return nil, wrap("count day load", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		var n int
		if err := rows.Scan(&id, &n); err != nil {
			return nil, wrap("count day load", err)
		}
		out[id] = n
	}
	return out, wrap("count day load", rows.Err())
}

// VisitorSalt returns the random salt of day, creating it with fresh when
// the day has none yet.
func (t *Tx) VisitorSalt(ctx context.Context, day, fresh string, now time.Time) (string, error) {
	if _, err := t.exec(ctx, `INSERT INTO visitor_salts (day, salt, created_at) VALUES ($1, $2, $3)
		ON CONFLICT (day) DO NOTHING`, day, fresh, now); err != nil {
		return "", wrap("insert visitor salt", err)
	}
	var salt string
	err := t.queryRow(ctx, `SELECT salt FROM visitor_salts WHERE day = $1`, day).Scan(&salt)
	return salt, wrap("read visitor salt", err)
}

// PageView is one view of a public page; it holds no IP or identity.
type PageView struct {
	ID, StoreID, Path, Referrer, VisitorHash, Day string
	CreatedAt                                     time.Time
}

// InsertPageView records v.
func (t *Tx) InsertPageView(ctx context.Context, v PageView) error {
	_, err := t.exec(ctx, `INSERT INTO page_views (id, store_id, path, referrer, visitor_hash, day, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`, v.ID, v.StoreID, v.Path, v.Referrer, v.VisitorHash, v.Day, v.CreatedAt)
	return wrap("insert page view", err)
}

// PurgeVisitorSalts deletes the salts created before cutoff, so old visitor
// hashes can no longer be linked to anyone.
func (t *Tx) PurgeVisitorSalts(ctx context.Context, cutoff time.Time) error {
	_, err := t.exec(ctx, `DELETE FROM visitor_salts WHERE created_at < $1`, cutoff)
	return wrap("purge visitor salts", err)
}

// PageViews lists a store's page views on the days from..to, oldest first.
func (t *Tx) PageViews(ctx context.Context, storeID, from, to string) ([]PageView, error) {
	rows, err := t.query(ctx, `SELECT id, store_id, path, referrer, visitor_hash, day, created_at FROM page_views
		WHERE store_id = $1 AND day >= $2 AND day <= $3 ORDER BY created_at, id LIMIT 10000`, storeID, from, to)
	if err != nil {
		return nil, wrap("list page views", err)
	}
	defer rows.Close()
	var out []PageView
	for rows.Next() {
		var v PageView
		if err := rows.Scan(&v.ID, &v.StoreID, &v.Path, &v.Referrer, &v.VisitorHash, &v.Day, &v.CreatedAt); err != nil {
			return nil, wrap("list page views", err)
		}
		out = append(out, v)
	}
	return out, wrap("list page views", rows.Err())
}

// ClaimBookingRequest ties a customer's requestID to the appointment
// appointmentID about to be booked for userID's store. When the request was
// already claimed it returns the appointment that claimed it and claimed
// false, and writes nothing. On PostgreSQL a concurrent claim of the same
// request waits for the first one's transaction: committed, this one
// finds its appointment; rolled back, this one claims it.
func (t *Tx) ClaimBookingRequest(ctx context.Context, userID, requestID, appointmentID string, now time.Time) (existing string, claimed bool, err error) {
	res, err := t.exec(ctx, `INSERT INTO booking_requests (user_id, request_id, appointment_id, created_at)
		VALUES ($1, $2, $3, $4) ON CONFLICT (user_id, request_id) DO NOTHING`, userID, requestID, appointmentID, now)
	if err != nil {
		return "", false, wrap("claim booking request", err)
	}
	n, err := rowsAffected("claim booking request", res)
	if err != nil || n == 1 {
		return appointmentID, n == 1, err
	}
	err = t.queryRow(ctx, `SELECT appointment_id FROM booking_requests WHERE user_id = $1 AND request_id = $2`,
		userID, requestID).Scan(&existing)
	return existing, false, wrap("read booking request", err)
}

// PurgeBookingRequests deletes the request ids claimed before cutoff: a
// retry comes within minutes, never a day later.
func (t *Tx) PurgeBookingRequests(ctx context.Context, cutoff time.Time) error {
	_, err := t.exec(ctx, `DELETE FROM booking_requests WHERE created_at < $1`, cutoff)
	return wrap("purge booking requests", err)
}

// AddTurnedAway records that visitor could not book with userID's store in
// month ("2026-03"); the same visitor counts once a month.
func (t *Tx) AddTurnedAway(ctx context.Context, userID, month, visitor string, now time.Time) error {
	_, err := t.exec(ctx, `INSERT INTO turned_away (user_id, month, visitor, created_at) VALUES ($1, $2, $3, $4)
		ON CONFLICT (user_id, month, visitor) DO NOTHING`, userID, month, visitor, now)
	return wrap("add turned away", err)
}

// TurnedAway is how many visitors could not book with userID's store in month.
func (t *Tx) TurnedAway(ctx context.Context, userID, month string) (int, error) {
	var n int
	err := t.queryRow(ctx, `SELECT COUNT(*) FROM turned_away WHERE user_id = $1 AND month = $2`, userID, month).Scan(&n)
	return n, wrap("count turned away", err)
}

// PurgeTurnedAway deletes the turned-away records created before cutoff:
// the owner's notice counts this month only.
func (t *Tx) PurgeTurnedAway(ctx context.Context, cutoff time.Time) error {
	_, err := t.exec(ctx, `DELETE FROM turned_away WHERE created_at < $1`, cutoff)
	return wrap("purge turned away", err)
}
