// Package ical writes iCalendar (RFC 5545) feeds: a professional's agenda
// as a calendar app subscribes to it. It writes what those apps read and
// nothing more: events with times in UTC (unambiguous in every app; the
// calendar's time zone, for the apps that show one, is named as
// X-WR-TIMEZONE), lines ended by CRLF and folded at 75 octets without
// splitting a character, and text escaped as section 3.3.11 says.
package ical

import (
	"bufio"
	"io"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Calendar is one feed.
type Calendar struct {
	// ProdID names the product (PRODID), e.g. "-//Agendo//Agenda//PT-BR".
	ProdID string
	// Name is the calendar's name the apps show (X-WR-CALNAME).
	Name string
	// TimeZone is the store's IANA zone (X-WR-TIMEZONE), e.g. "America/Sao_Paulo".
	TimeZone string
	// Refresh is how often a subscribed app should read the feed again (0:
	// a file, read once).
	Refresh time.Duration
	Events  []Event
}

// Event is one appointment.
type Event struct {
	UID         string
	Start, End  time.Time
	Summary     string
	Description string
	Location    string
	URL         string
	// Status is CONFIRMED, TENTATIVE or CANCELLED (section 3.8.1.11).
	Status string
	// Updated is when it last changed (LAST-MODIFIED; zero: not written).
	Updated time.Time
	// Alarm, when not zero, is how long before Start the app reminds,
	// saying AlarmText.
	Alarm     time.Duration
	AlarmText string
}

// The statuses of an event.
const (
	Confirmed = "CONFIRMED"
	Tentative = "TENTATIVE"
	Cancelled = "CANCELLED"
)

// Write writes c to w, stamped with now (DTSTAMP).
func Write(w io.Writer, c Calendar, now time.Time) error {
	b := bufio.NewWriter(w)
	line := func(name, value string) { writeFolded(b, name+":"+value) }
	text := func(name, value string) {
		if value != "" {
			line(name, Escape(value))
		}
	}
	line("BEGIN", "VCALENDAR")
	line("VERSION", "2.0")
	line("PRODID", c.ProdID)
	line("CALSCALE", "GREGORIAN")
	line("METHOD", "PUBLISH")
	text("X-WR-CALNAME", c.Name)
	text("X-WR-TIMEZONE", c.TimeZone)
	if c.Refresh > 0 {
		// How often the apps that read it should ask again (RFC 7986 and
		// the older Microsoft name).
		line("REFRESH-INTERVAL;VALUE=DURATION", duration(c.Refresh))
		line("X-PUBLISHED-TTL", duration(c.Refresh))
	}
	stamp := utc(now)
	for _, e := range c.Events {
		line("BEGIN", "VEVENT")
		line("UID", Escape(e.UID))
		line("DTSTAMP", stamp)
		line("DTSTART", utc(e.Start))
		line("DTEND", utc(e.End))
		text("SUMMARY", e.Summary)
		text("DESCRIPTION", e.Description)
		text("LOCATION", e.Location)
		if e.URL != "" {
			line("URL", e.URL)
		}
		if e.Status != "" {
			line("STATUS", e.Status)
		}
		if !e.Updated.IsZero() {
			line("LAST-MODIFIED", utc(e.Updated))
		}
		if e.Alarm > 0 {
			line("BEGIN", "VALARM")
			line("ACTION", "DISPLAY")
			line("DESCRIPTION", Escape(e.AlarmText))
			line("TRIGGER", "-"+duration(e.Alarm))
			line("END", "VALARM")
		}
		line("END", "VEVENT")
	}
	line("END", "VCALENDAR")
	return b.Flush()
}

func utc(t time.Time) string { return t.UTC().Format("20060102T150405Z") }

// duration writes d, in whole minutes, as a DURATION value: "PT1H", "PT90M".
func duration(d time.Duration) string {
	m := int(d / time.Minute)
	if m%60 == 0 {
		return "PT" + strconv.Itoa(m/60) + "H"
	}
	return "PT" + strconv.Itoa(m) + "M"
}

// Escape writes s as an iCalendar TEXT value: backslash, semicolon and comma
// escaped, line breaks as \n, other control characters dropped.
func Escape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteRune(utf8.RuneError) // not UTF-8: the apps read U+FFFD
		case r == '\\' || r == ';' || r == ',':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\r':
			if i < len(s) && s[i] == '\n' {
				i++
			}
			b.WriteString(`\n`)
		case r == '\n':
			b.WriteString(`\n`)
		case r < 0x20 || r == 0x7f:
			// CONTROL characters are not allowed in TEXT (section 3.3.11).
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// writeFolded writes one content line, folded so no line passes 75 octets
// (section 3.1): each continuation starts with a space.
func writeFolded(b *bufio.Writer, s string) {
	const max = 75
	width := max
	for len(s) > width {
		cut := width
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		b.WriteString(s[:cut])
		b.WriteString("\r\n ")
		s = s[cut:]
		width = max - 1 // the leading space counts
	}
	b.WriteString(s)
	b.WriteString("\r\n")
}
