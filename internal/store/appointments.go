package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"agendo/internal/domain"
	"agendo/internal/schedule"
)

const appointmentColumns = `id, client_name, client_phone, service_id, professional_id, date, time, duration_min,
	status, payment_method, price, notes, source, reminder_sent_at, created_at, updated_at, created_by, updated_by,
	buffer_before, buffer_after, processing_start, processing_min, series_id, visit_id`

// textAppointmentColumns are appointmentColumns with the timestamps read as
// text on SQLite (instant.go): what the hot reads select.
const textAppointmentColumns = `id, client_name, client_phone, service_id, professional_id, date, time, duration_min,
	status, payment_method, price, notes, source, CAST(reminder_sent_at AS TEXT), CAST(created_at AS TEXT), CAST(updated_at AS TEXT),
	created_by, updated_by, buffer_before, buffer_after, processing_start, processing_min, series_id, visit_id`

// appointmentCols is the column list for scanAppointment on t's engine.
func (t *Tx) appointmentCols() string {
	if t.engine == Postgres {
		return appointmentColumns
	}
	return textAppointmentColumns
}

// scanAppointment reads appointmentColumns or appointmentCols.
func scanAppointment(row interface{ Scan(...any) error }) (domain.Appointment, error) {
	var a domain.Appointment
	err := row.Scan(&a.ID, &a.ClientName, &a.ClientPhone, &a.ServiceID, &a.ProfessionalID, &a.Date, &a.Time,
		&a.DurationMin, &a.Status, &a.PaymentMethod, &a.Price, &a.Notes, &a.Source,
		nullInstant{&a.ReminderSentAt}, instant{&a.CreatedAt}, instant{&a.UpdatedAt}, &a.CreatedBy, &a.UpdatedBy,
		&a.BufferBefore, &a.BufferAfter, &a.ProcessingStart, &a.ProcessingMin, &a.SeriesID, &a.VisitID)
	return a, wrap("read appointment", err)
}

func appointmentWhere(f domain.AppointmentFilter, userID string) (string, []any) {
	q := ` FROM appointments WHERE user_id = $1`
	args := []any{userID}
	add := func(cond string, v any) {
		args = append(args, v)
		q += fmt.Sprintf(" AND "+cond, len(args))
	}
	if f.From != "" {
		add("date >= $%d", f.From)
	}
	if f.To != "" {
		add("date <= $%d", f.To)
	}
	if f.ProfessionalID != "" {
		add("professional_id = $%d", f.ProfessionalID)
	}
	if f.Status != "" {
		add("status = $%d", f.Status)
	}
	if s := strings.TrimSpace(f.Query); s != "" {
		like := "%" + strings.NewReplacer("%", "", "_", "").Replace(strings.ToLower(s)) + "%"
		args = append(args, like)
		n := len(args)
		q += fmt.Sprintf(" AND (LOWER(client_name) LIKE $%d OR client_phone LIKE $%d)", n, n)
	}
	return q, args
}

// Appointments lists a page of userID's appointments by date and time, with
// the total that match.
func (t *Tx) Appointments(ctx context.Context, userID string, f domain.AppointmentFilter) ([]domain.Appointment, int, error) {
	where, args := appointmentWhere(f, userID)
	var total int
	count := `SELECT COUNT(*)` + where
	if f.From != "" && f.To != "" && f.ProfessionalID == "" && f.Status == "" && f.Query == "" {
		// Only a date range: the report days hold the count (a row a
		// professional's day instead of every appointment of the range).
		count = `SELECT COALESCE(SUM(` + dayTotal + `), 0) FROM report_days WHERE user_id = $1 AND date >= $2 AND date <= $3`
	}
	if err := t.queryRow(ctx, count, args...).Scan(&total); err != nil {
		return nil, 0, wrap("count appointments", err)
	}
	args = append(args, f.Offset)
	rows, err := t.query(ctx, `SELECT `+t.appointmentCols()+where+
		` ORDER BY date, time, id`+limit(f.Limit)+fmt.Sprintf(` OFFSET $%d`, len(args)), args...)
	if err != nil {
		return nil, 0, wrap("list appointments", err)
	}
	defer rows.Close()
	out := []domain.Appointment{}
	for rows.Next() {
		a, err := scanAppointment(rows)
		if err != nil {
			return nil, 0, err
		}
		out = append(out, a)
	}
	return out, total, wrap("list appointments", rows.Err())
}

// Appointment returns one of userID's appointments, locked on PostgreSQL
// until the transaction ends (a read before a rewrite).
func (t *Tx) Appointment(ctx context.Context, userID, id string) (domain.Appointment, error) {
	var exclusive bool
	ap, err := scanAppointment(prefixedRow{t.queryRow(ctx, `SELECT exclusive, `+t.appointmentCols()+
		` FROM appointments WHERE user_id = $1 AND id = $2`+t.forUpdate(), userID, id), []any{&exclusive}})
	ap.Exclusive = exclusive
	return ap, err
}

// ErrOverlap is a save refused because the professional holds an
// overlapping appointment saved meanwhile (PostgreSQL's exclusion
// constraint, see migration 0023): the caller says so in its own words.
var ErrOverlap = errors.New("store: overlapping appointment")

// AppointmentInSession is Appointment read together with
// OpenSessionOwner(sessionID), in one statement: sessionOwner is "" when
// that session is not open. Errors: not_found (no such appointment; the
// session is then not read).
func (t *Tx) AppointmentInSession(ctx context.Context, userID, id, sessionID string) (ap domain.Appointment, sessionOwner string, err error) {
	var owner *string
	ap, err = scanAppointment(prefixedRow{t.queryRow(ctx, `SELECT (`+fmt.Sprintf(openSessionOwner, 3)+`), `+t.appointmentCols()+
		` FROM appointments WHERE user_id = $1 AND id = $2`, userID, id, sessionID), []any{&owner}})
	if owner != nil {
		sessionOwner = *owner
	}
	return ap, sessionOwner, err
}

// prefixedRow scans its first columns into before, the rest as asked.
type prefixedRow struct {
	row    interface{ Scan(...any) error }
	before []any
}

func (r prefixedRow) Scan(dest ...any) error { return r.row.Scan(append(r.before, dest...)...) }

// SaveAppointment inserts a, or rewrites it when it exists for userID, and
// moves the summaries it touches by the difference. Errors: ErrOverlap.
func (t *Tx) SaveAppointment(ctx context.Context, userID string, a domain.Appointment, insert bool) error {
	var before *domain.Appointment
	if !insert {
		was, err := t.Appointment(ctx, userID, a.ID)
		if err != nil {
			return err
		}
		before = &was
	}
	days, err := t.lockDays(ctx, userID, before, &a)
	if err != nil {
		return err
	}
	if insert {
		_, err := t.exec(ctx, `INSERT INTO appointments (id, user_id, client_name, client_phone, service_id, professional_id,
			date, time, duration_min, status, payment_method, price, notes, source, reminder_sent_at, created_at, updated_at, exclusive,
			created_by, updated_by, buffer_before, buffer_after, processing_start, processing_min, series_id, visit_id)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26)`,
			a.ID, userID, a.ClientName, a.ClientPhone, a.ServiceID, a.ProfessionalID, a.Date, a.Time, a.DurationMin,
			a.Status, a.PaymentMethod, a.Price, a.Notes, a.Source, a.ReminderSentAt, a.CreatedAt, a.UpdatedAt, a.Exclusive,
			a.CreatedBy, a.UpdatedBy, a.BufferBefore, a.BufferAfter, a.ProcessingStart, a.ProcessingMin, a.SeriesID, a.VisitID)
		switch constraintOf(err) {
		case foreignKeyViolation:
			return domain.Invalid("O serviço ou o profissional deste agendamento não existe mais", nil)
		case exclusionViolation:
			return ErrOverlap
		}
		if err != nil {
			return wrap("insert appointment", err)
		}
	} else {
		err := t.execOne(ctx, "update appointment", `UPDATE appointments SET client_name = $3, client_phone = $4, service_id = $5,
			professional_id = $6, date = $7, time = $8, duration_min = $9, status = $10, payment_method = $11, price = $12,
			notes = $13, reminder_sent_at = $14, updated_at = $15, exclusive = $16, updated_by = $17, buffer_before = $18,
			buffer_after = $19, processing_start = $20, processing_min = $21 WHERE user_id = $1 AND id = $2`,
			userID, a.ID, a.ClientName, a.ClientPhone, a.ServiceID, a.ProfessionalID, a.Date, a.Time, a.DurationMin,
			a.Status, a.PaymentMethod, a.Price, a.Notes, a.ReminderSentAt, a.UpdatedAt, a.Exclusive, a.UpdatedBy,
			a.BufferBefore, a.BufferAfter, a.ProcessingStart, a.ProcessingMin)
		if constraintOf(err) == exclusionViolation {
			return ErrOverlap
		}
		if err != nil {
			return err
		}
	}
	return t.change(ctx, userID, before, &a, days)
}

// ImportAppointments inserts many appointments of userID at once (seeded
// histories, imports) and re-counts the summaries they touch once.
func (t *Tx) ImportAppointments(ctx context.Context, userID string, list []domain.Appointment) error {
	if err := t.bumpAgenda(ctx, userID); err != nil {
		return err
	}
	var k touched
	for _, a := range list {
		_, err := t.exec(ctx, `INSERT INTO appointments (id, user_id, client_name, client_phone, service_id, professional_id,
			date, time, duration_min, status, payment_method, price, notes, source, reminder_sent_at, created_at, updated_at,
			buffer_before, buffer_after, processing_start, processing_min)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)`,
			a.ID, userID, a.ClientName, a.ClientPhone, a.ServiceID, a.ProfessionalID, a.Date, a.Time, a.DurationMin,
			a.Status, a.PaymentMethod, a.Price, a.Notes, a.Source, a.ReminderSentAt, a.CreatedAt, a.UpdatedAt,
			a.BufferBefore, a.BufferAfter, a.ProcessingStart, a.ProcessingMin)
		if err != nil {
			return wrap("import appointment", err)
		}
		k.add(a.ClientPhone, a.Date, a.ProfessionalID)
	}
	return t.refresh(ctx, userID, k)
}

// SeriesFrom lists the appointments of userID's series seriesID dated from
// on, in date order.
func (t *Tx) SeriesFrom(ctx context.Context, userID, seriesID, from string) ([]domain.Appointment, error) {
	return t.appointmentList(ctx, "read series", `SELECT `+t.appointmentCols()+` FROM appointments
		WHERE user_id = $1 AND series_id = $2 AND series_id <> '' AND date >= $3 ORDER BY date, time, id LIMIT 100`, userID, seriesID, from)
}

// Visit lists the services of userID's visit visitID, in order.
func (t *Tx) Visit(ctx context.Context, userID, visitID string) ([]domain.Appointment, error) {
	return t.appointmentList(ctx, "read visit", `SELECT `+t.appointmentCols()+` FROM appointments
		WHERE user_id = $1 AND visit_id = $2 AND visit_id <> '' ORDER BY date, time, id`, userID, visitID)
}

// appointmentList runs a query of appointmentCols and reads its rows.
func (t *Tx) appointmentList(ctx context.Context, what, query string, args ...any) ([]domain.Appointment, error) {
	rows, err := t.query(ctx, query, args...)
	if err != nil {
		return nil, wrap(what, err)
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
	return out, wrap(what, rows.Err())
}

// LockProfessional serialises, until the transaction ends, the writers
// that lock a professional (an "any professional" booking choosing among
// several, so two never pick the same free one). FOR NO KEY UPDATE: the
// foreign-key check of another booking's insert (a key share) passes it,
// so a booking of that professional never waits here, which would deadlock
// with the day it holds (lockDays). SQLite's write transactions are
// already serial.
func (t *Tx) LockProfessional(ctx context.Context, userID, id string) error {
	if t.engine != Postgres {
		return nil
	}
	var got string
	err := t.queryRow(ctx, `SELECT id FROM professionals WHERE user_id = $1 AND id = $2 FOR NO KEY UPDATE`, userID, id).Scan(&got)
	return wrap("lock professional", err)
}

// Busy returns what occupies a professional on the days from..to, but
// for except (an appointment, or a visit: its services): the
// appointments that hold their slot (as their timing keeps the
// professional busy: buffers in, pause out) and the blocked times, in one
// indexed query. An appointment of the day before cannot spill over: bookings end
// by midnight.
func (t *Tx) Busy(ctx context.Context, professionalID, from, to, except string) ([]schedule.Busy, error) {
	rows, err := t.query(ctx, `
		SELECT date, time, duration_min, '', buffer_before, buffer_after, processing_start, processing_min FROM appointments
		WHERE professional_id = $1 AND date >= $2 AND date <= $3 AND status NOT IN (`+freeing+`) AND id <> $4 AND (visit_id = '' OR visit_id <> $4)
		UNION ALL
		SELECT date, start_time, 0, end_time, 0, 0, 0, 0 FROM blocked_times
		WHERE professional_id = $1 AND date >= $2 AND date <= $3`, professionalID, from, to, except)
	if err != nil {
		return nil, wrap("read busy times", err)
	}
	defer rows.Close()
	var out []schedule.Busy
	for rows.Next() {
		var date, start, end string
		var dur int
		var tm domain.Timing
		if err := rows.Scan(&date, &start, &dur, &end, &tm.BufferBefore, &tm.BufferAfter, &tm.ProcessingStart, &tm.ProcessingMin); err != nil {
			return nil, wrap("read busy times", err)
		}
		s, _ := domain.ParseClock(start)
		if end != "" {
			e, _ := domain.ParseClock(end)
			out = append(out, schedule.Busy{Date: date, Start: s, End: e})
			continue
		}
		for _, sp := range tm.ProfessionalSpans(s, dur) {
			out = append(out, schedule.Busy{Date: date, Start: sp.Start, End: sp.End})
		}
	}
	return out, wrap("read busy times", rows.Err())
}

// MoveToTrash copies an appointment into deleted_appointments under trashID
// and deletes it, in the caller's transaction.
func (t *Tx) MoveToTrash(ctx context.Context, userID, id, trashID string, now time.Time) error {
	before, err := t.Appointment(ctx, userID, id)
	if err != nil {
		return err
	}
	days, err := t.lockDays(ctx, userID, &before, nil)
	if err != nil {
		return err
	}
	res, err := t.exec(ctx, `INSERT INTO deleted_appointments (id, original_id, user_id, client_name, client_phone,
		service_id, professional_id, date, time, duration_min, status, payment_method, price, notes, source,
		reminder_sent_at, deleted_at, created_at, buffer_before, buffer_after, processing_start, processing_min, series_id, visit_id)
		SELECT $3, id, user_id, client_name, client_phone, service_id, professional_id, date, time, duration_min, status,
		payment_method, price, notes, source, reminder_sent_at, $4, created_at, buffer_before, buffer_after,
		processing_start, processing_min, series_id, visit_id
		FROM appointments WHERE user_id = $1 AND id = $2`, userID, id, trashID, now)
	if err != nil {
		return wrap("copy appointment to trash", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return domain.ErrNotFound
	}
	if err := t.execOne(ctx, "delete appointment", `DELETE FROM appointments WHERE user_id = $1 AND id = $2`, userID, id); err != nil {
		return err
	}
	return t.change(ctx, userID, &before, nil, days)
}

const trashColumns = `id, client_name, client_phone, service_id, professional_id, date, time, duration_min,
	status, payment_method, price, notes, source, reminder_sent_at, created_at, created_at, original_id, deleted_at,
	buffer_before, buffer_after, processing_start, processing_min, series_id, visit_id`

func scanTrash(row interface{ Scan(...any) error }) (domain.DeletedAppointment, error) {
	var d domain.DeletedAppointment
	a := &d.Appointment
	err := row.Scan(&a.ID, &a.ClientName, &a.ClientPhone, &a.ServiceID, &a.ProfessionalID, &a.Date, &a.Time,
		&a.DurationMin, &a.Status, &a.PaymentMethod, &a.Price, &a.Notes, &a.Source, &a.ReminderSentAt, &a.CreatedAt,
		&a.UpdatedAt, &d.OriginalID, &d.DeletedAt, &a.BufferBefore, &a.BufferAfter, &a.ProcessingStart, &a.ProcessingMin, &a.SeriesID, &a.VisitID)
	return d, wrap("read deleted appointment", err)
}

// Trash lists userID's deleted appointments, newest deletion first.
func (t *Tx) Trash(ctx context.Context, userID, professionalID string, since time.Time, pageSize, offset int) ([]domain.DeletedAppointment, int, error) {
	var total int
	where, args := ofProfessional(`WHERE user_id = $1 AND deleted_at >= $2`, "professional_id", []any{userID, since}, professionalID)
	if err := t.queryRow(ctx, `SELECT COUNT(*) FROM deleted_appointments `+where, args...).Scan(&total); err != nil {
		return nil, 0, wrap("count trash", err)
	}
	rows, err := t.query(ctx, fmt.Sprintf(`SELECT `+trashColumns+` FROM deleted_appointments `+where+
		` ORDER BY deleted_at DESC, id DESC`+limit(pageSize)+` OFFSET $%d`, len(args)+1), append(args, offset)...)
	if err != nil {
		return nil, 0, wrap("list trash", err)
	}
	defer rows.Close()
	out := []domain.DeletedAppointment{}
	for rows.Next() {
		d, err := scanTrash(rows)
		if err != nil {
			return nil, 0, err
		}
		out = append(out, d)
	}
	return out, total, wrap("list trash", rows.Err())
}

// EachTrash calls fn with each of userID's deleted appointments, newest
// deletion first, reading them from the database as fn goes (exports).
func (t *Tx) EachTrash(ctx context.Context, userID string, fn func(domain.DeletedAppointment) error) error {
	rows, err := t.query(ctx, `SELECT `+trashColumns+` FROM deleted_appointments WHERE user_id = $1
		ORDER BY deleted_at DESC, id DESC`, userID)
	if err != nil {
		return wrap("export trash", err)
	}
	defer rows.Close()
	for rows.Next() {
		d, err := scanTrash(rows)
		if err != nil {
			return err
		}
		if err := fn(d); err != nil {
			return err
		}
	}
	return wrap("export trash", rows.Err())
}

// TrashItem returns one deleted appointment by its trash id.
func (t *Tx) TrashItem(ctx context.Context, userID, id string) (domain.DeletedAppointment, error) {
	return scanTrash(t.queryRow(ctx, `SELECT `+trashColumns+` FROM deleted_appointments WHERE user_id = $1 AND id = $2`, userID, id))
}

// TrashVisit lists the deleted services of userID's visit visitID, in
// order.
func (t *Tx) TrashVisit(ctx context.Context, userID, visitID string) ([]domain.DeletedAppointment, error) {
	rows, err := t.query(ctx, `SELECT `+trashColumns+` FROM deleted_appointments
		WHERE user_id = $1 AND visit_id = $2 AND visit_id <> '' ORDER BY date, time, id`, userID, visitID)
	if err != nil {
		return nil, wrap("read deleted visit", err)
	}
	defer rows.Close()
	var out []domain.DeletedAppointment
	for rows.Next() {
		d, err := scanTrash(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, wrap("read deleted visit", rows.Err())
}

// DeleteTrashItem removes a deleted appointment for good.
func (t *Tx) DeleteTrashItem(ctx context.Context, userID, id string) error {
	return t.execOne(ctx, "delete trash item", `DELETE FROM deleted_appointments WHERE user_id = $1 AND id = $2`, userID, id)
}

// PurgeTrash deletes every deleted appointment older than before.
func (t *Tx) PurgeTrash(ctx context.Context, before time.Time) (int64, error) {
	res, err := t.exec(ctx, `DELETE FROM deleted_appointments WHERE deleted_at < $1`, before)
	if err != nil {
		return 0, wrap("purge trash", err)
	}
	return rowsAffected("purge trash", res)
}

// freeing lists, for SQL, the statuses that free an appointment's time
// (domain.FreeingStatuses): constants, so they are written in the query.
var freeing = func() string {
	quoted := make([]string, len(domain.FreeingStatuses))
	for i, st := range domain.FreeingStatuses {
		quoted[i] = "'" + st + "'"
	}
	return strings.Join(quoted, ", ")
}()

// The rules of what an appointment counts for, said in SQL over the rows
// of appointments: servedSQL is domain.Served, revenueSQL is
// domain.Appointment.Revenue, decidedSQL is domain.Decided. They are held
// to the Go rules by TestTheRevenueRuleIsOneInGoAndSQL.
const (
	servedSQL  = "status = '" + domain.StatusCompleted + "'"
	revenueSQL = "CASE WHEN " + servedSQL + " THEN COALESCE(price, 0) ELSE 0 END"
)

var decidedSQL = "status IN ('" + domain.StatusCompleted + "', " + freeing + ")"

// countOf counts the rows where cond holds (0 when there are none).
func countOf(cond string) string { return "COALESCE(SUM(CASE WHEN " + cond + " THEN 1 ELSE 0 END), 0)" }

// sumOf sums expr over the rows (0 when there are none).
func sumOf(expr string) string { return "COALESCE(SUM(" + expr + "), 0)" }

// OpenFrom lists up to n of userID's appointments still to happen
// (scheduled or confirmed) from the day from, earliest first.
func (t *Tx) OpenFrom(ctx context.Context, userID, from string, n int) ([]domain.Appointment, error) {
	return t.appointmentList(ctx, "list open appointments", `SELECT `+t.appointmentCols()+` FROM appointments
		WHERE user_id = $1 AND status IN ('scheduled', 'confirmed') AND date >= $2 ORDER BY date, time, id`+limit(n), userID, from)
}
