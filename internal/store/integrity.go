package store

import (
	"context"
	"slices"

	"agendo/internal/domain"
)

// Integrity gathers what the integrity check reads about one account: a
// fixed number of statements, each an indexed read of that account's rows
// alone, every list bounded by domain.MaxIntegrityFindings. The summaries
// are compared with a re-aggregation of the rows, as RebuildSummaries
// would compute them.
func (t *Tx) Integrity(ctx context.Context, userID string) (domain.IntegritySnapshot, error) {
	var s domain.IntegritySnapshot
	err := t.queryRow(ctx, `SELECT COALESCE(p.id, ''), u.email FROM users u LEFT JOIN profiles p ON p.id = u.id WHERE u.id = $1`, userID).
		Scan(&s.UserID, &s.Email)
	if err != nil {
		return s, wrap("integrity: read user", err)
	}
	bound := limit(domain.MaxIntegrityFindings)
	for _, l := range []struct {
		into *[]string
		q    string
	}{
		{&s.IncompleteAppointments, `SELECT id FROM appointments WHERE user_id = $1
			AND (id = '' OR TRIM(client_name) = '' OR service_id = '') ORDER BY date, time, id` + bound},
		{&s.IncompleteServices, `SELECT id FROM services WHERE user_id = $1 AND (id = '' OR TRIM(name) = '') ORDER BY id` + bound},
		{&s.IncompleteProfessionals, `SELECT id FROM professionals WHERE user_id = $1 AND (id = '' OR TRIM(name) = '') ORDER BY id` + bound},
		{&s.MissingService, `SELECT a.id FROM appointments a WHERE a.user_id = $1 AND a.service_id <> ''
			AND NOT EXISTS (SELECT 1 FROM services s WHERE s.id = a.service_id AND s.user_id = a.user_id) ORDER BY a.date, a.time, a.id` + bound},
		{&s.MissingProfessional, `SELECT a.id FROM appointments a WHERE a.user_id = $1
			AND NOT EXISTS (SELECT 1 FROM professionals p WHERE p.id = a.professional_id AND p.user_id = a.user_id) ORDER BY a.date, a.time, a.id` + bound},
	} {
		if *l.into, err = t.strings(ctx, l.q, userID); err != nil {
			return s, err
		}
	}
	for _, c := range []struct {
		into *int
		q    string
	}{
		{&s.Appointments, `SELECT COUNT(*) FROM appointments WHERE user_id = $1`},
		{&s.Services, `SELECT COUNT(*) FROM services WHERE user_id = $1`},
		{&s.Professionals, `SELECT COUNT(*) FROM professionals WHERE user_id = $1`},
	} {
		if err := t.queryRow(ctx, c.q, userID).Scan(c.into); err != nil {
			return s, wrap("integrity: count", err)
		}
	}

	// The days of report_days against the days of the rows.
	days, err := t.tally(ctx, `SELECT date, COUNT(*),
		COALESCE(SUM(CASE WHEN status IN (`+freeing+`) THEN 0 ELSE 1 END), 0),
		`+countOf(servedSQL)+`,
		`+countOf(decidedSQL)+`,
		`+sumOf(revenueSQL)+`
		FROM appointments WHERE user_id = $1 GROUP BY date`, 5, userID)
	if err != nil {
		return s, err
	}
	kept, err := t.tally(ctx, `SELECT date, SUM(`+dayTotal+`), SUM(`+dayBooked+`), SUM(completed),
		SUM(completed + cancelled + no_show), SUM(revenue) FROM report_days WHERE user_id = $1 GROUP BY date`, 5, userID)
	if err != nil {
		return s, err
	}
	s.DayDiffs = firstFindings(differing(days, kept))

	// report_days against each professional's day of the rows.
	proDays, err := t.tally(ctx, `SELECT date || '|' || professional_id, COUNT(*),
		`+countOf(servedSQL)+`
		FROM appointments WHERE user_id = $1 GROUP BY date, professional_id`, 2, userID)
	if err != nil {
		return s, err
	}
	keptPro, err := t.tally(ctx, `SELECT date || '|' || professional_id, scheduled + confirmed + completed + cancelled + no_show, completed
		FROM report_days WHERE user_id = $1`, 2, userID)
	if err != nil {
		return s, err
	}
	for _, k := range differing(proDays, keptPro) {
		if d := k[:min(len(k), 10)]; !slices.Contains(s.ReportDayDiffs, d) {
			s.ReportDayDiffs = append(s.ReportDayDiffs, d)
		}
	}
	s.ReportDayDiffs = firstFindings(s.ReportDayDiffs)

	// clients against the clients of the rows (counted, never named).
	clients, err := t.tally(ctx, `SELECT client_phone, COUNT(*),
		`+countOf(servedSQL)+`,
		`+countOf(decidedSQL)+`,
		`+sumOf(revenueSQL)+`
		FROM appointments WHERE user_id = $1 GROUP BY client_phone`, 4, userID)
	if err != nil {
		return s, err
	}
	// A client with a record and no appointment is no difference; one
	// without a record and none is (its row should be gone).
	keptClients, err := t.tally(ctx, `SELECT phone, appointments, completed, decided, spent FROM clients
		WHERE user_id = $1 AND (appointments > 0 OR name = '')`, 4, userID)
	if err != nil {
		return s, err
	}
	s.ClientDiffs = len(differing(clients, keptClients))
	records, err := t.strings(ctx, `SELECT phone FROM clients WHERE user_id = $1 AND name <> ''`, userID)
	if err != nil {
		return s, err
	}
	recordsOnly := 0
	for _, phone := range records {
		if clients[phone] == nil {
			recordsOnly++
		}
	}

	// The owner's totals against the sums of the rows.
	var want OwnerTotals
	for _, v := range days {
		want.Appointments += int(v[0])
		want.Completed += int(v[2])
		want.Decided += int(v[3])
	}
	want.Clients = len(clients) + recordsOnly
	got, err := t.Totals(ctx, userID)
	if err != nil {
		return s, err
	}
	s.TotalsDiffer = got != want
	return s, nil
}

// strings reads a column of text.
func (t *Tx) strings(ctx context.Context, q string, args ...any) ([]string, error) {
	rows, err := t.query(ctx, q, args...)
	if err != nil {
		return nil, wrap("integrity: list", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var v string
		if err := rows.Scan(&v); err != nil {
			return nil, wrap("integrity: list", err)
		}
		out = append(out, v)
	}
	return out, wrap("integrity: list", rows.Err())
}

// tally reads rows of a key and n integers into a map.
func (t *Tx) tally(ctx context.Context, q string, n int, args ...any) (map[string][]int64, error) {
	rows, err := t.query(ctx, q, args...)
	if err != nil {
		return nil, wrap("integrity: tally", err)
	}
	defer rows.Close()
	out := map[string][]int64{}
	for rows.Next() {
		var key string
		vals := make([]int64, n)
		dest := []any{&key}
		for i := range vals {
			dest = append(dest, &vals[i])
		}
		if err := rows.Scan(dest...); err != nil {
			return nil, wrap("integrity: tally", err)
		}
		out[key] = vals
	}
	return out, wrap("integrity: tally", rows.Err())
}

// differing lists, sorted, the keys whose values differ between the
// re-aggregation and what is kept (missing on either side).
func differing(want, got map[string][]int64) []string {
	var out []string
	for k := range union(want, got) {
		if !slices.Equal(want[k], got[k]) {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

// firstFindings bounds a list of findings to domain.MaxIntegrityFindings.
func firstFindings(s []string) []string { return s[:min(len(s), domain.MaxIntegrityFindings)] }

func union(a, b map[string][]int64) map[string]bool {
	out := make(map[string]bool, len(a))
	for k := range a {
		out[k] = true
	}
	for k := range b {
		out[k] = true
	}
	return out
}

// AccountIDs lists a page of account ids, oldest first, after the id
// after (keyset: the admin's check walks every account page by page).
func (t *Tx) AccountIDs(ctx context.Context, after string, n int) ([]string, error) {
	return t.strings(ctx, `SELECT id FROM users WHERE id > $1 ORDER BY id`+limit(n), after)
}
