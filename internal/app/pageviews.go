package app

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/url"
	"regexp"
	"strings"
	"time"

	"agendo/internal/domain"
	"agendo/internal/store"
)

// PageViewInput is a view of a public page reported by the SPA.
type PageViewInput struct {
	Path     string `json:"path"`
	Referrer string `json:"referrer,omitempty"`
}

var (
	slugShape        = regexp.MustCompile(`^[A-Za-z0-9-]{1,300}$`)
	storePath        = regexp.MustCompile(`^/store/([^/?#]{1,200})/?$`)
	professionalPath = regexp.MustCompile(`^/profissional/([0-9a-fA-F-]{1,64})/?$`)
	managePath       = regexp.MustCompile(`^` + domain.ManagePath + `([^/?#]{1,200})/?$`)
)

// RecordPageView stores a view of a public page with no IP and no cookie:
// the visitor is a hash of a daily random salt, the store, the IP and the
// user agent, and salts are deleted after 48 hours. A manage link's token
// is never stored. Errors: rate_limited (views from the IP), invalid (a path
// that is no public page, or names nothing).
func (a *App) RecordPageView(ctx context.Context, in PageViewInput, m Meta) error {
	if err := a.allow(a.limits.pageViews, m.IP); err != nil {
		return err
	}
	unknown := domain.Invalid("Página desconhecida", map[string]string{"path": "Página desconhecida"})
	var salt [16]byte
	_, _ = rand.Read(salt[:])
	now := a.Now()
	return a.db.Write(ctx, func(tx *store.Tx) error {
		var st domain.Store
		var err error
		path := in.Path
		switch {
		case storePath.MatchString(path):
			slug, _ := url.PathUnescape(storePath.FindStringSubmatch(path)[1])
			if !slugShape.MatchString(slug) {
				return unknown // no store has it: its letters are only [A-Za-z0-9-]
			}
			st, err = tx.StoreBySlug(ctx, slug)
		case professionalPath.MatchString(path):
			var userID string
			if userID, err = tx.OwnerOfProfessional(ctx, professionalPath.FindStringSubmatch(path)[1]); err == nil {
				st, err = tx.StoreByUser(ctx, userID)
			}
		case managePath.MatchString(path):
			path = "/agendamento"
			var userID string
			if id, ok := a.tokens.VerifyManage(managePath.FindStringSubmatch(in.Path)[1]); !ok {
				err = domain.ErrNotFound
			} else if userID, err = tx.OwnerOfAppointment(ctx, id); err == nil {
				st, err = tx.StoreByUser(ctx, userID)
			}
		default:
			return unknown
		}
		if errors.Is(err, domain.ErrNotFound) {
			return unknown
		}
		if err != nil {
			return err
		}
		if ok, _ := a.limits.pageViewsStore.Allow(st.ID, now); !ok {
			return nil // a flood: not counted, and nothing for a visitor's browser to report
		}
		visitor, err := visitorHash(ctx, tx, st.ID, m, salt, now)
		if err != nil {
			return err
		}
		if path != "/agendamento" {
			// A visitor of a page that takes no booking now was turned away
			// before the first tap (the page says so).
			if accepts, err := a.acceptsBookings(ctx, tx, st.UserID); err != nil {
				return err
			} else if !accepts {
				if err := tx.AddTurnedAway(ctx, st.UserID, monthOf(st, now), visitor, now); err != nil {
					return err
				}
			}
		}
		return tx.InsertPageView(ctx, store.PageView{
			ID: newID(), StoreID: st.ID, Path: path, Referrer: referrerOrigin(in.Referrer),
			VisitorHash: visitor, Day: now.In(storeLocation(st)).Format(time.DateOnly), CreatedAt: now,
		})
	})
}

// visitorHash is who a visitor of storeID is today, without who they are: a
// hash of the day's random salt (fresh, when the day has none yet), the
// store, the IP and the user agent. Salts are deleted after 48 hours.
func visitorHash(ctx context.Context, tx *store.Tx, storeID string, m Meta, fresh [16]byte, now time.Time) (string, error) {
	daySalt, err := tx.VisitorSalt(ctx, now.Format(time.DateOnly), hex.EncodeToString(fresh[:]), now)
	if err != nil {
		return "", err
	}
	h := sha256.Sum256([]byte(daySalt + "|" + storeID + "|" + m.IP + "|" + m.UserAgent))
	return hex.EncodeToString(h[:16]), nil
}

// monthOf is now's month in the store's time zone ("2026-03").
func monthOf(st domain.Store, now time.Time) string {
	return now.In(storeLocation(st)).Format("2006-01")
}

// turnAway records that the visitor m could not book with st (its free
// limit refused the booking), in a transaction of its own: the booking's
// was undone. A failure is only logged: the customer's answer is the
// refusal either way.
func (a *App) turnAway(ctx context.Context, st domain.Store, m Meta) {
	var salt [16]byte
	_, _ = rand.Read(salt[:])
	now := a.Now()
	err := a.db.Write(ctx, func(tx *store.Tx) error {
		visitor, err := visitorHash(ctx, tx, st.ID, m, salt, now)
		if err != nil {
			return err
		}
		return tx.AddTurnedAway(ctx, st.UserID, monthOf(st, now), visitor, now)
	})
	if err != nil {
		a.log.ErrorContext(ctx, "record turned away", "err", err)
	}
}

// TurnedAway is what the owner's notice says: how many customers could not
// book online this month because the free plan's limit was used up.
type TurnedAway struct {
	Month string `json:"month" example:"2026-03"`
	Count int    `json:"count"`
	// Limited is whether the plan is held to the free limit now: the way
	// out (Assinar Premium) applies.
	Limited bool `json:"limited"`
	// Full is whether the limit is reached now, so the store's page says it
	// takes no online bookings (false again once appointments are deleted).
	Full bool `json:"full"`
	// CheckoutURL is where 'Assinar Premium' goes, as on Planos; empty
	// when AGENDO_CHECKOUT_URL is not set.
	CheckoutURL string `json:"checkoutUrl"`
}

// TurnedAway returns the caller's store's customers turned away this month.
// Errors: none of its own.
func (a *App) TurnedAway(ctx context.Context, p Principal) (TurnedAway, error) {
	var out TurnedAway
	err := a.db.Read(ctx, func(tx *store.Tx) error {
		st, err := tx.StoreByUser(ctx, p.StoreID)
		if err != nil && !errors.Is(err, domain.ErrNotFound) {
			return err
		}
		st.UserID = p.StoreID
		out.Month = monthOf(st, a.Now())
		if out.Count, err = tx.TurnedAway(ctx, p.StoreID, out.Month); err != nil {
			return err
		}
		if out.Limited, err = a.limited(ctx, tx, p.StoreID); err != nil || !out.Limited {
			return err
		}
		accepts, err := a.acceptsBookings(ctx, tx, p.StoreID)
		out.Full = !accepts
		return err
	})
	if a.cfg.CheckoutURL != "" {
		out.CheckoutURL = checkoutLink(a.cfg.CheckoutURL, p.StoreID, p.Email)
	}
	return out, err
}

// referrerOrigin keeps only where a visitor came from (scheme and host),
// never the path or query, which may carry personal data.
func referrerOrigin(ref string) string {
	u, err := url.Parse(strings.TrimSpace(ref))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || len(u.Host) > 200 {
		return ""
	}
	for i := 0; i < len(u.Host); i++ { // a host is printable ASCII (IDNs travel as punycode)
		if u.Host[i] <= ' ' || u.Host[i] >= 0x7f {
			return ""
		}
	}
	return u.Scheme + "://" + u.Host
}
