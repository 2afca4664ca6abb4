package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"agendo/internal/domain"
)

const professionalColumns = `id, name, role, specialties, calendar_type, working_hours, booking_interval,
	google_calendar_embed, photos, commission_pct, created_at`

func scanProfessional(row interface{ Scan(...any) error }) (domain.Professional, error) {
	var p domain.Professional
	var specialties, photos string
	var wh sql.NullString
	if err := row.Scan(&p.ID, &p.Name, &p.Role, &specialties, &p.CalendarType, &wh, &p.BookingInterval,
		&p.GoogleCalendarEmbed, &photos, &p.CommissionPct, &p.CreatedAt); err != nil {
		return p, wrap("read professional", err)
	}
	if err := json.Unmarshal([]byte(specialties), &p.Specialties); err != nil {
		return p, fmt.Errorf("decode specialties: %w", err)
	}
	if err := json.Unmarshal([]byte(photos), &p.Photos); err != nil {
		return p, fmt.Errorf("decode photos: %w", err)
	}
	if wh.Valid && wh.String != "null" {
		p.WorkingHours = &domain.WorkingHours{}
		if err := json.Unmarshal([]byte(wh.String), p.WorkingHours); err != nil {
			return p, fmt.Errorf("decode working_hours: %w", err)
		}
	}
	return p, nil
}

func jsonText(v any) (string, error) {
	b, err := json.Marshal(v)
	return string(b), err
}

// nullableJSON encodes v, or NULL when v is a nil pointer.
func nullableJSON(v *domain.WorkingHours) (any, error) {
	if v == nil {
		return nil, nil
	}
	return jsonText(v)
}

// Professionals lists an owner's professionals by creation, oldest first.
func (t *Tx) Professionals(ctx context.Context, userID string) ([]domain.Professional, error) {
	rows, err := t.query(ctx, `SELECT `+professionalColumns+` FROM professionals
		WHERE user_id = $1 ORDER BY created_at, id LIMIT 500`, userID)
	if err != nil {
		return nil, wrap("list professionals", err)
	}
	defer rows.Close()
	out := []domain.Professional{}
	for rows.Next() {
		p, err := scanProfessional(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, wrap("list professionals", rows.Err())
}

// Professional returns one of userID's professionals.
func (t *Tx) Professional(ctx context.Context, userID, id string) (domain.Professional, error) {
	return scanProfessional(t.queryRow(ctx, `SELECT `+professionalColumns+` FROM professionals
		WHERE user_id = $1 AND id = $2`, userID, id))
}

// SaveProfessional inserts p, or updates it when it exists for userID.
func (t *Tx) SaveProfessional(ctx context.Context, userID string, p domain.Professional, now time.Time, insert bool) error {
	spec, err := jsonText(p.Specialties)
	if err != nil {
		return wrap("encode specialties", err)
	}
	photos, err := jsonText(p.Photos)
	if err != nil {
		return wrap("encode photos", err)
	}
	wh, err := nullableJSON(p.WorkingHours)
	if err != nil {
		return wrap("encode working hours", err)
	}
	if insert {
		_, err = t.exec(ctx, `INSERT INTO professionals (id, user_id, name, role, specialties, calendar_type,
			working_hours, booking_interval, google_calendar_embed, photos, commission_pct, created_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)`,
			p.ID, userID, p.Name, p.Role, spec, p.CalendarType, wh, p.BookingInterval, p.GoogleCalendarEmbed, photos,
			p.CommissionPct, p.CreatedAt)
		if err != nil {
			return wrap("insert professional", err)
		}
		return t.bumpCatalog(ctx, userID)
	}
	return t.bumpAfter(ctx, userID, t.execOne(ctx, "update professional", `UPDATE professionals SET name = $3, role = $4, specialties = $5, calendar_type = $6,
		working_hours = $7, booking_interval = $8, google_calendar_embed = $9, photos = $10, commission_pct = $11,
		updated_at = $12 WHERE user_id = $1 AND id = $2`,
		userID, p.ID, p.Name, p.Role, spec, p.CalendarType, wh, p.BookingInterval, p.GoogleCalendarEmbed, photos,
		p.CommissionPct, now))
}

// DeleteProfessional deletes one of userID's professionals.
func (t *Tx) DeleteProfessional(ctx context.Context, userID, id string) error {
	if err := t.execOne(ctx, "delete professional", `DELETE FROM professionals WHERE user_id = $1 AND id = $2`, userID, id); err != nil {
		return t.bumpAfter(ctx, userID, err)
	}
	// The calendar feeds of that agenda read nothing more: they go too.
	_, err := t.exec(ctx, `DELETE FROM calendar_feeds WHERE user_id = $1 AND professional_id = $2`, userID, id)
	return t.bumpAfter(ctx, userID, wrap("delete professional's calendar feeds", err))
}

const serviceColumns = `id, name, description, duration, price, professional_ids, created_at,
	buffer_before, buffer_after, processing_start, processing_min, includes`

func scanService(row interface{ Scan(...any) error }) (domain.Service, error) {
	var s domain.Service
	var ids, includes string
	if err := row.Scan(&s.ID, &s.Name, &s.Description, &s.Duration, &s.Price, &ids, &s.CreatedAt,
		&s.BufferBefore, &s.BufferAfter, &s.ProcessingStart, &s.ProcessingMin, &includes); err != nil {
		return s, wrap("read service", err)
	}
	if err := json.Unmarshal([]byte(ids), &s.ProfessionalIDs); err != nil {
		return s, fmt.Errorf("decode professional_ids: %w", err)
	}
	if err := json.Unmarshal([]byte(includes), &s.Includes); err != nil {
		return s, fmt.Errorf("decode includes: %w", err)
	}
	if s.Includes == nil {
		s.Includes = []string{}
	}
	return s, nil
}

// Services lists an owner's services by creation, oldest first.
func (t *Tx) Services(ctx context.Context, userID string) ([]domain.Service, error) {
	rows, err := t.query(ctx, `SELECT `+serviceColumns+` FROM services
		WHERE user_id = $1 ORDER BY created_at, id LIMIT 500`, userID)
	if err != nil {
		return nil, wrap("list services", err)
	}
	defer rows.Close()
	out := []domain.Service{}
	for rows.Next() {
		s, err := scanService(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, wrap("list services", rows.Err())
}

// Service returns one of userID's services.
func (t *Tx) Service(ctx context.Context, userID, id string) (domain.Service, error) {
	return scanService(t.queryRow(ctx, `SELECT `+serviceColumns+` FROM services
		WHERE user_id = $1 AND id = $2`, userID, id))
}

// SaveService inserts s, or updates it when it exists for userID.
func (t *Tx) SaveService(ctx context.Context, userID string, s domain.Service, now time.Time, insert bool) error {
	ids, err := jsonText(s.ProfessionalIDs)
	if err != nil {
		return wrap("encode professional ids", err)
	}
	includes, err := jsonText(s.Includes)
	if err != nil {
		return wrap("encode includes", err)
	}
	if insert {
		_, err = t.exec(ctx, `INSERT INTO services (id, user_id, name, description, duration, price,
			professional_ids, created_at, updated_at, buffer_before, buffer_after, processing_start, processing_min, includes)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9, $10, $11, $12, $13)`,
			s.ID, userID, s.Name, s.Description, s.Duration, s.Price, ids, s.CreatedAt,
			s.BufferBefore, s.BufferAfter, s.ProcessingStart, s.ProcessingMin, includes)
		if err != nil {
			return wrap("insert service", err)
		}
		return t.bumpCatalog(ctx, userID)
	}
	return t.bumpAfter(ctx, userID, t.execOne(ctx, "update service", `UPDATE services SET name = $3, description = $4, duration = $5, price = $6,
		professional_ids = $7, updated_at = $8, buffer_before = $9, buffer_after = $10, processing_start = $11,
		processing_min = $12, includes = $13 WHERE user_id = $1 AND id = $2`,
		userID, s.ID, s.Name, s.Description, s.Duration, s.Price, ids, now,
		s.BufferBefore, s.BufferAfter, s.ProcessingStart, s.ProcessingMin, includes))
}

// DeleteService deletes one of userID's services.
//
// A count promotion of the service is switched off first: its card counted
// that service's visits only, and the database then forgets which service
// it was (ON DELETE SET NULL).
func (t *Tx) DeleteService(ctx context.Context, userID, id string) error {
	if _, err := t.exec(ctx, `UPDATE promotions SET is_active = FALSE WHERE user_id = $1 AND service_id = $2`, userID, id); err != nil {
		return wrap("switch off the service's promotions", err)
	}
	return t.bumpAfter(ctx, userID, t.execOne(ctx, "delete service", `DELETE FROM services WHERE user_id = $1 AND id = $2`, userID, id))
}

// CountAppointments counts userID's appointments of a professional or a
// service (one of the two ids is empty).
func (t *Tx) CountAppointments(ctx context.Context, userID, professionalID, serviceID string) (int, error) {
	var n int
	var err error
	if professionalID != "" {
		err = t.queryRow(ctx, `SELECT COUNT(*) FROM appointments WHERE user_id = $1 AND professional_id = $2`,
			userID, professionalID).Scan(&n)
	} else {
		err = t.queryRow(ctx, `SELECT COUNT(*) FROM appointments WHERE user_id = $1 AND service_id = $2`,
			userID, serviceID).Scan(&n)
	}
	return n, wrap("count appointments", err)
}

// DeleteAppointmentsOf deletes userID's appointments of a professional or a
// service (one of the two ids is empty) and returns how many.
func (t *Tx) DeleteAppointmentsOf(ctx context.Context, userID, professionalID, serviceID string) (int64, error) {
	if err := t.bumpAgenda(ctx, userID); err != nil {
		return 0, err
	}
	cond, id := `professional_id = $2`, professionalID
	if professionalID == "" {
		cond, id = `service_id = $2`, serviceID
	}
	k, n, err := t.rewrite(ctx, userID, `DELETE FROM appointments`, cond, id)
	if err != nil {
		return 0, err
	}
	return n, t.refresh(ctx, userID, k)
}

// CountBlockedTimes counts a professional's blocked times.
func (t *Tx) CountBlockedTimes(ctx context.Context, userID, professionalID string) (int, error) {
	var n int
	err := t.queryRow(ctx, `SELECT COUNT(*) FROM blocked_times WHERE user_id = $1 AND professional_id = $2`,
		userID, professionalID).Scan(&n)
	return n, wrap("count blocked times", err)
}

// DeleteBlockedTimesOf deletes a professional's blocked times.
func (t *Tx) DeleteBlockedTimesOf(ctx context.Context, userID, professionalID string) (int64, error) {
	if err := t.bumpAgenda(ctx, userID); err != nil {
		return 0, err
	}
	res, err := t.exec(ctx, `DELETE FROM blocked_times WHERE user_id = $1 AND professional_id = $2`, userID, professionalID)
	if err != nil {
		return 0, wrap("delete blocked times", err)
	}
	return rowsAffected("delete blocked times", res)
}

// CatalogCounts says how far an owner's onboarding has gone.
func (t *Tx) CatalogCounts(ctx context.Context, userID string) (professionals, services int, err error) {
	err = t.queryRow(ctx, `SELECT
		(SELECT COUNT(*) FROM professionals WHERE user_id = $1),
		(SELECT COUNT(*) FROM services WHERE user_id = $1)`, userID).Scan(&professionals, &services)
	err = wrap("count catalog", err)
	return
}

// BlockedTimes lists userID's blocked times by date and start.
func (t *Tx) BlockedTimes(ctx context.Context, userID string, f domain.BlockedTimeFilter) ([]domain.BlockedTime, error) {
	q := `SELECT id, professional_id, date, start_time, end_time, reason FROM blocked_times WHERE user_id = $1`
	args := []any{userID}
	if f.ProfessionalID != "" {
		args = append(args, f.ProfessionalID)
		q += fmt.Sprintf(" AND professional_id = $%d", len(args))
	}
	if f.From != "" {
		args = append(args, f.From)
		q += fmt.Sprintf(" AND date >= $%d", len(args))
	}
	if f.To != "" {
		args = append(args, f.To)
		q += fmt.Sprintf(" AND date <= $%d", len(args))
	}
	out := []domain.BlockedTime{}
	err := t.eachBlockedTime(ctx, q+" ORDER BY date, start_time, id LIMIT 1000", func(b domain.BlockedTime) error {
		out = append(out, b)
		return nil
	}, args...)
	if err != nil {
		return nil, err
	}
	return out, nil
}

// EachBlockedTime calls fn with each of userID's blocked times by date and
// start, all of them, reading them from the database as fn goes (exports).
func (t *Tx) EachBlockedTime(ctx context.Context, userID string, fn func(domain.BlockedTime) error) error {
	return t.eachBlockedTime(ctx, `SELECT id, professional_id, date, start_time, end_time, reason FROM blocked_times
		WHERE user_id = $1 ORDER BY date, start_time, id`, fn, userID)
}

// eachBlockedTime calls fn with each blocked time query selects.
func (t *Tx) eachBlockedTime(ctx context.Context, query string, fn func(domain.BlockedTime) error, args ...any) error {
	rows, err := t.query(ctx, query, args...)
	if err != nil {
		return wrap("list blocked times", err)
	}
	defer rows.Close()
	for rows.Next() {
		var b domain.BlockedTime
		if err := rows.Scan(&b.ID, &b.ProfessionalID, &b.Date, &b.StartTime, &b.EndTime, &b.Reason); err != nil {
			return wrap("list blocked times", err)
		}
		if err := fn(b); err != nil {
			return err
		}
	}
	return wrap("list blocked times", rows.Err())
}

// BlockedTime returns one of userID's blocked times.
func (t *Tx) BlockedTime(ctx context.Context, userID, id string) (domain.BlockedTime, error) {
	var b domain.BlockedTime
	err := t.queryRow(ctx, `SELECT id, professional_id, date, start_time, end_time, reason FROM blocked_times
		WHERE user_id = $1 AND id = $2`, userID, id).Scan(&b.ID, &b.ProfessionalID, &b.Date, &b.StartTime, &b.EndTime, &b.Reason)
	return b, wrap("read blocked time", err)
}

// SaveBlockedTime inserts b, or updates it when it exists for userID.
func (t *Tx) SaveBlockedTime(ctx context.Context, userID string, b domain.BlockedTime, now time.Time, insert bool) error {
	if err := t.bumpAgenda(ctx, userID); err != nil {
		return err
	}
	if insert {
		_, err := t.exec(ctx, `INSERT INTO blocked_times (id, user_id, professional_id, date, start_time, end_time,
			reason, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
			b.ID, userID, b.ProfessionalID, b.Date, b.StartTime, b.EndTime, b.Reason, now)
		return wrap("insert blocked time", err)
	}
	return t.execOne(ctx, "update blocked time", `UPDATE blocked_times SET professional_id = $3, date = $4, start_time = $5, end_time = $6,
		reason = $7 WHERE user_id = $1 AND id = $2`, userID, b.ID, b.ProfessionalID, b.Date, b.StartTime, b.EndTime, b.Reason)
}

// DeleteBlockedTime deletes one of userID's blocked times.
func (t *Tx) DeleteBlockedTime(ctx context.Context, userID, id string) error {
	if err := t.bumpAgenda(ctx, userID); err != nil {
		return err
	}
	return t.execOne(ctx, "delete blocked time", `DELETE FROM blocked_times WHERE user_id = $1 AND id = $2`, userID, id)
}

// CountAllAppointments counts every appointment (for tests and reports).
func (t *Tx) CountAllAppointments(ctx context.Context) (int, error) {
	var n int
	err := t.queryRow(ctx, `SELECT COUNT(*) FROM appointments`).Scan(&n)
	return n, wrap("count all appointments", err)
}
