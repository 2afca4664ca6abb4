// Package schedule computes free booking times. It is pure: the caller reads
// the professional's appointments and blocks for the window (one query) and
// passes them in; nothing here touches the database or the clock.
package schedule

import (
	"slices"
	"time"

	"agendo/internal/domain"
)

// Busy is a taken stretch of one day, in minutes since midnight [Start, End).
type Busy struct {
	Date       string
	Start, End int
}

// Rules are the store's booking rules. Zero MinNotice and HorizonDays mean
// none (an owner booking a walk-in).
type Rules struct {
	Loc         *time.Location
	Now         time.Time
	MinNotice   time.Duration
	HorizonDays int
}

// Request asks for the free start times of one service with one
// professional on the days From..To (inclusive, "YYYY-MM-DD").
type Request struct {
	StoreHours domain.WorkingHours
	ProHours   *domain.WorkingHours // nil: the store's hours
	Step       int                  // the professional's booking interval, minutes
	Duration   int                  // the service's duration, minutes
	Timing     domain.Timing        // the service's buffers and pause
	From, To   string
	Busy       []Busy
	Rules      Rules
	// ProfessionalID names the professional asked for, so that a later
	// part of the visit by the same one is known as theirs.
	ProfessionalID string
	// Then are the visit's later services, each starting when the one
	// before it ends: a start is free only when the whole chain fits.
	Then []Part
}

// Part is a later service of a visit: it starts when the one before it
// ends, with any one of its Options.
type Part struct {
	Duration int
	Timing   domain.Timing
	Options  []Option
}

// Option is a professional who may take a part of a visit.
type Option struct {
	ID    string
	Hours *domain.WorkingHours // nil: the store's hours
	Busy  []Busy
}

// weekday names as the working hours use them, indexed by time.Weekday.
var weekday = [7]string{"sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"}

// Free returns, for each day From..To in order, its free start times
// ("HH:MM"). A start is free when the whole service fits inside the store's
// and the professional's hours for that weekday, what it keeps the
// professional busy (its buffers in, its pause out: set-up and cleaning
// may fall outside the hours) overlaps no busy stretch,
// is at least MinNotice after Now, lies within HorizonDays of today, and
// exists on the wall clock (not skipped by a daylight-saving change).
func Free(req Request) []Day {
	from, err1 := time.Parse(time.DateOnly, req.From)
	to, err2 := time.Parse(time.DateOnly, req.To)
	if err1 != nil || err2 != nil || to.Before(from) || req.Step <= 0 || req.Duration <= 0 {
		return nil
	}
	loc := req.Rules.Loc
	if loc == nil {
		loc = time.UTC
	}
	busy := map[string][]Busy{}
	for _, b := range req.Busy {
		busy[b.Date] = append(busy[b.Date], b)
	}
	var earliest time.Time
	var lastDay string
	if !req.Rules.Now.IsZero() {
		earliest = req.Rules.Now.Add(req.Rules.MinNotice)
		if req.Rules.HorizonDays > 0 {
			y, m, d := req.Rules.Now.In(loc).Date()
			lastDay = time.Date(y, m, d+req.Rules.HorizonDays, 0, 0, 0, 0, time.UTC).Format(time.DateOnly)
		}
	}
	var out []Day
	spans := make([]domain.Span, 0, 2)
	first := req.Timing
	var ch *chain
	if len(req.Then) > 0 {
		ch = newChain(req)
		first.BufferAfter = 0 // known once the next part's professional is: the chain checks it
	}
	for day := from; !day.After(to); day = day.AddDate(0, 0, 1) {
		date := day.Format(time.DateOnly)
		d := Day{Date: date, Times: []string{}}
		out = append(out, d)
		if lastDay != "" && date > lastDay {
			continue
		}
		open, close, ok := window(req.StoreHours, req.ProHours, weekday[day.Weekday()])
		if !ok {
			continue
		}
		y, m, dd := day.Date()
		for start := open; start+req.Duration <= close; start += req.Step {
			spans = first.AppendSpans(spans[:0], start, req.Duration)
			if spansOverlap(busy[date], spans) {
				continue
			}
			at := time.Date(y, m, dd, start/60, start%60, 0, 0, loc)
			if at.Hour() != start/60 || at.Minute() != start%60 {
				continue // this wall-clock time does not exist today
			}
			if !earliest.IsZero() && at.Before(earliest) {
				continue
			}
			if ch != nil && !ch.assign(date, weekday[day.Weekday()], start, busy[date]) {
				continue
			}
			out[len(out)-1].Times = append(out[len(out)-1].Times, domain.FormatClock(start))
		}
	}
	return out
}

// Assign returns who takes each later part of req's visit starting on
// date at start (in Then's order, each the first of its Options that fits),
// or nil when the chain does not fit. It checks the chain only: the
// caller checks the first service as Free does.
func Assign(req Request, date string, start int) []string {
	day, err := time.Parse(time.DateOnly, date)
	if err != nil || len(req.Then) == 0 {
		return nil
	}
	var busy []Busy
	for _, b := range req.Busy {
		if b.Date == date {
			busy = append(busy, b)
		}
	}
	c := newChain(req)
	if !c.assign(date, weekday[day.Weekday()], start, busy) {
		return nil
	}
	return c.pros[1:]
}

// chain checks the later parts of a visit, for Free and Assign.
type chain struct {
	req  Request
	busy [][]map[string][]Busy // per part, per option: busy stretches by date
	// The day checked: per part, per option, its busy stretches and hours.
	date  string
	today [][]optionDay
	// Per start, reused: each part's option (0: the first service), its
	// timing joined, and what it keeps its professional busy.
	start int
	tries int // whole assignments checked for this start (maxTries)
	pick  []int
	pros  []string
	ts    []domain.Timing
	spans [][]domain.Span
}

func newChain(req Request) *chain {
	n := len(req.Then) + 1
	c := &chain{req: req, busy: make([][]map[string][]Busy, len(req.Then)), today: make([][]optionDay, len(req.Then)),
		pick: make([]int, n), pros: make([]string, n), ts: make([]domain.Timing, n), spans: make([][]domain.Span, n)}
	for i, p := range req.Then {
		c.busy[i] = make([]map[string][]Busy, len(p.Options))
		for j, o := range p.Options {
			m := map[string][]Busy{}
			for _, b := range o.Busy {
				m[b.Date] = append(m[b.Date], b)
			}
			c.busy[i][j] = m
		}
		c.today[i] = make([]optionDay, len(p.Options))
	}
	return c
}

// optionDay is what an option of a part has on the day checked.
type optionDay struct {
	busy        []Busy
	open, close int
	ok          bool
}

// setDay reads each option's day once, for the many starts of it.
func (c *chain) setDay(date, wd string) {
	if c.date == date {
		return
	}
	c.date = date
	for i, p := range c.req.Then {
		for j, o := range p.Options {
			d := &c.today[i][j]
			d.busy = c.busy[i][j][date]
			d.open, d.close, d.ok = window(c.req.StoreHours, o.Hours, wd)
		}
	}
}

// assign finds professionals for the later parts of a visit whose first
// service starts at start on date (weekday wd), the first professional
// busy during firstBusy; nil when none fit.
func (c *chain) assign(date, wd string, start int, firstBusy []Busy) bool {
	c.setDay(date, wd)
	c.start, c.pros[0], c.tries = start, c.req.ProfessionalID, 0
	// Each later part's time is fixed: one with nobody free then ends the
	// search before it multiplies the choices of the others.
	at := start + c.req.Duration
	for i, p := range c.req.Then {
		inner := p.Timing // whoever comes before and after: no set-up, no cleaning
		inner.BufferBefore, inner.BufferAfter = 0, 0
		c.spans[i+1] = inner.AppendSpans(c.spans[i+1][:0], at, p.Duration)
		if !slices.ContainsFunc(c.today[i], func(d optionDay) bool {
			return d.ok && at >= d.open && at+p.Duration <= d.close && !spansOverlap(d.busy, c.spans[i+1])
		}) {
			return false
		}
		at += p.Duration
	}
	return c.try(1, start+c.req.Duration, firstBusy)
}

// maxTries bounds the whole assignments checked for one start: past it
// the start is not offered (and Assign books nothing there), so a store
// page asking for "any" professional for every part of a long visit costs
// a bounded time per start. Real visits fit in the first few.
const maxTries = 64

// try assigns part i (1-based: Then[i-1]), starting at at, and the parts
// after it, depth first. Each option must have the part inside its hours
// and be free then (set-up dropped after its own service, cleaning left
// to the end); the whole assignment is then checked with the joined
// timings, against each professional's agenda and their other parts.
func (c *chain) try(i int, at int, firstBusy []Busy) bool {
	if i > len(c.req.Then) {
		c.tries++
		return c.fits(firstBusy)
	}
	if c.tries >= maxTries {
		return false
	}
	p := c.req.Then[i-1]
	for j, o := range p.Options {
		d := &c.today[i-1][j]
		if !d.ok || at < d.open || at+p.Duration > d.close {
			continue
		}
		t := p.Timing
		t.BufferAfter = 0
		if o.ID == c.pros[i-1] {
			t.BufferBefore = 0
		}
		c.spans[i] = t.AppendSpans(c.spans[i][:0], at, p.Duration)
		if spansOverlap(d.busy, c.spans[i]) {
			continue
		}
		c.pros[i], c.pick[i] = o.ID, j
		if c.try(i+1, at+p.Duration, firstBusy) {
			return true
		}
	}
	return false
}

// fits checks a whole assignment with the joined timings: no part's
// professional is busy then, and no professional's parts overlap.
func (c *chain) fits(firstBusy []Busy) bool {
	c.ts[0] = c.req.Timing
	for i, p := range c.req.Then {
		c.ts[i+1] = p.Timing
	}
	domain.JoinTimings(c.pros, c.ts)
	at := c.start
	for i := range c.pros {
		dur, busy := c.req.Duration, firstBusy
		if i > 0 {
			dur, busy = c.req.Then[i-1].Duration, c.today[i-1][c.pick[i]].busy
		}
		c.spans[i] = c.ts[i].AppendSpans(c.spans[i][:0], at, dur)
		if spansOverlap(busy, c.spans[i]) {
			return false
		}
		for k := range i {
			if c.pros[k] == c.pros[i] && spansMeet(c.spans[k], c.spans[i]) {
				return false
			}
		}
		at += dur
	}
	return true
}

// spansMeet reports whether two lists of spans share a minute.
func spansMeet(a, b []domain.Span) bool {
	for _, x := range a {
		for _, y := range b {
			if x.Start < x.End && y.Start < y.End && Overlaps(x.Start, x.End, y.Start, y.End) {
				return true
			}
		}
	}
	return false
}

// Day is one day's free start times.
type Day struct {
	Date  string   `json:"date" format:"date"`
	Times []string `json:"times" format:"hhmm"`
}

// window intersects the store's and the professional's hours for a weekday.
func window(store domain.WorkingHours, pro *domain.WorkingHours, day string) (open, close int, ok bool) {
	s, found := store[day]
	if !found || !s.IsOpen {
		return 0, 0, false
	}
	open, ok1 := domain.ParseClock(s.Open)
	close, ok2 := domain.ParseClock(s.Close)
	if !ok1 || !ok2 {
		return 0, 0, false
	}
	if pro != nil {
		p, found := (*pro)[day]
		if !found || !p.IsOpen {
			return 0, 0, false
		}
		po, ok1 := domain.ParseClock(p.Open)
		pc, ok2 := domain.ParseClock(p.Close)
		if !ok1 || !ok2 {
			return 0, 0, false
		}
		open, close = max(open, po), min(close, pc)
	}
	return open, close, open < close
}

// Overlaps reports whether [aStart, aEnd) and [bStart, bEnd) share a minute.
func Overlaps(aStart, aEnd, bStart, bEnd int) bool { return aStart < bEnd && bStart < aEnd }

func overlapsAny(bs []Busy, start, end int) bool {
	for _, b := range bs {
		if Overlaps(start, end, b.Start, b.End) {
			return true
		}
	}
	return false
}

// spansOverlap reports whether any of spans shares a minute with a busy
// stretch.
func spansOverlap(bs []Busy, spans []domain.Span) bool {
	for _, sp := range spans {
		if sp.Start < sp.End && overlapsAny(bs, sp.Start, sp.End) {
			return true
		}
	}
	return false
}

// Clashes reports whether a service of duration minutes with timing t,
// starting at start, would keep its professional busy during a busy
// stretch: the one overlap rule of the booking checks.
func Clashes(bs []Busy, t domain.Timing, start, duration int) bool {
	return spansOverlap(bs, t.ProfessionalSpans(start, duration))
}

// OpenMinutes is how many minutes of date (a "YYYY-MM-DD" weekday's hours)
// a professional can be booked: the store's and the professional's hours
// intersected, less the blocked stretches of that day, overlaps counted
// once. Reports divide the minutes booked by it (occupancy).
func OpenMinutes(store domain.WorkingHours, pro *domain.WorkingHours, date time.Time, blocked []Busy) int {
	open, close, ok := window(store, pro, weekday[date.Weekday()])
	if !ok {
		return 0
	}
	stretches := make([]Busy, 0, len(blocked))
	for _, b := range blocked {
		if s, e := max(b.Start, open), min(b.End, close); s < e {
			stretches = append(stretches, Busy{Start: s, End: e})
		}
	}
	slices.SortFunc(stretches, func(a, b Busy) int { return a.Start - b.Start })
	minutes, at := close-open, open
	for _, b := range stretches {
		if s := max(b.Start, at); s < b.End {
			minutes -= b.End - s
			at = b.End
		}
	}
	return minutes
}
