package app

import (
	"context"
	"errors"
	"fmt"
	"time"

	"agendo/internal/domain"
	"agendo/internal/schedule"
	"agendo/internal/store"
)

// SeriesInput is an owner's recurring booking (issue 27): the first
// appointment, how it repeats and, once previewed, what to do on each of
// its dates.
type SeriesInput struct {
	domain.AppointmentInput
	Recurrence domain.Recurrence `json:"recurrence"`
	// Occurrences are the owner's answers to the preview, one per date of
	// the rule, in order; left out, every date at the first one's time,
	// and any clash refuses the whole series.
	Occurrences []OccurrenceChoice `json:"occurrences,omitempty"`
}

// OccurrenceChoice is what the owner chose for one date of a series: its
// time (another one than the series' to avoid a clash), to skip it, or to
// book it over what is there.
type OccurrenceChoice struct {
	Date  string `json:"date" format:"date"`
	Time  string `json:"time" format:"hhmm"`
	Skip  bool   `json:"skip,omitempty"`
	Force bool   `json:"force,omitempty"`
}

// SeriesPreview is every date of a series with whether its time is free.
type SeriesPreview struct {
	Occurrences []PreviewOccurrence `json:"occurrences"`
}

// PreviewOccurrence is one date of a previewed series.
type PreviewOccurrence struct {
	Date  string `json:"date" format:"date"`
	Time  string `json:"time" format:"hhmm"`
	Clash string `json:"clash" doc:"Por que o horário não está livre (vazio: livre)"`
}

// Series is a recurring series as booked.
type Series struct {
	ID           string               `json:"id" format:"uuid"`
	Appointments []domain.Appointment `json:"appointments"`
}

// SeriesChange counts the appointments a change of a series' rest touched.
type SeriesChange struct {
	Count int `json:"count"`
}

// msgSeriesChanged answers choices that no longer match the rule's dates.
const msgSeriesChanged = "As datas da série mudaram: confira a prévia de novo"

// seriesPlan checks a series' input and lists what to book: each date of
// the rule with its time and whether it may overlap, skipped dates left out.
func seriesPlan(in SeriesInput, now time.Time) (domain.Appointment, []OccurrenceChoice, error) {
	if len(in.More) > 0 {
		const msg = "Uma série repete um serviço por vez: agende os outros serviços da visita em uma série própria"
		return domain.Appointment{}, nil, domain.Invalid(msg, map[string]string{"more": msg})
	}
	base, err := checkAppointment(in.AppointmentInput, now)
	if err != nil {
		return base, nil, err
	}
	dates, err := in.Recurrence.Dates(base.Date)
	if err != nil {
		return base, nil, err
	}
	if len(in.Occurrences) != 0 && len(in.Occurrences) != len(dates) {
		return base, nil, domain.Invalid(msgSeriesChanged, map[string]string{"occurrences": msgSeriesChanged})
	}
	var plan []OccurrenceChoice
	for i, d := range dates {
		c := OccurrenceChoice{Date: d, Time: base.Time}
		if len(in.Occurrences) != 0 {
			c = in.Occurrences[i]
			if c.Date != d {
				return base, nil, domain.Invalid(msgSeriesChanged, map[string]string{"occurrences": msgSeriesChanged})
			}
			if _, ok := domain.ParseClock(c.Time); !ok {
				return base, nil, domain.Invalid(fmt.Sprintf("Informe um horário válido para %s", brDate(d)),
					map[string]string{"occurrences": "Horário inválido"})
			}
		}
		if problem := domain.AgendaDateProblem(d, now); problem != "" {
			return base, nil, domain.Invalid(problem, map[string]string{"recurrence": problem})
		}
		if !c.Skip {
			plan = append(plan, c)
		}
	}
	if len(plan) == 0 {
		return base, nil, domain.Invalid("Todas as datas foram puladas: mantenha pelo menos uma",
			map[string]string{"occurrences": "Nenhuma data mantida"})
	}
	return base, plan, nil
}

// PreviewSeries lists the dates of a recurring series and says which of
// them the professional is not free at (another appointment or a blocked
// time), so the owner can resolve each before booking. It books nothing.
// Errors: invalid (a bad field or rule; an unknown service or
// professional, or one who does not perform the service).
func (a *App) PreviewSeries(ctx context.Context, p Principal, in SeriesInput) (SeriesPreview, error) {
	in.ClientPhone = a.openPhone(p, in.ClientPhone)
	in.Occurrences = previewChoices(in.Occurrences)
	base, plan, err := seriesPlan(in, a.Now())
	if err != nil {
		return SeriesPreview{}, err
	}
	if err := p.mayWrite(base.ProfessionalID); err != nil {
		return SeriesPreview{}, err
	}
	out := SeriesPreview{Occurrences: []PreviewOccurrence{}}
	err = a.db.Read(ctx, func(tx *store.Tx) error {
		svc, pro, err := performing(ctx, tx, p.StoreID, base.ServiceID, base.ProfessionalID)
		if err != nil {
			return err
		}
		busy, err := tx.Busy(ctx, pro.ID, plan[0].Date, plan[len(plan)-1].Date, "")
		if err != nil {
			return err
		}
		byDate := map[string][]schedule.Busy{}
		for _, b := range busy {
			byDate[b.Date] = append(byDate[b.Date], b)
		}
		for _, c := range plan {
			o := PreviewOccurrence{Date: c.Date, Time: c.Time}
			start, _ := domain.ParseClock(c.Time)
			switch {
			case start+svc.Duration > domain.DayMinutes:
				o.Clash = "O atendimento precisa terminar até a meia-noite"
			case schedule.Clashes(byDate[c.Date], svc.Timing, start, svc.Duration):
				o.Clash = fmt.Sprintf("%s já tem um compromisso neste horário", pro.Name)
			}
			out.Occurrences = append(out.Occurrences, o)
		}
		return nil
	})
	return out, err
}

// previewChoices keeps the times the owner chose for a preview but not
// their skips: a preview lists every date.
func previewChoices(cs []OccurrenceChoice) []OccurrenceChoice {
	out := make([]OccurrenceChoice, len(cs))
	for i, c := range cs {
		out[i] = OccurrenceChoice{Date: c.Date, Time: c.Time}
	}
	return out
}

// CreateSeries books a recurring series, all of it or nothing: every
// date kept goes through the one booking rule (and the plan's limit: each
// appointment of a series counts), in one transaction. Errors: invalid (a
// bad field or rule, choices that no longer match the rule's dates),
// conflict (a date's time is taken and was not forced: the message names
// it), plan_limit.
func (a *App) CreateSeries(ctx context.Context, p Principal, in SeriesInput) (Series, error) {
	in.ClientPhone = a.openPhone(p, in.ClientPhone)
	now := a.Now()
	base, plan, err := seriesPlan(in, now)
	if err != nil {
		return Series{}, err
	}
	if err := p.mayWrite(base.ProfessionalID); err != nil {
		return Series{}, err
	}
	out := Series{ID: newID()}
	err = a.db.Write(ctx, func(tx *store.Tx) error {
		out.Appointments = make([]domain.Appointment, 0, len(plan))
		for _, c := range plan {
			ap := base
			ap.ID, ap.Source, ap.CreatedAt, ap.UpdatedAt, ap.SeriesID = newID(), domain.SourceOwner, now, now, out.ID
			ap.CreatedBy, ap.UpdatedBy = p.Name, p.Name
			ap.Date, ap.Time = c.Date, c.Time
			if err := a.book(ctx, tx, p.StoreID, &ap, true, bookingRules{allowOverlap: c.Force}); err != nil {
				return onDate(err, c.Date)
			}
			if err := a.showPhones(ctx, tx, p, &ap); err != nil {
				return err
			}
			out.Appointments = append(out.Appointments, ap)
		}
		email, _ := checkEmail(in.ClientEmail)
		if err := a.giveEmail(ctx, tx, p.StoreID, base.ClientPhone, email, domain.ChannelSourceOwner); err != nil {
			return err
		}
		return a.followMessages(ctx, tx, p.StoreID, false, out.Appointments...)
	})
	if err != nil {
		return Series{}, err
	}
	a.publishAbout(p.StoreID, base.ProfessionalID, domain.EventAppointmentCreated, out.Appointments[0].ID)
	return out, nil
}

// onDate names the date a series' refusal is about, in its message.
func onDate(err error, date string) error {
	var de *domain.Error
	if !errors.As(err, &de) || de.Code == domain.CodePlanLimit {
		return err
	}
	e := *de
	e.Message = fmt.Sprintf("Em %s: %s", brDate(date), de.Message)
	return &e
}

// UpdateFollowing applies an owner's change of one appointment of a series
// to it and to the series' later ones ('este e os próximos'): the same
// client, service, professional, notes and time, each date moved by as
// many days as this one's; their statuses stay. All or nothing. Errors: as
// UpdateAppointment, conflict naming the first date that clashes.
func (a *App) UpdateFollowing(ctx context.Context, p Principal, id string, in domain.AppointmentInput) (SeriesChange, error) {
	if len(in.More) > 0 {
		return SeriesChange{}, domain.Invalid(msgOneService, map[string]string{"more": msgOneService})
	}
	in.ClientPhone = a.openPhone(p, in.ClientPhone)
	want, err := checkAppointment(in, a.Now())
	if err != nil {
		return SeriesChange{}, err
	}
	var out SeriesChange
	var pro string
	err = a.db.Write(ctx, func(tx *store.Tx) error {
		rest, err := a.seriesRest(ctx, tx, p, id)
		if err != nil {
			return err
		}
		if err := p.mayWrite(want.ProfessionalID); err != nil {
			return err
		}
		first, _ := time.Parse(time.DateOnly, rest[0].Date)
		moved, _ := time.Parse(time.DateOnly, want.Date)
		shift := int(moved.Sub(first).Hours() / 24)
		for _, cur := range rest {
			ap := cur
			ap.ClientName, ap.ClientPhone, ap.Notes = want.ClientName, want.ClientPhone, want.Notes
			ap.ProfessionalID, ap.Time = want.ProfessionalID, want.Time
			d, _ := time.Parse(time.DateOnly, cur.Date)
			ap.Date = d.AddDate(0, 0, shift).Format(time.DateOnly)
			if problem := domain.AgendaDateProblem(ap.Date, a.Now()); problem != "" {
				return domain.Invalid(problem, map[string]string{"date": problem})
			}
			if ap.ServiceID != want.ServiceID {
				ap.ServiceID, ap.DurationMin = want.ServiceID, 0 // the service's duration, price and timing
			}
			ap.UpdatedAt, ap.UpdatedBy = a.Now(), p.Name
			if err := a.book(ctx, tx, p.StoreID, &ap, false, bookingRules{allowOverlap: in.Force}); err != nil {
				return onDate(err, ap.Date)
			}
		}
		email, _ := checkEmail(in.ClientEmail)
		if err := a.giveEmail(ctx, tx, p.StoreID, want.ClientPhone, email, domain.ChannelSourceOwner); err != nil {
			return err
		}
		if err := a.followMessages(ctx, tx, p.StoreID, false, rest...); err != nil {
			return err
		}
		out.Count, pro = len(rest), want.ProfessionalID
		return nil
	})
	if err != nil {
		return SeriesChange{}, err
	}
	a.publishAbout(p.StoreID, pro, domain.EventAppointmentUpdated, id)
	return out, nil
}

// CancelFollowing cancels an appointment of a series and the series'
// later ones still to happen ('este e os próximos'); those already
// completed, cancelled or missed stay as they are. Errors: not_found,
// invalid (the appointment is not part of a series).
func (a *App) CancelFollowing(ctx context.Context, p Principal, id string) (SeriesChange, error) {
	return a.eachOfRest(ctx, p, id, domain.EventAppointmentUpdated, func(tx *store.Tx, ap domain.Appointment) (bool, error) {
		if !domain.IsOpen(ap.Status) {
			return false, nil
		}
		ap.Status, ap.UpdatedAt, ap.UpdatedBy = domain.StatusCancelled, a.Now(), p.Name
		return true, tx.SaveAppointment(ctx, p.StoreID, ap, false)
	})
}

// DeleteFollowing moves an appointment of a series and the series' later
// ones to the trash ('este e os próximos'), together. Errors: not_found,
// invalid (the appointment is not part of a series).
func (a *App) DeleteFollowing(ctx context.Context, p Principal, id string) (SeriesChange, error) {
	return a.eachOfRest(ctx, p, id, domain.EventAppointmentDeleted, func(tx *store.Tx, ap domain.Appointment) (bool, error) {
		return true, tx.MoveToTrash(ctx, p.StoreID, ap.ID, newID(), a.Now())
	})
}

// eachOfRest runs change on appointment id and each later one of its
// series (seriesRest), in one transaction, counts those it changed, and
// announces event.
func (a *App) eachOfRest(ctx context.Context, p Principal, id, event string,
	change func(*store.Tx, domain.Appointment) (bool, error)) (SeriesChange, error) {
	var out SeriesChange
	var pro string
	err := a.db.Write(ctx, func(tx *store.Tx) error {
		out = SeriesChange{}
		rest, err := a.seriesRest(ctx, tx, p, id)
		if err != nil {
			return err
		}
		pro = rest[0].ProfessionalID
		for _, ap := range rest {
			changed, err := change(tx, ap)
			if err != nil {
				return err
			}
			if changed {
				out.Count++
			}
		}
		return a.followMessages(ctx, tx, p.StoreID, false, rest...)
	})
	if err != nil {
		return SeriesChange{}, err
	}
	a.publishAbout(p.StoreID, pro, event, id)
	return out, nil
}

// seriesRest reads appointment id (which p must see) and the later ones
// of its series that p may see, id first. Errors: not_found, invalid (not
// part of a series).
func (a *App) seriesRest(ctx context.Context, tx *store.Tx, p Principal, id string) ([]domain.Appointment, error) {
	cur, err := seenAppointment(ctx, tx, p, id)
	if err != nil {
		return nil, err
	}
	if cur.SeriesID == "" {
		return nil, domain.Invalid("Este agendamento não faz parte de uma série", nil)
	}
	all, err := tx.SeriesFrom(ctx, p.StoreID, cur.SeriesID, cur.Date)
	if err != nil {
		return nil, err
	}
	out := []domain.Appointment{cur}
	for _, ap := range all {
		if ap.ID != cur.ID && (ap.Date > cur.Date || ap.Time >= cur.Time) && p.sees(ap.ProfessionalID) {
			out = append(out, ap)
		}
	}
	return out, nil
}
