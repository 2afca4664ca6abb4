package main

import (
	"bufio"
	"fmt"
	"net/url"
	"os"
	"runtime"
	"strings"
	"time"
)

// The measured paths and DESIGN.md section 12's targets for them (SQLite,
// the shipped binary, 16 keep-alive connections).
var (
	pathAvailability31 = path{
		name:   "availability, 31 days (public)",
		target: "≥ 1,000 req/s, p50 ≤ 5 ms, p99 ≤ 25 ms",
		check: func(r result, _ *table) string {
			return misses(r.perSecond() >= 1000, "req/s", r.p50() <= 5*time.Millisecond, "p50", r.p99() <= 25*time.Millisecond, "p99")
		},
	}
	// A visit of two services (issue 27): within 1.5× of one service's.
	pathAvailabilityVisit = path{
		name:   "availability, 31 days, two services (public)",
		target: "≥ 1/1.5 of one service's req/s",
		check: func(r result, s *table) string {
			return misses(r.perSecond() >= s.res(pathAvailability31.name).perSecond()/1.5, "req/s")
		},
	}
	pathAvailability7 = path{
		name:   "availability, 7 days (public)",
		target: "≥ 2,500 req/s, p99 ≤ 15 ms",
		check: func(r result, _ *table) string {
			return misses(r.perSecond() >= 2500, "req/s", r.p99() <= 15*time.Millisecond, "p99")
		},
	}
	pathPage = path{
		name:   "50-row page of appointments with total",
		target: "≥ 2,500 req/s",
		check:  func(r result, _ *table) string { return misses(r.perSecond() >= 2500, "req/s") },
	}
	pathByID = path{
		name:   "one appointment by id",
		target: "≥ 8,000 req/s or ≥ 60 % of /healthz",
		check: func(r result, s *table) string {
			return misses(r.perSecond() >= 8000 || r.perSecond() >= 0.6*s.healthz.perSecond(), "req/s")
		},
	}
	pathClients = path{
		name:   "client list (50, by spend)",
		target: "p50 ≤ 10 ms (1 connection, below)",
		check:  func(_ result, s *table) string { return misses(s.clients1.p50() <= 10*time.Millisecond, "p50") },
	}
	pathDashboard = path{
		name:   "dashboard home",
		target: "p50 ≤ 10 ms (1 connection, below)",
		check:  func(_ result, s *table) string { return misses(s.dashboard1.p50() <= 10*time.Millisecond, "p50") },
	}
	pathBooking = path{
		name:   "public booking (distinct free times)",
		target: "≥ 80 % of the raw durable insert rate",
		write:  true,
		check: func(r result, s *table) string {
			return misses(r.perSecond() >= 0.8*s.raw.perSecond(), "req/s")
		},
	}
	pathBookingPG1 = path{
		name:   "public booking, 1 instance",
		target: "≥ 3,000 req/s",
		write:  true,
		check:  func(r result, _ *table) string { return misses(r.perSecond() >= 3000, "req/s") },
	}
	pathBookingPG2 = path{
		name:   "public booking, 2 instances (connections split)",
		target: "more than 1 instance",
		write:  true,
		check: func(r result, t *table) string {
			return misses(r.perSecond() > t.res(pathBookingPG1.name).perSecond(), "req/s")
		},
	}
	pathOwnerCreate = path{
		name:   "owner creates an appointment (distinct free times)",
		target: "—",
		write:  true,
	}
	pathStatus = path{
		name:   "owner status change (completed ↔ scheduled)",
		target: "p50 ≤ 5 ms (1 connection, below)",
		write:  true,
		check: func(_ result, t *table) string {
			return misses(t.res(pathStatus1.name).p50() <= 5*time.Millisecond, "p50")
		},
	}
	pathStatus1 = path{
		name:   "owner status change, 1 connection",
		target: "p50 ≤ 5 ms at any size",
		write:  true,
		check:  func(r result, _ *table) string { return misses(r.p50() <= 5*time.Millisecond, "p50") },
	}
	pathOtherAlone = path{
		name:   "another store's public booking, alone",
		target: "—",
		write:  true,
	}
	pathOtherBeside = path{
		name:   "another store's public booking, beside the owner's status changes",
		target: "within 2× of alone (req/s, p50)",
		write:  true,
		check: func(r result, t *table) string {
			alone := t.res(pathOtherAlone.name)
			return misses(2*r.perSecond() >= alone.perSecond(), "req/s", r.p50() <= 2*alone.p50(), "p50")
		},
	}
)

// misses takes pairs of (met, what) and names what was not met.
func misses(pairs ...any) string {
	var out []string
	for i := 0; i+1 < len(pairs); i += 2 {
		if !pairs[i].(bool) {
			out = append(out, pairs[i+1].(string))
		}
	}
	return strings.Join(out, ", ")
}

// Markers around the section of docs/benchmarks.md the harness rewrites.
const (
	beginMarker = "<!-- agendo-bench: begin (written by make bench; edits inside are overwritten) -->"
	endMarker   = "<!-- agendo-bench: end -->"
)

// report renders the runs as the document's section.
func report(o options, runs []*sizeRun, started time.Time) string {
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	version := ""
	if len(runs) > 0 {
		version = runs[0].version
	}
	p("%s\n## Load harness (`make bench`)\n\n", beginMarker)
	p("The shipped binary (`bin/agendo`, SQLite: WAL, `synchronous=FULL`) runs in its own process on a copy\n")
	p("of a seeded database; `cmd/agendo-bench`, another process, drives it over real HTTP with %d keep-alive\n", o.conns)
	p("connections: each path for %s in all, in %d slices taken in turn with the other paths' (so the\n", o.duration, o.rounds)
	p("load other work puts on the machine, which drifts, falls on all of them alike), after a %s warm-up.\n", o.warmup)
	p("The stores are seeded by `agendo-bench seed` ")
	p("(one Premium owner, a published store, 10 professionals, 5 services of 30 minutes, 5,000 clients,\n")
	p("140 appointments a day, so a larger history is a longer one: 100,000 appointments are ~2 years;\n")
	p("past ones mostly completed, future ones scheduled or confirmed, a few cancelled or missed; and a\n")
	p("second owner's small store of %s appointments) and cached in `.bench/`. The accounts, stores,\n", thousands(otherSize))
	p("professionals and services are made through the app's own use cases; the appointments are imported\n")
	p("in bulk, and the seed fails unless the product's integrity check (Configurações → Verificar dados)\n")
	p("finds nothing in either account, every summary agreeing with the appointments. The seed never\n")
	p("analyses: the server gathers the planner's statistics itself when it opens the copy, as it does\n")
	p("any database. `/healthz` (no database) and the raw durable insert rate (a fresh SQLite file with the\n")
	p("store's pragmas, one connection, %d writers, one single-row transaction each) are measured in the same\n", o.conns)
	p("run, against the same server and disk, and the ratios compare with them: reads with `/healthz`,\n")
	p("writes with raw inserts. Bookings go to distinct free times with the online-booking limits lifted\n")
	p("(`AGENDO_PUBLIC_BOOKING_LIMITS=off`, for load tests only); the owner's own appointments to distinct\n")
	p("times outside opening hours; status changes move recently completed appointments to scheduled\n")
	p("(reopening) and back, each appointment by one request at a time. \"Server CPU/req\" is the server\n")
	p("process's CPU time (user + system, `/proc/PID/stat`) over the measured slices divided by the\n")
	p("requests answered in them.\n\n")
	if o.postgres != "" {
		p("**PostgreSQL.** The same seed, through the same code, in a database of the PostgreSQL server\n")
		p("(`agendo_bench_seed_VERSION_SIZE`, kept between runs); each run measures a fresh copy of it\n")
		p("(`CREATE DATABASE … TEMPLATE`). The product leaves statistics to autovacuum there, so the seed\n")
		p("analyses the tables autovacuum's own rule would (threshold + scale factor × rows), and no others.\n")
		p("Two `agendo` processes serve the copy; one serves every path but the two-instance booking,\n")
		p("whose %d connections are split between both. The raw insert rate is %d connections, each inserting\n", o.conns, o.conns)
		p("one tiny row per transaction into a fresh table of a fresh database on the same server.\n\n")
	}
	p("**Noise.** The machine has %d cores, shared by the server, the load generator and other engineers'\n", runtime.NumCPU())
	p("test runs: absolute figures move by tens of percent between runs. Compare the ratios of one run, and\n")
	p("re-run before drawing conclusions from one figure; the load average before each size says how busy the\n")
	p("machine was. The server logs every request (the default `info` level) to `.bench/server-SIZE.log`.\n")
	p("A target not met says **no** and what missed.\n\n")
	p("Measured %s on %s, %d cores, %s, agendo %s, in %s, with:\n\n", started.Format("2006-01-02 15:04 MST"), cpuModel(),
		runtime.NumCPU(), runtime.Version(), version, time.Since(started).Round(time.Second))
	pgFlag := ""
	if o.postgres != "" {
		pgFlag = " PG=" + redacted(o.postgres)
	}
	p("    make bench SIZES=%s DURATION=%s ROUNDS=%d%s\n\n", o.sizesFlag, o.duration, o.rounds, pgFlag)
	for _, s := range runs {
		p("### %s appointments, %d connections\n\n", thousands(s.size), o.conns)
		writeTable(&b, &s.table)
		if s.pg != nil {
			p("### PostgreSQL, %s appointments, %d connections\n\n", thousands(s.size), o.conns)
			writeTable(&b, s.pg)
		}
	}
	for _, s := range runs {
		if len(s.streams) == 0 {
			continue
		}
		p("### Realtime: one owner's event streams\n\n")
		p("Measured on the %s-appointment store: the streams, each on its own connection from the load\n", thousands(s.size))
		p("process, stay open and idle; memory is the server's RSS growth divided by the streams; the time\n")
		p("runs from sending an online booking to the last stream reading its event: the median of %d\n", eventsPerCount)
		p("bookings, one after another (the slowest in brackets); streams are opened 16 at a time.\n\n")
		p("| streams | opened in | server memory per idle stream | booking → last delivery, p50 (slowest) | lost | target | met? |\n|---|---|---|---|---|---|---|\n")
		for i, r := range s.streams {
			sc := streamCounts[i]
			met := "yes"
			if miss := misses(r.bytesEach <= maxStreamBytes, "memory", r.toLast <= sc.target, "time", r.connect <= sc.connect, "connect",
				r.lost == 0 && r.openFailures == 0, "lost"); miss != "" {
				met = "**no** (" + miss + ")"
			}
			p("| %s | %s | %.1f KB | %s (%s) | %d | opened ≤ %s, ≤ 10 KB, p50 ≤ %s, 0 lost | %s |\n", thousands(r.streams), ms(r.connect),
				r.bytesEach/1024, ms(r.toLast), ms(r.slowest), r.lost+r.openFailures, ms(sc.connect), ms(sc.target), met)
		}
		p("\n")
	}
	p("### Growth: client list and dashboard, one connection\n\n")
	p("| appointments | client list p50 | client list p99 | dashboard p50 | dashboard p99 | target | met? |\n|---|---|---|---|---|---|---|\n")
	for _, s := range runs {
		met := "yes"
		if miss := misses(s.clients1.p50() <= 10*time.Millisecond, "client list", s.dashboard1.p50() <= 10*time.Millisecond, "dashboard"); miss != "" {
			met = "**no** (" + miss + ")"
		}
		p("| %s | %s | %s | %s | %s | p50 ≤ 10 ms at any size | %s |\n", thousands(s.size), ms(s.clients1.p50()), ms(s.clients1.p99()),
			ms(s.dashboard1.p50()), ms(s.dashboard1.p99()), met)
	}
	p("\n### Reports, one connection\n\n")
	p("`GET /api/v1/reports` for last month and for the last 12 months (every figure beside the period\n")
	p("before, the breakdowns by day/week/month, professional, service, payment method and weekday × hour).\n\n")
	p("| appointments | month p50 | month p99 | 12 months p50 | 12 months p99 | target | met? |\n|---|---|---|---|---|---|---|\n")
	for _, s := range runs {
		met := "yes"
		if miss := misses(s.month1.p50() <= 10*time.Millisecond, "month", s.year1.p50() <= 100*time.Millisecond, "year"); miss != "" {
			met = "**no** (" + miss + ")"
		}
		p("| %s | %s | %s | %s | %s | month p50 ≤ 10 ms, year p50 ≤ 100 ms | %s |\n", thousands(s.size), ms(s.month1.p50()), ms(s.month1.p99()),
			ms(s.year1.p50()), ms(s.year1.p99()), met)
	}
	p("%s\n", endMarker)
	return b.String()
}

// writeTable renders one engine's table of one size.
func writeTable(b *strings.Builder, t *table) {
	p := func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
	p("Load average (1, 5, 15 min) when this size started: %s.\n\n", t.loadAvg)
	p("| path | req/s | p50 | p99 | server CPU/req | errors | target | met? | ratio |\n|---|---|---|---|---|---|---|---|---|\n")
	if t.healthz.elapsed > 0 {
		p("| `/healthz` (reference) | %s | %s | %s | %s | %d | — | — | 100 %% |\n", rate(t.healthz), ms(t.healthz.p50()), ms(t.healthz.p99()),
			cpuPerRequest(t.healthz), t.healthz.errors)
	}
	p("| raw durable insert (reference) | %s | %s | %s | — | %d | — | — | 100 %% |\n", rate(t.raw), ms(t.raw.p50()), ms(t.raw.p99()), t.raw.errors)
	for _, r := range t.rows {
		met := "—"
		if r.check != nil {
			met = "yes"
			if miss := r.check(r.res, t); miss != "" {
				met = "**no** (" + miss + ")"
			}
		}
		if r.res.errors > 0 {
			met = fmt.Sprintf("**no** (%d errors)", r.res.errors)
		}
		var ratio string
		switch {
		case r.name == pathOtherBeside.name:
			alone := t.res(pathOtherAlone.name)
			p50 := 0.0
			if alone.p50() > 0 {
				p50 = float64(r.res.p50()) / float64(alone.p50())
			}
			ratio = fmt.Sprintf("**%.0f %%** of alone, p50 **×%.1f**", percent(r.res, alone), p50)
		case r.write:
			ratio = fmt.Sprintf("%.0f %% of raw inserts", percent(r.res, t.raw))
		default:
			ratio = fmt.Sprintf("%.0f %% of `/healthz`", percent(r.res, t.healthz))
		}
		if r.name == pathBooking.name || r.name == pathBookingPG1.name || r.name == pathBookingPG2.name || r.name == pathByID.name {
			ratio = "**" + ratio + "**"
		}
		p("| %s | %s | %s | %s | %s | %d | %s | %s | %s |\n", r.name, rate(r.res), ms(r.res.p50()), ms(r.res.p99()), cpuPerRequest(r.res),
			r.res.errors, r.target, met, ratio)
	}
	if st := t.besideStatus; st.elapsed > 0 {
		p("\nBeside the other store's bookings, the owner's status changes (1 connection, back to back) ran at\n")
		p("%s/s, p50 %s, p99 %s, %d errors.\n", rate(st), ms(st.p50()), ms(st.p99()), st.errors)
	}
	if t.peakRSS > 0 {
		p("\nServer peak RSS (VmHWM) over this size's run: %d MB (target ≤ 200 MB under load).\n", t.peakRSS>>20)
	}
	p("\n")
}

func cpuPerRequest(r result) string {
	if r.cpu <= 0 {
		return "—"
	}
	return ms(r.cpuPerRequest())
}

// redacted is a postgres:// URL without its password.
func redacted(dsn string) string {
	u, err := url.Parse(dsn)
	if err != nil {
		return "…"
	}
	return u.Redacted()
}

func percent(r, of result) float64 {
	if of.perSecond() == 0 {
		return 0
	}
	return 100 * r.perSecond() / of.perSecond()
}

func rate(r result) string { return thousands(int(r.perSecond() + 0.5)) }

// thousands writes n with commas: 100,000.
func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

func cpuModel() string {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return runtime.GOARCH
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if k, v, ok := strings.Cut(sc.Text(), ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return runtime.GOARCH
}

// writeSection replaces the harness's section of the document at path, or
// puts it before the document's first section when it has none yet.
func writeSection(path, section string) error {
	raw, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	out, err := replaceSection(string(raw), section)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return os.WriteFile(path, []byte(out), 0o644)
}

// replaceSection puts section, which starts with beginMarker and ends with
// endMarker, in place of doc's, or before doc's first "## " heading.
func replaceSection(doc, section string) (string, error) {
	i, j := strings.Index(doc, beginMarker), strings.Index(doc, endMarker)
	switch {
	case i >= 0 && j > i:
		return doc[:i] + section + strings.TrimPrefix(doc[j+len(endMarker):], "\n"), nil
	case i >= 0 || j >= 0:
		return "", fmt.Errorf("one of the markers %q and %q is missing", beginMarker, endMarker)
	}
	if k := strings.Index(doc, "\n## "); k >= 0 {
		return doc[:k+1] + section + "\n" + doc[k+1:], nil
	}
	return doc + "\n" + section, nil
}
