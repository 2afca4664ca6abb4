package store

import (
	"context"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
)

// QueryRowForTest reads one row of an arbitrary query, for tests that check
// what no method returns (a purged payload).
func (t *Tx) QueryRowForTest(ctx context.Context, query string, dest ...any) error {
	return t.queryRow(ctx, query).Scan(dest...)
}

// QueryRowsForTest runs a query of any columns and returns each row as
// text.
func (t *Tx) QueryRowsForTest(ctx context.Context, query string, args ...any) ([]string, error) {
	rows, err := t.query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		cols, err := rows.Columns()
		if err != nil {
			return nil, err
		}
		c := make([]any, len(cols))
		dest := make([]any, len(cols))
		for i := range c {
			dest[i] = &c[i]
		}
		if err := rows.Scan(dest...); err != nil {
			return nil, err
		}
		out = append(out, fmt.Sprint(c...))
	}
	return out, rows.Err()
}

// WriterQueriesForTest returns, sorted, every statement the writer has run
// since the database opened: each passes through the writer's statement
// cache. It returns nil on PostgreSQL, which has no such cache.
func (db *DB) WriterQueriesForTest() []string {
	if db.ws == nil {
		return nil
	}
	db.ws.mu.Lock()
	defer db.ws.mu.Unlock()
	out := slices.Collect(maps.Keys(db.ws.ready))
	out = append(out, slices.Collect(maps.Keys(db.ws.pending))...)
	slices.Sort(out)
	return out
}

// PlanForTest returns SQLite's plan for query (EXPLAIN QUERY PLAN), one
// line a step, with each of its $N parameters bound to an empty string.
func (db *DB) PlanForTest(ctx context.Context, query string) ([]string, error) {
	n := 0
	for _, m := range regexp.MustCompile(`\$(\d+)`).FindAllStringSubmatch(query, -1) {
		v, _ := strconv.Atoi(m[1])
		n = max(n, v)
	}
	args := make([]any, n)
	for i := range args {
		args[i] = ""
	}
	rows, err := db.w.QueryContext(ctx, "EXPLAIN QUERY PLAN "+query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var plan []string
	for rows.Next() {
		var id, parent, unused int
		var detail string
		if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
			return nil, err
		}
		plan = append(plan, detail)
	}
	return plan, rows.Err()
}

// ParseInstantForTest and ParseDriverTimeForTest are the hand-written time
// parser of the hot reads and the driver's own parse it must agree with.
var (
	ParseInstantForTest    = parseInstant
	ParseDriverTimeForTest = parseDriverFormats
)

// The SQL forms of the domain's counting rules, for the test that holds
// them to the Go rules.
const (
	ServedSQLForTest  = servedSQL
	RevenueSQLForTest = revenueSQL
)

var DecidedSQLForTest = decidedSQL
