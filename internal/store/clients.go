package store

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"

	"agendo/internal/domain"
)

// ClientRow is a client: the figures of their appointments (grouped by
// the normalised phone) and, when the salon keeps one, their record.
type ClientRow struct {
	Phone        string
	Name         string // the record's, else from the most recent appointment
	Registered   bool   // the client has a record (added, imported or edited)
	Birthday     string
	Tags         []string
	Appointments int
	Completed    int
	Decided      int   // completed, cancelled or no-show: what has happened or will not
	SpentCents   int64 // completed appointments' prices; a missing price counts 0
	LastVisit    string
}

// Clients returns a page of userID's clients from clients (kept by
// the writes, summaries.go), with the total.
func (t *Tx) Clients(ctx context.Context, userID, professionalID string, f domain.ClientFilter) ([]ClientRow, int, error) {
	where := ` WHERE user_id = $1`
	args := []any{userID}
	if q := strings.TrimSpace(f.Query); q != "" {
		args = append(args, "%"+strings.NewReplacer("%", "", "_", "").Replace(strings.ToLower(q))+"%")
		where += ` AND (name_key LIKE $2 OR phone LIKE $2)`
	}
	if professionalID != "" {
		args = append(args, professionalID)
		where += fmt.Sprintf(` AND EXISTS (SELECT 1 FROM appointments a WHERE a.user_id = clients.user_id
			AND a.client_phone = clients.phone AND a.professional_id = $%d)`, len(args))
	}
	var total int
	var err error
	if len(args) == 1 {
		var o OwnerTotals
		o, err = t.Totals(ctx, userID)
		total = o.Clients
	} else {
		err = t.queryRow(ctx, `SELECT COUNT(*) FROM clients`+where, args...).Scan(&total)
	}
	if err != nil {
		return nil, 0, wrap("count clients", err)
	}
	order := map[string]string{
		"appointments": "appointments DESC, phone DESC",
		"spent":        "spent DESC, phone DESC",
		"lastVisit":    "last_visit DESC, phone DESC",
	}[f.Sort]
	if order == "" {
		order = "name_key, phone"
	}
	args = append(args, f.Offset)
	rows, err := t.query(ctx, `SELECT `+clientColumns+` FROM clients`+
		where+" ORDER BY "+order+limit(f.Limit)+fmt.Sprintf(" OFFSET $%d", len(args)), args...)
	if err != nil {
		return nil, 0, wrap("list clients", err)
	}
	out, err := scanClientRows(rows)
	return out, total, err
}

// ServedBy reports whether professionalID has an appointment, of any
// status, with userID's client phone.
func (t *Tx) ServedBy(ctx context.Context, userID, phone, professionalID string) (bool, error) {
	var n int
	err := t.queryRow(ctx, `SELECT COUNT(*) FROM (SELECT 1 FROM appointments WHERE user_id = $1 AND client_phone = $2
		AND professional_id = $3`+limit(1)+`) s`, userID, phone, professionalID).Scan(&n)
	return n > 0, wrap("client served by", err)
}

// PhonesServedBy returns the phones of userID's clients professionalID
// has an appointment with.
func (t *Tx) PhonesServedBy(ctx context.Context, userID, professionalID string) (map[string]bool, error) {
	rows, err := t.query(ctx, `SELECT DISTINCT client_phone FROM appointments WHERE user_id = $1 AND professional_id = $2`,
		userID, professionalID)
	if err != nil {
		return nil, wrap("phones served", err)
	}
	defer rows.Close()
	out := map[string]bool{}
	for rows.Next() {
		var phone string
		if err := rows.Scan(&phone); err != nil {
			return nil, wrap("phones served", err)
		}
		out[phone] = true
	}
	return out, wrap("phones served", rows.Err())
}

// EachClient calls fn with each of userID's clients and their records,
// in the list's default order (by name), reading them from the database
// as fn goes (exports).
func (t *Tx) EachClient(ctx context.Context, userID string, fn func(ClientRow, domain.ClientRecord) error) error {
	rows, err := t.query(ctx, `SELECT `+clientColumns+`, phone2, email, notes FROM clients
		WHERE user_id = $1 ORDER BY name_key, phone`, userID)
	if err != nil {
		return wrap("export clients", err)
	}
	defer rows.Close()
	for rows.Next() {
		var c ClientRow
		var rec domain.ClientRecord
		var latest, tags string
		if err := rows.Scan(&c.Phone, &latest, &c.Name, &c.Appointments, &c.Completed, &c.Decided, &c.SpentCents, &c.LastVisit,
			&c.Birthday, &tags, &rec.Phone2, &rec.Email, &rec.Notes); err != nil {
			return wrap("export clients", err)
		}
		c.named(latest)
		c.Tags = splitTags(tags)
		rec.Birthday, rec.Tags = c.Birthday, c.Tags
		if err := fn(c, rec); err != nil {
			return err
		}
	}
	return wrap("export clients", rows.Err())
}

// clientColumns are what scanClientRows reads of clients.
const clientColumns = `phone, latest, name, appointments, completed, decided, spent, last_visit, birthday, tags`

// scanClientRows reads rows of clientColumns, and closes them.
func scanClientRows(rows *sql.Rows) ([]ClientRow, error) {
	out := []ClientRow{}
	err := eachClientRow(rows, func(c ClientRow) error {
		out = append(out, c)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// eachClientRow calls fn with each row of scanClientRows' shape, and
// closes them.
func eachClientRow(rows *sql.Rows, fn func(ClientRow) error) error {
	defer rows.Close()
	for rows.Next() {
		var c ClientRow
		var latest, tags string
		if err := rows.Scan(&c.Phone, &latest, &c.Name, &c.Appointments, &c.Completed, &c.Decided, &c.SpentCents, &c.LastVisit,
			&c.Birthday, &tags); err != nil {
			return wrap("list clients", err)
		}
		c.named(latest)
		c.Tags = splitTags(tags)
		if err := fn(c); err != nil {
			return err
		}
	}
	return wrap("list clients", rows.Err())
}

// named gives a client without a record the name of their latest
// appointment.
func (c *ClientRow) named(latest string) {
	c.Registered = c.Name != ""
	if _, name, ok := strings.Cut(latest, "|"); ok && !c.Registered {
		c.Name = name
	}
}

// splitTags reads a record's tags.
func splitTags(s string) []string {
	if s == "" {
		return []string{}
	}
	return strings.Split(s, ",")
}

// ClientSummary returns one client's row; a phone with no row (no
// appointment, no record) is not found.
func (t *Tx) ClientSummary(ctx context.Context, userID, phone string) (ClientRow, error) {
	r, _, err := t.Client(ctx, userID, phone)
	return r, err
}

// Client returns one client's row and record; a phone with no row is not
// found.
func (t *Tx) Client(ctx context.Context, userID, phone string) (ClientRow, domain.ClientRecord, error) {
	r := ClientRow{Phone: phone}
	var rec domain.ClientRecord
	var latest, tags string
	err := t.queryRow(ctx, `SELECT latest, name, appointments, completed, decided, spent, last_visit,
		phone2, email, birthday, notes, tags FROM clients WHERE user_id = $1 AND phone = $2`, userID, phone).
		Scan(&latest, &r.Name, &r.Appointments, &r.Completed, &r.Decided, &r.SpentCents, &r.LastVisit,
			&rec.Phone2, &rec.Email, &rec.Birthday, &rec.Notes, &tags)
	r.named(latest)
	r.Birthday, rec.Tags = rec.Birthday, splitTags(tags)
	r.Tags = rec.Tags
	return r, rec, wrap("read client", err)
}

// SaveClientRecord gives phone's client (made when new) the record name
// and r, and reports whether the client is new.
func (t *Tx) SaveClientRecord(ctx context.Context, userID, phone, name string, r domain.ClientRecord) (bool, error) {
	var n int
	var was string
	if err := t.queryRow(ctx, lockClient, userID, phone).Scan(&n, &was); err != nil {
		return false, wrap("lock client", refusedText(err))
	}
	// A record the salon edits is its own: an import's undo leaves it.
	_, err := t.exec(ctx, `UPDATE clients SET name = $3, name_key = $4, phone2 = $5, email = $6, birthday = $7, birth_md = $8,
		notes = $9, tags = $10, import_id = '' WHERE user_id = $1 AND phone = $2`,
		userID, phone, name, strings.ToLower(name), r.Phone2, r.Email, r.Birthday, domain.BirthMonthDay(r.Birthday),
		r.Notes, strings.Join(r.Tags, ","))
	if err != nil {
		return false, wrap("save client record", refusedText(err))
	}
	created := n == 0 && was == ""
	if created {
		err = t.moveTotals(ctx, userID, map[string]share{"": {clients: 1}})
	}
	return created, err
}

// ClearClientRecords erases the records of phones' clients: those with
// appointments go back to being known by them, the others go.
func (t *Tx) ClearClientRecords(ctx context.Context, userID string, phones []string) error {
	gone := 0
	for _, phone := range slices.Sorted(slices.Values(phones)) {
		var n int
		var name string
		if err := t.queryRow(ctx, lockClient, userID, phone).Scan(&n, &name); err != nil {
			return wrap("lock client", refusedText(err))
		}
		if n == 0 {
			if _, err := t.exec(ctx, `DELETE FROM clients WHERE user_id = $1 AND phone = $2`, userID, phone); err != nil {
				return wrap("delete client", err)
			}
			if name != "" {
				gone++
			}
			continue
		}
		if _, err := t.exec(ctx, `UPDATE clients SET name = '', name_key = LOWER(SUBSTR(latest, 18)), phone2 = '', email = '',
			birthday = '', birth_md = '', notes = '', tags = '', import_id = '' WHERE user_id = $1 AND phone = $2`, userID, phone); err != nil {
			return wrap("clear client record", err)
		}
	}
	if gone == 0 {
		return nil
	}
	return t.moveTotals(ctx, userID, map[string]share{"": {clients: -gone}})
}

// DeleteClient deletes phone's client when she has no appointment, with
// her consents and contacts, and reports whether she had appointments
// (then nothing is deleted). The decision is taken under the row's lock.
func (t *Tx) DeleteClient(ctx context.Context, userID, phone string) (hasAppointments bool, err error) {
	var n int
	var name string
	if err := t.queryRow(ctx, lockClient, userID, phone).Scan(&n, &name); err != nil {
		return false, wrap("lock client", refusedText(err))
	}
	if n > 0 {
		return true, nil
	}
	for _, q := range []string{
		`DELETE FROM clients WHERE user_id = $1 AND phone = $2`,
		`DELETE FROM marketing_consents WHERE user_id = $1 AND client_phone = $2`,
		`DELETE FROM whatsapp_contacts WHERE user_id = $1 AND phone = $2`,
		`DELETE FROM client_channels WHERE user_id = $1 AND client_phone = $2`,
		`DELETE FROM push_subscriptions WHERE user_id = $1 AND client_phone = $2`,
	} {
		if _, err := t.exec(ctx, q, userID, phone); err != nil {
			return false, wrap("delete client", err)
		}
	}
	if name == "" { // a row the lock made, or one without a record: no client counted
		return false, nil
	}
	return false, t.moveTotals(ctx, userID, map[string]share{"": {clients: -1}})
}

// NewClient is a client an import adds.
type NewClient struct {
	Phone, Name string
	Record      domain.ClientRecord
}

// AddClients adds clients, new ones only (a phone already a client is
// left as it is), marked with importID, and returns the phones added.
func (t *Tx) AddClients(ctx context.Context, userID, importID string, clients []NewClient) ([]string, error) {
	var added []string
	// In the locking order: two imports, or an import and a rename, of
	// the same phones never hold one each of what the other wants.
	clients = slices.SortedFunc(slices.Values(clients), func(a, b NewClient) int { return strings.Compare(a.Phone, b.Phone) })
	for _, c := range clients {
		res, err := t.exec(ctx, `INSERT INTO clients (user_id, phone, latest, name_key, appointments, completed, decided, spent, last_visit,
			name, phone2, email, birthday, birth_md, notes, tags, import_id)
			VALUES ($1, $2, '', $3, 0, 0, 0, 0, '', $4, $5, $6, $7, $8, $9, $10, $11)
			ON CONFLICT (user_id, phone) DO NOTHING`,
			userID, c.Phone, strings.ToLower(c.Name), c.Name, c.Record.Phone2, c.Record.Email, c.Record.Birthday,
			domain.BirthMonthDay(c.Record.Birthday), c.Record.Notes, strings.Join(c.Record.Tags, ","), importID)
		if err != nil {
			return nil, wrap("add client", refusedText(err))
		}
		if n, err := rowsAffected("add client", res); err != nil {
			return nil, err
		} else if n == 1 {
			added = append(added, c.Phone)
		}
	}
	if len(added) > 0 {
		return added, t.moveTotals(ctx, userID, map[string]share{"": {clients: len(added)}})
	}
	return added, nil
}

// Birthdays lists userID's clients with a record whose birthday falls from
// month-day from to to ("MM-DD"; to before from crosses the new year).
func (t *Tx) Birthdays(ctx context.Context, userID, from, to string) ([]ClientRow, error) {
	cond := `birth_md >= $2 AND birth_md <= $3`
	if to < from {
		cond = `(birth_md >= $2 OR (birth_md <> '' AND birth_md <= $3))`
	}
	rows, err := t.query(ctx, `SELECT `+clientColumns+` FROM clients WHERE user_id = $1 AND `+cond+`
		ORDER BY birth_md, name_key, phone LIMIT 2000`, userID, from, to)
	if err != nil {
		return nil, wrap("list birthdays", err)
	}
	return scanClientRows(rows)
}

// ClientAppointments lists a client's appointments, newest first.
func (t *Tx) ClientAppointments(ctx context.Context, userID, phone string, n int) ([]domain.Appointment, error) {
	return t.appointmentList(ctx, "list client appointments", `SELECT `+t.appointmentCols()+` FROM appointments
		WHERE user_id = $1 AND client_phone = $2 ORDER BY date DESC, time DESC`+limit(n), userID, phone)
}

// RenameClient rewrites name and phone on every appointment carrying
// oldPhone and returns how many changed.
func (t *Tx) RenameClient(ctx context.Context, userID, oldPhone, name, phone string) (int64, error) {
	// The report days list the clients served by phone.
	k, n, err := t.rewrite(ctx, userID, `UPDATE appointments SET client_name = $3, client_phone = $4`, `client_phone = $2`,
		oldPhone, name, phone)
	if err != nil {
		return 0, err
	}
	// The rewards the client used, and a recent WhatsApp contact, follow
	// the new phone: a card must not start over for a changed number.
	if _, err := t.exec(ctx, `UPDATE redemptions SET client_phone = $3 WHERE user_id = $1 AND client_phone = $2`, userID, oldPhone, phone); err != nil {
		return 0, wrap("rename client's redemptions", err)
	}
	// So does their consent to marketing, with its proof.
	if _, err := t.exec(ctx, `UPDATE marketing_consents SET client_phone = $3 WHERE user_id = $1 AND client_phone = $2`, userID, oldPhone, phone); err != nil {
		return 0, wrap("rename client's consents", err)
	}
	if _, err := t.exec(ctx, `UPDATE client_channels SET client_phone = $3 WHERE user_id = $1 AND client_phone = $2`, userID, oldPhone, phone); err != nil {
		return 0, wrap("rename client's channels", err)
	}
	if _, err := t.exec(ctx, `UPDATE push_subscriptions SET client_phone = $3 WHERE user_id = $1 AND client_phone = $2`, userID, oldPhone, phone); err != nil {
		return 0, wrap("rename client's phones", err)
	}
	if _, err := t.exec(ctx, `UPDATE whatsapp_contacts SET phone = $3 WHERE user_id = $1 AND phone = $2
		AND NOT EXISTS (SELECT 1 FROM whatsapp_contacts w WHERE w.user_id = $1 AND w.phone = $3)`, userID, oldPhone, phone); err != nil {
		return 0, wrap("rename client's contact", err)
	}
	k.add(oldPhone, "", "")
	k.add(phone, "", "")
	return n, t.refresh(ctx, userID, k)
}

// DayCount is how many appointments fall on a date.
type DayCount struct {
	Date  string `json:"date"`
	Count int    `json:"count"`
}

// DashboardFigures are the counts behind the dashboard's cards.
type DashboardFigures struct {
	Week         int
	MonthRevenue int64
	Clients      int
	Completed    int
	Decided      int // completed + no-show + cancelled, for the completion rate
	Total        int
	NextDays     []DayCount
}

// Dashboard computes the figures for the week weekFrom..weekTo, the month
// monthFrom..monthTo and the days nextFrom..nextTo from the summaries: at
// most a month of report days and the owner's totals.
func (t *Tx) Dashboard(ctx context.Context, userID, weekFrom, weekTo, monthFrom, monthTo, nextFrom, nextTo string) (DashboardFigures, error) {
	var f DashboardFigures
	err := t.queryRow(ctx, `SELECT
		(SELECT COALESCE(SUM(`+dayBooked+`), 0) FROM report_days WHERE user_id = $1 AND date >= $2 AND date <= $3),
		(SELECT COALESCE(SUM(revenue), 0) FROM report_days WHERE user_id = $1 AND date >= $4 AND date <= $5)`,
		userID, weekFrom, weekTo, monthFrom, monthTo).Scan(&f.Week, &f.MonthRevenue)
	if err != nil {
		return f, wrap("sum dashboard figures", err)
	}
	o, err := t.Totals(ctx, userID)
	if err != nil {
		return f, err
	}
	f.Clients, f.Completed, f.Decided, f.Total = o.Clients, o.Completed, o.Decided, o.Appointments
	rows, err := t.query(ctx, `SELECT date, SUM(`+dayBooked+`) FROM report_days WHERE user_id = $1 AND date >= $2 AND date <= $3
		GROUP BY date HAVING SUM(`+dayBooked+`) > 0 ORDER BY date`, userID, nextFrom, nextTo)
	if err != nil {
		return f, wrap("count next days", err)
	}
	defer rows.Close()
	for rows.Next() {
		var d DayCount
		if err := rows.Scan(&d.Date, &d.Count); err != nil {
			return f, wrap("count next days", err)
		}
		f.NextDays = append(f.NextDays, d)
	}
	return f, wrap("count next days", rows.Err())
}
