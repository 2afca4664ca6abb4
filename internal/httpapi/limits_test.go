package httpapi_test

import (
	"context"
	"fmt"
	"strconv"
	"sync"
	"testing"
	"time"

	"agendo/internal/store"
	"agendo/internal/store/storetest"
)

// Rate limits every instance sees and a restart keeps (issue 22; DESIGN.md
// sections 5 and 13 as docs/decisions.md restates them).

// openDB opens the database at dsn (another handle on it: another instance,
// or the same one after a restart), closed when the test ends.
func openDB(t *testing.T, dsn string) *store.DB {
	t.Helper()
	db, err := store.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := db.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	return db
}

// sharedInstances runs fn, on every engine, with two servers sharing one
// database and one clock, each with its own pool (on SQLite its own writer
// connection to the one file) and its own in-process buckets, as two
// instances behind a load balancer have.
func sharedInstances(t *testing.T, fn func(t *testing.T, first, second *env), opts ...envOptions) {
	t.Helper()
	for _, engine := range []store.Engine{store.SQLite, store.Postgres} {
		t.Run(string(engine), func(t *testing.T) {
			dsn := storetest.DSN(t, engine)
			var o envOptions
			if len(opts) > 0 {
				o = opts[0]
			}
			o.clock = &clock{t: time.Now().UTC()}
			fn(t, newEnv(t, openDB(t, dsn), o), newEnv(t, openDB(t, dsn), o))
		})
	}
}

// signInFrom signs email in from address ip.
func (e *env) signInFrom(ip, email, password string) resp {
	return e.serve(directRequest(e.t, "POST", "/api/v1/auth/signin", ip, map[string]string{"email": email, "password": password}))
}

func TestPublicBookingLimitsAreSharedByInstances(t *testing.T) {
	sharedInstances(t, func(t *testing.T, first, second *env) {
		s := openShop(t, first)
		instances := []*env{first, second}
		// One address (the loopback) books on both: 10 in all, not 10 each.
		for i := range 10 {
			date := "2026-11-25"
			if i >= 5 {
				date = "2026-11-26"
			}
			instances[i%2].client().do("POST", "/api/v1/public/stores/"+s.slug+"/bookings", s.booking("any", date, fmt.Sprintf("%02d:00", 10+i%5))).must(t, 201)
		}
		for _, e := range instances {
			r := e.client().do("POST", "/api/v1/public/stores/"+s.slug+"/bookings", s.booking("any", "2026-11-27", "10:00")).must(t, 429)
			if secs, _ := strconv.Atoi(r.Header.Get("Retry-After")); secs < 1 || secs > 60 {
				t.Errorf("11th booking: got Retry-After %q, want one booking's share of 10 minutes (60 s)", r.Header.Get("Retry-After"))
			}
		}
		// The bucket refills on both: one booking a minute.
		first.clock.Advance(time.Minute)
		second.client().do("POST", "/api/v1/public/stores/"+s.slug+"/bookings", s.booking("any", "2026-11-27", "10:00")).must(t, 201)
		first.client().do("POST", "/api/v1/public/stores/"+s.slug+"/bookings", s.booking("any", "2026-11-27", "11:00")).must(t, 429)
	})
	// AGENDO_PUBLIC_BOOKING_LIMITS sets both limits; the store's is shared too.
	sharedInstances(t, func(t *testing.T, first, second *env) {
		s := openShop(t, first)
		for i, e := range []*env{first, second, first} {
			e.serve(directRequest(t, "POST", "/api/v1/public/stores/"+s.slug+"/bookings", ipN(100+i), s.booking("any", "2026-11-25", fmt.Sprintf("%02d:00", 10+i)))).must(t, 201)
		}
		second.serve(directRequest(t, "POST", "/api/v1/public/stores/"+s.slug+"/bookings", ipN(200), s.booking("any", "2026-11-25", "14:00"))).must(t, 429)
	}, envOptions{publicPerIP: 1000, publicPerStore: 3})
}

// Many customers from one address at once, on both instances, round after
// round: exactly 10 bookings each round, the rest 429, never a 5xx.
func TestConcurrentPublicBookingsFromOneAddress(t *testing.T) {
	sharedInstances(t, func(t *testing.T, first, second *env) {
		s := openShop(t, first)
		const rounds, callers = 3, 30
		for round := range rounds {
			ip := ipN(300 + round)
			statuses := make([]int, callers)
			var wg sync.WaitGroup
			for g := range callers {
				e := []*env{first, second}[g%2]
				// Each caller its own time: a day of the round's week, an hour.
				date := time.Date(2026, 11, 25+7*round+g/9, 0, 0, 0, 0, time.UTC).Format(time.DateOnly)
				body := s.booking("any", date, fmt.Sprintf("%02d:00", 9+g%9))
				wg.Go(func() {
					statuses[g] = e.serve(directRequest(t, "POST", "/api/v1/public/stores/"+s.slug+"/bookings", ip, body)).Status
				})
			}
			wg.Wait()
			count := map[int]int{}
			for _, st := range statuses {
				count[st]++
			}
			if count[201] != 10 || count[429] != callers-10 {
				t.Errorf("round %d: got %v, want 10 × 201 and %d × 429", round, count, callers-10)
			}
			first.clock.Advance(10 * time.Minute) // the next round's address starts full anyway
		}
	})
}

func TestSignInLimitIsSharedByInstances(t *testing.T) {
	sharedInstances(t, func(t *testing.T, first, second *env) {
		ip := ipN(77)
		for i := range 30 {
			e := []*env{first, second}[i%2]
			e.signInFrom(ip, fmt.Sprintf("x%d@example.com", i), "qualquer-1").must(t, 400)
		}
		for _, e := range []*env{first, second} {
			r := e.signInFrom(ip, "y@example.com", "qualquer-1").must(t, 429)
			if r.Header.Get("Retry-After") != "10" { // 30 per 5 min: a token every 10 s
				t.Errorf("31st sign-in: got Retry-After %q, want 10", r.Header.Get("Retry-After"))
			}
		}
		first.clock.Advance(10 * time.Second)
		second.signInFrom(ip, "y@example.com", "qualquer-1").must(t, 400)
		first.signInFrom(ip, "z@example.com", "qualquer-1").must(t, 429)
	})
}

func TestRecoveryEmailOncePerMinuteAcrossInstances(t *testing.T) {
	sharedInstances(t, func(t *testing.T, first, second *env) {
		first.client().signUp("Iara Souza", "iara@example.com")
		recoverMail(t, first, "iara@example.com", 1)
		// The other instance's own bucket is full, the shared one is not.
		second.client().do("POST", "/api/v1/auth/recover", map[string]string{"email": "iara@example.com"}).must(t, 200)
		first.settle()
		second.settle()
		if n, m := first.mail.Count(), second.mail.Count(); n+m != 1 {
			t.Fatalf("two requests within a minute on two instances: got %d + %d emails, want 1", n, m)
		}
		first.clock.Advance(61 * time.Second)
		recoverMail(t, second, "iara@example.com", 1)
	})
}

// A restart (a new process on the same database) forgets nothing.
func TestLimitsSurviveARestart(t *testing.T) {
	for _, engine := range []store.Engine{store.SQLite, store.Postgres} {
		t.Run(string(engine), func(t *testing.T) {
			dsn := storetest.DSN(t, engine)
			clk := &clock{t: time.Now().UTC()}
			before := newEnv(t, openDB(t, dsn), envOptions{clock: clk})
			s := openShop(t, before)
			for i := range 10 {
				before.serve(directRequest(t, "POST", "/api/v1/public/stores/"+s.slug+"/bookings", ipN(5), s.booking("any", "2026-11-25", fmt.Sprintf("%02d:00", 9+i%9)))).must(t, 201)
			}
			for i := range 30 {
				before.signInFrom(ipN(6), fmt.Sprintf("x%d@example.com", i), "qualquer-1").must(t, 400)
			}
			before.srv.Close()
			before.app.Close()
			if err := before.db.Close(); err != nil {
				t.Fatal(err)
			}

			after := newEnv(t, openDB(t, dsn), envOptions{clock: clk})
			after.serve(directRequest(t, "POST", "/api/v1/public/stores/"+s.slug+"/bookings", ipN(5), s.booking("any", "2026-11-26", "10:00"))).must(t, 429)
			after.signInFrom(ipN(6), "y@example.com", "qualquer-1").must(t, 429)
			// Other addresses are untouched.
			after.serve(directRequest(t, "POST", "/api/v1/public/stores/"+s.slug+"/bookings", ipN(7), s.booking("any", "2026-11-26", "10:00"))).must(t, 201)
		})
	}
}
