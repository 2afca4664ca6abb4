package app

import (
	"context"
	"errors"

	"agendo/internal/domain"
	"agendo/internal/store"
)

// The loyalty programme's settings (gamification): levels and what the
// customer's manage link may show. Promotions and rewards build on them.

// gamificationKey is the user setting holding an owner's loyalty levels.
const gamificationKey = "gamification"

// gamification returns userID's loyalty settings, SPEC.md's defaults until
// the owner saves their own.
func gamification(ctx context.Context, tx *store.Tx, userID string) (domain.Gamification, error) {
	g := domain.DefaultGamification()
	err := tx.UserSetting(ctx, userID, gamificationKey, &g)
	if errors.Is(err, domain.ErrNotFound) {
		return domain.DefaultGamification(), nil
	}
	return g, err
}

// Gamification returns the caller's loyalty settings. Errors: none besides
// internal.
func (a *App) Gamification(ctx context.Context, p Principal) (domain.Gamification, error) {
	var out domain.Gamification
	err := a.db.Read(ctx, func(tx *store.Tx) error {
		var err error
		out, err = gamification(ctx, tx, p.StoreID)
		return err
	})
	return out, err
}

// SaveGamification stores the caller's loyalty settings. Errors: invalid
// (no levels or more than 10, a bad name, colour or icon, thresholds that
// do not climb).
func (a *App) SaveGamification(ctx context.Context, p Principal, in domain.Gamification) (domain.Gamification, error) {
	g, err := domain.CleanGamification(in)
	if err != nil {
		return domain.Gamification{}, err
	}
	err = a.db.Write(ctx, func(tx *store.Tx) error {
		return tx.PutUserSetting(ctx, p.StoreID, gamificationKey, g, a.Now())
	})
	return g, err
}
