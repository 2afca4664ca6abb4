package store_test

import (
	"errors"
	"testing"
	"time"

	"agendo/internal/domain"
	"agendo/internal/store"
	"agendo/internal/store/storetest"
)

// Global and per-user settings: each put overwrites the key, a user's key is
// theirs alone, and a key never put is not found.
func TestSettingsRoundTripByScope(t *testing.T) {
	type value struct{ N int }
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
		user := func(id string) domain.User { return domain.User{ID: id, Email: id + "@example.com", CreatedAt: now} }
		err := db.Write(ctx, func(tx *store.Tx) error {
			return errors.Join(
				tx.CreateUser(ctx, user("ana"), "hash"),
				tx.CreateUser(ctx, user("bia"), "hash"),
				tx.PutSetting(ctx, "k", value{1}, now),
				tx.PutSetting(ctx, "k", value{2}, now),
				tx.PutUserSetting(ctx, "ana", "k", value{3}, now),
				tx.PutUserSetting(ctx, "ana", "k", value{4}, now),
				tx.PutUserSetting(ctx, "bia", "k", value{5}, now),
			)
		})
		if err != nil {
			t.Fatal(err)
		}
		var global, ana, bia, none value
		var missingGlobal, missingUser error
		err = db.Read(ctx, func(tx *store.Tx) error {
			missingGlobal = tx.Setting(ctx, "missing", &none)
			missingUser = tx.UserSetting(ctx, "nobody", "k", &none)
			return errors.Join(
				tx.Setting(ctx, "k", &global),
				tx.UserSetting(ctx, "ana", "k", &ana),
				tx.UserSetting(ctx, "bia", "k", &bia),
			)
		})
		if err != nil {
			t.Fatal(err)
		}
		if global.N != 2 || ana.N != 4 || bia.N != 5 {
			t.Errorf("got global %d, ana %d, bia %d; want 2, 4, 5", global.N, ana.N, bia.N)
		}
		if !errors.Is(missingGlobal, domain.ErrNotFound) || !errors.Is(missingUser, domain.ErrNotFound) {
			t.Errorf("missing keys: got %v and %v, want not found", missingGlobal, missingUser)
		}
	})
}
