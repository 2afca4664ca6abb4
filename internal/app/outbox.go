package app

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"os"
	"slices"
	"strings"
	"time"

	"agendo/internal/domain"
	"agendo/internal/mail"
	"agendo/internal/push"
	"agendo/internal/store"
)

// Messages (issue 28), the sending half: workers claim due messages with a
// lease, write each from its visit as it is then, send it and record the
// outcome; a failure is tried again later (domain.RetryDelay), up to
// domain.MaxMessageAttempts. Several instances may run workers on one
// PostgreSQL: a message is claimed by one at a time (store.ClaimMessages),
// and one whose worker died is claimed again when its lease runs out. The
// only window in which a message can go twice is a worker killed after the
// mail server took it and before the outcome was written: it goes again
// with the same Message-ID, which mailboxes read as one message.

// messageBatch is how many messages a worker claims at a time.
const messageBatch = 20

// WorkerName names this process's worker in the leases it takes.
func WorkerName() string {
	host, _ := os.Hostname()
	return fmt.Sprintf("%s-%d-%s", host, os.Getpid(), newID()[:8])
}

// RunOutbox sends due messages as worker, every period, until ctx ends;
// first, it ends the waitlist's offers not taken in time (their times go
// to the next in line, whose message then goes in the same round).
func (a *App) RunOutbox(ctx context.Context, worker string, period time.Duration) {
	t := time.NewTicker(period)
	defer t.Stop()
	for {
		if err := a.ExpireWaitlistOffers(ctx); err != nil && ctx.Err() == nil {
			a.log.Error("waitlist", "err", err)
		}
		for {
			n, err := a.SendDueMessages(ctx, worker)
			if err != nil && ctx.Err() == nil {
				a.log.Error("outbox", "err", err)
			}
			if n < messageBatch || err != nil {
				break
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// SendDueMessages claims the messages due now (up to a batch) for worker,
// sends them and records each outcome; it returns how many it claimed.
func (a *App) SendDueMessages(ctx context.Context, worker string) (int, error) {
	var claimed []domain.Message
	err := a.db.Write(ctx, func(tx *store.Tx) error {
		var err error
		claimed, err = tx.ClaimMessages(ctx, worker, a.Now(), a.messageLease(), messageBatch)
		return err
	})
	if err != nil {
		return 0, err
	}
	for _, m := range claimed {
		if ctx.Err() != nil { // shutting down: the rest go back when their lease runs out
			return len(claimed), nil
		}
		if err := a.deliver(ctx, worker, m); err != nil {
			return len(claimed), err
		}
	}
	return len(claimed), nil
}

// messageLease is how long a worker holds what it claimed.
func (a *App) messageLease() time.Duration {
	if a.cfg.MessageLease > 0 {
		return a.cfg.MessageLease
	}
	return domain.MessageLease
}

// outgoing is a message written, ready to go by its channel.
type outgoing struct {
	email *mail.Message
	push  *pushOut
}

// pushOut is a push and the browser it goes to.
type pushOut struct {
	sub domain.PushSubscription
	msg push.Message
}

// deliver sends one claimed message and records the outcome. The lease is
// taken again first: the batch's lease may have run out while the messages
// before it were slow to go, and another worker may hold it now. The
// outcome is written even while the server shuts down (a message sent and
// not recorded would go again).
func (a *App) deliver(ctx context.Context, worker string, m domain.Message) error {
	var held bool
	err := a.db.Write(ctx, func(tx *store.Tx) error {
		var err error
		held, err = tx.RenewLease(ctx, worker, m.ID, a.Now(), a.messageLease())
		return err
	})
	if err != nil || !held {
		return err
	}
	out, why, err := a.writeMessage(ctx, m)
	if err == nil && why == "" {
		err = a.send(ctx, m, out)
		if errors.Is(err, push.ErrGone) {
			why, err = whyPushGone, nil
		}
	}
	now := a.Now()
	switch {
	case why != "":
		m.Status, m.Error = domain.MessageCancelled, why
	case err == nil:
		m.Status, m.SentAt, m.Error = domain.MessageSent, &now, ""
	case m.Attempts >= domain.MaxMessageAttempts:
		m.Status, m.Error = domain.MessageFailed, whyGivenUp
		a.log.Warn("message given up", "id", m.ID, "err", err)
	default:
		m.NextAt, m.Error = now.Add(domain.RetryDelay(m.Attempts)), "Falha ao enviar; nova tentativa em breve"
		a.log.Info("message to retry", "id", m.ID, "attempt", m.Attempts, "err", err)
	}
	done, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	return a.db.Write(done, func(tx *store.Tx) error {
		held, err := tx.FinishMessage(done, worker, m)
		if err == nil && !held {
			a.log.Warn("message lease lost before its outcome was written", "id", m.ID)
		}
		if err == nil && why == whyPushGone && out.push != nil {
			err = a.forgetPush(done, tx, m.StoreID, out.push.sub, "")
		}
		return err
	})
}

// send hands a written message to its channel.
func (a *App) send(ctx context.Context, m domain.Message, out outgoing) error {
	if out.email != nil {
		return a.mailer.Send(ctx, *out.email)
	}
	sender, err := a.pusher(ctx)
	if err != nil {
		return err
	}
	return sender.Send(ctx, push.Subscription{Endpoint: out.push.sub.Endpoint, P256dh: out.push.sub.P256dh, Auth: out.push.sub.Auth}, out.push.msg)
}

// writeMessage writes m from its visit as it is now, or says why it is
// no longer to go.
func (a *App) writeMessage(ctx context.Context, m domain.Message) (out outgoing, why string, err error) {
	if m.Kind == domain.MessageWaitlistOffer {
		return a.writeWaitlistOffer(ctx, m)
	}
	err = a.db.Read(ctx, func(tx *store.Tx) error {
		parts, err := subjectParts(ctx, tx, m.StoreID, m.Subject)
		if err != nil {
			return err
		}
		staff := m.Kind != domain.MessageReminder && m.Kind != domain.MessageBooked
		i := slices.IndexFunc(parts, func(x domain.Appointment) bool { return domain.IsOpen(x.Status) })
		switch {
		case len(parts) == 0:
			why = whyEnded
			return nil
		case i < 0 && !staff:
			why = whyEnded
			return nil
		case i < 0:
			i = 0 // a cancellation's notice names the visit as it was
		}
		var sub domain.PushSubscription
		if m.Channel == domain.ChannelPush {
			if sub, err = tx.PushSubscription(ctx, m.StoreID, m.Recipient); errors.Is(err, domain.ErrNotFound) {
				why = whyPushGone
				return nil
			} else if err != nil {
				return err
			}
		}
		st, err := tx.StoreByUser(ctx, m.StoreID)
		if err != nil {
			return err
		}
		c, err := loadCatalog(ctx, tx, st)
		if err != nil {
			return err
		}
		if staff {
			members, err := tx.Members(ctx, m.StoreID)
			if err != nil {
				return err
			}
			mine := memberParts(m.StoreID, sub.MemberID, members, parts)
			if len(mine) == 0 {
				why = whyPushGone
				return nil
			}
			out.push = &pushOut{sub, a.staffPush(c, mine, m)}
			return nil
		}
		settings, err := reminderSettings(ctx, tx, m.StoreID)
		if err != nil {
			return err
		}
		email, err := clientEmail(ctx, tx, m.StoreID, parts[i].ClientPhone)
		switch {
		case err != nil:
			return err
		case m.Channel == domain.ChannelEmail && email != m.Recipient:
			why = whyOptedOut
		case m.Channel == domain.ChannelPush && sub.ClientPhone != parts[i].ClientPhone:
			why = whyPushGone
		case m.Kind == domain.MessageReminder && m.Channel == domain.ChannelEmail && !settings.Email:
			why = whyStopped
		case m.Kind == domain.MessageReminder && m.Channel == domain.ChannelPush && !settings.Push:
			why = whyNoPush
		case m.Kind == domain.MessageReminder && !startOf(c, parts[i]).After(a.Now()):
			why = whyPast
		case m.Channel == domain.ChannelPush:
			out.push = &pushOut{sub, a.reminderPush(c, parts[i:], m)}
		default:
			e := a.composeEmail(c, parts[i:], m, settings.Note)
			out.email = &e
		}
		return nil
	})
	return out, why, err
}

// messageToken is the link a message carries to its page (confirm, stop).
func (a *App) messageToken(id string) string { return a.tokens.Seal("message", id) }

// reminderAPI is the address of message id's link in the API.
func (a *App) reminderAPI(id string) string {
	return a.cfg.BaseURL + "/api/v1/public/reminders/" + a.messageToken(id)
}

// composeEmail writes a message about the visit parts (from its first
// service still held) in text and HTML.
func (a *App) composeEmail(c catalog, parts []domain.Appointment, m domain.Message, note string) mail.Message {
	parts = slices.DeleteFunc(slices.Clone(parts), func(x domain.Appointment) bool { return !domain.IsOpen(x.Status) })
	b := a.booking(c, parts)
	start := startOf(c, parts[0])
	what := visitName(b)
	link := a.cfg.BaseURL + domain.ReminderPath + a.messageToken(m.ID)
	manage := a.cfg.BaseURL + domain.ManagePath + b.Token
	storeName := cmp.Or(c.store.Name, "o salão")
	var subject, lead string
	confirmed := parts[0].Status == domain.StatusConfirmed
	if m.Kind == domain.MessageReminder {
		subject = domain.ReminderTitle(start, a.Now(), what, b.Services[0].Professional.Name, c.store.Name)
		lead = "Lembrete do seu horário " + domain.At(storeName) + " " + storeName + ":"
	} else {
		subject = "Horário marcado: " + domain.ReminderTitle(start, a.Now(), what, b.Services[0].Professional.Name, c.store.Name)
		lead = "Seu horário " + domain.At(storeName) + " " + storeName + " está marcado:"
	}
	when := brWeekday(start) + ", " + start.Format("02/01") + ", às " + start.Format("15:04")
	var lines []string
	for _, s := range b.Services {
		line := s.Service.Name
		if s.Professional.Name != "" {
			line += " com " + s.Professional.Name
		}
		if len(b.Services) > 1 {
			line = s.Time + " " + line
		}
		lines = append(lines, line)
	}
	if b.Price != nil && *b.Price > 0 {
		lines = append(lines, "Total: "+domain.FormatBRL(*b.Price))
	}
	place := []string{storeName}
	if c.store.Address != "" {
		place = append(place, c.store.Address)
	}
	var t strings.Builder
	fmt.Fprintf(&t, "Olá, %s!\n\n%s\n\n%s\n%s\n\n%s\n\n", firstName(parts[0].ClientName), lead, when, strings.Join(lines, "\n"), strings.Join(place, "\n"))
	switch {
	case m.Kind == domain.MessageReminder && !confirmed:
		fmt.Fprintf(&t, "Confirmar presença: %s\n", link)
	case confirmed:
		t.WriteString("Sua presença está confirmada.\n")
	}
	fmt.Fprintf(&t, "Remarcar ou cancelar: %s\n", manage)
	if note != "" {
		fmt.Fprintf(&t, "\n%s\n", note)
	}
	stop := link + "?sair=1"
	fmt.Fprintf(&t, "\n—\nVocê recebe este e-mail porque deixou este endereço para lembretes %s %s.\nNão quer mais lembretes por e-mail? %s\n",
		domain.At(storeName), storeName, stop)

	e := html.EscapeString
	var h strings.Builder
	h.WriteString(`<!doctype html><html lang="pt-BR"><body style="margin:0;padding:24px;background:#f6f6f7;font-family:Arial,Helvetica,sans-serif;color:#1f2937">` + "\n")
	h.WriteString(`<div style="max-width:480px;margin:0 auto;background:#fff;border-radius:12px;padding:24px">` + "\n")
	fmt.Fprintf(&h, "<p>Olá, %s!</p>\n<p>%s</p>\n", e(firstName(parts[0].ClientName)), e(lead))
	fmt.Fprintf(&h, "<p style=\"font-size:18px;font-weight:bold;margin:16px 0 4px\">%s</p>\n", e(when))
	for _, l := range lines {
		fmt.Fprintf(&h, "<p style=\"margin:2px 0\">%s</p>\n", e(l))
	}
	fmt.Fprintf(&h, "<p style=\"margin:16px 0;color:#4b5563\">%s</p>\n", strings.Join(mapEach(place, e), "<br>"))
	button := `<a href="%s" style="display:inline-block;padding:12px 20px;margin:4px 8px 4px 0;border-radius:8px;text-decoration:none;font-weight:bold;%s">%s</a>` + "\n"
	switch {
	case m.Kind == domain.MessageReminder && !confirmed:
		fmt.Fprintf(&h, button, e(link), "background:#7c3aed;color:#fff", "Confirmar presença")
	case confirmed:
		h.WriteString("<p><strong>Sua presença está confirmada.</strong></p>\n")
	}
	fmt.Fprintf(&h, button, e(manage), "background:#ede9fe;color:#5b21b6", "Remarcar ou cancelar")
	if note != "" {
		fmt.Fprintf(&h, "<p style=\"margin-top:16px\">%s</p>\n", e(note))
	}
	fmt.Fprintf(&h, "<p style=\"margin-top:24px;font-size:12px;color:#6b7280\">Você recebe este e-mail porque deixou este endereço para lembretes %s %s.<br>\n<a href=\"%s\" style=\"color:#6b7280\">Não quero mais lembretes por e-mail</a></p>\n",
		domain.At(storeName), e(storeName), e(stop))
	h.WriteString("</div></body></html>\n")
	return mail.Message{To: m.Recipient, Subject: subject, Body: t.String(), HTML: h.String(), ID: m.ID,
		Unsubscribe: a.reminderAPI(m.ID) + "/stop"}
}

func mapEach(in []string, f func(string) string) []string {
	out := make([]string, len(in))
	for i, s := range in {
		out[i] = f(s)
	}
	return out
}

// brWeekday is the weekday's name in Portuguese.
func brWeekday(t time.Time) string {
	return [...]string{"domingo", "segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira", "sábado"}[t.Weekday()]
}

// pushPayload is what the service worker shows (web/public/sw.js): a
// notification's title and body, the page a tap opens, and for a reminder
// the address its 'Confirmar' button posts to.
type pushPayload struct {
	Title   string       `json:"title"`
	Body    string       `json:"body"`
	URL     string       `json:"url"`
	Tag     string       `json:"tag"`
	Confirm string       `json:"confirm,omitempty"`
	Actions []pushAction `json:"actions,omitempty"`
}

type pushAction struct {
	Action string `json:"action"`
	Title  string `json:"title"`
}

// reminderPush is a reminder as a notification: 'Amanhã 10:00 — Escova
// progressiva com Juliana no Salão Beleza Pura', with 'Confirmar' and
// 'Remarcar'.
func (a *App) reminderPush(c catalog, parts []domain.Appointment, m domain.Message) push.Message {
	parts = slices.DeleteFunc(slices.Clone(parts), func(x domain.Appointment) bool { return !domain.IsOpen(x.Status) })
	b := a.booking(c, parts)
	start := startOf(c, parts[0])
	p := pushPayload{Title: domain.ReminderTitle(start, a.Now(), visitName(b), b.Services[0].Professional.Name, c.store.Name),
		URL: a.cfg.BaseURL + domain.ManagePath + b.Token, Tag: m.Subject}
	if parts[0].Status == domain.StatusConfirmed {
		p.Body = "Sua presença está confirmada. Até lá!"
		p.Actions = []pushAction{{"reschedule", "Remarcar"}}
	} else {
		// A tap on the notice itself (Safari shows no buttons) opens the
		// reminder's page, which confirms too.
		p.Body = "Toque em Confirmar para avisar que você vem."
		p.URL = a.cfg.BaseURL + domain.ReminderPath + a.messageToken(m.ID)
		p.Confirm = a.reminderAPI(m.ID) + "/confirm"
		p.Actions = []pushAction{{"confirm", "Confirmar"}, {"reschedule", "Remarcar"}}
	}
	return a.pushMessage(p, m, start.Sub(a.Now()))
}

// staffPush is a customer's booking, move or cancellation as a notice to
// the team: 'Novo agendamento pela página' — 'Maria Souza · Amanhã 10:00 —
// Escova progressiva com Juliana'.
func (a *App) staffPush(c catalog, parts []domain.Appointment, m domain.Message) push.Message {
	b := a.booking(c, parts)
	start := startOf(c, parts[0])
	title := map[string]string{domain.MessageStaffBooked: "Novo agendamento pela página", domain.MessageStaffMoved: "Cliente remarcou pela página",
		domain.MessageStaffCancelled: "Cliente cancelou pela página"}[m.Kind]
	p := pushPayload{Title: title, Tag: m.ID,
		Body: parts[0].ClientName + " · " + domain.ReminderTitle(start, a.Now(), visitName(b), b.Services[0].Professional.Name, ""),
		URL:  a.cfg.BaseURL + "/dashboard/appointments?view=day&date=" + parts[0].Date}
	return a.pushMessage(p, m, 24*time.Hour)
}

// visitName is the visit's services, 'Corte + Escova'.
func visitName(b Booking) string {
	names := make([]string, len(b.Services))
	for i, s := range b.Services {
		names[i] = s.Service.Name
	}
	return strings.Join(names, " + ")
}

// pushMessage encodes p: kept by the push service up to ttl (at least a
// minute), under the message's own topic, so one sent again after a
// worker died replaces the first if it was not delivered yet.
func (a *App) pushMessage(p pushPayload, m domain.Message, ttl time.Duration) push.Message {
	payload, _ := json.Marshal(p)
	return push.Message{Payload: payload, TTL: max(ttl, time.Minute), Topic: strings.ReplaceAll(m.ID, "-", ""), Urgency: "normal"}
}

// writeWaitlistOffer writes an offer's email or push, or says why it is
// no longer to go.
func (a *App) writeWaitlistOffer(ctx context.Context, m domain.Message) (out outgoing, why string, err error) {
	err = a.db.Read(ctx, func(tx *store.Tx) error {
		e, _, err := tx.WaitlistEntry(ctx, m.StoreID, m.Subject)
		if errors.Is(err, domain.ErrNotFound) {
			why = whyEnded
			return nil
		} else if err != nil {
			return err
		}
		if e.Status != domain.WaitlistOffered || e.OfferExpiresAt == nil || !a.Now().Before(*e.OfferExpiresAt) {
			why = "A oferta da lista de espera passou ou já foi usada"
			return nil
		}
		st, err := tx.StoreByUser(ctx, m.StoreID)
		if err != nil {
			return err
		}
		c, err := loadCatalog(ctx, tx, st)
		if err != nil {
			return err
		}
		svc, _ := c.service(e.ServiceID)
		link := a.offerURL(e.ID)
		until := e.OfferExpiresAt.In(c.loc).Format("15:04")
		if m.Channel == domain.ChannelPush {
			sub, err := tx.PushSubscription(ctx, m.StoreID, m.Recipient)
			if errors.Is(err, domain.ErrNotFound) {
				why = whyPushGone
				return nil
			} else if err != nil {
				return err
			}
			p := pushPayload{Title: fmt.Sprintf("Abriu um horário no %s", st.Name), URL: link, Tag: m.Subject,
				Body: fmt.Sprintf("%s, %s às %s: reservado para você até as %s. Toque para confirmar.", svc.Name, brDate(e.Date), e.OfferTime, until)}
			out.push = &pushOut{sub, a.pushMessage(p, m, e.OfferExpiresAt.Sub(a.Now()))}
			return nil
		}
		body := fmt.Sprintf("Olá, %s!\n\nAbriu um horário no %s para %s: %s às %s.\n\nEle está reservado para você até as %s. Para confirmar, abra:\n%s\n\nSe não puder, é só ignorar: o horário vai para a próxima pessoa da fila.\n",
			firstName(e.ClientName), st.Name, svc.Name, brDate(e.Date), e.OfferTime, until, link)
		out.email = &mail.Message{To: m.Recipient, Subject: fmt.Sprintf("Abriu um horário no %s: %s às %s", st.Name, brDate(e.Date), e.OfferTime),
			Body: body, ID: m.ID}
		return nil
	})
	return out, why, err
}
