package ical_test

import (
	"bytes"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	goical "github.com/arran4/golang-ical"

	"agendo/internal/ical"
)

var saoPaulo = time.FixedZone("BRT", -3*3600)

func sample() ical.Calendar {
	return ical.Calendar{
		ProdID:   "-//Agendo//Agenda//PT-BR",
		Name:     "Agenda de Juliana Aparecida dos Santos Ferreira — Salão Beleza Pura, Unidade Centro",
		TimeZone: "America/Sao_Paulo",
		Events: []ical.Event{{
			UID:   "0b6f1c3e-1111-4c1e-9a55-7d1f2a3b4c5d@agendo",
			Start: time.Date(2026, 12, 5, 10, 0, 0, 0, saoPaulo),
			End:   time.Date(2026, 12, 5, 11, 30, 0, 0, saoPaulo),
			Summary: "Escova progressiva, hidratação; corte — Maria Aparecida de Souza Albuquerque " +
				"Vasconcelos (cliente desde 2019)",
			Description: "Serviços: Escova progressiva\nObservações: alérgica a amônia; traz o filho, 5 anos\\",
			Location:    "Rua das Flores, 10 - Centro, Campinas",
			Status:      ical.Confirmed,
			Updated:     time.Date(2026, 11, 28, 9, 12, 0, 0, time.UTC),
		}},
	}
}

// TestAFeedReadsBackInARealParser writes a feed with every character that
// needs escaping and lines that need folding, and reads it with a parser
// calendar apps' authors use.
func TestAFeedReadsBackInARealParser(t *testing.T) {
	var b bytes.Buffer
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	if err := ical.Write(&b, sample(), now); err != nil {
		t.Fatal(err)
	}
	raw := b.String()
	for i, line := range strings.Split(strings.TrimSuffix(raw, "\r\n"), "\r\n") {
		if len(line) > 75 {
			t.Errorf("line %d has %d octets: %q", i, len(line), line)
		}
		if !utf8.ValidString(line) {
			t.Errorf("line %d splits a character: %q", i, line)
		}
		if strings.Contains(line, "\n") {
			t.Errorf("line %d holds a bare LF", i)
		}
	}
	cal, err := goical.ParseCalendar(strings.NewReader(raw))
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, raw)
	}
	events := cal.Events()
	if len(events) != 1 {
		t.Fatalf("events = %d, want 1", len(events))
	}
	e, want := events[0], sample().Events[0]
	start, err := e.GetStartAt()
	if err != nil || !start.Equal(want.Start) {
		t.Errorf("start = %v (%v), want %v", start, err, want.Start)
	}
	end, err := e.GetEndAt()
	if err != nil || !end.Equal(want.End) {
		t.Errorf("end = %v (%v), want %v", end, err, want.End)
	}
	for prop, want := range map[goical.ComponentProperty]string{
		goical.ComponentPropertySummary:     want.Summary,
		goical.ComponentPropertyDescription: want.Description,
		goical.ComponentPropertyLocation:    want.Location,
		goical.ComponentPropertyUniqueId:    want.UID,
		goical.ComponentPropertyStatus:      "CONFIRMED",
	} {
		p := e.GetProperty(prop)
		if p == nil {
			t.Errorf("%s missing", prop)
			continue
		}
		if got := unescape(p.Value); got != want {
			t.Errorf("%s = %q, want %q", prop, got, want)
		}
	}
	if !strings.HasPrefix(raw, "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n") || !strings.HasSuffix(raw, "END:VCALENDAR\r\n") {
		t.Errorf("not a calendar:\n%s", raw)
	}
	if !strings.Contains(raw, "X-WR-TIMEZONE:America/Sao_Paulo\r\n") {
		t.Error("the time zone is not named")
	}
}

// unescape reads a TEXT value (RFC 5545 3.3.11), which the parser leaves
// as written.
func unescape(s string) string {
	return strings.NewReplacer(`\n`, "\n", `\N`, "\n", `\,`, ",", `\;`, ";", `\\`, `\`).Replace(s)
}

func TestEscape(t *testing.T) {
	for in, want := range map[string]string{
		"a,b;c\\d":      `a\,b\;c\\d`,
		"linha\r\nnova": `linha\nnova`,
		"sino\a":        "sino",
		"ok \xff":       "ok \uFFFD",
	} {
		if got := ical.Escape(in); got != want {
			t.Errorf("Escape(%q) = %q, want %q", in, got, want)
		}
	}
}

// FuzzWrite: whatever a client's name or a note holds, the feed parses and
// gives it back (control characters and bad UTF-8 aside).
func FuzzWrite(f *testing.F) {
	f.Add("Maria, a de sempre; \\ alérgica\nà amônia", "Rua A, 1")
	f.Add(strings.Repeat("ção", 60), "")
	f.Fuzz(func(t *testing.T, summary, location string) {
		c := sample()
		c.Events[0].Summary, c.Events[0].Location = summary, location
		var b bytes.Buffer
		if err := ical.Write(&b, c, time.Unix(0, 0)); err != nil {
			t.Fatal(err)
		}
		cal, err := goical.ParseCalendar(&b)
		if err != nil {
			t.Fatalf("parse: %v", err)
		}
		e := cal.Events()
		if len(e) != 1 {
			t.Fatalf("events = %d", len(e))
		}
		want := clean(summary)
		got := ""
		if p := e[0].GetProperty(goical.ComponentPropertySummary); p != nil {
			got = unescape(p.Value)
		}
		if got != want {
			t.Fatalf("summary = %q, want %q", got, want)
		}
	})
}

// clean is what survives a TEXT value: valid UTF-8, line breaks, no other
// control characters.
func clean(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		b.WriteRune(r) // a bad byte reads as U+FFFD, one for each
		i += size
	}
	s = b.String()
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	return strings.Map(func(r rune) rune {
		if (r < 0x20 && r != '\n') || r == 0x7f {
			return -1
		}
		return r
	}, s)
}
