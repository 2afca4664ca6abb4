package store

import (
	"context"
	"fmt"
)

// QueryRowForTest reads one row of an arbitrary query, for tests that check
// what no method returns (a purged payload).
func (t *Tx) QueryRowForTest(ctx context.Context, query string, dest ...any) error {
	return t.queryRow(ctx, query).Scan(dest...)
}

// QueryRowsForTest runs a query of eight columns and returns each row as
// text.
func (t *Tx) QueryRowsForTest(ctx context.Context, query string, args ...any) ([]string, error) {
	rows, err := t.query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var c [8]any
		if err := rows.Scan(&c[0], &c[1], &c[2], &c[3], &c[4], &c[5], &c[6], &c[7]); err != nil {
			return nil, err
		}
		out = append(out, fmt.Sprint(c[:]...))
	}
	return out, rows.Err()
}
