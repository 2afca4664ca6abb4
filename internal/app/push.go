package app

import (
	"context"
	"errors"
	"net/url"
	"slices"
	"time"

	"agendo/internal/domain"
	"agendo/internal/push"
	"agendo/internal/store"
)

// Web Push (issue 28): the server's VAPID key pair, kept in the database on
// first use; the browsers that subscribe (a customer's, from the booking's
// confirmation or manage link: their reminders; a team member's: the
// bookings, moves and cancellations of customers they may see); and the
// staff's notices, planned in the customer's own transaction.

// settingVAPID is the global setting that keeps the VAPID private key.
const settingVAPID = "vapid_keys"

// vapidKeys returns the server's VAPID keys, making them on first use:
// of several instances starting at once, the first one's are kept.
func (a *App) vapidKeys(ctx context.Context) (push.Keys, error) {
	if k := a.vapid.Load(); k != nil {
		return *k, nil
	}
	var stored struct{ Private string }
	err := a.db.Write(ctx, func(tx *store.Tx) error {
		err := tx.Setting(ctx, settingVAPID, &stored)
		if !errors.Is(err, domain.ErrNotFound) {
			return err
		}
		fresh, err := push.GenerateKeys()
		if err != nil {
			return err
		}
		if err := tx.InitSetting(ctx, settingVAPID, map[string]string{"Private": fresh.Private()}, a.Now()); err != nil {
			return err
		}
		return tx.Setting(ctx, settingVAPID, &stored)
	})
	if err != nil {
		return push.Keys{}, err
	}
	k, err := push.ParseKeys(stored.Private)
	if err != nil {
		return push.Keys{}, err
	}
	a.vapid.Store(&k)
	return k, nil
}

// pusher is the sender of this server's pushes.
func (a *App) pusher(ctx context.Context) (*push.Sender, error) {
	keys, err := a.vapidKeys(ctx)
	if err != nil {
		return nil, err
	}
	// Push services want a contact: the site when it is https, else a
	// no-reply address at its host.
	subject := a.cfg.BaseURL
	if u, err := url.Parse(subject); err != nil || u.Scheme != "https" {
		host := "localhost"
		if err == nil && u.Hostname() != "" {
			host = u.Hostname()
		}
		subject = "mailto:nao-responda@" + host
	}
	return &push.Sender{Keys: keys, Subject: subject, Client: a.cfg.PushClient, Local: a.cfg.PushLocal, Now: a.Now}, nil
}

// PushKey is the public key browsers subscribe with.
type PushKey struct {
	PublicKey string `json:"publicKey" doc:"A chave VAPID do servidor (applicationServerKey), base64url"`
}

// PushPublicKey returns the server's VAPID public key.
func (a *App) PushPublicKey(ctx context.Context) (PushKey, error) {
	k, err := a.vapidKeys(ctx)
	return PushKey{PublicKey: k.Public()}, err
}

// PushSubscriptionInput is what a browser's PushManager.subscribe gave.
type PushSubscriptionInput struct {
	Endpoint string `json:"endpoint" doc:"O endereço do serviço de push do navegador"`
	P256dh   string `json:"p256dh"`
	Auth     string `json:"auth"`
}

// PushEndpointInput names a browser's subscription, to turn it off.
type PushEndpointInput struct {
	Endpoint string `json:"endpoint"`
}

// PushState says whether this browser receives the notifications.
type PushState struct {
	Subscribed bool `json:"subscribed"`
}

const msgBadSubscription = "Este navegador não entregou uma inscrição de notificações válida. Tente de novo."

// checkSubscription reads what a browser sent.
func (a *App) checkSubscription(in PushSubscriptionInput) (push.Subscription, error) {
	s := push.Subscription{Endpoint: in.Endpoint, P256dh: in.P256dh, Auth: in.Auth}
	if s.Check(a.cfg.PushLocal) != nil {
		return s, domain.Invalid(msgBadSubscription, map[string]string{"endpoint": msgBadSubscription})
	}
	return s, nil
}

// SubscribeBookingPush turns on, for the client of the booking a manage
// link names, reminders as notifications on this browser: their consent is
// recorded, and the reminders of their visits to come are planned.
// Errors: rate_limited, not_found, invalid.
func (a *App) SubscribeBookingPush(ctx context.Context, token string, in PushSubscriptionInput, m Meta) (PushState, error) {
	sub, err := a.checkSubscription(in)
	if err != nil {
		return PushState{}, err
	}
	if err := a.allowHere(a.limits.publicChange, m.IP); err != nil {
		return PushState{}, err
	}
	err = a.db.Write(ctx, func(tx *store.Tx) error {
		c, ap, err := a.managed(ctx, tx, token)
		if err != nil {
			return err
		}
		userID, phone := c.store.UserID, ap.ClientPhone
		if domain.IsAnonymousPhone(phone) {
			return domain.Invalid("Este agendamento foi anonimizado.", nil)
		}
		if _, err := tx.SavePushSubscription(ctx, userID, domain.PushSubscription{ID: newID(), Endpoint: sub.Endpoint, P256dh: sub.P256dh,
			Auth: sub.Auth, ClientPhone: phone, CreatedAt: a.Now()}); err != nil {
			return err
		}
		if err := tx.AddChannelConsent(ctx, userID, domain.ChannelConsent{ID: newID(), ClientPhone: phone, Channel: domain.ChannelPush,
			Granted: true, Source: domain.ChannelSourceBooking, Text: domain.PushConsentText(c.store.Name), CreatedAt: a.Now()}); err != nil {
			return err
		}
		later, err := tx.ClientAppointments(ctx, userID, phone, 200)
		if err != nil {
			return err
		}
		today := a.Now().In(c.loc).Format(time.DateOnly)
		later = slices.DeleteFunc(later, func(x domain.Appointment) bool { return !domain.IsOpen(x.Status) || x.Date < today })
		return a.followMessages(ctx, tx, userID, false, append(later, ap)...)
	})
	return PushState{Subscribed: err == nil}, err
}

// UnsubscribeBookingPush turns the notifications off for this browser.
// Errors: rate_limited, not_found.
func (a *App) UnsubscribeBookingPush(ctx context.Context, token string, in PushEndpointInput, m Meta) (PushState, error) {
	if err := a.allowHere(a.limits.publicChange, m.IP); err != nil {
		return PushState{}, err
	}
	err := a.db.Write(ctx, func(tx *store.Tx) error {
		c, ap, err := a.managed(ctx, tx, token)
		if err != nil {
			return err
		}
		sub, err := tx.PushEndpoint(ctx, c.store.UserID, in.Endpoint)
		if errors.Is(err, domain.ErrNotFound) || err == nil && sub.ClientPhone != ap.ClientPhone {
			return nil // nothing of this client's to turn off
		}
		if err != nil {
			return err
		}
		return a.forgetPush(ctx, tx, c.store.UserID, sub, domain.PushWithdrawalText(c.store.Name))
	})
	return PushState{}, err
}

// forgetPush deletes a subscription and cancels what waits to go to it;
// for a customer who turned it off, it records the withdrawal's words (a
// phone the push service forgot, withdrawal "", is no one's choice).
func (a *App) forgetPush(ctx context.Context, tx *store.Tx, storeID string, sub domain.PushSubscription, withdrawal string) error {
	if err := tx.DeletePushSubscription(ctx, storeID, sub.ID); err != nil {
		return err
	}
	if err := tx.CancelMessagesTo(ctx, storeID, sub.ID, whyPushGone); err != nil {
		return err
	}
	if sub.ClientPhone == "" || withdrawal == "" {
		return nil
	}
	return tx.AddChannelConsent(ctx, storeID, domain.ChannelConsent{ID: newID(), ClientPhone: sub.ClientPhone, Channel: domain.ChannelPush,
		Granted: false, Source: domain.ChannelSourceLink, Text: withdrawal, CreatedAt: a.Now()})
}

// SubscribePush turns on, for the caller on this browser, the notices of
// the customers' bookings, moves and cancellations they may see.
// Errors: invalid.
func (a *App) SubscribePush(ctx context.Context, p Principal, in PushSubscriptionInput) (PushState, error) {
	sub, err := a.checkSubscription(in)
	if err != nil {
		return PushState{}, err
	}
	err = a.db.Write(ctx, func(tx *store.Tx) error {
		_, err := tx.SavePushSubscription(ctx, p.StoreID, domain.PushSubscription{ID: newID(), Endpoint: sub.Endpoint, P256dh: sub.P256dh,
			Auth: sub.Auth, MemberID: p.UserID, CreatedAt: a.Now()})
		return err
	})
	return PushState{Subscribed: err == nil}, err
}

// UnsubscribePush turns the caller's notices off on this browser.
func (a *App) UnsubscribePush(ctx context.Context, p Principal, in PushEndpointInput) (PushState, error) {
	err := a.db.Write(ctx, func(tx *store.Tx) error {
		sub, err := tx.PushEndpoint(ctx, p.StoreID, in.Endpoint)
		if errors.Is(err, domain.ErrNotFound) || err == nil && sub.MemberID != p.UserID {
			return nil
		}
		if err != nil {
			return err
		}
		return a.forgetPush(ctx, tx, p.StoreID, sub, "")
	})
	return PushState{}, err
}
