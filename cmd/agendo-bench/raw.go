package main

import (
	"context"
	"database/sql"
	"errors"
	"net/url"
	"os"
	"slices"
	"sync"
	"time"

	_ "modernc.org/sqlite" // the store's SQLite driver
)

// rawInserts measures the ceiling of any durable booking on this disk: 16
// writers each inserting one tiny row per transaction, through one
// connection to a fresh SQLite file with the store's pragmas (busy_timeout,
// WAL, synchronous=FULL, the lock taken at BEGIN), for d after warmup.
func rawInserts(ctx context.Context, path string, writers int, warmup, d time.Duration) (result, error) {
	for _, p := range []string{path, path + "-wal", path + "-shm"} {
		if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
			return result{}, err
		}
	}
	db, err := sql.Open("sqlite", "file:"+(&url.URL{Path: path}).EscapedPath()+
		"?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)&_txlock=immediate")
	if err != nil {
		return result{}, err
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	if _, err := db.ExecContext(ctx, `CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)`); err != nil {
		return result{}, err
	}
	insert := func() error {
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		defer tx.Rollback()
		if _, err := tx.ExecContext(ctx, `INSERT INTO t (v) VALUES ('agendamento')`); err != nil {
			return err
		}
		return tx.Commit()
	}
	run := func(d time.Duration) (result, error) {
		deadline := time.Now().Add(d)
		var mu sync.Mutex
		var out result
		var errs []error
		var wg sync.WaitGroup
		start := time.Now()
		for range writers {
			wg.Go(func() {
				var lat []time.Duration
				var err error
				for time.Now().Before(deadline) && ctx.Err() == nil {
					t0 := time.Now()
					if err = insert(); err != nil {
						break
					}
					lat = append(lat, time.Since(t0))
				}
				mu.Lock()
				out.requests += len(lat)
				out.lat = append(out.lat, lat...)
				errs = append(errs, err)
				mu.Unlock()
			})
		}
		wg.Wait()
		out.elapsed = time.Since(start)
		slices.Sort(out.lat)
		return out, errors.Join(errs...)
	}
	if _, err := run(warmup); err != nil {
		return result{}, err
	}
	return run(d)
}
