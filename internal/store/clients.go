package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"agendo/internal/domain"
)

// ClientRow is a client as aggregated from their appointments (grouped by
// the normalised phone).
type ClientRow struct {
	Phone        string
	Name         string // from the most recent appointment
	Appointments int
	Completed    int
	Decided      int   // completed, cancelled or no-show: what has happened or will not
	SpentCents   int64 // completed appointments' prices; a missing price counts 0
	LastVisit    string
}

// Clients returns a page of userID's clients from client_summaries (kept by
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
		where += fmt.Sprintf(` AND EXISTS (SELECT 1 FROM appointments a WHERE a.user_id = client_summaries.user_id
			AND a.client_phone = client_summaries.phone AND a.professional_id = $%d)`, len(args))
	}
	var total int
	var err error
	if len(args) == 1 {
		var o OwnerTotals
		o, err = t.Totals(ctx, userID)
		total = o.Clients
	} else {
		err = t.queryRow(ctx, `SELECT COUNT(*) FROM client_summaries`+where, args...).Scan(&total)
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
	rows, err := t.query(ctx, `SELECT phone, latest, appointments, completed, decided, spent, last_visit FROM client_summaries`+
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

// EachClient calls fn with each of userID's clients in the list's default
// order (by name), reading them from the database as fn goes (exports).
func (t *Tx) EachClient(ctx context.Context, userID string, fn func(ClientRow) error) error {
	rows, err := t.query(ctx, `SELECT phone, latest, appointments, completed, decided, spent, last_visit FROM client_summaries
		WHERE user_id = $1 ORDER BY name_key, phone`, userID)
	if err != nil {
		return wrap("export clients", err)
	}
	return eachClientRow(rows, fn)
}

// scanClientRows reads rows of (phone, latest, appointments, completed,
// decided, spent, last_visit) of client_summaries, and closes them.
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
		var latest string
		if err := rows.Scan(&c.Phone, &latest, &c.Appointments, &c.Completed, &c.Decided, &c.SpentCents, &c.LastVisit); err != nil {
			return wrap("list clients", err)
		}
		if _, name, ok := strings.Cut(latest, "|"); ok {
			c.Name = name
		}
		if err := fn(c); err != nil {
			return err
		}
	}
	return wrap("list clients", rows.Err())
}

// ClientSummary returns one client's row of the summaries; a phone with
// no appointment is not found.
func (t *Tx) ClientSummary(ctx context.Context, userID, phone string) (ClientRow, error) {
	r := ClientRow{Phone: phone}
	var latest string
	err := t.queryRow(ctx, `SELECT latest, appointments, completed, decided, spent, last_visit FROM client_summaries
		WHERE user_id = $1 AND phone = $2`, userID, phone).Scan(&latest, &r.Appointments, &r.Completed, &r.Decided, &r.SpentCents, &r.LastVisit)
	if _, name, ok := strings.Cut(latest, "|"); ok {
		r.Name = name
	}
	return r, wrap("read client summary", err)
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
