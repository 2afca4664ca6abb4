package main

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"agendo/internal/app"
	"agendo/internal/domain"
	"agendo/internal/store"
	"agendo/internal/store/storetest"
)

func env(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func TestLoadConfigDefaults(t *testing.T) {
	c, err := loadConfig(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != ":8080" || c.DatabaseURL != "./data/agendo.db" || c.BaseURL != "http://localhost:8080" || c.LogLevel != slog.LevelInfo {
		t.Errorf("defaults: got %+v", c)
	}
}

func TestLoadConfigTrustedProxies(t *testing.T) {
	c, err := loadConfig(env(map[string]string{"AGENDO_TRUSTED_PROXIES": " 10.0.0.0/8, 192.168.1.7 ,fd00::/8,10.1.2.3/8"}))
	if err != nil {
		t.Fatal(err)
	}
	want := "[10.0.0.0/8 192.168.1.7/32 fd00::/8 10.0.0.0/8]"
	if got := fmt.Sprint(c.TrustedProxies); got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

func TestLoadConfigPublicBookingLimits(t *testing.T) {
	cases := []struct {
		name, value     string
		perIP, perStore int
	}{
		{"unset keeps the app's defaults", "", 0, 0},
		{"off lifts both", "off", unlimited, unlimited},
		{"numbers per IP and per store", " 1000 / 10000 ", 1000, 10000},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, err := loadConfig(env(map[string]string{"AGENDO_PUBLIC_BOOKING_LIMITS": tc.value}))
			if err != nil {
				t.Fatal(err)
			}
			if c.PublicBookingsPerIP != tc.perIP || c.PublicBookingsPerStore != tc.perStore {
				t.Errorf("got %d/%d, want %d/%d", c.PublicBookingsPerIP, c.PublicBookingsPerStore, tc.perIP, tc.perStore)
			}
		})
	}
}

func TestLoadConfigRejectsInvalidValues(t *testing.T) {
	cases := map[string]map[string]string{
		"addr":         {"AGENDO_ADDR": "8080"},
		"base url":     {"AGENDO_BASE_URL": "ftp://x"},
		"short secret": {"AGENDO_SECRET": "curto"},
		"smtp":         {"AGENDO_SMTP_URL": "http://mail"},
		"checkout":     {"AGENDO_CHECKOUT_URL": "http://pay.example"},
		"admin email":  {"AGENDO_ADMIN_EMAILS": "ok@example.com, nao-e-email"},
		"log level":    {"AGENDO_LOG_LEVEL": "loud"},
		"proxies":      {"AGENDO_TRUSTED_PROXIES": "10.0.0.0/8, proxy.local"},
		"booking off?": {"AGENDO_PUBLIC_BOOKING_LIMITS": "none"},
		"booking one":  {"AGENDO_PUBLIC_BOOKING_LIMITS": "1000"},
		"booking zero": {"AGENDO_PUBLIC_BOOKING_LIMITS": "0/100"},
		"booking text": {"AGENDO_PUBLIC_BOOKING_LIMITS": "10/muitos"},
		"streams zero": {"AGENDO_MAX_STREAMS_PER_USER": "0"},
		"streams text": {"AGENDO_MAX_STREAMS_PER_USER": "muitas"},
	}
	for name, vars := range cases {
		t.Run(name, func(t *testing.T) {
			if _, err := loadConfig(env(vars)); err == nil {
				t.Errorf("got nil error for %v", vars)
			}
		})
	}
}

func TestConfigLogMasksSecrets(t *testing.T) {
	c, err := loadConfig(env(map[string]string{
		"AGENDO_SECRET":       strings.Repeat("s", 40),
		"AGENDO_SMTP_URL":     "smtp://user:hunter2@mail.example:587",
		"AGENDO_DATABASE_URL": "postgres://agendo:pgsecret@db:5432/agendo",
	}))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	slog.New(slog.NewJSONHandler(&buf, nil)).Info("config", "config", c)
	for _, secret := range []string{strings.Repeat("s", 40), "hunter2", "pgsecret"} {
		if strings.Contains(buf.String(), secret) {
			t.Errorf("log shows a secret: %s", buf.String())
		}
	}
}

func TestMigrateAndAdminGrant(t *testing.T) {
	db := filepath.Join(t.TempDir(), "agendo.db")
	vars := env(map[string]string{"AGENDO_DATABASE_URL": db})
	var out bytes.Buffer
	if err := run(context.Background(), []string{"agendo", "migrate"}, vars, &out); err != nil {
		t.Fatalf("migrate: %v", err)
	}
	err := run(context.Background(), []string{"agendo", "admin", "grant", "ninguem@example.com"}, vars, &out)
	if err == nil || !strings.Contains(err.Error(), "Nenhuma conta") {
		t.Errorf("grant to a missing account: got %v", err)
	}
	if err := run(context.Background(), []string{"agendo", "voar"}, vars, &out); err == nil {
		t.Error("unknown command: got nil error")
	}
}

func TestServeShutsDownGracefully(t *testing.T) {
	cfg, err := loadConfig(env(map[string]string{
		"AGENDO_ADDR":         "127.0.0.1:0",
		"AGENDO_DATABASE_URL": filepath.Join(t.TempDir(), "agendo.db"),
	}))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	ready := make(chan string, 1)
	done := make(chan error, 1)
	go func() { done <- serve(ctx, cfg, slog.New(slog.NewTextHandler(io.Discard, nil)), ready) }()
	var addr string
	select {
	case addr = <-ready:
	case err := <-done:
		t.Fatalf("serve ended early: %v", err)
	case <-time.After(30 * time.Second):
		t.Fatal("serve did not start")
	}
	res, err := http.Get("http://" + addr + "/readyz")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Fatalf("readyz: got %d", res.StatusCode)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("shutdown: %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("serve did not stop")
	}
	if _, err := http.Get("http://" + addr + "/healthz"); err == nil {
		t.Error("server still answers after shutdown")
	}
}

func TestVersionAndOpenAPICommandsNeedNoConfiguration(t *testing.T) {
	bad := env(map[string]string{"AGENDO_ADDR": "not an address"})
	var out bytes.Buffer
	if err := run(context.Background(), []string{"agendo", "version"}, bad, &out); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out.String(), "agendo "+version+" (commit ") {
		t.Errorf("version: got %q", out.String())
	}
	out.Reset()
	if err := run(context.Background(), []string{"agendo", "openapi"}, bad, &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), `"openapi": "3.1.0"`) {
		t.Errorf("openapi: got %.200q", out.String())
	}
}

// A backup taken while another connection keeps writing is a whole
// database: it opens, migrates nothing, and holds every row committed before
// the copy began.
func TestBackupCopiesALiveDatabase(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "agendo.db")
	vars := env(map[string]string{"AGENDO_DATABASE_URL": path})
	ctx := context.Background()
	var out bytes.Buffer
	if err := run(ctx, []string{"agendo", "migrate"}, vars, &out); err != nil {
		t.Fatal(err)
	}
	db, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	a, err := newApp(ctx, Config{Secret: strings.Repeat("s", 32), BaseURL: "http://localhost"}, db, slog.New(slog.NewTextHandler(io.Discard, nil)), nil)
	if err != nil {
		t.Fatal(err)
	}
	signUp := func(i int) error {
		_, err := a.SignUp(ctx, app.SignUpInput{Name: "Salão " + fmt.Sprint(i), Email: fmt.Sprintf("dono%d@example.com", i), Password: "uma senha bem comprida", AcceptedTerms: domain.TermsVersion}, app.Meta{})
		return err
	}
	for i := range 3 {
		if err := signUp(i); err != nil {
			t.Fatal(err)
		}
	}
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() { // the server keeps writing during the copy
		defer close(done)
		for i := 100; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			if err := signUp(i); err != nil {
				t.Error(err)
				return
			}
		}
	}()
	copyPath := filepath.Join(dir, "copia.db")
	err = run(ctx, []string{"agendo", "backup", copyPath}, vars, &out)
	close(stop)
	<-done
	if err != nil {
		t.Fatalf("backup: %v", err)
	}
	if err := run(ctx, []string{"agendo", "backup", copyPath}, vars, &out); err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Errorf("backup over an existing file: got %v", err)
	}

	restored, err := store.Open(ctx, copyPath)
	if err != nil {
		t.Fatal(err)
	}
	defer restored.Close()
	applied, err := restored.Migrate(ctx)
	if err != nil || len(applied) != 0 {
		t.Fatalf("the copy should be fully migrated: applied %v, %v", applied, err)
	}
	b, err := newApp(ctx, Config{Secret: strings.Repeat("s", 32), BaseURL: "http://localhost"}, restored, slog.New(slog.NewTextHandler(io.Discard, nil)), nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		if _, err := b.SignIn(ctx, fmt.Sprintf("dono%d@example.com", i), "uma senha bem comprida", app.Meta{}); err != nil {
			t.Errorf("account %d in the copy: %v", i, err)
		}
	}
}

// `agendo rebuild-summaries` recomputes the summaries as a user would run it.
func TestRebuildSummariesCommand(t *testing.T) {
	dir := t.TempDir()
	vars := env(map[string]string{"AGENDO_DATABASE_URL": filepath.Join(dir, "agendo.db")})
	var out strings.Builder
	if err := run(context.Background(), []string{"agendo", "rebuild-summaries"}, vars, &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "Resumos de clientes e do painel recalculados.") {
		t.Errorf("output: %q", out.String())
	}
}

// bigStore writes an owner with 10 professionals, a service and a history
// of n appointments into db, through the store.
func bigStore(t *testing.T, db *store.DB, n int) {
	t.Helper()
	now := time.Now().UTC()
	u := "0194a000-0000-7000-8000-00000000000a"
	pros, svc := storetest.Owner(t, db, u, now)
	storetest.History(t, db, u, pros, []string{svc}, now.AddDate(0, 0, -n/140), n)
}

// analysed returns how many planner statistics (sqlite_stat1) the
// appointments table has, and how many value samples (sqlite_stat4) the
// database keeps.
func analysed(t *testing.T, db *sql.DB) (stats, samples int) {
	t.Helper()
	for _, c := range []struct {
		table, query string
		into         *int
	}{
		{"sqlite_stat1", "SELECT count(*) FROM sqlite_stat1 WHERE tbl = 'appointments'", &stats},
		{"sqlite_stat4", "SELECT count(*) FROM sqlite_stat4", &samples},
	} {
		var exists int
		if err := db.QueryRow("SELECT count(*) FROM sqlite_master WHERE name = $1", c.table).Scan(&exists); err != nil {
			t.Fatal(err)
		}
		if exists == 0 {
			continue
		}
		if err := db.QueryRow(c.query).Scan(c.into); err != nil {
			t.Fatal(err)
		}
	}
	return stats, samples
}

// The product keeps SQLite's planner statistics itself (issue 22: it never
// did, and a big store's writes were planned without any): opening the
// database analyses a history nobody analysed, and the commands leave no
// value samples behind, even where a full ANALYZE took them.
func TestCommandsKeepPlannerStatistics(t *testing.T) {
	path := filepath.Join(t.TempDir(), "agendo.db")
	ctx := context.Background()
	db, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	bigStore(t, db, 300)
	db.Close()
	raw, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(10000)")
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	if stats, _ := analysed(t, raw); stats != 0 {
		t.Fatalf("before any command: %d statistics of appointments, want none", stats)
	}
	vars := env(map[string]string{"AGENDO_DATABASE_URL": path})
	if err := run(ctx, []string{"agendo", "migrate"}, vars, io.Discard); err != nil {
		t.Fatal(err)
	}
	if stats, samples := analysed(t, raw); stats == 0 || samples != 0 {
		t.Errorf("after agendo migrate: got %d statistics of appointments and %d samples, want some and none", stats, samples)
	}
	if _, err := raw.Exec("ANALYZE"); err != nil { // as the bench seeding did
		t.Fatal(err)
	}
	if _, samples := analysed(t, raw); samples == 0 {
		t.Fatal("a full ANALYZE took no samples: the check below proves nothing")
	}
	if err := run(ctx, []string{"agendo", "rebuild-summaries"}, vars, io.Discard); err != nil {
		t.Fatal(err)
	}
	if stats, samples := analysed(t, raw); stats == 0 || samples != 0 {
		t.Errorf("after agendo rebuild-summaries: got %d statistics of appointments and %d samples, want some and none", stats, samples)
	}
}

// While the server runs, the statistics follow what the salons write.
func TestStatisticsFollowTheHistory(t *testing.T) {
	db := storetest.Open(t, store.SQLite) // as serve opens it: nothing to analyse yet
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		keepStatistics(ctx, db, slog.New(slog.DiscardHandler), 10*time.Millisecond)
	}()
	defer func() { cancel(); <-done }()
	bigStore(t, db, 300)
	for deadline := time.Now().Add(20 * time.Second); ; {
		if stats, _ := analysed(t, db.Pools()["writer"]); stats > 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("no statistics of the appointments after 20 s")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// Every AGENDO_ variable the configuration reads is listed by --help and in
// the README's table, so a new one cannot be added without saying what it is.
func TestHelpAndReadmeListEveryVariable(t *testing.T) {
	src, err := os.ReadFile("config.go")
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := run(context.Background(), []string{"agendo", "--help"}, func(string) string { return "" }, &out); err != nil {
		t.Fatal(err)
	}
	names := regexp.MustCompile(`getenv\("(AGENDO_[A-Z_]+)"\)`).FindAllStringSubmatch(string(src), -1)
	if len(names) < 10 {
		t.Fatalf("found %d variables in config.go; the pattern no longer matches how it reads them", len(names))
	}
	for _, m := range names {
		if !strings.Contains(out.String(), "  "+m[1]+" ") {
			t.Errorf("--help does not list %s", m[1])
		}
		if !strings.Contains(string(readme), "`"+m[1]+"`") {
			t.Errorf("README.md does not list %s", m[1])
		}
	}
}
