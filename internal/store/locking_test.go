package store_test

import (
	"sync"
	"sync/atomic"
	"testing"

	"agendo/internal/store"
	"agendo/internal/store/storetest"
)

// Two writers that take two locks in opposite orders: PostgreSQL
// aborts one to break the deadlock, and Write runs it again, so both
// succeed (SQLite's single writer never deadlocks).
func TestAWriteAbortedByADeadlockRunsAgain(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		var arrived sync.WaitGroup
		arrived.Add(2)
		var attempts atomic.Int32
		write := func(first, second string) error {
			return db.Write(ctx, func(tx *store.Tx) error {
				n := attempts.Add(1)
				if err := tx.Lock(ctx, first, "owner"); err != nil {
					return err
				}
				if n <= 2 && db.Engine == store.Postgres { // both hold their first lock before either asks for its second
					arrived.Done()
					arrived.Wait()
				}
				return tx.Lock(ctx, second, "owner")
			})
		}
		var wg sync.WaitGroup
		errs := make([]error, 2)
		wg.Go(func() { errs[0] = write("a", "b") })
		wg.Go(func() { errs[1] = write("b", "a") })
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Errorf("writer %d: %v", i, err)
			}
		}
		if db.Engine == store.Postgres && attempts.Load() != 3 {
			t.Errorf("%d attempts, want 3 (one writer run again)", attempts.Load())
		}
	})
}
