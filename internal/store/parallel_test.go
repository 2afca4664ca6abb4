package store_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"agendo/internal/domain"
	"agendo/internal/store"
	"agendo/internal/store/storetest"
)

// On PostgreSQL a booking holds no row that all of a store's bookings need
// (issue 24): while one booking is written and not yet committed, another
// professional's booking of the same store, on the same day, commits; a
// booking of the same professional at an overlapping time waits for the
// first and is refused when it commits (the exclusion constraint, not a
// lock of the professional). SQLite's single writer serialises them all by
// design, so this is PostgreSQL's alone.
func TestBookingsOfOneStoreRunSideBySide(t *testing.T) {
	db := storetest.Open(t, store.Postgres)
	now := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	u := "0194a000-0000-7000-8000-0000000000c1"
	pros, svc := storetest.Owner(t, db, u, now)
	price := int64(5000)
	booking := func(id, pro, phone, tm string) domain.Appointment {
		return domain.Appointment{ID: id, ClientName: "Cliente " + id, ClientPhone: phone, ServiceID: svc, ProfessionalID: pro,
			Date: "2026-12-01", Time: tm, DurationMin: 30, Status: domain.StatusScheduled, Price: &price,
			Source: domain.SourcePublic, CreatedAt: now, UpdatedAt: now, Exclusive: true}
	}
	save := func(ctx context.Context, a domain.Appointment) error {
		return db.Write(ctx, func(tx *store.Tx) error { return tx.SaveAppointment(ctx, u, a, true) })
	}

	written, release := make(chan struct{}), make(chan struct{})
	first := make(chan error, 1)
	go func() {
		first <- db.Write(ctx, func(tx *store.Tx) error {
			if err := tx.SaveAppointment(ctx, u, booking("a1", pros[0], "+5511911110001", "10:00"), true); err != nil {
				return err
			}
			close(written)
			<-release
			return nil
		})
	}()
	<-written

	// Another professional, another client, the same day: it commits
	// while the first is open.
	beside, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := save(beside, booking("a2", pros[1], "+5511911110002", "10:00")); err != nil {
		close(release)
		t.Fatalf("a booking of another professional waited for an open one: %v", err)
	}

	// The same professional at an overlapping time: it waits, and loses.
	same := make(chan error, 1)
	go func() { same <- save(ctx, booking("a3", pros[0], "+5511911110003", "10:15")) }()
	select {
	case err := <-same:
		close(release)
		t.Fatalf("an overlapping booking of the same professional did not wait for the open one: %v", err)
	case <-time.After(300 * time.Millisecond):
	}
	close(release)
	if err := <-first; err != nil {
		t.Fatalf("first booking: %v", err)
	}
	if err := <-same; !errors.Is(err, store.ErrOverlap) {
		t.Fatalf("overlapping booking: got %v, want store.ErrOverlap", err)
	}

	// An overlap the owner confirmed (not exclusive) is kept.
	forced := booking("a4", pros[0], "+5511911110004", "10:00")
	forced.Exclusive = false
	if err := save(ctx, forced); err != nil {
		t.Fatalf("a forced overlap: %v", err)
	}
	var n int
	if err := db.Read(ctx, func(tx *store.Tx) error {
		o, err := tx.Totals(ctx, u)
		n = o.Appointments
		return err
	}); err != nil || n != 3 {
		t.Fatalf("totals: %d appointments (%v), want 3", n, err)
	}
}

// Many writers asking at once for overlapping times of one professional,
// for one client: exactly one is saved, every other is refused with
// ErrOverlap (never another error), round after round.
func TestOverlappingWritersOneWins(t *testing.T) {
	db := storetest.Open(t, store.Postgres)
	now := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	u := "0194a000-0000-7000-8000-0000000000c2"
	pros, svc := storetest.Owner(t, db, u, now)
	price := int64(5000)
	for round := range 20 {
		errs := make(chan error, 30)
		start := make(chan struct{})
		for i := range cap(errs) {
			go func() {
				<-start
				a := domain.Appointment{ID: fmt.Sprintf("r%02d-%02d", round, i), ClientName: "Maria", ClientPhone: "+5511955554444",
					ServiceID: svc, ProfessionalID: pros[0], Date: fmt.Sprintf("2026-12-%02d", round+1), Time: fmt.Sprintf("10:%02d", i%2*15),
					DurationMin: 45, Status: domain.StatusScheduled, Price: &price, Source: domain.SourcePublic, CreatedAt: now, UpdatedAt: now, Exclusive: true}
				errs <- db.Write(ctx, func(tx *store.Tx) error { return tx.SaveAppointment(ctx, u, a, true) })
			}()
		}
		close(start)
		saved := 0
		for range cap(errs) {
			switch err := <-errs; {
			case err == nil:
				saved++
			case !errors.Is(err, store.ErrOverlap):
				t.Fatalf("round %d: %v", round, err)
			}
		}
		if saved != 1 {
			t.Fatalf("round %d: %d saved, want 1", round, saved)
		}
	}
}

// An "any professional" booking locks its candidates while it chooses; a
// booking of one of them by name passes that lock (it would otherwise wait
// holding the professional's day, which the chooser wants next: a
// deadlock).
func TestChoosingAProfessionalDoesNotHoldTheirBookings(t *testing.T) {
	db := storetest.Open(t, store.Postgres)
	now := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	u := "0194a000-0000-7000-8000-0000000000c3"
	pros, svc := storetest.Owner(t, db, u, now)
	price := int64(5000)
	locked, release := make(chan struct{}), make(chan struct{})
	chooser := make(chan error, 1)
	go func() {
		chooser <- db.Write(ctx, func(tx *store.Tx) error {
			if err := tx.LockProfessional(ctx, u, pros[0]); err != nil {
				return err
			}
			close(locked)
			<-release
			return nil
		})
	}()
	<-locked
	named, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	err := db.Write(named, func(tx *store.Tx) error {
		return tx.SaveAppointment(named, u, domain.Appointment{ID: "n1", ClientName: "Maria", ClientPhone: "+5511955554444",
			ServiceID: svc, ProfessionalID: pros[0], Date: "2026-12-01", Time: "10:00", DurationMin: 30,
			Status: domain.StatusScheduled, Price: &price, Source: domain.SourcePublic, CreatedAt: now, UpdatedAt: now, Exclusive: true}, true)
	})
	close(release)
	if err != nil {
		t.Fatalf("a booking by name waited for a choice among professionals: %v", err)
	}
	if err := <-chooser; err != nil {
		t.Fatal(err)
	}
}
