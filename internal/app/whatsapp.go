package app

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"agendo/internal/domain"
	"agendo/internal/store"
)

// WhatsApp lists: clients to write to, each with a prefilled message and a
// wa.me link the owner opens with one tap (no API, no cost). Only clients
// who consented to news are listed (consent.go). A client marked as
// contacted leaves the lists for ContactedHidesFor.

// Kinds of WhatsApp list (domain.WhatsAppLists).
const (
	ListInactive = "inactive" // no visit for 30, 45, 60 or 90 days, nothing booked
	ListReward   = "reward"   // a reward earned and not used
	ListLevel    = "level"    // clients of one loyalty level
	ListBirthday = "birthday" // a birthday from today to 6 days on (issue 29)
)

// ContactedHidesFor is how long a contacted client stays off the lists.
const ContactedHidesFor = 7 * 24 * time.Hour

// WhatsAppListQuery names a list.
type WhatsAppListQuery struct {
	Kind  string `query:"kind,required" enum:"whatsappList"`
	Days  int    `query:"days" doc:"Para inactive: 30, 45, 60 ou 90 (30 por padrão)"`
	Level string `query:"level" doc:"Para level: o nome do nível"`
}

// WhatsAppContact is one client of a list.
type WhatsAppContact struct {
	Phone   string `json:"phone"`
	Name    string `json:"name"`
	Detail  string `json:"detail" doc:"Por que o cliente está na lista, por exemplo: Última visita em 02/09/2026"`
	Message string `json:"message"`
	Link    string `json:"link" doc:"https://wa.me/… com a mensagem"`
}

// WhatsAppList is a list's clients, how many it hides because they were
// contacted in the last 7 days, and how many because they have not agreed
// to receive news (or said 'SAIR').
type WhatsAppList struct {
	Items          []WhatsAppContact `json:"items"`
	Hidden         int               `json:"hidden"`
	WithoutConsent int               `json:"withoutConsent" doc:"Clientes fora da lista porque não aceitaram receber novidades pelo WhatsApp, ou pediram para sair"`
}

// WhatsAppList returns one of the caller's lists. Errors: invalid (an
// unknown kind, days other than 30, 45, 60 or 90, an unknown level).
func (a *App) WhatsAppList(ctx context.Context, p Principal, q WhatsAppListQuery) (WhatsAppList, error) {
	switch q.Kind {
	case ListInactive:
		if q.Days == 0 {
			q.Days = 30
		}
		if q.Days != 30 && q.Days != 45 && q.Days != 60 && q.Days != 90 {
			return WhatsAppList{}, domain.Invalid("Escolha 30, 45, 60 ou 90 dias sem visita", map[string]string{"days": "Use 30, 45, 60 ou 90"})
		}
	case ListReward, ListLevel, ListBirthday:
	default:
		return WhatsAppList{}, domain.Invalid("Lista desconhecida: use inactive, reward, level ou birthday", map[string]string{"kind": "Lista desconhecida"})
	}
	out := WhatsAppList{Items: []WhatsAppContact{}}
	err := a.db.Read(ctx, func(tx *store.Tx) error {
		st, err := tx.StoreByUser(ctx, p.StoreID)
		if err != nil && !errors.Is(err, domain.ErrNotFound) {
			return err
		}
		storeName := st.Name
		if storeName == "" {
			storeName = "nosso salão"
		}
		today := a.Now().In(storeLocation(st)).Format(time.DateOnly)
		contacted, err := tx.ContactedSince(ctx, p.StoreID, a.Now().Add(-ContactedHidesFor))
		if err != nil {
			return err
		}
		// Marketing goes only to those who said yes, and whose latest word
		// is not 'SAIR' (LGPD); reminders of appointments are not lists.
		consented, err := tx.Consented(ctx, p.StoreID)
		if err != nil {
			return err
		}
		v, err := a.phonesFor(ctx, tx, p)
		if err != nil {
			return err
		}
		var served map[string]bool // a profissional's lists hold the clients they served
		if own := p.own(); own != "" {
			if served, err = tx.PhonesServedBy(ctx, p.StoreID, own); err != nil {
				return err
			}
		}
		add := func(phone, name, detail, message string) {
			if served != nil && !served[phone] {
				return
			}
			if !consented[phone] {
				out.WithoutConsent++
				return
			}
			if contacted[phone] {
				out.Hidden++
				return
			}
			c := WhatsAppContact{Phone: v.phone(phone), Name: name, Detail: detail, Message: message}
			if !v.hidden() { // else the chat opens through the server (WhatsAppChat)
				c.Link = domain.WhatsAppLink(phone, message)
			}
			out.Items = append(out.Items, c)
		}
		switch q.Kind {
		case ListInactive:
			cutoff, _ := time.Parse(time.DateOnly, today)
			rows, err := tx.InactiveClients(ctx, p.StoreID, cutoff.AddDate(0, 0, -q.Days).Format(time.DateOnly), today)
			if err != nil {
				return err
			}
			link := ""
			if st.Slug != nil {
				link = " " + a.cfg.BaseURL + "/store/" + *st.Slug
			}
			for _, r := range rows {
				add(r.Phone, r.Name, "Última visita em "+brDate(r.LastVisit),
					fmt.Sprintf("Olá, %s! Sentimos sua falta no %s. Que tal agendar seu próximo horário?%s", firstName(r.Name), storeName, link))
			}
		case ListReward:
			promos, err := tx.Promotions(ctx, p.StoreID)
			if err != nil {
				return err
			}
			visits, err := tx.Visits(ctx, p.StoreID, "", "", "")
			if err != nil {
				return err
			}
			restarts, err := tx.PromotionRestarts(ctx, p.StoreID, "")
			if err != nil {
				return err
			}
			listed := map[string]bool{}
			for _, promo := range promos {
				for _, c := range domain.Eligible(domain.PromotionCards(promo, visits, restarts[promo.ID], today)) {
					if listed[c.Phone] {
						continue
					}
					listed[c.Phone] = true
					add(c.Phone, c.Name, "Ganhou: "+promo.Reward,
						fmt.Sprintf("Olá, %s! Você ganhou %s no %s. Venha aproveitar no seu próximo horário!", firstName(c.Name), promo.Reward, storeName))
				}
			}
		case ListBirthday:
			day, _ := time.Parse(time.DateOnly, today)
			// A day more: a 29 February comes on the 28th outside leap years.
			rows, err := tx.Birthdays(ctx, p.StoreID, day.Format("01-02"), day.AddDate(0, 0, 7).Format("01-02"))
			if err != nil {
				return err
			}
			link := ""
			if st.Slug != nil {
				link = " " + a.cfg.BaseURL + "/store/" + *st.Slug
			}
			for _, b := range birthdaysFrom(day, rows) {
				add(b.row.Phone, b.row.Name, b.detail,
					fmt.Sprintf("Olá, %s! Feliz aniversário! Toda a equipe do %s deseja um dia lindo. Que tal comemorar com um horário especial?%s",
						firstName(b.row.Name), storeName, link))
			}
		case ListLevel:
			g, err := gamification(ctx, tx, p.StoreID)
			if err != nil {
				return err
			}
			at := -1
			for i, l := range g.Levels {
				if strings.EqualFold(l.Name, strings.TrimSpace(q.Level)) {
					at = i
				}
			}
			if at < 0 {
				return domain.Invalid("Nível desconhecido: escolha um dos seus níveis de fidelidade", map[string]string{"level": "Nível desconhecido"})
			}
			rows, _, err := tx.Clients(ctx, p.StoreID, "", domain.ClientFilter{Sort: "spent", Limit: 5000})
			if err != nil {
				return err
			}
			level := g.Levels[at]
			for _, r := range rows {
				if domain.LevelOf(g.Levels, r.Completed, r.SpentCents) != at {
					continue
				}
				add(r.Phone, r.Name, fmt.Sprintf("%s · %s gastos", level.Name, domain.FormatBRL(r.SpentCents)),
					fmt.Sprintf("Olá, %s! Você é cliente %s no %s. Obrigado pela preferência! Esperamos você em breve.", firstName(r.Name), level.Name, storeName))
			}
		}
		return nil
	})
	return out, err
}

// ContactedInput names the client the owner just wrote to.
type ContactedInput struct {
	Phone string `json:"phone"`
}

// MarkContacted hides a client from the WhatsApp lists for 7 days. Errors:
// invalid (a bad phone).
func (a *App) MarkContacted(ctx context.Context, p Principal, in ContactedInput) error {
	phone, ok := domain.NormalizePhone(a.openPhone(p, in.Phone))
	if !ok {
		return domain.Invalid("Telefone inválido", map[string]string{"phone": "Telefone inválido"})
	}
	return a.db.Write(ctx, func(tx *store.Tx) error { return tx.MarkContacted(ctx, p.StoreID, phone, a.Now()) })
}

// ChatInput is the message a WhatsApp conversation opens with.
type ChatInput struct {
	Text string `json:"text" max:"whatsappText"`
}

// Chat is a WhatsApp conversation's address.
type Chat struct {
	Link string `json:"link" doc:"https://wa.me/… com a mensagem"`
}

// WhatsAppChat is the wa.me address of a conversation with a client, the
// message typed in: how a profissional who is shown masked phones opens
// WhatsApp (the client's card, a reminder, a list). Errors: invalid (a
// message too long), not_found (no such client, or one p never served; an
// anonymised client has no phone).
func (a *App) WhatsAppChat(ctx context.Context, p Principal, phone string, in ChatInput) (Chat, error) {
	text, ok := domain.CleanText(in.Text, domain.MaxWhatsAppTextLen)
	if !ok {
		msg := fmt.Sprintf("A mensagem pode ter até %d caracteres", domain.MaxWhatsAppTextLen)
		return Chat{}, domain.Invalid(msg, map[string]string{"text": msg})
	}
	e164, ok := domain.NormalizePhone(a.openPhone(p, phone))
	if !ok {
		return Chat{}, domain.ErrNotFound
	}
	err := a.readAs(ctx, p, func(tx *store.Tx) error {
		if _, err := tx.ClientSummary(ctx, p.StoreID, e164); err != nil {
			return err
		}
		return servedBy(ctx, tx, p, e164)
	})
	if err != nil {
		return Chat{}, err
	}
	return Chat{Link: domain.WhatsAppLink(e164, text)}, nil
}

// birthday is a client of the week's birthdays, with when.
type birthday struct {
	row    store.ClientRow
	in     int // days from today
	detail string
}

// birthdaysFrom keeps of rows those whose birthday falls from day to 6
// days on, ordered by how soon, and says when: 'Aniversário hoje',
// 'amanhã', or the weekday and date, with the age when the year is known.
// A 29 February outside a leap year is kept on the 28th.
func birthdaysFrom(day time.Time, rows []store.ClientRow) []birthday {
	out := []birthday{}
	for _, r := range rows {
		md := domain.BirthMonthDay(r.Birthday)
		for i := range 7 {
			d := day.AddDate(0, 0, i)
			leapDay := md == "02-29" && d.Format("01-02") == "02-28" && d.AddDate(0, 0, 1).Month() == time.March
			if d.Format("01-02") != md && !leapDay {
				continue
			}
			detail := "Aniversário " + brWeekday(d) + ", " + d.Format("02/01")
			switch i {
			case 0:
				detail = "Aniversário hoje"
			case 1:
				detail = "Aniversário amanhã"
			}
			if year, err := strconv.Atoi(r.Birthday[:4]); err == nil && d.Year() > year {
				detail += fmt.Sprintf(" · %d anos", d.Year()-year)
			}
			out = append(out, birthday{r, i, detail})
			break
		}
	}
	slices.SortStableFunc(out, func(a, b birthday) int { return a.in - b.in })
	return out
}
