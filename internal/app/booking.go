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

// PublicBookingInput is what a customer sends from the store page.
type PublicBookingInput struct {
	ServiceID      string `json:"serviceId" format:"uuid"`
	ProfessionalID string `json:"professionalId" pattern:"^(any|[0-9a-fA-F-]{36})$" doc:"O id de um profissional, ou any para o primeiro livre"` // "any": whoever is free
	Date           string `json:"date" format:"date"`
	Time           string `json:"time" format:"hhmm"`
	ClientName     string `json:"clientName" max:"name"`
	ClientPhone    string `json:"clientPhone"`
	Notes          string `json:"notes,omitempty" max:"notes"`
	// ClientEmail, when given, is where the client's reminders go.
	ClientEmail string `json:"clientEmail,omitempty" max:"email" doc:"E-mail para lembretes (opcional)"`
	// More are the visit's later services (issue 27): each starts when
	// the one before it ends; the visit is booked whole or not at all.
	More []domain.VisitService `json:"more,omitempty" max:"moreServices" doc:"Os demais serviços da visita, em ordem"`
	// MarketingConsent is the unticked box 'Quero receber novidades de
	// {Salão} pelo WhatsApp'; ticked, it is recorded with its proof.
	MarketingConsent bool `json:"marketingConsent,omitempty"`
	// RequestID is an id the customer's browser makes for this booking and
	// sends again on every retry of it: a retry after a lost answer gets
	// the booking already made instead of a second one.
	RequestID string `json:"requestId,omitempty" pattern:"^[A-Za-z0-9-]{8,64}$" doc:"Um id criado pelo navegador para este agendamento, repetido a cada nova tentativa"`
}

// RequestRetention is how long a booking's request id finds it again.
const RequestRetention = 24 * time.Hour

// validRequestID is the shape of a request id: a UUID or any id of 8 to 64
// letters, digits and hyphens.
func validRequestID(id string) bool {
	if len(id) < 8 || len(id) > 64 {
		return false
	}
	for _, r := range id {
		if !(r == '-' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return false
		}
	}
	return true
}

// MoveInput is a new date and time for a booking.
type MoveInput struct {
	Date string `json:"date" format:"date"`
	Time string `json:"time" format:"hhmm"`
}

// Ref names a service or professional.
type Ref struct {
	ID   string `json:"id" format:"uuid"`
	Name string `json:"name"`
}

// BookingStore is the store as a booking's confirmation shows it.
type BookingStore struct {
	Slug     string `json:"slug"`
	Name     string `json:"name"`
	Address  string `json:"address"`
	Phone    string `json:"phone"`
	Whatsapp string `json:"whatsapp"`
	TimeZone string `json:"timeZone"`
}

// PixPayment is what the customer needs to pay by Pix.
type PixPayment struct {
	Code         string `json:"code"`
	Amount       int64  `json:"amount"`
	ReceiverName string `json:"receiverName"`
}

// Booking is one appointment as its customer sees it, through the manage
// link: their own name and phone, and nobody else's.
type Booking struct {
	ID           string `json:"id" format:"uuid"`
	Token        string `json:"token"`
	Status       string `json:"status" enum:"status"`
	Date         string `json:"date" format:"date"`
	Time         string `json:"time" format:"hhmm"`
	DurationMin  int    `json:"durationMin"`
	Price        *int64 `json:"price"`
	Notes        string `json:"notes"`
	ClientName   string `json:"clientName"`
	ClientPhone  string `json:"clientPhone"`
	Service      Ref    `json:"service"`
	Professional Ref    `json:"professional"`
	// Services are the visit's services in order (one for a booking of
	// one); Service, Professional, Time are the first's, DurationMin and
	// Price the whole visit's.
	Services       []BookingService `json:"services"`
	Store          BookingStore     `json:"store"`
	Pix            *PixPayment      `json:"pix"`
	CanChange      bool             `json:"canChange"`
	ChangeDeadline time.Time        `json:"changeDeadline"`
	// Loyalty is filled on the manage link's read only, and only as the
	// owner's settings allow.
	Loyalty *BookingLoyalty `json:"loyalty"`
	// MarketingConsent and ConsentText are filled on the manage link's
	// read: the customer's current choice and the words it answers.
	MarketingConsent bool   `json:"marketingConsent"`
	ConsentText      string `json:"consentText"`
	// NextDates are, on the manage link's read, the later dates still to
	// come of the recurring series the booking belongs to (issue 27).
	NextDates []SeriesDate `json:"nextDates"`
}

// BookingService is one service of a booked visit.
type BookingService struct {
	Service      Ref    `json:"service"`
	Professional Ref    `json:"professional"`
	Time         string `json:"time" format:"hhmm"`
	DurationMin  int    `json:"durationMin"`
	Price        *int64 `json:"price"`
}

// SeriesDate is one later date of a booking's recurring series.
type SeriesDate struct {
	Date         string `json:"date" format:"date"`
	Time         string `json:"time" format:"hhmm"`
	Professional string `json:"professional"`
}

// booking assembles what the customer sees of a visit: its services in
// order (one, for a booking of one), the first naming it.
func (a *App) booking(c catalog, parts []domain.Appointment) Booking {
	ap := parts[0]
	// A service the owner cancelled alone is not the visit's state: the
	// first one still held is (its status, whether it can change).
	if i := slices.IndexFunc(parts, func(p domain.Appointment) bool { return domain.HoldsSlot(p.Status) }); i > 0 {
		ap.Status = parts[i].Status
	}
	slug := ""
	if c.store.Slug != nil {
		slug = *c.store.Slug
	}
	price, minutes := visitTotal(parts)
	b := Booking{
		NextDates: []SeriesDate{},
		ID:        ap.ID, Token: a.tokens.ManageToken(ap.ID), Status: ap.Status, Date: ap.Date, Time: ap.Time,
		DurationMin: minutes, Price: price, Notes: ap.Notes, ClientName: ap.ClientName,
		ClientPhone: ap.ClientPhone,
		Store: BookingStore{Slug: slug, Name: c.store.Name, Address: c.store.Address, Phone: c.store.Phone,
			Whatsapp: c.store.SocialMedia.Whatsapp, TimeZone: c.store.TimeZone},
	}
	for _, part := range parts {
		svc, _ := c.service(part.ServiceID)
		pro, _ := c.professional(part.ProfessionalID)
		b.Services = append(b.Services, BookingService{Service: Ref{svc.ID, svc.Name}, Professional: Ref{pro.ID, pro.Name},
			Time: part.Time, DurationMin: part.DurationMin, Price: part.Price})
	}
	b.Service, b.Professional = b.Services[0].Service, b.Services[0].Professional
	deadline := startOf(c, ap).Add(-time.Duration(c.store.MinNoticeMin) * time.Minute)
	b.ChangeDeadline = deadline.UTC()
	b.CanChange = (ap.Status == domain.StatusScheduled || ap.Status == domain.StatusConfirmed) && a.Now().Before(deadline)
	if pixEnabled(c.store) && price != nil && *price > 0 && domain.HoldsSlot(ap.Status) && ap.Status != domain.StatusCompleted {
		ps := c.store.PaymentSettings
		b.Pix = &PixPayment{
			Code: domain.PixCode(domain.PixCharge{KeyType: ps.PixKeyType, Key: ps.PixKey, ReceiverName: ps.PixReceiverName,
				City: ps.PixCity, AmountCents: *price, TxID: strings.ReplaceAll(ap.ID, "-", "")[:25]}),
			Amount: *price, ReceiverName: ps.PixReceiverName,
		}
	}
	return b
}

// startOf is the instant an appointment starts, in its store's zone.
func startOf(c catalog, ap domain.Appointment) time.Time { return localStart(ap, c.loc) }

// PublicBook books a customer's appointment from the store page. With
// "any" professional it picks, among those who perform the service and are
// free then, the one with the fewest appointments that day. Errors:
// rate_limited (bookings from the IP or at the store), not_found (no
// published store at slug), invalid (a missing or bad field; an unknown
// service or professional, or one who does not perform it; a time past, too
// soon, beyond the horizon or outside hours), conflict (the time was just
// taken). With a request id already used at the store, it returns the
// booking that request made, and books nothing.
func (a *App) PublicBook(ctx context.Context, slug string, in PublicBookingInput, m Meta) (Booking, error) {
	if err := a.allowHere(a.limits.publicBookIP, m.IP); err != nil {
		return Booking{}, err
	}
	if err := a.allowHere(a.limits.publicBookStore, slug); err != nil {
		return Booking{}, err
	}
	if in.RequestID != "" && !validRequestID(in.RequestID) {
		return Booking{}, domain.Invalid("Não foi possível enviar o agendamento. Recarregue a página e tente de novo.",
			map[string]string{"requestId": "Identificador do pedido inválido"})
	}
	pid := in.ProfessionalID
	if pid == AnyProfessional {
		pid = "-" // passes the field check; the professional is chosen below
	}
	ap, err := checkAppointment(domain.AppointmentInput{ClientName: in.ClientName, ClientPhone: in.ClientPhone,
		ServiceID: in.ServiceID, ProfessionalID: pid, Date: in.Date, Time: in.Time, Notes: in.Notes, More: in.More,
		ClientEmail: in.ClientEmail}, a.Now())
	if err != nil {
		return Booking{}, err
	}
	now := a.Now()
	email, _ := checkEmail(in.ClientEmail)
	ap.ID, ap.Source, ap.Status, ap.CreatedAt, ap.UpdatedAt = newID(), domain.SourcePublic, domain.StatusScheduled, now, now
	// The catalogue is read before the write transaction, so the write lock
	// (SQLite's only writer) covers just the agenda check and the insert; a
	// service or professional deleted in between fails the insert's foreign
	// key and answers "no longer exists".
	var c catalog
	err = a.db.Read(ctx, func(tx *store.Tx) error {
		c, _, err = a.catalogBySlug(ctx, tx, slug)
		return err
	})
	if err != nil {
		return Booking{}, err
	}
	svc, ok := c.service(ap.ServiceID)
	if !ok {
		return Booking{}, domain.Invalid("Serviço não encontrado", map[string]string{"serviceId": "Serviço não encontrado"})
	}
	// The limits shared by every instance are taken first, in a short
	// write of their own: the store's bucket is a row all its bookings
	// move, and held until each booking committed it made them take turns
	// on PostgreSQL. What they count is bookings made: a booking that
	// fails, or a retry of one made, gives its tokens back below.
	hits := []hit{{a.limits.publicBookIP, m.IP}, {a.limits.publicBookStore, slug}}
	limited := a.db.WriteAside(ctx, func(tx *store.Tx) error { return a.takeShared(ctx, tx, hits...) })
	if limited != nil && domain.ErrorCode(limited) != domain.CodeRateLimited {
		return Booking{}, limited
	}
	var out Booking
	var userID string
	var repeated bool
	var parts []domain.Appointment
	err = a.db.Write(ctx, func(tx *store.Tx) error {
		var err error
		st := c.store
		userID, repeated = st.UserID, false
		if in.RequestID != "" {
			// First, so a retry of a booking already made finds it (even
			// at the limit that booking reached) and takes no place.
			made, claimed, err := tx.ClaimBookingRequest(ctx, userID, in.RequestID, ap.ID, now)
			if err != nil {
				return err
			}
			if !claimed {
				repeated = true
				return a.repeatedBooking(ctx, tx, c, made, in, &out)
			}
		}
		if limited != nil {
			return limited // after the retry's answer: a booking made is never refused
		}
		if len(in.More) > 0 {
			if parts, err = a.bookVisitOnline(ctx, tx, c, svc, in.ProfessionalID, in.More, ap); err != nil {
				return err
			}
		} else {
			parts = []domain.Appointment{ap}
			if parts[0].ProfessionalID, err = a.pickProfessional(ctx, tx, c, svc, in.ProfessionalID, ap); err != nil {
				return err
			}
			if err := a.book(ctx, tx, userID, &parts[0], true, bookingRules{customer: &st}); err != nil {
				return err
			}
		}
		if err := a.giveEmail(ctx, tx, userID, ap.ClientPhone, email, domain.ChannelSourceBooking); err != nil {
			return err
		}
		if err := a.followMessages(ctx, tx, userID, true, parts...); err != nil {
			return err
		}
		if err := a.noticeStaff(ctx, tx, userID, domain.MessageStaffBooked, parts); err != nil {
			return err
		}
		out = a.booking(c, parts)
		// Only what was ticked now: the answer must not tell whoever typed a
		// phone what its owner chose before.
		out.MarketingConsent, out.ConsentText = in.MarketingConsent, domain.ConsentText(st.Name)
		if in.MarketingConsent {
			if _, err := a.consentRecord(ctx, tx, userID, ap.ClientPhone, true, domain.ConsentBookingPage); err != nil {
				return err
			}
		}
		return nil
	})
	if limited == nil && (err != nil || repeated) {
		a.giveBackNow(ctx, hits)
	}
	if domain.ErrorCode(err) == domain.CodePlanLimit {
		a.turnAway(ctx, c.store, m)
		a.publish(userID, domain.EventBookingRefused, c.store.ID) // the owner hears a customer was turned away
	}
	if err != nil {
		return Booking{}, err
	}
	if !repeated {
		for _, part := range parts {
			a.publishAbout(userID, part.ProfessionalID, domain.EventAppointmentBooked, part.ID)
		}
	}
	return out, nil
}

// repeatedBooking answers a retry of the booking request that made the
// appointment id: the booking as it is now, with what this retry ticked.
func (a *App) repeatedBooking(ctx context.Context, tx *store.Tx, c catalog, id string, in PublicBookingInput, out *Booking) error {
	ap, err := tx.Appointment(ctx, c.store.UserID, id)
	if errors.Is(err, domain.ErrNotFound) {
		return domain.Errorf(domain.CodeConflict, "Este agendamento já foi enviado e não está mais na agenda da loja. Fale com a loja.")
	}
	if err != nil {
		return err
	}
	parts, err := visitOf(ctx, tx, c.store.UserID, ap)
	if err != nil {
		return err
	}
	*out = a.booking(c, parts)
	out.MarketingConsent, out.ConsentText = in.MarketingConsent, domain.ConsentText(c.store.Name)
	return nil
}

// pickProfessional returns who takes a booking: the one asked for, or for
// "any" the free one with the fewest appointments that day (ties: the
// longest on the team).
func (a *App) pickProfessional(ctx context.Context, tx *store.Tx, c catalog, svc domain.Service, asked string, ap domain.Appointment) (string, error) {
	pros, err := c.candidates(svc, asked)
	if err != nil || asked != AnyProfessional {
		if err != nil {
			return "", err
		}
		return pros[0].ID, nil
	}
	ids := make([]string, len(pros))
	for i, p := range pros {
		ids[i] = p.ID
	}
	if err := lockCandidates(ctx, tx, c.store.UserID, ids); err != nil {
		return "", err
	}
	busy, err := tx.BusyOf(ctx, ids, ap.Date, ap.Date, "")
	if err != nil {
		return "", err
	}
	load, err := tx.DayLoad(ctx, ids, ap.Date)
	if err != nil {
		return "", err
	}
	ap.DurationMin, ap.Timing = svc.Duration, svc.Timing
	best, onOffer := "", false
	for _, p := range pros {
		if a.checkOnlineTime(c, p, &ap) == nil {
			onOffer = true
		}
		free := a.freeTimes(c, p, svc.Duration, svc.Timing, ap.Date, ap.Date, busy[p.ID])
		if len(free) == 1 && slices.Contains(free[0].Times, ap.Time) && (best == "" || load[p.ID] < load[best]) {
			best = p.ID
		}
	}
	switch {
	case best != "":
		return best, nil
	case !onOffer:
		return "", a.checkOnlineTime(c, pros[0], &ap)
	}
	return "", &domain.Error{Code: domain.CodeConflict, Message: msgSlotTaken, Fields: map[string]string{"time": "Horário ocupado"}}
}

// lockCandidates locks the professionals an "any" booking chooses among,
// all, in one order, so two such bookings cannot both pick the same free
// professional on PostgreSQL.
func lockCandidates(ctx context.Context, tx *store.Tx, userID string, ids []string) error {
	for _, id := range slices.Sorted(slices.Values(ids)) {
		if err := tx.LockProfessional(ctx, userID, id); err != nil {
			return err
		}
	}
	return nil
}

// managed loads the booking a manage token names, in tx.
func (a *App) managed(ctx context.Context, tx *store.Tx, token string) (catalog, domain.Appointment, error) {
	notFound := domain.Errorf(domain.CodeNotFound, msgLinkInvalid)
	id, ok := a.tokens.VerifyManage(token)
	if !ok {
		return catalog{}, domain.Appointment{}, notFound
	}
	userID, err := tx.OwnerOfAppointment(ctx, id)
	if errors.Is(err, domain.ErrNotFound) {
		return catalog{}, domain.Appointment{}, notFound
	}
	if err != nil {
		return catalog{}, domain.Appointment{}, err
	}
	ap, err := tx.Appointment(ctx, userID, id)
	if err != nil {
		return catalog{}, domain.Appointment{}, err
	}
	c, err := catalogOf(ctx, tx, userID)
	return c, ap, err
}

// ManagedBooking returns the booking a manage link names. Errors: not_found
// (an invalid link).
func (a *App) ManagedBooking(ctx context.Context, token string) (Booking, error) {
	var out Booking
	err := a.db.Read(ctx, func(tx *store.Tx) error {
		c, ap, err := a.managed(ctx, tx, token)
		if err != nil {
			return err
		}
		out, err = a.managedView(ctx, tx, c, ap)
		return err
	})
	return out, err
}

// managedView is what the manage link shows of ap: the booking, the
// client's loyalty as the owner allows it, and their marketing consent.
func (a *App) managedView(ctx context.Context, tx *store.Tx, c catalog, ap domain.Appointment) (Booking, error) {
	parts, err := visitOf(ctx, tx, c.store.UserID, ap)
	if err != nil {
		return Booking{}, err
	}
	out := a.booking(c, parts)
	if out.Loyalty, err = a.bookingLoyalty(ctx, tx, c.store.UserID, ap.ClientPhone); err != nil {
		return out, err
	}
	if ap.SeriesID != "" {
		rest, err := tx.SeriesFrom(ctx, c.store.UserID, ap.SeriesID, max(ap.Date, a.Now().In(c.loc).Format(time.DateOnly)))
		if err != nil {
			return out, err
		}
		for _, next := range rest {
			if next.ID != ap.ID && domain.IsOpen(next.Status) && next.Date+next.Time > ap.Date+ap.Time {
				pro, _ := c.professional(next.ProfessionalID)
				out.NextDates = append(out.NextDates, SeriesDate{Date: next.Date, Time: next.Time, Professional: pro.Name})
			}
		}
	}
	return out, a.bookingConsent(ctx, tx, c.store.UserID, &out)
}

// changeClosed is the error for a change the manage link no longer allows.
func changeClosed(c catalog, b Booking) error {
	if !domain.HoldsSlot(b.Status) {
		return domain.Invalid("Este agendamento foi cancelado e não pode mais ser alterado.", nil)
	}
	if b.Status == domain.StatusCompleted {
		return domain.Invalid("Este atendimento já foi concluído.", nil)
	}
	return domain.Invalid(fmt.Sprintf("Alterações pelo link são possíveis até %s antes do horário. Fale com a loja.",
		humanMinutes(c.store.MinNoticeMin)), nil)
}

// CancelBooking cancels the booking a manage link names, until the store's
// minimum notice before it. Errors: rate_limited (changes from the IP),
// not_found (an invalid link), invalid (a booking cancelled, completed or
// within the notice).
func (a *App) CancelBooking(ctx context.Context, token string, m Meta) (Booking, error) {
	if err := a.allowHere(a.limits.publicChange, m.IP); err != nil {
		return Booking{}, err
	}
	var freed []domain.Appointment // the times the visit gives back, for the waitlist
	var userID string
	b, err := a.changeBooking(ctx, token, m, domain.MessageStaffCancelled, func(tx *store.Tx, c catalog, parts []domain.Appointment) error {
		freed, userID = slices.Clone(parts), c.store.UserID
		for i := range parts { // the whole visit
			ap := &parts[i]
			ap.Status, ap.UpdatedAt, ap.UpdatedBy = domain.StatusCancelled, a.Now(), "" // the customer
			if err := tx.SaveAppointment(ctx, c.store.UserID, *ap, false); err != nil {
				return err
			}
		}
		return nil
	})
	if err == nil {
		a.refill(ctx, userID, freed...)
	}
	return b, err
}

// MoveBooking moves the booking a manage link names to another free time
// with the same professional, until the store's minimum notice before it.
// Errors: rate_limited (changes from the IP), not_found (an invalid link),
// invalid (a bad date or time; a booking cancelled, completed or within the
// notice; a new time not on offer; a professional who no longer performs the
// service), conflict (the new time was just taken).
func (a *App) MoveBooking(ctx context.Context, token string, in MoveInput, m Meta) (Booking, error) {
	if err := a.allowHere(a.limits.publicChange, m.IP); err != nil {
		return Booking{}, err
	}
	pr := domain.Problems{}
	if !domain.ValidDate(in.Date) {
		pr.Add("date", "Informe uma data válida")
	}
	if _, ok := domain.ParseClock(in.Time); !ok {
		pr.Add("time", "Informe um horário entre 00:00 e 23:59")
	}
	if err := pr.Err(); err != nil {
		return Booking{}, err
	}
	var freed []domain.Appointment // the times the move gives back, for the waitlist
	var userID string
	b, err := a.changeBooking(ctx, token, m, domain.MessageStaffMoved, func(tx *store.Tx, c catalog, parts []domain.Appointment) error {
		st := c.store
		freed, userID = slices.Clone(parts), st.UserID
		if len(parts) > 1 {
			return a.moveVisit(ctx, tx, c, parts, in)
		}
		ap := &parts[0]
		ap.Date, ap.Time, ap.UpdatedAt, ap.ReminderSentAt, ap.UpdatedBy = in.Date, in.Time, a.Now(), nil, "" // the customer
		return a.book(ctx, tx, st.UserID, ap, false, bookingRules{customer: &st})
	})
	if err == nil {
		a.refill(ctx, userID, freed...)
	}
	return b, err
}

// changeBooking applies change to the booking a manage link names, in one
// write transaction, while the store's minimum notice still allows it, and
// tells the owner's open screens.
func (a *App) changeBooking(ctx context.Context, token string, m Meta, notice string, change func(*store.Tx, catalog, []domain.Appointment) error) (Booking, error) {
	var out Booking
	var userID string
	var parts []domain.Appointment
	err := a.db.Write(ctx, func(tx *store.Tx) error {
		if err := a.takeShared(ctx, tx, hit{a.limits.publicChange, m.IP}); err != nil {
			return err
		}
		c, ap, err := a.managed(ctx, tx, token)
		if err != nil {
			return err
		}
		if parts, err = visitOf(ctx, tx, c.store.UserID, ap); err != nil {
			return err
		}
		if b := a.booking(c, parts); !b.CanChange {
			return changeClosed(c, b)
		}
		if err := change(tx, c, parts); err != nil {
			return err
		}
		if err := a.followMessages(ctx, tx, c.store.UserID, false, ap); err != nil {
			return err
		}
		if err := a.noticeStaff(ctx, tx, c.store.UserID, notice, parts); err != nil {
			return err
		}
		// The manage link's whole view, consent sentence included: the
		// page shows the answer in place of what it read.
		userID = c.store.UserID
		out, err = a.managedView(ctx, tx, c, parts[0])
		return err
	})
	if err != nil {
		return Booking{}, err
	}
	for _, part := range parts {
		a.publishAbout(userID, part.ProfessionalID, domain.EventAppointmentUpdated, part.ID)
	}
	return out, nil
}

// BookingAvailability returns the free times a booking could move to: same
// service and professional, its own slot counted as free. Errors: not_found
// (an invalid link, or its professional is gone), invalid (a bad from or
// days).
func (a *App) BookingAvailability(ctx context.Context, token, from string, days int) ([]schedule.Day, error) {
	var out []schedule.Day
	err := a.db.Read(ctx, func(tx *store.Tx) error {
		c, ap, err := a.managed(ctx, tx, token)
		if err != nil {
			return err
		}
		pro, ok := c.professional(ap.ProfessionalID)
		if !ok {
			return domain.Errorf(domain.CodeNotFound, msgLinkInvalid)
		}
		from, to, err := a.window(c, from, days)
		if err != nil {
			return err
		}
		parts, err := visitOf(ctx, tx, c.store.UserID, ap)
		if err != nil {
			return err
		}
		if len(parts) > 1 {
			out, err = a.visitTimes(ctx, tx, c, parts, from, to)
			return err
		}
		busy, err := tx.Busy(ctx, pro.ID, from, to, ap.ID)
		if err != nil {
			return err
		}
		out = a.freeTimes(c, pro, ap.DurationMin, ap.Timing, from, to, busy)
		return nil
	})
	return out, err
}

// ConsentChoice is the customer's choice on their booking's manage link.
type ConsentChoice struct {
	Granted bool `json:"granted"`
}

// SetBookingConsent records the customer's choice from their manage link
// and returns the booking. Errors: rate_limited (changes from the IP),
// not_found (an invalid link), invalid (an anonymised client).
func (a *App) SetBookingConsent(ctx context.Context, token string, in ConsentChoice, m Meta) (Booking, error) {
	if err := a.allowHere(a.limits.publicChange, m.IP); err != nil {
		return Booking{}, err
	}
	var out Booking
	err := a.db.Write(ctx, func(tx *store.Tx) error {
		if err := a.takeShared(ctx, tx, hit{a.limits.publicChange, m.IP}); err != nil {
			return err
		}
		c, ap, err := a.managed(ctx, tx, token)
		if err != nil {
			return err
		}
		if domain.IsAnonymousPhone(ap.ClientPhone) {
			return domain.Invalid("Os dados deste agendamento foram removidos a pedido do cliente", nil)
		}
		if _, err := a.consentRecord(ctx, tx, c.store.UserID, ap.ClientPhone, in.Granted, domain.ConsentManageLink); err != nil {
			return err
		}
		out, err = a.managedView(ctx, tx, c, ap)
		return err
	})
	return out, err
}

// bookingConsent fills the booking's consent fields.
func (a *App) bookingConsent(ctx context.Context, tx *store.Tx, userID string, b *Booking) error {
	cc, err := clientConsent(ctx, tx, userID, b.ClientPhone)
	b.MarketingConsent, b.ConsentText = cc.Granted, cc.Text
	return err
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
		if err := lockCandidates(ctx, tx, c.store.UserID, ids); err != nil {
			return nil, err
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
	// Back to back from the new start, as visitTimes checked them (an owner
	// may have moved one service alone).
	at, _ := domain.ParseClock(in.Time)
	later := in.Date+in.Time > parts[0].Date+parts[0].Time
	for i := range parts {
		p := &parts[i]
		p.Date, p.Time, p.UpdatedAt, p.ReminderSentAt, p.UpdatedBy = in.Date, domain.FormatClock(at), a.Now(), nil, ""
		at += p.DurationMin
	}
	st := c.store
	return a.bookParts(ctx, tx, st.UserID, parts, later, false, bookingRules{customer: &st, visitChecked: true})
}
