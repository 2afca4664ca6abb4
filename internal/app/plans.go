package app

import (
	"context"
	"errors"
	"net/url"

	"agendo/internal/domain"
	"agendo/internal/store"
)

// checkLimit refuses a new appointment for userID when the plan is held to
// the free limit and the agenda already holds that many (SPEC.md sections
// 4, 8, 9; docs/decisions.md says what counts). customer selects the
// message: the owner is told the limit; a customer is sent to WhatsApp.
func (a *App) checkLimit(ctx context.Context, tx *store.Tx, userID string, customer bool) error {
	full, limit, err := a.atLimit(ctx, tx, userID, true)
	if err != nil || !full {
		return err
	}
	if customer {
		return &domain.Error{Code: domain.CodePlanLimit, Message: domain.MsgStoreLimit}
	}
	return &domain.Error{Code: domain.CodePlanLimit, Message: domain.LimitMessage(limit)}
}

// acceptsBookings is whether userID's store takes a new booking now: what
// checkLimit will answer, read ahead for the public pages.
func (a *App) acceptsBookings(ctx context.Context, tx *store.Tx, userID string) (bool, error) {
	full, _, err := a.atLimit(ctx, tx, userID, false)
	return !full, err
}

// limited is whether userID's plan is held to the free limit now.
func (a *App) limited(ctx context.Context, tx *store.Tx, userID string) (bool, error) {
	plan, err := tx.Plan(ctx, userID)
	if errors.Is(err, domain.ErrNotFound) {
		plan = domain.UserPlan{Type: domain.PlanFree, IsActive: true} // the row is created on first read
	} else if err != nil {
		return false, err
	}
	return domain.Limited(domain.EffectivePlan(plan, a.Now())), nil
}

// atLimit is whether userID's plan is held to the free limit and the
// agenda already holds that many, with the limit. lock takes the free
// limit's lock first, for a writer about to add on the strength of it.
func (a *App) atLimit(ctx context.Context, tx *store.Tx, userID string, lock bool) (bool, int, error) {
	if held, err := a.limited(ctx, tx, userID); err != nil || !held {
		return false, 0, err
	}
	if lock {
		if err := tx.Lock(ctx, lockFreeLimit, userID); err != nil {
			return false, 0, err
		}
	}
	cfg, err := a.planConfig(ctx, tx)
	if err != nil {
		return false, 0, err
	}
	n, err := tx.AppointmentCount(ctx, userID)
	if err != nil {
		return false, 0, err
	}
	return n >= cfg.FreeLimit, cfg.FreeLimit, nil
}

// PlanOverview is everything Planos shows: the caller's plan and usage, both
// plans as the admin configured them, and where to pay or manage the
// subscription.
type PlanOverview struct {
	Plan   domain.UserPlan   `json:"plan"`
	Usage  domain.PlanUsage  `json:"usage"`
	Config domain.PlanConfig `json:"config"`
	// CheckoutURL is the Stripe Payment Link with client_reference_id and
	// prefilled_email; empty when AGENDO_CHECKOUT_URL is not set.
	CheckoutURL string `json:"checkoutUrl"`
	// PortalURL is Stripe's customer portal; empty when not set.
	PortalURL string `json:"portalUrl"`
}

// PlanOverview returns the caller's plan page. Errors: none of its own
// (internal on a database failure).
func (a *App) PlanOverview(ctx context.Context, p Principal) (PlanOverview, error) {
	plan, err := a.Plan(ctx, p)
	if err != nil {
		return PlanOverview{}, err
	}
	out := PlanOverview{Plan: plan, PortalURL: a.cfg.BillingPortalURL}
	err = a.db.Read(ctx, func(tx *store.Tx) error {
		if out.Config, err = a.planConfig(ctx, tx); err != nil {
			return err
		}
		n, err := tx.AppointmentCount(ctx, p.StoreID)
		out.Usage = domain.Usage(plan, n, out.Config.FreeLimit)
		return err
	})
	if a.cfg.CheckoutURL != "" {
		out.CheckoutURL = checkoutLink(a.cfg.CheckoutURL, p.StoreID, p.Email)
	}
	return out, err
}

// checkoutLink adds the user's id and email to a Stripe Payment Link.
func checkoutLink(base, userID, email string) string {
	u, err := url.Parse(base)
	if err != nil {
		return base
	}
	q := u.Query()
	q.Set("client_reference_id", userID)
	if email != "" {
		q.Set("prefilled_email", email)
	}
	u.RawQuery = q.Encode()
	return u.String()
}

// ContinueFree clears the status reason of a plan that became free when a
// subscription ended, so the owner goes on with the free plan (the type
// never changes from the client). Errors: conflict when the plan is not
// free with such a reason.
func (a *App) ContinueFree(ctx context.Context, p Principal) (domain.UserPlan, error) {
	var plan domain.UserPlan
	err := a.db.Write(ctx, func(tx *store.Tx) error {
		if err := tx.LockPlan(ctx, p.StoreID); err != nil {
			return err
		}
		s, err := tx.PlanState(ctx, p.StoreID)
		if err != nil {
			return err
		}
		next, ok := domain.ContinueFree(s.UserPlan)
		if !ok {
			return domain.Errorf(domain.CodeConflict, "Seu plano não tem pendências: nada a mudar.")
		}
		s.UserPlan = next
		if err := tx.SavePlanState(ctx, p.StoreID, s, a.Now()); err != nil {
			return err
		}
		plan = next
		return tx.AddAudit(ctx, domain.AuditEntry{ID: newID(), Timestamp: a.Now(), AdminUserID: p.UserID,
			Action: "Continuar no plano gratuito", DataAffected: "user_plan:" + p.StoreID, Success: true})
	})
	if err != nil {
		return domain.UserPlan{}, err
	}
	a.publish(p.StoreID, domain.EventPlanUpdated, p.StoreID)
	return plan, nil
}

// Plan returns the caller's plan, creating the free, active row when none
// exists (SPEC.md section 4). Errors: none besides internal.
func (a *App) Plan(ctx context.Context, p Principal) (domain.UserPlan, error) {
	var plan domain.UserPlan
	err := a.db.Read(ctx, func(tx *store.Tx) error {
		var err error
		plan, err = tx.Plan(ctx, p.StoreID)
		return err
	})
	if errors.Is(err, domain.ErrNotFound) {
		err = a.db.Write(ctx, func(tx *store.Tx) error {
			if err := tx.EnsurePlan(ctx, p.StoreID, a.Now()); err != nil {
				return err
			}
			var err error
			plan, err = tx.Plan(ctx, p.StoreID)
			return err
		})
	}
	return domain.EffectivePlan(plan, a.Now()), err
}
