package store_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"agendo/internal/domain"
	"agendo/internal/store"
	"agendo/internal/store/storetest"
)

// sameTime reports whether a and b are the same instant at the same
// offset: all that a reader of a stored time sees (JSON writes the offset).
func sameTime(a, b time.Time) bool {
	_, oa := a.Zone()
	_, ob := b.Zone()
	return a.Equal(b) && oa == ob && a.Format(time.RFC3339Nano) == b.Format(time.RFC3339Nano)
}

func TestParseInstantReadsWhatTheDriverReads(t *testing.T) {
	cases := []struct {
		name string
		in   string
		ok   bool
	}{
		{"the driver's layout, microseconds", "2026-11-27 15:04:05.123456+00:00", true},
		{"no fraction", "2026-11-27 15:04:05+00:00", true},
		{"nanoseconds", "2026-11-27 15:04:05.123456789+00:00", true},
		{"ten fraction digits (the driver truncates)", "2026-11-27 15:04:05.1234567891+00:00", true},
		{"negative zero offset", "2026-11-27 15:04:05.5-00:00", true},
		{"another offset", "2026-11-27 12:04:05.5-03:00", true},
		{"time.Time.String", "2026-11-27 15:04:05.123 +0000 UTC m=+0.000000001", true},
		{"ISO with T and Z", "2026-11-27T15:04:05.123Z", true},
		{"a date", "2026-11-27", true},
		{"29 February of a leap year", "2028-02-29 00:00:00+00:00", true},
		{"29 February of another year", "2026-02-29 00:00:00+00:00", false},
		{"hour 24", "2026-11-27 24:00:00+00:00", false},
		{"a dot without digits", "2026-11-27 15:04:05.+00:00", false},
		{"empty", "", false},
		{"words", "ontem", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := store.ParseInstantForTest(tc.in)
			want, wantOK := store.ParseDriverTimeForTest(tc.in)
			if ok != tc.ok || wantOK != tc.ok {
				t.Fatalf("got ok %v (driver %v), want %v", ok, wantOK, tc.ok)
			}
			if ok && !sameTime(got, want) {
				t.Errorf("got %v, want %v", got, want)
			}
		})
	}
}

func FuzzParseInstant(f *testing.F) {
	for _, s := range []string{"2026-11-27 15:04:05.123456+00:00", "2026-11-27 15:04:05+00:00", "2026-11-27 12:04:05-03:00",
		"2026-11-27T15:04:05Z", "2026-02-30 10:00:00+00:00", "9999-12-31 23:59:59.999999999-00:00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, ok := store.ParseInstantForTest(s)
		want, wantOK := store.ParseDriverTimeForTest(s)
		if ok != wantOK || (ok && !sameTime(got, want)) {
			t.Errorf("%q: got %v %v, the driver's parse %v %v", s, got, ok, want, wantOK)
		}
	})
}

// The times of an appointment read back as written, on both engines, from
// the page, by id and from a client's history, including a reminder.
func TestAppointmentTimesReadBackAsWritten(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		userID := "00000000-0000-4000-8000-0000000000aa"
		pros, svc := storetest.Owner(t, db, userID, time.Now().UTC())
		created := time.Date(2026, 11, 27, 15, 4, 5, 123456000, time.UTC)
		updated := created.Add(90 * time.Minute)
		reminded := time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)
		ap := domain.Appointment{ID: "00000000-0000-4000-8000-000000000001", ClientName: "Maria", ClientPhone: "+5511912345678",
			ServiceID: svc, ProfessionalID: pros[0],
			Date: "2026-12-01", Time: "10:00", DurationMin: 30, Status: domain.StatusScheduled, Source: domain.SourceOwner,
			ReminderSentAt: &reminded, CreatedAt: created, UpdatedAt: updated}
		other := ap
		other.ID, other.Time, other.ReminderSentAt, other.CreatedAt = "00000000-0000-4000-8000-000000000002", "11:00", nil, created.Add(time.Second)
		if err := db.Write(ctx, func(tx *store.Tx) error { return tx.ImportAppointments(ctx, userID, []domain.Appointment{ap, other}) }); err != nil {
			t.Fatal(err)
		}
		var byID domain.Appointment
		var page []domain.Appointment
		err := db.Read(ctx, func(tx *store.Tx) error {
			var err error
			if byID, err = tx.Appointment(ctx, userID, ap.ID); err != nil {
				return err
			}
			page, _, err = tx.Appointments(ctx, userID, domain.AppointmentFilter{From: "2026-12-01", To: "2026-12-01", Limit: 50})
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		if len(page) != 2 {
			t.Fatalf("got %d appointments, want 2", len(page))
		}
		for _, c := range []struct {
			name      string
			got, want domain.Appointment
		}{{"by id", byID, ap}, {"page, first", page[0], ap}, {"page, second", page[1], other}} {
			if !sameTime(c.got.CreatedAt, c.want.CreatedAt) || !sameTime(c.got.UpdatedAt, c.want.UpdatedAt) {
				t.Errorf("%s: got created %v updated %v, want %v %v", c.name, c.got.CreatedAt, c.got.UpdatedAt, c.want.CreatedAt, c.want.UpdatedAt)
			}
			if (c.got.ReminderSentAt == nil) != (c.want.ReminderSentAt == nil) ||
				(c.got.ReminderSentAt != nil && !sameTime(*c.got.ReminderSentAt, *c.want.ReminderSentAt)) {
				t.Errorf("%s: got reminder %v, want %v", c.name, c.got.ReminderSentAt, c.want.ReminderSentAt)
			}
		}
	})
}

// The by-id read outside a transaction says whose open session it was
// asked in: the owner while the session is open, "" once it is revoked or
// when it does not exist; an unknown appointment is not_found.
func TestAppointmentInSession(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
		userID := "00000000-0000-4000-8000-0000000000bb"
		pros, svc := storetest.Owner(t, db, userID, now)
		ap := domain.Appointment{ID: "00000000-0000-4000-8000-000000000003", ClientName: "Maria", ClientPhone: "+5511912345678",
			ServiceID: svc, ProfessionalID: pros[0], Date: "2026-12-01", Time: "10:00", DurationMin: 30,
			Status: domain.StatusScheduled, Source: domain.SourceOwner, CreatedAt: now, UpdatedAt: now}
		err := db.Write(ctx, func(tx *store.Tx) error {
			if err := tx.CreateSession(ctx, store.Session{ID: "sessao-viva", UserID: userID, CreatedAt: now}); err != nil {
				return err
			}
			if err := tx.CreateSession(ctx, store.Session{ID: "sessao-encerrada", UserID: userID, CreatedAt: now}); err != nil {
				return err
			}
			if err := tx.RevokeSession(ctx, "sessao-encerrada", now); err != nil {
				return err
			}
			return tx.ImportAppointments(ctx, userID, []domain.Appointment{ap})
		})
		if err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			session, id, owner string
			notFound           bool
		}{
			{"sessao-viva", ap.ID, userID, false},
			{"sessao-encerrada", ap.ID, "", false},
			{"sessao-inexistente", ap.ID, "", false},
			{"sessao-viva", "00000000-0000-4000-8000-00000000dead", "", true},
		} {
			err := db.ReadSingle(ctx, func(tx *store.Tx) error {
				got, owner, err := tx.AppointmentInSession(ctx, userID, tc.id, tc.session)
				if tc.notFound {
					if !errors.Is(err, domain.ErrNotFound) {
						t.Errorf("%s, %s: got %v, want not_found", tc.session, tc.id, err)
					}
					return nil
				}
				if err != nil {
					return err
				}
				if owner != tc.owner || got.ID != ap.ID || !sameTime(got.CreatedAt, now) {
					t.Errorf("%s: got owner %q, appointment %s %v; want %q, %s", tc.session, owner, got.ID, got.CreatedAt, tc.owner, ap.ID)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		}
		// Many at once, as the by-id route is read: the statement prepared
		// on the pool serves them all (and -race watches).
		var wg sync.WaitGroup
		errs := make(chan error, 16)
		for range 16 {
			wg.Go(func() {
				for range 50 {
					err := db.ReadSingle(ctx, func(tx *store.Tx) error {
						_, owner, err := tx.AppointmentInSession(ctx, userID, ap.ID, "sessao-viva")
						if err == nil && owner != userID {
							err = fmt.Errorf("got owner %q", owner)
						}
						return err
					})
					if err != nil {
						errs <- err
						return
					}
				}
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Error(err)
		}
		err = db.ReadSingle(ctx, func(tx *store.Tx) error { return tx.RevokeSession(ctx, "sessao-viva", now) })
		if err == nil {
			t.Error("a write outside a transaction went through")
		}
	})
}
