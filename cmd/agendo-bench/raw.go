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

// rawInserter measures the ceiling of any durable booking on this disk:
// writers each inserting one tiny row per transaction, through one
// connection to a fresh SQLite file with the store's pragmas (busy_timeout,
// WAL, synchronous=FULL, the lock taken at BEGIN).
type rawInserter struct {
	db      *sql.DB
	writers int
}

func newRawInserter(ctx context.Context, path string, writers int) (*rawInserter, error) {
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
	if _, err := db.ExecContext(ctx, `CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)`); err != nil {
		db.Close()
		return nil, err
	}
	return &rawInserter{db: db, writers: writers}, nil
}

func (r *rawInserter) Close() error { return r.db.Close() }

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
