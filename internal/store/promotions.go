package store

import (
	"context"
	"fmt"
	"time"

	"agendo/internal/domain"
)

const promotionColumns = `id, name, type, COALESCE(target_count, 0), COALESCE(target_value, 0), service_id, reward,
	start_date, end_date, valid_days, is_active, created_at`

func scanPromotion(row interface{ Scan(...any) error }) (domain.Promotion, error) {
	var p domain.Promotion
	err := row.Scan(&p.ID, &p.Name, &p.Type, &p.TargetCount, &p.TargetValue, &p.ServiceID, &p.Reward, &p.StartDate,
		&p.EndDate, &p.ValidDays, &p.IsActive, &p.CreatedAt)
	return p, wrap("read promotion", err)
}

// Promotions lists userID's promotions, newest first (SPEC.md section 7).
func (t *Tx) Promotions(ctx context.Context, userID string) ([]domain.Promotion, error) {
	rows, err := t.query(ctx, `SELECT `+promotionColumns+` FROM promotions WHERE user_id = $1
		ORDER BY created_at DESC, id DESC LIMIT 500`, userID)
	if err != nil {
		return nil, wrap("list promotions", err)
	}
	defer rows.Close()
	out := []domain.Promotion{}
	for rows.Next() {
		p, err := scanPromotion(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, wrap("list promotions", rows.Err())
}

// Promotion returns one of userID's promotions.
func (t *Tx) Promotion(ctx context.Context, userID, id string) (domain.Promotion, error) {
	return scanPromotion(t.queryRow(ctx, `SELECT `+promotionColumns+` FROM promotions WHERE user_id = $1 AND id = $2`, userID, id))
}

// CountPromotions counts userID's promotions.
func (t *Tx) CountPromotions(ctx context.Context, userID string) (int, error) {
	var n int
	err := t.queryRow(ctx, `SELECT COUNT(*) FROM promotions WHERE user_id = $1`, userID).Scan(&n)
	return n, wrap("count promotions", err)
}

// SavePromotion inserts p, or rewrites it when it exists for userID.
func (t *Tx) SavePromotion(ctx context.Context, userID string, p domain.Promotion, now time.Time, insert bool) error {
	if insert {
		_, err := t.exec(ctx, `INSERT INTO promotions (id, user_id, name, type, target_count, target_value, service_id, reward,
			start_date, end_date, valid_days, is_active, created_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13)`,
			p.ID, userID, p.Name, p.Type, p.TargetCount, p.TargetValue, p.ServiceID, p.Reward, p.StartDate, p.EndDate,
			p.ValidDays, p.IsActive, now)
		return wrap("insert promotion", err)
	}
	return t.execOne(ctx, "update promotion", `UPDATE promotions SET name = $3, type = $4, target_count = $5, target_value = $6,
		service_id = $7, reward = $8, start_date = $9, end_date = $10, valid_days = $11, is_active = $12, updated_at = $13
		WHERE user_id = $1 AND id = $2`,
		userID, p.ID, p.Name, p.Type, p.TargetCount, p.TargetValue, p.ServiceID, p.Reward, p.StartDate, p.EndDate,
		p.ValidDays, p.IsActive, now)
}

// DeletePromotion deletes one of userID's promotions and its redemptions.
func (t *Tx) DeletePromotion(ctx context.Context, userID, id string) error {
	return t.execOne(ctx, "delete promotion", `DELETE FROM promotions WHERE user_id = $1 AND id = $2`, userID, id)
}

// Visits returns the facts promotion cards and loyalty levels read of
// userID's completed appointments from..to ("" for no bound), or of one
// client's when phone is not "".
func (t *Tx) Visits(ctx context.Context, userID, phone, from, to string) ([]domain.Visit, error) {
	if to == "" {
		to = "9999-12-31"
	}
	q := `SELECT client_phone, client_name, service_id, date, time, status, COALESCE(price, 0) FROM appointments
		WHERE user_id = $1 AND ` + servedSQL + ` AND date >= $2 AND date <= $3`
	args := []any{userID, from, to}
	if phone != "" {
		q += ` AND client_phone = $4`
		args = append(args, phone)
	}
	rows, err := t.query(ctx, q, args...)
	if err != nil {
		return nil, wrap("read visits", err)
	}
	defer rows.Close()
	out := []domain.Visit{}
	for rows.Next() {
		var v domain.Visit
		if err := rows.Scan(&v.Phone, &v.Name, &v.ServiceID, &v.Date, &v.Time, &v.Status, &v.Price); err != nil {
			return nil, wrap("read visits", err)
		}
		out = append(out, v)
	}
	return out, wrap("read visits", rows.Err())
}

// Restarts maps each client of promotionID (or only phone, when not "") to
// the moment their card restarted: the last visit their latest redemption
// used.
func (t *Tx) Restarts(ctx context.Context, userID, promotionID, phone string) (map[string]string, error) {
	byPromotion, err := t.restarts(ctx, userID, promotionID, phone)
	if err != nil {
		return nil, err
	}
	if out := byPromotion[promotionID]; out != nil {
		return out, nil
	}
	return map[string]string{}, nil
}

// PromotionRestarts is Restarts for every one of userID's promotions at
// once, keyed by promotion id: one query where a list of promotions would
// otherwise ask once for each. A promotion without redemptions has no key.
func (t *Tx) PromotionRestarts(ctx context.Context, userID, phone string) (map[string]map[string]string, error) {
	return t.restarts(ctx, userID, "", phone)
}

// restarts reads the restarts of userID's cards by promotion and phone,
// of only promotionID and phone when they are not "".
func (t *Tx) restarts(ctx context.Context, userID, promotionID, phone string) (map[string]map[string]string, error) {
	q := `SELECT promotion_id, client_phone, MAX(counted_until) FROM redemptions WHERE user_id = $1`
	args := []any{userID}
	if promotionID != "" {
		args = append(args, promotionID)
		q += fmt.Sprintf(` AND promotion_id = $%d`, len(args))
	}
	if phone != "" {
		args = append(args, phone)
		q += fmt.Sprintf(` AND client_phone = $%d`, len(args))
	}
	rows, err := t.query(ctx, q+` GROUP BY promotion_id, client_phone`, args...)
	if err != nil {
		return nil, wrap("read card restarts", err)
	}
	defer rows.Close()
	out := map[string]map[string]string{}
	for rows.Next() {
		var promo, p, at string
		if err := rows.Scan(&promo, &p, &at); err != nil {
			return nil, wrap("read card restarts", err)
		}
		if out[promo] == nil {
			out[promo] = map[string]string{}
		}
		out[promo][p] = at
	}
	return out, wrap("read card restarts", rows.Err())
}

const redemptionColumns = `r.id, r.promotion_id, p.name, r.client_phone, r.appointment_id, r.reward, r.counted_until, r.created_at`

func scanRedemption(row interface{ Scan(...any) error }) (domain.Redemption, error) {
	var r domain.Redemption
	err := row.Scan(&r.ID, &r.PromotionID, &r.PromotionName, &r.ClientPhone, &r.AppointmentID, &r.Reward, &r.CountedUntil, &r.CreatedAt)
	return r, wrap("read redemption", err)
}

// AddRedemption records a reward handed out.
func (t *Tx) AddRedemption(ctx context.Context, userID string, r domain.Redemption) error {
	_, err := t.exec(ctx, `INSERT INTO redemptions (id, user_id, promotion_id, client_phone, appointment_id, reward, counted_until, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
		r.ID, userID, r.PromotionID, r.ClientPhone, r.AppointmentID, r.Reward, r.CountedUntil, r.CreatedAt)
	return wrap("insert redemption", err)
}

// Redemption returns one of userID's redemptions.
func (t *Tx) Redemption(ctx context.Context, userID, id string) (domain.Redemption, error) {
	return scanRedemption(t.queryRow(ctx, `SELECT `+redemptionColumns+` FROM redemptions r
		JOIN promotions p ON p.id = r.promotion_id WHERE r.user_id = $1 AND r.id = $2`, userID, id))
}

// DeleteRedemption removes one of userID's redemptions (an undo).
func (t *Tx) DeleteRedemption(ctx context.Context, userID, id string) error {
	return t.execOne(ctx, "delete redemption", `DELETE FROM redemptions WHERE user_id = $1 AND id = $2`, userID, id)
}

// ClientRedemptions lists a client's redemptions, newest first.
func (t *Tx) ClientRedemptions(ctx context.Context, userID, phone string) ([]domain.Redemption, error) {
	return t.redemptions(ctx, `WHERE r.user_id = $1 AND r.client_phone = $2 ORDER BY r.created_at DESC, r.id DESC LIMIT 200`, userID, phone)
}

// redemptions lists the redemptions the clause (after FROM … JOIN) selects.
func (t *Tx) redemptions(ctx context.Context, clause string, args ...any) ([]domain.Redemption, error) {
	out := []domain.Redemption{}
	err := t.eachRedemption(ctx, clause, func(r domain.Redemption) error {
		out = append(out, r)
		return nil
	}, args...)
	if err != nil {
		return nil, err
	}
	return out, nil
}

// eachRedemption calls fn with each redemption the clause (after FROM …
// JOIN) selects.
func (t *Tx) eachRedemption(ctx context.Context, clause string, fn func(domain.Redemption) error, args ...any) error {
	rows, err := t.query(ctx, `SELECT `+redemptionColumns+` FROM redemptions r JOIN promotions p ON p.id = r.promotion_id `+clause, args...)
	if err != nil {
		return wrap("list redemptions", err)
	}
	defer rows.Close()
	for rows.Next() {
		r, err := scanRedemption(rows)
		if err != nil {
			return err
		}
		if err := fn(r); err != nil {
			return err
		}
	}
	return wrap("list redemptions", rows.Err())
}

// InactiveClients lists userID's clients whose last completed visit was on
// or before cutoff and who have nothing booked after today, most recent
// visit first (at most 500).
func (t *Tx) InactiveClients(ctx context.Context, userID, cutoff, today string) ([]ClientRow, error) {
	rows, err := t.query(ctx, `SELECT `+clientColumns+` FROM clients
		WHERE user_id = $1 AND last_visit <> '' AND last_visit <= $2 AND SUBSTR(latest, 1, 10) <= $3
		ORDER BY last_visit DESC, phone LIMIT 500`, userID, cutoff, today)
	if err != nil {
		return nil, wrap("list inactive clients", err)
	}
	return scanClientRows(rows)
}

// ContactedSince returns the phones of userID's clients contacted from a
// WhatsApp list at or after since.
func (t *Tx) ContactedSince(ctx context.Context, userID string, since time.Time) (map[string]bool, error) {
	rows, err := t.query(ctx, `SELECT phone FROM whatsapp_contacts WHERE user_id = $1 AND contacted_at >= $2`, userID, since)
	if err != nil {
		return nil, wrap("read contacted clients", err)
	}
	defer rows.Close()
	out := map[string]bool{}
	for rows.Next() {
		var p string
		if err := rows.Scan(&p); err != nil {
			return nil, wrap("read contacted clients", err)
		}
		out[p] = true
	}
	return out, wrap("read contacted clients", rows.Err())
}

// MarkContacted remembers that userID contacted phone now.
func (t *Tx) MarkContacted(ctx context.Context, userID, phone string, now time.Time) error {
	_, err := t.exec(ctx, `INSERT INTO whatsapp_contacts (user_id, phone, contacted_at) VALUES ($1, $2, $3)
		ON CONFLICT (user_id, phone) DO UPDATE SET contacted_at = excluded.contacted_at`, userID, phone, now)
	return wrap("remember contacted client", err)
}
