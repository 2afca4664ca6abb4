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
			spans = req.Timing.AppendSpans(spans[:0], start, req.Duration)
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
			out[len(out)-1].Times = append(out[len(out)-1].Times, clock(start))
		}
	}
	return out
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

func clock(m int) string {
	return string([]byte{byte('0' + m/600), byte('0' + m/60%10), ':', byte('0' + m%60/10), byte('0' + m%10)})
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
