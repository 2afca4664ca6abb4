package app_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
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

// monday09 is the tests' "now": a Monday morning in São Paulo.
var monday09 = time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC)

// clock is a settable test clock.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

// newApp returns the use-case layer over db with a cheap hasher and a clock
// set to monday09.
func newApp(t testing.TB, db *store.DB) (*app.App, *clock) {
	t.Helper()
	return newAppWith(t, db, app.Config{})
}

// newAppWith is newApp with cfg (its BaseURL set): another instance over
// the same database, or other limits.
func newAppWith(t testing.TB, db *store.DB, cfg app.Config) (*app.App, *clock) {
	t.Helper()
	return newAppMailing(t, db, cfg, nil)
}

// newAppMailing is newAppWith sending email through mailer (nil: to the
// log).
func newAppMailing(t testing.TB, db *store.DB, cfg app.Config, mailer mail.Sender) (*app.App, *clock) {
	t.Helper()
	cfg.BaseURL = "http://agendo.test"
	tokens, err := auth.NewTokens([]byte(strings.Repeat("k", 32)))
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	c := &clock{t: monday09}
	if mailer == nil {
		mailer = mail.Log{Logger: log}
	}
	a := app.New(app.Deps{DB: db, Hasher: auth.NewHasherParams(64, 1), Tokens: tokens, Mailer: mailer,
		Logger: log, Now: c.Now}, cfg)
	t.Cleanup(a.Close)
	return a, c
}

// eachEngine runs fn on a fresh database and App on every engine.
func eachEngine(t *testing.T, fn func(t *testing.T, db *store.DB, a *app.App)) {
	t.Helper()
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		a, _ := newApp(t, db)
		fn(t, db, a)
	})
}

// salon is a signed-up owner with a store open every day 09:00–18:00, two
// professionals and two services.
type salon struct {
	owner         app.Principal
	ana, bruno    string // professionals
	corte, escova string // services: Corte 45 min R$ 45,90 (both), Escova 30 min R$ 30,00 (Ana)
	slug          string
}

// openSalon signs up email and sets up its salon.
func openSalon(t testing.TB, a *app.App, email string) salon {
	t.Helper()
	ctx := context.Background()
	res, err := a.SignUp(ctx, app.SignUpInput{Name: "Paula Dona", Email: email, Password: "senha-boa-do-salao",
		AcceptedTerms: domain.TermsVersion}, app.Meta{IP: "203.0.113.9"})
	if err != nil {
		t.Fatalf("sign up: %v", err)
	}
	p := app.Owner(res.User.ID, email)
	wh := domain.WorkingHours{}
	for _, d := range domain.Weekdays {
		wh[d] = domain.DayHours{Open: "09:00", Close: "18:00", IsOpen: true}
	}
	st, err := a.UpdateStore(ctx, p, app.StoreInput{Name: "Studio Bela " + email, Phone: "(11) 3456-7890",
		Address: "Rua Augusta, 100 - São Paulo", BookingFlow: "service-first", HeroGradient: "linear-gradient(135deg, #7c3aed 0%, #a855f7 100%)",
		WorkingHours: wh, SocialMedia: domain.SocialMedia{Whatsapp: "(11) 91234-5678"},
		PaymentSettings: domain.PaymentSettings{AcceptedMethods: []string{"cash"}},
		TimeZone:        "America/Sao_Paulo", MinNoticeMin: 60, HorizonDays: 60})
	if err != nil {
		t.Fatalf("store: %v", err)
	}
	s := salon{owner: p}
	if st.Slug != nil {
		s.slug = *st.Slug
	}
	interval := 15
	for _, name := range []string{"Ana Lima", "Bruno Alves"} {
		pro, err := a.SaveProfessional(ctx, p, "", domain.ProfessionalInput{Name: name, Role: "Cabeleireira", CalendarType: "app",
			BookingInterval: &interval})
		if err != nil {
			t.Fatalf("professional: %v", err)
		}
		if s.ana == "" {
			s.ana = pro.ID
		} else {
			s.bruno = pro.ID
		}
	}
	svc := func(name string, duration int, price int64, pros ...string) string {
		sv, err := a.SaveService(ctx, p, "", domain.ServiceInput{Name: name, Duration: duration, Price: &price, ProfessionalIDs: pros})
		if err != nil {
			t.Fatalf("service: %v", err)
		}
		return sv.ID
	}
	s.corte, s.escova = svc("Corte", 45, 4590, s.ana, s.bruno), svc("Escova", 30, 3000, s.ana)
	return s
}

// premium lifts the free limit for the salon (an admin's grant, as the
// store keeps it).
func (s salon) premium(t testing.TB, db *store.DB) {
	t.Helper()
	err := db.Write(context.Background(), func(tx *store.Tx) error {
		return tx.GrantPremium(context.Background(), s.owner.UserID, monday09.AddDate(1, 0, 0), monday09)
	})
	if err != nil {
		t.Fatalf("premium: %v", err)
	}
}

// book creates an owner's appointment of phone on date at tm with Ana and
// gives it status (empty: scheduled).
func (s salon) book(t testing.TB, a *app.App, phone, date, tm, status string) domain.Appointment {
	t.Helper()
	ap, err := a.CreateAppointment(context.Background(), s.owner, domain.AppointmentInput{ClientName: "Maria Souza",
		ClientPhone: phone, ServiceID: s.corte, ProfessionalID: s.ana, Date: date, Time: tm, Force: true})
	if err != nil {
		t.Fatalf("book %s %s: %v", date, tm, err)
	}
	if status != "" {
		if ap, err = a.SetAppointmentStatus(context.Background(), s.owner, ap.ID, app.StatusInput{Status: status}); err != nil {
			t.Fatalf("status %s: %v", status, err)
		}
	}
	return ap
}

// day is the date n days from monday09, as YYYY-MM-DD.
func day(n int) string { return monday09.AddDate(0, 0, n).Format(time.DateOnly) }

// hhmm is the clock time m minutes after 09:00.
func hhmm(m int) string { return fmt.Sprintf("%02d:%02d", 9+m/60, m%60) }

// set moves the clock to t.
func (c *clock) set(t time.Time) {
	c.mu.Lock()
	c.t = t
	c.mu.Unlock()
}
