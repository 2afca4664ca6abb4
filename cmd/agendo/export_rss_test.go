package main

import (
	"context"
	"crypto/rand"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"strconv"
	"sync"
	"testing"
	"time"

	"agendo/internal/app"
	"agendo/internal/auth"
	"agendo/internal/domain"
	"agendo/internal/mail"
	"agendo/internal/store"
	"agendo/internal/store/storetest"
)

// BenchmarkExportRSS measures the server's resident memory while owners
// download their account export (LGPD: every appointment, client and the
// rest, zipped as JSON and CSV) from a store of 100,000 appointments, 10
// professionals and 5,000 clients (DESIGN.md §12: ≤ 200 MB RSS under load):
// one export, and four owners asking at once. Each case runs the real binary
// (AGENDO_BIN, or one built from this tree) in its own process on the same
// seeded database, SQLite and, when AGENDO_TEST_DATABASE_URL is set,
// PostgreSQL, and reads the kernel's peak (VmHWM) from /proc/PID/status. An
// export refused with 429 is asked again after its Retry-After, so every
// owner ends with the whole file.
//
//	AGENDO_TEST_DATABASE_URL=postgres://… go test -run '^$' -bench ExportRSS -benchtime 1x ./cmd/agendo/
//
// EXPORT_RSS_APPOINTMENTS changes the store's size. It measures and reports;
// it fails only when an export does not arrive whole.
func BenchmarkExportRSS(b *testing.B) {
	bin := agendoBinary(b)
	size := 100_000
	if v := os.Getenv("EXPORT_RSS_APPOINTMENTS"); v != "" {
		size, _ = strconv.Atoi(v)
	}
	for _, engine := range []store.Engine{store.SQLite, store.Postgres} {
		b.Run(string(engine), func(b *testing.B) {
			dsn := storetest.DSN(b, engine)
			seedExportStore(b, dsn, size)
			for _, owners := range []int{1, 4} {
				b.Run(fmt.Sprintf("%d-at-once", owners), func(b *testing.B) {
					srv := startServerOn(b, bin, dsn)
					token := srv.signIn(b, "dona@example.com", "cabelo-lindo-2026")
					idle := srv.status(b)["VmRSS"]
					peak := srv.sampleRSS()
					b.ResetTimer()
					start := time.Now()
					var mu sync.Mutex
					refused, bytes := 0, int64(0)
					for range b.N {
						var wg sync.WaitGroup
						for range owners {
							wg.Go(func() {
								n, retries := srv.export(b, token)
								mu.Lock()
								refused += retries
								bytes += n
								mu.Unlock()
							})
						}
						wg.Wait()
					}
					elapsed := time.Since(start)
					b.StopTimer()
					maxSampled := peak()
					st := srv.status(b)
					b.ReportMetric(float64(st["VmHWM"])/1024, "peak-RSS-MB")
					b.ReportMetric(float64(maxSampled)/1024, "sampled-max-RSS-MB")
					b.ReportMetric(float64(idle)/1024, "idle-RSS-MB")
					b.ReportMetric(float64(bytes)/float64(owners*b.N)/(1<<20), "MB/export")
					b.ReportMetric(float64(refused), "429s")
					b.ReportMetric(elapsed.Seconds()/float64(b.N), "s/round")
					b.ReportMetric(0, "ns/op")
				})
			}
		})
	}
}

// seedExportStore writes, through the store, one owner (dona@example.com)
// with a published store, 10 professionals, 5 services and size
// appointments of 5,000 clients, 140 a day, in transactions of up to 50,000.
func seedExportStore(b *testing.B, dsn string, size int) {
	b.Helper()
	started := time.Now()
	ctx := context.Background()
	db, err := store.Open(ctx, dsn)
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Migrate(ctx); err != nil {
		b.Fatal(err)
	}
	key := make([]byte, 32)
	_, _ = rand.Read(key)
	tokens, err := auth.NewTokens(key)
	if err != nil {
		b.Fatal(err)
	}
	quiet := slog.New(slog.DiscardHandler)
	a := app.New(app.Deps{DB: db, Hasher: auth.NewHasherParams(64, 1), Tokens: tokens, Mailer: mail.Log{Logger: quiet}, Logger: quiet},
		app.Config{BaseURL: "http://localhost"})
	defer a.Close()
	res, err := a.SignUp(ctx, app.SignUpInput{Name: "Dona Export", Email: "dona@example.com", Password: "cabelo-lindo-2026",
		AcceptedTerms: domain.TermsVersion}, app.Meta{IP: "127.0.0.1"})
	if err != nil {
		b.Fatal(err)
	}
	p := app.Owner(res.User.ID, res.User.Email)
	hours := domain.WorkingHours{}
	for _, d := range domain.Weekdays {
		hours[d] = domain.DayHours{Open: "08:00", Close: "18:00", IsOpen: true}
	}
	if _, err := a.UpdateStore(ctx, p, app.StoreInput{Name: "Studio Export", Description: "Cortes e cuidados",
		Phone: "(11) 3456-7890", Address: "Rua Augusta, 100 - São Paulo", BookingFlow: "service-first",
		HeroGradient: domain.DefaultHeroGradient, WorkingHours: hours,
		PaymentSettings: domain.PaymentSettings{AcceptedMethods: []string{"cash", "credit_card"}},
		TimeZone:        "America/Sao_Paulo", HorizonDays: 365}); err != nil {
		b.Fatal(err)
	}
	interval := 30
	var pros, svcs []string
	for i := range 10 {
		pro, err := a.SaveProfessional(ctx, p, "", domain.ProfessionalInput{Name: fmt.Sprintf("Profissional %d", i+1),
			Role: "Cabeleireira", CalendarType: "app", BookingInterval: &interval, CommissionPct: 40})
		if err != nil {
			b.Fatal(err)
		}
		pros = append(pros, pro.ID)
	}
	for i := range 5 {
		price := int64(3000 + i*1000)
		svc, err := a.SaveService(ctx, p, "", domain.ServiceInput{Name: fmt.Sprintf("Serviço %d", i+1), Duration: 30,
			Price: &price, ProfessionalIDs: pros})
		if err != nil {
			b.Fatal(err)
		}
		svcs = append(svcs, svc.ID)
	}
	now := time.Now().UTC().Truncate(time.Microsecond)
	first := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	// A first small chunk, then planner statistics kept as the server
	// keeps them (the indexes of migration 0017 need none).
	for lo, chunk := 0, 1_000; lo < size; lo, chunk = lo+chunk, 50_000 {
		if err := db.Optimize(ctx); err != nil {
			b.Fatal(err)
		}
		list := make([]domain.Appointment, 0, min(chunk, size-lo))
		for i := lo; i < min(lo+chunk, size); i++ {
			j, client := i%140, i*7919%5000
			price := int64(3000 + i/10%5*1000)
			method := domain.PaymentMethods[i%4]
			list = append(list, domain.Appointment{ID: fmt.Sprintf("b0000000-0000-4000-8000-%012d", i),
				ClientName: fmt.Sprintf("Cliente %04d", client), ClientPhone: fmt.Sprintf("+55119%08d", client),
				ServiceID: svcs[i/10%5], ProfessionalID: pros[j%10], Date: first.AddDate(0, 0, i/140).Format(time.DateOnly),
				Time: fmt.Sprintf("%02d:%02d", 8+j/14, j%14/7*30), DurationMin: 30, Status: domain.StatusCompleted,
				PaymentMethod: &method, Price: &price, Source: domain.SourceOwner, CreatedAt: now, UpdatedAt: now})
		}
		if err := db.Write(ctx, func(tx *store.Tx) error { return tx.ImportAppointments(ctx, p.UserID, list) }); err != nil {
			b.Fatal(err)
		}
	}
	if err := db.Optimize(ctx); err != nil {
		b.Fatal(err)
	}
	b.Logf("seeded %d appointments in %s", size, time.Since(started).Round(time.Second))
}

// export downloads the account export whole, asking again after each 429's
// Retry-After, and returns its size and how many times it was refused.
func (s *rssServer) export(tb testing.TB, token string) (n int64, refused int) {
	for {
		req, _ := http.NewRequest("GET", s.base+"/api/v1/account/export", nil)
		req.Header.Set("Authorization", "Bearer "+token)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			tb.Error(err)
			return n, refused
		}
		n, err = io.Copy(io.Discard, res.Body)
		res.Body.Close()
		switch {
		case res.StatusCode == http.StatusTooManyRequests:
			refused++
			wait, _ := strconv.Atoi(res.Header.Get("Retry-After"))
			time.Sleep(time.Duration(max(wait, 1)) * time.Second) // what a client is told to do
			continue
		case res.StatusCode != http.StatusOK || err != nil:
			tb.Errorf("export: %d, %v after %d bytes", res.StatusCode, err, n)
		}
		return n, refused
	}
}
