package store

import (
	"cmp"
	"context"
	"errors"
	"maps"
	"slices"

	"agendo/internal/domain"
)

// Summaries: each write of appointments refreshes, in its transaction, the
// rows of client_summaries and owner_days it touched — each re-aggregated
// from that client's or that day's appointments, an indexed read that does
// not grow with the salon's history — and moves owner_totals by the
// difference. The client list and the dashboard read them (O(page)).

// Locking (docs/decisions.md, "Correct under concurrency"): a summary row
// is locked before the appointments it sums are read, so that on
// PostgreSQL's READ COMMITTED a writer either sees another's appointments
// (it waited for that writer's commit) or that writer adds its own change
// after (it waits for this one's). Rows are locked in one order — days by
// date, then clients by phone, then the professionals' report days, then
// the owner's totals — so two writers never wait on each other. A day's
// lock also covers its report days: every write of a report day holds
// its day first. On SQLite the single writer already serialises all of it.

// lockDay locks an owner's day, creating it empty when new, and returns
// its figures as last committed.
const lockDay = `INSERT INTO owner_days (user_id, date, total, booked, completed, decided, revenue)
	VALUES ($1, $2, 0, 0, 0, 0, 0)
	ON CONFLICT (user_id, date) DO UPDATE SET total = owner_days.total
	RETURNING total, completed, decided`

// lockClient locks a client's summary, creating it empty when new, and
// returns its appointments as last committed (0: a new client).
const lockClient = `INSERT INTO client_summaries (user_id, phone, latest, name_key, appointments, completed, spent, last_visit)
	VALUES ($1, $2, '', '', 0, 0, 0, '')
	ON CONFLICT (user_id, phone) DO UPDATE SET appointments = client_summaries.appointments
	RETURNING appointments`

// touched names the summary rows a write affects.
type touched struct {
	phones, dates map[string]bool
	proDays       map[proDay]bool // rows of report_days
}

// proDay is one professional's day.
type proDay struct{ date, professionalID string }

// add names the rows of an appointment of phone on date with
// professionalID; an empty value names none of its kind.
func (k *touched) add(phone, date, professionalID string) {
	if k.phones == nil {
		k.phones, k.dates, k.proDays = map[string]bool{}, map[string]bool{}, map[proDay]bool{}
	}
	if phone != "" {
		k.phones[phone] = true
	}
	if date != "" {
		k.dates[date] = true
		if professionalID != "" {
			k.proDays[proDay{date, professionalID}] = true
		}
	}
}

// touchedBy returns the phones and dates of userID's appointments that cond
// selects (a WHERE clause over appointments, with args after $1 = userID),
// and locks them on PostgreSQL: the caller is about to rewrite them, and
// what they touch must not change before it does.
func (t *Tx) touchedBy(ctx context.Context, userID, cond string, args ...any) (touched, error) {
	var k touched
	rows, err := t.query(ctx, `SELECT client_phone, date, professional_id FROM appointments WHERE user_id = $1 AND `+cond+t.forUpdate(),
		append([]any{userID}, args...)...)
	if err != nil {
		return k, wrap("read touched summaries", err)
	}
	defer rows.Close()
	for rows.Next() {
		var phone, date, pro string
		if err := rows.Scan(&phone, &date, &pro); err != nil {
			return k, wrap("read touched summaries", err)
		}
		k.add(phone, date, pro)
	}
	return k, wrap("read touched summaries", rows.Err())
}

// refresh re-aggregates the rows k names and moves owner_totals.
func (t *Tx) refresh(ctx context.Context, userID string, k touched) error {
	var dTotal, dCompleted, dDecided, dClients int
	for _, date := range slices.Sorted(maps.Keys(k.dates)) {
		// Lock the day's row (made empty if new) and read what it holds
		// now, before the appointments are counted: see lockDay.
		var oldTotal, oldCompleted, oldDecided int
		err := t.queryRow(ctx, lockDay, userID, date).Scan(&oldTotal, &oldCompleted, &oldDecided)
		if err != nil {
			return wrap("lock day summary", err)
		}
		var total, booked, completed, decided int
		var revenue int64
		err = t.queryRow(ctx, `SELECT COUNT(*),
			COALESCE(SUM(CASE WHEN status IN (`+freeing+`) THEN 0 ELSE 1 END), 0),
			COALESCE(SUM(CASE WHEN status = 'completed' THEN 1 ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN status IN (`+decidedStatuses+`) THEN 1 ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN status = 'completed' THEN COALESCE(price, 0) ELSE 0 END), 0)
			FROM appointments WHERE user_id = $1 AND date = $2`, userID, date).Scan(&total, &booked, &completed, &decided, &revenue)
		if err != nil {
			return wrap("aggregate day", err)
		}
		if total == 0 {
			_, err = t.exec(ctx, `DELETE FROM owner_days WHERE user_id = $1 AND date = $2`, userID, date)
		} else {
			_, err = t.exec(ctx, `INSERT INTO owner_days (user_id, date, total, booked, completed, decided, revenue)
				VALUES ($1, $2, $3, $4, $5, $6, $7)
				ON CONFLICT (user_id, date) DO UPDATE SET total = excluded.total, booked = excluded.booked,
					completed = excluded.completed, decided = excluded.decided, revenue = excluded.revenue`,
				userID, date, total, booked, completed, decided, revenue)
		}
		if err != nil {
			return wrap("save day summary", err)
		}
		dTotal, dCompleted, dDecided = dTotal+total-oldTotal, dCompleted+completed-oldCompleted, dDecided+decided-oldDecided
	}
	for _, phone := range slices.Sorted(maps.Keys(k.phones)) {
		var existed int // the client's appointments as summarised, 0 when new
		if err := t.queryRow(ctx, lockClient, userID, phone).Scan(&existed); err != nil {
			return wrap("lock client summary", refusedText(err))
		}
		var n, completed, decided int
		var spent int64
		var latest, lastVisit string
		err := t.queryRow(ctx, `SELECT COUNT(*), COALESCE(MAX(date || ' ' || time || '|' || client_name), ''),
			COALESCE(SUM(CASE WHEN status = 'completed' THEN 1 ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN status IN (`+decidedStatuses+`) THEN 1 ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN status = 'completed' THEN COALESCE(price, 0) ELSE 0 END), 0),
			COALESCE(MAX(CASE WHEN status = 'completed' THEN date END), '')
			FROM appointments WHERE user_id = $1 AND client_phone = $2`, userID, phone).Scan(&n, &latest, &completed, &decided, &spent, &lastVisit)
		if err != nil {
			return wrap("aggregate client", err)
		}
		if n == 0 {
			_, err = t.exec(ctx, `DELETE FROM client_summaries WHERE user_id = $1 AND phone = $2`, userID, phone)
		} else {
			_, err = t.exec(ctx, `INSERT INTO client_summaries (user_id, phone, latest, name_key, appointments, completed, decided, spent, last_visit)
				VALUES ($1, $2, $3, LOWER(SUBSTR($3, 18)), $4, $5, $6, $7, $8)
				ON CONFLICT (user_id, phone) DO UPDATE SET latest = excluded.latest, name_key = excluded.name_key,
					appointments = excluded.appointments, completed = excluded.completed, decided = excluded.decided,
					spent = excluded.spent, last_visit = excluded.last_visit`,
				userID, phone, latest, n, completed, decided, spent, lastVisit)
		}
		if err != nil {
			return wrap("save client summary", refusedText(err))
		}
		if n > 0 {
			if err := t.refreshVisits(ctx, userID, phone); err != nil {
				return err
			}
		}
		switch {
		case n == 0 && existed > 0:
			dClients--
		case n > 0 && existed == 0:
			dClients++
		}
	}
	for _, d := range slices.SortedFunc(maps.Keys(k.proDays), func(a, b proDay) int {
		return cmp.Or(cmp.Compare(a.date, b.date), cmp.Compare(a.professionalID, b.professionalID))
	}) {
		if err := t.refreshReportDay(ctx, userID, d); err != nil {
			return err
		}
	}
	if dTotal == 0 && dCompleted == 0 && dDecided == 0 && dClients == 0 {
		return nil
	}
	_, err := t.exec(ctx, `INSERT INTO owner_totals (user_id, appointments, completed, decided, clients)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (user_id) DO UPDATE SET appointments = owner_totals.appointments + excluded.appointments,
			completed = owner_totals.completed + excluded.completed, decided = owner_totals.decided + excluded.decided,
			clients = owner_totals.clients + excluded.clients`,
		userID, dTotal, dCompleted, dDecided, dClients)
	return wrap("move owner totals", err)
}

// addBooked moves the summaries by one new appointment that is not yet a
// visit (every booking): done with increments instead of re-aggregating,
// but for its professional's day in the reports.
func (t *Tx) addBooked(ctx context.Context, userID string, a domain.Appointment) error {
	var booked, completed, decided int
	var revenue int64
	lastVisit := ""
	if domain.HoldsSlot(a.Status) {
		booked = 1
	}
	if a.Status == domain.StatusCompleted {
		completed, lastVisit = 1, a.Date
		if a.Price != nil {
			revenue = *a.Price
		}
	}
	if domain.Decided(a.Status) {
		decided = 1
	}
	_, err := t.exec(ctx, `INSERT INTO owner_days (user_id, date, total, booked, completed, decided, revenue)
		VALUES ($1, $2, 1, $3, $4, $5, $6)
		ON CONFLICT (user_id, date) DO UPDATE SET total = owner_days.total + 1, booked = owner_days.booked + excluded.booked,
			completed = owner_days.completed + excluded.completed, decided = owner_days.decided + excluded.decided,
			revenue = owner_days.revenue + excluded.revenue`,
		userID, a.Date, booked, completed, decided, revenue)
	if err != nil {
		return wrap("add to day summary", err)
	}
	// The upsert locks the client's row; its count after is 1 only for a
	// new client (a summary with no appointments is deleted).
	var n int
	err = t.queryRow(ctx, `INSERT INTO client_summaries (user_id, phone, latest, name_key, appointments, completed, decided, spent, last_visit)
		VALUES ($1, $2, $3, LOWER(SUBSTR($3, 18)), 1, $4, $5, $6, $7)
		ON CONFLICT (user_id, phone) DO UPDATE SET appointments = client_summaries.appointments + 1,
			completed = client_summaries.completed + excluded.completed, decided = client_summaries.decided + excluded.decided,
			spent = client_summaries.spent + excluded.spent,
			latest = CASE WHEN excluded.latest > client_summaries.latest THEN excluded.latest ELSE client_summaries.latest END,
			name_key = CASE WHEN excluded.latest > client_summaries.latest THEN excluded.name_key ELSE client_summaries.name_key END,
			last_visit = CASE WHEN excluded.last_visit > client_summaries.last_visit THEN excluded.last_visit ELSE client_summaries.last_visit END
		RETURNING appointments`,
		userID, a.ClientPhone, a.Date+" "+a.Time+"|"+a.ClientName, completed, decided, revenue, lastVisit).Scan(&n)
	if err != nil {
		return wrap("add to client summary", refusedText(err))
	}
	newClient := 0
	if n == 1 {
		newClient = 1
	}
	if err := t.refreshReportDay(ctx, userID, proDay{a.Date, a.ProfessionalID}); err != nil {
		return err
	}
	_, err = t.exec(ctx, `INSERT INTO owner_totals (user_id, appointments, completed, decided, clients)
		VALUES ($1, 1, $2, $3, $4)
		ON CONFLICT (user_id) DO UPDATE SET appointments = owner_totals.appointments + 1,
			completed = owner_totals.completed + excluded.completed, decided = owner_totals.decided + excluded.decided,
			clients = owner_totals.clients + excluded.clients`,
		userID, completed, decided, newClient)
	return wrap("add to owner totals", err)
}

// OwnerTotals are an owner's all-time figures.
type OwnerTotals struct {
	Appointments, Completed, Decided, Clients int
}

// Totals returns userID's all-time figures (zero for an owner with none).
func (t *Tx) Totals(ctx context.Context, userID string) (OwnerTotals, error) {
	var o OwnerTotals
	err := t.queryRow(ctx, `SELECT appointments, completed, decided, clients FROM owner_totals WHERE user_id = $1`, userID).
		Scan(&o.Appointments, &o.Completed, &o.Decided, &o.Clients)
	if err = wrap("read owner totals", err); errors.Is(err, domain.ErrNotFound) {
		return OwnerTotals{}, nil
	}
	return o, err
}

// RebuildSummaries recomputes every summary from the appointments (after a
// restore from an old backup, or to check them): what the migration does.
func (t *Tx) RebuildSummaries(ctx context.Context) error {
	for _, q := range []string{`DELETE FROM client_summaries`, `DELETE FROM owner_days`, `DELETE FROM owner_totals`, `DELETE FROM report_days`} {
		if _, err := t.exec(ctx, q); err != nil {
			return wrap("clear summaries", err)
		}
	}
	rows, err := t.query(ctx, `SELECT DISTINCT user_id, client_phone, date, professional_id FROM appointments ORDER BY user_id`)
	if err != nil {
		return wrap("list summaries", err)
	}
	byUser := map[string]*touched{}
	var users []string
	for rows.Next() {
		var u, phone, date, pro string
		if err := rows.Scan(&u, &phone, &date, &pro); err != nil {
			rows.Close()
			return wrap("list summaries", err)
		}
		if byUser[u] == nil {
			byUser[u] = &touched{}
			users = append(users, u)
		}
		byUser[u].add(phone, date, pro)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return wrap("list summaries", err)
	}
	for _, u := range users {
		if err := t.refresh(ctx, u, *byUser[u]); err != nil {
			return err
		}
	}
	return nil
}
