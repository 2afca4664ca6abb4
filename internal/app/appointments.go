package app

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"agendo/internal/domain"
	"agendo/internal/schedule"
	"agendo/internal/store"
)

// TrashRetention is how long deleted appointments stay in the trash.
const TrashRetention = 30 * 24 * time.Hour

// AppointmentPage is one page of appointments with the total that match.
type AppointmentPage struct {
	Items []domain.Appointment `json:"items"`
	Total int                  `json:"total"`
}

// Appointments lists the caller's appointments in a date range (at most
// 200 a page), by date and time. Errors: invalid (a bad from, to or status).
func (a *App) Appointments(ctx context.Context, p Principal, f domain.AppointmentFilter) (AppointmentPage, error) {
	pr := domain.Problems{}
	if f.From != "" && !domain.ValidDate(f.From) {
		pr.Add("from", "Data inicial inválida")
	}
	if f.To != "" && !domain.ValidDate(f.To) {
		pr.Add("to", "Data final inválida")
	}
	if f.Status != "" && !slices.Contains(domain.Statuses, f.Status) {
		pr.Add("status", "Status desconhecido")
	}
	if err := pr.Err(); err != nil {
		return AppointmentPage{}, err
	}
	if f.Limit <= 0 || f.Limit > 200 {
		f.Limit = 50
	}
	f.Offset = max(f.Offset, 0)
	f.Query = strings.TrimSpace(f.Query)
	d, byPhone := domain.PhoneDigits(f.Query)
	if byPhone = byPhone && len(d) >= 4; byPhone {
		f.Query = d // a phone typed with punctuation matches the stored digits
	}
	var err error
	if f.ProfessionalID, err = p.narrow(f.ProfessionalID); err != nil {
		return AppointmentPage{}, err
	}
	out := AppointmentPage{Items: []domain.Appointment{}}
	err = a.readAs(ctx, p, func(tx *store.Tx) error {
		v, err := a.phonesFor(ctx, tx, p)
		if err != nil || (byPhone && v.hidden()) { // a hidden phone is not found by its digits
			return err
		}
		out.Items, out.Total, err = tx.Appointments(ctx, p.StoreID, f)
		v.appointments(out.Items)
		return err
	})
	return out, err
}

// Appointment returns one of the caller's appointments. Errors: not_found.
func (a *App) Appointment(ctx context.Context, p Principal, id string) (domain.Appointment, error) {
	var out domain.Appointment
	if !p.unchecked {
		err := a.db.Read(ctx, func(tx *store.Tx) error {
			var err error
			if out, err = seenAppointment(ctx, tx, p, id); err != nil {
				return err
			}
			return a.showPhones(ctx, tx, p, &out)
		})
		return out, err
	}
	// The hottest read: the session and the appointment in one statement,
	// outside any transaction (nothing else to agree with), which saves
	// the BEGIN and COMMIT.
	err := a.db.ReadSingle(ctx, func(tx *store.Tx) error {
		ap, owner, err := tx.AppointmentInSession(ctx, p.StoreID, id, p.SessionID)
		if errors.Is(err, domain.ErrNotFound) {
			// Whether there is no such appointment is the session's to know.
			if err := checkSession(ctx, tx, p); err != nil {
				return err
			}
			return domain.ErrNotFound
		}
		if err != nil {
			return err
		}
		if err := sessionEnded(p, owner); err != nil {
			return err
		}
		if !p.sees(ap.ProfessionalID) {
			return domain.ErrNotFound
		}
		out = ap
		return a.showPhones(ctx, tx, p, &out)
	})
	return out, err
}

// seenAppointment reads appointment id of p's store if p may see it.
// Errors: not_found.
func seenAppointment(ctx context.Context, tx *store.Tx, p Principal, id string) (domain.Appointment, error) {
	ap, err := tx.Appointment(ctx, p.StoreID, id)
	if err == nil && !p.sees(ap.ProfessionalID) {
		return domain.Appointment{}, domain.ErrNotFound
	}
	return ap, err
}

// checkAppointment validates the fields that need no database.
func checkAppointment(in domain.AppointmentInput, now time.Time) (domain.Appointment, error) {
	pr := domain.Problems{}
	var ap domain.Appointment
	var ok bool
	if ap.ClientName, ok = domain.CleanName(in.ClientName); !ok {
		pr.Add("clientName", "Informe o nome do cliente")
	}
	if ap.ClientPhone, ok = domain.NormalizePhone(in.ClientPhone); !ok {
		pr.Add("clientPhone", msgInvalidPhone)
	}
	if in.ServiceID == "" {
		pr.Add("serviceId", "Escolha o serviço")
	}
	if in.ProfessionalID == "" {
		pr.Add("professionalId", "Escolha o profissional")
	}
	if msg := domain.AgendaDateProblem(in.Date, now); msg != "" {
		pr.Add("date", msg)
	}
	if _, ok := domain.ParseClock(in.Time); !ok {
		pr.Add("time", "Informe um horário entre 00:00 e 23:59")
	}
	ap.Status = in.Status
	if ap.Status == "" {
		ap.Status = domain.StatusScheduled
	}
	if !slices.Contains(domain.Statuses, ap.Status) {
		pr.Add("status", "Status desconhecido")
	}
	if in.PaymentMethod != nil && *in.PaymentMethod != "" {
		if !slices.Contains(domain.PaymentMethods, *in.PaymentMethod) {
			pr.Add("paymentMethod", "Forma de pagamento desconhecida")
		}
		ap.PaymentMethod = in.PaymentMethod
	}
	if ap.Notes, ok = domain.CleanText(in.Notes, domain.MaxNotesLen); !ok {
		pr.Add("notes", fmt.Sprintf("A observação pode ter até %d caracteres", domain.MaxNotesLen))
	}
	checkMore(in.More, pr)
	if _, err := checkEmail(in.ClientEmail); err != nil {
		pr.Add(fieldEmail, msgBadEmail)
	}
	ap.ServiceID, ap.ProfessionalID, ap.Date, ap.Time = in.ServiceID, in.ProfessionalID, in.Date, in.Time
	return ap, pr.Err()
}

// bookingRules are what differs between an owner's booking and a
// customer's: customers must respect hours, notice and horizon, and can
// never double-book; owners may, after confirming.
type bookingRules struct {
	allowOverlap bool
	// customer, when set, is the store a customer books with online: the
	// time must be one the store offers (hours, step, notice, horizon).
	customer *domain.Store
	// visitChecked: the customer's time was checked for the whole visit
	// (a later service starts when the one before it ends, off the step).
	visitChecked bool
}

// book validates ap against the catalogue and the professional's agenda and
// saves it, in tx. It is the one place where any appointment is written, so
// every rule (and the plan limit) applies to all bookings alike.
func (a *App) book(ctx context.Context, tx *store.Tx, userID string, ap *domain.Appointment, insert bool, r bookingRules) error {
	if insert {
		if err := a.checkLimit(ctx, tx, userID, r.customer != nil); err != nil {
			return err
		}
	}
	svc, pro, err := performing(ctx, tx, userID, ap.ServiceID, ap.ProfessionalID)
	if err != nil {
		return err
	}
	if ap.DurationMin == 0 { // editing a service never moves old bookings
		ap.DurationMin, ap.Price, ap.Timing = svc.Duration, svc.Price, svc.Timing
	}
	start, _ := domain.ParseClock(ap.Time)
	if start+ap.DurationMin > 24*60 {
		return domain.Invalid("O atendimento precisa terminar até a meia-noite", map[string]string{"time": "Horário muito tarde para este serviço"})
	}
	// Two writers of one professional's agenda do not wait for each other
	// here: on PostgreSQL the database refuses the second of two
	// overlapping appointments saved exclusive (store.ErrOverlap), on
	// SQLite writes are serial.
	if r.customer != nil {
		return a.bookOnline(ctx, tx, userID, *r.customer, pro, ap, insert, r.visitChecked)
	}
	busyNow := func() error {
		return &domain.Error{Code: domain.CodeConflict,
			Message: fmt.Sprintf("%s já tem um compromisso neste horário. Confirme para agendar mesmo assim.", pro.Name),
			Fields:  map[string]string{"time": "Horário ocupado"}}
	}
	ap.Exclusive = !r.allowOverlap
	if domain.HoldsSlot(ap.Status) && !r.allowOverlap {
		busy, err := tx.Busy(ctx, pro.ID, ap.Date, ap.Date, ap.ID)
		if err != nil {
			return err
		}
		if schedule.Clashes(busy, ap.Timing, start, ap.DurationMin) {
			return busyNow()
		}
	}
	if err := tx.SaveAppointment(ctx, userID, *ap, insert); errors.Is(err, store.ErrOverlap) {
		return busyNow()
	} else if err != nil {
		return err
	}
	return nil
}

// performing reads a service and a professional of userID's store and
// checks the one performs the other.
func performing(ctx context.Context, tx *store.Tx, userID, serviceID, professionalID string) (domain.Service, domain.Professional, error) {
	svc, err := tx.Service(ctx, userID, serviceID)
	if errors.Is(err, domain.ErrNotFound) {
		return svc, domain.Professional{}, domain.Invalid("Serviço não encontrado", map[string]string{"serviceId": "Serviço não encontrado"})
	}
	if err != nil {
		return svc, domain.Professional{}, err
	}
	pro, err := tx.Professional(ctx, userID, professionalID)
	if errors.Is(err, domain.ErrNotFound) {
		return svc, pro, domain.Invalid("Profissional não encontrado", map[string]string{"professionalId": "Profissional não encontrado"})
	}
	if err != nil {
		return svc, pro, err
	}
	if !slices.Contains(svc.ProfessionalIDs, pro.ID) {
		return svc, pro, domain.Invalid(fmt.Sprintf("%s não realiza %s", pro.Name, svc.Name),
			map[string]string{"professionalId": "Este profissional não realiza este serviço"})
	}
	return svc, pro, nil
}

// CreateAppointment books an appointment for the caller's store. Errors:
// invalid (a missing or bad field; an unknown service or professional, or
// one who does not perform the service; an end past midnight), conflict (the
// professional is busy then, unless forced).
func (a *App) CreateAppointment(ctx context.Context, p Principal, in domain.AppointmentInput) (domain.Appointment, error) {
	now := a.Now()
	in.ClientPhone = a.openPhone(p, in.ClientPhone)
	ap, err := checkAppointment(in, now)
	if err != nil {
		return domain.Appointment{}, err
	}
	if err := p.mayWrite(ap.ProfessionalID); err != nil {
		return domain.Appointment{}, err
	}
	ap.ID, ap.Source, ap.CreatedAt, ap.UpdatedAt = newID(), domain.SourceOwner, now, now
	ap.CreatedBy, ap.UpdatedBy = p.Name, p.Name
	out := ap
	var parts []domain.Appointment
	email, _ := checkEmail(in.ClientEmail)
	err = a.db.Write(ctx, func(tx *store.Tx) error {
		if len(in.More) > 0 {
			var err error
			if parts, err = a.createVisit(ctx, tx, p, ap, in); err != nil {
				return err
			}
		} else {
			parts = []domain.Appointment{ap}
			if err := a.book(ctx, tx, p.StoreID, &parts[0], true, bookingRules{allowOverlap: in.Force}); err != nil {
				return err
			}
		}
		if err := a.giveEmail(ctx, tx, p.StoreID, ap.ClientPhone, email, domain.ChannelSourceOwner); err != nil {
			return err
		}
		if err := a.followMessages(ctx, tx, p.StoreID, true, parts...); err != nil {
			return err
		}
		out = parts[0] // ap stays as checked: a retried transaction books it again
		return a.showPhones(ctx, tx, p, &out)
	})
	if err != nil {
		return domain.Appointment{}, err
	}
	for _, part := range parts {
		a.publishAbout(p.StoreID, part.ProfessionalID, domain.EventAppointmentCreated, part.ID)
	}
	return out, nil
}

// msgOneService answers later services sent where one service is edited.
const msgOneService = "Aqui se altera um serviço por vez: para outro serviço na mesma visita, crie um novo agendamento"

// UpdateAppointment rewrites one of the caller's appointments. Errors:
// invalid (a missing or bad field; an unknown service or professional, or
// one who does not perform the service; an end past midnight), not_found,
// conflict (the professional is busy then, unless forced).
func (a *App) UpdateAppointment(ctx context.Context, p Principal, id string, in domain.AppointmentInput) (domain.Appointment, error) {
	if len(in.More) > 0 {
		return domain.Appointment{}, domain.Invalid(msgOneService, map[string]string{"more": msgOneService})
	}
	in.ClientPhone = a.openPhone(p, in.ClientPhone)
	ap, err := checkAppointment(in, a.Now())
	if err != nil {
		return domain.Appointment{}, err
	}
	var out domain.Appointment
	var moved *domain.Appointment // the time a move gives back, for the waitlist
	email, _ := checkEmail(in.ClientEmail)
	err = a.db.Write(ctx, func(tx *store.Tx) error {
		cur, err := seenAppointment(ctx, tx, p, id)
		if err != nil {
			return err
		}
		moved = nil
		if domain.HoldsSlot(cur.Status) && (cur.Date != ap.Date || cur.Time != ap.Time || cur.ProfessionalID != ap.ProfessionalID) {
			moved = &cur
		}
		if err := p.mayWrite(ap.ProfessionalID); err != nil {
			return err
		}
		ap.ID, ap.Source, ap.CreatedAt, ap.ReminderSentAt = cur.ID, cur.Source, cur.CreatedAt, cur.ReminderSentAt
		ap.SeriesID, ap.VisitID = cur.SeriesID, cur.VisitID
		ap.CreatedBy, ap.UpdatedBy = cur.CreatedBy, p.Name
		if cur.ServiceID == ap.ServiceID {
			ap.DurationMin, ap.Price, ap.Timing = cur.DurationMin, cur.Price, cur.Timing
		}
		ap.UpdatedAt = a.Now()
		if err := a.book(ctx, tx, p.StoreID, &ap, false, bookingRules{allowOverlap: in.Force}); err != nil {
			return err
		}
		if err := a.giveEmail(ctx, tx, p.StoreID, ap.ClientPhone, email, domain.ChannelSourceOwner); err != nil {
			return err
		}
		if err := a.followMessages(ctx, tx, p.StoreID, false, ap); err != nil {
			return err
		}
		out = ap // ap stays as saved: a retried transaction books it again
		return a.showPhones(ctx, tx, p, &out)
	})
	if err != nil {
		return domain.Appointment{}, err
	}
	a.publishAbout(p.StoreID, ap.ProfessionalID, domain.EventAppointmentUpdated, ap.ID)
	if moved != nil {
		a.refill(ctx, p.StoreID, *moved)
	}
	return out, nil
}

// StatusInput changes an appointment's status (and how it was paid).
type StatusInput struct {
	Status        string  `json:"status" enum:"status"`
	PaymentMethod *string `json:"paymentMethod,omitempty" enum:"paymentMethod"`
}

// SetAppointmentStatus is the one-tap status change, along the ways
// domain.CanChangeStatus allows. Errors: invalid (unknown status or payment
// method, or a reopened appointment whose professional no longer performs
// its service), not_found, conflict (a change the workflow does not allow,
// or a reopened appointment whose time was taken meanwhile).
func (a *App) SetAppointmentStatus(ctx context.Context, p Principal, id string, in StatusInput) (domain.Appointment, error) {
	if !slices.Contains(domain.Statuses, in.Status) {
		return domain.Appointment{}, domain.Invalid("Status desconhecido", map[string]string{"status": "Status desconhecido"})
	}
	if in.PaymentMethod != nil && *in.PaymentMethod != "" && !slices.Contains(domain.PaymentMethods, *in.PaymentMethod) {
		return domain.Appointment{}, domain.Invalid("Forma de pagamento desconhecida", map[string]string{"paymentMethod": "Forma de pagamento desconhecida"})
	}
	var ap domain.Appointment
	var freed bool // the status change gives the appointment's time back
	err := a.db.Write(ctx, func(tx *store.Tx) error {
		var err error
		if ap, err = seenAppointment(ctx, tx, p, id); err != nil {
			return err
		}
		freed = domain.HoldsSlot(ap.Status) && !domain.HoldsSlot(in.Status)
		if !domain.CanChangeStatus(ap.Status, in.Status) {
			msg := fmt.Sprintf("Não é possível mudar de “%s” para “%s”.", domain.StatusNames[ap.Status], domain.StatusNames[in.Status])
			if !domain.IsOpen(ap.Status) { // reopening comes first
				msg += " Reabra o agendamento primeiro."
			}
			return &domain.Error{Code: domain.CodeConflict, Message: msg, Fields: map[string]string{"status": msg}}
		}
		ap.UpdatedBy = p.Name
		if !domain.HoldsSlot(ap.Status) && domain.HoldsSlot(in.Status) {
			// Taking a freed slot back: it may have been booked meanwhile.
			ap.Status = in.Status
			if err := a.book(ctx, tx, p.StoreID, &ap, false, bookingRules{}); err != nil {
				return err
			}
			if err := a.followMessages(ctx, tx, p.StoreID, false, ap); err != nil {
				return err
			}
			return a.showPhones(ctx, tx, p, &ap)
		}
		ap.Status = in.Status
		if in.PaymentMethod != nil {
			ap.PaymentMethod = nilIfEmpty(*in.PaymentMethod)
		}
		ap.UpdatedAt = a.Now()
		if err := tx.SaveAppointment(ctx, p.StoreID, ap, false); err != nil {
			return err
		}
		if err := a.followMessages(ctx, tx, p.StoreID, false, ap); err != nil {
			return err
		}
		return a.showPhones(ctx, tx, p, &ap)
	})
	if err != nil {
		return domain.Appointment{}, err
	}
	a.publishAbout(p.StoreID, ap.ProfessionalID, domain.EventAppointmentUpdated, ap.ID)
	if freed {
		a.refill(ctx, p.StoreID, ap)
	}
	return ap, nil
}

// MarkReminderSent records that the WhatsApp reminder went out. Errors:
// not_found.
func (a *App) MarkReminderSent(ctx context.Context, p Principal, id string) (domain.Appointment, error) {
	var ap domain.Appointment
	err := a.db.Write(ctx, func(tx *store.Tx) error {
		var err error
		if ap, err = seenAppointment(ctx, tx, p, id); err != nil {
			return err
		}
		now := a.Now()
		ap.ReminderSentAt, ap.UpdatedAt, ap.UpdatedBy = &now, now, p.Name
		if err := tx.SaveAppointment(ctx, p.StoreID, ap, false); err != nil {
			return err
		}
		return a.showPhones(ctx, tx, p, &ap)
	})
	if err == nil {
		a.publishAbout(p.StoreID, ap.ProfessionalID, domain.EventAppointmentUpdated, ap.ID)
	}
	return ap, err
}

// DeleteAppointment moves an appointment to the trash: the copy and the
// removal commit together, so a failed copy leaves the appointment in place.
// Errors: not_found.
func (a *App) DeleteAppointment(ctx context.Context, p Principal, id string) (domain.DeletedAppointment, error) {
	var out domain.DeletedAppointment
	var parts []domain.Appointment
	err := a.db.Write(ctx, func(tx *store.Tx) error {
		ap, err := seenAppointment(ctx, tx, p, id)
		if err != nil {
			return err
		}
		// A visit goes to the trash whole: the services the caller may
		// see of it (a profissional's own).
		if parts, err = visitOf(ctx, tx, p.StoreID, ap); err != nil {
			return err
		}
		parts = slices.DeleteFunc(parts, func(x domain.Appointment) bool { return !p.sees(x.ProfessionalID) })
		now := a.Now() // one instant for the whole visit: the restore finds its services by it
		for _, part := range parts {
			trashID := newID()
			if err := tx.MoveToTrash(ctx, p.StoreID, part.ID, trashID, now); err != nil {
				return err
			}
			if part.ID == id {
				if out, err = tx.TrashItem(ctx, p.StoreID, trashID); err != nil {
					return err
				}
			}
		}
		if err := a.followMessages(ctx, tx, p.StoreID, false, parts...); err != nil {
			return err
		}
		return a.showPhones(ctx, tx, p, &out.Appointment)
	})
	if err != nil {
		return out, err
	}
	for _, part := range parts {
		a.publishAbout(p.StoreID, part.ProfessionalID, domain.EventAppointmentDeleted, part.ID)
	}
	a.refill(ctx, p.StoreID, slices.DeleteFunc(parts, func(x domain.Appointment) bool { return !domain.HoldsSlot(x.Status) })...)
	return out, nil
}

// TrashPage is one page of the trash.
type TrashPage struct {
	Items         []domain.DeletedAppointment `json:"items"`
	Total         int                         `json:"total"`
	RetentionDays int                         `json:"retentionDays"`
}

// Trash lists the caller's deleted appointments, newest first, after
// purging what is older than 30 days. Errors: none besides internal.
func (a *App) Trash(ctx context.Context, p Principal, limit, offset int) (TrashPage, error) {
	if limit <= 0 || limit > 200 {
		limit = 50
	}
	// Expired items are not shown; the hourly PurgeExpired deletes them.
	out := TrashPage{RetentionDays: int(TrashRetention.Hours() / 24)}
	err := a.db.Read(ctx, func(tx *store.Tx) error {
		v, err := a.phonesFor(ctx, tx, p)
		if err != nil {
			return err
		}
		out.Items, out.Total, err = tx.Trash(ctx, p.StoreID, p.own(), a.Now().Add(-TrashRetention), limit, max(offset, 0))
		for i := range out.Items {
			v.appointment(&out.Items[i].Appointment)
		}
		return err
	})
	return out, err
}

// RestoreInput confirms a restore into a time taken meanwhile.
type RestoreInput struct {
	Force bool `json:"force,omitempty"`
}

// RestoreAppointment puts a deleted appointment back with a new id and
// removes it from the trash, in one transaction: when the insert fails
// (its service or professional is gone, or its time was taken meanwhile
// and the owner has not confirmed) nothing changes. It goes through the one
// booking rule, like every appointment. Errors: not_found (no such trash
// item), invalid (its service or professional is gone, or no longer performs
// it), conflict (its time was taken, unless forced).
func (a *App) RestoreAppointment(ctx context.Context, p Principal, trashID string, in RestoreInput) (domain.Appointment, error) {
	var ap domain.Appointment
	var restored []domain.Appointment
	err := a.db.Write(ctx, func(tx *store.Tx) error {
		d, err := seenTrashItem(ctx, tx, p, trashID)
		if err != nil {
			return err
		}
		// A visit comes back whole: the services the caller may see of it
		// that went to the trash with this one.
		items := []domain.DeletedAppointment{d}
		if d.VisitID != "" {
			if items, err = tx.TrashVisit(ctx, p.StoreID, d.VisitID); err != nil {
				return err
			}
			items = slices.DeleteFunc(items, func(x domain.DeletedAppointment) bool {
				return !p.sees(x.ProfessionalID) || !x.DeletedAt.Equal(d.DeletedAt)
			})
		}
		restored = restored[:0]
		for _, item := range items {
			part := item.Appointment
			part.ID, part.UpdatedAt = newID(), a.Now()
			part.CreatedBy, part.UpdatedBy = p.Name, p.Name
			if err := a.book(ctx, tx, p.StoreID, &part, true, bookingRules{allowOverlap: in.Force}); err != nil {
				return err
			}
			if err := tx.DeleteTrashItem(ctx, p.StoreID, item.ID); err != nil {
				return err
			}
			if item.ID == trashID {
				ap = part
			}
			restored = append(restored, part)
		}
		if err := a.followMessages(ctx, tx, p.StoreID, false, restored...); err != nil {
			return err
		}
		return a.showPhones(ctx, tx, p, &ap)
	})
	if err != nil {
		return domain.Appointment{}, err
	}
	for _, part := range restored {
		a.publishAbout(p.StoreID, part.ProfessionalID, domain.EventAppointmentCreated, part.ID)
	}
	return ap, nil
}

// DeleteTrashItem removes a deleted appointment for good. Errors: not_found.
func (a *App) DeleteTrashItem(ctx context.Context, p Principal, trashID string) error {
	return a.db.Write(ctx, func(tx *store.Tx) error {
		if _, err := seenTrashItem(ctx, tx, p, trashID); err != nil {
			return err
		}
		return tx.DeleteTrashItem(ctx, p.StoreID, trashID)
	})
}

// seenTrashItem reads trash item id of p's store if p may see it. Errors:
// not_found.
func seenTrashItem(ctx context.Context, tx *store.Tx, p Principal, id string) (domain.DeletedAppointment, error) {
	d, err := tx.TrashItem(ctx, p.StoreID, id)
	if err == nil && !p.sees(d.ProfessionalID) {
		return domain.DeletedAppointment{}, domain.ErrNotFound
	}
	return d, err
}

// Availability returns the free start times of a service with a
// professional on the days from..to (at most 31), for the owner's dialog:
// hours and the agenda count; notice and horizon do not bind the owner.
// With more, the starts where the whole visit fits. Errors: invalid (a bad
// period, or one longer than 31 days; a bad later service), not_found (an
// unknown professional or service, or one the caller does not see).
func (a *App) Availability(ctx context.Context, p Principal, professionalID, serviceID, from, to, except string, more []domain.VisitService) ([]schedule.Day, error) {
	if !p.sees(professionalID) || slices.ContainsFunc(more, func(m domain.VisitService) bool { return !p.sees(m.ProfessionalID) }) {
		return nil, domain.ErrNotFound
	}
	pr := domain.Problems{}
	if checkMore(more, pr); pr.Err() != nil {
		return nil, pr.Err()
	}
	if !domain.ValidDate(from) || !domain.ValidDate(to) || to < from {
		return nil, domain.Invalid("Informe um período válido (from e to no formato AAAA-MM-DD)", nil)
	}
	f, _ := time.Parse(time.DateOnly, from)
	t, _ := time.Parse(time.DateOnly, to)
	if t.Sub(f) > 31*24*time.Hour {
		return nil, domain.Invalid("Consulte no máximo 31 dias por vez", nil)
	}
	var days []schedule.Day
	err := a.db.Read(ctx, func(tx *store.Tx) error {
		st, err := tx.StoreByUser(ctx, p.StoreID)
		if err != nil {
			return err
		}
		pro, err := tx.Professional(ctx, p.StoreID, professionalID)
		if err != nil {
			return err
		}
		svc, err := tx.Service(ctx, p.StoreID, serviceID)
		if err != nil {
			return err
		}
		var then []schedule.Part
		if len(more) > 0 {
			c, err := loadCatalog(ctx, tx, st)
			if err != nil {
				return err
			}
			later, options, err := c.laterServices(more)
			if err != nil {
				return err
			}
			busyOf, err := tx.BusyOf(ctx, idsOf([]domain.Professional{pro}, options), from, to, except)
			if err != nil {
				return err
			}
			then = chainOf(later, options, busyOf)
		}
		busy, err := tx.Busy(ctx, pro.ID, from, to, except)
		if err != nil {
			return err
		}
		loc := storeLocation(st)
		days = schedule.Free(schedule.Request{StoreHours: st.WorkingHours, ProHours: pro.WorkingHours,
			Step: pro.BookingInterval, Duration: svc.Duration, Timing: svc.Timing, From: from, To: to, Busy: busy,
			Rules: schedule.Rules{Loc: loc}, ProfessionalID: pro.ID, Then: then})
		return nil
	})
	return days, err
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

// VisitChange counts the services of a visit a change touched.
type VisitChange struct {
	Count int `json:"count"`
}

// CancelVisit cancels every service still open of the visit appointment id
// belongs to (those the caller sees), together. Errors: not_found,
// invalid (the appointment is not part of a visit).
func (a *App) CancelVisit(ctx context.Context, p Principal, id string) (VisitChange, error) {
	var out VisitChange
	var changed []domain.Appointment
	err := a.db.Write(ctx, func(tx *store.Tx) error {
		out, changed = VisitChange{}, nil
		cur, err := seenAppointment(ctx, tx, p, id)
		if err != nil {
			return err
		}
		if cur.VisitID == "" {
			return domain.Invalid("Este agendamento não faz parte de uma visita de vários serviços", nil)
		}
		parts, err := visitOf(ctx, tx, p.StoreID, cur)
		if err != nil {
			return err
		}
		for _, ap := range parts {
			if !p.sees(ap.ProfessionalID) || !domain.IsOpen(ap.Status) {
				continue
			}
			ap.Status, ap.UpdatedAt, ap.UpdatedBy = domain.StatusCancelled, a.Now(), p.Name
			if err := tx.SaveAppointment(ctx, p.StoreID, ap, false); err != nil {
				return err
			}
			changed = append(changed, ap)
		}
		out.Count = len(changed)
		return a.followMessages(ctx, tx, p.StoreID, false, cur)
	})
	if err != nil {
		return VisitChange{}, err
	}
	for _, ap := range changed {
		a.publishAbout(p.StoreID, ap.ProfessionalID, domain.EventAppointmentUpdated, ap.ID)
	}
	return out, nil
}

// VisitMove moves a whole visit: the service named goes to Date and Time,
// the visit's others by the same step. Force books over what is there,
// after the owner confirmed it.
type VisitMove struct {
	Date  string `json:"date" format:"date"`
	Time  string `json:"time" format:"hhmm"`
	Force bool   `json:"force,omitempty"`
}

// MoveVisit moves every service of the visit appointment id belongs to,
// together, through the one booking rule. Errors: not_found, invalid (a
// bad date or time; not part of a visit; a service the caller may not
// change; an end past midnight), conflict (a professional busy then,
// unless forced).
func (a *App) MoveVisit(ctx context.Context, p Principal, id string, in VisitMove) (VisitChange, error) {
	pr := domain.Problems{}
	if msg := domain.AgendaDateProblem(in.Date, a.Now()); msg != "" {
		pr.Add("date", msg)
	}
	to, ok := domain.ParseClock(in.Time)
	if !ok {
		pr.Add("time", "Informe um horário entre 00:00 e 23:59")
	}
	if err := pr.Err(); err != nil {
		return VisitChange{}, err
	}
	var parts []domain.Appointment
	err := a.db.Write(ctx, func(tx *store.Tx) error {
		cur, err := seenAppointment(ctx, tx, p, id)
		if err != nil {
			return err
		}
		if cur.VisitID == "" {
			return domain.Invalid("Este agendamento não faz parte de uma visita de vários serviços", nil)
		}
		if parts, err = visitOf(ctx, tx, p.StoreID, cur); err != nil {
			return err
		}
		from, _ := domain.ParseClock(cur.Time)
		for i := range parts {
			ap := &parts[i]
			if err := p.mayWrite(ap.ProfessionalID); err != nil {
				return err
			}
			at, _ := domain.ParseClock(ap.Time)
			at += to - from
			if at < 0 || at+ap.DurationMin > domain.DayMinutes {
				return domain.Invalid("A visita precisa começar e terminar no mesmo dia",
					map[string]string{"time": "Horário fora do dia para esta visita"})
			}
			ap.Date, ap.Time, ap.ReminderSentAt, ap.UpdatedAt, ap.UpdatedBy = in.Date, domain.FormatClock(at), nil, a.Now(), p.Name
		}
		later := in.Date+in.Time > cur.Date+cur.Time
		if err := a.bookParts(ctx, tx, p.StoreID, parts, later, false, bookingRules{allowOverlap: in.Force}); err != nil {
			return err
		}
		return a.followMessages(ctx, tx, p.StoreID, false, cur)
	})
	if err != nil {
		return VisitChange{}, err
	}
	for _, ap := range parts {
		a.publishAbout(p.StoreID, ap.ProfessionalID, domain.EventAppointmentUpdated, ap.ID)
	}
	return VisitChange{Count: len(parts)}, nil
}
