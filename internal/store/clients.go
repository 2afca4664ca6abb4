package store

import (
	"context"
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
	SpentCents   int64 // completed appointments' prices; a missing price counts 0
	LastVisit    string
}

const clientAggregate = `SELECT client_phone AS phone,
		MAX(date || ' ' || time || '|' || client_name) AS latest,
		COUNT(*) AS appointments,
		SUM(CASE WHEN status = 'completed' THEN 1 ELSE 0 END) AS completed,
		SUM(CASE WHEN status = 'completed' THEN COALESCE(price, 0) ELSE 0 END) AS spent,
		COALESCE(MAX(CASE WHEN status = 'completed' THEN date END), '') AS last_visit
	FROM appointments WHERE user_id = $1 GROUP BY client_phone`

// Clients aggregates userID's clients in SQL and returns a page with the
// total.
func (t *Tx) Clients(ctx context.Context, userID string, f domain.ClientFilter) ([]ClientRow, int, error) {
	where := ""
	args := []any{userID}
	if q := strings.TrimSpace(f.Query); q != "" {
		args = append(args, "%"+strings.NewReplacer("%", "", "_", "").Replace(strings.ToLower(q))+"%")
		where = " WHERE LOWER(c.latest) LIKE $2 OR c.phone LIKE $2"
	}
	var total int
	count := `SELECT COUNT(DISTINCT client_phone) FROM appointments WHERE user_id = $1` // index-only
	if where != "" {
		count = `SELECT COUNT(*) FROM (` + clientAggregate + `) c` + where
	}
	if err := t.queryRow(ctx, count, args...).Scan(&total); err != nil {
		return nil, 0, wrap("count clients", err)
	}
	order := map[string]string{
		"appointments": "c.appointments DESC, c.phone",
		"spent":        "c.spent DESC, c.phone",
		"lastVisit":    "c.last_visit DESC, c.phone",
	}[f.Sort]
	if order == "" {
		order = "LOWER(SUBSTR(c.latest, 18)), c.phone" // by name: after "YYYY-MM-DD HH:MM|"
	}
	args = append(args, f.Limit, f.Offset)
	rows, err := t.query(ctx, `SELECT c.phone, c.latest, c.appointments, c.completed, c.spent, c.last_visit FROM (`+
		clientAggregate+`) c`+where+fmt.Sprintf(" ORDER BY %s LIMIT $%d OFFSET $%d", order, len(args)-1, len(args)), args...)
	if err != nil {
		return nil, 0, wrap("list clients", err)
	}
	defer rows.Close()
	out := []ClientRow{}
	for rows.Next() {
		var c ClientRow
		var latest string
		if err := rows.Scan(&c.Phone, &latest, &c.Appointments, &c.Completed, &c.SpentCents, &c.LastVisit); err != nil {
			return nil, 0, wrap("list clients", err)
		}
		if _, name, ok := strings.Cut(latest, "|"); ok {
			c.Name = name
		}
		out = append(out, c)
	}
	return out, total, wrap("list clients", rows.Err())
}

// ClientAppointments lists a client's appointments, newest first.
func (t *Tx) ClientAppointments(ctx context.Context, userID, phone string, limit int) ([]domain.Appointment, error) {
	rows, err := t.query(ctx, `SELECT `+appointmentColumns+` FROM appointments WHERE user_id = $1 AND client_phone = $2
		ORDER BY date DESC, time DESC LIMIT $3`, userID, phone, limit)
	if err != nil {
		return nil, wrap("list client appointments", err)
	}
	defer rows.Close()
	var out []domain.Appointment
	for rows.Next() {
		a, err := scanAppointment(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, wrap("list client appointments", rows.Err())
}

// RenameClient rewrites name and phone on every appointment carrying
// oldPhone and returns how many changed.
func (t *Tx) RenameClient(ctx context.Context, userID, oldPhone, name, phone string) (int64, error) {
	res, err := t.exec(ctx, `UPDATE appointments SET client_name = $3, client_phone = $4 WHERE user_id = $1 AND client_phone = $2`,
		userID, oldPhone, name, phone)
	if err != nil {
		return 0, wrap("rename client", err)
	}
	return rowsAffected("rename client", res)
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
// monthFrom..monthTo and the days nextFrom..nextTo, in one round of queries.
func (t *Tx) Dashboard(ctx context.Context, userID, weekFrom, weekTo, monthFrom, monthTo, nextFrom, nextTo string) (DashboardFigures, error) {
	var f DashboardFigures
	err := t.queryRow(ctx, `SELECT
		(SELECT COUNT(*) FROM appointments WHERE user_id = $1 AND date >= $2 AND date <= $3 AND status NOT IN (`+freeing+`)),
		(SELECT COALESCE(SUM(COALESCE(price, 0)), 0) FROM appointments WHERE user_id = $1 AND date >= $4 AND date <= $5 AND status = 'completed'),
		(SELECT COUNT(DISTINCT client_phone) FROM appointments WHERE user_id = $1),
		(SELECT COUNT(*) FROM appointments WHERE user_id = $1 AND status = 'completed'),
		(SELECT COUNT(*) FROM appointments WHERE user_id = $1 AND status IN ('completed', 'no_show', 'cancelled')),
		(SELECT COUNT(*) FROM appointments WHERE user_id = $1)`,
		userID, weekFrom, weekTo, monthFrom, monthTo).Scan(&f.Week, &f.MonthRevenue, &f.Clients, &f.Completed, &f.Decided, &f.Total)
	if err != nil {
		return f, wrap("count dashboard figures", err)
	}
	rows, err := t.query(ctx, `SELECT date, COUNT(*) FROM appointments WHERE user_id = $1 AND date >= $2 AND date <= $3
		AND status NOT IN (`+freeing+`) GROUP BY date ORDER BY date`, userID, nextFrom, nextTo)
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
