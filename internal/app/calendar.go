package app

import (
	"context"
	"fmt"
	"strings"
	"time"

	"agendo/internal/domain"
	"agendo/internal/ical"
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
		ev := ical.Event{
			UID:         ap.ID + "@agendo",
			Start:       start,
			End:         end,
			Summary:     strings.Join(names, " + ") + " — " + b.Store.Name,
			Description: fmt.Sprintf("%s.\nVer, remarcar ou cancelar: %s", strings.Join(detail, "\n"), link),
			Location:    b.Store.Address,
			URL:         link,
			Status:      ical.Confirmed,
			Alarm:       time.Hour,
			AlarmText:   strings.Join(names, " + "),
		}
		if ap.Status == domain.StatusCancelled {
			ev.Status, ev.Alarm = ical.Cancelled, 0
		}
		var sb strings.Builder
		if err := ical.Write(&sb, ical.Calendar{ProdID: "-//Agendo//Agendamentos//PT-BR", Events: []ical.Event{ev}}, a.Now()); err != nil {
			return err
		}
		out = sb.String()
		return nil
	})
	return out, err
}
