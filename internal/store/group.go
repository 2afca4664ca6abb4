package store

import (
	"context"
	"fmt"
)

// Group commit on SQLite: durable writes that arrive while a commit is
// being made wait for it and then share the next transaction, each in its
// own savepoint, so many bookings cost one fsync. Each write still runs
// alone on the one writer connection, sees the ones before it (overlap
// checks stay exact), is undone alone when it fails, and is answered only
// after the shared commit is on disk.

// maxGroup bounds the writes one commit carries.
const maxGroup = 64

type groupWrite struct {
	ctx  context.Context
	fn   func(*Tx) error
	done chan groupResult
}

type groupResult struct {
	err      error
	panicked any // a panic in fn, raised again in the caller's goroutine
}

func (db *DB) startGroupCommit() {
	db.writes = make(chan *groupWrite)
	db.done = make(chan struct{})
	go db.groupLoop()
}

func (db *DB) stopGroupCommit() {
	if db.writes == nil {
		return
	}
	close(db.writes)
	<-db.done
	db.writes = nil
}

// groupWrite hands fn to the committer and waits for its result.
func (db *DB) groupWrite(ctx context.Context, fn func(*Tx) error) error {
	w := &groupWrite{ctx: ctx, fn: fn, done: make(chan groupResult, 1)}
	select {
	case db.writes <- w:
	case <-ctx.Done():
		return ctx.Err()
	}
	r := <-w.done // once taken, fn may be running: its outcome is awaited
	if r.panicked != nil {
		panic(r.panicked)
	}
	return r.err
}

func (db *DB) groupLoop() {
	defer close(db.done)
	for first := range db.writes {
		batch := []*groupWrite{first}
	gather:
		for len(batch) < maxGroup {
			select {
			case w, ok := <-db.writes:
				if !ok {
					break gather
				}
				batch = append(batch, w)
			default:
				break gather
			}
		}
		db.commitGroup(batch)
	}
}

// commitGroup runs a batch in one transaction, each write in a savepoint.
func (db *DB) commitGroup(batch []*groupWrite) {
	ctx := context.Background()
	results := make([]groupResult, len(batch))
	finish := func() {
		for i, w := range batch {
			w.done <- results[i]
		}
	}
	defer finish()
	tx, err := db.w.BeginTx(ctx, nil)
	if err != nil {
		for i := range results {
			results[i].err = fmt.Errorf("begin: %w", err)
		}
		return
	}
	defer tx.Rollback() //nolint:errcheck // a no-op after Commit
	broken := error(nil)
	for i, w := range batch {
		if broken != nil {
			results[i].err = broken
			continue
		}
		if err := w.ctx.Err(); err != nil {
			results[i].err = err
			continue
		}
		if _, err := tx.ExecContext(ctx, "SAVEPOINT w"); err != nil {
			broken = wrap("savepoint", err)
			results[i].err = broken
			continue
		}
		results[i] = runMember(w.fn, &Tx{tx: tx, engine: db.Engine, stmts: db.ws, detached: ctx, write: true})
		if results[i].err != nil || results[i].panicked != nil {
			if _, err := tx.ExecContext(ctx, "ROLLBACK TO w"); err != nil {
				broken = wrap("rollback to savepoint", err)
				continue
			}
		}
		if _, err := tx.ExecContext(ctx, "RELEASE w"); err != nil {
			broken = wrap("release savepoint", err)
		}
	}
	if broken != nil {
		for i := range results {
			if results[i].err == nil && results[i].panicked == nil {
				results[i].err = broken
			}
		}
		return
	}
	if err := tx.Commit(); err != nil {
		for i := range results {
			if results[i].err == nil && results[i].panicked == nil {
				results[i].err = wrap("commit", err)
			}
		}
	}
}

// runMember runs one write of a group, turning a panic into a result.
func runMember(fn func(*Tx) error, tx *Tx) (r groupResult) {
	defer func() {
		if p := recover(); p != nil {
			r = groupResult{panicked: p}
		}
	}()
	return groupResult{err: refusedText(fn(tx))}
}
