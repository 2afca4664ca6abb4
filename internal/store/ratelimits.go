package store

import (
	"context"
	"fmt"
	"strings"
	"sync"
)

// Token buckets shared by every instance (rate_limits, migration 0013).
// Each row holds a bucket's theoretical arrival time (tat): taking a token
// moves it to max(tat, now) + interval, and giving one back moves it back by
// the interval. Whether a bucket is over its limit is the caller's rule.

// Take is one token taken from the bucket Key, whose tokens come back one
// every Interval microseconds.
type Take struct {
	Key      string
	Interval int64
}

// takeSQL holds the statement that takes one token from each of n buckets,
// by n: the few sizes callers use are built once.
var takeSQL sync.Map

func takeQuery(n int) string {
	if q, ok := takeSQL.Load(n); ok {
		return q.(string)
	}
	var b strings.Builder
	b.WriteString(`INSERT INTO rate_limits (key, tat) VALUES `)
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "($%d, $%d)", 2*i+2, 2*i+3)
	}
	// excluded.tat is now + interval, so excluded.tat - now is the interval.
	b.WriteString(` ON CONFLICT (key) DO UPDATE SET tat = CASE WHEN rate_limits.tat > $1
		THEN rate_limits.tat + excluded.tat - $1 ELSE excluded.tat END
		RETURNING key, tat`)
	q, _ := takeSQL.LoadOrStore(n, b.String())
	return q.(string)
}

// TakeTokens takes one token from each bucket at now (microseconds since
// 1970), in one statement, and returns each bucket's new theoretical
// arrival time, in the order of takes. A bucket seen for the first time
// starts full. Keys must differ.
func (t *Tx) TakeTokens(ctx context.Context, now int64, takes ...Take) ([]int64, error) {
	args := make([]any, 0, 1+2*len(takes))
	args = append(args, now)
	for _, tk := range takes {
		args = append(args, tk.Key, now+tk.Interval)
	}
	rows, err := t.query(ctx, takeQuery(len(takes)), args...)
	if err != nil {
		return nil, wrap("take rate tokens", err)
	}
	defer rows.Close()
	byKey := make(map[string]int64, len(takes))
	for rows.Next() {
		var key string
		var tat int64
		if err := rows.Scan(&key, &tat); err != nil {
			return nil, wrap("take rate tokens", err)
		}
		byKey[key] = tat
	}
	if err := rows.Err(); err != nil {
		return nil, wrap("take rate tokens", err)
	}
	out := make([]int64, len(takes))
	for i, tk := range takes {
		tat, ok := byKey[tk.Key]
		if !ok {
			return nil, fmt.Errorf("take rate tokens: no row came back for a bucket")
		}
		out[i] = tat
	}
	return out, nil
}

// GiveBackTokens returns one token to each bucket: the take was refused,
// or counted only some outcomes (failed password checks) and this one was
// not among them.
func (t *Tx) GiveBackTokens(ctx context.Context, takes ...Take) error {
	for _, tk := range takes {
		if _, err := t.exec(ctx, `UPDATE rate_limits SET tat = tat - $2 WHERE key = $1`, tk.Key, tk.Interval); err != nil {
			return wrap("give back a rate token", err)
		}
	}
	return nil
}

// PurgeRateLimits deletes the buckets that are full again at now: a
// missing row is a full bucket.
func (t *Tx) PurgeRateLimits(ctx context.Context, now int64) (int64, error) {
	res, err := t.exec(ctx, `DELETE FROM rate_limits WHERE tat <= $1`, now)
	if err != nil {
		return 0, wrap("purge rate limits", err)
	}
	n, _ := res.RowsAffected()
	return n, nil
}
