package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// request is one call of a path: method, URL, body and bearer token.
type request struct {
	method, url, body, token string
}

// result is what one measured path did.
type result struct {
	requests int           // answered with the expected status
	errors   int           // any other status, or a transport error
	elapsed  time.Duration // the measured window
	cpu      time.Duration // the server processes' CPU time in the window (0: not measured)
	lat      []time.Duration
	firstErr string
}

func (r result) perSecond() float64 {
	if r.elapsed <= 0 {
		return 0
	}
	return float64(r.requests) / r.elapsed.Seconds()
}

// cpuPerRequest is the servers' CPU time per answered request, or 0 when
// not measured.
func (r result) cpuPerRequest() time.Duration {
	if r.requests == 0 {
		return 0
	}
	return r.cpu / time.Duration(r.requests)
}

func (r result) p50() time.Duration { return percentile(r.lat, 50) }
func (r result) p99() time.Duration { return percentile(r.lat, 99) }

// percentile is the nearest-rank p-th percentile of sorted latencies: the
// smallest value that at least p % of them do not exceed. Zero when empty.
func percentile(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	rank := int(math.Ceil(p / 100 * float64(len(sorted))))
	return sorted[min(max(rank, 1), len(sorted))-1]
}

// newClient is an HTTP client that keeps conns connections alive to one
// server and never opens more.
func newClient(conns int) *http.Client {
	return &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{
		MaxIdleConns:        conns,
		MaxIdleConnsPerHost: conns,
		MaxConnsPerHost:     conns,
		IdleConnTimeout:     2 * time.Minute,
	}}
}

// do sends one request, reads the whole answer (so the connection is
// reused) and returns its status.
func do(ctx context.Context, c *http.Client, r request) (int, []byte, error) {
	var body io.Reader
	if r.body != "" {
		body = strings.NewReader(r.body)
	}
	req, err := http.NewRequestWithContext(ctx, r.method, r.url, body)
	if err != nil {
		return 0, nil, err
	}
	if r.body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if r.token != "" {
		req.Header.Set("Authorization", "Bearer "+r.token)
	}
	res, err := c.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	return res.StatusCode, raw, err
}

// loader drives one path: next(i) for i = 0, 1, 2 … from conns goroutines
// over keep-alive connections. The sequence carries on across runs, and
// loaders that take free times from one store share theirs, so every
// booking takes a time none before it took. An answer other than want
// counts as an error; once the sequence reaches limit (0: none) it stops.
type loader struct {
	c            *http.Client
	conns, limit int
	want         int
	next         func(i int) request
	seq          *atomic.Int64
}

// run loads the path for d and, when record, keeps each answer's latency.
func (l *loader) run(ctx context.Context, d time.Duration, record bool) result {
	return drive(ctx, l.conns, d, record, func(ctx context.Context) error {
		i := int(l.seq.Add(1)) - 1
		if l.limit > 0 && i >= l.limit {
			return errDone
		}
		status, body, err := do(ctx, l.c, l.next(i))
		if err != nil || status != l.want {
			return fmt.Errorf("status %d, %v: %.200s", status, err, body)
		}
		return nil
	})
}

// errDone stops a worker of drive: there is nothing left to do.
var errDone = errors.New("done")

// drive runs op from workers goroutines for d (or until op says errDone)
// and, when record, keeps each success's latency; an error counts as one.
func drive(ctx context.Context, workers int, d time.Duration, record bool, op func(context.Context) error) result {
	deadline := time.Now().Add(d)
	var mu sync.Mutex
	var out result
	var wg sync.WaitGroup
	start := time.Now()
	for range workers {
		wg.Go(func() {
			var lat []time.Duration
			var ok, bad int
			var firstErr string
			for time.Now().Before(deadline) && ctx.Err() == nil {
				t0 := time.Now()
				err := op(ctx)
				if errors.Is(err, errDone) {
					break
				}
				if err != nil {
					bad++
					if firstErr == "" {
						firstErr = err.Error()
					}
					continue
				}
				ok++
				if record {
					lat = append(lat, time.Since(t0))
				}
			}
			mu.Lock()
			out.requests += ok
			out.errors += bad
			out.lat = append(out.lat, lat...)
			if out.firstErr == "" {
				out.firstErr = firstErr
			}
			mu.Unlock()
		})
	}
	wg.Wait()
	out.elapsed = time.Since(start)
	slices.Sort(out.lat)
	return out
}

// merge adds b's measured window to a's.
func merge(a, b result) result {
	a.requests += b.requests
	a.errors += b.errors
	a.elapsed += b.elapsed
	a.cpu += b.cpu
	a.lat = append(a.lat, b.lat...)
	slices.Sort(a.lat)
	if a.firstErr == "" {
		a.firstErr = b.firstErr
	}
	return a
}
