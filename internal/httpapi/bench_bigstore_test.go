package httpapi_test

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"agendo/internal/domain"
	"agendo/internal/store"
	"agendo/internal/store/storetest"
)

// BenchmarkBookingBesideABigStore measures one store's online bookings
// while the owner of another, with a long history, changes statuses and
// renames clients as fast as the server answers (issue 22: on SQLite the
// one writer serves both stores). The history is written through the
// store's booking path and never analysed, so the database is the one the
// product makes. It reports the small store's booking p50, p99 and maximum
// with the big store idle and then busy, and the big owner's status change
// and rename p50. It runs once whatever b.N (the setup is most of its time):
// use -benchtime 1x.
func BenchmarkBookingBesideABigStore(b *testing.B) {
	for _, n := range []int{20_000, 100_000} {
		b.Run(fmt.Sprintf("%dk", n/1000), func(b *testing.B) { bookingBesideABigStore(b, n) })
	}
}

func bookingBesideABigStore(b *testing.B, n int) {
	const bookings = 400 // per phase
	h := benchHandler(b, store.SQLite)
	db := benchDB[b]

	rec := benchDo(h, "POST", "/api/v1/auth/signup", `{"name":"Dona","email":"dona@exemplo.com","password":"corte-e-escova-2026","acceptedTerms":"2026-11-v1"}`, nil)
	bigToken, bigID := benchAccessToken(b, rec.Body.Bytes()), userIDOf(b, rec.Body.Bytes())
	benchPremium(b, bigID)
	var pros, svcs []string
	for i := range 10 {
		body := mustJSON(b, professionalBody(fmt.Sprintf("Profissional %d", i)))
		pros = append(pros, idOf(b, benchAuth(h, "POST", "/api/v1/professionals", body, bigToken).Body.Bytes()))
	}
	for i := range 5 {
		body := mustJSON(b, map[string]any{"name": fmt.Sprintf("Serviço %d", i), "duration": 30, "price": 3000 + i*1000, "professionalIds": pros})
		svcs = append(svcs, idOf(b, benchAuth(h, "POST", "/api/v1/services", body, bigToken).Body.Bytes()))
	}
	history := storetest.History(b, db, bigID, pros, svcs, time.Now().AddDate(0, 0, 30-n/140), n)

	rec = benchDo(h, "POST", "/api/v1/auth/signup", `{"name":"Outra","email":"outra@exemplo.com","password":"corte-e-escova-2026","acceptedTerms":"2026-11-v1"}`, nil)
	token := benchAccessToken(b, rec.Body.Bytes())
	benchPremium(b, userIDOf(b, rec.Body.Bytes()))
	slug := publishBenchStore(b, h, token)
	var others []string
	for i := range 10 {
		body := mustJSON(b, professionalBody(fmt.Sprintf("Profissional %d", i)))
		others = append(others, idOf(b, benchAuth(h, "POST", "/api/v1/professionals", body, token).Body.Bytes()))
	}
	svc := idOf(b, benchAuth(h, "POST", "/api/v1/services", mustJSON(b, map[string]any{"name": "Corte", "duration": 30,
		"price": 4000, "professionalIds": others}), token).Body.Bytes())
	first := time.Now().AddDate(0, 0, 1)
	var booked atomic.Int64
	// book makes count online bookings of distinct free times, 4 customers
	// at a time, and returns their latencies, sorted.
	book := func(count int) []time.Duration {
		lat := make([]time.Duration, count)
		var next atomic.Int64
		var wg sync.WaitGroup
		for range 4 {
			wg.Go(func() {
				for i := int(next.Add(1)) - 1; i < count; i = int(next.Add(1)) - 1 {
					k := int(booked.Add(1)) - 1
					slot := k / 10 // 10 professionals × 18 half hours a day, day after day
					body := fmt.Sprintf(`{"serviceId":%q,"professionalId":%q,"date":%q,"time":"%02d:%02d","clientName":"Cliente %d","clientPhone":"(11) 9%04d-%04d"}`,
						svc, others[k%10], first.AddDate(0, 0, slot/18).Format(time.DateOnly), 9+slot%18/2, slot%2*30, k, k%10000, k)
					t0 := time.Now()
					if r := benchDo(h, "POST", "/api/v1/public/stores/"+slug+"/bookings", body, nil); r.Code != 201 {
						b.Errorf("booking: %d %s", r.Code, r.Body)
						return
					}
					lat[i] = time.Since(t0)
				}
			})
		}
		wg.Wait()
		slices.Sort(lat)
		return lat
	}

	b.ResetTimer()
	idle := book(bookings)

	// The big store's owner: a status change (completed, then reopened) on
	// one scheduled appointment after another, and every fifth write a
	// client's rename, until the other store's bookings are done.
	var status, rename []time.Duration
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		for op := 0; ; op++ {
			select {
			case <-stop:
				return
			default:
			}
			ap := history[(op*7+3)%len(history)] // i%7 == 3: scheduled (storetest.History)
			t0 := time.Now()
			if op%5 == 4 {
				body := mustJSON(b, map[string]string{"name": fmt.Sprintf("%s %d", ap.ClientName, op), "phone": ap.ClientPhone})
				if r := benchAuth(h, "PUT", "/api/v1/clients/"+url.PathEscape(ap.ClientPhone), body, bigToken); r.Code != http.StatusOK {
					b.Errorf("rename: %d %s", r.Code, r.Body)
					return
				}
				rename = append(rename, time.Since(t0))
				continue
			}
			for _, s := range []string{domain.StatusCompleted, domain.StatusScheduled} {
				if r := benchAuth(h, "PATCH", "/api/v1/appointments/"+ap.ID+"/status", fmt.Sprintf(`{"status":%q}`, s), bigToken); r.Code != http.StatusOK {
					b.Errorf("status: %d %s", r.Code, r.Body)
					return
				}
			}
			status = append(status, time.Since(t0)/2)
		}
	}()
	busy := book(bookings)
	close(stop)
	<-done
	b.StopTimer()
	slices.Sort(status)
	slices.Sort(rename)
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	b.ReportMetric(ms(idle[len(idle)/2]), "idle-booking-p50-ms")
	b.ReportMetric(ms(busy[len(busy)/2]), "busy-booking-p50-ms")
	b.ReportMetric(ms(busy[len(busy)*99/100]), "busy-booking-p99-ms")
	b.ReportMetric(ms(busy[len(busy)-1]), "busy-booking-max-ms")
	if len(status) > 0 {
		b.ReportMetric(ms(status[len(status)/2]), "status-p50-ms")
	}
	if len(rename) > 0 {
		b.ReportMetric(ms(rename[len(rename)/2]), "rename-p50-ms")
		b.ReportMetric(ms(rename[len(rename)-1]), "rename-max-ms")
	}
}
