package httpapi_test

import (
	"context"
	"os"
	"slices"
	"strings"
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
// with its own pool and its own LISTEN/NOTIFY bridge, and opts.
func twoInstances(t *testing.T, opts ...envOptions) (*env, *env) {
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
		var o envOptions
		if len(opts) > 0 {
			o = opts[0]
		}
		o.pgEvents = dsn
		return newEnv(t, db, o)
	}
	return open(), open()
}

// A catalogue cached by one instance follows a change made on another: the
// public page never shows a service as it was.
func TestCatalogueCacheFollowsChangesOnAnotherInstance(t *testing.T) {
	first, second := twoInstances(t)
	s := openShop(t, first)
	second.clock.Set(mondayMorning)
	page := func(e *env) string {
		return string(e.client().do("GET", "/api/v1/public/stores/"+s.slug, nil).must(t, 200).Body)
	}
	if !strings.Contains(page(first), `"Corte"`) {
		t.Fatal("the public page lacks the service")
	}
	owner := second.withToken(s.owner.token)
	owner.do("PUT", "/api/v1/services/"+s.corte, map[string]any{"name": "Corte feminino", "description": "", "duration": 45,
		"price": 4590, "professionalIds": []string{s.ana, s.bruno}}).must(t, 200)
	if got := page(first); !strings.Contains(got, `"Corte feminino"`) {
		t.Errorf("the first instance still shows the old catalogue: %s", got)
	}
	owner.do("DELETE", "/api/v1/services/"+s.escova, nil).must(t, 204)
	if got := page(first); strings.Contains(got, `"Escova"`) {
		t.Errorf("a deleted service is still offered: %s", got)
	}
}

// Busy times cached by one instance follow a booking made on another: the
// public page never offers a time that was just taken.
func TestBusyTimesCacheFollowsBookingsOnAnotherInstance(t *testing.T) {
	first, second := twoInstances(t)
	s := openShop(t, first)
	second.clock.Set(mondayMorning)
	offered := func(e *env) []string {
		return times(t, e.client().do("GET", "/api/v1/public/stores/"+s.slug+"/availability?serviceId="+s.corte+
			"&professionalId="+s.ana+"&from=2026-11-23&days=7", nil).must(t, 200), "2026-11-25")
	}
	if !slices.Contains(offered(first), "10:00") {
		t.Fatal("10:00 is not offered on an empty day")
	}
	second.client().do("POST", "/api/v1/public/stores/"+s.slug+"/bookings", s.booking(s.ana, "2026-11-25", "10:00")).must(t, 201)
	if got := offered(first); slices.Contains(got, "10:00") {
		t.Errorf("the first instance still offers the time booked on the second: %v", got)
	}
}
