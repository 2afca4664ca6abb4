package store_test

import (
	"reflect"
	"testing"
	"time"

	"agendo/internal/domain"
	"agendo/internal/store"
	"agendo/internal/store/storetest"
)

func TestPromotionRestartsReadsEveryPromotionAtOnce(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
		const ana, bia = "+5511911111111", "+5511922222222"
		err := db.Write(ctx, func(tx *store.Tx) error {
			for _, u := range []string{"owner", "other"} {
				if err := tx.CreateUser(ctx, domain.User{ID: u, Email: u + "@example.com", CreatedAt: now}, "hash"); err != nil {
					return err
				}
			}
			for _, p := range []struct{ user, id string }{{"owner", "p1"}, {"owner", "p2"}, {"owner", "p3"}, {"other", "q1"}} {
				promo := domain.Promotion{ID: p.id, Name: p.id, Type: domain.PromotionCount, TargetCount: 5, Reward: "Corte", IsActive: true}
				if err := tx.SavePromotion(ctx, p.user, promo, now, true); err != nil {
					return err
				}
			}
			for i, r := range []struct{ user, promo, phone, until string }{
				{"owner", "p1", ana, "2026-10-01 10:00"},
				{"owner", "p1", ana, "2026-11-01 09:00"}, // the latest redemption wins
				{"owner", "p1", bia, "2026-10-15 14:30"},
				{"owner", "p2", ana, "2026-09-20 11:00"},
				{"other", "q1", ana, "2026-11-20 08:00"}, // another owner's
			} {
				red := domain.Redemption{ID: "r" + string(rune('0'+i)), PromotionID: r.promo, ClientPhone: r.phone, Reward: "Corte",
					CountedUntil: r.until, CreatedAt: now}
				if err := tx.AddRedemption(ctx, r.user, red); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		err = db.Read(ctx, func(tx *store.Tx) error {
			for _, tc := range []struct {
				name  string
				phone string
				want  map[string]map[string]string
			}{
				{"every client", "", map[string]map[string]string{
					"p1": {ana: "2026-11-01 09:00", bia: "2026-10-15 14:30"},
					"p2": {ana: "2026-09-20 11:00"},
				}},
				{"one client", bia, map[string]map[string]string{"p1": {bia: "2026-10-15 14:30"}}},
				{"a client without redemptions", "+5511933333333", map[string]map[string]string{}},
			} {
				got, err := tx.PromotionRestarts(ctx, "owner", tc.phone)
				if err != nil {
					return err
				}
				if !reflect.DeepEqual(got, tc.want) {
					t.Errorf("%s: got %v, want %v", tc.name, got, tc.want)
				}
				for _, promo := range []string{"p1", "p2", "p3"} {
					one, err := tx.Restarts(ctx, "owner", promo, tc.phone)
					if err != nil {
						return err
					}
					want := tc.want[promo]
					if want == nil {
						want = map[string]string{}
					}
					if !reflect.DeepEqual(one, want) {
						t.Errorf("%s: Restarts(%s) got %v, want %v", tc.name, promo, one, want)
					}
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	})
}
