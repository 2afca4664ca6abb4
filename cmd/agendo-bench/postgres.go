package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the store's PostgreSQL driver
)

// pgServer is the PostgreSQL server of the -postgres URL: the harness
// seeds databases there once, and measures fresh copies of them.
type pgServer struct {
	base  url.URL // the URL given; its database is where the others are made from
	admin *sql.DB
}

func openPostgres(ctx context.Context, dsn string) (*pgServer, error) {
	u, err := url.Parse(dsn)
	if err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
		return nil, fmt.Errorf("-postgres: %q is not a postgres:// URL", dsn)
	}
	admin, err := sql.Open("pgx", dsn)
	if err != nil {
		return nil, err
	}
	admin.SetMaxOpenConns(1)
	if err := admin.PingContext(ctx); err != nil {
		admin.Close()
		return nil, fmt.Errorf("-postgres: %w", err)
	}
	return &pgServer{base: *u, admin: admin}, nil
}

func (p *pgServer) Close() error { return p.admin.Close() }

// dsn is the URL of the database name on the same server.
func (p *pgServer) dsn(name string) string {
	u := p.base
	u.Path = "/" + name
	return u.String()
}

// Database names here are the harness's own ([a-z0-9_]), so quoting them
// is enough.
func (p *pgServer) exists(ctx context.Context, name string) (bool, error) {
	var n int
	err := p.admin.QueryRowContext(ctx, `SELECT COUNT(*) FROM pg_database WHERE datname = $1`, name).Scan(&n)
	return n > 0, err
}

func (p *pgServer) drop(ctx context.Context, name string) error {
	_, err := p.admin.ExecContext(ctx, fmt.Sprintf(`DROP DATABASE IF EXISTS %q WITH (FORCE)`, name))
	return err
}

// create makes the database name anew, as a copy of template when it is
// not empty.
func (p *pgServer) create(ctx context.Context, name, template string) error {
	if err := p.drop(ctx, name); err != nil {
		return err
	}
	q := fmt.Sprintf(`CREATE DATABASE %q`, name)
	if template != "" {
		q += fmt.Sprintf(` TEMPLATE %q`, template)
	}
	_, err := p.admin.ExecContext(ctx, q)
	return err
}

// pgName names the harness's databases: the cached seeds by scheme and
// size, a run's copies by this process, so two runs never share one.
func pgSeedName(size int) string { return fmt.Sprintf("agendo_bench_seed_%s_%d", seedVersion, size) }
func pgRunName(what string) string {
	return fmt.Sprintf("agendo_bench_%s_%d", what, os.Getpid())
}

// pgSeeded returns the manifest and database name of the cached PostgreSQL
// seed of size, seeding it first when it is missing, of another scheme or
// too old. The manifest is kept in dir, beside the SQLite seeds'.
func pgSeeded(ctx context.Context, pg *pgServer, dir string, size int, loc *time.Location, out io.Writer) (manifest, string, error) {
	name := pgSeedName(size)
	file := filepath.Join(dir, name+".json")
	var m manifest
	raw, err := os.ReadFile(file)
	if err == nil && json.Unmarshal(raw, &m) == nil && m.Version == seedVersion && m.Size == size {
		on, err := time.ParseInLocation(time.DateOnly, m.SeededOn, loc)
		if ok, existsErr := pg.exists(ctx, name); err == nil && existsErr == nil && ok && time.Since(on) < seedMaxAge {
			fmt.Fprintf(out, "using PostgreSQL database %s (seeded %s)\n", name, m.SeededOn)
			return m, name, nil
		}
	}
	started := time.Now()
	fmt.Fprintf(out, "seeding PostgreSQL database %s with %d appointments\n", name, size)
	tmp := name + "_tmp"
	if err := pg.create(ctx, tmp, ""); err != nil {
		return manifest{}, "", err
	}
	if m, err = seedDatabase(ctx, pg.dsn(tmp), size, out); err != nil {
		return manifest{}, "", err
	}
	analysed, err := autoanalyze(ctx, pg.dsn(tmp), size+otherSize)
	if err != nil {
		return manifest{}, "", err
	}
	fmt.Fprintf(out, "  analysed what autovacuum would: %v\n", analysed)
	if err := pg.drop(ctx, name); err != nil {
		return manifest{}, "", err
	}
	if _, err := pg.admin.ExecContext(ctx, fmt.Sprintf(`ALTER DATABASE %q RENAME TO %q`, tmp, name)); err != nil {
		return manifest{}, "", err
	}
	if err := writeManifest(file, m); err != nil {
		return manifest{}, "", err
	}
	fmt.Fprintf(out, "  seeded %s in %s\n", name, time.Since(started).Round(time.Second))
	return m, name, nil
}

// autoanalyze analyses the tables of the database at dsn that autovacuum
// would analyse after the seed's writes, by its own rule (more rows
// changed since the last analysis than autovacuum_analyze_threshold +
// autovacuum_analyze_scale_factor × the table's rows), and only those. On
// PostgreSQL the product leaves statistics to autovacuum (store.DB.Optimize
// does nothing there), which a server runs within a minute of such writes;
// a test server may have it off, and the copies a run measures inherit the
// seed's statistics, not its pending count of changes. It waits until the
// statistics count the appointments' inserts (want), as backends report
// them when their connections close.
func autoanalyze(ctx context.Context, dsn string, want int) ([]string, error) {
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	deadline := time.Now().Add(time.Minute)
	for {
		var n int64
		err := db.QueryRowContext(ctx, `SELECT COALESCE(MAX(n_ins_since_vacuum), 0) FROM pg_stat_user_tables WHERE relname = 'appointments'`).Scan(&n)
		if err != nil {
			return nil, err
		}
		if n >= int64(want) {
			break
		}
		if time.Now().After(deadline) {
			return nil, fmt.Errorf("the statistics count %d appointments inserted, want %d, after a minute", n, want)
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
	}
	rows, err := db.QueryContext(ctx, `SELECT s.relname FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
		WHERE s.n_mod_since_analyze > current_setting('autovacuum_analyze_threshold')::float8
			+ current_setting('autovacuum_analyze_scale_factor')::float8 * GREATEST(c.reltuples, 0)
		ORDER BY s.relname`)
	if err != nil {
		return nil, err
	}
	var tables []string
	for rows.Next() {
		var t string
		if err := rows.Scan(&t); err != nil {
			rows.Close()
			return nil, err
		}
		tables = append(tables, t)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for _, t := range tables {
		if _, err := db.ExecContext(ctx, fmt.Sprintf(`ANALYZE %q`, t)); err != nil {
			return nil, fmt.Errorf("analyze %s: %w", t, err)
		}
	}
	return tables, nil
}
