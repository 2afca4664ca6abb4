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

// visitTotal is what a visit's services come to: their prices summed (nil
// when none has one; a service cancelled alone left out while others hold)
// and the minutes from the first's start to the last's end.
func visitTotal(parts []domain.Appointment) (price *int64, minutes int) {
	var sum int64
	held := slices.ContainsFunc(parts, func(p domain.Appointment) bool { return domain.HoldsSlot(p.Status) })
	for _, p := range parts {
		if held && !domain.HoldsSlot(p.Status) {
			continue
		}
		if p.Price != nil {
			sum, price = sum+*p.Price, &sum
		}
	}
	first, _ := domain.ParseClock(parts[0].Time)
	last, _ := domain.ParseClock(parts[len(parts)-1].Time)
	return price, last + parts[len(parts)-1].DurationMin - first
}
