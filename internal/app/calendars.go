package app

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"agendo/internal/domain"
	"agendo/internal/ical"
	"agendo/internal/store"
)

// Calendar feeds (issue 29): Juliana follows her own agenda in Google
// Agenda with one private address. The address carries the feed's id
// sealed, so 'Equipe'… 'Configurações' shows it again; deleting the feed
// revokes it. What a feed shows is checked on every read against the
// member's seat as it is then: a member who left, or a profissional whose
// record changed, or an account an admin locked, reads nothing more. A feed
// names each client and the service, never a phone nor the notes: a
// calendar app copies what it reads to its own servers.

// CalendarFeedView is one of a member's feeds with its addresses.
type CalendarFeedView struct {
	domain.CalendarFeed
	// Name is the agenda's: the professional's, or 'Toda a loja'.
	Name string `json:"name"`
	// URL is the https address (Google Agenda: 'Adicionar pelo URL');
	// Webcal the same for the apps that subscribe on a tap (iPhone).
	URL    string `json:"url"`
	Webcal string `json:"webcal"`
}

// CalendarFeeds is the caller's feeds at their store.
type CalendarFeeds struct {
	Items []CalendarFeedView `json:"items"`
}

// CalendarFeedInput names the agenda a new feed follows (” the whole store).
type CalendarFeedInput struct {
	ProfessionalID string `json:"professionalId" doc:"A agenda do profissional (vazio: a loja toda, para quem vê a loja toda)"`
}

const (
	msgCalendarFeedsFull = "Você já tem %d links de agenda. Revogue um que não usa para criar outro."
	msgCalendarStoreName = "Toda a loja"
	calendarProdID       = "-//Agendo//Agenda//PT-BR"
	// calendarMaxEvents bounds a feed: a year of a busy store's agenda.
	calendarMaxEvents = 5000
)

// ListCalendarFeeds returns the caller's feeds.
func (a *App) ListCalendarFeeds(ctx context.Context, p Principal) (CalendarFeeds, error) {
	var out CalendarFeeds
	err := a.readAs(ctx, p, func(tx *store.Tx) error {
		feeds, err := tx.CalendarFeeds(ctx, p.StoreID, p.UserID)
		if err != nil {
			return err
		}
		out.Items, err = a.feedViews(ctx, tx, p.StoreID, feeds)
		return err
	})
	return out, err
}

// CreateCalendarFeed makes the caller a new feed of an agenda they may see:
// a profissional their own, anyone else any professional's or the whole
// store's. Errors: forbidden (another's agenda), invalid (an unknown
// professional, too many feeds).
func (a *App) CreateCalendarFeed(ctx context.Context, p Principal, in CalendarFeedInput) (CalendarFeedView, error) {
	pro, err := p.narrow(strings.TrimSpace(in.ProfessionalID))
	if err != nil {
		return CalendarFeedView{}, err
	}
	if pro == noProfessional {
		return CalendarFeedView{}, domain.Invalid("Sua conta não está ligada a uma agenda de profissional. Peça ao dono da loja para ligá-la em Equipe.", nil)
	}
	f := domain.CalendarFeed{ID: newID(), ProfessionalID: pro, CreatedAt: a.Now()}
	var out CalendarFeedView
	err = a.db.Write(ctx, func(tx *store.Tx) error {
		if pro != "" {
			if _, err := tx.Professional(ctx, p.StoreID, pro); errors.Is(err, domain.ErrNotFound) {
				return domain.Invalid("Profissional não encontrado", map[string]string{"professionalId": "Profissional não encontrado"})
			} else if err != nil {
				return err
			}
		}
		// Counted, then written: the member's feeds are counted one writer
		// at a time.
		if err := tx.Lock(ctx, lockCalendarFeeds, p.StoreID+"/"+p.UserID); err != nil {
			return err
		}
		feeds, err := tx.CalendarFeeds(ctx, p.StoreID, p.UserID)
		if err != nil {
			return err
		}
		if len(feeds) >= domain.MaxCalendarFeeds {
			return domain.Invalid(fmt.Sprintf(msgCalendarFeedsFull, domain.MaxCalendarFeeds), nil)
		}
		if err := tx.AddCalendarFeed(ctx, p.StoreID, p.UserID, f); err != nil {
			return err
		}
		views, err := a.feedViews(ctx, tx, p.StoreID, []domain.CalendarFeed{f})
		if err == nil {
			out = views[0]
		}
		return err
	})
	return out, err
}

// DeleteCalendarFeed revokes one of the caller's feeds: its address reads
// nothing from now on. Errors: not_found.
func (a *App) DeleteCalendarFeed(ctx context.Context, p Principal, id string) error {
	return a.db.Write(ctx, func(tx *store.Tx) error { return tx.DeleteCalendarFeed(ctx, p.StoreID, p.UserID, id) })
}

// feedViews names feeds' agendas and writes their addresses.
func (a *App) feedViews(ctx context.Context, tx *store.Tx, storeID string, feeds []domain.CalendarFeed) ([]CalendarFeedView, error) {
	pros, err := tx.Professionals(ctx, storeID)
	if err != nil {
		return nil, err
	}
	out := make([]CalendarFeedView, 0, len(feeds))
	for _, f := range feeds {
		v := CalendarFeedView{CalendarFeed: f, Name: msgCalendarStoreName}
		if f.ProfessionalID != "" {
			v.Name = "Profissional excluído"
			for _, pr := range pros {
				if pr.ID == f.ProfessionalID {
					v.Name = pr.Name
				}
			}
		}
		v.URL = a.BaseURL() + domain.CalendarPath + a.tokens.Seal(calendarScope, f.ID)
		v.Webcal = "webcal://" + strings.TrimPrefix(strings.TrimPrefix(v.URL, "https://"), "http://")
		out = append(out, v)
	}
	return out, nil
}

// calendarScope seals calendar feed ids (auth.Tokens).
const calendarScope = "calendar"

// CalendarICS is the iCalendar text of the feed whose address carries
// token: the agenda's appointments from 60 days ago to a year ahead that
// still hold their time, as the member who made it may see them now.
// Errors: not_found (an unknown or revoked address, a member who left or
// may no longer see that agenda, a professional deleted).
func (a *App) CalendarICS(ctx context.Context, token string) ([]byte, error) {
	id, ok := a.tokens.Open(calendarScope, token)
	if !ok {
		return nil, domain.ErrNotFound
	}
	var b bytes.Buffer
	err := a.db.Read(ctx, func(tx *store.Tx) error {
		f, storeID, memberID, err := tx.CalendarFeed(ctx, id)
		if err != nil {
			return err
		}
		// An account an admin locked publishes nothing: the member's, or the store owner's.
		for _, id := range []string{memberID, storeID} {
			if u, _, err := tx.User(ctx, id); err != nil {
				return err
			} else if u.LockedAt != nil {
				return domain.ErrNotFound
			}
		}
		seat, err := seatIn(ctx, tx, memberID, storeID)
		if errors.Is(err, domain.ErrUnauthorized) {
			return domain.ErrNotFound
		} else if err != nil {
			return err
		}
		p := Principal{UserID: memberID, StoreID: storeID, Role: seat.Role}
		if seat.ProfessionalID != nil {
			p.ProfessionalID = *seat.ProfessionalID
		}
		if !domain.Can(p.Role, domain.PermAgenda) || p.own() != "" && p.own() != f.ProfessionalID {
			return domain.ErrNotFound
		}
		st, err := tx.StoreByUser(ctx, storeID)
		if err != nil {
			return err
		}
		names, err := catalogNames(ctx, tx, storeID)
		if err != nil {
			return err
		}
		name := st.Name
		if f.ProfessionalID != "" {
			pn, ok := names[f.ProfessionalID]
			if !ok {
				return domain.ErrNotFound
			}
			name = pn + " — " + st.Name
		}
		loc := storeLocation(st)
		today := a.Now().In(loc)
		// What is to come first: a busy store's past never crowds out tomorrow.
		aps, err := tx.CalendarAppointments(ctx, storeID, f.ProfessionalID, today.Format(time.DateOnly),
			today.AddDate(0, 0, domain.CalendarAheadDays).Format(time.DateOnly), calendarMaxEvents)
		if err != nil {
			return err
		}
		if room := calendarMaxEvents - len(aps); room > 0 {
			past, err := tx.CalendarAppointments(ctx, storeID, f.ProfessionalID,
				today.AddDate(0, 0, -domain.CalendarPastDays).Format(time.DateOnly), today.AddDate(0, 0, -1).Format(time.DateOnly), room)
			if err != nil {
				return err
			}
			aps = append(past, aps...)
		}
		// Apps read it again every hour: a salon's agenda changes during the day.
		cal := ical.Calendar{ProdID: calendarProdID, Name: name, TimeZone: st.TimeZone, Refresh: time.Hour,
			Events: make([]ical.Event, 0, len(aps))}
		for _, ap := range aps {
			cal.Events = append(cal.Events, calendarEvent(ap, st.Address, names[ap.ServiceID], names[ap.ProfessionalID], f.ProfessionalID == "", loc))
		}
		return ical.Write(&b, cal, a.Now())
	})
	return b.Bytes(), err
}

// calendarEvent is one appointment as a calendar app shows it: 'Corte —
// Maria Souza' (with the professional on a store's feed), the service and
// status in the description, the store's address as the place. Never the
// notes: the customer types them on the store page, a phone or a health
// matter among them, and the app copies them to its servers.
func calendarEvent(ap domain.Appointment, address, service, professional string, withProfessional bool, loc *time.Location) ical.Event {
	start := localStart(ap, loc)
	summary := cmp.Or(service, "Agendamento") + " — " + ap.ClientName
	if withProfessional && professional != "" {
		summary += " (" + professional + ")"
	}
	var d strings.Builder
	fmt.Fprintf(&d, "Cliente: %s\nServiço: %s\nProfissional: %s", ap.ClientName, cmp.Or(service, "—"), cmp.Or(professional, "—"))
	if ap.Status == domain.StatusConfirmed {
		d.WriteString("\nPresença confirmada")
	}
	return ical.Event{
		UID:         ap.ID + "@agendo",
		Start:       start,
		End:         start.Add(time.Duration(ap.DurationMin) * time.Minute),
		Summary:     summary,
		Description: d.String(),
		Location:    address,
		Status:      eventStatus(ap.Status),
		Updated:     ap.UpdatedAt,
	}
}

// eventStatus is how a calendar app shows an appointment's status.
func eventStatus(status string) string {
	switch status {
	case domain.StatusConfirmed, domain.StatusCompleted:
		return ical.Confirmed
	case domain.StatusCancelled, domain.StatusNoShow:
		return ical.Cancelled
	}
	return ical.Tentative
}
