package domain

import (
	"cmp"
	"time"
)

// Billing: the payment provider's events, reduced to what decides a plan,
// and the one state machine that applies them (DESIGN.md section 7).

// The provider's event types Agendo acts on (Stripe's names).
const (
	BillingCheckoutCompleted     = "checkout.session.completed"
	BillingSubscriptionCreated   = "customer.subscription.created"
	BillingSubscriptionUpdated   = "customer.subscription.updated"
	BillingSubscriptionDeleted   = "customer.subscription.deleted"
	BillingInvoicePaid           = "invoice.paid"
	BillingInvoicePaymentFailed  = "invoice.payment_failed"
	BillingInvoiceActionRequired = "invoice.payment_action_required"
)

// BillingEventTypes lists the event types Agendo acts on.
var BillingEventTypes = []string{BillingCheckoutCompleted, BillingSubscriptionCreated, BillingSubscriptionUpdated,
	BillingSubscriptionDeleted, BillingInvoicePaid, BillingInvoicePaymentFailed, BillingInvoiceActionRequired}

// BillingEvent is one provider event, decoded.
type BillingEvent struct {
	ID      string
	Type    string
	Created time.Time
	// UserRef is the checkout's client_reference_id: our user id.
	UserRef        string
	CustomerID     string
	SubscriptionID string
	// SubscriptionStatus is the subscription's own status, on subscription
	// events: active, trialing, past_due, incomplete, incomplete_expired,
	// unpaid, paused or canceled.
	SubscriptionStatus string
	// PeriodEnd is when the paid period ends; CancelAt is set when the
	// subscription will end then.
	PeriodEnd *time.Time
	CancelAt  *time.Time
	// Unpaid marks a checkout completed without payment (an asynchronous
	// method still pending).
	Unpaid bool
	// PaymentFailed marks a subscription that ended for want of payment.
	PaymentFailed bool
}

// PlanState is a whole user_plans row: the plan the owner sees plus the
// provider's identifiers and the ordering marks.
type PlanState struct {
	UserPlan
	CustomerID          string
	SubscriptionID      string
	EndedSubscriptionID string
	FirstFailedAt       *time.Time
	LastEventAt         *time.Time
}

// BillingKind is the admin's event kind (WebhookEventKinds) for ev: what it
// would do to a plan.
func BillingKind(ev BillingEvent) string {
	switch ev.Type {
	case BillingCheckoutCompleted, BillingSubscriptionCreated:
		if ev.Type == BillingSubscriptionCreated {
			if k := kindOfStatus(ev.SubscriptionStatus); k != KindPaymentApproved {
				return k
			}
		}
		return KindSubscriptionStarted
	case BillingSubscriptionUpdated:
		return kindOfStatus(ev.SubscriptionStatus)
	case BillingSubscriptionDeleted:
		return KindSubscriptionCanceled
	case BillingInvoicePaid:
		return KindPaymentApproved
	case BillingInvoicePaymentFailed:
		return KindPaymentFailed
	case BillingInvoiceActionRequired:
		return KindPaymentIncomplete
	}
	return ""
}

func kindOfStatus(status string) string {
	switch status {
	case "past_due":
		return KindPaymentPastDue
	case "incomplete", "incomplete_expired", "paused":
		return KindPaymentIncomplete
	case "unpaid":
		return KindPaymentFailed
	case "canceled":
		return KindSubscriptionCanceled
	}
	return KindPaymentApproved
}

// Why an event was received but not applied.
const (
	SkipStale        = "Evento anterior ao último aplicado"
	SkipEnded        = "Assinatura já encerrada"
	SkipUnknownUser  = "Usuário não encontrado"
	SkipDisabled     = "Tipo de evento desativado"
	SkipUnhandled    = "Tipo de evento não utilizado"
	SkipWebhooksOff  = "Webhooks desativados"
	SkipDuplicate    = "Evento repetido"
	SkipNothingToApp = "Nada a mudar"
	// SkipAwaitingCustomer explains a pending event; SkipNeverLinked one
	// dropped after waiting PendingRetention.
	SkipAwaitingCustomer = "Cliente do Stripe ainda sem conta vinculada: o evento será aplicado quando o checkout chegar"
	SkipNeverLinked      = "Cliente do Stripe não vinculado a nenhuma conta em 30 dias"
	// AppliedOnLink explains an event applied when its customer was linked.
	AppliedOnLink = "Aplicado quando o cliente foi vinculado à conta"
)

// ApplyBilling returns the plan after ev and whether ev applied; when it
// did not, skip says why. The rules:
//   - an event older than the last applied one is stale (ties apply);
//   - a subscription that was deleted never comes back: later events about
//     it are ignored (a new subscription has a new id);
//   - the subscription's own status decides the plan: active or trialing →
//     Premium active; past_due → Premium inactive (payment.past_due);
//     incomplete, incomplete_expired, a payment needing action →
//     payment.incomplete; unpaid → payment.failed; paused → inactive;
//     canceled or deleted → free, with payment.failed when it ended for
//     failed payment, else subscription.canceled;
//   - invoice.payment_failed records the first failure once; invoice.paid
//     clears it and makes the plan Premium active.
func ApplyBilling(s PlanState, ev BillingEvent) (next PlanState, skip string) {
	if s.LastEventAt != nil && ev.Created.Before(*s.LastEventAt) {
		return s, SkipStale
	}
	if ev.SubscriptionID != "" && ev.SubscriptionID == s.EndedSubscriptionID {
		return s, SkipEnded
	}
	next = s
	if ev.CustomerID != "" {
		next.CustomerID = ev.CustomerID
	}
	if ev.SubscriptionID != "" {
		next.SubscriptionID = ev.SubscriptionID
	}
	switch ev.Type {
	case BillingCheckoutCompleted:
		if ev.Unpaid {
			next.premium(false, ReasonPaymentIncomplete, ev.Created)
		} else {
			next.premium(true, ReasonSubscriptionActive, ev.Created)
		}
		next.CancelAt = nil
	case BillingSubscriptionCreated, BillingSubscriptionUpdated:
		switch ev.SubscriptionStatus {
		case "active", "trialing":
			next.premium(true, ReasonSubscriptionActive, ev.Created)
		case "past_due":
			next.premium(false, ReasonPaymentPastDue, ev.Created)
		case "incomplete", "incomplete_expired":
			next.premium(false, ReasonPaymentIncomplete, ev.Created)
		case "unpaid":
			next.premium(false, ReasonPaymentFailed, ev.Created)
		case "paused":
			next.premium(false, "", ev.Created)
		case "canceled":
			next.end(ev)
			return next.applied(ev), ""
		default:
			return s, SkipNothingToApp
		}
		if ev.PeriodEnd != nil {
			next.ExpiresAt = ev.PeriodEnd
		}
		next.CancelAt = ev.CancelAt
	case BillingSubscriptionDeleted:
		next.end(ev)
	case BillingInvoicePaid:
		next.premium(true, ReasonSubscriptionActive, ev.Created)
		next.FirstFailedAt = nil
		if ev.PeriodEnd != nil {
			next.ExpiresAt = ev.PeriodEnd
		}
	case BillingInvoicePaymentFailed:
		if next.FirstFailedAt == nil {
			t := ev.Created
			next.FirstFailedAt = &t
		}
	case BillingInvoiceActionRequired:
		next.premium(false, ReasonPaymentIncomplete, ev.Created)
	default:
		return s, SkipUnhandled
	}
	return next.applied(ev), ""
}

// premium makes the plan Premium, active or not, with reason ("" for none).
func (s *PlanState) premium(active bool, reason string, at time.Time) {
	if s.Type != PlanPremium || s.SubscribedAt == nil {
		t := at
		s.SubscribedAt = &t
	}
	s.Type, s.IsActive = PlanPremium, active
	s.StatusReason = nil
	if reason != "" {
		r := reason
		s.StatusReason = &r
	}
}

// end returns the plan to free after the subscription ended.
func (s *PlanState) end(ev BillingEvent) {
	reason := ReasonSubscriptionCanceled
	if ev.PaymentFailed || s.FirstFailedAt != nil || ev.SubscriptionStatus == "unpaid" {
		reason = ReasonPaymentFailed
	}
	s.Type, s.IsActive, s.StatusReason = PlanFree, true, &reason
	t := ev.Created
	s.ExpiresAt, s.CancelAt, s.FirstFailedAt = &t, nil, nil
	s.EndedSubscriptionID, s.SubscriptionID = cmp.Or(ev.SubscriptionID, s.SubscriptionID), ""
}

func (s PlanState) applied(ev BillingEvent) PlanState {
	t := ev.Created
	s.LastEventAt = &t
	return s
}

// ContinueFree clears the reason of a plan made free by a cancellation or a
// failed payment, so the owner goes on with the free plan; the type never
// changes here. It reports whether there was anything to clear.
func ContinueFree(p UserPlan) (UserPlan, bool) {
	if p.Type != PlanFree || p.StatusReason == nil || *p.StatusReason == ReasonSubscriptionActive {
		return p, false
	}
	p.StatusReason = nil
	return p, true
}
