package store_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"agendo/internal/domain"
	"agendo/internal/store"
	"agendo/internal/store/storetest"
)

var ctx = context.Background()

func TestMigrateIsIdempotent(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		applied, err := db.Migrate(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(applied) != 0 {
			t.Fatalf("second migrate applied %v, want nothing", applied)
		}
	})
}

func TestUserProfileStorePlanRoundTrip(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
		u := domain.User{ID: "01a20113-90f5-77b0-af3f-50f1928876ed", Email: "ana@example.com", CreatedAt: now}
		phone := "+5511912345678"
		st := domain.NewStore("s1", u.ID, now)
		err := db.Write(ctx, func(tx *store.Tx) error {
			if err := tx.CreateUser(ctx, u, "hash"); err != nil {
				return err
			}
			if err := tx.CreateProfile(ctx, domain.Profile{ID: u.ID, Name: "Ana", Email: u.Email, Phone: &phone}, now); err != nil {
				return err
			}
			if err := tx.CreateStore(ctx, st); err != nil {
				return err
			}
			return tx.EnsurePlan(ctx, u.ID, now)
		})
		if err != nil {
			t.Fatal(err)
		}
		err = db.Write(ctx, func(tx *store.Tx) error {
			return tx.CreateUser(ctx, domain.User{ID: "other", Email: "ana@example.com", CreatedAt: now}, "h")
		})
		if got := domain.ErrorCode(err); got != domain.CodeEmailExists {
			t.Fatalf("duplicate email: got %v, want %s", err, domain.CodeEmailExists)
		}
		err = db.Read(ctx, func(tx *store.Tx) error {
			p, err := tx.Profile(ctx, u.ID)
			if err != nil {
				return err
			}
			if p.Name != "Ana" || p.Phone == nil || *p.Phone != phone || p.Avatar != nil {
				t.Errorf("profile: got %+v", p)
			}
			s, err := tx.StoreByUser(ctx, u.ID)
			if err != nil {
				return err
			}
			if s.WorkingHours["sunday"].IsOpen || !s.WorkingHours["monday"].IsOpen || s.WorkingHours["friday"].Close != "18:00" {
				t.Errorf("working hours: got %+v", s.WorkingHours)
			}
			if s.BookingFlow != domain.FlowServiceFirst || s.TimeZone != "America/Sao_Paulo" || s.Slug != nil || !s.CreatedAt.Equal(now) {
				t.Errorf("store defaults: got %+v", s)
			}
			pl, err := tx.Plan(ctx, u.ID)
			if err != nil {
				return err
			}
			if pl.Type != "free" || !pl.IsActive || pl.StatusReason != nil {
				t.Errorf("plan: got %+v", pl)
			}
			_, err = tx.Profile(ctx, "nobody")
			if !errors.Is(err, domain.ErrNotFound) {
				t.Errorf("missing profile: got %v, want not found", err)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	})
}

func TestWriteRollsBackOnError(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		now := time.Now().UTC()
		boom := errors.New("boom")
		err := db.Write(ctx, func(tx *store.Tx) error {
			if err := tx.CreateUser(ctx, domain.User{ID: "u1", Email: "a@b.co", CreatedAt: now}, "h"); err != nil {
				return err
			}
			return boom
		})
		if !errors.Is(err, boom) {
			t.Fatalf("got %v, want boom", err)
		}
		err = db.Read(ctx, func(tx *store.Tx) error {
			_, _, err := tx.User(ctx, "u1")
			return err
		})
		if !errors.Is(err, domain.ErrNotFound) {
			t.Fatalf("user after rollback: got %v, want not found", err)
		}
	})
}

func TestRefreshTokenIsSpentOnce(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		now := time.Now().UTC()
		err := db.Write(ctx, func(tx *store.Tx) error {
			if err := tx.CreateUser(ctx, domain.User{ID: "u1", Email: "a@b.co", CreatedAt: now}, "h"); err != nil {
				return err
			}
			if err := tx.CreateSession(ctx, store.Session{ID: "s1", UserID: "u1", CreatedAt: now}); err != nil {
				return err
			}
			return tx.CreateRefreshToken(ctx, store.RefreshToken{ID: "r1", SessionID: "s1", TokenHash: "h1", CreatedAt: now})
		})
		if err != nil {
			t.Fatal(err)
		}
		for i, want := range []bool{true, false} {
			var got bool
			err := db.Write(ctx, func(tx *store.Tx) error {
				var err error
				got, err = tx.UseRefreshToken(ctx, "r1", now)
				return err
			})
			if err != nil || got != want {
				t.Fatalf("use #%d: got %v, %v; want %v", i+1, got, err, want)
			}
		}
	})
}

// Reads that run at once must never wait on each other: every reader
// connection busy in a transaction, each asking for statements it has not
// run before, once deadlocked a statement cache that needed a free
// connection to prepare.
func TestConcurrentReadsDoNotDeadlock(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
		defer cancel()
		errs := make(chan error, 64)
		for i := range cap(errs) {
			go func() {
				errs <- db.Read(ctx, func(tx *store.Tx) error {
					id := "00000000-0000-0000-0000-0000000000" + string(rune('a'+i%6)) + "0"
					for _, q := range []func() error{
						func() error { _, _, err := tx.User(ctx, id); return err },
						func() error { _, err := tx.Profile(ctx, id); return err },
						func() error { _, err := tx.Session(ctx, id); return err },
						func() error { _, err := tx.RefreshTokenByHash(ctx, id); return err },
					} {
						if err := q(); err != nil && !errors.Is(err, domain.ErrNotFound) {
							return err
						}
					}
					return nil
				})
			}()
		}
		for range cap(errs) {
			if err := <-errs; err != nil {
				t.Fatal(err)
			}
		}
	})
}

func TestVisitorSaltsLastTwoDays(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		day1 := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
		salt := func(day string, fresh string, now time.Time) string {
			var got string
			if err := db.Write(ctx, func(tx *store.Tx) error {
				var err error
				got, err = tx.VisitorSalt(ctx, day, fresh, now)
				return err
			}); err != nil {
				t.Fatal(err)
			}
			return got
		}
		if got := salt("2026-11-22", "primeiro", day1); got != "primeiro" {
			t.Fatalf("new day's salt = %q", got)
		}
		if got := salt("2026-11-22", "outro", day1.Add(time.Hour)); got != "primeiro" {
			t.Fatalf("a day keeps its salt, got %q", got)
		}
		if err := db.Write(ctx, func(tx *store.Tx) error {
			return tx.PurgeVisitorSalts(ctx, day1.Add(49*time.Hour).Add(-48*time.Hour))
		}); err != nil {
			t.Fatal(err)
		}
		if got := salt("2026-11-22", "novo", day1.Add(49*time.Hour)); got != "novo" {
			t.Fatalf("a salt older than 48 h survived the purge: %q", got)
		}
	})
}

// Webhook payloads older than the cutoff are emptied; the log's rows stay.
func TestDeliveryPayloadsPurge(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		day := time.Date(2026, 8, 1, 12, 0, 0, 0, time.UTC)
		err := db.Write(ctx, func(tx *store.Tx) error {
			for i, at := range []time.Time{day, day.AddDate(0, 0, 100)} {
				d := store.Delivery{ID: string(rune('a' + i)), EventID: "evt_" + string(rune('a'+i)), Type: "invoice.paid",
					Result: domain.WebhookIgnored, Payload: `{"id":"evt"}`, ReceivedAt: at}
				if ok, err := tx.ClaimDelivery(ctx, d); err != nil || !ok {
					return errors.Join(err, errors.New("not claimed"))
				}
			}
			if ok, err := tx.ClaimDelivery(ctx, store.Delivery{ID: "c", EventID: "evt_a", ReceivedAt: day}); err != nil || ok {
				return errors.Join(err, errors.New("a replay was claimed"))
			}
			return tx.PurgeDeliveryPayloads(ctx, day.AddDate(0, 0, 10))
		})
		if err != nil {
			t.Fatal(err)
		}
		err = db.Read(ctx, func(tx *store.Tx) error {
			list, total, err := tx.Deliveries(ctx, domain.WebhookDeliveryFilter{Limit: 10})
			if err != nil || total != 2 || len(list) != 2 {
				t.Errorf("deliveries: %v %d %v", list, total, err)
			}
			var purged, kept string
			if err := tx.QueryRowForTest(ctx, `SELECT payload FROM webhook_events WHERE id = 'a'`, &purged); err != nil {
				return err
			}
			if err := tx.QueryRowForTest(ctx, `SELECT payload FROM webhook_events WHERE id = 'b'`, &kept); err != nil {
				return err
			}
			if purged != "" || kept == "" {
				t.Errorf("payloads: old %q, new %q", purged, kept)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	})
}

// The audit log keeps every entry (issue 22: 105 refused actions had pushed
// an earlier Premium grant out of a log of 100). Pages of at most 100 go
// from the newest to the oldest by cursor, entries of one instant ordered
// by id, overall and with each filter; a cursor naming no entry is not
// found.
func TestAuditKeepsEveryEntryAndPagesByCursor(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		day := time.Date(2026, 8, 1, 12, 0, 0, 0, time.UTC)
		var all []domain.AuditEntry // oldest first
		for i := range 250 {
			data := "plan_config"
			if i%3 == 0 {
				data = "account:0197e9c6-0000-7000-8000-000000000001"
			}
			all = append(all, domain.AuditEntry{ID: fmt.Sprintf("e-%03d", (i*37)%250), // ids out of time order
				Timestamp: day.Add(time.Duration(i/4) * time.Millisecond), // four entries an instant
				Action:    "x", DataAffected: data, AdminUserID: "admin", Success: i%2 == 0})
		}
		err := db.Write(ctx, func(tx *store.Tx) error {
			for _, e := range all {
				if err := tx.AddAudit(ctx, e); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range []domain.AuditFilter{{}, {DataAffected: "plan_config"}, {FailuresOnly: true}, {DataAffected: "plan_config", FailuresOnly: true}} {
			var want []string // newest first: later instant, then greater id
			for _, e := range all {
				if (f.DataAffected == "" || e.DataAffected == f.DataAffected) && (!f.FailuresOnly || !e.Success) {
					want = append(want, e.ID)
				}
			}
			slices.SortFunc(want, func(x, y string) int {
				ex := all[slices.IndexFunc(all, func(e domain.AuditEntry) bool { return e.ID == x })]
				ey := all[slices.IndexFunc(all, func(e domain.AuditEntry) bool { return e.ID == y })]
				if c := ey.Timestamp.Compare(ex.Timestamp); c != 0 {
					return c
				}
				return strings.Compare(y, x)
			})
			var got []string
			f.Limit = domain.AuditPageMax
			for pages := 0; ; pages++ {
				if pages > 10 {
					t.Fatalf("%+v: the pages never end", f)
				}
				var page []domain.AuditEntry
				err := db.Read(ctx, func(tx *store.Tx) error {
					var err error
					page, err = tx.Audit(ctx, f)
					return err
				})
				if err != nil {
					t.Fatalf("%+v: %v", f, err)
				}
				for _, e := range page {
					got = append(got, e.ID)
				}
				if len(page) < f.Limit {
					break
				}
				f.Cursor = page[len(page)-1].ID
			}
			if !slices.Equal(got, want) {
				t.Errorf("%+v: got %d entries %v, want %d %v", f, len(got), got, len(want), want)
			}
		}
		err = db.Read(ctx, func(tx *store.Tx) error {
			_, err := tx.Audit(ctx, domain.AuditFilter{Limit: 10, Cursor: "no-such-entry"})
			return err
		})
		if !errors.Is(err, domain.ErrNotFound) {
			t.Errorf("an unknown cursor: got %v, want not found", err)
		}
	})
}
