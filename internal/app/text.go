package app

import (
	"fmt"
	"regexp"
	"strings"
	"sync"
	"time"

	"agendo/internal/domain"
)

// Words and numbers as a Brazilian reads them, and the small checks every
// use-case shares: digits of a phone, dates in Portuguese, a file
// reference, a store's time zone. Nothing here reads or writes data.

// emailLike finds addresses in text a mail server sent back (it often
// quotes the recipient), so they stay out of the log.
var emailLike = regexp.MustCompile(`[^\s<>"':;,]+@[^\s<>"':;,]+`)

func redactEmails(s string) string { return emailLike.ReplaceAllString(s, "[email]") }

func digits(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func nilIfEmptyPtr(s *string) *string {
	if s == nil {
		return nil
	}
	return nilIfEmpty(strings.TrimSpace(*s))
}

// brDateTime writes an instant as "dd/MM/yyyy HH:mm" in Brasília time.
func brDateTime(t time.Time) string {
	if loc := location("America/Sao_Paulo"); loc != nil { // cached: exports write thousands
		t = t.In(loc)
	}
	return t.Format("02/01/2006 15:04")
}

const msgInvalidPhone = "Informe um telefone brasileiro com DDD, como (11) 91234-5678"

// validFileRef accepts a path to a file this server stores (/files/{id}).
func validFileRef(s string) bool {
	id, ok := strings.CutPrefix(s, "/files/")
	if !ok || len(id) != 36 {
		return false
	}
	for _, r := range id {
		if !(r >= '0' && r <= '9' || r >= 'a' && r <= 'f' || r == '-') {
			return false
		}
	}
	return true
}

func nilIfEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// firstMessage picks one field message for the error's summary, stably.
func firstMessage(fields map[string]string) string {
	best := ""
	for k := range fields {
		if best == "" || k < best {
			best = k
		}
	}
	return fields[best]
}

// locations caches time zones: loading one reads and parses tzdata.
var locations sync.Map // name → *time.Location

// storeLocation is the store's time zone (UTC if it cannot be loaded).
func storeLocation(st domain.Store) *time.Location {
	if loc := location(st.TimeZone); loc != nil {
		return loc
	}
	return time.UTC
}

// location is the time zone name names, nil if it cannot be loaded.
func location(name string) *time.Location {
	if loc, ok := locations.Load(name); ok {
		return loc.(*time.Location)
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		return nil
	}
	locations.Store(name, loc)
	return loc
}

// humanMinutes writes a notice in words: "30 minutos", "1 hora", "1 dia".
func humanMinutes(m int) string {
	plural := func(n int, one, many string) string {
		if n == 1 {
			return "1 " + one
		}
		return fmt.Sprintf("%d %s", n, many)
	}
	switch {
	case m%(24*60) == 0 && m > 0:
		return plural(m/(24*60), "dia", "dias")
	case m%60 == 0 && m > 0:
		return plural(m/60, "hora", "horas")
	case m > 60:
		return fmt.Sprintf("%dh%02d", m/60, m%60)
	}
	return plural(m, "minuto", "minutos")
}

// cell keeps a spreadsheet from reading text typed by a person (a client's
// name) as a formula.
func cell(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

// firstName is the first word of a client's name, for a friendly greeting.
func firstName(name string) string {
	if f := strings.Fields(name); len(f) > 0 {
		return f[0]
	}
	return name
}

// brDate writes YYYY-MM-DD as DD/MM/YYYY.
func brDate(d string) string {
	if t, err := time.Parse(time.DateOnly, d); err == nil {
		return t.Format("02/01/2006")
	}
	return d
}
