package app

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"agendo/internal/domain"
	"agendo/internal/store"
)

// The waitlist (issue 29): when a Saturday is full, a customer on the store
// page joins the line for it. When a time frees (a cancellation, a
// deletion, a no-show marked before the time), the first in line whose
// service fits it is offered it: a blocked time holds it for
// domain.WaitlistHold, the customer gets a one-use link by email (when she
// gave one) and the salon a WhatsApp message ready to send, and the link
// books the time through the normal booking path. An offer not taken in
// time goes to the next in line.

const (
	msgOfferGone   = "Este horário não está mais reservado para você: o prazo de 30 minutos acabou ou a oferta já foi usada."
	msgWaitlistBad = "Link da lista de espera inválido"
)

// WaitlistInput is a customer joining the line for a day.
type WaitlistInput struct {
	ServiceID      string `json:"serviceId" format:"uuid"`
	ProfessionalID string `json:"professionalId" doc:"O id, ou \"any\" para qualquer profissional"`
	Date           string `json:"date" format:"date"`
	ClientName     string `json:"clientName" max:"name"`
	ClientPhone    string `json:"clientPhone"`
	ClientEmail    string `json:"clientEmail" max:"email" doc:"Para receber o aviso automático; opcional"`
}

// WaitlistJoined is the customer's place in the line.
type WaitlistJoined struct {
	Position int    `json:"position" doc:"1 é o primeiro da fila"`
	Date     string `json:"date" format:"date"`
}

// WaitlistOffer is what a customer's link shows.
type WaitlistOffer struct {
	Status       string     `json:"status" enum:"waitlistStatus"`
	StoreName    string     `json:"storeName"`
	StoreSlug    string     `json:"storeSlug"`
	ClientName   string     `json:"clientName"`
	Service      string     `json:"service"`
	Professional string     `json:"professional"`
	Date         string     `json:"date" format:"date"`
	Time         string     `json:"time" format:"hhmm"`
	ExpiresAt    *time.Time `json:"expiresAt"`
}

// WaitlistItem is an entry as the salon sees it, with the WhatsApp
// message of an offer ready to send.
type WaitlistItem struct {
	domain.WaitlistEntry
	ServiceName      string `json:"serviceName"`
	ProfessionalName string `json:"professionalName" doc:"Vazio: qualquer profissional"`
	OfferLink        string `json:"offerLink" doc:"O link que reserva o horário oferecido"`
	WhatsApp         string `json:"whatsapp" doc:"https://wa.me/… com a oferta, para o salão enviar com um toque"`
}

// WaitlistView is the salon's list, from today on.
type WaitlistView struct {
	Items []WaitlistItem `json:"items"`
}

// JoinWaitlist puts a customer in the line for a day of a service (and a
// professional, or anyone who does it). Joining twice keeps the first
// place. Errors: rate_limited, not_found (no published store), invalid (a
// bad field, a day past or beyond the horizon, a service or professional
// not offered, a full line).
func (a *App) JoinWaitlist(ctx context.Context, slug string, in WaitlistInput, m Meta) (WaitlistJoined, error) {
	if err := a.allowHere(a.limits.publicBookIP, m.IP); err != nil {
		return WaitlistJoined{}, err
	}
	pr := domain.Problems{}
	name, ok := domain.CleanName(in.ClientName)
	if !ok {
		pr.Add("clientName", "Informe seu nome (até 120 caracteres)")
	}
	phone, ok := domain.NormalizePhone(in.ClientPhone)
	if !ok {
		pr.Add("clientPhone", msgInvalidPhone)
	}
	email := ""
	if strings.TrimSpace(in.ClientEmail) != "" {
		if email, ok = domain.NormalizeEmail(in.ClientEmail); !ok {
			pr.Add("clientEmail", "E-mail inválido")
		}
	}
	day, err := time.Parse(time.DateOnly, in.Date)
	if err != nil {
		pr.Add("date", "Data inválida")
	}
	if err := pr.Err(); err != nil {
		return WaitlistJoined{}, err
	}
	var c catalog
	if err := a.db.Read(ctx, func(tx *store.Tx) error {
		c, _, err = a.catalogBySlug(ctx, tx, slug)
		return err
	}); err != nil {
		return WaitlistJoined{}, err
	}
	svc, ok := c.service(in.ServiceID)
	if !ok {
		return WaitlistJoined{}, domain.Invalid("Serviço não encontrado", map[string]string{"serviceId": "Serviço não encontrado"})
	}
	pro := ""
	if in.ProfessionalID != AnyProfessional && in.ProfessionalID != "" {
		if _, ok := c.professional(in.ProfessionalID); !ok || !slices.Contains(svc.ProfessionalIDs, in.ProfessionalID) {
			return WaitlistJoined{}, domain.Invalid("Este profissional não faz este serviço",
				map[string]string{"professionalId": "Profissional não encontrado"})
		}
		pro = in.ProfessionalID
	}
	today := a.Now().In(c.loc)
	first := time.Date(today.Year(), today.Month(), today.Day(), 0, 0, 0, 0, time.UTC)
	if day.Before(first) || day.After(first.AddDate(0, 0, c.store.HorizonDays)) {
		return WaitlistJoined{}, domain.Invalid(fmt.Sprintf("Escolha um dia de hoje até %d dias à frente", c.store.HorizonDays),
			map[string]string{"date": "Dia fora da agenda da loja"})
	}
	userID := c.store.UserID
	var out WaitlistJoined
	err = a.db.Write(ctx, func(tx *store.Tx) error {
		if err := tx.Lock(ctx, lockWaitlist, userID+"|"+in.Date); err != nil {
			return err
		}
		line, err := tx.WaitlistDay(ctx, userID, in.Date)
		if err != nil {
			return err
		}
		out.Date = in.Date
		for i, e := range line {
			if e.ClientPhone == phone && e.ServiceID == svc.ID {
				out.Position = i + 1
				return nil
			}
		}
		if len(line) >= domain.MaxWaitlistPerDay {
			return domain.Invalid("A lista de espera deste dia está cheia. Escolha outro dia ou fale com a loja.", nil)
		}
		out.Position = len(line) + 1
		return tx.AddWaitlistEntry(ctx, userID, domain.WaitlistEntry{ID: newID(), Date: in.Date, ServiceID: svc.ID,
			ProfessionalID: pro, ClientName: name, ClientPhone: phone, ClientEmail: email, Status: domain.WaitlistWaiting,
			CreatedAt: a.Now()})
	})
	if err != nil {
		return WaitlistJoined{}, err
	}
	a.publish(userID, domain.EventWaitlistUpdated, in.Date)
	return out, nil
}

// offerEntry opens an offer's link: the entry and its store. Errors:
// not_found (a forged or unknown link).
func (a *App) offerEntry(ctx context.Context, tx *store.Tx, token string) (domain.WaitlistEntry, catalog, error) {
	id, ok := a.tokens.Open(waitlistScope, token)
	if !ok {
		return domain.WaitlistEntry{}, catalog{}, domain.Errorf(domain.CodeNotFound, msgWaitlistBad)
	}
	e, userID, err := tx.WaitlistEntry(ctx, "", id)
	if errors.Is(err, domain.ErrNotFound) {
		return e, catalog{}, domain.Errorf(domain.CodeNotFound, msgWaitlistBad)
	} else if err != nil {
		return e, catalog{}, err
	}
	c, err := catalogOf(ctx, tx, userID)
	return e, c, err
}

// ViewWaitlistOffer shows what a customer's link offers. Errors:
// not_found.
func (a *App) ViewWaitlistOffer(ctx context.Context, token string) (WaitlistOffer, error) {
	var out WaitlistOffer
	err := a.db.Read(ctx, func(tx *store.Tx) error {
		e, c, err := a.offerEntry(ctx, tx, token)
		if err != nil {
			return err
		}
		svc, _ := c.service(e.ServiceID)
		pro, _ := c.professional(e.OfferPro)
		out = WaitlistOffer{Status: e.Status, StoreName: c.store.Name, ClientName: e.ClientName, Service: svc.Name,
			Professional: pro.Name, Date: e.Date, Time: e.OfferTime, ExpiresAt: e.OfferExpiresAt}
		if c.store.Slug != nil {
			out.StoreSlug = *c.store.Slug
		}
		if e.Status == domain.WaitlistOffered && e.OfferExpiresAt != nil && !a.Now().Before(*e.OfferExpiresAt) {
			out.Status = domain.WaitlistExpired
		}
		return nil
	})
	return out, err
}

// ClaimWaitlistOffer books the time an offer holds, once, through the
// normal booking path (the hold is lifted in the same transaction).
// Errors: not_found, invalid (the offer passed or was used), conflict,
// plan_limit.
func (a *App) ClaimWaitlistOffer(ctx context.Context, token string, m Meta) (Booking, error) {
	if err := a.allowHere(a.limits.publicChange, m.IP); err != nil {
		return Booking{}, err
	}
	var out Booking
	var userID string
	var ap domain.Appointment
	err := a.db.Write(ctx, func(tx *store.Tx) error {
		e, c, err := a.offerEntry(ctx, tx, token)
		if err != nil {
			return err
		}
		userID = c.store.UserID
		if err := tx.Lock(ctx, lockWaitlist, userID+"|"+e.Date); err != nil {
			return err
		}
		if e, _, err = tx.WaitlistEntry(ctx, userID, e.ID); err != nil { // read again under the lock
			return err
		}
		if e.Status != domain.WaitlistOffered || e.OfferExpiresAt == nil || !a.Now().Before(*e.OfferExpiresAt) {
			return domain.Invalid(msgOfferGone, nil)
		}
		if err := dropHold(ctx, tx, userID, e.HoldID); err != nil {
			return err
		}
		now := a.Now()
		ap = domain.Appointment{ID: newID(), ClientName: e.ClientName, ClientPhone: e.ClientPhone, ServiceID: e.ServiceID,
			ProfessionalID: e.OfferPro, Date: e.Date, Time: e.OfferTime, Source: domain.SourcePublic, Status: domain.StatusScheduled,
			CreatedAt: now, UpdatedAt: now}
		// The salon's own rules, not the store page's: the time is one the
		// salon offered (its hours and step held the appointment that
		// freed it, and the notice was counted when it was offered); the
		// agenda is checked as for any booking, and the plan's limit.
		if err := a.book(ctx, tx, userID, &ap, true, bookingRules{}); err != nil {
			return err
		}
		booked := e
		booked.Status, booked.AppointmentID, booked.HoldID = domain.WaitlistBooked, ap.ID, ""
		if ok, err := tx.SaveWaitlistEntry(ctx, userID, booked, domain.WaitlistOffered); err != nil {
			return err
		} else if !ok {
			return domain.Invalid(msgOfferGone, nil)
		}
		if err := a.giveEmail(ctx, tx, userID, ap.ClientPhone, e.ClientEmail, domain.ChannelSourceBooking); err != nil {
			return err
		}
		if err := a.followMessages(ctx, tx, userID, true, ap); err != nil {
			return err
		}
		if err := a.noticeStaff(ctx, tx, userID, domain.MessageStaffBooked, []domain.Appointment{ap}); err != nil {
			return err
		}
		out = a.booking(c, []domain.Appointment{ap})
		return nil
	})
	if err != nil {
		return Booking{}, err
	}
	a.publishAbout(userID, ap.ProfessionalID, domain.EventAppointmentBooked, ap.ID)
	a.publish(userID, domain.EventWaitlistUpdated, ap.Date)
	return out, nil
}

// Waitlist lists the caller's line from today on, each offer with its
// link and a WhatsApp message ready. A profissional sees those waiting
// for them (or anyone). Errors: none besides internal.
func (a *App) Waitlist(ctx context.Context, p Principal) (WaitlistView, error) {
	out := WaitlistView{Items: []WaitlistItem{}}
	err := a.db.Read(ctx, func(tx *store.Tx) error {
		st, err := tx.StoreByUser(ctx, p.StoreID)
		if err != nil {
			return err
		}
		c, err := loadCatalog(ctx, tx, st)
		if err != nil {
			return err
		}
		list, err := tx.Waitlist(ctx, p.StoreID, a.Now().In(c.loc).Format(time.DateOnly))
		if err != nil {
			return err
		}
		v, err := a.phonesFor(ctx, tx, p)
		if err != nil {
			return err
		}
		for _, e := range list {
			if !seesEntry(p, e) {
				continue
			}
			svc, _ := c.service(e.ServiceID)
			it := WaitlistItem{WaitlistEntry: e, ServiceName: svc.Name}
			if pro, ok := c.professional(e.ProfessionalID); ok {
				it.ProfessionalName = pro.Name
			}
			if e.Status == domain.WaitlistOffered {
				it.OfferLink = a.offerURL(e.ID)
				msg := fmt.Sprintf("Olá, %s! Abriu um horário no %s: %s às %s. Ele está reservado para você por 30 minutos. Para confirmar, toque aqui: %s",
					firstName(e.ClientName), st.Name, brDate(e.Date), e.OfferTime, it.OfferLink)
				if !v.hidden() {
					it.WhatsApp = domain.WhatsAppLink(e.ClientPhone, msg)
				}
			}
			it.ClientPhone = v.phone(e.ClientPhone)
			if v.hidden() {
				it.ClientEmail = ""
			}
			out.Items = append(out.Items, it)
		}
		return nil
	})
	return out, err
}

// seesEntry tells whether p sees a waitlist entry: a profissional, those
// waiting for them, for anyone, or offered a time of theirs.
func seesEntry(p Principal, e domain.WaitlistEntry) bool {
	own := p.own()
	return own == "" || e.ProfessionalID == "" || e.ProfessionalID == own || e.OfferPro == own
}

// RemoveWaitlistEntry takes a customer out of the line (an offer's hold is
// freed, and offered to the next). Errors: not_found.
func (a *App) RemoveWaitlistEntry(ctx context.Context, p Principal, id string) error {
	var e domain.WaitlistEntry
	err := a.db.Write(ctx, func(tx *store.Tx) error {
		var err error
		if e, _, err = tx.WaitlistEntry(ctx, p.StoreID, id); err != nil {
			return err
		}
		if !seesEntry(p, e) {
			return domain.ErrNotFound
		}
		if err := tx.Lock(ctx, lockWaitlist, p.StoreID+"|"+e.Date); err != nil {
			return err
		}
		if e.Status != domain.WaitlistWaiting && e.Status != domain.WaitlistOffered {
			return domain.Invalid("Este cliente não está mais na fila", nil)
		}
		removed := e
		removed.Status, removed.HoldID = domain.WaitlistRemoved, ""
		if ok, err := tx.SaveWaitlistEntry(ctx, p.StoreID, removed, e.Status); err != nil || !ok {
			if err == nil {
				err = domain.Invalid("Este cliente não está mais na fila", nil)
			}
			return err
		}
		if e.Status != domain.WaitlistOffered {
			return nil
		}
		if err := dropHold(ctx, tx, p.StoreID, e.HoldID); err != nil {
			return err
		}
		return a.offerSlot(ctx, tx, p.StoreID, e.Date, e.OfferPro, e.OfferTime, e.OfferMinutes)
	})
	if err == nil {
		a.publish(p.StoreID, domain.EventWaitlistUpdated, e.Date)
	}
	return err
}
