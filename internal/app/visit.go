package app

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"agendo/internal/domain"
	"agendo/internal/schedule"
	"agendo/internal/store"
)

// A visit (issue 27) is one client's services in a row: each an
// appointment of its own (its professional, price, status and commission,
// as reports count them), starting when the one before it ends, all
// sharing a visit id. It is booked whole, in one transaction, through the
// one booking rule; the customer's manage link moves and cancels it whole,
// and the trash takes and gives it back whole.

// checkMore checks a visit's later services: at most three, each named
// ("any" professional is for the store page: the owner's booking finds
// no such professional).
func checkMore(more []domain.VisitService, pr domain.Problems) {
	if len(more) > domain.MaxVisitServices-1 {
		pr.Add("more", fmt.Sprintf("Uma visita pode ter até %d serviços", domain.MaxVisitServices))
		return
	}
	for i, m := range more {
		if m.ServiceID == "" {
			pr.Add(moreField(i, "serviceId"), "Escolha o serviço")
		}
		if m.ProfessionalID == "" {
			pr.Add(moreField(i, "professionalId"), "Escolha o profissional")
		}
	}
}

// moreField names a field of the visit's later service i.
func moreField(i int, name string) string { return fmt.Sprintf("more.%d.%s", i, name) }

// underMore moves an error's fields to later service i's: the one booking
// rule names a service's fields as the first service's.
func underMore(err error, i int) error {
	e, ok := err.(*domain.Error)
	if !ok || i == 0 || len(e.Fields) == 0 {
		return err
	}
	out := *e
	out.Fields = map[string]string{}
	for k, v := range e.Fields {
		if k == "serviceId" || k == "professionalId" || k == "time" {
			k = moreField(i-1, k)
		}
		out.Fields[k] = v
	}
	return &out
}

// lineUp makes a visit of first and the later services svcs[1:] (svcs[0]
// is first's), done by pros: each starts when the one before it ends,
// with its service's duration, price and timing, the timings joined
// (domain.JoinTimings), all under visitID. Errors: invalid (the visit
// would end past midnight).
func lineUp(first domain.Appointment, svcs []domain.Service, pros []string, visitID string) ([]domain.Appointment, error) {
	start, _ := domain.ParseClock(first.Time)
	ts := make([]domain.Timing, len(svcs))
	for i, s := range svcs {
		ts[i] = s.Timing
	}
	domain.JoinTimings(pros, ts)
	parts := make([]domain.Appointment, len(svcs))
	at := start
	for i, s := range svcs {
		ap := first
		if i > 0 {
			ap.ID = newID()
		}
		ap.ServiceID, ap.ProfessionalID, ap.Time = s.ID, pros[i], domain.FormatClock(at)
		ap.DurationMin, ap.Price, ap.Timing, ap.VisitID = s.Duration, s.Price, ts[i], visitID
		parts[i] = ap
		at += s.Duration
	}
	if at > domain.DayMinutes {
		return nil, domain.Invalid("A visita precisa terminar até a meia-noite",
			map[string]string{"time": "Horário muito tarde para estes serviços"})
	}
	return parts, nil
}

// visitOf returns the services of ap's visit, in order: ap alone when it
// is not part of one.
func visitOf(ctx context.Context, tx *store.Tx, userID string, ap domain.Appointment) ([]domain.Appointment, error) {
	if ap.VisitID == "" {
		return []domain.Appointment{ap}, nil
	}
	return tx.Visit(ctx, userID, ap.VisitID)
}

// bookParts books a visit's services through the one booking rule, in an
// order that never has one overlap another's old time on the way (a move
// later saves the last first), each error naming its service's fields.
func (a *App) bookParts(ctx context.Context, tx *store.Tx, userID string, parts []domain.Appointment, later, insert bool, r bookingRules) error {
	for k := range parts {
		i := k
		if later {
			i = len(parts) - 1 - k
		}
		if err := a.book(ctx, tx, userID, &parts[i], insert, r); err != nil {
			return underMore(err, i)
		}
	}
	return nil
}

// createVisit books an owner's visit of several services (CreateAppointment
// with More). Errors: as CreateAppointment's, on the service they name.
func (a *App) createVisit(ctx context.Context, tx *store.Tx, p Principal, first domain.Appointment, in domain.AppointmentInput) ([]domain.Appointment, error) {
	refs := append([]domain.VisitService{{ServiceID: first.ServiceID, ProfessionalID: first.ProfessionalID}}, in.More...)
	svcs := make([]domain.Service, len(refs))
	pros := make([]string, len(refs))
	for i, ref := range refs {
		svc, pro, err := performing(ctx, tx, p.StoreID, ref.ServiceID, ref.ProfessionalID)
		if err != nil {
			return nil, underMore(err, i)
		}
		if err := p.mayWrite(pro.ID); err != nil {
			return nil, err
		}
		svcs[i], pros[i] = svc, pro.ID
	}
	parts, err := lineUp(first, svcs, pros, newID())
	if err != nil {
		return nil, err
	}
	return parts, a.bookParts(ctx, tx, p.StoreID, parts, false, true, bookingRules{allowOverlap: in.Force})
}

// chainOf is the visit's later services as the availability engine asks
// for them: each with the professionals who may take it, their hours and
// what occupies them.
func chainOf(svcs []domain.Service, options [][]domain.Professional, busy map[string][]schedule.Busy) []schedule.Part {
	out := make([]schedule.Part, len(svcs))
	for i, s := range svcs {
		out[i] = schedule.Part{Duration: s.Duration, Timing: s.Timing}
		for _, p := range options[i] {
			out[i].Options = append(out[i].Options, schedule.Option{ID: p.ID, Hours: p.WorkingHours, Busy: busy[p.ID]})
		}
	}
	return out
}

// laterServices resolves a visit's later services on the store page: each
// service with who may take it. Errors: invalid (an unknown service or
// professional, or one who does not perform it), named on its service.
func (c catalog) laterServices(more []domain.VisitService) ([]domain.Service, [][]domain.Professional, error) {
	svcs := make([]domain.Service, len(more))
	options := make([][]domain.Professional, len(more))
	for i, m := range more {
		svc, ok := c.service(m.ServiceID)
		if !ok {
			return nil, nil, domain.Invalid("Serviço não encontrado", map[string]string{moreField(i, "serviceId"): "Serviço não encontrado"})
		}
		pros, err := c.candidates(svc, m.ProfessionalID)
		if err != nil {
			return nil, nil, underMore(err, i+1)
		}
		svcs[i], options[i] = svc, pros
	}
	return svcs, options, nil
}

// idsOf lists the ids of professionals, each once, first and options
// together.
func idsOf(first []domain.Professional, options [][]domain.Professional) []string {
	var ids []string
	for _, list := range append([][]domain.Professional{first}, options...) {
		for _, p := range list {
			if !slices.Contains(ids, p.ID) {
				ids = append(ids, p.ID)
			}
		}
	}
	return ids
}

// byLoad orders professionals by their appointments that day, fewest
// first (ties: as they were).
func byLoad(pros []domain.Professional, load map[string]int) []domain.Professional {
	out := slices.Clone(pros)
	slices.SortStableFunc(out, func(a, b domain.Professional) int { return cmp.Compare(load[a.ID], load[b.ID]) })
	return out
}

// VisitTotal is what a visit's services come to: their prices summed (nil
// when none has one) and the minutes from the first's start to the last's
// end.
func VisitTotal(parts []domain.Appointment) (price *int64, minutes int) {
	var sum int64
	for _, p := range parts {
		if p.Price != nil {
			sum, price = sum+*p.Price, &sum
		}
	}
	first, _ := domain.ParseClock(parts[0].Time)
	last, _ := domain.ParseClock(parts[len(parts)-1].Time)
	return price, last + parts[len(parts)-1].DurationMin - first
}

// msgVisitPastHours answers a visit whose later services end after hours.
const msgVisitPastHours = "Estes serviços juntos passam do horário de atendimento. Escolha um horário mais cedo."

// bookVisitOnline books a customer's visit from the store page: the first
// service with the professional asked for or, for "any", the free one with
// the fewest appointments that day; each later service likewise, so that
// the whole chain fits. Errors: as PublicBook's, on the service they name.
func (a *App) bookVisitOnline(ctx context.Context, tx *store.Tx, c catalog, svc domain.Service, asked string, more []domain.VisitService, ap domain.Appointment) ([]domain.Appointment, error) {
	later, options, err := c.laterServices(more)
	if err != nil {
		return nil, err
	}
	first, err := c.candidates(svc, asked)
	if err != nil {
		return nil, err
	}
	ids := idsOf(first, options)
	if asked == AnyProfessional || slices.ContainsFunc(more, func(m domain.VisitService) bool { return m.ProfessionalID == AnyProfessional }) {
		// As pickProfessional: two visits choosing among the same
		// professionals take turns, in one order.
		for _, id := range slices.Sorted(slices.Values(ids)) {
			if err := tx.LockProfessional(ctx, c.store.UserID, id); err != nil {
				return nil, err
			}
		}
	}
	busy, err := tx.BusyOf(ctx, ids, ap.Date, ap.Date, "")
	if err != nil {
		return nil, err
	}
	load, err := tx.DayLoad(ctx, ids, ap.Date)
	if err != nil {
		return nil, err
	}
	first = byLoad(first, load)
	for i := range options {
		options[i] = byLoad(options[i], load)
	}
	svcs := append([]domain.Service{svc}, later...)
	pros, err := a.chooseChain(c, svc, first, chainOf(later, options, busy), chainOf(later, options, nil), busy, ap)
	if err != nil {
		return nil, err
	}
	parts, err := lineUp(ap, svcs, pros, newID())
	if err != nil {
		return nil, err
	}
	st := c.store
	return parts, a.bookParts(ctx, tx, st.UserID, parts, false, true, bookingRules{customer: &st, visitChecked: true})
}

// chooseChain names who takes each service of a visit starting at ap's
// time: the first of first free then for whom the chain then fits. Errors:
// invalid (a time not on offer, or a visit past the hours), conflict
// (taken).
func (a *App) chooseChain(c catalog, svc domain.Service, first []domain.Professional, then, empty []schedule.Part, busy map[string][]schedule.Busy, ap domain.Appointment) ([]string, error) {
	start, _ := domain.ParseClock(ap.Time)
	probe := ap
	probe.DurationMin, probe.Timing = svc.Duration, svc.Timing
	onOffer, fits := false, false
	for _, p := range first {
		req := a.request(c, p, svc.Duration, svc.Timing, ap.Date, ap.Date, busy[p.ID], then)
		if free := schedule.Free(req); len(free) == 1 && slices.Contains(free[0].Times, ap.Time) {
			return append([]string{p.ID}, schedule.Assign(req, ap.Date, start)...), nil
		}
		if a.checkOnlineTime(c, p, &probe) == nil {
			onOffer = true
			if free := a.freeTimes(c, p, svc.Duration, svc.Timing, ap.Date, ap.Date, nil, empty...); len(free) == 1 && slices.Contains(free[0].Times, ap.Time) {
				fits = true
			}
		}
	}
	switch {
	case !onOffer:
		return nil, a.checkOnlineTime(c, first[0], &probe)
	case !fits:
		return nil, domain.Invalid(msgVisitPastHours, map[string]string{"time": "Horário indisponível para estes serviços"})
	}
	return nil, &domain.Error{Code: domain.CodeConflict, Message: msgSlotTaken, Fields: map[string]string{"time": "Horário ocupado"}}
}

// fixedChain is a booked visit's later services as the availability
// engine asks for them: each with its own professional.
func fixedChain(c catalog, parts []domain.Appointment, busy map[string][]schedule.Busy) []schedule.Part {
	out := make([]schedule.Part, len(parts)-1)
	for i, p := range parts[1:] {
		pro, _ := c.professional(p.ProfessionalID)
		out[i] = schedule.Part{Duration: p.DurationMin, Timing: p.Timing,
			Options: []schedule.Option{{ID: pro.ID, Hours: pro.WorkingHours, Busy: busy[pro.ID]}}}
	}
	return out
}

// visitTimes is where a booked visit could move on from..to: its services
// with their professionals, its own times counted free.
func (a *App) visitTimes(ctx context.Context, tx *store.Tx, c catalog, parts []domain.Appointment, from, to string) ([]schedule.Day, error) {
	var ids []string
	for _, p := range parts {
		if _, ok := c.professional(p.ProfessionalID); !ok {
			return nil, domain.Errorf(domain.CodeNotFound, msgLinkInvalid)
		}
		ids = append(ids, p.ProfessionalID)
	}
	busy, err := tx.BusyOf(ctx, ids, from, to, parts[0].VisitID)
	if err != nil {
		return nil, err
	}
	pro, _ := c.professional(parts[0].ProfessionalID)
	return a.freeTimes(c, pro, parts[0].DurationMin, parts[0].Timing, from, to, busy[pro.ID], fixedChain(c, parts, busy)...), nil
}

// moveVisit moves a whole visit to in's date and time from the manage
// link: every service by the same step, with the same professionals,
// when the whole chain fits there. Errors: as MoveBooking's.
func (a *App) moveVisit(ctx context.Context, tx *store.Tx, c catalog, parts []domain.Appointment, in MoveInput) error {
	free, err := a.visitTimes(ctx, tx, c, parts, in.Date, in.Date)
	if err != nil {
		return err
	}
	if len(free) != 1 || !slices.Contains(free[0].Times, in.Time) {
		pro, _ := c.professional(parts[0].ProfessionalID)
		probe := parts[0]
		probe.Date, probe.Time = in.Date, in.Time
		if err := a.checkOnlineTime(c, pro, &probe); err != nil {
			return err
		}
		empty := a.freeTimes(c, pro, probe.DurationMin, probe.Timing, in.Date, in.Date, nil, fixedChain(c, parts, nil)...)
		if len(empty) != 1 || !slices.Contains(empty[0].Times, in.Time) {
			return domain.Invalid(msgVisitPastHours, map[string]string{"time": "Horário indisponível para estes serviços"})
		}
		return &domain.Error{Code: domain.CodeConflict, Message: msgSlotTaken, Fields: map[string]string{"time": "Horário ocupado"}}
	}
	old, _ := domain.ParseClock(parts[0].Time)
	start, _ := domain.ParseClock(in.Time)
	later := in.Date+in.Time > parts[0].Date+parts[0].Time
	for i := range parts {
		at, _ := domain.ParseClock(parts[i].Time)
		p := &parts[i]
		p.Date, p.Time, p.UpdatedAt, p.ReminderSentAt, p.UpdatedBy = in.Date, domain.FormatClock(start+at-old), a.Now(), nil, ""
	}
	st := c.store
	return a.bookParts(ctx, tx, st.UserID, parts, later, false, bookingRules{customer: &st, visitChecked: true})
}
