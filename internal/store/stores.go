package store

import (
	"context"
	"encoding/json"
	"fmt"

	"agendo/internal/domain"
)

const storeColumns = `id, user_id, name, description, phone, address, logo, booking_flow, hero_gradient,
	working_hours, social_media, payment_settings, slug, time_zone, min_notice_min, horizon_days, created_at, updated_at`

// CreateStore inserts a store row.
func (t *Tx) CreateStore(ctx context.Context, s domain.Store) error {
	wh, sm, ps, err := storeJSON(s)
	if err != nil {
		return wrap("encode store", err)
	}
	_, err = t.exec(ctx, `INSERT INTO stores (`+storeColumns+`)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)`,
		s.ID, s.UserID, s.Name, s.Description, s.Phone, s.Address, s.Logo, s.BookingFlow, s.HeroGradient,
		wh, sm, ps, s.Slug, s.TimeZone, s.MinNoticeMin, s.HorizonDays, s.CreatedAt, s.UpdatedAt)
	if constraintOf(err) == uniqueViolation {
		return domain.Errorf(domain.CodeConflict, "Este endereço de loja já está em uso")
	}
	if err != nil {
		return fmt.Errorf("insert store: %w", err)
	}
	return nil
}

// StoreByUser returns the store of userID.
func (t *Tx) StoreByUser(ctx context.Context, userID string) (domain.Store, error) {
	return t.scanStore(ctx, `SELECT `+storeColumns+` FROM stores WHERE user_id = $1`, userID)
}

func (t *Tx) scanStore(ctx context.Context, query string, args ...any) (domain.Store, error) {
	var s domain.Store
	var wh, sm, ps string
	err := t.queryRow(ctx, query, args...).Scan(&s.ID, &s.UserID, &s.Name, &s.Description, &s.Phone,
		&s.Address, &s.Logo, &s.BookingFlow, &s.HeroGradient, &wh, &sm, &ps, &s.Slug, &s.TimeZone,
		&s.MinNoticeMin, &s.HorizonDays, &s.CreatedAt, &s.UpdatedAt)
	if err != nil {
		return s, wrap("read store", err)
	}
	if err := json.Unmarshal([]byte(wh), &s.WorkingHours); err != nil {
		return s, fmt.Errorf("decode working_hours: %w", err)
	}
	if err := json.Unmarshal([]byte(sm), &s.SocialMedia); err != nil {
		return s, fmt.Errorf("decode social_media: %w", err)
	}
	if err := json.Unmarshal([]byte(ps), &s.PaymentSettings); err != nil {
		return s, fmt.Errorf("decode payment_settings: %w", err)
	}
	return s, nil
}

func storeJSON(s domain.Store) (wh, sm, ps string, err error) {
	b1, err := json.Marshal(s.WorkingHours)
	if err != nil {
		return
	}
	b2, err := json.Marshal(s.SocialMedia)
	if err != nil {
		return
	}
	b3, err := json.Marshal(s.PaymentSettings)
	return string(b1), string(b2), string(b3), err
}

// UpdateStore writes every editable column of the store s.ID owned by
// s.UserID.
func (t *Tx) UpdateStore(ctx context.Context, s domain.Store) error {
	wh, sm, ps, err := storeJSON(s)
	if err != nil {
		return wrap("encode store", err)
	}
	err = t.execOne(ctx, "update store", `UPDATE stores SET name = $3, description = $4, phone = $5, address = $6, logo = $7,
		booking_flow = $8, hero_gradient = $9, working_hours = $10, social_media = $11, payment_settings = $12,
		slug = $13, time_zone = $14, min_notice_min = $15, horizon_days = $16, updated_at = $17,
		catalog_version = catalog_version + 1
		WHERE id = $1 AND user_id = $2`,
		s.ID, s.UserID, s.Name, s.Description, s.Phone, s.Address, s.Logo, s.BookingFlow, s.HeroGradient,
		wh, sm, ps, s.Slug, s.TimeZone, s.MinNoticeMin, s.HorizonDays, s.UpdatedAt)
	if constraintOf(err) == uniqueViolation {
		return domain.Errorf(domain.CodeConflict, "Este endereço de loja já está em uso; tente outro nome")
	}
	return wrap("update store", err)
}

// bumpCatalog marks userID's catalogue as changed (stores.catalog_version),
// in the writing transaction.
func (t *Tx) bumpCatalog(ctx context.Context, userID string) error {
	_, err := t.exec(ctx, `UPDATE stores SET catalog_version = catalog_version + 1 WHERE user_id = $1`, userID)
	return wrap("bump catalog version", err)
}

// bumpAfter bumps the catalogue's version after a write that succeeded.
func (t *Tx) bumpAfter(ctx context.Context, userID string, err error) error {
	if err != nil {
		return err
	}
	return t.bumpCatalog(ctx, userID)
}

// Versions are what a store's caches are checked against: the catalogue's
// (bumped by writes of the store, its services and professionals) and the
// agenda's (bumped by writes of its appointments and blocked times).
type Versions struct {
	Catalog, Agenda int64
}

// StoreVersions returns the owner and versions of the store at slug; none
// is not found.
func (t *Tx) StoreVersions(ctx context.Context, slug string) (userID string, v Versions, err error) {
	err = t.queryRow(ctx, `SELECT user_id, catalog_version, agenda_version FROM stores WHERE slug = $1`, slug).
		Scan(&userID, &v.Catalog, &v.Agenda)
	return userID, v, wrap("read catalog version", err)
}

// bumpAgenda marks userID's whole agenda as changed
// (stores.agenda_version), in the writing transaction: writes of many
// appointments and of blocked times call it. A write of one appointment
// bumps only its professional's version (professional_totals), so a
// store's bookings never wait on its row.
func (t *Tx) bumpAgenda(ctx context.Context, userID string) error {
	_, err := t.exec(ctx, `UPDATE stores SET agenda_version = agenda_version + 1 WHERE user_id = $1`, userID)
	return wrap("bump agenda version", err)
}

// AgendaVersions returns the agenda version of each of userID's
// professionals that has one (none yet reads as 0).
func (t *Tx) AgendaVersions(ctx context.Context, userID string) (map[string]int64, error) {
	rows, err := t.query(ctx, `SELECT professional_id, agenda_version FROM professional_totals WHERE user_id = $1`, userID)
	if err != nil {
		return nil, wrap("read agenda versions", err)
	}
	defer rows.Close()
	out := map[string]int64{}
	for rows.Next() {
		var id string
		var v int64
		if err := rows.Scan(&id, &v); err != nil {
			return nil, wrap("read agenda versions", err)
		}
		out[id] = v
	}
	return out, wrap("read agenda versions", rows.Err())
}

// SlugTaken reports whether another store than storeID uses slug.
func (t *Tx) SlugTaken(ctx context.Context, slug, storeID string) (bool, error) {
	var n int
	err := t.queryRow(ctx, `SELECT COUNT(*) FROM stores WHERE slug = $1 AND id <> $2`, slug, storeID).Scan(&n)
	return n > 0, wrap("check slug", err)
}
