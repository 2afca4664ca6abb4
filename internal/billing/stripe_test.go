package billing_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	stripe "github.com/stripe/stripe-go/v86"
	"github.com/stripe/stripe-go/v86/webhook"

	"agendo/internal/billing"
	"agendo/internal/domain"
)

const secret = "whsec_test_0123456789abcdef"

// fixtures are the committed payloads in Stripe's format.
func fixtures(t testing.TB) map[string][]byte {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("..", "httpapi", "testdata", "stripe", "*.json"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	out := map[string][]byte{}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		out[strings.TrimSuffix(filepath.Base(p), ".json")] = b
	}
	return out
}

// Every fixture is a real Stripe event to Stripe's own library, and Decode
// reads the same ids, statuses and period ends that library reads.
func TestDecodeAgreesWithStripesLibrary(t *testing.T) {
	for name, body := range fixtures(t) {
		t.Run(name, func(t *testing.T) {
			sp := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: body, Secret: secret, Timestamp: time.Now()})
			ev, err := webhook.ConstructEventWithOptions(body, sp.Header, secret, webhook.ConstructEventOptions{})
			if err != nil {
				t.Fatalf("Stripe's library refused the fixture: %v", err)
			}
			if ev.APIVersion != stripe.APIVersion || billing.APIVersion != stripe.APIVersion {
				t.Fatalf("API version: fixture %s, ours %s, library %s", ev.APIVersion, billing.APIVersion, stripe.APIVersion)
			}
			if err := billing.Verify(sp.Header, body, []string{secret}, time.Now()); err != nil {
				t.Fatalf("Verify refused what Stripe's library signed: %v", err)
			}
			got, err := billing.Decode(body)
			if err != nil {
				t.Fatal(err)
			}
			if got.ID != ev.ID || got.Type != string(ev.Type) || got.Created.Unix() != ev.Created {
				t.Errorf("envelope: got %+v, library %s %s %d", got, ev.ID, ev.Type, ev.Created)
			}
			var want domain.BillingEvent
			switch {
			case ev.Type == "checkout.session.completed":
				var s stripe.CheckoutSession
				mustUnmarshal(t, ev.Data.Raw, &s)
				want = domain.BillingEvent{UserRef: s.ClientReferenceID, CustomerID: s.Customer.ID, SubscriptionID: s.Subscription.ID,
					Unpaid: s.PaymentStatus == stripe.CheckoutSessionPaymentStatusUnpaid}
			case strings.HasPrefix(string(ev.Type), "customer.subscription."):
				var s stripe.Subscription
				mustUnmarshal(t, ev.Data.Raw, &s)
				end := time.Unix(s.Items.Data[0].CurrentPeriodEnd, 0).UTC()
				want = domain.BillingEvent{CustomerID: s.Customer.ID, SubscriptionID: s.ID, SubscriptionStatus: string(s.Status), PeriodEnd: &end,
					PaymentFailed: s.CancellationDetails != nil && s.CancellationDetails.Reason == "payment_failed"}
			case strings.HasPrefix(string(ev.Type), "invoice."):
				var in stripe.Invoice
				mustUnmarshal(t, ev.Data.Raw, &in)
				end := time.Unix(in.Lines.Data[0].Period.End, 0).UTC()
				want = domain.BillingEvent{CustomerID: in.Customer.ID, SubscriptionID: in.Parent.SubscriptionDetails.Subscription.ID, PeriodEnd: &end}
			default:
				return // a type Agendo does not act on: the envelope is all
			}
			if got.UserRef != want.UserRef || got.CustomerID != want.CustomerID || got.SubscriptionID != want.SubscriptionID ||
				got.SubscriptionStatus != want.SubscriptionStatus || got.Unpaid != want.Unpaid || got.PaymentFailed != want.PaymentFailed ||
				!sameTime(got.PeriodEnd, want.PeriodEnd) {
				t.Errorf("decoded %+v, library reads %+v", got, want)
			}
		})
	}
}

func sameTime(a, b *time.Time) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Equal(*b)
}

func mustUnmarshal(t *testing.T, raw []byte, v any) {
	t.Helper()
	if err := json.Unmarshal(raw, v); err != nil {
		t.Fatal(err)
	}
}

func TestVerify(t *testing.T) {
	body := []byte(`{"id":"evt_1","object":"event","type":"invoice.paid","created":1}`)
	now := time.Unix(1_764_000_000, 0)
	sign := func(at time.Time, s string) string {
		return webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: body, Secret: s, Timestamp: at}).Header
	}
	cases := []struct {
		name    string
		header  string
		secrets []string
		want    error
	}{
		{"valid", sign(now, secret), []string{secret}, nil},
		{"second secret of a rotation", sign(now, secret), []string{"whsec_old_0000000000000000", secret}, nil},
		{"one of several v1", sign(now, secret) + ",v1=" + strings.Repeat("ab", 32), []string{secret}, nil},
		{"300 s old", sign(now.Add(-300*time.Second), secret), []string{secret}, nil},
		{"301 s old", sign(now.Add(-301*time.Second), secret), []string{secret}, billing.ErrStale},
		{"301 s ahead", sign(now.Add(301*time.Second), secret), []string{secret}, billing.ErrFuture},
		{"wrong secret", sign(now, "whsec_other_0000000000000000"), []string{secret}, billing.ErrBadSignature},
		{"no header", "", []string{secret}, billing.ErrNoSignature},
		{"no v1", "t=1764000000", []string{secret}, billing.ErrBadHeader},
		{"v0 only", "t=1764000000,v0=" + strings.Repeat("ab", 32), []string{secret}, billing.ErrBadHeader},
		{"no secret configured", sign(now, secret), nil, billing.ErrNoSecret},
	}
	for _, c := range cases {
		if got := billing.Verify(c.header, body, c.secrets, now); got != c.want {
			t.Errorf("%s: got %v, want %v", c.name, got, c.want)
		}
	}
}

// FuzzDecode: any bytes decode to an event or ErrMalformed, never a panic,
// and a decoded event's identifiers are plain tokens (safe to store).
func FuzzDecode(f *testing.F) {
	for _, b := range fixtures(f) {
		f.Add(b)
	}
	f.Add([]byte(`{"id":"evt_\u0000","object":"event","type":"invoice.paid","created":1}`))
	f.Add([]byte(`{"id":"evt_1","object":"event","type":"invoice.paid","created":1,"data":{"object":{"customer":{"id":"cus_1"}}}}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		ev, err := billing.Decode(body)
		if err != nil {
			if err != billing.ErrMalformed {
				t.Fatalf("unexpected error %v", err)
			}
			return
		}
		for _, s := range []string{ev.ID, ev.Type, ev.UserRef, ev.CustomerID, ev.SubscriptionID} {
			if strings.ContainsAny(s, "\x00 \n") || !isASCII(s) {
				t.Fatalf("identifier %q is not a token", s)
			}
		}
	})
}

// FuzzVerify: any header and body are refused or accepted without a panic;
// only a header carrying the HMAC of the body verifies.
func FuzzVerify(f *testing.F) {
	f.Add("t=1764000000,v1="+strings.Repeat("ab", 32), []byte("{}"))
	f.Add("t=,v1=,,==", []byte(""))
	f.Fuzz(func(t *testing.T, header string, body []byte) {
		if billing.Verify(header, body, []string{secret}, time.Unix(1_764_000_000, 0)) == nil {
			t.Fatalf("a header without the secret's HMAC verified: %q", header)
		}
	})
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
