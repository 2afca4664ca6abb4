package store

import (
	"context"
	"database/sql"
	"sync"
	"time"
)

// stmtCache keeps SQLite's statements prepared, so a hot query is parsed
// once per connection instead of on every call (parsing was a quarter of
// the CPU of a booking). database/sql does the per-connection part: a *sql.Stmt
// used in a transaction is prepared on that transaction's connection the
// first time and reused after.
//
// Creating a *sql.Stmt takes a connection from the pool, which a transaction
// that holds the only writer connection (or the last reader) must never wait
// for: that deadlocks. So a transaction never prepares. The first use of a
// query runs it unprepared and asks a goroutine to prepare it, which waits
// for a free connection without holding one; later uses find it ready.
type stmtCache struct {
	pool    *sql.DB
	mu      sync.Mutex
	ready   map[string]*sql.Stmt
	pending map[string]bool
	closed  bool
}

// maxCachedStmts bounds the cache: queries are constants of this package,
// plus a few shapes built for lists, so the bound is never reached in practice.
const maxCachedStmts = 1000

func newStmtCache(pool *sql.DB) *stmtCache {
	return &stmtCache{pool: pool, ready: map[string]*sql.Stmt{}, pending: map[string]bool{}}
}

// get returns the prepared statement for query, or nil when it is not ready
// yet (the caller runs the query as it is), in which case it is prepared in
// the background.
func (c *stmtCache) get(query string) *sql.Stmt {
	c.mu.Lock()
	defer c.mu.Unlock()
	if s := c.ready[query]; s != nil || c.closed {
		return s
	}
	if c.pending[query] || len(c.ready)+len(c.pending) >= maxCachedStmts {
		return nil
	}
	c.pending[query] = true
	go c.prepare(query)
	return nil
}

func (c *stmtCache) prepare(query string) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	s, err := c.pool.PrepareContext(ctx, query)
	c.mu.Lock()
	defer c.mu.Unlock()
	if err != nil {
		return // stays pending: the query runs unprepared, and is not tried again
	}
	delete(c.pending, query)
	if c.closed {
		s.Close()
		return
	}
	c.ready[query] = s
}

// close releases the statements; later gets run their queries unprepared.
func (c *stmtCache) close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.closed = true
	for q, s := range c.ready {
		s.Close()
		delete(c.ready, q)
	}
}
