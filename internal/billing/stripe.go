// Package billing reads the payment provider's webhook deliveries: Stripe's
// signature scheme and event format, pinned to API version APIVersion. It
// turns a delivery into a domain.BillingEvent; what the event does to a plan
// is decided in domain.ApplyBilling.
package billing

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"

	"agendo/internal/domain"
)

// APIVersion is the Stripe API version the decoder reads (set the webhook
// endpoint to it in Stripe's dashboard; docs/deploy.md).
const APIVersion = "2026-07-29.dahlia"

// Tolerance is how far a delivery's timestamp may be from now, either way.
const Tolerance = 300 * time.Second

// MaxBody is the largest delivery read.
const MaxBody = 1 << 20

// Why a delivery is refused.
var (
	ErrNoSignature  = errors.New("assinatura ausente")
	ErrBadHeader    = errors.New("cabeçalho Stripe-Signature malformado")
	ErrStale        = errors.New("assinatura expirada (mais de 300 s)")
	ErrFuture       = errors.New("assinatura com horário no futuro")
	ErrBadSignature = errors.New("assinatura não confere")
	ErrNoSecret     = errors.New("nenhum segredo de webhook configurado")
	ErrMalformed    = errors.New("evento malformado")
)

// Verify checks a Stripe-Signature header ("t=<unix>,v1=<hex>,v1=…") over
// body: every v1 against every secret, in constant time, with the timestamp
// within Tolerance of now in either direction.
func Verify(header string, body []byte, secrets []string, now time.Time) error {
	if len(secrets) == 0 {
		return ErrNoSecret
	}
	if strings.TrimSpace(header) == "" {
		return ErrNoSignature
	}
	var ts int64
	var haveTS bool
	var sigs [][]byte
	for part := range strings.SplitSeq(header, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok {
			continue
		}
		switch k {
		case "t":
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				return ErrBadHeader
			}
			ts, haveTS = n, true
		case "v1":
			if b, err := hex.DecodeString(v); err == nil && len(b) == sha256.Size {
				sigs = append(sigs, b)
			}
		}
	}
	if !haveTS || len(sigs) == 0 {
		return ErrBadHeader
	}
	at := time.Unix(ts, 0)
	if now.Sub(at) > Tolerance {
		return ErrStale
	}
	if at.Sub(now) > Tolerance {
		return ErrFuture
	}
	signed := make([]byte, 0, 24+len(body))
	signed = strconv.AppendInt(signed, ts, 10)
	signed = append(signed, '.')
	signed = append(signed, body...)
	for _, secret := range secrets {
		mac := hmac.New(sha256.New, []byte(secret))
		mac.Write(signed)
		want := mac.Sum(nil)
		for _, sig := range sigs {
			if hmac.Equal(want, sig) {
				return nil
			}
		}
	}
	return ErrBadSignature
}

// event is the envelope of every Stripe event.
type event struct {
	ID      string `json:"id"`
	Object  string `json:"object"`
	Type    string `json:"type"`
	Created int64  `json:"created"`
	Data    struct {
		Object json.RawMessage `json:"object"`
	} `json:"data"`
}

// ref is a field Stripe sends either as an id or as the expanded object.
type ref string

func (r *ref) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		return nil
	}
	if len(b) > 0 && b[0] == '{' {
		var o struct {
			ID string `json:"id"`
		}
		if err := json.Unmarshal(b, &o); err != nil {
			return err
		}
		*r = ref(o.ID)
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	*r = ref(s)
	return nil
}

type checkoutSession struct {
	ClientReferenceID string `json:"client_reference_id"`
	Customer          ref    `json:"customer"`
	Subscription      ref    `json:"subscription"`
	PaymentStatus     string `json:"payment_status"`
	Mode              string `json:"mode"`
}

type subscription struct {
	ID                  string `json:"id"`
	Customer            ref    `json:"customer"`
	Status              string `json:"status"`
	CancelAtPeriodEnd   bool   `json:"cancel_at_period_end"`
	CancelAt            *int64 `json:"cancel_at"`
	CancellationDetails *struct {
		Reason string `json:"reason"`
	} `json:"cancellation_details"`
	Items struct {
		Data []struct {
			CurrentPeriodEnd int64 `json:"current_period_end"`
		} `json:"data"`
	} `json:"items"`
}

type invoice struct {
	Customer ref `json:"customer"`
	Parent   *struct {
		SubscriptionDetails *struct {
			Subscription ref `json:"subscription"`
		} `json:"subscription_details"`
	} `json:"parent"`
	Lines struct {
		Data []struct {
			Period struct {
				End int64 `json:"end"`
			} `json:"period"`
		} `json:"data"`
	} `json:"lines"`
}

// Decode reads one event. Types Agendo does not act on decode with only the
// envelope filled; a malformed event is ErrMalformed.
func Decode(body []byte) (domain.BillingEvent, error) {
	var e event
	if err := json.Unmarshal(body, &e); err != nil || !isToken(e.ID) || !isToken(e.Type) || e.Created <= 0 ||
		e.Created > 1<<40 || e.Object != "event" {
		return domain.BillingEvent{}, ErrMalformed
	}
	ev := domain.BillingEvent{ID: e.ID, Type: e.Type, Created: time.Unix(e.Created, 0).UTC()}
	if !slices.Contains(domain.BillingEventTypes, e.Type) {
		return ev, nil
	}
	if len(e.Data.Object) == 0 {
		return ev, ErrMalformed
	}
	switch e.Type {
	case domain.BillingCheckoutCompleted:
		var s checkoutSession
		if err := json.Unmarshal(e.Data.Object, &s); err != nil {
			return ev, ErrMalformed
		}
		ev.UserRef, ev.CustomerID, ev.SubscriptionID = s.ClientReferenceID, string(s.Customer), string(s.Subscription)
		ev.Unpaid = s.PaymentStatus == "unpaid"
	case domain.BillingSubscriptionCreated, domain.BillingSubscriptionUpdated, domain.BillingSubscriptionDeleted:
		var s subscription
		if err := json.Unmarshal(e.Data.Object, &s); err != nil || s.ID == "" {
			return ev, ErrMalformed
		}
		ev.CustomerID, ev.SubscriptionID, ev.SubscriptionStatus = string(s.Customer), s.ID, s.Status
		if len(s.Items.Data) > 0 && s.Items.Data[0].CurrentPeriodEnd > 0 {
			ev.PeriodEnd = unix(s.Items.Data[0].CurrentPeriodEnd)
		}
		switch {
		case s.CancelAt != nil && *s.CancelAt > 0:
			ev.CancelAt = unix(*s.CancelAt)
		case s.CancelAtPeriodEnd:
			ev.CancelAt = ev.PeriodEnd
		}
		ev.PaymentFailed = s.CancellationDetails != nil && s.CancellationDetails.Reason == "payment_failed"
	case domain.BillingInvoicePaid, domain.BillingInvoicePaymentFailed, domain.BillingInvoiceActionRequired:
		var in invoice
		if err := json.Unmarshal(e.Data.Object, &in); err != nil {
			return ev, ErrMalformed
		}
		ev.CustomerID = string(in.Customer)
		if in.Parent != nil && in.Parent.SubscriptionDetails != nil {
			ev.SubscriptionID = string(in.Parent.SubscriptionDetails.Subscription)
		}
		if len(in.Lines.Data) > 0 && in.Lines.Data[0].Period.End > 0 {
			ev.PeriodEnd = unix(in.Lines.Data[0].Period.End)
		}
	}
	for _, id := range []string{ev.UserRef, ev.CustomerID, ev.SubscriptionID, ev.SubscriptionStatus} {
		if id != "" && !isToken(id) {
			return ev, ErrMalformed
		}
	}
	return ev, nil
}

// isToken reports whether s looks like a provider identifier: 1 to 255
// ASCII letters, digits, '_', '-' or '.'. Anything else (NUL bytes,
// invalid UTF-8, spaces) is not an identifier the provider sends.
func isToken(s string) bool {
	if len(s) == 0 || len(s) > 255 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.') {
			return false
		}
	}
	return true
}

func unix(s int64) *time.Time {
	t := time.Unix(s, 0).UTC()
	return &t
}
