package store_test

import (
	"sync"
	"testing"

	"agendo/internal/store"
	"agendo/internal/store/storetest"
)

// The shared token buckets: a token moves the theoretical arrival time to
// max(tat, now) + interval, atomically, also under concurrent writers on
// PostgreSQL; giving one back moves it back; the purge drops full buckets.
func TestTokenBuckets(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		const now, second = int64(1_800_000_000_000_000), int64(1_000_000)
		take := func(at int64, takes ...store.Take) []int64 {
			t.Helper()
			var out []int64
			err := db.Write(ctx, func(tx *store.Tx) error {
				var err error
				out, err = tx.TakeTokens(ctx, at, takes...)
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			return out
		}
		a, b := store.Take{Key: "a", Interval: 10 * second}, store.Take{Key: "b", Interval: second}
		if got := take(now, a, b); got[0] != now+10*second || got[1] != now+second {
			t.Fatalf("first take: got %v, want a full bucket's now + interval", got)
		}
		if got := take(now, b, a); got[0] != now+2*second || got[1] != now+20*second {
			t.Fatalf("second take, keys in the other order: got %v", got)
		}
		// Long after, the bucket is full again: the time starts from now.
		if got := take(now+100*second, a); got[0] != now+110*second {
			t.Fatalf("take after the bucket refilled: got %v", got)
		}

		const writers, rounds = 16, 5
		for round := range rounds {
			var wg sync.WaitGroup
			for range writers {
				wg.Go(func() {
					if err := db.Write(ctx, func(tx *store.Tx) error {
						_, err := tx.TakeTokens(ctx, now, store.Take{Key: "hot", Interval: second})
						return err
					}); err != nil {
						t.Error(err)
					}
				})
			}
			wg.Wait()
			if got := take(now, store.Take{Key: "hot", Interval: 0}); got[0] != now+int64((round+1)*writers)*second {
				t.Fatalf("round %d: %d concurrent takes moved the time to now + %d s, want + %d s",
					round, writers, (got[0]-now)/second, (round+1)*writers)
			}
		}

		err := db.Write(ctx, func(tx *store.Tx) error {
			if err := tx.GiveBackTokens(ctx, store.Take{Key: "hot", Interval: second}); err != nil {
				return err
			}
			got, err := tx.TakeTokens(ctx, now, store.Take{Key: "hot", Interval: 0})
			if want := now + int64(rounds*writers-1)*second; err == nil && got[0] != want {
				t.Errorf("after giving one back: got now + %d s, want + %d s", (got[0]-now)/second, (want-now)/second)
			}
			if err != nil {
				return err
			}
			// By now + 30 s only b is full again (a and hot are ahead).
			n, err := tx.PurgeRateLimits(ctx, now+30*second)
			if err == nil && n != 1 {
				t.Errorf("purge: deleted %d buckets, want 1 (b)", n)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	})
}
