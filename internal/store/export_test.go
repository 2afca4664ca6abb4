package store

import "context"

// QueryRowForTest reads one row of an arbitrary query, for tests that check
// what no method returns (a purged payload).
func (t *Tx) QueryRowForTest(ctx context.Context, query string, dest ...any) error {
	return t.queryRow(ctx, query).Scan(dest...)
}
