package httpapi_test

import (
	"context"
	"fmt"
	"net/http"
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

// cookieOf is the value of the cookie name that r sets, or "".
func cookieOf(r resp, name string) string {
	for _, c := range (&http.Response{Header: r.Header}).Cookies() {
		if c.Name == name {
			return c.Value
		}
	}
	return ""
}

// signInFrom signs email in from address ip, from a browser holding the
// device cookie device ("" for a browser that never signed in).
func (e *env) signInFrom(ip, email, password, device string) resp {
	req := directRequest(e.t, "POST", "/api/v1/auth/signin", ip, map[string]string{"email": email, "password": password})
	if device != "" {
		req.AddCookie(&http.Cookie{Name: "agendo_device", Value: device})
	}
	return e.serve(req)
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
			e.signInFrom(ip, fmt.Sprintf("x%d@example.com", i), "qualquer-1", "").must(t, 400)
		}
		for _, e := range []*env{first, second} {
			r := e.signInFrom(ip, "y@example.com", "qualquer-1", "").must(t, 429)
			if r.Header.Get("Retry-After") != "10" { // 30 per 5 min: a token every 10 s
				t.Errorf("31st sign-in: got Retry-After %q, want 10", r.Header.Get("Retry-After"))
			}
		}
		first.clock.Advance(10 * time.Second)
		second.signInFrom(ip, "y@example.com", "qualquer-1", "").must(t, 400)
		first.signInFrom(ip, "z@example.com", "qualquer-1", "").must(t, 429)
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
				before.signInFrom(ipN(6), fmt.Sprintf("x%d@example.com", i), "qualquer-1", "").must(t, 400)
			}
			before.srv.Close()
			before.app.Close()
			if err := before.db.Close(); err != nil {
				t.Fatal(err)
			}

			after := newEnv(t, openDB(t, dsn), envOptions{clock: clk})
			after.serve(directRequest(t, "POST", "/api/v1/public/stores/"+s.slug+"/bookings", ipN(5), s.booking("any", "2026-11-26", "10:00"))).must(t, 429)
			after.signInFrom(ipN(6), "y@example.com", "qualquer-1", "").must(t, 429)
			// Other addresses are untouched.
			after.serve(directRequest(t, "POST", "/api/v1/public/stores/"+s.slug+"/bookings", ipN(7), s.booking("any", "2026-11-26", "10:00"))).must(t, 201)
		})
	}
}

// Failed password checks per account are bounded whatever the addresses
// (at most 100 in any 60 minutes), yet a stranger spraying the account from
// 250 addresses cannot lock its owner out: a browser where she signed in
// before gets in from a new address, and a new browser gets in after a
// reset by email. Guesses come through both instances.
func TestPasswordChecksPerAccountAreBoundedWhateverTheAddresses(t *testing.T) {
	sharedInstances(t, func(t *testing.T, first, second *env) {
		const email = "carla@example.com"
		instances := []*env{first, second}
		first.client().signUp("Carla", email)
		// Her phone and her notebook signed in before: known devices.
		phone := cookieOf(first.signInFrom(ipN(1), email, testPassword, "").must(t, 200), "agendo_device")
		notebook := cookieOf(second.signInFrom(ipN(2), email, testPassword, "").must(t, 200), "agendo_device")
		if phone == "" || notebook == "" || phone == notebook {
			t.Fatalf("device cookies: got %q and %q, want two different ones", phone, notebook)
		}

		// An hour of guesses: every 12 s, 5 of 250 addresses guess once
		// each (well within each address's own sign-in limit).
		const addresses, step = 250, 12 * time.Second
		checked, limited, n := 0, 0, 0
		for at := time.Duration(0); at < time.Hour; at += step {
			for range 5 {
				r := instances[n%2].signInFrom(ipN(1000+n%addresses), email, "chute-"+strconv.Itoa(n), "")
				switch r.Status {
				case 400:
					checked++
				case 429:
					limited++
				default:
					t.Fatalf("guess %d: got %d %s", n, r.Status, r.Body)
				}
				n++
			}
			if at == 30*time.Minute {
				// Mid-spray, the owner's phone on a new network gets in.
				instances[n%2].signInFrom(ipN(5000), email, testPassword, phone).must(t, 200)
				// A browser that never signed in waits with the strangers.
				first.signInFrom(ipN(5001), email, testPassword, "").must(t, 429)
			}
			first.clock.Advance(step)
		}
		// 50 at once, then one every 72 s: 50 + 49 by the last guess.
		if checked > 100 || checked < 95 {
			t.Errorf("%d guesses from %d addresses in an hour: %d checked, want 95–100 (at most 100 in any 60 minutes)", n, addresses, checked)
		}
		t.Logf("%d guesses from %d addresses in an hour: %d checked, %d refused", n, addresses, checked, limited)

		// Each known device has 5 failed checks of its own while the
		// account's budget is spent (the stranger takes the one that came
		// back since the last guess).
		for first.signInFrom(ipN(1000+n%addresses), email, "chute-"+strconv.Itoa(n), "").Status != 429 {
			n++
		}
		ownChecked := 0
		for i := range 8 {
			if instances[i%2].signInFrom(ipN(5002), email, "errada-"+strconv.Itoa(i), notebook).Status == 400 {
				ownChecked++
			}
		}
		if ownChecked != 5 {
			t.Errorf("8 wrong passwords from a known device: %d checked, want 5", ownChecked)
		}

		// A new browser gets in after resetting the password by email: the
		// link proves the account is hers, and makes the browser known.
		const newPassword = "tesoura-afiada-77"
		first.serve(directRequest(t, "POST", "/api/v1/auth/recover", ipN(5001), map[string]string{"email": email})).must(t, 200)
		link := parseRecoveryMail(t, first.mail.Wait(t, 1, mailTimeout))
		reset := second.serve(directRequest(t, "POST", "/api/v1/auth/reset", ipN(5001), map[string]string{"token": link.Token, "password": newPassword})).must(t, 204)
		browser := cookieOf(reset, "agendo_device")
		if browser == "" {
			t.Fatal("the reset set no device cookie")
		}
		first.signInFrom(ipN(5001), email, newPassword, browser).must(t, 200)
		// Without the cookie, that browser would still wait.
		first.signInFrom(ipN(5001), email, newPassword, "").must(t, 429)
		// A cookie made for another account is no cookie at all here.
		first.client().signUp("Outra", "outra@example.com")
		other := cookieOf(first.signInFrom(ipN(5003), "outra@example.com", testPassword, "").must(t, 200), "agendo_device")
		first.signInFrom(ipN(5003), email, newPassword, other).must(t, 429)
	})
}

// The failed-check budgets are taken before the hash runs, in the
// database: concurrent guesses through two instances cannot slip past them
// while the first ones are still being hashed. Round after round, exactly
// the budget is checked.
func TestConcurrentGuessesAreCountedAcrossInstances(t *testing.T) {
	sharedInstances(t, func(t *testing.T, first, second *env) {
		const email = "olga@example.com"
		instances := []*env{first, second}
		first.client().signUp("Olga", email)
		var devices []string
		for i := range 7 {
			devices = append(devices, cookieOf(first.signInFrom(ipN(i+1), email, testPassword, "").must(t, 200), "agendo_device"))
		}
		burst := func(n int, ip func(i int) string, device func(i int) string) (checked, limited int) {
			statuses := make([]int, n)
			var wg sync.WaitGroup
			for i := range n {
				e := instances[i%2]
				wg.Go(func() { statuses[i] = e.signInFrom(ip(i), email, "errada-"+strconv.Itoa(i), device(i)).Status })
			}
			wg.Wait()
			for i, st := range statuses {
				switch st {
				case 400:
					checked++
				case 429:
					limited++
				default:
					t.Fatalf("guess %d: got %d", i, st)
				}
			}
			return checked, limited
		}
		for round := range 3 {
			first.clock.Advance(3 * time.Hour) // every bucket is full again
			base := 1000 * (round + 1)
			noDevice := func(int) string { return "" }
			if c, l := burst(80, func(i int) string { return ipN(base + i) }, noDevice); c != 50 || l != 30 {
				t.Errorf("round %d: 80 concurrent guesses from 80 addresses: %d checked, %d refused; want 50 and 30", round, c, l)
			}
			// One known device: 5 of its own.
			if c, _ := burst(20, func(int) string { return ipN(base + 100) }, func(int) string { return devices[0] }); c != 5 {
				t.Errorf("round %d: 20 concurrent guesses from a known device: %d checked, want 5", round, c)
			}
			// All known devices together: 25 (5 were just used).
			if c, _ := burst(60, func(i int) string { return ipN(base + 200 + i%6) }, func(i int) string { return devices[1+i%6] }); c != 20 {
				t.Errorf("round %d: 60 concurrent guesses from 6 known devices: %d checked, want 20 (25 for all known devices)", round, c)
			}
		}
	})
}
