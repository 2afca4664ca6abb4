package store

import (
	"cmp"
	"context"
	"maps"
	"slices"

	"agendo/internal/domain"
)

// Summaries: each write of appointments moves, in its transaction, the
// summary rows it touches — the professional's report day (report_days),
// the client's (clients) and the professional's share of the
// owner's totals (professional_totals) — so the client list, the dashboard
// and the reports read them (O(page)). A write of one appointment moves
// each row by its own difference (change): no figure is counted again. A
// write of many (an import, a rename, a professional deleted) re-counts the
// days and clients it touched (refresh), each an indexed read that does not
// grow with the salon's history; the integrity check and RebuildSummaries
// prove both equal to a count of the rows.

// Locking (docs/decisions.md, "Correct under concurrency" and "Writes that
// cost what they should"): a summary row is locked (by an upsert that
// creates it empty when new) before anything it sums is read or moved, so
// that on PostgreSQL's READ COMMITTED two writers of one row take turns.
// Rows are locked in one order — report days by date and professional,
// then clients by phone, then the professionals' totals — so two writers
// never wait on each other. No row is shared by all of a store's bookings:
// two bookings wait for each other only for the same professional's day or
// the same client. On SQLite the single writer serialises all of it.

// lockClient locks a client's row, creating it empty when new, and returns
// its appointments as last committed and its record's name. A row existed
// when either is set: a client known only by appointments has some (the
// last one leaving deletes the row), a client with a record has a name.
const lockClient = `INSERT INTO clients (user_id, phone, latest, name_key, appointments, completed, spent, last_visit)
	VALUES ($1, $2, '', '', 0, 0, 0, '')
	ON CONFLICT (user_id, phone) DO UPDATE SET appointments = clients.appointments
	RETURNING appointments, name`

// touched names the summary rows a write affects.
type touched struct {
	phones  map[string]bool
	proDays map[proDay]bool // rows of report_days
}

// proDay is one professional's day.
type proDay struct{ date, professionalID string }

// add names the rows of an appointment of phone on date with
// professionalID; an empty value names none of its kind.
func (k *touched) add(phone, date, professionalID string) {
	if k.phones == nil {
		k.phones, k.proDays = map[string]bool{}, map[proDay]bool{}
	}
	if phone != "" {
		k.phones[phone] = true
	}
	if date != "" && professionalID != "" {
		k.proDays[proDay{date, professionalID}] = true
	}
}

// sortedDays returns days in the locking order.
func sortedDays(days map[proDay]bool) []proDay {
	return slices.SortedFunc(maps.Keys(days), func(a, b proDay) int {
		return cmp.Or(cmp.Compare(a.date, b.date), cmp.Compare(a.professionalID, b.professionalID))
	})
}

// rewrite runs verb — the head of an UPDATE or a DELETE of appointments,
// with its own arguments after $2 — on userID's appointments that cond
// selects (a WHERE clause with args from $2), and returns the summary rows
// it touched and how many it wrote. The rows are locked in id order by the
// statement that writes them: two writers of many never hold one each of
// what the other wants, and nothing is written that was not locked and
// counted. (A read that locked, then a write by the same condition, saw
// two snapshots under PostgreSQL's READ COMMITTED: a row that took the
// phone in between was renamed but not counted, and locked out of order.)
func (t *Tx) rewrite(ctx context.Context, userID, verb, cond string, args ...any) (touched, int64, error) {
	var k touched
	// cond twice: the sub-select locks, and the outer WHERE lets SQLite's
	// planner search by it rather than scan the owner's history for the ids
	// (TestBigStoreWritesReadOnlyWhatTheyChange checks the plan).
	rows, err := t.query(ctx, verb+` WHERE user_id = $1 AND `+cond+` AND id IN (SELECT id FROM appointments WHERE user_id = $1 AND `+cond+
		t.lockedInOrder("id")+`) RETURNING client_phone, date, professional_id`, append([]any{userID}, args...)...)
	if err != nil {
		return k, 0, wrap("rewrite appointments", err)
	}
	defer rows.Close()
	var n int64
	for rows.Next() {
		var phone, date, pro string
		if err := rows.Scan(&phone, &date, &pro); err != nil {
			return k, 0, wrap("rewrite appointments", err)
		}
		k.add(phone, date, pro)
		n++
	}
	return k, n, wrap("rewrite appointments", rows.Err())
}

// share is what one appointment adds to its client's and its owner's
// figures.
type share struct {
	appointments, completed, decided, clients int
	spent                                     int64
}

// shareOf returns a's share, negated when sign is -1 (a nil a has none).
func shareOf(a *domain.Appointment, sign int) share {
	if a == nil {
		return share{}
	}
	s := share{appointments: sign}
	if domain.Served(a.Status) {
		s.completed = sign
		s.spent = int64(sign) * a.Revenue()
	}
	if domain.Decided(a.Status) {
		s.decided = sign
	}
	return s
}

func (s share) plus(o share) share {
	return share{s.appointments + o.appointments, s.completed + o.completed, s.decided + o.decided,
		s.clients + o.clients, s.spent + o.spent}
}

// latestKey is what clients.latest compares: the appointment's
// moment, then the name it carried (the newest names the client).
func latestKey(a *domain.Appointment) string { return a.Date + " " + a.Time + "|" + a.ClientName }

// lockDays locks the professionals' days an appointment going from before
// to after touches (either may be nil), in the locking order, and returns
// them as last committed. SaveAppointment takes them before it writes the
// appointment: two writers of one professional's day then take turns
// before their inserts, so PostgreSQL's exclusion constraint refuses the
// second of two overlapping ones at once instead of finding both
// in progress (each waiting for the other: a deadlock the server breaks
// only after a second).
func (t *Tx) lockDays(ctx context.Context, userID string, before, after *domain.Appointment) (map[proDay]ReportDay, error) {
	var days touched
	for _, a := range []*domain.Appointment{before, after} {
		if a != nil {
			days.add("", a.Date, a.ProfessionalID)
		}
	}
	out := make(map[proDay]ReportDay, len(days.proDays))
	for _, d := range sortedDays(days.proDays) {
		r, err := t.lockReportDay(ctx, userID, d)
		if err != nil {
			return nil, err
		}
		out[d] = r
	}
	return out, nil
}

// change moves every summary by one appointment going from before to
// after — a booking (nil → a), a rewrite (a → b) or a deletion (a → nil) —
// once the appointments table holds after; days are the professionals'
// days lockDays locked for them.
func (t *Tx) change(ctx context.Context, userID string, before, after *domain.Appointment, days map[proDay]ReportDay) error {
	for d, r := range days { // locked already: in any order
		if before != nil && (proDay{before.Date, before.ProfessionalID}) == d {
			r.Remove(*before)
			if domain.Served(before.Status) {
				served, err := t.stillServed(ctx, userID, d, before.ClientPhone)
				if err != nil {
					return err
				}
				if !served {
					r.Unserve(before.ClientPhone)
				}
			}
		}
		if after != nil && (proDay{after.Date, after.ProfessionalID}) == d {
			r.Add(*after)
		}
		if err := t.saveReportDay(ctx, userID, r); err != nil {
			return err
		}
	}
	// The clients, by phone: a booking adds to its client's row; a
	// rewrite or a deletion counts the clients it touches again (an
	// indexed read of each one's appointments): a delta there raced with
	// a rename's re-count on PostgreSQL and drifted.
	totals := map[string]share{}
	pro := before
	if after != nil {
		pro = after
	}
	if before == nil {
		clients, err := t.addToClient(ctx, userID, *after)
		if err != nil {
			return err
		}
		totals[pro.ProfessionalID] = share{clients: clients}
	} else {
		phones := map[string]bool{before.ClientPhone: true}
		if after != nil {
			phones[after.ClientPhone] = true
		}
		for _, phone := range slices.Sorted(maps.Keys(phones)) {
			clients, err := t.recountClient(ctx, userID, phone)
			if err != nil {
				return err
			}
			s := totals[pro.ProfessionalID]
			s.clients += clients
			totals[pro.ProfessionalID] = s
		}
	}
	if before != nil {
		totals[before.ProfessionalID] = totals[before.ProfessionalID].plus(shareOf(before, -1))
	}
	if after != nil {
		totals[after.ProfessionalID] = totals[after.ProfessionalID].plus(shareOf(after, 1))
	}
	return t.moveTotals(ctx, userID, totals)
}

// addToClient adds a new appointment to its client's summary and returns
// 1 when it makes the client (the owner's count of clients moves).
func (t *Tx) addToClient(ctx context.Context, userID string, a domain.Appointment) (int, error) {
	d := shareOf(&a, 1)
	lastVisit := ""
	if domain.Served(a.Status) {
		lastVisit = a.Date
	}
	// The upsert locks the row; a new row is made with the booking's
	// figures. The latest booking names a client without a record; a
	// record keeps the name the salon gave it.
	var n int
	var name string
	err := t.queryRow(ctx, `INSERT INTO clients (user_id, phone, latest, name_key, appointments, completed, decided, spent, last_visit)
		VALUES ($1, $2, $3, LOWER(SUBSTR($3, 18)), 1, $4, $5, $6, $7)
		ON CONFLICT (user_id, phone) DO UPDATE SET appointments = clients.appointments + 1,
			completed = clients.completed + excluded.completed, decided = clients.decided + excluded.decided,
			spent = clients.spent + excluded.spent,
			latest = CASE WHEN excluded.latest > clients.latest THEN excluded.latest ELSE clients.latest END,
			name_key = CASE WHEN clients.name = '' AND excluded.latest > clients.latest THEN excluded.name_key ELSE clients.name_key END,
			last_visit = CASE WHEN excluded.last_visit > clients.last_visit THEN excluded.last_visit ELSE clients.last_visit END
		RETURNING appointments, name`,
		userID, a.ClientPhone, latestKey(&a), d.completed, d.decided, d.spent, lastVisit).Scan(&n, &name)
	if err != nil {
		return 0, wrap("add to client summary", refusedText(err))
	}
	if domain.Served(a.Status) {
		if err := t.refreshVisits(ctx, userID, a.ClientPhone); err != nil {
			return 0, err
		}
	}
	// A row without a record and with no appointment is deleted: 1 is one
	// this booking made.
	if n == 1 && name == "" {
		return 1, nil
	}
	return 0, nil
}

// recountClient counts phone's summary again from its appointments (it is
// locked first, created empty when new) and returns how the owner's count
// of clients moves: 1 for a new client, -1 for one gone (no appointment
// left, and no record).
func (t *Tx) recountClient(ctx context.Context, userID, phone string) (int, error) {
	var existed int // the client's appointments as summarised, 0 when new
	var name string
	if err := t.queryRow(ctx, lockClient, userID, phone).Scan(&existed, &name); err != nil {
		return 0, wrap("lock client summary", refusedText(err))
	}
	var n, completed, decided int
	var spent int64
	var latest, lastVisit string
	err := t.queryRow(ctx, `SELECT COUNT(*), COALESCE(MAX(date || ' ' || time || '|' || client_name), ''),
		`+countOf(servedSQL)+`,
		`+countOf(decidedSQL)+`,
		`+sumOf(revenueSQL)+`,
		COALESCE(MAX(CASE WHEN `+servedSQL+` THEN date END), '')
		FROM appointments WHERE user_id = $1 AND client_phone = $2`, userID, phone).Scan(&n, &latest, &completed, &decided, &spent, &lastVisit)
	if err != nil {
		return 0, wrap("aggregate client", err)
	}
	if n == 0 && name == "" {
		_, err = t.exec(ctx, `DELETE FROM clients WHERE user_id = $1 AND phone = $2`, userID, phone)
	} else {
		_, err = t.exec(ctx, `UPDATE clients SET latest = $3, name_key = CASE WHEN name = '' THEN LOWER(SUBSTR($3, 18)) ELSE name_key END,
			appointments = $4, completed = $5, decided = $6, spent = $7, last_visit = $8 WHERE user_id = $1 AND phone = $2`,
			userID, phone, latest, n, completed, decided, spent, lastVisit)
	}
	if err != nil {
		return 0, wrap("save client summary", refusedText(err))
	}
	was, is := existed > 0 || name != "", n > 0 || name != ""
	if is {
		if err := t.refreshVisits(ctx, userID, phone); err != nil {
			return 0, err
		}
	}
	switch {
	case was && !is:
		return -1, nil
	case is && !was:
		return 1, nil
	}
	return 0, nil
}

// moveTotals adds each professional's share to their row of the owner's
// totals and bumps their agenda version, in the locking order.
func (t *Tx) moveTotals(ctx context.Context, userID string, by map[string]share) error {
	for _, pro := range slices.Sorted(maps.Keys(by)) {
		s := by[pro]
		_, err := t.exec(ctx, `INSERT INTO professional_totals (user_id, professional_id, appointments, completed, decided, clients, agenda_version)
			VALUES ($1, $2, $3, $4, $5, $6, 1)
			ON CONFLICT (user_id, professional_id) DO UPDATE SET appointments = professional_totals.appointments + excluded.appointments,
				completed = professional_totals.completed + excluded.completed, decided = professional_totals.decided + excluded.decided,
				clients = professional_totals.clients + excluded.clients, agenda_version = professional_totals.agenda_version + 1`,
			userID, pro, s.appointments, s.completed, s.decided, s.clients)
		if err != nil {
			return wrap("move owner totals", err)
		}
	}
	return nil
}

// refresh re-counts the rows k names and moves the owner's totals by the
// difference (writes of many appointments at once).
func (t *Tx) refresh(ctx context.Context, userID string, k touched) error {
	totals := map[string]share{}
	for _, d := range sortedDays(k.proDays) {
		was, now, err := t.recountReportDay(ctx, userID, d)
		if err != nil {
			return err
		}
		s := totals[d.professionalID]
		s.appointments += now.Total() - was.Total()
		s.completed += now.Completed - was.Completed
		s.decided += now.Completed + now.Cancelled + now.NoShow - was.Completed - was.Cancelled - was.NoShow
		totals[d.professionalID] = s
	}
	for _, phone := range slices.Sorted(maps.Keys(k.phones)) {
		clients, err := t.recountClient(ctx, userID, phone)
		if err != nil {
			return err
		}
		// Clients arriving or leaving in a write of many count on the
		// row of no professional.
		s := totals[""]
		s.clients += clients
		totals[""] = s
	}
	if s := totals[""]; s == (share{}) {
		delete(totals, "")
	}
	return t.moveTotals(ctx, userID, totals)
}

// ownerTotals sums an owner's rows of professional_totals.
const ownerTotals = `COALESCE(SUM(appointments), 0), COALESCE(SUM(completed), 0), COALESCE(SUM(decided), 0), COALESCE(SUM(clients), 0)`

// OwnerTotals are an owner's all-time figures.
type OwnerTotals struct {
	Appointments, Completed, Decided, Clients int
}

// Totals returns userID's all-time figures (zero for an owner with none).
func (t *Tx) Totals(ctx context.Context, userID string) (OwnerTotals, error) {
	var o OwnerTotals
	err := t.queryRow(ctx, `SELECT `+ownerTotals+` FROM professional_totals WHERE user_id = $1`, userID).
		Scan(&o.Appointments, &o.Completed, &o.Decided, &o.Clients)
	return o, wrap("read owner totals", err)
}

// RebuildSummaries recomputes every summary from the appointments (after a
// restore from an old backup, or to check them): what the migration does.
func (t *Tx) RebuildSummaries(ctx context.Context) error {
	// The totals are zeroed, not deleted: their rows keep the agenda
	// versions the availability cache checks.
	// The clients with a record stay, their figures zeroed, and count on
	// the row of no professional.
	for _, q := range []string{`DELETE FROM clients WHERE name = ''`,
		`UPDATE clients SET latest = '', name_key = LOWER(name), appointments = 0, completed = 0, decided = 0, spent = 0,
			last_visit = '', first_visit = '', first_pro = '', second_visit = ''`,
		`DELETE FROM report_days`,
		`UPDATE professional_totals SET appointments = 0, completed = 0, decided = 0, clients = 0`} {
		if _, err := t.exec(ctx, q); err != nil {
			return wrap("clear summaries", err)
		}
	}
	records, err := t.query(ctx, `SELECT user_id, COUNT(*) FROM clients GROUP BY user_id ORDER BY user_id`)
	if err != nil {
		return wrap("count client records", err)
	}
	counts := map[string]int{}
	for records.Next() {
		var u string
		var n int
		if err := records.Scan(&u, &n); err != nil {
			records.Close()
			return wrap("count client records", err)
		}
		counts[u] = n
	}
	records.Close()
	if err := records.Err(); err != nil {
		return wrap("count client records", err)
	}
	for _, u := range slices.Sorted(maps.Keys(counts)) {
		if err := t.moveTotals(ctx, u, map[string]share{"": {clients: counts[u]}}); err != nil {
			return err
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

// countReportDays fills report_days from the appointments (the step after
// migration 0010, which made the table: the other summaries came later).
func (t *Tx) countReportDays(ctx context.Context) error {
	rows, err := t.query(ctx, `SELECT DISTINCT user_id, date, professional_id FROM appointments`)
	if err != nil {
		return wrap("list report days", err)
	}
	type userDay struct {
		userID string
		day    proDay
	}
	var days []userDay
	for rows.Next() {
		var d userDay
		if err := rows.Scan(&d.userID, &d.day.date, &d.day.professionalID); err != nil {
			rows.Close()
			return wrap("list report days", err)
		}
		days = append(days, d)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return wrap("list report days", err)
	}
	for _, d := range days {
		if _, _, err := t.recountReportDay(ctx, d.userID, d.day); err != nil {
			return err
		}
	}
	return nil
}
