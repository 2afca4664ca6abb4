package app

import (
	"context"
	"errors"

	"agendo/internal/domain"
	"agendo/internal/store"
)

// Onboarding: the three first steps of a new owner, read from their data.

// Onboarding tells which of the three first steps the caller has done.
type Onboarding struct {
	Steps struct {
		Store        bool `json:"store"`
		Professional bool `json:"professional"`
		Service      bool `json:"service"`
	} `json:"steps"`
	Complete bool `json:"complete"`
}

// Onboarding reports the caller's progress from their data. Errors: none
// besides internal.
func (a *App) Onboarding(ctx context.Context, p Principal) (Onboarding, error) {
	var o Onboarding
	err := a.db.Read(ctx, func(tx *store.Tx) error {
		s, err := tx.StoreByUser(ctx, p.StoreID)
		if err != nil && !errors.Is(err, domain.ErrNotFound) {
			return err
		}
		pros, svcs, err := tx.CatalogCounts(ctx, p.StoreID)
		if err != nil {
			return err
		}
		o.Steps.Store, o.Steps.Professional, o.Steps.Service = s.Name != "", pros > 0, svcs > 0
		return nil
	})
	o.Complete = o.Steps.Store && o.Steps.Professional && o.Steps.Service
	return o, err
}
