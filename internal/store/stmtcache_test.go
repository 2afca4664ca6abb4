package store

import (
	"context"
	"path/filepath"
	"testing"
	"time"
)

// TestPreparedStatementsAreSharedSafely warms the cache, then runs a query
// again (as a row and as rows) while its own rows are open in the same
// transaction: the outer rows must read on undisturbed (the SQLite driver has
// one prepared statement per connection and query).
func TestPreparedStatementsAreSharedSafely(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, filepath.Join(t.TempDir(), "cache.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	const insert = `INSERT INTO t (id, v) VALUES ($1, $2)`
	const q = `SELECT id, v FROM t WHERE id >= $1 ORDER BY id`
	write := func() {
		t.Helper()
		if err := db.Write(ctx, func(tx *Tx) error {
			if _, err := tx.exec(ctx, `CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)`); err != nil {
				return err
			}
			_, err := tx.exec(ctx, `DELETE FROM t`)
			for i := 1; i <= 3 && err == nil; i++ {
				_, err = tx.exec(ctx, insert, i, string(rune('a'+i-1)))
			}
			return err
		}); err != nil {
			t.Fatal(err)
		}
	}
	read := func() {
		t.Helper()
		var seen []string
		if err := db.Read(ctx, func(tx *Tx) error {
			rows, err := tx.query(ctx, q, 1)
			if err != nil {
				return err
			}
			defer rows.Close()
			for rows.Next() {
				var id int
				var v, again string
				if err := rows.Scan(&id, &v); err != nil {
					return err
				}
				if err := tx.queryRow(ctx, q, id).Scan(&id, &again); err != nil {
					return err
				}
				if again != v {
					t.Errorf("row %d: %q read again as %q", id, v, again)
				}
				inner, err := tx.query(ctx, q, id)
				if err != nil {
					return err
				}
				n := 0
				for inner.Next() {
					n++
				}
				inner.Close()
				if n != 4-id {
					t.Errorf("from row %d: %d rows, want %d", id, n, 4-id)
				}
				seen = append(seen, v)
				if len(seen) > 3 {
					t.Fatal("the outer rows start over")
				}
			}
			return rows.Err()
		}); err != nil {
			t.Fatal(err)
		}
		if len(seen) != 3 {
			t.Errorf("read %q, want a, b, c", seen)
		}
	}

	write()
	read()
	waitPrepared(t, db.ws, insert)
	waitPrepared(t, db.rs, q)
	write() // now through the prepared statements
	read()
}

func waitPrepared(t *testing.T, c *stmtCache, query string) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		c.mu.Lock()
		ready := c.ready[query] != nil
		c.mu.Unlock()
		if ready {
			return
		}
	}
	t.Fatalf("%s was never prepared", query)
}
