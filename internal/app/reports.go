package app

import (
	"cmp"
	"context"
	"errors"
	"slices"
	"time"

	"agendo/internal/domain"
	"agendo/internal/schedule"
	"agendo/internal/store"
)

// Reports: an owner's figures for a period, each beside the period of the
// same length just before it, and the breakdowns behind them. Everything
// is read from the summaries the writes keep (store/reports.go), in the
// store's time zone: an appointment counts on its own date.

// ReturnDays are the windows of the return rates.
var ReturnDays = []int{30, 60, 90}

// ReturnRate is how many of the period's new clients came back within
// Days of their first visit, of those whose Days have passed.
type ReturnRate struct {
	Days     int      `json:"days"`
	Clients  int      `json:"clients" doc:"Clientes novos do período cujo prazo já passou"`
	Returned int      `json:"returned"`
	Rate     *float64 `json:"rate" doc:"returned ÷ clients (0 a 1); null sem clientes"`
}

// ReportFigures are a period's figures. Rates are 0 to 1, null when their
// base is zero; money is in cents.
type ReportFigures struct {
	Revenue          int64        `json:"revenue" doc:"Soma dos valores dos agendamentos concluídos"`
	Appointments     int          `json:"appointments"`
	Scheduled        int          `json:"scheduled"`
	Confirmed        int          `json:"confirmed"`
	Completed        int          `json:"completed"`
	Cancelled        int          `json:"cancelled"`
	NoShow           int          `json:"noShow"`
	AverageTicket    *int64       `json:"averageTicket" doc:"Faturamento ÷ concluídos"`
	NoShowRate       *float64     `json:"noShowRate" doc:"Não compareceu ÷ (concluídos + não compareceu)"`
	CancellationRate *float64     `json:"cancellationRate" doc:"Cancelados ÷ agendamentos"`
	BookedMinutes    int          `json:"bookedMinutes" doc:"Minutos dos agendamentos que ocupam horário"`
	OpenMinutes      int          `json:"openMinutes" doc:"Minutos de atendimento: horário da loja ∩ do profissional, menos bloqueios"`
	Occupancy        *float64     `json:"occupancy" doc:"bookedMinutes ÷ openMinutes"`
	ClientsServed    int          `json:"clientsServed" doc:"Clientes diferentes com agendamento concluído"`
	NewClients       int          `json:"newClients" doc:"Clientes cuja primeira visita caiu no período"`
	ReturningClients int          `json:"returningClients"`
	Returns          []ReturnRate `json:"returns"`
	OwnerBookings    int          `json:"ownerBookings" doc:"Agendamentos feitos pelo salão"`
	PublicBookings   int          `json:"publicBookings" doc:"Agendamentos feitos pelos clientes na página pública"`
	StoreVisits      int          `json:"storeVisits" doc:"Visitas às páginas públicas da loja (de toda a loja)"`
	VisitConversion  *float64     `json:"visitConversion" doc:"publicBookings ÷ storeVisits"`
	Commission       int64        `json:"commission" doc:"Soma das comissões (valor × percentual do profissional)"`
}

// RevenuePoint is one day, week or month of the revenue line.
type RevenuePoint struct {
	Start     string `json:"start" format:"date"`
	Revenue   int64  `json:"revenue"`
	Completed int    `json:"completed"`
}

// ProfessionalReport is one professional's period.
type ProfessionalReport struct {
	ID            string   `json:"id" format:"uuid"`
	Name          string   `json:"name"`
	Appointments  int      `json:"appointments"`
	Completed     int      `json:"completed"`
	Revenue       int64    `json:"revenue"`
	CommissionPct int      `json:"commissionPct"`
	Commission    int64    `json:"commission"`
	BookedMinutes int      `json:"bookedMinutes"`
	OpenMinutes   int      `json:"openMinutes"`
	Occupancy     *float64 `json:"occupancy"`
}

// ServiceReport is one service's completed appointments.
type ServiceReport struct {
	ID        string `json:"id" format:"uuid"`
	Name      string `json:"name"`
	Completed int    `json:"completed"`
	Revenue   int64  `json:"revenue"`
}

// PaymentReport is one payment method's completed appointments.
type PaymentReport struct {
	Method    *string `json:"method" enum:"paymentMethod" doc:"null: não informado"`
	Completed int     `json:"completed"`
	Revenue   int64   `json:"revenue"`
}

// HeatCell is how many appointments (holding their time) start at Hour on
// Weekday (0 = domingo) in the period.
type HeatCell struct {
	Weekday      int `json:"weekday"`
	Hour         int `json:"hour"`
	Appointments int `json:"appointments"`
}

// Report is an owner's report for a period.
type Report struct {
	From           string               `json:"from" format:"date"`
	To             string               `json:"to" format:"date"`
	PreviousFrom   string               `json:"previousFrom" format:"date"`
	PreviousTo     string               `json:"previousTo" format:"date"`
	Today          string               `json:"today" format:"date" doc:"Hoje no fuso da loja"`
	TimeZone       string               `json:"timeZone"`
	ProfessionalID string               `json:"professionalId,omitempty"`
	Current        ReportFigures        `json:"current"`
	Previous       ReportFigures        `json:"previous"`
	Bucket         string               `json:"bucket" enum:"reportBucket"`
	Revenue        []RevenuePoint       `json:"revenue"`
	Professionals  []ProfessionalReport `json:"professionals"`
	Services       []ServiceReport      `json:"services"`
	PaymentMethods []PaymentReport      `json:"paymentMethods"`
	Heatmap        []HeatCell           `json:"heatmap"`
}

// reportScope is what a report reads, once, for both periods.
type reportScope struct {
	st            domain.Store
	from, to      string // the period asked for
	prev, prevTo  string
	bucket        string
	professionals []domain.Professional // all of them, or the one asked for
	services      []domain.Service
	days          []store.ReportDay // prev..to, with detail from..to
	blocked       map[string][]schedule.Busy
	open          map[string]int     // openMinutes by professional and period
	firsts        []store.FirstVisit // prev..to
	visits        map[string]int     // prev..to
	today         string
}

// Report returns the caller's report for f. Errors: invalid (a bad date,
// an end before the start, a period over 3 years, a professional that is
// not the caller's).
func (a *App) Report(ctx context.Context, p Principal, f domain.ReportFilter) (Report, error) {
	var err error
	if f.ProfessionalID, err = p.narrow(f.ProfessionalID); err != nil {
		return Report{}, err
	}
	var sc reportScope
	err = a.db.Read(ctx, func(tx *store.Tx) error {
		var err error
		sc, err = a.reportScope(ctx, tx, p.StoreID, f)
		return err
	})
	if err != nil {
		return Report{}, err
	}
	return sc.report(f.ProfessionalID), nil
}

// reportScope checks f and reads everything a report of it needs.
func (a *App) reportScope(ctx context.Context, tx *store.Tx, userID string, f domain.ReportFilter) (reportScope, error) {
	var sc reportScope
	st, err := tx.StoreByUser(ctx, userID)
	if err != nil && !errors.Is(err, domain.ErrNotFound) {
		return sc, err
	}
	if errors.Is(err, domain.ErrNotFound) {
		st = domain.NewStore("", userID, a.Now())
	}
	sc.st = st
	now := a.Now().In(storeLocation(st))
	sc.today = now.Format(time.DateOnly)
	sc.from, sc.to = f.From, f.To
	if sc.from == "" {
		sc.from = time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC).Format(time.DateOnly)
	}
	if sc.to == "" {
		sc.to = max(sc.today, sc.from)
	}
	if sc.prev, sc.prevTo, sc.bucket, err = domain.ReportPeriod(sc.from, sc.to); err != nil {
		return sc, err
	}
	pros, err := tx.Professionals(ctx, userID)
	if err != nil {
		return sc, err
	}
	if f.ProfessionalID != "" {
		i := slices.IndexFunc(pros, func(p domain.Professional) bool { return p.ID == f.ProfessionalID })
		if i < 0 {
			return sc, domain.Invalid("Profissional não encontrado", map[string]string{"professionalId": "Escolha um dos seus profissionais"})
		}
		pros = pros[i : i+1]
	}
	sc.professionals = pros
	if sc.services, err = tx.Services(ctx, userID); err != nil {
		return sc, err
	}
	if sc.days, err = tx.ReportDays(ctx, userID, sc.prev, sc.prevTo, f.ProfessionalID, false); err != nil {
		return sc, err
	}
	current, err := tx.ReportDays(ctx, userID, sc.from, sc.to, f.ProfessionalID, true)
	if err != nil {
		return sc, err
	}
	sc.days = append(sc.days, current...)
	if sc.blocked, err = tx.BlockedStretches(ctx, userID, sc.prev, sc.to, f.ProfessionalID); err != nil {
		return sc, err
	}
	if sc.firsts, err = tx.FirstVisits(ctx, userID, sc.prev, sc.to, f.ProfessionalID); err != nil {
		return sc, err
	}
	sc.visits = map[string]int{}
	if st.ID != "" {
		sc.visits, err = tx.StoreVisits(ctx, st.ID, sc.prev, sc.to)
	}
	return sc, err
}

// ratio is n ÷ d, or null when d is zero.
func ratio(n, d int) *float64 {
	if d == 0 {
		return nil
	}
	r := float64(n) / float64(d)
	return &r
}

// commission is pct percent of revenue, rounded to the cent.
func commission(revenue int64, pct int) int64 { return (revenue*int64(pct) + 50) / 100 }

// eachDate calls fn for every date from..to.
func eachDate(from, to string, fn func(date string, t time.Time)) {
	f, _ := time.Parse(time.DateOnly, from)
	t, _ := time.Parse(time.DateOnly, to)
	for d := f; !d.After(t); d = d.AddDate(0, 0, 1) {
		fn(d.Format(time.DateOnly), d)
	}
}

// openMinutes is the minutes professional p can be booked from..to,
// counted once a period (the figures and the professional's row both ask).
func (sc *reportScope) openMinutes(p domain.Professional, from, to string) int {
	key := p.ID + from + to
	if n, ok := sc.open[key]; ok {
		return n
	}
	byDate := map[string][]schedule.Busy{}
	for _, b := range sc.blocked[p.ID] {
		byDate[b.Date] = append(byDate[b.Date], b)
	}
	n := 0
	eachDate(from, to, func(date string, t time.Time) {
		n += schedule.OpenMinutes(sc.st.WorkingHours, p.WorkingHours, t, byDate[date])
	})
	if sc.open == nil {
		sc.open = map[string]int{}
	}
	sc.open[key] = n
	return n
}

// figures sums the period from..to.
func (sc *reportScope) figures(from, to string) ReportFigures {
	var f ReportFigures
	served := map[string]bool{}
	pct := map[string]int{}
	for _, p := range sc.professionals {
		pct[p.ID] = p.CommissionPct
		f.OpenMinutes += sc.openMinutes(p, from, to)
	}
	for _, d := range sc.days {
		if d.Date < from || d.Date > to {
			continue
		}
		f.Revenue += d.Revenue
		f.Scheduled += d.Scheduled
		f.Confirmed += d.Confirmed
		f.Completed += d.Completed
		f.Cancelled += d.Cancelled
		f.NoShow += d.NoShow
		f.Appointments += d.Total()
		f.BookedMinutes += d.BookedMin
		f.PublicBookings += d.Public
		f.Commission += commission(d.Revenue, pct[d.ProfessionalID])
		for _, phone := range d.Served {
			served[phone] = true
		}
	}
	f.OwnerBookings = f.Appointments - f.PublicBookings
	if f.Completed > 0 {
		avg := (f.Revenue + int64(f.Completed)/2) / int64(f.Completed)
		f.AverageTicket = &avg
	}
	f.NoShowRate = ratio(f.NoShow, f.Completed+f.NoShow)
	f.CancellationRate = ratio(f.Cancelled, f.Appointments)
	f.Occupancy = ratio(f.BookedMinutes, f.OpenMinutes)
	f.ClientsServed = len(served)
	for _, v := range sc.firsts {
		if v.Date >= from && v.Date <= to {
			f.NewClients++
		}
	}
	f.ReturningClients = max(f.ClientsServed-f.NewClients, 0)
	today, _ := time.Parse(time.DateOnly, sc.today)
	for _, n := range ReturnDays {
		r := ReturnRate{Days: n}
		due := today.AddDate(0, 0, -n).Format(time.DateOnly)
		for _, v := range sc.firsts {
			if v.Date < from || v.Date > to || v.Date > due {
				continue
			}
			r.Clients++
			if v.Second != "" && v.Second <= addDaysTo(v.Date, n) {
				r.Returned++
			}
		}
		r.Rate = ratio(r.Returned, r.Clients)
		f.Returns = append(f.Returns, r)
	}
	for day, n := range sc.visits {
		if day >= from && day <= to {
			f.StoreVisits += n
		}
	}
	f.VisitConversion = ratio(f.PublicBookings, f.StoreVisits)
	return f
}

// addDaysTo is date plus n days.
func addDaysTo(date string, n int) string {
	t, _ := time.Parse(time.DateOnly, date)
	return t.AddDate(0, 0, n).Format(time.DateOnly)
}

// report puts the figures and breakdowns together.
func (sc *reportScope) report(professionalID string) Report {
	r := Report{
		From: sc.from, To: sc.to, PreviousFrom: sc.prev, PreviousTo: sc.prevTo, Today: sc.today,
		TimeZone: sc.st.TimeZone, ProfessionalID: professionalID, Bucket: sc.bucket,
		Current:        sc.figures(sc.from, sc.to),
		Previous:       sc.figures(sc.prev, sc.prevTo),
		Revenue:        []RevenuePoint{},
		Professionals:  []ProfessionalReport{},
		Services:       []ServiceReport{},
		PaymentMethods: []PaymentReport{},
		Heatmap:        []HeatCell{},
	}
	// The revenue line has every bucket of the period, empty ones too.
	at := map[string]int{}
	eachDate(sc.from, sc.to, func(_ string, t time.Time) {
		start := max(domain.BucketStart(sc.bucket, t).Format(time.DateOnly), sc.from)
		if _, ok := at[start]; !ok {
			at[start] = len(r.Revenue)
			r.Revenue = append(r.Revenue, RevenuePoint{Start: start})
		}
	})
	byPro := map[string]*ProfessionalReport{}
	for _, p := range sc.professionals {
		open := sc.openMinutes(p, sc.from, sc.to)
		r.Professionals = append(r.Professionals, ProfessionalReport{ID: p.ID, Name: p.Name, CommissionPct: p.CommissionPct, OpenMinutes: open})
	}
	for i := range r.Professionals {
		byPro[r.Professionals[i].ID] = &r.Professionals[i]
	}
	services := map[string]store.Tally{}
	payments := map[string]store.Tally{}
	var heat [7][24]int
	for _, d := range sc.days {
		if d.Date < sc.from || d.Date > sc.to {
			continue
		}
		t, _ := time.Parse(time.DateOnly, d.Date)
		pt := &r.Revenue[at[max(domain.BucketStart(sc.bucket, t).Format(time.DateOnly), sc.from)]]
		pt.Revenue += d.Revenue
		pt.Completed += d.Completed
		if p := byPro[d.ProfessionalID]; p != nil {
			p.Appointments += d.Total()
			p.Completed += d.Completed
			p.Revenue += d.Revenue
			p.Commission += commission(d.Revenue, p.CommissionPct)
			p.BookedMinutes += d.BookedMin
		}
		for id, v := range d.Services {
			s := services[id]
			services[id] = store.Tally{Count: s.Count + v.Count, Revenue: s.Revenue + v.Revenue}
		}
		for m, v := range d.Payments {
			s := payments[m]
			payments[m] = store.Tally{Count: s.Count + v.Count, Revenue: s.Revenue + v.Revenue}
		}
		for h, n := range d.Hours {
			heat[t.Weekday()][h] += n
		}
	}
	for i := range r.Professionals {
		r.Professionals[i].Occupancy = ratio(r.Professionals[i].BookedMinutes, r.Professionals[i].OpenMinutes)
	}
	names := map[string]string{}
	for _, s := range sc.services {
		names[s.ID] = s.Name
	}
	for id, v := range services {
		name := names[id]
		if name == "" {
			name = "Serviço excluído"
		}
		r.Services = append(r.Services, ServiceReport{ID: id, Name: name, Completed: v.Count, Revenue: v.Revenue})
	}
	slices.SortFunc(r.Services, func(a, b ServiceReport) int {
		return cmp.Or(cmp.Compare(b.Revenue, a.Revenue), cmp.Compare(a.Name, b.Name))
	})
	for m, v := range payments {
		pr := PaymentReport{Completed: v.Count, Revenue: v.Revenue}
		if m != "" {
			pr.Method = &m
		}
		r.PaymentMethods = append(r.PaymentMethods, pr)
	}
	slices.SortFunc(r.PaymentMethods, func(a, b PaymentReport) int {
		return cmp.Or(cmp.Compare(b.Revenue, a.Revenue), cmp.Compare(deref(a.Method), deref(b.Method)))
	})
	for wd := range heat {
		for h, n := range heat[wd] {
			if n > 0 {
				r.Heatmap = append(r.Heatmap, HeatCell{Weekday: wd, Hour: h, Appointments: n})
			}
		}
	}
	return r
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
