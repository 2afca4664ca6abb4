package app

import (
	"context"
	"errors"
	"slices"

	"agendo/internal/domain"
	"agendo/internal/store"
)

// The links in the messages (issue 28): every reminder carries one, which
// opens a page where the client confirms their presence with one tap, and
// from which they stop receiving reminders by email. The link names the
// message (sealed, so it cannot be guessed); it confirms once.

// ReminderLink is what a message's link shows.
type ReminderLink struct {
	Booking Booking `json:"booking"`
	// Confirmed: the client's presence is confirmed (by this link, or by
	// the salon).
	Confirmed  bool `json:"confirmed"`
	CanConfirm bool `json:"canConfirm" doc:"O lembrete ainda confirma a presença: o horário segue marcado e não passou"`
	// Subscribed: reminders still go to the email this one went to.
	Subscribed bool   `json:"subscribed"`
	Email      string `json:"email" doc:"O e-mail para onde foi, mascarado"`
}

// msgReminderGone answers a link whose appointment was cancelled or deleted.
const msgReminderGone = "Este horário foi cancelado ou não está mais na agenda. Fale com a loja."

// ReminderLinkView returns what a message's link shows. Errors: not_found
// (an invalid link, or one whose visit went to the trash).
func (a *App) ReminderLinkView(ctx context.Context, token string) (ReminderLink, error) {
	var out ReminderLink
	err := a.db.Read(ctx, func(tx *store.Tx) error {
		m, parts, c, err := a.reminderOf(ctx, tx, token)
		if err != nil {
			return err
		}
		out, err = a.reminderView(ctx, tx, m, parts, c)
		return err
	})
	return out, err
}

// ConfirmByReminder confirms the client's presence at the visit a
// message's link names: its services still scheduled become confirmed,
// once (the link then only shows it). Errors: rate_limited, not_found,
// invalid (cancelled, or already past).
func (a *App) ConfirmByReminder(ctx context.Context, token string, meta Meta) (ReminderLink, error) {
	if err := a.allowHere(a.limits.publicChange, meta.IP); err != nil {
		return ReminderLink{}, err
	}
	var out ReminderLink
	var changed []domain.Appointment
	var userID string
	err := a.db.Write(ctx, func(tx *store.Tx) error {
		changed = nil
		if err := a.takeShared(ctx, tx, hit{a.limits.publicChange, meta.IP}); err != nil {
			return err
		}
		m, parts, c, err := a.reminderOf(ctx, tx, token)
		if err != nil {
			return err
		}
		userID = c.store.UserID
		if m.ConfirmedAt == nil {
			view, err := a.reminderView(ctx, tx, m, parts, c)
			if err != nil {
				return err
			}
			if !view.CanConfirm && !view.Confirmed {
				if !domain.HoldsSlot(view.Booking.Status) {
					return domain.Invalid(msgReminderGone, nil)
				}
				return domain.Invalid("Este horário já passou. Fale com a loja.", nil)
			}
			for _, ap := range parts {
				if ap.Status != domain.StatusScheduled {
					continue
				}
				ap.Status, ap.UpdatedAt, ap.UpdatedBy = domain.StatusConfirmed, a.Now(), "" // the customer
				if err := tx.SaveAppointment(ctx, c.store.UserID, ap, false); err != nil {
					return err
				}
				changed = append(changed, ap)
			}
			if err := tx.ConfirmMessage(ctx, m.ID, a.Now()); err != nil {
				return err
			}
			if parts, err = subjectParts(ctx, tx, c.store.UserID, m.Subject); err != nil {
				return err
			}
		}
		out, err = a.reminderView(ctx, tx, m, parts, c)
		return err
	})
	if err != nil {
		return ReminderLink{}, err
	}
	for _, ap := range changed {
		a.publishAbout(userID, ap.ProfessionalID, domain.EventAppointmentUpdated, ap.ID)
	}
	return out, nil
}

// StopReminders records that the client wants no more reminders by email
// (LGPD: revocable from every message), and cancels those waiting to go to
// that address at the store. Errors: rate_limited, not_found.
func (a *App) StopReminders(ctx context.Context, token string, meta Meta) (ReminderLink, error) {
	if err := a.allowHere(a.limits.publicChange, meta.IP); err != nil {
		return ReminderLink{}, err
	}
	var out ReminderLink
	err := a.db.Write(ctx, func(tx *store.Tx) error {
		if err := a.takeShared(ctx, tx, hit{a.limits.publicChange, meta.IP}); err != nil {
			return err
		}
		m, parts, c, err := a.reminderOf(ctx, tx, token)
		if err != nil {
			return err
		}
		userID, phone := c.store.UserID, parts[0].ClientPhone
		if now, err := clientEmail(ctx, tx, userID, phone); err != nil {
			return err
		} else if now == m.Recipient && now != "" {
			err := tx.AddChannelConsent(ctx, userID, domain.ChannelConsent{ID: newID(), ClientPhone: phone, Channel: domain.ChannelEmail,
				Granted: false, Source: domain.ChannelSourceLink, Text: domain.ChannelWithdrawalText(c.store.Name), CreatedAt: a.Now()})
			if err != nil {
				return err
			}
		}
		if err := tx.CancelMessagesTo(ctx, userID, m.Recipient, whyOptedOut); err != nil {
			return err
		}
		out, err = a.reminderView(ctx, tx, m, parts, c)
		return err
	})
	return out, err
}

// reminderOf reads the message a link names, its visit's services and its
// store's catalogue. Errors: not_found.
func (a *App) reminderOf(ctx context.Context, tx *store.Tx, token string) (domain.Message, []domain.Appointment, catalog, error) {
	notFound := domain.Errorf(domain.CodeNotFound, msgLinkInvalid)
	id, ok := a.tokens.Open("message", token)
	if !ok {
		return domain.Message{}, nil, catalog{}, notFound
	}
	m, err := tx.Message(ctx, id)
	if errors.Is(err, domain.ErrNotFound) {
		return m, nil, catalog{}, notFound
	}
	if err != nil {
		return m, nil, catalog{}, err
	}
	parts, err := subjectParts(ctx, tx, m.StoreID, m.Subject)
	if err != nil {
		return m, nil, catalog{}, err
	}
	if len(parts) == 0 {
		return m, nil, catalog{}, domain.Errorf(domain.CodeNotFound, msgReminderGone)
	}
	c, err := catalogOf(ctx, tx, m.StoreID)
	return m, parts, c, err
}

// reminderView is what the link of m shows of its visit's parts.
func (a *App) reminderView(ctx context.Context, tx *store.Tx, m domain.Message, parts []domain.Appointment, c catalog) (ReminderLink, error) {
	out := ReminderLink{Booking: a.booking(c, parts), Email: domain.MaskEmail(m.Recipient)}
	held := slices.IndexFunc(parts, func(x domain.Appointment) bool { return domain.IsOpen(x.Status) })
	out.Confirmed = held >= 0 && parts[held].Status == domain.StatusConfirmed
	out.CanConfirm = held >= 0 && !out.Confirmed && m.ConfirmedAt == nil && startOf(c, parts[held]).After(a.Now())
	now, err := clientEmail(ctx, tx, c.store.UserID, parts[0].ClientPhone)
	out.Subscribed = now != "" && now == m.Recipient
	return out, err
}

// AppointmentMessages are the messages about an appointment's visit, for
// its details ('Lembrete enviado por e-mail às 18:00'), and the email its
// client's reminders go to.
type AppointmentMessages struct {
	Email string           `json:"email" doc:"O e-mail do cliente para lembretes (vazio: nenhum; mascarado para quem não vê o telefone)"`
	Items []domain.Message `json:"items" doc:"Do primeiro a sair ao último"`
}

// AppointmentMessages returns the messages of an appointment's visit.
// Errors: not_found.
func (a *App) AppointmentMessages(ctx context.Context, p Principal, id string) (AppointmentMessages, error) {
	var out AppointmentMessages
	err := a.readAs(ctx, p, func(tx *store.Tx) error {
		ap, err := seenAppointment(ctx, tx, p, id)
		if err != nil {
			return err
		}
		if out.Items, err = tx.SubjectMessages(ctx, p.StoreID, subjectOf(ap)); err != nil {
			return err
		}
		if out.Email, err = clientEmail(ctx, tx, p.StoreID, ap.ClientPhone); err != nil {
			return err
		}
		v, err := a.phonesFor(ctx, tx, p)
		if v.seal != nil { // a profissional who does not see phones sees no email either
			out.Email = domain.MaskEmail(out.Email)
			for i := range out.Items {
				out.Items[i].Recipient = domain.MaskEmail(out.Items[i].Recipient)
			}
		}
		return err
	})
	return out, err
}
