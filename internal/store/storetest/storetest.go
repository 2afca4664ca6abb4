// Package storetest gives each test its own fresh database on every engine:
// a SQLite file in the test's temporary directory, and, when
// AGENDO_TEST_DATABASE_URL is set, a PostgreSQL schema of its own.
package storetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"agendo/internal/domain"
	"agendo/internal/store"
)

// EnvPostgres names the variable holding the PostgreSQL test server's URL.
const EnvPostgres = "AGENDO_TEST_DATABASE_URL"

// Run calls fn once per engine as a subtest named after the engine, each
// with a fresh, migrated database. The PostgreSQL subtest is skipped when
// AGENDO_TEST_DATABASE_URL is unset.
//
// The two subtests run in parallel (their databases share nothing), so they
// start only once the calling test's function has returned: a test must not
// read, after Run, what fn wrote. RunSerially is for the tests that measure
// the process itself (its heap, its timings), which a neighbour would blur.
func Run(t *testing.T, fn func(t *testing.T, db *store.DB)) {
	t.Helper()
	run(t, true, fn)
}

// RunSerially is Run with the engines one after the other, alone.
func RunSerially(t *testing.T, fn func(t *testing.T, db *store.DB)) {
	t.Helper()
	run(t, false, fn)
}

func run(t *testing.T, parallel bool, fn func(t *testing.T, db *store.DB)) {
	t.Helper()
	for _, e := range []store.Engine{store.SQLite, store.Postgres} {
		t.Run(string(e), func(t *testing.T) {
			if parallel {
				t.Parallel()
			}
			fn(t, Open(t, e))
		})
	}
}

// Open returns a fresh, migrated database on engine, closed and dropped when
// the test ends.
func Open(tb testing.TB, e store.Engine) *store.DB {
	tb.Helper()
	dsn := DSN(tb, e)
	db, err := store.Open(context.Background(), dsn)
	if err != nil {
		tb.Fatalf("open %s: %v", e, err)
	}
	tb.Cleanup(func() { db.Close() })
	if _, err := db.Migrate(context.Background()); err != nil {
		tb.Fatalf("migrate %s: %v", e, err)
	}
	return db
}

// DSN returns a connection string for a fresh, empty database on engine (a
// new SQLite file, or a new PostgreSQL schema dropped at cleanup).
func DSN(tb testing.TB, e store.Engine) string {
	tb.Helper()
	if e == store.SQLite {
		return filepath.Join(tempDir(tb), "agendo.db")
	}
	base := os.Getenv(EnvPostgres)
	if base == "" {
		tb.Skip(EnvPostgres + " not set: skipping PostgreSQL")
	}
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	schema := "t_" + hex.EncodeToString(b)
	admin, err := sql.Open("pgx", base)
	if err != nil {
		tb.Fatalf("open postgres: %v", err)
	}
	if _, err := admin.Exec("CREATE SCHEMA " + schema); err != nil {
		admin.Close()
		tb.Fatalf("create schema: %v", err)
	}
	tb.Cleanup(func() {
		_, _ = admin.Exec("DROP SCHEMA " + schema + " CASCADE")
		admin.Close()
	})
	u, err := url.Parse(base)
	if err != nil {
		tb.Fatalf("parse %s: %v", EnvPostgres, err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// Rows returns every row of every table of db (the schema's tables, found
// in the engine's catalogue, not a list that could forget one), each row's
// columns as text joined by " | ", by table name: tests that must show
// something is gone from the whole database scan it.
func Rows(tb testing.TB, db *store.DB) map[string][]string {
	tb.Helper()
	var pool *sql.DB
	for _, p := range db.Pools() {
		pool = p // the writer, or PostgreSQL's one pool: it sees every commit
	}
	if w, ok := db.Pools()["writer"]; ok {
		pool = w
	}
	list := `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`
	if db.Engine == store.SQLite {
		list = `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`
	}
	names, err := pool.Query(list)
	if err != nil {
		tb.Fatalf("list tables: %v", err)
	}
	var tables []string
	for names.Next() {
		var n string
		if err := names.Scan(&n); err != nil {
			tb.Fatalf("list tables: %v", err)
		}
		tables = append(tables, n)
	}
	names.Close()
	if len(tables) < 10 {
		tb.Fatalf("found only %d tables: %v", len(tables), tables)
	}
	out := map[string][]string{}
	for _, table := range tables {
		rows, err := pool.Query(`SELECT * FROM ` + table)
		if err != nil {
			tb.Fatalf("read %s: %v", table, err)
		}
		cols, _ := rows.Columns()
		out[table] = []string{}
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				tb.Fatalf("read %s: %v", table, err)
			}
			text := make([]string, len(vals))
			for i, v := range vals {
				if b, ok := v.([]byte); ok {
					v = string(b)
				}
				text[i] = fmt.Sprint(v)
			}
			out[table] = append(out[table], strings.Join(text, " | "))
		}
		if err := rows.Err(); err != nil {
			tb.Fatalf("read %s: %v", table, err)
		}
		rows.Close()
	}
	return out
}

// History writes n appointments of userID, 140 a day from the day first
// (each of 10 professionals 14 half hours from 08:00, never two at once),
// 20 to a client, the i-th completed, completed, completed, scheduled,
// confirmed, cancelled or missed by i%7, through SaveAppointment — the
// store method every booking goes through. It never runs ANALYZE: the
// database stays as the product makes it. Transactions of 1,000 let the
// statement cache prepare the statements between them (a transaction

// Owner writes an owner (userID, dona@example.com) with 10 professionals
// and one 30-minute service all of them perform, through the store, and
// returns the professionals' ids and the service's: what History books.
func Owner(tb testing.TB, db *store.DB, userID string, now time.Time) (professionals []string, service string) {
	tb.Helper()
	ctx := context.Background()
	err := db.Write(ctx, func(tx *store.Tx) error {
		if err := tx.CreateUser(ctx, domain.User{ID: userID, Email: "dona@example.com", CreatedAt: now}, "h"); err != nil {
			return err
		}
		for j := range 10 {
			p := domain.Professional{ID: fmt.Sprintf("p%d", j), Name: "Pro", Specialties: []string{}, Photos: []string{},
				CalendarType: "app", BookingInterval: 30}
			if err := tx.SaveProfessional(ctx, userID, p, now, true); err != nil {
				return err
			}
			professionals = append(professionals, p.ID)
		}
		return tx.SaveService(ctx, userID, domain.Service{ID: "s1", Name: "Corte", Duration: 30, ProfessionalIDs: professionals}, now, true)
	})
	if err != nil {
		tb.Fatalf("owner: %v", err)
	}
	return professionals, "s1"
}

// never waits for it). It returns the appointments in the order written.
func History(tb testing.TB, db *store.DB, userID string, professionals, services []string, first time.Time, n int) []domain.Appointment {
	tb.Helper()
	statuses := []string{domain.StatusCompleted, domain.StatusCompleted, domain.StatusCompleted, domain.StatusScheduled,
		domain.StatusConfirmed, domain.StatusCancelled, domain.StatusNoShow}
	clients := max(1, n/20)
	now := time.Now().UTC().Truncate(time.Microsecond)
	list := make([]domain.Appointment, n)
	for i := range n {
		slot := i % 140
		price := int64(3000 + i%5*1000)
		list[i] = domain.Appointment{ID: uuid.Must(uuid.NewV7()).String(), ClientName: fmt.Sprintf("Cliente %05d", i%clients),
			ClientPhone: fmt.Sprintf("+55119%08d", i%clients), ServiceID: services[i%len(services)],
			ProfessionalID: professionals[slot%len(professionals)], Date: first.AddDate(0, 0, i/140).Format(time.DateOnly),
			Time: fmt.Sprintf("%02d:%02d", 8+slot/len(professionals)/2, slot/len(professionals)%2*30), DurationMin: 30,
			Status: statuses[i%len(statuses)], Price: &price, Source: domain.SourceOwner, CreatedAt: now, UpdatedAt: now}
	}
	ctx := context.Background()
	for lo := 0; lo < n; lo += 1000 {
		err := db.Write(ctx, func(tx *store.Tx) error {
			for _, a := range list[lo:min(lo+1000, n)] {
				if err := tx.SaveAppointment(ctx, userID, a, true); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			tb.Fatalf("write history: %v", err)
		}
	}
	return list
}

// tempDir is a directory removed when the test ends, after the database in
// it is closed (cleanups run last first). Unlike tb.TempDir it tries the
// removal again for a while: a connection database/sql was still opening
// when the pool closed finishes, and SQLite's -wal and -shm files come and
// go, after Close returns, and a busy machine's CI saw "directory not
// empty".
func tempDir(tb testing.TB) string {
	tb.Helper()
	dir, err := os.MkdirTemp("", "agendo-store-")
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		var err error
		for range 40 {
			if err = os.RemoveAll(dir); err == nil {
				return
			}
			time.Sleep(50 * time.Millisecond)
		}
		tb.Errorf("remove %s: %v", dir, err)
	})
	return dir
}
