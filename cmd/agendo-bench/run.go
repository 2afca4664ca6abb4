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
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"agendo/internal/domain"
)

// options are the load role's flags.
type options struct {
	bin, dir, doc    string
	postgres         string // a postgres:// URL: measure PostgreSQL too (empty: not)
	sizes            []int
	sizesFlag        string
	conns, rounds    int
	duration, warmup time.Duration
	skipStreams      bool // tests: no event streams (10,000 connections)
}

// seedMaxAge is how long a cached seed is used: its future appointments
// must still cover availability's 31 days from today.
const seedMaxAge = 7 * 24 * time.Hour

// path names a measured request and what DESIGN.md section 12 asks of it.
type path struct {
	name   string
	target string // "—" when there is none
	// write paths compare with the raw insert rate, reads with /healthz.
	write bool
	// check says whether the run met the target; "" when it did, else what
	// missed. Nil when there is no target.
	check func(r result, t *table) string
}

// row is one measured path of one size.
type row struct {
	path
	res result
}

// table is what one engine measured at one size, in one run of its
// server(s): the paths and the references their ratios divide by.
type table struct {
	engine       string
	healthz      result // not measured on PostgreSQL
	raw          result
	rows         []*row
	clients1     result // client list, one connection
	dashboard1   result // dashboard, one connection
	besideStatus result // the owner's status changes beside the other store's bookings
	peakRSS      int64
	loadAvg      string // /proc/loadavg's 1, 5 and 15 minutes before the run
}

// add appends a row for p and returns where its result goes.
func (t *table) add(p path) *result {
	r := &row{path: p}
	t.rows = append(t.rows, r)
	return &r.res
}

// res is the result of the row named name.
func (t *table) res(name string) result {
	for _, r := range t.rows {
		if r.name == name {
			return r.res
		}
	}
	return result{}
}

// sizeRun is everything measured against one store size: SQLite's table,
// and PostgreSQL's when it was measured.
type sizeRun struct {
	size int
	table
	pg      *table
	month1  result // last month's report, one connection
	year1   result // the last 12 months' report, one connection
	version string
	streams []streamRun
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
	var pg *pgServer
	if o.postgres != "" {
		if pg, err = openPostgres(ctx, o.postgres); err != nil {
			return err
		}
		defer pg.Close()
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
		if pg != nil {
			if s.pg, err = measurePostgres(ctx, o, pg, size, loc, out); err != nil {
				return fmt.Errorf("PostgreSQL, %d appointments: %w", size, err)
			}
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

// job is one measured path of a phase: run loads it for a slice, into
// accumulates the slices, and the slices' CPU time is that of procs (none:
// not measured).
type job struct {
	name  string
	run   func(ctx context.Context, d time.Duration, record bool) result
	into  *result
	procs []*server
}

// phase warms every job up, then measures each in o.rounds slices,
// interleaved with the others: the load other work puts on the machine
// drifts over minutes, and so every path, and the references its ratio
// divides by, sees the same drift.
func phase(ctx context.Context, o options, out io.Writer, jobs []job) error {
	for _, j := range jobs {
		if o.warmup > 0 {
			j.run(ctx, o.warmup, false)
		}
	}
	for range o.rounds {
		for _, j := range jobs {
			cpu0 := cpuOf(j.procs)
			r := j.run(ctx, o.duration/time.Duration(o.rounds), true)
			if len(j.procs) > 0 {
				r.cpu = cpuOf(j.procs) - cpu0
			}
			*j.into = merge(*j.into, r)
			if err := ctx.Err(); err != nil {
				return err
			}
		}
	}
	for _, j := range jobs {
		r := *j.into
		fmt.Fprintf(out, "  %-58s %8.0f /s  p50 %9s  p99 %9s  CPU/req %9s  errors %d\n", j.name, r.perSecond(), ms(r.p50()), ms(r.p99()),
			ms(r.cpuPerRequest()), r.errors)
		if r.firstErr != "" {
			fmt.Fprintf(out, "    first error: %s\n", r.firstErr)
		}
	}
	return nil
}

func cpuOf(procs []*server) time.Duration {
	var d time.Duration
	for _, p := range procs {
		d += p.cpu()
	}
	return d
}

// newLoader drives next from conns connections of c (a client of its own
// when conns differs from c's), counting want as success. seq, when not
// nil, is shared with the other loaders that take free times of one store.
func newLoader(c *http.Client, cConns, conns, limit, want int, seq *atomic.Int64, next func(int) request) func(context.Context, time.Duration, bool) result {
	if conns != cConns {
		c = newClient(conns)
	}
	if seq == nil {
		seq = new(atomic.Int64)
	}
	l := &loader{c: c, conns: conns, limit: limit, want: want, next: next, seq: seq}
	return l.run
}

// together runs the loads side by side for the same window and adds
// their answers up: one path served by several instances.
func together(runs ...func(context.Context, time.Duration, bool) result) func(context.Context, time.Duration, bool) result {
	return func(ctx context.Context, d time.Duration, record bool) result {
		results := make([]result, len(runs))
		var wg sync.WaitGroup
		for i, run := range runs {
			wg.Go(func() { results[i] = run(ctx, d, record) })
		}
		wg.Wait()
		var out result
		for _, r := range results {
			out.requests += r.requests
			out.errors += r.errors
			out.elapsed = max(out.elapsed, r.elapsed)
			out.lat = append(out.lat, r.lat...)
			if out.firstErr == "" {
				out.firstErr = r.firstErr
			}
		}
		slices.Sort(out.lat)
		return out
	}
}

// beside runs main and, at the same time, other; it returns main's result
// and, when record, adds other's to into.
func beside(main, other func(context.Context, time.Duration, bool) result, into *result) func(context.Context, time.Duration, bool) result {
	return func(ctx context.Context, d time.Duration, record bool) result {
		var o result
		var wg sync.WaitGroup
		wg.Go(func() { o = other(ctx, d, record) })
		r := main(ctx, d, record)
		wg.Wait()
		if record {
			*into = merge(*into, o)
		}
		return r
	}
}

// Free times for the write paths, after the seeded history: from 60 days
// ahead up to the store's horizon of 365 days, each professional's day.
// Online bookings take the 20 half hours the store is open (08:00–18:00);
// the owner's own appointments the 28 it is closed (00:00–08:00 and
// 18:00–24:00), which the owner may fill and customers cannot, so the two
// never meet. The last streamReserve online times are the event streams'.
const (
	firstBookingDay, lastBookingDay = 60, 364
	openHalfHours, closedHalfHours  = 20, 28
	onlineSlots                     = (lastBookingDay - firstBookingDay + 1) * openHalfHours * professionals
	ownerSlots                      = (lastBookingDay - firstBookingDay + 1) * closedHalfHours * professionals
	streamReserve                   = 100
)

// writes builds the write paths' requests on one database copy.
type writes struct {
	today  time.Time
	m      manifest
	token  string // the measured store's owner's
	status *statusPool
	// The free times taken so far, per store and kind.
	online, otherOnline, owner atomic.Int64
}

func newWrites(m manifest, token string, loc *time.Location) *writes {
	return &writes{today: time.Now().In(loc), m: m, token: token, status: newStatusPool(m, loc)}
}

func (w *writes) day(offset int) string { return w.today.AddDate(0, 0, offset).Format(time.DateOnly) }

// book is a customer's booking of store s on the server at base, at the
// slot-th free online time.
func (w *writes) book(s storeSeed, base string) func(slot int) request {
	public := base + "/api/v1/public/stores/" + url.PathEscape(s.Slug) + "/bookings"
	return func(slot int) request {
		at := slot / professionals
		body := fmt.Sprintf(`{"serviceId":%q,"professionalId":%q,"date":%q,"time":"%02d:%02d","clientName":"Cliente Online %d","clientPhone":"(11) 9%04d-%04d"}`,
			s.Services[slot%services], s.Professionals[slot%professionals], w.day(firstBookingDay+at/openHalfHours),
			8+at%openHalfHours/2, at%2*30, slot, slot/10000%10000, slot%10000)
		return request{method: "POST", url: public, body: body}
	}
}

// ownerCreate is the measured store's owner adding an appointment at the
// slot-th free time outside opening hours.
func (w *writes) ownerCreate(base string) func(slot int) request {
	return func(slot int) request {
		at := slot / professionals
		half := at % closedHalfHours
		if half >= 16 { // past 08:00–18:00
			half += openHalfHours
		}
		body := fmt.Sprintf(`{"serviceId":%q,"professionalId":%q,"date":%q,"time":"%02d:%02d","clientName":"Cliente Balcão %d","clientPhone":"(11) 9%04d-%04d"}`,
			w.m.Services[slot%services], w.m.Professionals[slot%professionals], w.day(firstBookingDay+at/closedHalfHours),
			half/2, half%2*30, slot, 5000+slot/10000%5000, slot%10000)
		return request{method: "POST", url: base + "/api/v1/appointments", body: body, token: w.token}
	}
}

// statusPool holds appointments of the measured store around the day of
// seeding, the most recently completed first (a tiny store, all future,
// gives scheduled ones), and the status each has now: a status change
// takes one, moves it completed → scheduled (reopening) or scheduled →
// completed, and returns it, so no two requests ever change one
// appointment at once and each change is one the product allows.
type statusPool struct {
	free chan toggle
	n    int // how many it holds
}

type toggle struct {
	id        string
	completed bool
}

// statusPoolSize is how many appointments the status changes go round:
// more than any number of connections.
const statusPoolSize = 1000

func newStatusPool(m manifest, loc *time.Location) *statusPool {
	today, _ := time.ParseInLocation(time.DateOnly, m.SeededOn, loc)
	first := firstDay(m.Size, today)
	p := &statusPool{free: make(chan toggle, statusPoolSize)}
	take := func(i int) {
		switch a := m.appointment(i, first, today, time.Time{}); a.Status {
		case domain.StatusCompleted, domain.StatusScheduled:
			if p.n < statusPoolSize {
				p.free <- toggle{id: a.ID, completed: a.Status == domain.StatusCompleted}
				p.n++
			}
		}
	}
	todays := min(max(int(today.Sub(first).Hours()/24+0.5), 0)*perDay, m.Size) // today's first
	for i := todays - 1; i >= 0; i-- {
		take(i)
	}
	for i := todays; i < m.Size; i++ {
		take(i)
	}
	return p
}

// change is one status change on the server at base, through c.
func (p *statusPool) change(c *http.Client, base, token string) func(context.Context) error {
	return func(ctx context.Context) error {
		if p.n == 0 {
			return errors.New("no appointment to change the status of")
		}
		var t toggle
		select {
		case t = <-p.free:
		case <-ctx.Done():
			return ctx.Err()
		}
		to := domain.StatusCompleted
		if t.completed {
			to = domain.StatusScheduled
		}
		status, body, err := do(ctx, c, request{method: "PATCH", url: base + "/api/v1/appointments/" + t.id + "/status",
			body: fmt.Sprintf(`{"status":%q}`, to), token: token})
		if err == nil && status == http.StatusOK {
			t.completed = !t.completed
		}
		p.free <- t
		if err != nil || status != http.StatusOK {
			return fmt.Errorf("status %d, %v: %.200s", status, err, body)
		}
		return nil
	}
}

// writeJobs are the write paths every engine measures on one database
// copy, against the server srv (one client c of o.conns connections to it).
func (w *writes) writeJobs(o options, srv *server, c *http.Client, t *table) []job {
	procs := []*server{srv}
	status := func(conns int) func(context.Context, time.Duration, bool) result {
		cl := c
		if conns != o.conns {
			cl = newClient(conns)
		}
		op := w.status.change(cl, srv.url, w.token)
		return func(ctx context.Context, d time.Duration, record bool) result {
			return drive(ctx, conns, d, record, op)
		}
	}
	otherBook := newLoader(c, o.conns, o.conns, onlineSlots, 201, &w.otherOnline, w.book(w.m.Other, srv.url))
	return []job{
		{pathOwnerCreate.name, newLoader(c, o.conns, o.conns, ownerSlots, 201, &w.owner, w.ownerCreate(srv.url)), t.add(pathOwnerCreate), procs},
		{pathStatus.name, status(o.conns), t.add(pathStatus), procs},
		{pathStatus1.name, status(1), t.add(pathStatus1), procs},
		{pathOtherAlone.name, otherBook, t.add(pathOtherAlone), procs},
		// Its CPU is the status changes' too: not charged.
		{pathOtherBeside.name, beside(otherBook, status(1), &t.besideStatus), t.add(pathOtherBeside), nil},
	}
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
	s := &sizeRun{size: size, table: table{engine: "SQLite", loadAvg: loadAverage()}}
	c := newClient(o.conns)
	defer c.CloseIdleConnections()

	var health struct{ Version string }
	if status, body, err := do(ctx, c, request{method: "GET", url: srv.url + "/healthz"}); err != nil || status != 200 {
		return nil, fmt.Errorf("healthz: %d %v", status, err)
	} else if err := json.Unmarshal(body, &health); err != nil {
		return nil, fmt.Errorf("healthz: %w", err)
	}
	s.version = health.Version
	token, err := signIn(ctx, c, srv.url, m.storeSeed)
	if err != nil {
		return nil, err
	}

	today := time.Now().In(loc)
	day := func(offset int) string { return today.AddDate(0, 0, offset).Format(time.DateOnly) }
	public := srv.url + "/api/v1/public/stores/" + url.PathEscape(m.Slug)
	// availability asks for days of one service's free times, or with
	// visit, a two-service visit's: the next service with the next
	// professional.
	availability := func(days int, visit ...bool) func(int) request {
		return func(i int) request {
			q := url.Values{"serviceId": {m.Services[i%len(m.Services)]}, "professionalId": {m.Professionals[i%len(m.Professionals)]},
				"from": {day(0)}, "days": {fmt.Sprint(days)}}
			if len(visit) > 0 {
				q.Set("more", m.Services[(i+1)%len(m.Services)]+":"+m.Professionals[(i+1)%len(m.Professionals)])
			}
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
	procs := []*server{srv}
	read := func(conns int, next func(int) request) func(context.Context, time.Duration, bool) result {
		return newLoader(c, o.conns, conns, 0, 200, nil, next)
	}

	fmt.Fprintf(out, "%d appointments: %s on %s, %d connections, %s per path in %d rounds after %s; load average %s\n",
		size, o.bin, srv.url, o.conns, o.duration, o.rounds, o.warmup, s.loadAvg)
	reads := []job{
		{"/healthz", read(o.conns, get("/healthz")), &s.healthz, procs},
		{pathAvailability31.name, read(o.conns, availability(31)), s.add(pathAvailability31), procs},
		{pathAvailabilityVisit.name, read(o.conns, availability(31, true)), s.add(pathAvailabilityVisit), procs},
		{pathAvailability7.name, read(o.conns, availability(7)), s.add(pathAvailability7), procs},
		{pathPage.name, read(o.conns, get(page)), s.add(pathPage), procs},
		{pathByID.name, read(o.conns, func(i int) request { return get("/api/v1/appointments/" + appointmentID(i*7919%size))(i) }), s.add(pathByID), procs},
		{pathClients.name, read(o.conns, get("/api/v1/clients?limit=50&sort=spent")), s.add(pathClients), procs},
		{pathDashboard.name, read(o.conns, get("/api/v1/dashboard")), s.add(pathDashboard), procs},
		{"client list, 1 connection", read(1, get("/api/v1/clients?limit=50&sort=spent")), &s.clients1, procs},
		{"dashboard, 1 connection", read(1, get("/api/v1/dashboard")), &s.dashboard1, procs},
		{"report, last month, 1 connection", read(1, get("/api/v1/reports?"+lastMonth.Encode())), &s.month1, procs},
		{"report, 12 months, 1 connection", read(1, get("/api/v1/reports?"+year.Encode())), &s.year1, procs},
	}
	if err := phase(ctx, o, out, reads); err != nil {
		return nil, err
	}
	w := newWrites(m, token, loc)
	// Event streams, at the first size only: what a stream costs does not
	// depend on the history. Each count's event comes from a booking at a
	// time the booking phase below never reaches.
	if size == o.sizes[0] && !o.skipStreams {
		j := 0
		book := w.book(m.storeSeed, srv.url)
		trigger := func() error {
			j++
			status, body, err := do(ctx, c, book(onlineSlots-j))
			if err == nil && status != 201 {
				err = fmt.Errorf("%d %.200s", status, body)
			}
			return err
		}
		if s.streams, err = measureStreams(ctx, srv, token, trigger, out); err != nil {
			return nil, fmt.Errorf("event streams: %w", err)
		}
	}
	// Writes last: they add clients and days. The ceiling is measured in
	// the same rounds, while the server is idle.
	raw, err := newSQLiteRaw(ctx, filepath.Join(o.dir, "raw-inserts.db"), o.conns)
	if err != nil {
		return nil, fmt.Errorf("raw inserts: %w", err)
	}
	defer raw.Close()
	writeJobs := append([]job{
		{"raw durable insert (SQLite FULL, WAL)", raw.run, &s.raw, nil},
		{pathBooking.name, newLoader(c, o.conns, o.conns, onlineSlots-streamReserve, 201, &w.online, w.book(m.storeSeed, srv.url)), s.add(pathBooking), procs},
	}, w.writeJobs(o, srv, c, &s.table)...)
	if err := phase(ctx, o, out, writeJobs); err != nil {
		return nil, err
	}
	s.peakRSS = srv.peakRSS()
	if err := srv.stop(); err != nil {
		fmt.Fprintf(out, "  server stop: %v\n", err)
	}
	return s, nil
}

// measurePostgres copies the PostgreSQL seed of size, runs two servers on
// the copy and measures the write paths: online booking through one and
// through both (o.conns connections split between them), and the rest
// through the first.
func measurePostgres(ctx context.Context, o options, pg *pgServer, size int, loc *time.Location, out io.Writer) (*table, error) {
	m, seedName, err := pgSeeded(ctx, pg, o.dir, size, loc, out)
	if err != nil {
		return nil, fmt.Errorf("seed: %w", err)
	}
	runName := pgRunName("run")
	if err := pg.create(ctx, runName, seedName); err != nil {
		return nil, fmt.Errorf("copy %s: %w", seedName, err)
	}
	defer pg.drop(context.Background(), runName)
	var srvs []*server
	for i := range 2 {
		srv, err := startServer(ctx, o.bin, pg.dsn(runName), filepath.Join(o.dir, fmt.Sprintf("server-pg-%d-%d.log", size, i+1)))
		if err != nil {
			return nil, err
		}
		defer srv.stop()
		srvs = append(srvs, srv)
	}
	t := &table{engine: "PostgreSQL", loadAvg: loadAverage()}
	c := newClient(o.conns)
	defer c.CloseIdleConnections()
	token, err := signIn(ctx, c, srvs[0].url, m.storeSeed)
	if err != nil {
		return nil, err
	}
	raw, err := newPostgresRaw(ctx, pg, pgRunName("raw"), o.conns)
	if err != nil {
		return nil, fmt.Errorf("raw inserts: %w", err)
	}
	defer raw.Close()
	fmt.Fprintf(out, "PostgreSQL, %d appointments: %s on %s and %s, %d connections; load average %s\n",
		size, o.bin, srvs[0].url, srvs[1].url, o.conns, t.loadAvg)
	w := newWrites(m, token, loc)
	half := max(o.conns/2, 1)
	book := func(srv *server, conns int) func(context.Context, time.Duration, bool) result {
		return newLoader(c, o.conns, conns, onlineSlots, 201, &w.online, w.book(m.storeSeed, srv.url))
	}
	jobs := append([]job{
		{"raw durable insert (PostgreSQL)", raw.run, &t.raw, nil},
		{pathBookingPG1.name, book(srvs[0], o.conns), t.add(pathBookingPG1), srvs[:1]},
		{pathBookingPG2.name, together(book(srvs[0], half), book(srvs[1], o.conns-half)), t.add(pathBookingPG2), srvs},
	}, w.writeJobs(o, srvs[0], c, t)...)
	if err := phase(ctx, o, out, jobs); err != nil {
		return nil, err
	}
	t.peakRSS = srvs[0].peakRSS()
	for _, srv := range srvs {
		if err := srv.stop(); err != nil {
			fmt.Fprintf(out, "  server stop: %v\n", err)
		}
	}
	return t, nil
}

// signIn signs the seeded owner in and returns an access token (it lives
// 15 minutes: one size's run is shorter).
func signIn(ctx context.Context, c *http.Client, base string, m storeSeed) (string, error) {
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
