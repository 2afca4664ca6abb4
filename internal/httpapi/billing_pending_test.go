package httpapi_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v86/webhook"

	"agendo/internal/domain"
)

// delivery returns the log's row of an event id, or nil.
func (f billingFixture) delivery(t *testing.T, eventID string) map[string]any {
	t.Helper()
	var found map[string]any
	for _, d := range f.deliveries(t, "") {
		if d["eventId"] == eventID {
			if found != nil {
				t.Fatalf("event %s is in the log twice", eventID)
			}
			found = d
		}
	}
	return found
}

func (f billingFixture) expectDelivery(t *testing.T, eventID, result string) map[string]any {
	t.Helper()
	d := f.delivery(t, eventID)
	if d == nil || d["result"] != result {
		t.Fatalf("delivery %s: got %v, want result %s", eventID, d, result)
	}
	return d
}

// Events whose Stripe customer is not linked to an account yet wait in the
// log ('pending') and apply, in created order and under the order rules,
// when an event links the customer to its account.
func TestBillingEventsBeforeTheirUser(t *testing.T) {
	active, canceled, incomplete := "subscription.active", "subscription.canceled", "payment.incomplete"
	unpaid := map[string]any{"payment_status": "unpaid"}
	cases := []struct {
		name    string
		steps   func(t *testing.T, f billingFixture)
		typ     string
		active  bool
		reason  any
		results map[string]string
	}{
		{"invoice.paid before an unpaid checkout (boleto, Pix)", func(t *testing.T, f billingFixture) {
			f.send(t, "invoice.paid", "evt_p1", 10*time.Second, nil).must(t, 200)
			f.expectPlan(t, "free", true, nil)
			d := f.expectDelivery(t, "evt_p1", domain.WebhookPending)
			if d["user"] != "" || d["error"] != domain.SkipAwaitingCustomer {
				t.Errorf("pending delivery: %v", d)
			}
			f.send(t, "checkout.session.completed", "evt_p2", 0, unpaid).must(t, 200)
		}, "premium", true, active, map[string]string{"evt_p1": domain.WebhookApplied, "evt_p2": domain.WebhookApplied}},
		{"an older pending event does not override the linking one", func(t *testing.T, f billingFixture) {
			f.send(t, "invoice.paid", "evt_q1", -10*time.Second, nil).must(t, 200)
			f.send(t, "checkout.session.completed", "evt_q2", 0, unpaid).must(t, 200)
		}, "premium", false, incomplete, map[string]string{"evt_q1": domain.WebhookIgnored, "evt_q2": domain.WebhookApplied}},
		{"subscription.deleted pending, then the linking checkout", func(t *testing.T, f billingFixture) {
			f.send(t, "customer.subscription.deleted", "evt_r1", 20*time.Second, nil).must(t, 200)
			f.send(t, "checkout.session.completed", "evt_r2", 0, nil).must(t, 200)
		}, "free", true, canceled, map[string]string{"evt_r1": domain.WebhookApplied, "evt_r2": domain.WebhookApplied}},
		{"pending in created order: a deleted subscription never returns to active", func(t *testing.T, f billingFixture) {
			f.send(t, "customer.subscription.updated", "evt_s3", 30*time.Second, map[string]any{"status": "active"}).must(t, 200)
			f.send(t, "customer.subscription.deleted", "evt_s2", 20*time.Second, nil).must(t, 200)
			f.send(t, "invoice.paid", "evt_s1", 10*time.Second, nil).must(t, 200)
			f.send(t, "checkout.session.completed", "evt_s0", 0, unpaid).must(t, 200)
		}, "free", true, canceled, map[string]string{"evt_s0": domain.WebhookApplied, "evt_s1": domain.WebhookApplied,
			"evt_s2": domain.WebhookApplied, "evt_s3": domain.WebhookIgnored}},
		{"a checkout older than the pending deletion of its subscription", func(t *testing.T, f billingFixture) {
			f.send(t, "customer.subscription.deleted", "evt_t1", -20*time.Second, nil).must(t, 200)
			f.send(t, "checkout.session.completed", "evt_t2", 0, nil).must(t, 200)
		}, "premium", true, active, map[string]string{"evt_t1": domain.WebhookIgnored, "evt_t2": domain.WebhookApplied}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			eachEngine(t, func(t *testing.T, e *env) {
				f := newBillingFixture(t, e)
				c.steps(t, f)
				f.expectPlan(t, c.typ, c.active, c.reason)
				for id, want := range c.results {
					d := f.expectDelivery(t, id, want)
					if d["user"] != "pa***@salaobela.com.br" {
						t.Errorf("delivery %s: user %v, want the owner", id, d["user"])
					}
				}
			}, billingAdmin)
		})
	}

	t.Run("a replay of a pending event changes nothing", func(t *testing.T) {
		eachEngine(t, func(t *testing.T, e *env) {
			f := newBillingFixture(t, e)
			live := events(t, e, f.owner)
			f.send(t, "invoice.paid", "evt_v1", 10*time.Second, nil).must(t, 200)
			f.send(t, "invoice.paid", "evt_v1", 10*time.Second, nil).must(t, 200)
			f.expectDelivery(t, "evt_v1", domain.WebhookPending)
			f.expectPlan(t, "free", true, nil)
			f.send(t, "checkout.session.completed", "evt_v2", 0, unpaid).must(t, 200)
			expectEvent(t, live, "plan.updated", f.uid)
			f.expectPlan(t, "premium", true, active)
			if n := f.audits(t); n != 2 {
				t.Errorf("audit entries: got %d, want 2 (the checkout and the invoice)", n)
			}
			// Stripe's retry of the invoice, and of the checkout, now that both applied.
			f.send(t, "invoice.paid", "evt_v1", 10*time.Second, nil).must(t, 200)
			f.send(t, "checkout.session.completed", "evt_v2", 0, unpaid).must(t, 200)
			f.expectPlan(t, "premium", true, active)
			f.expectDelivery(t, "evt_v1", domain.WebhookApplied)
			if n := f.audits(t); n != 2 {
				t.Errorf("audit entries after replays: got %d, want 2", n)
			}
			if n := len(f.deliveries(t, "")); n != 2 {
				t.Errorf("deliveries in the log: got %d, want 2", n)
			}
		}, billingAdmin)
	})

	t.Run("a pending event no account claims in 30 days is dropped", func(t *testing.T) {
		eachEngine(t, func(t *testing.T, e *env) {
			f := newBillingFixture(t, e)
			start := e.clock.Now()
			// Had the deletion stayed, it would end the subscription before
			// the invoice, and the plan would be free.
			f.send(t, "customer.subscription.deleted", "evt_w1", 0, nil).must(t, 200)
			e.clock.Advance(29 * 24 * time.Hour)
			f.send(t, "invoice.paid", "evt_w2", 0, nil).must(t, 200)
			e.clock.Advance(24*time.Hour + time.Minute)
			if err := e.app.PurgeExpired(context.Background()); err != nil {
				t.Fatal(err)
			}
			f.owner.signIn("paula.dona@salaobela.com.br", testPassword).must(t, 200)
			f.admin.signIn("admin@agendo.test", testPassword).must(t, 200)
			if d := f.expectDelivery(t, "evt_w1", domain.WebhookIgnored); d["error"] != domain.SkipNeverLinked {
				t.Errorf("expired pending delivery: %v", d)
			}
			f.expectDelivery(t, "evt_w2", domain.WebhookPending)
			f.send(t, "checkout.session.completed", "evt_w3", start.Sub(e.clock.Now())-time.Hour, unpaid).must(t, 200)
			f.expectPlan(t, "premium", true, active)
			f.expectDelivery(t, "evt_w1", domain.WebhookIgnored)
			f.expectDelivery(t, "evt_w2", domain.WebhookApplied)
		}, billingAdmin)
	})

	t.Run("a checkout naming an account that does not exist is ignored", func(t *testing.T) {
		eachEngine(t, func(t *testing.T, e *env) {
			f := newBillingFixture(t, e)
			f.send(t, "checkout.session.completed", "evt_x1", 0,
				map[string]any{"client_reference_id": "00000000-0000-7000-8000-000000000000"}).must(t, 200)
			if d := f.expectDelivery(t, "evt_x1", domain.WebhookIgnored); d["error"] != domain.SkipUnknownUser {
				t.Errorf("delivery: %v", d)
			}
		}, billingAdmin)
	})
}

// signedDelivery posts body signed by Stripe's library; unlike deliver it
// may run outside the test's goroutine (no t.Fatal).
func (e *env) signedDelivery(hc *http.Client, body []byte) (int, error) {
	sp := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: body, Secret: testBillingSecret, Timestamp: e.clock.Now()})
	req, _ := http.NewRequest("POST", e.srv.URL+domain.BillingWebhookPath, strings.NewReader(string(body)))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Stripe-Signature", sp.Header)
	res, err := hc.Do(req)
	if err != nil {
		return 0, err
	}
	res.Body.Close()
	return res.StatusCode, nil
}

// The linking checkout and the event waiting for it, each delivered by many
// goroutines at once (Stripe's retries racing the first delivery), end in
// one state: the invoice applied once, after the checkout, whatever the
// interleaving.
func TestBillingPendingAndLinkingConcurrently(t *testing.T) {
	const rounds, senders = 8, 16
	eachEngine(t, func(t *testing.T, e *env) {
		e.clock.Set(mondayMorning)
		admin := e.client().signUp("Admin Agendo", "admin@agendo.test")
		hc := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: senders}}
		for r := range rounds {
			owner := e.client().signUp("Paula Dona", fmt.Sprintf("paula.dona%d@salaobela.com.br", r))
			f := billingFixture{e: e, owner: owner, admin: admin, uid: owner.userID(),
				cus: fmt.Sprintf("cus_round%d", r), sub: fmt.Sprintf("sub_round%d", r)}
			inv := stripeEvent(t, "invoice.paid", fmt.Sprintf("evt_inv%d", r), e.clock.Now().Add(10*time.Second),
				map[string]any{"customer": f.cus, "subscription": f.sub})
			chk := stripeEvent(t, "checkout.session.completed", fmt.Sprintf("evt_chk%d", r), e.clock.Now(),
				map[string]any{"customer": f.cus, "subscription": f.sub, "client_reference_id": f.uid, "payment_status": "unpaid"})
			start := make(chan struct{})
			var wg sync.WaitGroup
			errs := make(chan string, senders)
			for i := range senders {
				body := inv
				if i%2 == 1 {
					body = chk
				}
				wg.Go(func() {
					<-start
					if status, err := e.signedDelivery(hc, body); err != nil || status != 200 {
						errs <- fmt.Sprintf("round %d: a delivery got %d %v", r, status, err)
					}
				})
			}
			close(start)
			wg.Wait()
			close(errs)
			for msg := range errs {
				t.Error(msg)
			}
			f.expectPlan(t, "premium", true, "subscription.active")
			f.expectDelivery(t, fmt.Sprintf("evt_inv%d", r), domain.WebhookApplied)
			f.expectDelivery(t, fmt.Sprintf("evt_chk%d", r), domain.WebhookApplied)
			if n := f.audits(t); n != 2 {
				t.Errorf("round %d: audit entries %d, want 2", r, n)
			}
		}
	}, billingAdmin)
}
