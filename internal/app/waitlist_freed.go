package app

import (
	"context"
	"errors"
	"slices"
	"time"

	"agendo/internal/domain"
	"agendo/internal/schedule"
	"agendo/internal/store"
)

// The times freed for the waitlist (waitlist.go): a cancellation, a
// deletion or an offer not taken gives its time to the first in line who
// fits it. Below the agenda's writes, which call it after they commit.

const (
	waitlistScope = "waitlist"
	lockWaitlist  = "waitlist" // one day's line, keyed by store and date
)

// refill offers the times freed appointments leave to their days' lines
// (after the write that freed them: an offer that cannot be made is
// logged, never the freeing write's failure).
func (a *App) refill(ctx context.Context, userID string, freed ...domain.Appointment) {
	ctx = context.WithoutCancel(ctx) // the freeing write is done: a customer leaving the page must not lose the offer
	for _, ap := range freed {
		err := a.db.Write(ctx, func(tx *store.Tx) error {
			return a.offerSlot(ctx, tx, userID, ap.Date, ap.ProfessionalID, ap.Time, ap.DurationMin)
		})
		if err != nil {
			a.log.ErrorContext(ctx, "waitlist: offer a freed time", "user_id", userID, "date", ap.Date, "err", err)
			continue
		}
		a.publish(userID, domain.EventWaitlistUpdated, ap.Date)
	}
}

// offerSlot offers professionalID's time at hhmm on date, free for
// minutes, to the first waiting customer whose service fits it, holding it
// with a blocked time. A time too soon to book online, or one no one
// fits, is offered to no one.
func (a *App) offerSlot(ctx context.Context, tx *store.Tx, userID, date, professionalID, hhmm string, minutes int) error {
	if err := tx.Lock(ctx, lockWaitlist, userID+"|"+date); err != nil {
		return err
	}
	line, err := tx.WaitlistDay(ctx, userID, date)
	if err != nil || len(line) == 0 {
		return err
	}
	st, err := tx.StoreByUser(ctx, userID)
	if err != nil {
		return err
	}
	services, err := tx.Services(ctx, userID)
	if err != nil {
		return err
	}
	start, err := time.ParseInLocation(time.DateOnly+" 15:04", date+" "+hhmm, storeLocation(st))
	if err != nil || start.Before(a.Now().Add(time.Duration(st.MinNoticeMin)*time.Minute)) {
		return nil
	}
	for _, e := range line {
		if e.Status == domain.WaitlistOffered && e.OfferPro == professionalID && e.OfferTime == hhmm {
			return nil // held already
		}
	}
	// The professional's day as the claim will see it (appointments with
	// their buffers, blocked times, other holds): a move within the day
	// may have kept part of the time it left.
	busy, err := tx.Busy(ctx, professionalID, date, date, "")
	if err != nil {
		return err
	}
	from, _ := domain.ParseClock(hhmm)
	for _, e := range line {
		i := slices.IndexFunc(services, func(s domain.Service) bool { return s.ID == e.ServiceID })
		if i < 0 {
			continue
		}
		svc := services[i]
		// Within the time freed (the salon's hours and step held it), and
		// ending by midnight, as any appointment.
		if e.Status != domain.WaitlistWaiting || svc.Duration > minutes || from+svc.Duration >= 24*60 ||
			!slices.Contains(svc.ProfessionalIDs, professionalID) || (e.ProfessionalID != "" && e.ProfessionalID != professionalID) ||
			schedule.Clashes(busy, svc.Timing, from, svc.Duration) {
			continue
		}
		reason := "Reservado para " + firstName(e.ClientName) + " (lista de espera)"
		hold := domain.BlockedTime{ID: newID(), ProfessionalID: professionalID, Date: date, StartTime: hhmm,
			EndTime: start.Add(time.Duration(svc.Duration) * time.Minute).Format("15:04"), Reason: &reason}
		if err := tx.SaveBlockedTime(ctx, userID, hold, a.Now(), true); err != nil {
			return err
		}
		expires := a.Now().Add(domain.WaitlistHold)
		offered := e
		offered.Status, offered.OfferTime, offered.OfferPro, offered.OfferMinutes, offered.HoldID, offered.OfferExpiresAt =
			domain.WaitlistOffered, hhmm, professionalID, minutes, hold.ID, &expires
		if ok, err := tx.SaveWaitlistEntry(ctx, userID, offered, domain.WaitlistWaiting); err != nil {
			return err
		} else if !ok { // removed meanwhile: the hold must not stay
			return errEntryMoved
		}
		// By email when she left one, and on the phones where she allowed
		// the store's notifications (a booking's reminders).
		notices := []domain.Message{}
		if e.ClientEmail != "" {
			notices = append(notices, domain.Message{Channel: domain.ChannelEmail, Recipient: e.ClientEmail})
		}
		subs, err := tx.ClientPushSubscriptions(ctx, userID, e.ClientPhone)
		if err != nil {
			return err
		}
		for _, sub := range subs {
			notices = append(notices, domain.Message{Channel: domain.ChannelPush, Recipient: sub.ID})
		}
		for _, n := range notices {
			n.ID, n.Subject, n.Kind, n.DueAt, n.Status, n.CreatedAt, n.NextAt =
				newID(), e.ID, domain.MessageWaitlistOffer, a.Now(), domain.MessagePending, a.Now(), a.Now()
			if err := tx.AddMessage(ctx, userID, n); err != nil {
				return err
			}
		}
		return nil
	}
	return nil
}

// errEntryMoved rolls back an offer whose entry changed under it.
var errEntryMoved = errors.New("waitlist entry changed while offered")

// ExpireWaitlistOffers ends the offers not taken in time, frees their
// holds and offers each time to the next in line (housekeeping).
func (a *App) ExpireWaitlistOffers(ctx context.Context) error {
	var due []domain.WaitlistEntry
	var stores []string
	err := a.db.Read(ctx, func(tx *store.Tx) error {
		var err error
		due, stores, err = tx.ExpiredOffers(ctx, a.Now())
		return err
	})
	if err != nil {
		return err
	}
	for i, e := range due {
		userID := stores[i]
		err := a.db.Write(ctx, func(tx *store.Tx) error {
			if err := tx.Lock(ctx, lockWaitlist, userID+"|"+e.Date); err != nil {
				return err
			}
			ended := e
			ended.Status = domain.WaitlistExpired
			if ok, err := tx.SaveWaitlistEntry(ctx, userID, ended, domain.WaitlistOffered); err != nil || !ok {
				return err // claimed or removed meanwhile
			}
			if err := dropHold(ctx, tx, userID, e.HoldID); err != nil {
				return err
			}
			return a.offerSlot(ctx, tx, userID, e.Date, e.OfferPro, e.OfferTime, e.OfferMinutes)
		})
		if err != nil {
			// One store's trouble must not hold the others' offers: the
			// next round tries it again.
			a.log.ErrorContext(ctx, "waitlist: end an offer", "user_id", userID, "entry", e.ID, "err", err)
			continue
		}
		a.publish(userID, domain.EventWaitlistUpdated, e.Date)
	}
	return nil
}

// dropHold deletes an offer's blocked time (gone already is fine: the
// salon may have deleted it by hand).
func dropHold(ctx context.Context, tx *store.Tx, userID, holdID string) error {
	if holdID == "" {
		return nil
	}
	if err := tx.DeleteBlockedTime(ctx, userID, holdID); err != nil && !errors.Is(err, domain.ErrNotFound) {
		return err
	}
	return nil
}

// offerURL is the customer's link to an offer.
func (a *App) offerURL(entryID string) string {
	return a.cfg.BaseURL + domain.WaitlistPath + a.tokens.Seal(waitlistScope, entryID)
}
