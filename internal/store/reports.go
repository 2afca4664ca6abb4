package store

import (
	"context"
	"errors"
	"maps"
	"slices"
	"strconv"
	"strings"

	"agendo/internal/domain"
	"agendo/internal/schedule"
)

// Reports read report_days (one row a professional's day, kept by every
// write of appointments, see summaries.go) and the first visits kept on
// clients, so a year's report reads about 2,500 rows whatever the
// salon's history.

// dayTotal and dayBooked are a report day's appointments of every status
// and those holding their time, in SQL.
const (
	dayTotal  = `scheduled + confirmed + completed + cancelled + no_show`
	dayBooked = `scheduled + confirmed + completed`
)

// Tally is how many completed appointments, and their prices.
type Tally struct {
	Count   int
	Revenue int64
}

// ReportDay is one professional's day of appointments.
type ReportDay struct {
	Date, ProfessionalID                               string
	Scheduled, Confirmed, Completed, Cancelled, NoShow int
	Revenue                                            int64            // completed appointments' prices
	BookedMin                                          int              // minutes of the appointments holding their time
	Public                                             int              // booked on the public page, any status
	Services                                           map[string]Tally // completed, by service id
	Payments                                           map[string]Tally // completed, by payment method ("" = not told)
	Hours                                              [24]int          // appointments holding their time, by start hour
	Served                                             []string         // clients with a completed appointment, sorted
}

// Total is the day's appointments of every status.
func (d ReportDay) Total() int {
	return d.Scheduled + d.Confirmed + d.Completed + d.Cancelled + d.NoShow
}

// Add counts one appointment into d.
func (d *ReportDay) Add(a domain.Appointment) {
	d.count(a, 1)
	if domain.Served(a.Status) {
		if i, found := slices.BinarySearch(d.Served, a.ClientPhone); !found {
			d.Served = slices.Insert(d.Served, i, a.ClientPhone)
		}
	}
}

// Remove takes one appointment counted by Add out of d, but for the
// clients served: whether a's client still was is for the caller to say
// (Unserve), as it may have another completed appointment that day.
func (d *ReportDay) Remove(a domain.Appointment) { d.count(a, -1) }

// Unserve takes phone out of the clients served.
func (d *ReportDay) Unserve(phone string) {
	if i, found := slices.BinarySearch(d.Served, phone); found {
		d.Served = slices.Delete(d.Served, i, i+1)
	}
}

// count moves d's figures by one appointment, sign = 1 or -1. A tally
// brought to zero is dropped, as a day counted afresh would not have it.
func (d *ReportDay) count(a domain.Appointment, sign int) {
	switch a.Status {
	case domain.StatusScheduled:
		d.Scheduled += sign
	case domain.StatusConfirmed:
		d.Confirmed += sign
	case domain.StatusCompleted:
		d.Completed += sign
	case domain.StatusCancelled:
		d.Cancelled += sign
	case domain.StatusNoShow:
		d.NoShow += sign
	}
	if a.Source == domain.SourcePublic {
		d.Public += sign
	}
	if domain.HoldsSlot(a.Status) {
		d.BookedMin += sign * a.DurationMin
		if h, err := strconv.Atoi(a.Time[:min(2, len(a.Time))]); err == nil && h >= 0 && h < 24 {
			d.Hours[h] += sign
		}
	}
	if !domain.Served(a.Status) {
		return
	}
	price := a.Revenue()
	d.Revenue += int64(sign) * price
	if d.Services == nil {
		d.Services, d.Payments = map[string]Tally{}, map[string]Tally{}
	}
	method := ""
	if a.PaymentMethod != nil {
		method = *a.PaymentMethod
	}
	tally(d.Services, a.ServiceID, sign, price)
	tally(d.Payments, method, sign, price)
}

// tally moves m[key] by one appointment of price, dropping it at zero.
func tally(m map[string]Tally, key string, sign int, price int64) {
	t := m[key]
	t = Tally{t.Count + sign, t.Revenue + int64(sign)*price}
	if t.Count == 0 {
		delete(m, key)
		return
	}
	m[key] = t
}

// encodeTallies writes "key:count:revenue;" for each key, in order.
func encodeTallies(m map[string]Tally) string {
	var b strings.Builder
	for _, k := range slices.Sorted(maps.Keys(m)) {
		b.WriteString(k)
		b.WriteByte(':')
		b.WriteString(strconv.Itoa(m[k].Count))
		b.WriteByte(':')
		b.WriteString(strconv.FormatInt(m[k].Revenue, 10))
		b.WriteByte(';')
	}
	return b.String()
}

func decodeTallies(s string) map[string]Tally {
	m := map[string]Tally{}
	for item := range strings.SplitSeq(s, ";") {
		k, rest, ok1 := strings.Cut(item, ":")
		c, r, ok2 := strings.Cut(rest, ":")
		if !ok1 || !ok2 {
			continue
		}
		n, _ := strconv.Atoi(c)
		v, _ := strconv.ParseInt(r, 10, 64)
		m[k] = Tally{n, v}
	}
	return m
}

// encodeHours writes "hour:count;" for each hour with appointments.
func encodeHours(h [24]int) string {
	var b strings.Builder
	for i, n := range h {
		if n > 0 {
			b.WriteString(strconv.Itoa(i))
			b.WriteByte(':')
			b.WriteString(strconv.Itoa(n))
			b.WriteByte(';')
		}
	}
	return b.String()
}

func decodeHours(s string) [24]int {
	var h [24]int
	for item := range strings.SplitSeq(s, ";") {
		k, v, ok := strings.Cut(item, ":")
		i, err1 := strconv.Atoi(k)
		n, err2 := strconv.Atoi(v)
		if ok && err1 == nil && err2 == nil && i >= 0 && i < 24 {
			h[i] = n
		}
	}
	return h
}

// reportFigures are a report day's figures, in the order lockReportDay
// scans them.
const reportFigures = `scheduled, confirmed, completed, cancelled, no_show, revenue, booked_min, public,
	services, payments, hours, served`

// lockReportDay locks one professional's day, creating it empty when new,
// and returns it as last committed: a writer holding it may move its
// figures by its own change (summaries.go).
func (t *Tx) lockReportDay(ctx context.Context, userID string, d proDay) (ReportDay, error) {
	r := ReportDay{Date: d.date, ProfessionalID: d.professionalID}
	var services, payments, hours, served string
	err := t.queryRow(ctx, `INSERT INTO report_days (user_id, date, professional_id, scheduled, confirmed, completed,
			cancelled, no_show, revenue, booked_min, public, services, payments, hours, served)
		VALUES ($1, $2, $3, 0, 0, 0, 0, 0, 0, 0, 0, '', '', '', '')
		ON CONFLICT (user_id, date, professional_id) DO UPDATE SET scheduled = report_days.scheduled
		RETURNING `+reportFigures, userID, d.date, d.professionalID).
		Scan(&r.Scheduled, &r.Confirmed, &r.Completed, &r.Cancelled, &r.NoShow, &r.Revenue, &r.BookedMin, &r.Public,
			&services, &payments, &hours, &served)
	if err != nil {
		return r, wrap("lock report day", err)
	}
	r.Services, r.Payments, r.Hours = decodeTallies(services), decodeTallies(payments), decodeHours(hours)
	if served != "" {
		r.Served = strings.Split(served, ",")
	}
	return r, nil
}

// saveReportDay writes a day lockReportDay returned, or deletes it when
// it holds no appointment.
func (t *Tx) saveReportDay(ctx context.Context, userID string, r ReportDay) error {
	if r.Total() == 0 {
		_, err := t.exec(ctx, `DELETE FROM report_days WHERE user_id = $1 AND date = $2 AND professional_id = $3`,
			userID, r.Date, r.ProfessionalID)
		return wrap("save report day", err)
	}
	_, err := t.exec(ctx, `UPDATE report_days SET scheduled = $4, confirmed = $5, completed = $6, cancelled = $7,
			no_show = $8, revenue = $9, booked_min = $10, public = $11, services = $12, payments = $13, hours = $14, served = $15
		WHERE user_id = $1 AND date = $2 AND professional_id = $3`,
		userID, r.Date, r.ProfessionalID, r.Scheduled, r.Confirmed, r.Completed, r.Cancelled, r.NoShow, r.Revenue,
		r.BookedMin, r.Public, encodeTallies(r.Services), encodeTallies(r.Payments), encodeHours(r.Hours), strings.Join(r.Served, ","))
	return wrap("save report day", err)
}

// recountReportDay re-aggregates one professional's day from its
// appointments (an indexed read of that day alone) and returns it as it
// was and as it is now.
func (t *Tx) recountReportDay(ctx context.Context, userID string, d proDay) (was, now ReportDay, err error) {
	if was, err = t.lockReportDay(ctx, userID, d); err != nil {
		return was, now, err
	}
	rows, err := t.query(ctx, `SELECT client_phone, service_id, time, duration_min, status, payment_method, price, source FROM appointments
		WHERE professional_id = $1 AND date = $2 AND user_id = $3`, d.professionalID, d.date, userID)
	if err != nil {
		return was, now, wrap("aggregate report day", err)
	}
	defer rows.Close()
	now = ReportDay{Date: d.date, ProfessionalID: d.professionalID}
	for rows.Next() {
		var a domain.Appointment
		if err := rows.Scan(&a.ClientPhone, &a.ServiceID, &a.Time, &a.DurationMin, &a.Status, &a.PaymentMethod, &a.Price, &a.Source); err != nil {
			return was, now, wrap("aggregate report day", err)
		}
		now.Add(a)
	}
	if err := rows.Err(); err != nil {
		return was, now, wrap("aggregate report day", err)
	}
	return was, now, t.saveReportDay(ctx, userID, now)
}

// stillServed reports whether phone has a completed appointment on a
// professional's day (after a change took one away).
func (t *Tx) stillServed(ctx context.Context, userID string, d proDay, phone string) (bool, error) {
	var n int
	err := t.queryRow(ctx, `SELECT COUNT(*) FROM appointments WHERE professional_id = $1 AND date = $2 AND user_id = $3
		AND client_phone = $4 AND `+servedSQL+``, d.professionalID, d.date, userID, phone).Scan(&n)
	return n > 0, wrap("read clients served", err)
}

// refreshVisits keeps a client's first visit (day and professional) and
// the next day they came back on their summary row.
func (t *Tx) refreshVisits(ctx context.Context, userID, phone string) error {
	var first, firstPro, second string
	err := t.queryRow(ctx, `SELECT date, professional_id FROM appointments
		WHERE user_id = $1 AND client_phone = $2 AND `+servedSQL+` ORDER BY date, time, id`+limit(1),
		userID, phone).Scan(&first, &firstPro)
	if err = wrap("read first visit", err); err != nil && !errors.Is(err, domain.ErrNotFound) {
		return err
	}
	if first != "" {
		err = t.queryRow(ctx, `SELECT COALESCE(MIN(date), '') FROM appointments
			WHERE user_id = $1 AND client_phone = $2 AND `+servedSQL+` AND date > $3`, userID, phone, first).Scan(&second)
		if err != nil {
			return wrap("read second visit", err)
		}
	}
	_, err = t.exec(ctx, `UPDATE clients SET first_visit = $3, first_pro = $4, second_visit = $5
		WHERE user_id = $1 AND phone = $2`, userID, phone, first, firstPro, second)
	return wrap("save first visit", err)
}

// ReportDays returns userID's professionals' days from..to, in date order,
// of one professional when professionalID is not empty; without detail,
// their Services, Payments and Hours are left empty (a previous period's
// figures need none).
func (t *Tx) ReportDays(ctx context.Context, userID, from, to, professionalID string, detail bool) ([]ReportDay, error) {
	columns := `services, payments, hours`
	if !detail {
		columns = `'', '', ''`
	}
	q := `SELECT date, professional_id, scheduled, confirmed, completed, cancelled, no_show, revenue, booked_min, public, served,
		` + columns + ` FROM report_days WHERE user_id = $1 AND date >= $2 AND date <= $3`
	q, args := ofProfessional(q, "professional_id", []any{userID, from, to}, professionalID)
	rows, err := t.query(ctx, q+` ORDER BY date, professional_id`, args...)
	if err != nil {
		return nil, wrap("read report days", err)
	}
	defer rows.Close()
	var out []ReportDay
	for rows.Next() {
		var d ReportDay
		var served, services, payments, hours string
		if err := rows.Scan(&d.Date, &d.ProfessionalID, &d.Scheduled, &d.Confirmed, &d.Completed, &d.Cancelled, &d.NoShow,
			&d.Revenue, &d.BookedMin, &d.Public, &served, &services, &payments, &hours); err != nil {
			return nil, wrap("read report days", err)
		}
		if served != "" {
			d.Served = strings.Split(served, ",")
		}
		if detail {
			d.Services, d.Payments, d.Hours = decodeTallies(services), decodeTallies(payments), decodeHours(hours)
		}
		out = append(out, d)
	}
	return out, wrap("read report days", rows.Err())
}

// FirstVisit is a client's first visit and the next day they came back
// ("" when they have not).
type FirstVisit struct {
	Date, Second string
}

// FirstVisits returns the first visits of userID's clients that fall
// from..to (with professionalID when not empty), in date order.
func (t *Tx) FirstVisits(ctx context.Context, userID, from, to, professionalID string) ([]FirstVisit, error) {
	q := `SELECT first_visit, second_visit FROM clients WHERE user_id = $1 AND first_visit >= $2 AND first_visit <= $3`
	q, args := ofProfessional(q, "first_pro", []any{userID, from, to}, professionalID)
	rows, err := t.query(ctx, q+` ORDER BY first_visit`, args...)
	if err != nil {
		return nil, wrap("read first visits", err)
	}
	defer rows.Close()
	var out []FirstVisit
	for rows.Next() {
		var v FirstVisit
		if err := rows.Scan(&v.Date, &v.Second); err != nil {
			return nil, wrap("read first visits", err)
		}
		out = append(out, v)
	}
	return out, wrap("read first visits", rows.Err())
}

// StoreVisits returns, for each day from..to, how many visitors saw the
// store's public pages (its page and its professionals'; not manage links).
// A visitor's hash changes daily, so these are visits, not people.
func (t *Tx) StoreVisits(ctx context.Context, storeID, from, to string) (map[string]int, error) {
	rows, err := t.query(ctx, `SELECT day, COUNT(DISTINCT visitor_hash) FROM page_views
		WHERE store_id = $1 AND day >= $2 AND day <= $3 AND path <> '/agendamento' GROUP BY day`, storeID, from, to)
	if err != nil {
		return nil, wrap("count store visits", err)
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var day string
		var n int
		if err := rows.Scan(&day, &n); err != nil {
			return nil, wrap("count store visits", err)
		}
		out[day] = n
	}
	return out, wrap("count store visits", rows.Err())
}

// BlockedStretches returns userID's blocked times from..to by professional
// (one professional's when professionalID is not empty).
func (t *Tx) BlockedStretches(ctx context.Context, userID, from, to, professionalID string) (map[string][]schedule.Busy, error) {
	q := `SELECT professional_id, date, start_time, end_time FROM blocked_times WHERE user_id = $1 AND date >= $2 AND date <= $3`
	q, args := ofProfessional(q, "professional_id", []any{userID, from, to}, professionalID)
	rows, err := t.query(ctx, q, args...)
	if err != nil {
		return nil, wrap("read blocked times", err)
	}
	defer rows.Close()
	out := map[string][]schedule.Busy{}
	for rows.Next() {
		var pro, date, start, end string
		if err := rows.Scan(&pro, &date, &start, &end); err != nil {
			return nil, wrap("read blocked times", err)
		}
		s, ok1 := domain.ParseClock(start)
		e, ok2 := domain.ParseClock(end)
		if ok1 && ok2 {
			out[pro] = append(out[pro], schedule.Busy{Date: date, Start: s, End: e})
		}
	}
	return out, wrap("read blocked times", rows.Err())
}

// EachAppointment calls fn with userID's appointments from..to (with
// professionalID when not empty) in date and time order, for exports.
func (t *Tx) EachAppointment(ctx context.Context, userID, from, to, professionalID string, fn func(domain.Appointment) error) error {
	q := `SELECT ` + appointmentColumns + ` FROM appointments WHERE user_id = $1 AND date >= $2 AND date <= $3`
	q, args := ofProfessional(q, "professional_id", []any{userID, from, to}, professionalID)
	rows, err := t.query(ctx, q+` ORDER BY date, time, id`, args...)
	if err != nil {
		return wrap("export appointments", err)
	}
	defer rows.Close()
	for rows.Next() {
		a, err := scanAppointment(rows)
		if err != nil {
			return err
		}
		if err := fn(a); err != nil {
			return err
		}
	}
	return wrap("export appointments", rows.Err())
}

// ofProfessional narrows q, a query of args, to professionalID's rows
// (column names it) when professionalID is not empty.
func ofProfessional(q, column string, args []any, professionalID string) (string, []any) {
	if professionalID == "" {
		return q, args
	}
	return q + " AND " + column + " = $" + strconv.Itoa(len(args)+1), append(args, professionalID)
}
