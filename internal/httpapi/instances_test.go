package httpapi_test

import (
	"context"
	"os"
	"testing"

	"agendo/internal/store"
	"agendo/internal/store/storetest"
)

// TestBookingOnOneInstanceReachesTheOwnerOnAnother runs two servers on one
// PostgreSQL database, as a deployment behind a load balancer does: the
// owner's dashboard listens on the first, the customer books on the second,
// and the event crosses through LISTEN/NOTIFY within a second.
func TestBookingOnOneInstanceReachesTheOwnerOnAnother(t *testing.T) {
	first, second := twoInstances(t)
	s := openShop(t, first)
	second.clock.Set(mondayMorning)
	live := events(t, first, s.owner)

	b := second.client().do("POST", "/api/v1/public/stores/"+s.slug+"/bookings", s.booking("any", "2026-11-24", "10:00")).must(t, 201).JSON
	expectEvent(t, live, "appointment.booked", b["id"].(string))
	second.client().do("POST", "/api/v1/public/bookings/"+b["token"].(string)+"/cancel", nil).must(t, 200)
	expectEvent(t, live, "appointment.updated", b["id"].(string))
}

// A payment confirmed on one instance reaches the dashboard open on another.
func TestPlanChangeOnOneInstanceReachesTheOwnerOnAnother(t *testing.T) {
	first, second := twoInstances(t)
	f := newBillingFixture(t, first)
	second.clock.Set(mondayMorning)
	live := events(t, first, f.owner)
	f.e = second
	f.send(t, "checkout.session.completed", "evt_inst1", 0, nil).must(t, 200)
	expectEvent(t, live, "plan.updated", f.uid)
	f.e = first
	f.expectPlan(t, "premium", true, "subscription.active")
}

// twoInstances starts two servers on one fresh PostgreSQL database, each
// with its own pool and its own LISTEN/NOTIFY bridge.
func twoInstances(t *testing.T) (*env, *env) {
	t.Helper()
	if os.Getenv(storetest.EnvPostgres) == "" {
		t.Skip(storetest.EnvPostgres + " not set")
	}
	dsn := storetest.DSN(t, store.Postgres)
	open := func() *env {
		db, err := store.Open(context.Background(), dsn)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		if _, err := db.Migrate(context.Background()); err != nil {
			t.Fatal(err)
		}
		return newEnv(t, db, envOptions{pgEvents: dsn})
	}
	return open(), open()
}
