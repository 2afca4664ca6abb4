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
	}, billingAdmin)
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

// Forged, stale, future, tampered and unsigned deliveries are refused with
// 400 and recorded; nothing changes. Either secret of a rotation verifies.
func TestBillingSignatures(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		f := newBillingFixture(t, e)
		body := func(id string) []byte {
			return stripeEvent(t, "checkout.session.completed", id, e.clock.Now(),
				map[string]any{"client_reference_id": f.uid, "customer": f.cus, "subscription": f.sub})
		}
		type attempt struct {
			name string
			r    resp
		}
		refused := []attempt{
			{"unknown secret", e.deliver(body("evt_s1"), "whsec_someone_else_0123456789", 0)},
			{"301 s old", e.deliver(body("evt_s2"), testBillingSecret, -301*time.Second)},
			{"301 s in the future", e.deliver(body("evt_s3"), testBillingSecret, 301*time.Second)},
		}
		// A body changed after signing.
		sp := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: body("evt_s4"), Secret: testBillingSecret, Timestamp: e.clock.Now()})
		tampered := strings.Replace(string(body("evt_s4")), f.uid, "00000000-0000-7000-8000-000000000000", 1)
		req, _ := http.NewRequest("POST", e.srv.URL+domain.BillingWebhookPath, strings.NewReader(tampered))
		req.Header.Set("Stripe-Signature", sp.Header)
		refused = append(refused, attempt{"tampered body", e.send(req)})
		req, _ = http.NewRequest("POST", e.srv.URL+domain.BillingWebhookPath, strings.NewReader(string(body("evt_s5"))))
		refused = append(refused, attempt{"no signature", e.send(req)})
		req, _ = http.NewRequest("POST", e.srv.URL+domain.BillingWebhookPath, strings.NewReader(string(body("evt_s6"))))
		req.Header.Set("Stripe-Signature", "t=abc,v1=zz")
		refused = append(refused, attempt{"malformed header", e.send(req)})
		refused = append(refused, attempt{"malformed event", e.deliver([]byte(`{"object":"event","type":"invoice.paid"}`), testBillingSecret, 0)})
		for _, c := range refused {
			if c.r.Status != 400 || c.r.ErrCode() != "bad_request" {
				t.Errorf("%s: got %d %s, want 400 bad_request", c.name, c.r.Status, c.r.Body)
			}
		}
		f.expectPlan(t, "free", true, nil)
		if got := f.deliveries(t, "&failures=true"); len(got) != len(refused) {
			t.Errorf("refused deliveries in the log: %d, want %d", len(got), len(refused))
		}

		// Within the tolerance either way, and with the old secret of a
		// rotation, deliveries are accepted.
		e.deliver(body("evt_s7"), testBillingSecret, -299*time.Second).must(t, 200)
		e.deliver(body("evt_s8"), testBillingSecret, 299*time.Second).must(t, 200)
		e.deliver(body("evt_s9"), testBillingSecretOld, 0).must(t, 200)
		f.expectPlan(t, "premium", true, "subscription.active")

		// The admin's log: newest first, the owner's email masked, no payload.
		log := f.deliveries(t, "")
		if len(log) != len(refused)+3 || log[0]["eventId"] != "evt_s9" || log[0]["result"] != "ignored" && log[0]["result"] != "applied" {
			t.Fatalf("log: %v", log)
		}
		for _, d := range log {
			if d["eventId"] == "evt_s7" && (d["user"] != "pa***@salaobela.com.br" || d["result"] != "applied") {
				t.Errorf("applied delivery: %v", d)
			}
		}
	}, billingAdmin)
}

// Twenty deliveries of one event at once change the plan exactly once.
func TestBillingConcurrentDeliveries(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		f := newBillingFixture(t, e)
		body := stripeEvent(t, "checkout.session.completed", "evt_same", e.clock.Now(),
			map[string]any{"client_reference_id": f.uid, "customer": f.cus, "subscription": f.sub})
		var wg sync.WaitGroup
		statuses := make(chan int, 20)
		for range 20 {
			wg.Go(func() { statuses <- e.deliver(body, testBillingSecret, 0).Status })
		}
		wg.Wait()
		close(statuses)
		for s := range statuses {
			if s != 200 {
				t.Errorf("a concurrent delivery got %d", s)
			}
		}
		f.expectPlan(t, "premium", true, "subscription.active")
		if n := f.audits(t); n != 1 {
			t.Errorf("audit entries: %d, want 1", n)
		}
		if n := len(f.deliveries(t, "")); n != 1 {
			t.Errorf("deliveries stored: %d, want 1", n)
		}
	}, billingAdmin)
}

// Events for customers not linked yet wait for their account; events of
// kinds the admin turned off are stored with the reason; all are answered
// 200.
func TestBillingIgnoredEvents(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		f := newBillingFixture(t, e)
		f.send(t, "invoice.paid", "evt_u1", 0, map[string]any{"customer": "cus_ninguem"}).must(t, 200)
		cfg := domain.DefaultWebhookConfig()
		for i := range cfg.Events {
			if cfg.Events[i].ID == domain.KindSubscriptionStarted {
				cfg.Events[i].Enabled = false
			}
		}
		f.admin.do("PUT", "/api/v1/admin/webhook-config", cfg).must(t, 200)
		f.send(t, "checkout.session.completed", "evt_u2", 0, nil).must(t, 200)
		f.expectPlan(t, "free", true, nil)
		cfg.Enabled = false
		f.admin.do("PUT", "/api/v1/admin/webhook-config", cfg).must(t, 200)
		f.send(t, "invoice.paid", "evt_u3", 0, nil).must(t, 200)
		f.send(t, "charge.refunded", "evt_u4", 0, nil).must(t, 200)
		want := map[string][2]string{"evt_u1": {domain.WebhookPending, domain.SkipAwaitingCustomer},
			"evt_u2": {domain.WebhookIgnored, domain.SkipDisabled}, "evt_u3": {domain.WebhookIgnored, domain.SkipWebhooksOff},
			"evt_u4": {domain.WebhookIgnored, domain.SkipUnhandled}}
		for _, d := range f.deliveries(t, "") {
			if w, ok := want[d["eventId"].(string)]; !ok || d["result"] != w[0] || d["error"] != w[1] {
				t.Errorf("delivery %v: want %s with %q", d, w[0], w[1])
			}
		}
	}, billingAdmin)
}

// A user made free by a cancellation sees the reason until they choose to
// go on with the free plan; the type never changes from the client.
func TestContinueFree(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		f := newBillingFixture(t, e)
		f.owner.do("POST", "/api/v1/plan/continue-free", nil).must(t, 409)
		f.send(t, "checkout.session.completed", "evt_cf1", 0, nil).must(t, 200)
		f.owner.do("POST", "/api/v1/plan/continue-free", nil).must(t, 409)
		f.send(t, "customer.subscription.deleted", "evt_cf2", time.Second, nil).must(t, 200)
		f.expectPlan(t, "free", true, "subscription.canceled")
		live := events(t, e, f.owner)
		p := f.owner.do("POST", "/api/v1/plan/continue-free", nil).must(t, 200).JSON
		if p["type"] != "free" || p["statusReason"] != nil {
			t.Errorf("after continuing: %v", p)
		}
		expectEvent(t, live, "plan.updated", f.uid)
		f.expectPlan(t, "free", true, nil)
	}, billingAdmin)
}

// Forgeries cannot flood the admin's log: past 30 refused deliveries from
// one address in 10 minutes, they are still refused but not stored.
func TestRefusedDeliveriesAreBoundedPerAddress(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		f := newBillingFixture(t, e)
		for i := range 40 {
			body := []byte(fmt.Sprintf(`{"id":"evt_forged%d","object":"event","type":"invoice.paid","created":1}`, i))
			if r := e.deliver(body, "whsec_forger_0123456789abcdef", 0); r.Status != 400 {
				t.Fatalf("forgery %d: got %d", i, r.Status)
			}
		}
		if n := len(f.deliveries(t, "&failures=true")); n != 30 {
			t.Errorf("refused deliveries logged: %d, want 30", n)
		}
	}, billingAdmin)
}
