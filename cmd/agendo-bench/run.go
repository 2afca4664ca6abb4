package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// options are the load role's flags.
type options struct {
	bin, dir, doc    string
	sizes            []int
	sizesFlag        string
	conns, rounds    int
	duration, warmup time.Duration
}

// seedMaxAge is how long a cached seed is used: its future appointments
// must still cover availability's 31 days from today.
const seedMaxAge = 7 * 24 * time.Hour

// path names a measured request and what DESIGN.md section 12 asks of it.
type path struct {
	name   string
	target string
	// check says whether the run met the target; "" when it did, else what
	// missed.
	check func(r result, s *sizeRun) string
}

// row is one measured path of one size.
type row struct {
	path
	res result
}

// sizeRun is everything measured against one store size, in one run of the
// server.
type sizeRun struct {
	size       int
	healthz    result
	raw        result
	rows       []row
	clients1   result // client list, one connection
	dashboard1 result // dashboard, one connection
	month1     result // last month's report, one connection
	year1      result // the last 12 months' report, one connection
	peakRSS    int64
	version    string
	loadAvg    string // /proc/loadavg's 1, 5 and 15 minutes before the run
	streams    []streamRun
}

// load seeds the sizes not cached yet, measures each and rewrites the
// document's section.
func load(ctx context.Context, o options, out io.Writer) error {
	if err := os.MkdirAll(o.dir, 0o750); err != nil {
		return err
	}
	loc, err := time.LoadLocation(timeZone)
	if err != nil {
		return err
	}
	started := time.Now()
	var runs []*sizeRun
	for _, size := range o.sizes {
		m, cache, err := seeded(ctx, o.dir, size, loc, out)
		if err != nil {
			return fmt.Errorf("seed %d: %w", size, err)
		}
		s, err := measureSize(ctx, o, size, m, cache, loc, out)
		if err != nil {
			return fmt.Errorf("%d appointments: %w", size, err)
		}
		runs = append(runs, s)
	}
	md := report(o, runs, started)
	fmt.Fprintln(out, md)
	if o.doc == "" {
		return nil
	}
	if err := writeSection(o.doc, md); err != nil {
		return err
	}
	fmt.Fprintf(out, "wrote %s\n", o.doc)
	return nil
}

// seeded returns the manifest and file of the cached seed of size, seeding
// it first when it is missing, of another seeding scheme, or too old.
func seeded(ctx context.Context, dir string, size int, loc *time.Location, out io.Writer) (manifest, string, error) {
	file := filepath.Join(dir, fmt.Sprintf("seed-%s-%d.db", seedVersion, size))
	var m manifest
	raw, err := os.ReadFile(file + ".json")
	if err == nil && json.Unmarshal(raw, &m) == nil && m.Version == seedVersion && m.Size == size {
		on, err := time.ParseInLocation(time.DateOnly, m.SeededOn, loc)
		if _, statErr := os.Stat(file); err == nil && statErr == nil && time.Since(on) < seedMaxAge {
			fmt.Fprintf(out, "using %s (seeded %s)\n", file, m.SeededOn)
			return m, file, nil
		}
	}
	fmt.Fprintf(out, "seeding %s with %d appointments\n", file, size)
	m, err = seed(ctx, file, size, out)
	return m, file, err
}

// measureSize copies the seeded database, runs the server on the copy and
// measures every path.
func measureSize(ctx context.Context, o options, size int, m manifest, cache string, loc *time.Location, out io.Writer) (*sizeRun, error) {
	work := filepath.Join(o.dir, fmt.Sprintf("run-%d.db", size))
	if err := copyDB(cache, work); err != nil {
		return nil, err
	}
	srv, err := startServer(ctx, o.bin, work, filepath.Join(o.dir, fmt.Sprintf("server-%d.log", size)))
	if err != nil {
		return nil, err
	}
	defer srv.stop()
	s := &sizeRun{size: size, loadAvg: loadAverage()}
	c := newClient(o.conns)
	defer c.CloseIdleConnections()

	var health struct{ Version string }
	if status, body, err := do(ctx, c, request{method: "GET", url: srv.url + "/healthz"}); err != nil || status != 200 {
		return nil, fmt.Errorf("healthz: %d %v", status, err)
	} else if err := json.Unmarshal(body, &health); err != nil {
		return nil, fmt.Errorf("healthz: %w", err)
	}
	s.version = health.Version
	token, err := signIn(ctx, c, srv.url, m)
	if err != nil {
		return nil, err
	}

	today := time.Now().In(loc)
	day := func(offset int) string { return today.AddDate(0, 0, offset).Format(time.DateOnly) }
	public := srv.url + "/api/v1/public/stores/" + url.PathEscape(m.Slug)
	availability := func(days int) func(int) request {
		return func(i int) request {
			q := url.Values{"serviceId": {m.Services[i%len(m.Services)]}, "professionalId": {m.Professionals[i%len(m.Professionals)]},
				"from": {day(0)}, "days": {fmt.Sprint(days)}}
			return request{method: "GET", url: public + "/availability?" + q.Encode()}
		}
	}
	get := func(p string) func(int) request {
		return func(int) request { return request{method: "GET", url: srv.url + p, token: token} }
	}
	firstOfMonth := time.Date(today.Year(), today.Month(), 1, 0, 0, 0, 0, loc)
	lastMonth := url.Values{"from": {firstOfMonth.AddDate(0, -1, 0).Format(time.DateOnly)}, "to": {firstOfMonth.AddDate(0, 0, -1).Format(time.DateOnly)}}
	year := url.Values{"from": {day(-364)}, "to": {day(0)}}
	page := fmt.Sprintf("/api/v1/appointments?from=%s&to=%s&limit=50", day(-14), day(15))
	// Bookings go to distinct free times after the seeded history: each
	// professional's 20 half hours a day from 60 days ahead, up to the
	// store's horizon of 365 days.
	const firstDay, lastDay, halfHours = 60, 364, 20
	bookings := (lastDay - firstDay + 1) * halfHours * professionals
	book := func(i int) request {
		slot := i / professionals
		body := fmt.Sprintf(`{"serviceId":%q,"professionalId":%q,"date":%q,"time":"%02d:%02d","clientName":"Cliente Online %d","clientPhone":"(11) 9%04d-%04d"}`,
			m.Services[i%services], m.Professionals[i%professionals], day(firstDay+slot/halfHours),
			8+slot%halfHours/2, slot%2*30, i, i/10000%10000, i%10000)
		return request{method: "POST", url: public + "/bookings", body: body}
	}

	// A path is measured in o.rounds slices, interleaved with the others of
	// its phase: the load other work puts on the machine drifts over
	// minutes, and so every path, and the references its ratio divides by,
	// sees the same drift.
	type job struct {
		name string
		run  func(ctx context.Context, d time.Duration, record bool) result
		into *result
	}
	driver := func(conns, limit, want int, next func(int) request) func(context.Context, time.Duration, bool) result {
		cl := c
		if conns != o.conns {
			cl = newClient(conns)
		}
		l := &loader{c: cl, conns: conns, limit: limit, want: want, next: next}
		return l.run
	}
	phase := func(jobs []job) error {
		for _, j := range jobs {
			if o.warmup > 0 {
				j.run(ctx, o.warmup, false)
			}
		}
		for range o.rounds {
			for _, j := range jobs {
				*j.into = merge(*j.into, j.run(ctx, o.duration/time.Duration(o.rounds), true))
				if err := ctx.Err(); err != nil {
					return err
				}
			}
		}
		for _, j := range jobs {
			r := *j.into
			fmt.Fprintf(out, "  %-40s %8.0f /s  p50 %9s  p99 %9s  errors %d\n", j.name, r.perSecond(), ms(r.p50()), ms(r.p99()), r.errors)
			if r.firstErr != "" {
				fmt.Fprintf(out, "    first error: %s\n", r.firstErr)
			}
		}
		return nil
	}
	fmt.Fprintf(out, "%d appointments: %s on %s, %d connections, %s per path in %d rounds after %s; load average %s\n",
		size, o.bin, srv.url, o.conns, o.duration, o.rounds, o.warmup, s.loadAvg)
	s.rows = []row{{path: pathAvailability31}, {path: pathAvailability7}, {path: pathPage}, {path: pathByID},
		{path: pathClients}, {path: pathDashboard}, {path: pathBooking}}
	reads := []job{
		{"/healthz", driver(o.conns, 0, 200, get("/healthz")), &s.healthz},
		{pathAvailability31.name, driver(o.conns, 0, 200, availability(31)), &s.rows[0].res},
		{pathAvailability7.name, driver(o.conns, 0, 200, availability(7)), &s.rows[1].res},
		{pathPage.name, driver(o.conns, 0, 200, get(page)), &s.rows[2].res},
		{pathByID.name, driver(o.conns, 0, 200, func(i int) request { return get("/api/v1/appointments/" + appointmentID(i*7919%size))(i) }), &s.rows[3].res},
		{pathClients.name, driver(o.conns, 0, 200, get("/api/v1/clients?limit=50&sort=spent")), &s.rows[4].res},
		{pathDashboard.name, driver(o.conns, 0, 200, get("/api/v1/dashboard")), &s.rows[5].res},
		{"client list, 1 connection", driver(1, 0, 200, get("/api/v1/clients?limit=50&sort=spent")), &s.clients1},
		{"dashboard, 1 connection", driver(1, 0, 200, get("/api/v1/dashboard")), &s.dashboard1},
		{"report, last month, 1 connection", driver(1, 0, 200, get("/api/v1/reports?"+lastMonth.Encode())), &s.month1},
		{"report, 12 months, 1 connection", driver(1, 0, 200, get("/api/v1/reports?"+year.Encode())), &s.year1},
	}
	if err := phase(reads); err != nil {
		return nil, err
	}
	// Event streams, at the first size only: what a stream costs does not
	// depend on the history. Each count's event comes from a booking at a
	// time the booking phase below never reaches.
	if size == o.sizes[0] {
		j := 0
		trigger := func() error {
			j++
			status, body, err := do(ctx, c, book(bookings-j))
			if err == nil && status != 201 {
				err = fmt.Errorf("%d %.200s", status, body)
			}
			return err
		}
		if s.streams, err = measureStreams(ctx, srv, token, trigger, out); err != nil {
			return nil, fmt.Errorf("event streams: %w", err)
		}
	}
	// Bookings last: they add clients and days. The ceiling is measured in
	// the same rounds, while the server is idle.
	raw, err := newRawInserter(ctx, filepath.Join(o.dir, "raw-inserts.db"), o.conns)
	if err != nil {
		return nil, fmt.Errorf("raw inserts: %w", err)
	}
	defer raw.Close()
	writes := []job{
		{"raw durable insert (SQLite FULL, WAL)", raw.run, &s.raw},
		{pathBooking.name, driver(o.conns, bookings, 201, book), &s.rows[6].res},
	}
	if err := phase(writes); err != nil {
		return nil, err
	}
	s.peakRSS = srv.peakRSS()
	if err := srv.stop(); err != nil {
		fmt.Fprintf(out, "  server stop: %v\n", err)
	}
	return s, nil
}

// signIn signs the seeded owner in and returns an access token (it lives
// 15 minutes: one size's run is shorter).
func signIn(ctx context.Context, c *http.Client, base string, m manifest) (string, error) {
	body, _ := json.Marshal(map[string]string{"email": m.Email, "password": m.Password})
	status, raw, err := do(ctx, c, request{method: "POST", url: base + "/api/v1/auth/signin", body: string(body)})
	if err != nil || status != 200 {
		return "", fmt.Errorf("sign in: %d %v %.200s", status, err, raw)
	}
	var v struct {
		Session struct {
			AccessToken string `json:"accessToken"`
		} `json:"session"`
	}
	if err := json.Unmarshal(raw, &v); err != nil || v.Session.AccessToken == "" {
		return "", fmt.Errorf("sign in: no token in %.200s", raw)
	}
	return v.Session.AccessToken, nil
}

// copyDB copies a closed SQLite database (no WAL left) to dst, replacing
// dst and its WAL.
func copyDB(src, dst string) error {
	for _, p := range []string{dst, dst + "-wal", dst + "-shm"} {
		if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
	}
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	f, err := os.Create(dst)
	if err != nil {
		return err
	}
	if _, err := io.Copy(f, in); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// loadAverage is the machine's load over the last 1, 5 and 15 minutes: how
// busy other work kept the cores around a run.
func loadAverage() string {
	raw, err := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(raw)); err == nil && len(f) >= 3 {
		return strings.Join(f[:3], " ")
	}
	return "unknown"
}

func ms(d time.Duration) string {
	return fmt.Sprintf("%.2f ms", float64(d.Microseconds())/1000)
}
