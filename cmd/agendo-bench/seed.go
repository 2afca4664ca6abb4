package main

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"os"
	"time"

	"agendo/internal/app"
	"agendo/internal/auth"
	"agendo/internal/domain"
	"agendo/internal/mail"
	"agendo/internal/store"
)

// seedVersion names the seeding scheme in the cache's file names: bump it
// when seed changes what it writes, so no run uses a stale database.
const seedVersion = "v5"

// The seeded store, shaped like DESIGN.md section 12's: one owner, 10
// professionals, 5 services of 30 minutes, 5,000 clients.
const (
	professionals = 10
	services      = 5
	clients       = 5000
	// perDay is how many appointments a day holds: each professional has 14
	// of the 20 half hours from 08:00 to 18:00, so every day keeps free
	// times (no two appointments of a professional overlap). The history
	// therefore grows longer, not denser, with its size: 10,000
	// appointments are ~10 weeks, 100,000 ~2 years, 500,000 ~10 years.
	perDay = 140
	// aheadDays is how far the history reaches past the day of seeding:
	// availability's 31 days and the page's window always fall inside it.
	aheadDays = 45
	// chunk is how many appointments one transaction imports.
	chunk = 50_000
	// timeZone is the store's.
	timeZone = "America/Sao_Paulo"
)

// storeSeed is one seeded owner and her published store.
type storeSeed struct {
	Email         string   `json:"email"`
	Password      string   `json:"password"`
	Slug          string   `json:"slug"`
	Size          int      `json:"size"` // appointments
	Professionals []string `json:"professionals"`
	Services      []string `json:"services"`
	Store         int      `json:"store"` // which store: its appointments' ids carry it
}

// manifest is what a run needs to know about a seeded database; it is
// written next to it as JSON. The measured store is embedded; Other is a
// small store of another owner in the same database, whose online bookings
// are measured beside the measured store's owner at work.
type manifest struct {
	Version  string `json:"version"`
	SeededOn string `json:"seededOn"` // the stores' date when seeded
	storeSeed
	Other storeSeed `json:"other"`
}

// otherSize is the small store's history: five days.
const otherSize = 5 * perDay

// appointmentID is the id of the i-th seeded appointment of the measured
// store, so a run can ask for records by id without listing them first.
func appointmentID(i int) string { return storeAppointmentID(0, i) }

func storeAppointmentID(store, i int) string {
	return fmt.Sprintf("b0000000-0000-4000-800%d-%012d", store, i)
}

// seed writes a new SQLite database at path with the stores of a manifest,
// the measured one holding size appointments, and writes the manifest at
// path+".json". It leaves the planner's statistics to the server, which
// keeps them itself (store.DB.Optimize when it opens the database): the
// runs measure the database the product makes. The database is
// built under a temporary name and renamed when complete.
func seed(ctx context.Context, path string, size int, out io.Writer) (manifest, error) {
	started := time.Now()
	tmp := path + ".tmp"
	for _, p := range []string{tmp, tmp + "-wal", tmp + "-shm"} {
		if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
			return manifest{}, err
		}
	}
	m, err := seedDatabase(ctx, tmp, size, out)
	if err != nil {
		return manifest{}, err
	}
	// The store's last connection to close is a query_only reader, which
	// leaves the WAL behind; a plain connection folds it in, so the cache is
	// one file.
	if err := checkpoint(ctx, tmp); err != nil {
		return manifest{}, err
	}
	for _, suffix := range []string{"-wal", "-shm"} {
		if _, err := os.Stat(tmp + suffix); err == nil {
			return manifest{}, fmt.Errorf("%s%s left after closing: the copy would miss writes", tmp, suffix)
		}
	}
	if err := writeManifest(path+".json", m); err != nil {
		return manifest{}, err
	}
	if err := os.Rename(tmp, path); err != nil {
		return manifest{}, err
	}
	fmt.Fprintf(out, "  seeded %s in %s\n", path, time.Since(started).Round(time.Second))
	return m, nil
}

func writeManifest(path string, m manifest) error {
	raw, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, raw, 0o644)
}

// seedDatabase migrates the empty database at dsn (a SQLite file or a
// postgres:// URL), seeds the measured store with size appointments and
// the small one with otherSize, and proves the result is one the product
// could have made: the product's own integrity check (Configurações'
// "Verificar dados", app.Integrity) must find nothing in either account,
// in particular no summary that disagrees with the appointments. The
// appointments are imported in bulk (store.Tx.ImportAppointments, which
// refreshes the summaries as a booking does); the rest goes through the
// app's use cases.
func seedDatabase(ctx context.Context, dsn string, size int, out io.Writer) (manifest, error) {
	db, err := store.Open(ctx, dsn)
	if err != nil {
		return manifest{}, err
	}
	defer db.Close()
	if _, err := db.Migrate(ctx); err != nil {
		return manifest{}, fmt.Errorf("migrate: %w", err)
	}
	key := make([]byte, 32)
	if _, err := rand.Read(key); err != nil {
		return manifest{}, err
	}
	tokens, err := auth.NewTokens(key)
	if err != nil {
		return manifest{}, err
	}
	quiet := slog.New(slog.DiscardHandler)
	a := app.New(app.Deps{DB: db, Hasher: auth.NewHasher(), Tokens: tokens, Mailer: mail.Log{Logger: quiet}, Logger: quiet},
		app.Config{BaseURL: "http://localhost"})
	defer a.Close()

	loc, err := time.LoadLocation(timeZone)
	if err != nil {
		return manifest{}, err
	}
	m := manifest{Version: seedVersion, SeededOn: time.Now().In(loc).Format(time.DateOnly),
		storeSeed: storeSeed{Email: "dona@exemplo.com", Password: "corte-e-escova-2026", Size: size, Store: 0},
		Other:     storeSeed{Email: "vizinha@exemplo.com", Password: "escova-e-corte-2026", Size: otherSize, Store: 1}}
	for _, st := range []struct {
		s    *storeSeed
		name string
	}{{&m.storeSeed, "Studio Bench"}, {&m.Other, "Salão Vizinho"}} {
		if err := seedStore(ctx, a, db, st.s, st.name, m.SeededOn, loc, out); err != nil {
			return manifest{}, fmt.Errorf("%s: %w", st.name, err)
		}
	}
	a.Close()
	return m, db.Close()
}

// seedStore signs s's owner up, publishes her store named name, adds its
// professionals and services, makes her Premium, imports s.Size
// appointments and checks the account's integrity.
func seedStore(ctx context.Context, a *app.App, db *store.DB, s *storeSeed, name, seededOn string, loc *time.Location, out io.Writer) error {
	// Sign-up through the app, so the password signs in like any other.
	res, err := a.SignUp(ctx, app.SignUpInput{Name: "Dona " + name, Email: s.Email, Password: s.Password, AcceptedTerms: domain.TermsVersion}, app.Meta{IP: "127.0.0.1"})
	if err != nil {
		return fmt.Errorf("sign up: %w", err)
	}
	p := app.Owner(res.User.ID, res.User.Email)
	hours := domain.WorkingHours{}
	for _, d := range domain.Weekdays {
		hours[d] = domain.DayHours{Open: "08:00", Close: "18:00", IsOpen: true}
	}
	st, err := a.UpdateStore(ctx, p, app.StoreInput{Name: name, Description: "Cortes e cuidados",
		Phone: "(11) 3456-7890", Address: "Rua Augusta, 100 - São Paulo", BookingFlow: "service-first",
		HeroGradient: domain.DefaultHeroGradient, WorkingHours: hours,
		PaymentSettings: domain.PaymentSettings{AcceptedMethods: []string{"cash", "credit_card"}},
		TimeZone:        timeZone, MinNoticeMin: 0, HorizonDays: 365})
	if err != nil {
		return fmt.Errorf("publish store: %w", err)
	}
	if st.Slug == nil {
		return errors.New("publish store: no slug")
	}
	s.Slug = *st.Slug
	interval := 30
	for i := range professionals {
		pro, err := a.SaveProfessional(ctx, p, "", domain.ProfessionalInput{Name: fmt.Sprintf("Profissional %d", i+1),
			Role: "Cabeleireira", CalendarType: "app", BookingInterval: &interval, CommissionPct: 40})
		if err != nil {
			return fmt.Errorf("professional: %w", err)
		}
		s.Professionals = append(s.Professionals, pro.ID)
	}
	for i := range services {
		price := servicePrice(i)
		svc, err := a.SaveService(ctx, p, "", domain.ServiceInput{Name: fmt.Sprintf("Serviço %d", i+1), Duration: 30,
			Price: &price, ProfessionalIDs: s.Professionals})
		if err != nil {
			return fmt.Errorf("service: %w", err)
		}
		s.Services = append(s.Services, svc.ID)
	}
	// Premium: the free plan refuses bookings past its limit.
	err = db.Write(ctx, func(tx *store.Tx) error {
		return tx.SavePlanState(ctx, p.UserID, domain.PlanState{UserPlan: domain.UserPlan{Type: domain.PlanPremium, IsActive: true}}, time.Now().UTC())
	})
	if err != nil {
		return fmt.Errorf("premium: %w", err)
	}

	today, _ := time.ParseInLocation(time.DateOnly, seededOn, loc)
	first := firstDay(s.Size, today)
	now := time.Now().UTC().Truncate(time.Microsecond)
	for lo := 0; lo < s.Size; lo += chunk {
		list := make([]domain.Appointment, 0, min(chunk, s.Size-lo))
		for i := lo; i < min(lo+chunk, s.Size); i++ {
			list = append(list, s.appointment(i, first, today, now))
		}
		t0 := time.Now()
		err := db.Write(ctx, func(tx *store.Tx) error { return tx.ImportAppointments(ctx, p.UserID, list) })
		if err != nil {
			return fmt.Errorf("import appointments %d–%d: %w", lo, lo+len(list), err)
		}
		fmt.Fprintf(out, "  seeded %d of %d appointments of %s (%s)\n", lo+len(list), s.Size, s.Slug, time.Since(t0).Round(100*time.Millisecond))
	}
	report, err := a.Integrity(ctx, p)
	if err != nil {
		return fmt.Errorf("integrity check: %w", err)
	}
	if !report.OK || report.Appointments != s.Size {
		return fmt.Errorf("the seed is not one the product makes: integrity check of %s found %d appointments (want %d) and %q",
			s.Slug, report.Appointments, s.Size, report.Issues)
	}
	return nil
}

// firstDay is the day the history of size appointments starts: it ends
// aheadDays past today.
func firstDay(size int, today time.Time) time.Time {
	days := (size + perDay - 1) / perDay
	return today.AddDate(0, 0, aheadDays-days+1)
}

func servicePrice(svc int) int64 { return int64(3000 + svc*1000) }

// checkpoint copies the WAL of the closed database at path into it and
// removes it.
func checkpoint(ctx context.Context, path string) error {
	db, err := sql.Open("sqlite", "file:"+(&url.URL{Path: path}).EscapedPath()+"?_pragma=busy_timeout(10000)")
	if err != nil {
		return err
	}
	defer db.Close()
	_, err = db.ExecContext(ctx, "PRAGMA wal_checkpoint(TRUNCATE)")
	if err != nil {
		return fmt.Errorf("checkpoint %s: %w", path, err)
	}
	return db.Close()
}

// appointment is the store's i-th seeded appointment: day i/perDay from first,
// professional i%10 in one of 14 of the day's 20 half hours, a client out of
// 5,000, and a status that suits its date (past ones mostly completed,
// future ones scheduled or confirmed, a few cancelled or missed).
func (s storeSeed) appointment(i int, first, today, now time.Time) domain.Appointment {
	j := i % perDay // 20 half hours × 7 professionals; j%10 is the professional
	date := first.AddDate(0, 0, i/perDay)
	svc := (i / professionals) % services
	client := int(uint64(i) * 2654435761 % clients)
	mix := i * 7919 % 20
	var status string
	var pay *string
	past := date.Before(today)
	switch {
	case past && mix < 16:
		status = domain.StatusCompleted
		method := domain.PaymentMethods[i/3%4]
		pay = &method
	case past && mix < 18, !past && mix >= 18:
		status = domain.StatusCancelled
	case past && mix == 18:
		status = domain.StatusNoShow
	case mix < 12:
		status = domain.StatusScheduled
	default:
		status = domain.StatusConfirmed
	}
	source := domain.SourceOwner
	if mix%3 == 0 {
		source = domain.SourcePublic
	}
	price := servicePrice(svc)
	return domain.Appointment{ID: storeAppointmentID(s.Store, i), ClientName: fmt.Sprintf("Cliente %04d", client),
		ClientPhone: fmt.Sprintf("+55119%08d", client), ServiceID: s.Services[svc], ProfessionalID: s.Professionals[j%professionals],
		Date: date.Format(time.DateOnly), Time: fmt.Sprintf("%02d:%02d", 8+j/14, j%14/7*30), DurationMin: 30,
		Status: status, PaymentMethod: pay, Price: &price, Source: source, CreatedAt: now, UpdatedAt: now}
}
