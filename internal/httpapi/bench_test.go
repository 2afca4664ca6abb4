package httpapi_test

import (
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sort"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"agendo/internal/app"
	"agendo/internal/auth"
	"agendo/internal/httpapi"
	"agendo/internal/mail"
	"agendo/internal/store"
	"agendo/internal/store/storetest"
)

// benchHandler is the full HTTP stack over a fresh database, called
// in-process so each request can come from its own address (the per-IP
// rate limits would otherwise throttle a load test from one host).
func benchHandler(b *testing.B, e store.Engine) http.Handler {
	b.Helper()
	db := storetest.Open(b, e)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	tokens, _ := auth.NewTokens([]byte(strings.Repeat("k", 32)))
	a := app.New(app.Deps{DB: db, Hasher: auth.NewHasher(), Tokens: tokens, Mailer: mail.Log{Logger: log}, Logger: log}, app.Config{BaseURL: "http://x", PublicBookingsPerIP: 1 << 30, PublicBookingsPerStore: 1 << 30})
	h := httpapi.New(httpapi.Options{App: a, DB: db, Logger: log}).Handler()
	benchDB[b] = db
	return h
}

// benchDB remembers each benchmark's database, for seeding.
var benchDB = map[*testing.B]*store.DB{}

func benchAuth(h http.Handler, method, path, body, token string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	n := ipSeq.Add(1)
	req.RemoteAddr = fmt.Sprintf("10.%d.%d.%d:4000", n>>16&255, n>>8&255, n&255)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func benchAccessToken(tb testing.TB, body []byte) string {
	var v struct {
		Session struct {
			AccessToken string `json:"accessToken"`
		} `json:"session"`
	}
	if err := json.Unmarshal(body, &v); err != nil {
		tb.Fatal(err)
	}
	return v.Session.AccessToken
}

func userIDOf(tb testing.TB, body []byte) string {
	var v struct {
		Profile struct {
			ID string `json:"id"`
		} `json:"profile"`
	}
	if err := json.Unmarshal(body, &v); err != nil {
		tb.Fatal(err)
	}
	return v.Profile.ID
}

func idOf(tb testing.TB, body []byte) string {
	var v struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(body, &v); err != nil || v.ID == "" {
		tb.Fatalf("no id in %s", body)
	}
	return v.ID
}

var ipSeq atomic.Int64

func benchDo(h http.Handler, method, path, body string, cookie *http.Cookie) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	n := ipSeq.Add(1)
	req.RemoteAddr = fmt.Sprintf("10.%d.%d.%d:4000", n>>16&255, n>>8&255, n&255)
	if cookie != nil {
		req.AddCookie(cookie)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func benchEngines(b *testing.B, fn func(b *testing.B, e store.Engine)) {
	for _, e := range []store.Engine{store.SQLite, store.Postgres} {
		b.Run(string(e), func(b *testing.B) { fn(b, e) })
	}
}

// BenchmarkSignIn measures a whole sign-in (argon2id m=19 MiB, t=2, p=1,
// session and refresh token written) and reports its median latency.
func BenchmarkSignIn(b *testing.B) {
	benchEngines(b, func(b *testing.B, e store.Engine) {
		h := benchHandler(b, e)
		const users = 20
		for i := range users {
			body := fmt.Sprintf(`{"name":"Dona %d","email":"dona%d@exemplo.com","password":"corte-e-escova-2026","acceptedTerms":"2026-11-v1"}`, i, i)
			if rec := benchDo(h, "POST", "/api/v1/auth/signup", body, nil); rec.Code != 201 {
				b.Fatalf("signup: %d %s", rec.Code, rec.Body)
			}
		}
		lat := make([]time.Duration, 0, b.N)
		b.ResetTimer()
		for i := range b.N {
			body := fmt.Sprintf(`{"email":"dona%d@exemplo.com","password":"corte-e-escova-2026"}`, i%users)
			t0 := time.Now()
			rec := benchDo(h, "POST", "/api/v1/auth/signin", body, nil)
			lat = append(lat, time.Since(t0))
			if rec.Code != 200 {
				b.Fatalf("signin: %d %s", rec.Code, rec.Body)
			}
		}
		sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
		b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
	})
}

// BenchmarkRefresh measures token refreshes with rotation stored in the
// database, from parallel clients each holding its own session.
func BenchmarkRefresh(b *testing.B) {
	benchEngines(b, func(b *testing.B, e store.Engine) {
		h := benchHandler(b, e)
		// Sessions are opened before timing: sign-up hashes a password.
		const clients = 16
		cookies := make(chan *http.Cookie, clients)
		for i := range clients {
			body := fmt.Sprintf(`{"name":"Cliente %d","email":"c%d@exemplo.com","password":"corte-e-escova-2026","acceptedTerms":"2026-11-v1"}`, i, i)
			rec := benchDo(h, "POST", "/api/v1/auth/signup", body, nil)
			if rec.Code != 201 {
				b.Fatalf("signup: %d %s", rec.Code, rec.Body)
			}
			cookies <- rec.Result().Cookies()[0]
		}
		b.SetParallelism(clients / 2) // 2 cores × 8 = 16 clients
		b.ResetTimer()
		b.RunParallel(func(pb *testing.PB) {
			cookie := <-cookies
			for pb.Next() {
				rec := benchDo(h, "POST", "/api/v1/auth/refresh", "", cookie)
				if rec.Code != 200 {
					b.Errorf("refresh: %d %s", rec.Code, rec.Body)
					return
				}
				cookie = rec.Result().Cookies()[0]
			}
		})
	})
}
