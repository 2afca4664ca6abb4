package app

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"

	"agendo/internal/domain"
	"agendo/internal/store"
)

// Client is a client of the store: the figures of their appointments
// (SPEC.md "Client"), kept by the writes, and whether the salon keeps a
// record of them (issue 29).
type Client struct {
	Phone            string   `json:"phone"`
	Name             string   `json:"name"`
	Registered       bool     `json:"registered" doc:"O salão guarda uma ficha do cliente (cadastrado, importado ou editado); sem ficha, o cliente existe pelos agendamentos"`
	Birthday         string   `json:"birthday" doc:"AAAA-MM-DD, ou --MM-DD sem o ano; vazio quando não há"`
	Tags             []string `json:"tags"`
	AppointmentCount int      `json:"appointmentCount"`
	CompletedCount   int      `json:"completedAppointments"`
	TotalSpent       int64    `json:"totalSpent"`
	CompletionRate   int      `json:"completionRate"`
	LastVisit        string   `json:"lastVisit"`
	LoyaltyLevel     string   `json:"loyaltyLevel" doc:"O nível de fidelidade; vazio abaixo do primeiro"`
	// Level is the owner's level the client reached (nil below the first),
	// NextMilestone what they miss for the next (nil at the top).
	Level         *domain.Level     `json:"level"`
	NextMilestone *domain.Milestone `json:"nextMilestone"`
}

// ClientPage is one page of clients with the total that match.
type ClientPage struct {
	Items []Client `json:"items"`
	Total int      `json:"total"`
}

// clientOf computes a client's figures, and their level among levels (from
// completed visits and what they spent).
func clientOf(r store.ClientRow, levels []domain.Level) Client {
	c := Client{Phone: r.Phone, Name: r.Name, Registered: r.Registered, Birthday: r.Birthday, Tags: r.Tags,
		AppointmentCount: r.Appointments, CompletedCount: r.Completed, TotalSpent: r.SpentCents, LastVisit: r.LastVisit}
	if c.Tags == nil {
		c.Tags = []string{}
	}
	// Only what has been decided counts: an appointment still to come has
	// neither been kept nor missed (issue 23: 86 % for a client who never
	// missed one, with a booking next week).
	if r.Decided > 0 {
		c.CompletionRate = (r.Completed*100 + r.Decided/2) / r.Decided
	}
	if i := domain.LevelOf(levels, r.Completed, r.SpentCents); i >= 0 {
		l := levels[i]
		c.Level, c.LoyaltyLevel = &l, l.Name
	}
	c.NextMilestone = domain.NextMilestone(levels, r.Completed, r.SpentCents)
	return c
}

// Clients lists the caller's clients, computed in SQL and paginated. Errors:
// none besides internal.
func (a *App) Clients(ctx context.Context, p Principal, f domain.ClientFilter) (ClientPage, error) {
	if f.Limit <= 0 || f.Limit > 200 {
		f.Limit = 50
	}
	f.Offset = max(f.Offset, 0)
	d, byPhone := domain.PhoneDigits(f.Query)
	if byPhone = byPhone && len(d) >= 4; byPhone {
		f.Query = d
	}
	out := ClientPage{Items: []Client{}}
	err := a.db.Read(ctx, func(tx *store.Tx) error {
		v, err := a.phonesFor(ctx, tx, p)
		if err != nil || (byPhone && v.hidden()) { // a hidden phone is not found by its digits
			return err
		}
		g, err := gamification(ctx, tx, p.StoreID)
		if err != nil {
			return err
		}
		rows, total, err := tx.Clients(ctx, p.StoreID, p.own(), f)
		out.Total = total
		out.Items = make([]Client, len(rows))
		for i, r := range rows {
			out.Items[i] = clientOf(r, g.Levels)
			out.Items[i].Phone = v.phone(r.Phone)
		}
		return err
	})
	return out, err
}

// ClientDetail is a client with their record and history.
type ClientDetail struct {
	Client
	Record       domain.ClientRecord  `json:"record"`
	Appointments []domain.Appointment `json:"appointments"`
}

// ClientHistory returns one client (by phone, as typed or normalised) with
// their record and appointments, newest first. Errors: not_found (a bad
// phone, no client with it; for a profissional, one they never served).
func (a *App) ClientHistory(ctx context.Context, p Principal, phone string) (ClientDetail, error) {
	e164, ok := a.clientKey(p, phone)
	if !ok {
		return ClientDetail{}, domain.ErrNotFound
	}
	var out ClientDetail
	err := a.db.Read(ctx, func(tx *store.Tx) error {
		row, rec, err := tx.Client(ctx, p.StoreID, e164)
		if err != nil {
			return err
		}
		aps, err := tx.ClientAppointments(ctx, p.StoreID, e164, 500)
		if err != nil {
			return err
		}
		aps = slices.DeleteFunc(aps, func(ap domain.Appointment) bool { return !p.sees(ap.ProfessionalID) })
		if aps == nil {
			aps = []domain.Appointment{}
		}
		if len(aps) == 0 && p.own() != "" {
			return domain.ErrNotFound
		}
		g, err := gamification(ctx, tx, p.StoreID)
		if err != nil {
			return err
		}
		// The figures of what the caller sees: a profissional's, of their
		// appointments with the client.
		r := store.ClientRow{Phone: e164, Name: row.Name, Registered: row.Registered, Birthday: row.Birthday, Tags: row.Tags}
		for _, ap := range aps {
			r.Appointments++
			if domain.Decided(ap.Status) {
				r.Decided++
			}
			if domain.Served(ap.Status) {
				r.Completed++
				r.SpentCents += ap.Revenue()
				r.LastVisit = max(r.LastVisit, ap.Date)
			}
		}
		v, err := a.phonesFor(ctx, tx, p)
		v.appointments(aps)
		if v.hidden() { // the team's masking covers every way to reach the client
			rec.Phone2, rec.Email = v.phone(rec.Phone2), ""
		}
		out.Client, out.Record, out.Appointments = clientOf(r, g.Levels), rec, aps
		out.Phone = v.phone(e164)
		return err
	})
	return out, err
}

// ClientInput is a client the salon adds by hand.
type ClientInput struct {
	Name     string   `json:"name" max:"name"`
	Phone    string   `json:"phone"`
	Phone2   string   `json:"phone2,omitempty"`
	Email    string   `json:"email,omitempty" max:"email"`
	Birthday string   `json:"birthday,omitempty" doc:"15/03/1985, 15/03, 1985-03-15 ou --03-15"`
	Notes    string   `json:"notes,omitempty" max:"clientNotes"`
	Tags     []string `json:"tags,omitempty" max:"tags"`
}

// msgClientExists refuses a second client with one phone.
const msgClientExists = "Já existe um cliente com este telefone"

// storeDDD is the DDD of storeID's phone: what a phone typed without one
// takes ("" when the store has none).
func storeDDD(ctx context.Context, tx *store.Tx, storeID string) (string, error) {
	st, err := tx.StoreByUser(ctx, storeID)
	if errors.Is(err, domain.ErrNotFound) {
		return "", nil
	}
	return domain.PhoneDDD(st.Phone), err
}

// checkClient cleans a client's name, phone (read as a contact's, with the
// store's DDD) and record, and returns the problems.
func checkClient(name, phone, ddd string, rec *domain.ClientRecord) (string, string, error) {
	pr := domain.Problems{}
	name, ok := domain.CleanName(name)
	if !ok {
		pr.Add("name", "Informe o nome do cliente (até 120 caracteres)")
	}
	e164, problem := domain.ReadContactPhone(phone, ddd)
	if problem != "" {
		pr.Add("phone", problem)
	}
	domain.CheckClientRecord(rec, ddd, pr)
	if rec.Phone2 == e164 {
		rec.Phone2 = ""
	}
	return name, e164, pr.Err()
}

// CreateClient adds a client by hand, with their record. Errors: invalid
// (a missing or bad name or phone, a bad record, a phone already a
// client's), forbidden (a profissional: the clients they see are the ones
// they served).
func (a *App) CreateClient(ctx context.Context, p Principal, in ClientInput) (ClientDetail, error) {
	if p.own() != "" {
		return ClientDetail{}, domain.ErrForbidden
	}
	rec := domain.ClientRecord{Phone2: in.Phone2, Email: in.Email, Birthday: in.Birthday, Notes: in.Notes, Tags: in.Tags}
	var e164 string
	err := a.db.Write(ctx, func(tx *store.Tx) error {
		ddd, err := storeDDD(ctx, tx, p.StoreID)
		if err != nil {
			return err
		}
		var name string
		if name, e164, err = checkClient(in.Name, in.Phone, ddd, &rec); err != nil {
			return err
		}
		created, err := tx.SaveClientRecord(ctx, p.StoreID, e164, name, rec)
		if err == nil && !created {
			return domain.Invalid(msgClientExists, map[string]string{"phone": msgClientExists})
		}
		return err
	})
	if err != nil {
		return ClientDetail{}, err
	}
	a.publish(p.StoreID, domain.EventClientUpdated, e164)
	return a.ClientHistory(ctx, p, e164)
}

// ClientUpdate corrects a client: their name and phone on every
// appointment, and their record. A record field left out (null) stays as
// it is.
type ClientUpdate struct {
	Name     string    `json:"name" max:"name"`
	Phone    string    `json:"phone"`
	Phone2   *string   `json:"phone2,omitempty"`
	Email    *string   `json:"email,omitempty" max:"email"`
	Birthday *string   `json:"birthday,omitempty" doc:"15/03/1985, 15/03, 1985-03-15 ou --03-15; vazio apaga"`
	Notes    *string   `json:"notes,omitempty" max:"clientNotes"`
	Tags     *[]string `json:"tags,omitempty" max:"tags"`
}

// UpdateClient rewrites name and phone on every appointment carrying the
// old phone, only when old phone, name and new phone are all non-empty
// after trimming (SPEC.md section 4), and saves the client's record (which
// follows a new phone). Errors: invalid (a missing name or phone, a bad
// name, new phone or record; a new phone that is another client's with a
// record too), not_found (a bad old phone, no client with it).
func (a *App) UpdateClient(ctx context.Context, p Principal, oldPhone string, in ClientUpdate) (Client, error) {
	old, name, phone := strings.TrimSpace(a.openPhone(p, oldPhone)), strings.TrimSpace(in.Name), strings.TrimSpace(a.openPhone(p, in.Phone))
	if old == "" || name == "" || phone == "" {
		return Client{}, domain.Invalid("Informe o nome e o telefone do cliente", nil)
	}
	oldE164, ok := domain.NormalizePhone(old)
	if !ok {
		return Client{}, domain.ErrNotFound
	}
	var newE164 string
	err := a.db.Write(ctx, func(tx *store.Tx) error {
		if err := servedBy(ctx, tx, p, oldE164); err != nil {
			return err
		}
		if _, err := tx.ClientSummary(ctx, p.StoreID, oldE164); err != nil {
			return err // not found before anything is locked (or made)
		}
		ddd, err := storeDDD(ctx, tx, p.StoreID)
		if err != nil {
			return err
		}
		// The clients are not locked here: the rename below locks the
		// appointments, then the report days, then the clients, the
		// order every writer keeps (locking the clients first deadlocked
		// with bookings on PostgreSQL).
		target, problem := domain.ReadContactPhone(phone, ddd)
		row, rec, err := tx.Client(ctx, p.StoreID, oldE164)
		if err != nil {
			return err
		}
		if problem == "" && target != oldE164 {
			other, otherRec, err := tx.Client(ctx, p.StoreID, target)
			if err != nil && !errors.Is(err, domain.ErrNotFound) {
				return err
			}
			switch {
			case other.Registered && row.Registered:
				return domain.Invalid("Este telefone já é de outro cliente com ficha: não é possível juntar duas fichas",
					map[string]string{"phone": msgClientExists})
			case other.Registered:
				rec = otherRec // the record the new phone has is the one kept
			}
		}
		v, err := a.phonesFor(ctx, tx, p)
		if err != nil {
			return err
		}
		if v.hidden() { // what the caller does not see, they do not change
			in.Phone2, in.Email = nil, nil
		}
		if in.Phone2 != nil {
			rec.Phone2 = a.openPhone(p, *in.Phone2)
		}
		if in.Email != nil {
			rec.Email = *in.Email
		}
		if in.Birthday != nil {
			rec.Birthday = *in.Birthday
		}
		if in.Notes != nil {
			rec.Notes = *in.Notes
		}
		if in.Tags != nil {
			rec.Tags = *in.Tags
		}
		if name, newE164, err = checkClient(name, phone, ddd, &rec); err != nil {
			return err
		}
		if _, err := tx.RenameClient(ctx, p.StoreID, oldE164, name, newE164); err != nil {
			return err
		}
		if newE164 != oldE164 {
			if err := tx.ClearClientRecords(ctx, p.StoreID, []string{oldE164}); err != nil {
				return err
			}
		}
		_, err = tx.SaveClientRecord(ctx, p.StoreID, newE164, name, rec)
		return err
	})
	if err != nil {
		return Client{}, err
	}
	a.publish(p.StoreID, domain.EventClientUpdated, newE164)
	d, err := a.ClientHistory(ctx, p, newE164)
	return d.Client, err
}

// DeleteClient deletes a client without appointments (added by hand or
// imported, by mistake or no longer a client). Errors: not_found, invalid
// (a client with appointments: their data goes by anonymising, which keeps
// the reports true).
func (a *App) DeleteClient(ctx context.Context, p Principal, phone string) error {
	e164, ok := a.clientKey(p, phone)
	if !ok {
		return domain.ErrNotFound
	}
	err := a.db.Write(ctx, func(tx *store.Tx) error {
		if err := servedBy(ctx, tx, p, e164); err != nil {
			return err
		}
		if _, err := tx.ClientSummary(ctx, p.StoreID, e164); err != nil {
			return err
		}
		booked, err := tx.DeleteClient(ctx, p.StoreID, e164)
		if err == nil && booked {
			return domain.Invalid("Este cliente tem agendamentos: para apagar os dados dele, use 'Anonimizar dados' (LGPD)", nil)
		}
		return err
	})
	if err == nil {
		a.publish(p.StoreID, domain.EventClientUpdated, e164)
	}
	return err
}

// servedBy refuses, as not found, p's request about client phone (a
// client key) when p is a profissional who never served them.
func servedBy(ctx context.Context, tx *store.Tx, p Principal, phone string) error {
	own := p.own()
	if own == "" {
		return nil
	}
	ok, err := tx.ServedBy(ctx, p.StoreID, phone, own)
	if err == nil && !ok {
		return domain.ErrNotFound
	}
	return err
}

// Dashboard is the home page's data.
type Dashboard struct {
	Today          string               `json:"today" format:"date"`
	TodayItems     []domain.Appointment `json:"todayAppointments"`
	Tomorrow       []domain.Appointment `json:"tomorrowAppointments"`
	TodayCount     int                  `json:"todayCount"`
	WeekCount      int                  `json:"weekCount"`
	MonthRevenue   int64                `json:"monthRevenue"`
	Clients        int                  `json:"clients"`
	CompletionRate int                  `json:"completionRate"`
	Plan           domain.UserPlan      `json:"plan"`
	Usage          domain.PlanUsage     `json:"usage"`
	NextDays       []store.DayCount     `json:"nextDays"`
}

// Dashboard gathers today, tomorrow, the week's and month's figures and the
// next 7 days, in the store's time zone. Errors: not_found (an account whose
// store row was never created).
func (a *App) Dashboard(ctx context.Context, p Principal) (Dashboard, error) {
	plan, err := a.Plan(ctx, p)
	if err != nil {
		return Dashboard{}, err
	}
	var out Dashboard
	err = a.db.Read(ctx, func(tx *store.Tx) error {
		st, err := tx.StoreByUser(ctx, p.StoreID)
		if err != nil {
			return err
		}
		loc, err := time.LoadLocation(st.TimeZone)
		if err != nil {
			loc = time.UTC
		}
		now := a.Now().In(loc)
		today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
		day := func(d time.Time) string { return d.Format(time.DateOnly) }
		weekStart := today.AddDate(0, 0, -((int(today.Weekday()) + 6) % 7)) // Monday
		monthStart := time.Date(today.Year(), today.Month(), 1, 0, 0, 0, 0, time.UTC)
		out.Today = day(today)
		v, err := a.phonesFor(ctx, tx, p)
		if err != nil {
			return err
		}
		list := func(d time.Time) ([]domain.Appointment, error) {
			items, _, err := tx.Appointments(ctx, p.StoreID, domain.AppointmentFilter{From: day(d), To: day(d),
				ProfessionalID: p.own(), Limit: 200})
			v.appointments(items)
			return items, err
		}
		if out.TodayItems, err = list(today); err != nil {
			return err
		}
		if out.Tomorrow, err = list(today.AddDate(0, 0, 1)); err != nil {
			return err
		}
		for _, ap := range out.TodayItems {
			if domain.HoldsSlot(ap.Status) {
				out.TodayCount++
			}
		}
		if p.own() != "" {
			// A profissional's home is their day: the store's figures are
			// not theirs (their own are in Relatórios), the next days are.
			week, _, err := tx.Appointments(ctx, p.StoreID, domain.AppointmentFilter{From: day(today),
				To: day(today.AddDate(0, 0, 6)), ProfessionalID: p.own(), Limit: 200})
			if err != nil {
				return err
			}
			byDate := map[string]int{}
			for _, ap := range week {
				if domain.HoldsSlot(ap.Status) {
					byDate[ap.Date]++
				}
			}
			for i := range 7 {
				d := day(today.AddDate(0, 0, i))
				out.NextDays = append(out.NextDays, store.DayCount{Date: d, Count: byDate[d]})
			}
			out.Plan = plan
			return nil
		}
		f, err := tx.Dashboard(ctx, p.StoreID, day(weekStart), day(weekStart.AddDate(0, 0, 6)),
			day(monthStart), day(monthStart.AddDate(0, 1, -1)), day(today), day(today.AddDate(0, 0, 6)))
		if err != nil {
			return err
		}
		out.WeekCount, out.MonthRevenue, out.Clients = f.Week, f.MonthRevenue, f.Clients
		if f.Decided > 0 {
			out.CompletionRate = (f.Completed*100 + f.Decided/2) / f.Decided
		}
		byDate := map[string]int{}
		for _, d := range f.NextDays {
			byDate[d.Date] = d.Count
		}
		for i := range 7 {
			d := day(today.AddDate(0, 0, i))
			out.NextDays = append(out.NextDays, store.DayCount{Date: d, Count: byDate[d]})
		}
		cfg, err := a.planConfig(ctx, tx)
		if err != nil {
			return err
		}
		out.Plan, out.Usage = plan, domain.Usage(plan, f.Total, cfg.FreeLimit)
		return nil
	})
	return out, err
}

// msgNoClient refuses a request about a phone with no appointment.
var msgNoClient = domain.Errorf(domain.CodeNotFound, "Nenhum agendamento com este telefone: nada foi alterado")
