package main

import (
	"context"
	"database/sql"
	"errors"
	"net/url"
	"os"
	"time"

	_ "modernc.org/sqlite" // the store's SQLite driver
)

// rawInserter measures the ceiling of any durable booking on this disk and
// engine: writers each inserting one tiny row per transaction into a fresh
// table. It is the reference every write path's ratio divides by.
type rawInserter struct {
	db      *sql.DB
	writers int
	drop    func() error // removes what it made, after db is closed
}

// newSQLiteRaw is the raw inserter of SQLite: a fresh file at path with the
// store's pragmas (busy_timeout, WAL, synchronous=FULL, temp_store=MEMORY,
// the lock taken at BEGIN), through one connection as the store's writer.
func newSQLiteRaw(ctx context.Context, path string, writers int) (*rawInserter, error) {
	for _, p := range []string{path, path + "-wal", path + "-shm"} {
		if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
			return nil, err
		}
	}
	db, err := sql.Open("sqlite", "file:"+(&url.URL{Path: path}).EscapedPath()+
		"?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)&_pragma=temp_store(MEMORY)&_txlock=immediate")
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1)
	return newRaw(ctx, db, writers, `CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)`, func() error { return nil })
}

// newPostgresRaw is the raw inserter of PostgreSQL: a fresh database name
// on pg, as many connections as writers, the server's own durability
// (synchronous_commit as configured).
func newPostgresRaw(ctx context.Context, pg *pgServer, name string, writers int) (*rawInserter, error) {
	if err := pg.create(ctx, name, ""); err != nil {
		return nil, err
	}
	drop := func() error { return pg.drop(context.Background(), name) }
	db, err := sql.Open("pgx", pg.dsn(name))
	if err != nil {
		drop()
		return nil, err
	}
	db.SetMaxOpenConns(writers)
	db.SetMaxIdleConns(writers)
	return newRaw(ctx, db, writers, `CREATE TABLE t (id BIGSERIAL PRIMARY KEY, v TEXT NOT NULL)`, drop)
}

func newRaw(ctx context.Context, db *sql.DB, writers int, create string, drop func() error) (*rawInserter, error) {
	if _, err := db.ExecContext(ctx, create); err != nil {
		db.Close()
		drop()
		return nil, err
	}
	return &rawInserter{db: db, writers: writers, drop: drop}, nil
}

func (r *rawInserter) Close() error {
	err := r.db.Close()
	return errors.Join(err, r.drop())
}

func (r *rawInserter) insert(ctx context.Context) error {
	tx, err := r.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `INSERT INTO t (v) VALUES ('agendamento')`); err != nil {
		return err
	}
	return tx.Commit()
}

// run inserts for d and, when record, keeps each commit's latency; a failed
// insert counts as an error.
func (r *rawInserter) run(ctx context.Context, d time.Duration, record bool) result {
	return drive(ctx, r.writers, d, record, r.insert)
}
