package app

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"agendo/internal/billing"
	"agendo/internal/domain"
	"agendo/internal/store"
)

// DeliveryRetention is how long a webhook delivery's payload is kept.
const DeliveryRetention = 90 * 24 * time.Hour

// maxStoredPayload bounds the payload kept of a delivery, and
// maxRefusedPayload that of a refused one (nobody signed it).
const (
	maxStoredPayload  = 64 << 10
	maxRefusedPayload = 2 << 10
)

// PendingRetention is how long an event waits for its customer to be
// linked to an account before it is given up (docs/decisions.md).
const PendingRetention = 30 * 24 * time.Hour

// BillingWebhook handles one delivery of the payment provider's webhook
// (DESIGN.md section 7): the signature is checked against every configured
// secret; one transaction claims the event id (a replay changes nothing),
// resolves the user, applies domain.ApplyBilling and writes the audit entry;
// plan.updated is published only after commit. An event whose customer is
// not linked to an account yet is kept pending, and applied when an event
// links that customer (applyPending). Every delivery lands in the
// webhook log (refused ones up to 30 per address in 10 minutes, so
// forgeries cannot flood it). Errors: bad_request (unsigned, forged, stale, future or
// malformed: recorded, nothing changed); internal on a database failure (the
// provider retries).
func (a *App) BillingWebhook(ctx context.Context, signature string, body []byte, m Meta) error {
	now := a.Now()
	if err := billing.Verify(signature, body, a.cfg.BillingSecrets, now); err != nil {
		return a.refuseDelivery(ctx, body, "", err, now, m)
	}
	ev, err := billing.Decode(body)
	if err != nil {
		return a.refuseDelivery(ctx, body, ev.Type, err, now, m)
	}
	var userID string
	var changed bool
	err = a.db.Write(ctx, func(tx *store.Tx) error {
		userID, changed = "", false
		d := store.Delivery{ID: newID(), EventID: ev.ID, Type: ev.Type, Kind: domain.BillingKind(ev),
			Result: domain.WebhookIgnored, Payload: storedPayload(body), EventAt: &ev.Created, ReceivedAt: now}
		claimed, err := tx.ClaimDelivery(ctx, d)
		if err != nil || !claimed {
			return err // a replay: already handled, nothing to do
		}
		if ev.CustomerID != "" {
			// Before the user is looked up: a concurrent delivery that
			// links this customer, or waits for it, is decided first.
			if err := tx.Lock(ctx, lockBillingCustomer, ev.CustomerID); err != nil {
				return err
			}
		}
		result, reason, err := a.applyDelivery(ctx, tx, ev, d.Kind, &userID, now)
		if err != nil {
			return err
		}
		if result == domain.WebhookPending {
			held, err := json.Marshal(ev)
			if err != nil {
				return err
			}
			return tx.HoldDelivery(ctx, d.ID, ev.CustomerID, string(held), reason)
		}
		changed = result == domain.WebhookApplied
		if err := tx.FinishDelivery(ctx, d.ID, userID, result, reason); err != nil {
			return err
		}
		if userID == "" || ev.CustomerID == "" {
			return nil
		}
		applied, err := a.applyPending(ctx, tx, userID, ev.CustomerID, now)
		changed = changed || applied
		return err
	})
	if err != nil {
		a.recordFailedDelivery(ctx, body, ev, err, now)
		return err
	}
	if changed {
		a.publish(userID, domain.EventPlanUpdated, userID)
	}
	return nil
}

// applyDelivery decides a claimed event inside its transaction: whether it
// applies (the admin's configuration, the user, the state machine) and, if
// so, saves the plan and its audit entry. An event about a customer no
// account is linked to yet is pending.
func (a *App) applyDelivery(ctx context.Context, tx *store.Tx, ev domain.BillingEvent, kind string, userID *string, now time.Time) (result, reason string, err error) {
	if !slices.Contains(domain.BillingEventTypes, ev.Type) {
		return domain.WebhookIgnored, domain.SkipUnhandled, nil
	}
	cfg, err := a.webhookConfig(ctx, tx)
	if err != nil {
		return "", "", err
	}
	if !cfg.Enabled {
		return domain.WebhookIgnored, domain.SkipWebhooksOff, nil
	}
	if *userID, err = resolveUser(ctx, tx, ev); err != nil {
		switch {
		case !errors.Is(err, domain.ErrNotFound):
			return "", "", err
		case !cfg.KindEnabled(kind):
			return domain.WebhookIgnored, domain.SkipDisabled, nil
		case ev.UserRef == "" && ev.CustomerID != "":
			// A checkout names its account itself: only events that
			// name a customer wait for one.
			return domain.WebhookPending, domain.SkipAwaitingCustomer, nil
		}
		return domain.WebhookIgnored, domain.SkipUnknownUser, nil
	}
	if !cfg.KindEnabled(kind) {
		return domain.WebhookIgnored, domain.SkipDisabled, nil
	}
	state, err := lockedPlanState(ctx, tx, *userID)
	if err != nil {
		return "", "", err
	}
	next, skip := domain.ApplyBilling(state, ev)
	if skip != "" {
		return domain.WebhookIgnored, skip, nil
	}
	if err := tx.SavePlanState(ctx, *userID, next, now); err != nil {
		return "", "", err
	}
	return domain.WebhookApplied, "", a.auditBilling(ctx, tx, *userID, ev, next, now)
}

// applyPending applies, in created order, the events that were waiting for
// customerID now that an event tied it to userID, each under the same
// rules as on arrival (the admin's configuration, domain.ApplyBilling: an
// older one never overrides a newer state), after the linking event. It
// reports whether the plan changed.
func (a *App) applyPending(ctx context.Context, tx *store.Tx, userID, customerID string, now time.Time) (bool, error) {
	pending, err := tx.PendingDeliveries(ctx, customerID)
	if err != nil || len(pending) == 0 {
		return false, err
	}
	cfg, err := a.webhookConfig(ctx, tx)
	if err != nil {
		return false, err
	}
	state, err := lockedPlanState(ctx, tx, userID)
	if err != nil {
		return false, err
	}
	changed := false
	for _, p := range pending {
		var ev domain.BillingEvent
		if err := json.Unmarshal([]byte(p.Event), &ev); err != nil {
			return false, fmt.Errorf("pending webhook event %s: %w", p.ID, err)
		}
		next, skip := state, domain.SkipDisabled
		if cfg.KindEnabled(domain.BillingKind(ev)) {
			next, skip = domain.ApplyBilling(state, ev)
		}
		result, reason := domain.WebhookApplied, domain.AppliedOnLink
		if skip != "" {
			result, reason = domain.WebhookIgnored, skip
		}
		taken, err := tx.ReleaseDelivery(ctx, p.ID, userID, result, reason)
		if err != nil {
			return false, err
		}
		if !taken || skip != "" {
			continue
		}
		state, changed = next, true
		if err := a.auditBilling(ctx, tx, userID, ev, next, now); err != nil {
			return false, err
		}
	}
	if !changed {
		return false, nil
	}
	return true, tx.SavePlanState(ctx, userID, state, now)
}

// lockedPlanState locks a user's plan row and reads it; a missing row is
// the free plan, active.
func lockedPlanState(ctx context.Context, tx *store.Tx, userID string) (domain.PlanState, error) {
	if err := tx.LockPlan(ctx, userID); err != nil {
		return domain.PlanState{}, err
	}
	state, err := tx.PlanState(ctx, userID)
	if errors.Is(err, domain.ErrNotFound) {
		return domain.PlanState{UserPlan: domain.UserPlan{Type: domain.PlanFree, IsActive: true}}, nil
	}
	return state, err
}

// auditBilling writes the audit entry of a plan changed by ev.
func (a *App) auditBilling(ctx context.Context, tx *store.Tx, userID string, ev domain.BillingEvent, next domain.PlanState, now time.Time) error {
	return tx.AddAudit(ctx, domain.AuditEntry{ID: newID(), Timestamp: now, AdminUserID: domain.AuditActorBilling,
		Action: "Plano alterado por " + ev.Type + ": " + describePlan(next.UserPlan), DataAffected: "user_plan:" + userID, Success: true})
}

// resolveUser finds whom an event is about: the checkout's
// client_reference_id (our user id), else the stored customer id.
func resolveUser(ctx context.Context, tx *store.Tx, ev domain.BillingEvent) (string, error) {
	if ev.UserRef != "" {
		if _, err := tx.UserEmail(ctx, ev.UserRef); err == nil {
			return ev.UserRef, nil
		} else if !errors.Is(err, domain.ErrNotFound) {
			return "", err
		}
	}
	if ev.CustomerID != "" {
		return tx.UserByCustomer(ctx, ev.CustomerID)
	}
	return "", domain.ErrNotFound
}

// describePlan names a plan for the audit log: "premium ativo
// (subscription.active)".
func describePlan(p domain.UserPlan) string {
	s := p.Type + " ativo"
	if !p.IsActive {
		s = p.Type + " inativo"
	}
	if p.StatusReason != nil {
		s += " (" + *p.StatusReason + ")"
	}
	return s
}

// refuseDelivery records a delivery that was refused and answers 400.
func (a *App) refuseDelivery(ctx context.Context, body []byte, typ string, cause error, now time.Time, m Meta) error {
	msg := "Entrega recusada: " + cause.Error()
	refused := &domain.Error{Code: domain.CodeBadRequest, Message: msg}
	if ok, _ := a.limits.refusedDeliveries.Allow(m.IP, now); !ok {
		return refused // answered, not logged again
	}
	if len(body) > maxRefusedPayload {
		body = body[:maxRefusedPayload]
	}
	err := a.db.Write(ctx, func(tx *store.Tx) error {
		_, err := tx.ClaimDelivery(ctx, store.Delivery{ID: newID(), Type: typ, Result: domain.WebhookRefused,
			Error: msg, Payload: storedPayload(body), ReceivedAt: now})
		return err
	})
	if err != nil && a.log != nil {
		a.log.ErrorContext(ctx, "refused webhook delivery not recorded", "err", err)
	}
	return refused
}

// recordFailedDelivery logs a delivery whose transaction failed; its event
// id stays unclaimed so the provider's retry is handled in full.
func (a *App) recordFailedDelivery(ctx context.Context, body []byte, ev domain.BillingEvent, cause error, now time.Time) {
	if ctx.Err() != nil {
		return
	}
	err := a.db.Write(ctx, func(tx *store.Tx) error {
		_, err := tx.ClaimDelivery(ctx, store.Delivery{ID: newID(), Type: ev.Type, Kind: domain.BillingKind(ev),
			Result: domain.WebhookFailed, Error: fmt.Sprintf("Falha temporária (%s); o Stripe tentará de novo", ev.ID),
			Payload: storedPayload(body), EventAt: &ev.Created, ReceivedAt: now})
		return err
	})
	if a.log != nil {
		a.log.ErrorContext(ctx, "webhook delivery failed", "err", cause, "event", ev.ID, "record_err", err)
	}
}

// storedPayload is what is kept of a body: valid UTF-8 without NUL bytes
// (PostgreSQL's text refuses both), at most maxStoredPayload bytes.
func storedPayload(body []byte) string {
	if len(body) > maxStoredPayload {
		body = body[:maxStoredPayload]
	}
	// ToValidUTF8 also mends a rune the cut split.
	return strings.ReplaceAll(strings.ToValidUTF8(string(body), "\uFFFD"), "\x00", "")
}

// DeliveryPage is a page of the webhook log.
type DeliveryPage struct {
	Items []domain.WebhookDelivery `json:"items"`
	Total int                      `json:"total"`
}

// WebhookDeliveries lists the webhook log, newest first, emails masked.
// Errors: invalid (limit or offset out of range).
func (a *App) WebhookDeliveries(ctx context.Context, f domain.WebhookDeliveryFilter) (DeliveryPage, error) {
	if f.Limit == 0 {
		f.Limit = 50
	}
	if f.Limit < 1 || f.Limit > 100 || f.Offset < 0 {
		return DeliveryPage{}, domain.Invalid("Página inválida", map[string]string{"limit": "Use de 1 a 100 itens por página"})
	}
	var out DeliveryPage
	err := a.db.Read(ctx, func(tx *store.Tx) error {
		var err error
		out.Items, out.Total, err = tx.Deliveries(ctx, f)
		return err
	})
	for i := range out.Items {
		out.Items[i].User = domain.MaskEmail(out.Items[i].User)
	}
	return out, err
}
