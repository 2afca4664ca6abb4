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
