// Package storetest gives each test its own fresh database on every engine:
// a SQLite file in the test's temporary directory, and, when
// AGENDO_TEST_DATABASE_URL is set, a PostgreSQL schema of its own.
package storetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"agendo/internal/store"
)

// EnvPostgres names the variable holding the PostgreSQL test server's URL.
const EnvPostgres = "AGENDO_TEST_DATABASE_URL"

// Run calls fn once per engine as a subtest named after the engine, each
// with a fresh, migrated database. The PostgreSQL subtest is skipped when
// AGENDO_TEST_DATABASE_URL is unset.
func Run(t *testing.T, fn func(t *testing.T, db *store.DB)) {
	t.Helper()
	for _, e := range []store.Engine{store.SQLite, store.Postgres} {
		t.Run(string(e), func(t *testing.T) {
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
		return filepath.Join(tb.TempDir(), "agendo.db")
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
