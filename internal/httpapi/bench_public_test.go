package httpapi_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"sort"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"agendo/internal/domain"
	"agendo/internal/store"
	"agendo/internal/store/storetest"
)

// publishBenchStore names the benchmark owner's store (so it has a slug,
// open every day 09:00–18:00, no notice, 60 days ahead) and returns the slug.
func publishBenchStore(b *testing.B, h http.Handler, token string) string {
	b.Helper()
	st := validStore("Bench Studio")
	st["minNoticeMin"] = 0
	if r := benchAuth(h, "PUT", "/api/v1/store", mustJSON(b, st), token); r.Code != 200 {
		b.Fatalf("store: %d %s", r.Code, r.Body)
	}
	r := benchAuth(h, "GET", "/api/v1/store", "", token)
	var v struct{ Slug string }
	unmarshal(b, r.Body.Bytes(), &v)
	return v.Slug
}

// load runs n requests from conns goroutines and reports throughput and
// latency percentiles.
func load(b *testing.B, conns, n int, do func(i int) int, ok func(status int) bool) {
	b.Helper()
	lat := make([]time.Duration, n)
	var next atomic.Int64
	var bad atomic.Int64
	var wg sync.WaitGroup
	start := time.Now()
	for range conns {
		wg.Go(func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= n {
					return
				}
				t0 := time.Now()
				if !ok(do(i)) {
					bad.Add(1)
				}
				lat[i] = time.Since(t0)
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	if bad.Load() > 0 {
		b.Fatalf("%d unexpected answers", bad.Load())
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	b.ReportMetric(float64(n)/elapsed.Seconds(), "req/s")
	b.ReportMetric(float64(lat[n/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(lat[n*99/100].Microseconds())/1000, "p99-ms")
}

// BenchmarkPublicAvailability asks the public availability route for one
// professional over 31 and 7 days, 16 at a time, in a store of 100,000
// appointments (DESIGN.md section 12).
func BenchmarkPublicAvailability(b *testing.B) {
	benchEngines(b, func(b *testing.B, e store.Engine) {
		h, token := seedAgenda(b, e)
		slug := publishBenchStore(b, h, token)
		var cat struct {
			Services      []struct{ ID string }
			Professionals []struct{ ID string }
		}
		unmarshal(b, benchDo(h, "GET", "/api/v1/public/stores/"+slug, "", nil).Body.Bytes(), &cat)
		for _, days := range []int{31, 7} {
			b.Run(fmt.Sprintf("%d-days", days), func(b *testing.B) {
				n := max(b.N, 2000)
				load(b, 16, n, func(i int) int {
					q := url.Values{"serviceId": {cat.Services[i%len(cat.Services)].ID},
						"professionalId": {cat.Professionals[i%len(cat.Professionals)].ID}, "days": {fmt.Sprint(days)}}
					return benchDo(h, "GET", "/api/v1/public/stores/"+slug+"/availability?"+q.Encode(), "", nil).Code
				}, func(s int) bool { return s == 200 })
			})
		}
	})
}

// BenchmarkPublicBooking books 3,000 distinct free times through the public
// route, 16 customers at a time. On SQLite it also measures, in the same
// run, the raw rate of single-row inserts each committed with
// synchronous=FULL, and reports bookings as a share of it.
func BenchmarkPublicBooking(b *testing.B) {
	const bookings = 3000
	benchEngines(b, func(b *testing.B, e store.Engine) {
		for b.Loop() {
			h := benchHandler(b, e)
			rec := benchDo(h, "POST", "/api/v1/auth/signup", `{"name":"Dona","email":"dona@exemplo.com","password":"corte-e-escova-2026","acceptedTerms":"2026-11-v1"}`, nil)
			token := benchAccessToken(b, rec.Body.Bytes())
			benchPremium(b, userIDOf(b, rec.Body.Bytes()))
			slug := publishBenchStore(b, h, token)
			var pros []string
			for i := range 10 {
				body := mustJSON(b, professionalBody(fmt.Sprintf("Profissional %d", i)))
				pros = append(pros, idOf(b, benchAuth(h, "POST", "/api/v1/professionals", body, token).Body.Bytes()))
			}
			svc := idOf(b, benchAuth(h, "POST", "/api/v1/services", mustJSON(b, map[string]any{"name": "Corte", "duration": 30,
				"price": 4000, "professionalIds": pros}), token).Body.Bytes())
			first := time.Now().AddDate(0, 0, 1)
			load(b, 16, bookings, func(i int) int {
				// 10 professionals × 18 half hours a day, day after day.
				slot := i / 10
				body := fmt.Sprintf(`{"serviceId":%q,"professionalId":%q,"date":%q,"time":"%02d:%02d","clientName":"Cliente %d","clientPhone":"(11) 9%04d-%04d"}`,
					svc, pros[i%10], first.AddDate(0, 0, slot/18).Format(time.DateOnly), 9+slot%18/2, slot%2*30, i, i%10000, i)
				return benchDo(h, "POST", "/api/v1/public/stores/"+slug+"/bookings", body, nil).Code
			}, func(s int) bool { return s == 201 })
			if e == store.SQLite {
				b.ReportMetric(rawInsertRate(b), "raw-full-inserts/s")
			}
		}
	})
}

// rawInsertRate is how many single-row INSERTs, each its own transaction
// committed with synchronous=FULL, SQLite takes per second on this disk, 16
// writers at a time: the ceiling for any durable booking.
func rawInsertRate(b *testing.B) float64 {
	b.Helper()
	db, err := sql.Open("sqlite", "file:"+storetest.DSN(b, store.SQLite)+
		"?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)&_txlock=immediate")
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	ctx := context.Background()
	if _, err := db.ExecContext(ctx, `CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)`); err != nil {
		b.Fatal(err)
	}
	const n = 3000
	var wg sync.WaitGroup
	var next atomic.Int64
	start := time.Now()
	for range 16 {
		wg.Go(func() {
			for next.Add(1) <= n {
				if _, err := db.ExecContext(ctx, `INSERT INTO t (v) VALUES ('agendamento')`); err != nil {
					b.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
	return n / time.Since(start).Seconds()
}

func mustJSON(tb testing.TB, v any) string {
	tb.Helper()
	raw, err := json.Marshal(v)
	if err != nil {
		tb.Fatal(err)
	}
	return string(raw)
}

func unmarshal(tb testing.TB, raw []byte, v any) {
	tb.Helper()
	if err := json.Unmarshal(raw, v); err != nil {
		tb.Fatalf("%v in %s", err, raw)
	}
}

// benchPremium makes an account Premium (unlimited bookings), straight
// through the store: benchmarks have no webhook secret.
func benchPremium(b *testing.B, userID string) {
	b.Helper()
	err := benchDB[b].Write(context.Background(), func(tx *store.Tx) error {
		return tx.SavePlanState(context.Background(), userID,
			domain.PlanState{UserPlan: domain.UserPlan{Type: domain.PlanPremium, IsActive: true}}, time.Now())
	})
	if err != nil {
		b.Fatal(err)
	}
}
