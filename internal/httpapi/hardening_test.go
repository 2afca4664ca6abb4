package httpapi_test

import (
	"bufio"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
	"time"
)

// What an outside audit found (issue 9), each shown on both engines.

func TestAvatarMustBeTheOwnersUpload(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		a := e.client().signUp("Alice", "alice@example.com")
		b := e.client().signUp("Bia", "bia@example.com")
		theirs := b.upload("avatar", pngBytes(t, 50, 50)).must(t, 201).JSON["url"].(string)
		r := a.do("PATCH", "/api/v1/profile", map[string]any{"avatar": theirs})
		if r.Status != 422 || r.JSON["error"].(map[string]any)["fields"].(map[string]any)["avatar"] == nil {
			t.Fatalf("another owner's file as avatar: got %d %s, want 422 on avatar", r.Status, r.Body)
		}
		if p := a.do("GET", "/api/v1/profile", nil).must(t, 200); p.JSON["avatar"] != nil {
			t.Errorf("avatar: got %v, want none", p.JSON["avatar"])
		}
		mine := a.upload("avatar", pngBytes(t, 50, 50)).must(t, 201).JSON["url"].(string)
		a.do("PATCH", "/api/v1/profile", map[string]any{"avatar": mine}).must(t, 200)
	})
}

// Behind a reverse proxy each customer is their own caller; from any other
// peer the forwarding headers are ignored.
func TestCustomersBehindATrustedProxyAreTold(t *testing.T) {
	proxy := envOptions{trustedProxies: []netip.Prefix{netip.MustParsePrefix("10.9.0.0/16")}}
	eachEngine(t, func(t *testing.T, e *env) {
		s := openShop(t, e)
		for i := range 12 {
			req := directRequest(t, "POST", "/api/v1/public/stores/"+s.slug+"/bookings", "10.9.0.1",
				s.booking("any", "2026-11-25", fmt.Sprintf("%02d:00", 9+i%9)))
			req.Header.Set("X-Forwarded-For", fmt.Sprintf("203.0.113.%d", i+1))
			if i >= 9 {
				req = directRequest(t, "POST", "/api/v1/public/stores/"+s.slug+"/bookings", "10.9.0.1",
					s.booking("any", "2026-11-26", fmt.Sprintf("%02d:00", i)))
				req.Header.Set("X-Forwarded-For", fmt.Sprintf("[2001:db8::%d]:4711", i+1))
				req.Header.Set("Forwarded", "for=6.6.6.6") // a client's own header: not read
			}
			if r := e.serve(req); r.Status != 201 {
				t.Fatalf("customer %d through the proxy: got %d %s", i+1, r.Status, r.Body)
			}
		}
		// A client writing its own X-Forwarded-For gains nothing: the proxy
		// appends the real address, which is what counts.
		for i := range 11 {
			req := directRequest(t, "POST", "/api/v1/public/stores/"+s.slug+"/bookings", "10.9.0.1",
				s.booking("any", "2026-11-27", fmt.Sprintf("%02d:00", 9+i%9)))
			req.Header.Set("X-Forwarded-For", fmt.Sprintf("198.51.100.%d, 203.0.113.200", i))
			r := e.serve(req)
			if want := map[bool]int{true: 429, false: 201}[i == 10]; r.Status != want && !(r.Status == 409 && i >= 9) {
				t.Fatalf("spoofing booking %d: got %d %s, want %d", i+1, r.Status, r.Body, want)
			}
		}
	}, proxy)
	eachEngine(t, func(t *testing.T, e *env) {
		s := openShop(t, e)
		for i := range 11 {
			req := directRequest(t, "POST", "/api/v1/public/stores/"+s.slug+"/bookings", "10.9.0.1",
				s.booking("any", "2026-11-25", fmt.Sprintf("%02d:00", 9+i%9)))
			req.Header.Set("X-Forwarded-For", fmt.Sprintf("203.0.113.%d", i+1))
			r := e.serve(req)
			if i == 10 && r.Status != 429 {
				t.Errorf("no trusted proxy, 11th booking from one peer: got %d, want 429", r.Status)
			}
		}
	})
}

func TestHSTSWhenServedOverHTTPS(t *testing.T) {
	storetestEach := func(https bool, want bool) {
		eachEngine(t, func(t *testing.T, e *env) {
			for _, path := range []string{"/healthz", "/login", "/api/v1/profile", "/store/x"} {
				r := e.client().do("GET", path, nil)
				if got := r.Header.Get("Strict-Transport-Security") != ""; got != want {
					t.Errorf("https=%v %s: HSTS %q", https, path, r.Header.Get("Strict-Transport-Security"))
				}
			}
		}, envOptions{https: https})
	}
	storetestEach(true, true)
	storetestEach(false, false)
}

func TestOneTokenCannotHoldThousandsOfStreams(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		c := e.client().signUp("Sara", "sara@example.com")
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		open := func() *http.Response {
			req, err := http.NewRequestWithContext(ctx, "GET", e.srv.URL+"/api/v1/events", nil)
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Authorization", "Bearer "+c.token)
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			return res
		}
		var streams []*http.Response
		defer func() {
			for _, s := range streams {
				s.Body.Close()
			}
		}()
		for i := range 16 {
			res := open()
			streams = append(streams, res)
			if res.StatusCode != 200 {
				t.Fatalf("stream %d: got %d", i+1, res.StatusCode)
			}
		}
		res := open()
		res.Body.Close()
		if res.StatusCode != 429 || res.Header.Get("Retry-After") == "" {
			t.Fatalf("17th stream: got %d Retry-After %q, want 429", res.StatusCode, res.Header.Get("Retry-After"))
		}
		// Another owner is not affected.
		d := e.client().signUp("Tina", "tina@example.com")
		req, _ := http.NewRequest("GET", e.srv.URL+"/api/v1/events", nil)
		req.Header.Set("Authorization", "Bearer "+d.token)
		if r := streamHead(t, req); r.Status != 200 {
			t.Errorf("another owner's stream: got %d", r.Status)
		}
	})
}

func TestPageViewsPerStoreAreCapped(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		s := openShop(t, e)
		for i := range 150 {
			r := e.serve(directRequest(t, "POST", "/api/v1/analytics/pageview", ipN(5000+i),
				map[string]string{"path": "/store/" + s.slug, "referrer": ""}))
			if r.Status != 204 {
				t.Fatalf("view %d: got %d %s, want 204", i+1, r.Status, r.Body)
			}
		}
		if n := len(pageViews(t, e, s.storeID)); n != 120 {
			t.Errorf("a flood of 150 views in a minute counted %d, want 120", n)
		}
	})
}

func TestNamesMustShowAndReadAsTyped(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		c := e.client().signUp("Ursula", "ursula@example.com")
		ids := seedCatalogue(t, c)
		for name, value := range map[string]string{
			"zero-width spaces":       "\u200b\u200b\u200b",
			"Hangul fillers":          "\u3164\u3164",
			"Braille blank":           "\u2800",
			"soft hyphen and joiners": "\u00ad\u200d\u2060",
			"right-to-left override":  "Ana \u202egnp.exe",
			"isolate":                 "Ana \u2066Bia\u2069",
		} {
			t.Run(name, func(t *testing.T) {
				for _, tc := range []struct {
					method, path string
					body         map[string]any
				}{
					{"PATCH", "/api/v1/profile", map[string]any{"name": value}},
					{"PUT", "/api/v1/store", validStore(value)},
					{"POST", "/api/v1/professionals", professionalBody(value)},
					{"POST", "/api/v1/services", map[string]any{"name": value, "duration": 30, "price": 100, "professionalIds": []string{ids["professionals"]}}},
					{"POST", "/api/v1/appointments", appointmentBodyNamed(value, "(11) 91234-5678", ids["services"], ids["professionals"], "2026-12-10", "10:00")},
				} {
					if r := c.do(tc.method, tc.path, tc.body); r.Status != 422 {
						t.Errorf("%s %s: got %d %s, want 422", tc.method, tc.path, r.Status, r.Body)
					}
				}
			})
		}
		c.do("PATCH", "/api/v1/profile", map[string]any{"name": "Úrsula Ñandú \u00e7"}).must(t, 200)
	})
}

func TestIconHasACharset(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		r := e.client().do("GET", "/icon.svg", nil).must(t, 200)
		if ct := r.Header.Get("Content-Type"); ct != "image/svg+xml; charset=utf-8" {
			t.Errorf("Content-Type: got %q", ct)
		}
	})
}

// A request its browser cancelled (navigating on) failed nowhere: it is not
// a 500 and leaves no error in the log.
func TestCancelledRequestIsNotAServerError(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		c := e.client().signUp("Vera", "vera@example.com")
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		req := directRequest(t, "GET", "/api/v1/appointments?from=2026-01-01&to=2026-12-31", "192.0.2.5", nil).WithContext(ctx)
		req.Header.Set("Authorization", "Bearer "+c.token)
		if r := e.serve(req); r.Status != 499 {
			t.Errorf("cancelled request: got %d, want 499", r.Status)
		}
		if logs := e.logBuf.String(); strings.Contains(logs, `"level":"ERROR"`) {
			t.Errorf("a cancelled request was logged as an error:\n%s", logs)
		}
	})
}

func TestRestoreIntoATakenTimeAsksFirst(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		c := e.client().signUp("Wanda", "wanda@example.com")
		ids := seedCatalogue(t, c)
		first := c.do("POST", "/api/v1/appointments", appointmentBodyNamed("Xuxa", "(11) 91111-1111", ids["services"], ids["professionals"], "2026-12-10", "10:00")).must(t, 201).JSON
		trash := c.do("DELETE", "/api/v1/appointments/"+first["id"].(string), nil).must(t, 200).JSON["id"].(string)
		c.do("POST", "/api/v1/appointments", appointmentBodyNamed("Yara", "(11) 92222-2222", ids["services"], ids["professionals"], "2026-12-10", "10:00")).must(t, 201)

		// An empty body, chunked or not, is no confirmation.
		req, err := http.NewRequest("POST", e.srv.URL+"/api/v1/trash/"+trash+"/restore", strings.NewReader(""))
		if err != nil {
			t.Fatal(err)
		}
		req.ContentLength = -1 // sent chunked
		req.Header.Set("Authorization", "Bearer "+c.token)
		if r := e.send(req); r.Status != 409 {
			t.Fatalf("restore with a chunked empty body: got %d %s, want 409", r.Status, r.Body)
		}
		r := c.do("POST", "/api/v1/trash/"+trash+"/restore", nil)
		if r.Status != 409 || !strings.Contains(r.ErrMessage(), "Confirme") {
			t.Fatalf("restore into a taken time: got %d %s, want 409 asking to confirm", r.Status, r.Body)
		}
		if got := c.do("GET", "/api/v1/trash", nil).must(t, 200).JSON["total"]; got != float64(1) {
			t.Errorf("the refused restore changed the trash: total %v", got)
		}
		c.do("POST", "/api/v1/trash/"+trash+"/restore", map[string]any{"force": true}).must(t, 201)
		if got := c.do("GET", "/api/v1/appointments?from=2026-12-10&to=2026-12-10", nil).must(t, 200).JSON["total"]; got != float64(2) {
			t.Errorf("after a confirmed restore: %v appointments, want 2", got)
		}
	})
}

func TestValidationTheAuditFound(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		c := e.client().signUp("Zilda", "zilda@example.com")
		ids := seedCatalogue(t, c)
		pro := professionalBody("Zeca")
		pro["bookingInterval"] = 0
		if r := c.do("POST", "/api/v1/professionals", pro); r.Status != 422 || !strings.Contains(r.ErrMessage(), "intervalo") {
			t.Errorf("bookingInterval 0: got %d %s, want 422", r.Status, r.Body)
		}
		delete(pro, "bookingInterval")
		if r := c.do("POST", "/api/v1/professionals", pro).must(t, 201); r.JSON["bookingInterval"] != float64(30) {
			t.Errorf("bookingInterval left out: got %v, want the default 30", r.JSON["bookingInterval"])
		}
		for _, date := range []string{"1900-01-01", "2199-01-01", "2020-01-01"} {
			if r := c.do("POST", "/api/v1/appointments", appointmentBody(ids["services"], ids["professionals"], date, "10:00")); r.Status != 422 || !strings.Contains(r.ErrMessage(), "Escolha uma data entre") {
				t.Errorf("appointment on %s: got %d %s, want 422", date, r.Status, r.Body)
			}
			if r := c.do("POST", "/api/v1/blocked-times", map[string]any{"professionalId": ids["professionals"], "date": date,
				"startTime": "12:00", "endTime": "13:00"}); r.Status != 422 {
				t.Errorf("blocked time on %s: got %d %s, want 422", date, r.Status, r.Body)
			}
		}
		c.do("POST", "/api/v1/appointments", appointmentBody(ids["services"], ids["professionals"], e.clock.Now().AddDate(-1, 0, 0).Format("2006-01-02"), "10:00")).must(t, 201)
	})
}

// Made-up methods are one metrics series, not one each.
func TestMetricsLabelsAreBounded(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		for i := range 20 {
			e.serve(directRequest(t, fmt.Sprintf("INVENTADO%d", i), "/login", "192.0.2.8", nil))
		}
		m := e.client().do("GET", "/metrics", nil).must(t, 200)
		if strings.Contains(string(m.Body), "INVENTADO") || !strings.Contains(string(m.Body), `method="OTHER",route="/login"`) {
			t.Errorf("metrics hold made-up methods:\n%s", m.Body)
		}
	})
}

// Page views whose path or referrer unescape to text a store cannot have
// are refused alike on both engines, and store nothing odd.
func TestPageViewOddPathsAnswerAlike(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		s := openShop(t, e)
		for _, p := range []string{"/store/%00", "/store/%FF", "/store/a%00b"} {
			r := e.client().do("POST", "/api/v1/analytics/pageview", map[string]string{"path": p, "referrer": ""})
			if r.Status != 422 || r.ErrMessage() != "Página desconhecida" {
				t.Errorf("%s: got %d %s, want 422 Página desconhecida", p, r.Status, r.Body)
			}
		}
		e.client().do("POST", "/api/v1/analytics/pageview", map[string]string{"path": "/store/" + s.slug, "referrer": "https://%ff%fe.com/x"}).must(t, 204)
		for _, v := range pageViews(t, e, s.storeID) {
			if v[1] != "" {
				t.Errorf("referrer stored as %q, want none", v[1])
			}
		}
	})
}

// A stream the client closes is let go at once (its subscription and its
// connection), so a salon reloading its tabs never meets the stream limit.
func TestClosedStreamsAreLetGoAtOnce(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		c := e.client().signUp("Sara", "sara@example.com")
		for i := range 40 {
			ctx, cancel := context.WithCancel(context.Background())
			req, _ := http.NewRequestWithContext(ctx, "GET", e.srv.URL+"/api/v1/events", nil)
			req.Header.Set("Authorization", "Bearer "+c.token)
			res, err := http.DefaultClient.Do(req)
			if err != nil || res.StatusCode != 200 {
				t.Fatalf("stream %d: %v %v", i+1, err, res)
			}
			res.Body.Close()
			cancel()
			deadline := time.Now().Add(2 * time.Second)
			for e.broker.Count() > 0 && time.Now().Before(deadline) {
				time.Sleep(2 * time.Millisecond)
			}
			if n := e.broker.Count(); n != 0 {
				t.Fatalf("after closing stream %d, %d subscriptions remain", i+1, n)
			}
		}
	})
}

// Over HTTP/2 the connection cannot be taken over: the request's goroutine
// serves the stream, with the same events, and lets it go when the client
// leaves.
func TestEventsStreamOverHTTP2(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		h2 := httptest.NewUnstartedServer(e.srv.Config.Handler)
		h2.EnableHTTP2 = true
		h2.StartTLS()
		defer h2.Close()
		c := e.client().signUp("Sara", "sara@example.com")
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		req, _ := http.NewRequestWithContext(ctx, "GET", h2.URL+"/api/v1/events", nil)
		req.Header.Set("Authorization", "Bearer "+c.token)
		res, err := h2.Client().Do(req)
		if err != nil || res.StatusCode != 200 || res.ProtoMajor != 2 {
			t.Fatalf("stream: %v %v", err, res)
		}
		r := bufio.NewReader(res.Body)
		if l, _ := r.ReadString('\n'); l != "event: connected\n" {
			t.Fatalf("first line %q", l)
		}
		fx := seedCatalogue(t, c)
		c.do("POST", "/api/v1/appointments", appointmentBody(fx["services"], fx["professionals"], "2026-12-10", "10:00")).must(t, 201)
		got := make(chan string, 1)
		go func() {
			for {
				l, err := r.ReadString('\n')
				if err != nil {
					return
				}
				if strings.HasPrefix(l, "data: ") && l != "data: {}\n" {
					got <- l
					return
				}
			}
		}()
		select {
		case l := <-got:
			if !strings.Contains(l, `"type"`) {
				t.Errorf("event %q", l)
			}
		case <-time.After(2 * time.Second):
			t.Fatal("no event over HTTP/2 within 2 s")
		}
		cancel()
		res.Body.Close()
		deadline := time.Now().Add(2 * time.Second)
		for e.broker.Count() > 0 && time.Now().Before(deadline) {
			time.Sleep(2 * time.Millisecond)
		}
		if n := e.broker.Count(); n != 0 {
			t.Errorf("%d subscriptions remain after the client left", n)
		}
	})
}
