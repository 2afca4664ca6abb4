package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"
)

// streamRun is one count of open event streams of one owner: the server's
// resident memory each idle stream added, and how long one event took to
// reach the last of them.
type streamRun struct {
	streams      int
	bytesEach    float64       // server RSS growth per idle stream
	toLast       time.Duration // from the booking request to the last delivery: the median of eventsPerCount
	slowest      time.Duration
	lost         int // streams that did not get the event within 10 s
	openFailures int
	connect      time.Duration // opening all of them, 16 at a time (with the smaller counts' time)
}

// Stream counts measured, and DESIGN.md section 12's targets for the last
// delivery and for connecting them all.
var streamCounts = []struct {
	n               int
	target, connect time.Duration
}{{1_000, 15 * time.Millisecond, time.Second}, {10_000, 200 * time.Millisecond, 3 * time.Second}}

// eventsPerCount is how many events each count of streams is timed with.
const eventsPerCount = 5

// maxStreamBytes is the target for an idle stream's memory.
const maxStreamBytes = 10 << 10

// measureStreams opens the owner's event streams, each over its own
// connection, up to each of streamCounts in turn; at each count it reads
// the server's RSS growth and times one online booking's event (book makes
// it) until the last stream has it.
func measureStreams(ctx context.Context, srv *server, token string, book func() error, out io.Writer) ([]streamRun, error) {
	u, err := url.Parse(srv.url)
	if err != nil {
		return nil, err
	}
	rss0 := srv.rss()
	got := make(chan time.Time, 20_000)
	var open []net.Conn
	defer func() {
		for _, c := range open {
			c.Close()
		}
	}()
	var runs []streamRun
	for _, sc := range streamCounts {
		run := streamRun{streams: sc.n}
		// Open the missing streams, 16 at a time.
		var mu sync.Mutex
		var wg sync.WaitGroup
		opening := time.Now()
		next := make(chan struct{})
		go func() {
			defer close(next)
			for range sc.n - len(open) {
				select {
				case next <- struct{}{}:
				case <-ctx.Done():
					return
				}
			}
		}()
		for range 16 {
			wg.Go(func() {
				for range next {
					c, err := openStream(u.Host, token, got)
					mu.Lock()
					if err != nil {
						run.openFailures++
					} else {
						open = append(open, c)
					}
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		run.connect = time.Since(opening)
		if len(runs) > 0 {
			run.connect += runs[len(runs)-1].connect
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		time.Sleep(2 * time.Second) // idle: heartbeats are 25 s apart
		run.bytesEach = float64(srv.rss()-rss0) / float64(len(open))
		// One event after another, each waited for to the last stream: the
		// median of their times to the last delivery is the figure.
		var lasts []time.Duration
		for range eventsPerCount {
			for len(got) > 0 {
				<-got
			}
			t0 := time.Now()
			if err := book(); err != nil {
				return nil, fmt.Errorf("the booking that makes the event: %w", err)
			}
			deadline := time.After(10 * time.Second)
			received := 0
			var last time.Duration
		collect:
			for received < len(open) {
				select {
				case at := <-got:
					received++
					last = max(last, at.Sub(t0))
				case <-deadline:
					break collect
				}
			}
			run.lost += len(open) - received
			lasts = append(lasts, last)
			run.slowest = max(run.slowest, last)
		}
		slices.Sort(lasts)
		run.toLast = lasts[len(lasts)/2]
		fmt.Fprintf(out, "  %6d event streams: opened in %s, %5.1f KB each (server RSS), last delivery after %s (median of %d; slowest %s), %d lost, %d failed to open\n",
			sc.n, ms(run.connect), run.bytesEach/1024, ms(run.toLast), eventsPerCount, ms(run.slowest), run.lost, run.openFailures)
		runs = append(runs, run)
	}
	return runs, nil
}

// openStream opens one event stream and, once it is connected, reads it
// in the background, sending the time each booking event arrives to got.
func openStream(host, token string, got chan<- time.Time) (net.Conn, error) {
	c, err := net.DialTimeout("tcp", host, 10*time.Second)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(c, "GET /api/v1/events HTTP/1.1\r\nHost: %s\r\nAuthorization: Bearer %s\r\nAccept: text/event-stream\r\n\r\n", host, token)
	_ = c.SetReadDeadline(time.Now().Add(10 * time.Second))
	r := bufio.NewReaderSize(c, 512)
	status, err := r.ReadString('\n')
	if err != nil || !strings.Contains(status, " 200 ") {
		c.Close()
		return nil, fmt.Errorf("stream: %q %v", strings.TrimSpace(status), err)
	}
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			c.Close()
			return nil, err
		}
		if strings.HasPrefix(line, "data: {}") {
			break
		}
	}
	_ = c.SetReadDeadline(time.Time{})
	go func() {
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				return
			}
			if strings.HasPrefix(line, "event: appointment.booked") {
				got <- time.Now()
			}
		}
	}()
	return c, nil
}
