package app

import (
	"context"
	"errors"
	"slices"
	"time"

	"agendo/internal/domain"
	"agendo/internal/store"
)

// Messages (issue 28), the planning half: every use-case that books, moves,
// cancels, deletes or restores an appointment brings, in its own
// transaction, the outbox of the visit in line with it (followMessages):
// the reminders its store asks for, to the email its client gave, at the
// times its start gives; those no longer true are cancelled. The sending
// half is outbox.go.

// settingReminders is the user setting that keeps a store's reminders.
const settingReminders = "reminders"

// Why a message was cancelled, as the owner reads it.
const (
	whyMoved     = "O horário mudou"
	whyEnded     = "O agendamento foi cancelado ou apagado"
	whyNewEmail  = "O cliente deu outro e-mail"
	whyOptedOut  = "O cliente pediu para não receber mais lembretes por e-mail"
	whyStopped   = "A loja desligou os lembretes por e-mail"
	whyPast      = "O horário já passou"
	whyGivenUp   = "Não foi possível enviar depois de várias tentativas"
	whyPushGone  = "O aparelho não recebe mais notificações"
	whyNoPush    = "A loja desligou os lembretes por notificação"
	msgBadEmail  = "Informe um e-mail válido, como nome@exemplo.com"
	fieldEmail   = "clientEmail"
	maxPlanLater = 400 // the future visits a change of settings re-plans at most
)

// reminderSettings returns a store's reminders, or the defaults.
func reminderSettings(ctx context.Context, tx *store.Tx, storeID string) (domain.ReminderSettings, error) {
	s := domain.DefaultReminderSettings()
	err := tx.UserSetting(ctx, storeID, settingReminders, &s)
	if errors.Is(err, domain.ErrNotFound) {
		return domain.DefaultReminderSettings(), nil
	}
	if err != nil {
		return s, err
	}
	return domain.CleanReminderSettings(s)
}

// ReminderSettings returns the caller's store's automatic reminders.
func (a *App) ReminderSettings(ctx context.Context, p Principal) (domain.ReminderSettings, error) {
	var out domain.ReminderSettings
	err := a.readAs(ctx, p, func(tx *store.Tx) error {
		var err error
		out, err = reminderSettings(ctx, tx, p.StoreID)
		return err
	})
	return out, err
}

// SaveReminderSettings saves the store's automatic reminders, and plans
// again those of the visits still to come. Errors: invalid.
func (a *App) SaveReminderSettings(ctx context.Context, p Principal, in domain.ReminderSettings) (domain.ReminderSettings, error) {
	in, err := domain.CleanReminderSettings(in)
	if err != nil {
		return in, err
	}
	err = a.db.Write(ctx, func(tx *store.Tx) error {
		if err := tx.PutUserSetting(ctx, p.StoreID, settingReminders, in, a.Now()); err != nil {
			return err
		}
		st, err := tx.StoreByUser(ctx, p.StoreID)
		if err != nil {
			return err
		}
		today := a.Now().In(storeLocation(st)).Format(time.DateOnly)
		later, err := tx.OpenFrom(ctx, p.StoreID, today, maxPlanLater)
		if err != nil {
			return err
		}
		return a.followMessages(ctx, tx, p.StoreID, false, later...)
	})
	return in, err
}

// subjectOf is what an appointment's messages are about: its visit, or
// itself when it is one service alone.
func subjectOf(ap domain.Appointment) string {
	if ap.VisitID != "" {
		return ap.VisitID
	}
	return ap.ID
}

// clientEmail is the email a client's reminders go to: the last they gave,
// unless they took it back (” for none).
func clientEmail(ctx context.Context, tx *store.Tx, storeID, phone string) (string, error) {
	all, err := tx.ChannelConsents(ctx, storeID, phone)
	email := ""
	for _, c := range all {
		if c.Channel == domain.ChannelEmail {
			email = map[bool]string{true: c.Address, false: ""}[c.Granted]
		}
	}
	return email, err
}

// checkEmail reads an email typed for reminders: "" stays "", anything else
// must be an address.
func checkEmail(email string) (string, error) {
	if email == "" {
		return "", nil
	}
	e, ok := domain.NormalizeEmail(email)
	if !ok {
		return "", domain.Invalid(msgBadEmail, map[string]string{fieldEmail: msgBadEmail})
	}
	return e, nil
}

// giveEmail records that a client gave email (already checked) for
// reminders at source, unless it is the one they gave last. On the store
// page anyone may type anyone's phone, so there an email never replaces
// one the client gave: the salon's form does (the salon knows the client).
func (a *App) giveEmail(ctx context.Context, tx *store.Tx, storeID, phone, email, source string) error {
	if email == "" || domain.IsAnonymousPhone(phone) {
		return nil
	}
	if now, err := clientEmail(ctx, tx, storeID, phone); err != nil || now == email || now != "" && source == domain.ChannelSourceBooking {
		return err
	}
	st, err := tx.StoreByUser(ctx, storeID)
	if err != nil && !errors.Is(err, domain.ErrNotFound) {
		return err
	}
	return tx.AddChannelConsent(ctx, storeID, domain.ChannelConsent{ID: newID(), ClientPhone: phone, Channel: domain.ChannelEmail,
		Address: email, Granted: true, Source: source, Text: domain.ChannelConsentText(st.Name, email), CreatedAt: a.Now()})
}

// followMessages brings the outbox of the visit (or lone appointment) of
// each of aps in line with it as it now is in tx, each once. booked adds
// the booking's notice to the client, when the visit has none yet.
func (a *App) followMessages(ctx context.Context, tx *store.Tx, storeID string, booked bool, aps ...domain.Appointment) error {
	done := map[string]bool{}
	var plan *messagePlan
	for _, ap := range aps {
		subject := subjectOf(ap)
		if done[subject] {
			continue
		}
		done[subject] = true
		if plan == nil {
			p, err := a.messagePlan(ctx, tx, storeID)
			if err != nil {
				return err
			}
			plan = &p
		}
		if err := plan.follow(ctx, tx, subject, booked); err != nil {
			return err
		}
	}
	return nil
}

// messagePlan is what planning a store's messages reads once per write.
type messagePlan struct {
	a        *App
	storeID  string
	loc      *time.Location
	settings domain.ReminderSettings
}

func (a *App) messagePlan(ctx context.Context, tx *store.Tx, storeID string) (messagePlan, error) {
	st, err := tx.StoreByUser(ctx, storeID)
	if err != nil && !errors.Is(err, domain.ErrNotFound) {
		return messagePlan{}, err
	}
	s, err := reminderSettings(ctx, tx, storeID)
	return messagePlan{a: a, storeID: storeID, loc: storeLocation(st), settings: s}, err
}

// follow plans the messages of one subject (a visit, or a lone appointment).
func (p messagePlan) follow(ctx context.Context, tx *store.Tx, subject string, booked bool) error {
	parts, err := subjectParts(ctx, tx, p.storeID, subject)
	if err != nil {
		return err
	}
	var want []domain.Message
	var email string
	var phones []domain.PushSubscription
	now := p.a.Now()
	open := slices.IndexFunc(parts, func(x domain.Appointment) bool { return domain.IsOpen(x.Status) })
	if open >= 0 {
		first := parts[open]
		if email, err = clientEmail(ctx, tx, p.storeID, first.ClientPhone); err != nil {
			return err
		}
		if phones, err = tx.ClientPushSubscriptions(ctx, p.storeID, first.ClientPhone); err != nil {
			return err
		}
		add := func(kind, channel, to string, at time.Time) {
			want = append(want, domain.Message{Subject: subject, Kind: kind, Channel: channel, Recipient: to, DueAt: at.UTC()})
		}
		times := domain.ReminderTimes(p.settings, localStart(first, p.loc), now)
		for _, at := range times {
			if email != "" && p.settings.Email {
				add(domain.MessageReminder, domain.ChannelEmail, email, at)
			}
			for _, sub := range phones {
				if p.settings.Push {
					add(domain.MessageReminder, domain.ChannelPush, sub.ID, at)
				}
			}
		}
		if email != "" && booked {
			add(domain.MessageBooked, domain.ChannelEmail, email, now)
		}
	}
	have, err := tx.SubjectMessages(ctx, p.storeID, subject)
	if err != nil {
		return err
	}
	same := func(x, y domain.Message) bool {
		return x.Kind == y.Kind && x.Channel == y.Channel && x.Recipient == y.Recipient &&
			(x.Kind == domain.MessageBooked || x.DueAt.Equal(y.DueAt))
	}
	for _, m := range have {
		if m.Status != domain.MessagePending || m.Kind != domain.MessageReminder || slices.ContainsFunc(want, func(w domain.Message) bool { return same(w, m) }) {
			continue
		}
		// One already due is being sent, or waits for its retry: the worker
		// checks it again against the visit as it is when it goes.
		if open >= 0 && !m.DueAt.After(now) {
			continue
		}
		if err := tx.CancelMessage(ctx, p.storeID, m.ID, whyNotWanted(m, open >= 0, p.settings, email, phones)); err != nil {
			return err
		}
	}
	for _, w := range want {
		if slices.ContainsFunc(have, func(m domain.Message) bool {
			return same(w, m) && (m.Status == domain.MessagePending || m.Status == domain.MessageSent || w.Kind == domain.MessageBooked)
		}) {
			continue
		}
		w.ID, w.CreatedAt = newID(), p.a.Now()
		if err := tx.AddMessage(ctx, p.storeID, w); err != nil {
			return err
		}
	}
	return nil
}

// whyNotWanted says why a pending reminder m is no longer wanted: the
// visit ended, the channel was turned off, the client took back the email
// or the phone, or else the time changed.
func whyNotWanted(m domain.Message, open bool, s domain.ReminderSettings, email string, phones []domain.PushSubscription) string {
	switch {
	case !open:
		return whyEnded
	case m.Channel == domain.ChannelEmail && !s.Email:
		return whyStopped
	case m.Channel == domain.ChannelPush && !s.Push:
		return whyNoPush
	case m.Channel == domain.ChannelEmail && email == "":
		return whyOptedOut
	case m.Channel == domain.ChannelEmail && email != m.Recipient:
		return whyNewEmail
	case m.Channel == domain.ChannelPush && !slices.ContainsFunc(phones, func(s domain.PushSubscription) bool { return s.ID == m.Recipient }):
		return whyPushGone
	}
	return whyMoved
}

// subjectParts are the services of a visit, or the lone appointment, a
// message is about (none when it went to the trash).
func subjectParts(ctx context.Context, tx *store.Tx, storeID, subject string) ([]domain.Appointment, error) {
	parts, err := tx.Visit(ctx, storeID, subject)
	if err != nil || len(parts) > 0 {
		return parts, err
	}
	ap, err := tx.Appointment(ctx, storeID, subject)
	if errors.Is(err, domain.ErrNotFound) {
		return nil, nil
	}
	return []domain.Appointment{ap}, err
}

// localStart is the instant ap starts, in the store's zone loc.
func localStart(ap domain.Appointment, loc *time.Location) time.Time {
	d, _ := time.ParseInLocation(time.DateOnly, ap.Date, loc)
	m, _ := domain.ParseClock(ap.Time)
	return time.Date(d.Year(), d.Month(), d.Day(), m/60, m%60, 0, 0, loc)
}

// noticeStaff plans, in a customer's transaction, a notice of what they did
// (kind) to the visit parts for each team member's browser whose scope
// holds one of its professionals.
func (a *App) noticeStaff(ctx context.Context, tx *store.Tx, storeID, kind string, parts []domain.Appointment) error {
	subs, err := tx.MemberPushSubscriptions(ctx, storeID)
	if err != nil || len(subs) == 0 || len(parts) == 0 {
		return err
	}
	members, err := tx.Members(ctx, storeID)
	if err != nil {
		return err
	}
	for _, sub := range subs {
		if len(memberParts(storeID, sub.MemberID, members, parts)) == 0 {
			continue
		}
		err := tx.AddMessage(ctx, storeID, domain.Message{ID: newID(), Subject: subjectOf(parts[0]), Kind: kind, Channel: domain.ChannelPush,
			Recipient: sub.ID, DueAt: a.Now(), CreatedAt: a.Now()})
		if err != nil {
			return err
		}
	}
	return nil
}

// memberParts are the parts of a visit the member userID of the store (its
// owner, or one of members) may see: all for the owner and the members
// who see every agenda, a profissional's own, none for one no longer on
// the team.
func memberParts(storeID, userID string, members []domain.Member, parts []domain.Appointment) []domain.Appointment {
	if userID == storeID {
		return parts
	}
	i := slices.IndexFunc(members, func(m domain.Member) bool { return m.UserID == userID })
	if i < 0 {
		return nil
	}
	m := members[i]
	if !domain.OwnScope(m.Role) {
		return parts
	}
	if m.ProfessionalID == nil {
		return nil
	}
	return slices.DeleteFunc(slices.Clone(parts), func(p domain.Appointment) bool { return p.ProfessionalID != *m.ProfessionalID })
}
