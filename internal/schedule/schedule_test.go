package schedule_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"agendo/internal/domain"
	"agendo/internal/schedule"
)

func hours(open, close string) domain.WorkingHours {
	wh := domain.WorkingHours{}
	for _, d := range domain.Weekdays {
		wh[d] = domain.DayHours{Open: open, Close: close, IsOpen: d != "sunday"}
	}
	return wh
}

func TestFreeBasics(t *testing.T) {
	sp, _ := time.LoadLocation("America/Sao_Paulo")
	req := schedule.Request{
		StoreHours: hours("09:00", "12:00"), Step: 30, Duration: 60, From: "2026-12-07", To: "2026-12-08",
		Busy: []schedule.Busy{{Date: "2026-12-07", Start: 10 * 60, End: 10*60 + 30}},
	}
	got := schedule.Free(req)
	if len(got) != 2 {
		t.Fatalf("got %d days, want 2", len(got))
	}
	if want := []string{"09:00", "10:30", "11:00"}; !slices.Equal(got[0].Times, want) {
		t.Errorf("Monday with 10:00–10:30 taken: got %v, want %v", got[0].Times, want)
	}
	if want := []string{"09:00", "09:30", "10:00", "10:30", "11:00"}; !slices.Equal(got[1].Times, want) {
		t.Errorf("free Tuesday: got %v, want %v", got[1].Times, want)
	}
	// The professional works only the afternoon overlap: 11:00–12:00.
	pro := hours("11:00", "18:00")
	req.ProHours = &pro
	if got := schedule.Free(req); !slices.Equal(got[1].Times, []string{"11:00"}) {
		t.Errorf("store ∩ professional: got %v", got[1].Times)
	}
	// Sunday is closed.
	req.ProHours, req.From, req.To = nil, "2026-12-06", "2026-12-06"
	if got := schedule.Free(req); len(got[0].Times) != 0 {
		t.Errorf("Sunday: got %v", got[0].Times)
	}
	// Minimum notice of 60 min at 09:10 local leaves 10:30 onwards (10:00 is busy-free on Tuesday).
	req.From, req.To = "2026-12-08", "2026-12-08"
	req.Rules = schedule.Rules{Loc: sp, Now: time.Date(2026, 12, 8, 9, 10, 0, 0, sp), MinNotice: time.Hour, HorizonDays: 60}
	if got := schedule.Free(req); !slices.Equal(got[0].Times, []string{"10:30", "11:00"}) {
		t.Errorf("with notice: got %v", got[0].Times)
	}
	// Beyond the horizon nothing is offered.
	req.Rules.HorizonDays = 0
	req.Rules.Now = time.Date(2026, 10, 1, 9, 0, 0, 0, sp)
	req.Rules.HorizonDays = 30
	if got := schedule.Free(req); len(got[0].Times) != 0 {
		t.Errorf("beyond horizon: got %v", got[0].Times)
	}
}

// TestFreeProperties checks generated schedules (DESIGN.md section 13): no
// offered start overlaps a booking or a block, lies outside hours, breaks
// the notice or the horizon, or does not exist on the wall clock; and every
// start that breaks none of these is offered.
func TestFreeProperties(t *testing.T) {
	zones := []string{"America/Sao_Paulo", "America/New_York", "Europe/Lisbon", "America/Manaus"}
	// Daylight-saving changes: New York 2026-03-08 and 2026-11-01, Lisbon 2026-03-29 and 2026-10-25.
	anchors := []string{"2026-03-08", "2026-11-01", "2026-03-29", "2026-10-25", "2026-12-07", "2027-02-15"}
	rng := rand.New(rand.NewPCG(7, 2026))
	const rounds = 10_000
	offered := 0
	for i := range rounds {
		loc, _ := time.LoadLocation(zones[rng.IntN(len(zones))])
		anchor, _ := time.Parse(time.DateOnly, anchors[rng.IntN(len(anchors))])
		from := anchor.AddDate(0, 0, -rng.IntN(3))
		days := 1 + rng.IntN(7)
		to := from.AddDate(0, 0, days-1)
		store := randomHours(rng)
		var pro *domain.WorkingHours
		if rng.IntN(2) == 0 {
			p := randomHours(rng)
			pro = &p
		}
		step := []int{10, 15, 20, 30, 45, 60}[rng.IntN(6)]
		dur := []int{15, 30, 45, 60, 90, 120}[rng.IntN(6)]
		var busy []schedule.Busy
		for range rng.IntN(8) {
			d := from.AddDate(0, 0, rng.IntN(days)).Format(time.DateOnly)
			s := rng.IntN(24*60 - 15)
			busy = append(busy, schedule.Busy{Date: d, Start: s, End: s + 15 + rng.IntN(180)})
		}
		now := time.Date(from.Year(), from.Month(), from.Day(), rng.IntN(24), rng.IntN(60), 0, 0, loc).AddDate(0, 0, rng.IntN(3)-1)
		rules := schedule.Rules{Loc: loc, Now: now, MinNotice: time.Duration(rng.IntN(180)) * time.Minute, HorizonDays: 1 + rng.IntN(5)}
		req := schedule.Request{StoreHours: store, ProHours: pro, Step: step, Duration: dur,
			From: from.Format(time.DateOnly), To: to.Format(time.DateOnly), Busy: busy, Rules: rules}
		if rng.IntN(2) == 0 { // set-up, cleaning and a pause (issue 27)
			req.Timing = domain.Timing{BufferBefore: rng.IntN(3) * 10, BufferAfter: rng.IntN(3) * 15}
			if dur >= 45 && rng.IntN(2) == 0 {
				req.Timing.ProcessingStart = 5 + rng.IntN(dur/3)
				req.Timing.ProcessingMin = 5 + rng.IntN(dur-req.Timing.ProcessingStart-10)
			}
		}
		if rng.IntN(3) == 0 { // a visit of several services (issue 27)
			req.ProfessionalID, req.Then = "A", randomChain(rng, req, from, days)
		}
		got := schedule.Free(req)
		for di, day := range got {
			date := from.AddDate(0, 0, di)
			want := expected(req, date)
			if !slices.Equal(day.Times, want) {
				t.Fatalf("round %d (%s %s step %d dur %d %+v): got %v, want %v\nrequest %+v", i, loc, day.Date, step, dur, req.Timing, day.Times, want, req)
			}
			offered += len(day.Times)
		}
	}
	if offered == 0 {
		t.Fatal("no slot offered in any round: the generator is broken")
	}
	t.Logf("%d schedules, %d slots offered", rounds, offered)
}

// expected is the brute-force answer: every minute-aligned candidate,
// checked against each rule separately. What a candidate keeps the
// professional busy is counted minute by minute: from the set-up to the
// cleaning, within the day, but not the pause.
func expected(req schedule.Request, date time.Time) []string {
	names := []string{"sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"}
	wd := names[date.Weekday()]
	s := req.StoreHours[wd]
	if !s.IsOpen {
		return []string{}
	}
	open, _ := domain.ParseClock(s.Open)
	close, _ := domain.ParseClock(s.Close)
	if req.ProHours != nil {
		p := (*req.ProHours)[wd]
		if !p.IsOpen {
			return []string{}
		}
		po, _ := domain.ParseClock(p.Open)
		pc, _ := domain.ParseClock(p.Close)
		open, close = max(open, po), min(close, pc)
	}
	y, m, d := req.Rules.Now.In(req.Rules.Loc).Date()
	last := time.Date(y, m, d+req.Rules.HorizonDays, 0, 0, 0, 0, time.UTC)
	out := []string{}
	if date.After(last) {
		return out
	}
	for start := open; start+req.Duration <= close; start += req.Step {
		at := time.Date(date.Year(), date.Month(), date.Day(), start/60, start%60, 0, 0, req.Rules.Loc)
		if at.Hour()*60+at.Minute() != start || at.Before(req.Rules.Now.Add(req.Rules.MinNotice)) {
			continue
		}
		if !anyAssignment(req, date, start) {
			continue
		}
		out = append(out, fmt.Sprintf("%02d:%02d", start/60, start%60))
	}
	return out
}

// anyAssignment is the brute-force chain: it tries every choice of
// professional for every later part, and accepts the start when one
// choice keeps every part within its professional's hours, and no
// professional busy twice in one minute, counted minute by minute.
func anyAssignment(req schedule.Request, date time.Time, start int) bool {
	opts := [][]schedule.Option{{{ID: req.ProfessionalID, Hours: req.ProHours, Busy: req.Busy}}}
	durs, timings := []int{req.Duration}, []domain.Timing{req.Timing}
	for _, p := range req.Then {
		opts, durs, timings = append(opts, p.Options), append(durs, p.Duration), append(timings, p.Timing)
	}
	pick := make([]schedule.Option, len(opts))
	var try func(i int) bool
	try = func(i int) bool {
		if i == len(opts) {
			return assignmentFits(req, date, start, pick, durs, timings)
		}
		for _, o := range opts[i] {
			pick[i] = o
			if try(i + 1) {
				return true
			}
		}
		return false
	}
	return try(0)
}

func assignmentFits(req schedule.Request, date time.Time, start int, pick []schedule.Option, durs []int, timings []domain.Timing) bool {
	names := []string{"sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"}
	wd, ds := names[date.Weekday()], date.Format(time.DateOnly)
	ids := make([]string, len(pick))
	for i, o := range pick {
		ids[i] = o.ID
	}
	joined := slices.Clone(timings)
	domain.JoinTimings(ids, joined)
	taken := map[string]map[int]bool{} // professional → minutes
	at := start
	for i, o := range pick {
		if i > 0 { // the first part's hours are checked by the caller
			s := req.StoreHours[wd]
			open, _ := domain.ParseClock(s.Open)
			close, _ := domain.ParseClock(s.Close)
			if o.Hours != nil {
				p := (*o.Hours)[wd]
				po, _ := domain.ParseClock(p.Open)
				pc, _ := domain.ParseClock(p.Close)
				open, close = max(open, po), min(close, pc)
				if !p.IsOpen {
					return false
				}
			}
			if !s.IsOpen || at < open || at+durs[i] > close {
				return false
			}
		}
		tm := joined[i]
		if taken[o.ID] == nil {
			taken[o.ID] = map[int]bool{}
		}
		for min := max(at-tm.BufferBefore, 0); min < at+durs[i]+tm.BufferAfter && min < 24*60; min++ {
			if tm.ProcessingMin > 0 && min >= at+tm.ProcessingStart && min < at+tm.ProcessingStart+tm.ProcessingMin {
				continue // the pause: the professional is free
			}
			if taken[o.ID][min] {
				return false
			}
			taken[o.ID][min] = true
			for _, b := range o.Busy {
				if b.Date == ds && min >= b.Start && min < b.End {
					return false
				}
			}
		}
		at += durs[i]
	}
	return true
}

// randomChain makes one or two later services, each with one to three
// professionals out of A (the first service's: its hours and agenda), B
// and C, in a random order.
func randomChain(rng *rand.Rand, req schedule.Request, from time.Time, days int) []schedule.Part {
	pool := []schedule.Option{{ID: "A", Hours: req.ProHours, Busy: req.Busy}}
	for _, id := range []string{"B", "C"} {
		o := schedule.Option{ID: id}
		if rng.IntN(2) == 0 {
			h := randomHours(rng)
			o.Hours = &h
		}
		for range rng.IntN(6) {
			d := from.AddDate(0, 0, rng.IntN(days)).Format(time.DateOnly)
			s := rng.IntN(24*60 - 15)
			o.Busy = append(o.Busy, schedule.Busy{Date: d, Start: s, End: s + 15 + rng.IntN(120)})
		}
		pool = append(pool, o)
	}
	var parts []schedule.Part
	for range 1 + rng.IntN(2) {
		p := schedule.Part{Duration: []int{15, 30, 45, 60}[rng.IntN(4)]}
		if rng.IntN(2) == 0 {
			p.Timing = domain.Timing{BufferBefore: rng.IntN(3) * 10, BufferAfter: rng.IntN(3) * 10}
			if p.Duration >= 45 && rng.IntN(2) == 0 {
				p.Timing.ProcessingStart, p.Timing.ProcessingMin = 10, 15
			}
		}
		perm := rng.Perm(3)
		for _, k := range perm[:1+rng.IntN(3)] {
			p.Options = append(p.Options, pool[k])
		}
		parts = append(parts, p)
	}
	return parts
}

func randomHours(rng *rand.Rand) domain.WorkingHours {
	wh := domain.WorkingHours{}
	for _, d := range domain.Weekdays {
		o := rng.IntN(14 * 60)
		c := o + 30 + rng.IntN(10*60)
		if c > 23*60+59 {
			c = 23*60 + 59
		}
		wh[d] = domain.DayHours{Open: fmt.Sprintf("%02d:%02d", o/60, o%60), Close: fmt.Sprintf("%02d:%02d", c/60, c%60), IsOpen: rng.IntN(6) != 0}
	}
	return wh
}

func BenchmarkFree31Days(b *testing.B) { benchmarkFree(b, 31) }

func BenchmarkFree7Days(b *testing.B) { benchmarkFree(b, 7) }

// BenchmarkFree31DaysWithTiming is BenchmarkFree31Days for a service with
// set-up, cleaning and a pause: two busy stretches to check a start.
func BenchmarkFree31DaysWithTiming(b *testing.B) {
	benchmarkFree(b, 31, domain.Timing{BufferBefore: 10, BufferAfter: 10, ProcessingStart: 15, ProcessingMin: 15})
}

// BenchmarkFree31DaysTwoServices is BenchmarkFree31Days for a visit of two
// services, the second with another professional who has an agenda as
// full: the chain must be within 1.5× of one service (issue 27).
func BenchmarkFree31DaysTwoServices(b *testing.B) {
	benchmarkFree(b, 31, domain.Timing{}, domain.Timing{BufferAfter: 10})
}

// benchmarkFree asks for days of one professional's free times, with five
// 45-minute bookings a day, a 15-minute step, notice and horizon.
func benchmarkFree(b *testing.B, days int, timing ...domain.Timing) {
	sp, _ := time.LoadLocation("America/Sao_Paulo")
	var busy []schedule.Busy
	start, _ := time.Parse(time.DateOnly, "2026-12-01")
	for d := range days {
		for h := 9; h < 18; h += 2 {
			busy = append(busy, schedule.Busy{Date: start.AddDate(0, 0, d).Format(time.DateOnly), Start: h * 60, End: h*60 + 45})
		}
	}
	req := schedule.Request{StoreHours: hours("09:00", "18:00"), Step: 15, Duration: 45, From: "2026-12-01",
		To:   start.AddDate(0, 0, days-1).Format(time.DateOnly),
		Busy: busy, Rules: schedule.Rules{Loc: sp, Now: time.Date(2026, 11, 30, 12, 0, 0, 0, sp), MinNotice: time.Hour, HorizonDays: 60}}
	if len(timing) > 0 {
		req.Timing = timing[0]
	}
	if len(timing) > 1 { // a second service, 30 minutes with B, booked as A is but a quarter later
		other := make([]schedule.Busy, len(busy))
		for i, x := range busy {
			other[i] = schedule.Busy{Date: x.Date, Start: x.Start + 15, End: x.End + 15}
		}
		req.ProfessionalID = "A"
		req.Then = []schedule.Part{{Duration: 30, Timing: timing[1], Options: []schedule.Option{{ID: "B", Busy: other}}}}
	}
	for b.Loop() {
		schedule.Free(req)
	}
}
