package app

import (
	"context"
	"fmt"
	"strings"
	"time"

	"agendo/internal/domain"
	"agendo/internal/store"
)

// BookingCalendar returns the booking as an iCalendar file (RFC 5545).
// Errors: not_found (an invalid link).
func (a *App) BookingCalendar(ctx context.Context, token string) (string, error) {
	var out string
	err := a.db.Read(ctx, func(tx *store.Tx) error {
		c, ap, err := a.managed(ctx, tx, token)
		if err != nil {
			return err
		}
		parts, err := visitOf(ctx, tx, c.store.UserID, ap)
		if err != nil {
			return err
		}
		// One event for the whole visit, from its first service's start to
		// its last one's end.
		b := a.booking(c, parts)
		start := startOf(c, ap).UTC()
		end := start.Add(time.Duration(b.DurationMin) * time.Minute)
		names, detail := make([]string, len(b.Services)), make([]string, len(b.Services))
		for i, s := range b.Services {
			names[i] = s.Service.Name
			detail[i] = fmt.Sprintf("%s %s com %s", s.Time, s.Service.Name, s.Professional.Name)
		}
		link := a.cfg.BaseURL + domain.ManagePath + b.Token
		stamp := func(t time.Time) string { return t.UTC().Format("20060102T150405Z") }
		lines := []string{
			"BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Agendo//Agendamentos//PT-BR", "CALSCALE:GREGORIAN", "METHOD:PUBLISH",
			"BEGIN:VEVENT",
			"UID:" + ap.ID + "@agendo",
			"DTSTAMP:" + stamp(a.Now()),
			"DTSTART:" + stamp(start),
			"DTEND:" + stamp(end),
			"SUMMARY:" + icsText(strings.Join(names, " + ")+" — "+b.Store.Name),
			"DESCRIPTION:" + icsText(fmt.Sprintf("%s.\nVer, remarcar ou cancelar: %s", strings.Join(detail, "\n"), link)),
			"LOCATION:" + icsText(b.Store.Address),
			"URL:" + link,
		}
		if ap.Status == domain.StatusCancelled {
			lines = append(lines, "STATUS:CANCELLED")
		} else {
			lines = append(lines, "STATUS:CONFIRMED", "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:"+icsText(strings.Join(names, " + ")),
				"TRIGGER:-PT1H", "END:VALARM")
		}
		lines = append(lines, "END:VEVENT", "END:VCALENDAR")
		var sb strings.Builder
		for _, l := range lines {
			sb.WriteString(icsFold(l))
			sb.WriteString("\r\n")
		}
		out = sb.String()
		return nil
	})
	return out, err
}

var icsEscaper = strings.NewReplacer(`\`, `\\`, ";", `\;`, ",", `\,`, "\r\n", `\n`, "\n", `\n`)

func icsText(s string) string { return icsEscaper.Replace(s) }

// icsFold splits a content line into lines of at most 75 octets, never
// inside a UTF-8 character.
func icsFold(line string) string {
	var b strings.Builder
	n := 0
	for _, r := range line {
		size := len(string(r))
		if n+size > 75 {
			b.WriteString("\r\n ")
			n = 1
		}
		b.WriteRune(r)
		n += size
	}
	return b.String()
}
