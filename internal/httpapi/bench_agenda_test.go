package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
	"time"

	"agendo/internal/domain"
	"agendo/internal/store"
)

// seedAgenda gives one owner 10 professionals, 5 services, 5,000 clients and
// 100,000 appointments over ~2 years (DESIGN.md section 12), written straight
// through the store in one transaction, and returns the handler and a token.
func seedAgenda(b *testing.B, e store.Engine) (http.Handler, string) {
	return seedHistory(b, e, 100_000)
}

// seedHistory is seedAgenda with n appointments, 140 a day from 2025-12-01
// (500,000 reach 2035).
func seedHistory(b *testing.B, e store.Engine, n int) (http.Handler, string) {
	b.Helper()
	h := benchHandler(b, e)
	rec := benchDo(h, "POST", "/api/v1/auth/signup", `{"name":"Dona","email":"dona@exemplo.com","password":"corte-e-escova-2026","acceptedTerms":"2026-11-v1"}`, nil)
	if rec.Code != 201 {
		b.Fatalf("signup: %d", rec.Code)
	}
	token := benchAccessToken(b, rec.Body.Bytes())
	userID := userIDOf(b, rec.Body.Bytes())
	var pros, svcs []string
	for i := range 10 {
		r := benchAuth(h, "POST", "/api/v1/professionals", fmt.Sprintf(`{"name":"Profissional %d","role":"","specialties":[],"calendarType":"app","workingHours":null,"bookingInterval":30,"googleCalendarEmbed":null,"photos":[],"commissionPct":0}`, i), token)
		pros = append(pros, idOf(b, r.Body.Bytes()))
	}
	for i := range 5 {
		body := fmt.Sprintf(`{"name":"Serviço %d","description":"","duration":30,"price":%d,"professionalIds":[%q,%q,%q,%q,%q,%q,%q,%q,%q,%q]}`,
			i, 3000+i*1000, pros[0], pros[1], pros[2], pros[3], pros[4], pros[5], pros[6], pros[7], pros[8], pros[9])
		svcs = append(svcs, idOf(b, benchAuth(h, "POST", "/api/v1/services", body, token).Body.Bytes()))
	}
	db := benchDB[b]
	start := time.Date(2025, 12, 1, 0, 0, 0, 0, time.UTC)
	statuses := []string{"completed", "completed", "completed", "scheduled", "confirmed", "cancelled", "no_show"}
	now := time.Now().UTC()
	err := db.Write(context.Background(), func(tx *store.Tx) error {
		list := make([]domain.Appointment, 0, n)
		for i := range n {
			price := int64(3000 + (i%5)*1000)
			ap := domain.Appointment{ID: fmt.Sprintf("00000000-0000-4000-8000-%012d", i), ClientName: fmt.Sprintf("Cliente %04d", i%5000),
				ClientPhone: fmt.Sprintf("+55119%08d", i%5000), ServiceID: svcs[i%5], ProfessionalID: pros[i%10],
				Date: start.AddDate(0, 0, i/140).Format(time.DateOnly), Time: fmt.Sprintf("%02d:%02d", 8+(i%140)/14, (i%14/7)*30),
				DurationMin: 30, Status: statuses[i%7], Price: &price, Source: "owner", CreatedAt: now, UpdatedAt: now}
			list = append(list, ap)
		}
		return tx.ImportAppointments(context.Background(), userID, list)
	})
	if err != nil {
		b.Fatal(err)
	}
	// The statistics the server keeps (at start and hourly), no full ANALYZE.
	if err := db.Optimize(context.Background()); err != nil {
		b.Fatal(err)
	}
	return h, token
}

// BenchmarkAgenda measures the agenda's read paths over 100,000 appointments.
func BenchmarkAgenda(b *testing.B) {
	benchEngines(b, func(b *testing.B, e store.Engine) {
		h, token := seedAgenda(b, e)
		for _, tc := range []struct{ name, path string }{
			{"appointments-page-50", "/api/v1/appointments?from=2026-11-01&to=2026-11-30&limit=50"},
			{"clients-page-50", "/api/v1/clients?limit=50&sort=spent"},
			{"dashboard", "/api/v1/dashboard"},
			{"appointment-by-id", "/api/v1/appointments/00000000-0000-4000-8000-000000050000"},
			{"healthz", "/healthz"},
		} {
			b.Run(tc.name, func(b *testing.B) {
				for b.Loop() {
					if r := benchAuth(h, "GET", tc.path, "", token); r.Code != 200 {
						b.Fatalf("%s: %d %s", tc.path, r.Code, r.Body)
					}
				}
			})
		}
	})
}

// BenchmarkReports measures a month's and a year's report in-process (the
// handler, no network) over 100,000 and 500,000 appointments (DESIGN.md
// section 12: month ≤ 10 ms, year ≤ 100 ms).
func BenchmarkReports(b *testing.B) {
	benchEngines(b, func(b *testing.B, e store.Engine) {
		for _, n := range []int{100_000, 500_000} {
			b.Run(fmt.Sprintf("%dk", n/1000), func(b *testing.B) {
				h, token := seedHistory(b, e, n)
				for _, tc := range []struct{ name, path string }{
					{"month", "/api/v1/reports?from=2026-10-01&to=2026-10-31"},
					{"year", "/api/v1/reports?from=2025-12-01&to=2026-11-30"},
					{"year-one-professional", "/api/v1/reports?from=2025-12-01&to=2026-11-30&professionalId=" + firstProfessional(b, h, token)},
				} {
					b.Run(tc.name, func(b *testing.B) {
						for b.Loop() {
							if r := benchAuth(h, "GET", tc.path, "", token); r.Code != 200 {
								b.Fatalf("%s: %d %s", tc.path, r.Code, r.Body)
							}
						}
					})
				}
			})
		}
	})
}

func firstProfessional(b *testing.B, h http.Handler, token string) string {
	r := benchAuth(h, "GET", "/api/v1/professionals", "", token)
	var list []struct{ ID string }
	if err := json.Unmarshal(r.Body.Bytes(), &list); err != nil || len(list) == 0 {
		b.Fatalf("professionals: %s", r.Body)
	}
	return list[0].ID
}
