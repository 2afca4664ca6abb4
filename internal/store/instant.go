package store

import (
	"fmt"
	"strings"
	"time"
)

// A timestamp column that a hot read scans many of is selected as text on
// SQLite (textAppointmentColumns) and parsed here: the SQLite driver otherwise parses
// every TIMESTAMP value with time.Parse, first against time.Time.String's
// layout and then against its own list, which cost a sixth of a 50-row
// page. The driver writes times in one layout (_time_format=sqlite, see
// Open), "2006-01-02 15:04:05.999999999-07:00"; parseInstant reads that by
// hand and hands anything else to the driver's own formats, so a value
// written any other way reads back as it did. PostgreSQL's driver decodes
// its binary timestamps cheaply: there the column is read as it is.

// instant scans a NOT NULL timestamp read as text or as a time.
type instant struct{ t *time.Time }

func (s instant) Scan(v any) error {
	switch v := v.(type) {
	case time.Time:
		*s.t = v
		return nil
	case string:
		return s.parse(v)
	case []byte:
		return s.parse(string(v))
	}
	return fmt.Errorf("store: cannot read %T as a time", v)
}

func (s instant) parse(v string) error {
	t, ok := parseInstant(v)
	if !ok {
		return fmt.Errorf("store: unreadable time %q", v)
	}
	*s.t = t
	return nil
}

// nullInstant scans a timestamp that may be NULL.
type nullInstant struct{ t **time.Time }

func (s nullInstant) Scan(v any) error {
	if v == nil {
		*s.t = nil
		return nil
	}
	var t time.Time
	if err := (instant{&t}).Scan(v); err != nil {
		return err
	}
	*s.t = &t
	return nil
}

// parseInstant reads a time as the SQLite driver would: the driver's
// write layout by hand, anything else by the driver's formats.
func parseInstant(s string) (time.Time, bool) {
	if t, ok := parseSQLiteLayout(s); ok {
		return t, true
	}
	return parseDriverFormats(s)
}

// parseSQLiteLayout reads "2006-01-02 15:04:05.999999999-07:00" exactly:
// 0 to 9 fraction digits (none without the dot), an offset of ±hh:mm.
func parseSQLiteLayout(s string) (time.Time, bool) {
	if len(s) < 25 || s[4] != '-' || s[7] != '-' || s[10] != ' ' || s[13] != ':' || s[16] != ':' {
		return time.Time{}, false
	}
	year, ok1 := digitsAt(s, 0, 4)
	month, ok2 := digitsAt(s, 5, 2)
	day, ok3 := digitsAt(s, 8, 2)
	hour, ok4 := digitsAt(s, 11, 2)
	minute, ok5 := digitsAt(s, 14, 2)
	sec, ok6 := digitsAt(s, 17, 2)
	if !(ok1 && ok2 && ok3 && ok4 && ok5 && ok6) {
		return time.Time{}, false
	}
	i, nsec := 19, 0
	if s[i] == '.' {
		i++
		n := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			if n == 9 {
				return time.Time{}, false
			}
			nsec = nsec*10 + int(s[i]-'0')
			i++
			n++
		}
		if n == 0 {
			return time.Time{}, false
		}
		for ; n < 9; n++ {
			nsec *= 10
		}
	}
	if len(s)-i != 6 || (s[i] != '+' && s[i] != '-') || s[i+3] != ':' {
		return time.Time{}, false
	}
	oh, ok1 := digitsAt(s, i+1, 2)
	om, ok2 := digitsAt(s, i+4, 2)
	if !ok1 || !ok2 || month < 1 || month > 12 || day < 1 || day > daysIn(month, year) ||
		hour > 23 || minute > 59 || sec > 59 || oh > 24 || om > 59 {
		return time.Time{}, false
	}
	if oh != 0 || om != 0 {
		// time.Parse names a non-zero offset with the local zone when that
		// zone had it then, else with a fixed zone: left to it. The server
		// writes UTC.
		return parseDriverFormats(s)
	}
	return time.Date(year, time.Month(month), day, hour, minute, sec, nsec, time.UTC), true
}

func digitsAt(s string, at, n int) (int, bool) {
	v := 0
	for _, c := range []byte(s[at : at+n]) {
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int(c-'0')
	}
	return v, true
}

func daysIn(month, year int) int {
	return time.Date(year, time.Month(month)+1, 0, 0, 0, 0, 0, time.UTC).Day()
}

// driverTimeFormats are the SQLite driver's (modernc.org/sqlite
// parseTimeFormats), tried in its order.
var driverTimeFormats = []string{
	"2006-01-02 15:04:05.999999999-07:00",
	"2006-01-02T15:04:05.999999999-07:00",
	"2006-01-02 15:04:05.999999999",
	"2006-01-02T15:04:05.999999999",
	"2006-01-02 15:04",
	"2006-01-02T15:04",
	"2006-01-02",
}

// parseDriverFormats is the SQLite driver's own parse (no location set).
func parseDriverFormats(s string) (time.Time, bool) {
	ts := s
	if x := strings.Index(s, "m="); x > 0 {
		ts = s[:x]
	}
	if t, err := time.Parse("2006-01-02 15:04:05.999999999 -0700 MST", strings.TrimSpace(ts)); err == nil {
		return t, true
	}
	ts = strings.TrimSuffix(s, "Z")
	for _, f := range driverTimeFormats {
		if t, err := time.Parse(f, ts); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}
