package httpapi_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v86/webhook"

	"agendo/internal/domain"
)

// The webhook secrets the test servers accept: an old and a new one, as
// during a rotation.
const (
	testBillingSecret    = "whsec_test_agendo_new_0123456789abcdef"
	testBillingSecretOld = "whsec_test_agendo_old_0123456789abcdef"
)

// stripeEvent returns a committed Stripe payload (testdata/stripe) with the
// event's id and created time, and the object's fields replaced as given:
// "client_reference_id", "customer", "subscription" (the checkout's or the
// invoice's), "id" (the subscription's), "status", "cancel_at_period_end",
// "cancellation_reason".
func stripeEvent(t testing.TB, typ, id string, created time.Time, set map[string]any) []byte {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("testdata", "stripe", typ+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var ev map[string]any
	if err := json.Unmarshal(raw, &ev); err != nil {
		t.Fatal(err)
	}
	ev["id"], ev["created"] = id, created.Unix()
	obj := ev["data"].(map[string]any)["object"].(map[string]any)
	for k, v := range set {
		switch {
		case k == "subscription" && strings.HasPrefix(typ, "invoice."):
			obj["parent"].(map[string]any)["subscription_details"].(map[string]any)["subscription"] = v
		case k == "cancellation_reason":
			obj["cancellation_details"].(map[string]any)["reason"] = v
		default:
			obj[k] = v
		}
	}
	out, err := json.Marshal(ev)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// deliver posts body to the billing webhook signed by Stripe's own library
// with secret at the server's clock plus skew.
func (e *env) deliver(body []byte, secret string, skew time.Duration) resp {
	sp := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: body, Secret: secret,
		Timestamp: e.clock.Now().Add(skew)})
	req, _ := http.NewRequest("POST", e.srv.URL+domain.BillingWebhookPath, strings.NewReader(string(body)))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Stripe-Signature", sp.Header)
	return e.send(req)
}

var eventSeq struct {
	sync.Mutex
	n int
}

func nextEventID() string {
	eventSeq.Lock()
	defer eventSeq.Unlock()
	eventSeq.n++
	return fmt.Sprintf("evt_test%010d", eventSeq.n)
}

// premium makes the client's account Premium as a paid checkout does: a
// signed checkout.session.completed through the webhook.
func (c *client) premium() {
	c.e.tb.Helper()
	body := stripeEvent(c.e.tb, "checkout.session.completed", nextEventID(), c.e.clock.Now(),
		map[string]any{"client_reference_id": c.userID(), "customer": "cus_" + strings.ReplaceAll(c.userID(), "-", "")[:20],
			"subscription": "sub_" + strings.ReplaceAll(c.userID(), "-", "")[:20]})
	r := c.e.deliver(body, testBillingSecret, 0)
	if r.Status != 200 {
		c.e.tb.Fatalf("premium: webhook answered %d %s", r.Status, r.Body)
	}
	if p := c.do("GET", "/api/v1/plan", nil); p.JSON["type"] != "premium" || p.JSON["isActive"] != true {
		c.e.tb.Fatalf("premium: plan is %s", p.Body)
	}
}

// billingFixture is an owner, the platform admin and the owner's
// subscription ids, on a server whose clock is at mondayMorning.
type billingFixture struct {
	e             *env
	owner, admin  *client
	cus, sub, uid string
}

func newBillingFixture(t *testing.T, e *env) billingFixture {
	t.Helper()
	e.clock.Set(mondayMorning)
	owner := e.client().signUp("Paula Dona", "paula.dona@salaobela.com.br")
	admin := e.client().signUp("Admin Agendo", "admin@agendo.test")
	return billingFixture{e: e, owner: owner, admin: admin, cus: "cus_TUwXyZ1a2b3c4d", sub: "sub_1SXc9jLkdIwHu7ix", uid: owner.userID()}
}

// send delivers an event of typ about the fixture's subscription, created
// at the clock plus at, and returns the answer.
func (f billingFixture) send(t *testing.T, typ, id string, at time.Duration, set map[string]any) resp {
	t.Helper()
	base := map[string]any{"customer": f.cus}
	switch {
	case typ == "checkout.session.completed":
		base["client_reference_id"], base["subscription"] = f.uid, f.sub
	case strings.HasPrefix(typ, "invoice."):
		base["subscription"] = f.sub
	default:
		base["id"] = f.sub
	}
	for k, v := range set {
		base[k] = v
	}
	return f.e.deliver(stripeEvent(t, typ, id, f.e.clock.Now().Add(at), base), testBillingSecret, 0)
}

func (f billingFixture) plan(t *testing.T) map[string]any {
	t.Helper()
	return f.owner.do("GET", "/api/v1/plan", nil).must(t, 200).JSON
}

func (f billingFixture) expectPlan(t *testing.T, typ string, active bool, reason any) {
	t.Helper()
	p := f.plan(t)
	if p["type"] != typ || p["isActive"] != active || p["statusReason"] != reason {
		t.Fatalf("plan: got %v %v %v, want %s %v %v", p["type"], p["isActive"], p["statusReason"], typ, active, reason)
	}
}

// audits counts the audit entries about the owner's plan.
func (f billingFixture) audits(t *testing.T) int {
	t.Helper()
	r := f.admin.do("GET", "/api/v1/admin/audit?limit=100&data=user_plan:"+f.uid, nil).must(t, 200)
	var list []map[string]any
	if err := json.Unmarshal(r.Body, &list); err != nil {
		t.Fatal(err)
	}
	return len(list)
}

func (f billingFixture) deliveries(t *testing.T, query string) []map[string]any {
	t.Helper()
	r := f.admin.do("GET", "/api/v1/admin/webhook-deliveries?limit=100"+query, nil).must(t, 200)
	var items []map[string]any
	for _, it := range r.JSON["items"].([]any) {
		items = append(items, it.(map[string]any))
	}
	return items
}

var billingAdmin = envOptions{adminEmails: []string{"admin@agendo.test"}}

// The subscription's life: checkout, renewals, failures, cancellation,
// each through Stripe's payloads, in and out of order.
func TestBillingStateMachine(t *testing.T) {
	active, pastDue, incomplete := "subscription.active", "payment.past_due", "payment.incomplete"
	canceled, failed := "subscription.canceled", "payment.failed"
	eachEngine(t, func(t *testing.T, e *env) {
		t.Run("checkout, then a replay changes nothing", func(t *testing.T) {
			f := newBillingFixture(t, e)
			live := events(t, e, f.owner)
			f.expectPlan(t, "free", true, nil)
			f.send(t, "checkout.session.completed", "evt_a1", 0, nil).must(t, 200)
			expectEvent(t, live, "plan.updated", f.uid)
			f.expectPlan(t, "premium", true, active)
			if p := f.plan(t); p["subscribedAt"] == nil {
				t.Errorf("subscribedAt not set: %v", p)
			}
			f.send(t, "checkout.session.completed", "evt_a1", 0, nil).must(t, 200)
			if n := f.audits(t); n != 1 {
				t.Errorf("audit entries after a replay: %d, want 1", n)
			}
			ov := f.owner.do("GET", "/api/v1/plan/overview", nil).must(t, 200).JSON
			if u := ov["usage"].(map[string]any); u["remaining"] != float64(-1) || u["unlimited"] != true {
				t.Errorf("premium usage: %v", u)
			}
		})
	})
	cases := []struct {
		name   string
		steps  func(t *testing.T, f billingFixture)
		typ    string
		active bool
		reason any
	}{
		{"out of order: an older invoice.paid after past_due is stale", func(t *testing.T, f billingFixture) {
			f.send(t, "checkout.session.completed", "evt_b1", 0, nil).must(t, 200)
			f.send(t, "customer.subscription.updated", "evt_b2", 100*time.Second, map[string]any{"status": "past_due"}).must(t, 200)
			f.send(t, "invoice.paid", "evt_b3", 50*time.Second, nil).must(t, 200)
		}, "premium", false, pastDue},
		{"same second: ties apply in arrival order", func(t *testing.T, f billingFixture) {
			f.send(t, "checkout.session.completed", "evt_c1", 0, nil).must(t, 200)
			f.send(t, "customer.subscription.updated", "evt_c2", 10*time.Second, map[string]any{"status": "past_due"}).must(t, 200)
			f.send(t, "invoice.paid", "evt_c3", 10*time.Second, nil).must(t, 200)
		}, "premium", true, active},
		{"deleted, then a stale updated never revives it", func(t *testing.T, f billingFixture) {
			f.send(t, "checkout.session.completed", "evt_d1", 0, nil).must(t, 200)
			f.send(t, "customer.subscription.deleted", "evt_d2", 20*time.Second, nil).must(t, 200)
			f.send(t, "customer.subscription.updated", "evt_d3", 20*time.Second, map[string]any{"status": "active"}).must(t, 200)
			f.send(t, "invoice.paid", "evt_d4", 30*time.Second, nil).must(t, 200)
		}, "free", true, canceled},
		{"payment before checkout completed", func(t *testing.T, f billingFixture) {
			f.send(t, "invoice.paid", "evt_e1", 0, nil).must(t, 200) // the customer is not known yet
			f.send(t, "checkout.session.completed", "evt_e2", 0, nil).must(t, 200)
		}, "premium", true, active},
		{"a failed payment, then the end: payment.failed", func(t *testing.T, f billingFixture) {
			f.send(t, "checkout.session.completed", "evt_f1", 0, nil).must(t, 200)
			f.send(t, "invoice.payment_failed", "evt_f2", 10*time.Second, nil).must(t, 200)
			f.send(t, "customer.subscription.updated", "evt_f3", 11*time.Second, map[string]any{"status": "past_due"}).must(t, 200)
			f.send(t, "customer.subscription.deleted", "evt_f4", 20*time.Second, nil).must(t, 200)
		}, "free", true, failed},
		{"a failed payment paid later: the failure is cleared", func(t *testing.T, f billingFixture) {
			f.send(t, "checkout.session.completed", "evt_g1", 0, nil).must(t, 200)
			f.send(t, "invoice.payment_failed", "evt_g2", 10*time.Second, nil).must(t, 200)
			f.send(t, "invoice.paid", "evt_g3", 20*time.Second, nil).must(t, 200)
			f.send(t, "customer.subscription.deleted", "evt_g4", 30*time.Second, nil).must(t, 200)
		}, "free", true, canceled},
		{"ended by Stripe for want of payment", func(t *testing.T, f billingFixture) {
			f.send(t, "checkout.session.completed", "evt_h1", 0, nil).must(t, 200)
			f.send(t, "customer.subscription.deleted", "evt_h2", 10*time.Second, map[string]any{"cancellation_reason": "payment_failed"}).must(t, 200)
		}, "free", true, failed},
		{"a payment that needs action: incomplete", func(t *testing.T, f billingFixture) {
			f.send(t, "checkout.session.completed", "evt_i1", 0, nil).must(t, 200)
			f.send(t, "invoice.payment_action_required", "evt_i2", 10*time.Second, nil).must(t, 200)
		}, "premium", false, incomplete},
		{"a new subscription after the old one ended", func(t *testing.T, f billingFixture) {
			f.send(t, "checkout.session.completed", "evt_j1", 0, nil).must(t, 200)
			f.send(t, "customer.subscription.deleted", "evt_j2", 10*time.Second, nil).must(t, 200)
			f.send(t, "checkout.session.completed", "evt_j3", 20*time.Second, map[string]any{"subscription": "sub_novo123"}).must(t, 200)
		}, "premium", true, active},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			eachEngine(t, func(t *testing.T, e *env) {
				f := newBillingFixture(t, e)
				c.steps(t, f)
				f.expectPlan(t, c.typ, c.active, c.reason)
			}, billingAdmin)
		})
	}

	t.Run("cancel at the period's end", func(t *testing.T) {
		eachEngine(t, func(t *testing.T, e *env) {
			f := newBillingFixture(t, e)
			f.send(t, "checkout.session.completed", "evt_k1", 0, nil).must(t, 200)
			f.send(t, "customer.subscription.updated", "evt_k2", 10*time.Second, map[string]any{"cancel_at_period_end": true}).must(t, 200)
			p := f.plan(t)
			if p["cancelAt"] != "2025-12-25T15:59:50Z" || p["expiresAt"] != "2025-12-25T15:59:50Z" || p["isActive"] != true {
				t.Errorf("cancel at period end: %v", p)
			}
		}, billingAdmin)
	})
}
