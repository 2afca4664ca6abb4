package httpapi_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"agendo/internal/domain"
	"agendo/internal/store"
)

// A free owner books up to the limit, owner and customer bookings alike;
// the next one is refused with SPEC §8's message (owner) or a kind one
// (customer, and the owner hears of it live). Premium is never limited.
func TestFreeLimit(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		e.clock.Set(mondayMorning)
		owner := e.client().signUp("Paula Dona", "paula@example.com")
		fx := seedCatalogue(t, owner)
		slug := owner.do("GET", "/api/v1/store", nil).must(t, 200).JSON["slug"].(string)
		var ids []string
		for i := range 7 {
			ids = append(ids, owner.do("POST", "/api/v1/appointments",
				appointmentBody(fx["services"], fx["professionals"], "2026-12-01", fmt.Sprintf("%02d:00", 9+i))).must(t, 201).JSON["id"].(string))
		}
		for i := range 3 {
			e.client().do("POST", "/api/v1/public/stores/"+slug+"/bookings", map[string]any{"serviceId": fx["services"],
				"professionalId": "any", "date": "2026-11-25", "time": fmt.Sprintf("%02d:00", 10+i), "clientName": "Cliente Online",
				"clientPhone": "(11) 95555-4444"}).must(t, 201)
		}
		usage := owner.do("GET", "/api/v1/plan/overview", nil).must(t, 200).JSON["usage"].(map[string]any)
		if usage["count"] != float64(10) || usage["remaining"] != float64(0) || usage["progress"] != float64(100) {
			t.Fatalf("usage at the limit: %v", usage)
		}
		r := owner.do("POST", "/api/v1/appointments", appointmentBody(fx["services"], fx["professionals"], "2026-12-02", "10:00"))
		want := "Você atingiu o limite de 10 agendamentos do plano gratuito. Para continuar utilizando a plataforma, assine o plano Premium."
		if r.Status != 402 || r.ErrCode() != "plan_limit" || r.ErrMessage() != want {
			t.Fatalf("owner past the limit: got %d %s", r.Status, r.Body)
		}
		live := events(t, e, owner)
		r = e.client().do("POST", "/api/v1/public/stores/"+slug+"/bookings", map[string]any{"serviceId": fx["services"],
			"professionalId": "any", "date": "2026-11-25", "time": "15:00", "clientName": "Cliente Online", "clientPhone": "(11) 95555-4444"})
		if r.Status != 402 || r.ErrMessage() != domain.MsgStoreLimit {
			t.Fatalf("customer past the limit: got %d %s", r.Status, r.Body)
		}
		// The page says so before the first tap, and the owner learns of the customer.
		page := e.client().do("GET", "/api/v1/public/stores/"+slug, nil).must(t, 200).JSON["store"].(map[string]any)
		if page["acceptsBookings"] != false {
			t.Fatalf("a store at its limit says acceptsBookings %v", page["acceptsBookings"])
		}
		away := owner.do("GET", "/api/v1/plan/turned-away", nil).must(t, 200).JSON
		if away["count"] != float64(1) || away["limited"] != true {
			t.Fatalf("turned away: %v", away)
		}
		select {
		case l := <-live:
			if !strings.Contains(l, `"booking.refused"`) {
				t.Errorf("owner's event: %s", l)
			}
		case <-time.After(time.Second):
			t.Fatal("the owner was not told a customer could not book")
		}
		scrape := string(e.client().do("GET", "/metrics", nil).must(t, 200).Body)
		for _, want := range []string{`agendo_bookings_total{outcome="plan_limit",source="public"} 1`,
			`agendo_bookings_total{outcome="plan_limit",source="owner"} 1`} {
			if !strings.Contains(scrape, want) {
				t.Errorf("metrics lack %s", want)
			}
		}
		// Editing what is booked is not booking more.
		owner.do("PATCH", "/api/v1/appointments/"+ids[0]+"/status", map[string]string{"status": "confirmed"}).must(t, 200)
		// The trash does not count: a deleted appointment frees a place, and
		// restoring it at the limit is refused.
		trashed := owner.do("DELETE", "/api/v1/appointments/"+ids[1], nil).must(t, 200).JSON["id"].(string)
		owner.do("POST", "/api/v1/appointments", appointmentBody(fx["services"], fx["professionals"], "2026-12-02", "10:00")).must(t, 201)
		if r := owner.do("POST", "/api/v1/trash/"+trashed+"/restore", nil); r.Status != 402 {
			t.Fatalf("restore past the limit: got %d %s", r.Status, r.Body)
		}
		// Premium: unlimited.
		owner.premium()
		owner.do("POST", "/api/v1/trash/"+trashed+"/restore", nil).must(t, 201)
		owner.do("POST", "/api/v1/appointments", appointmentBody(fx["services"], fx["professionals"], "2026-12-02", "11:00")).must(t, 201)
		d := owner.do("GET", "/api/v1/dashboard", nil).must(t, 200).JSON["usage"].(map[string]any)
		if d["remaining"] != float64(-1) || d["unlimited"] != true || d["count"] != float64(12) {
			t.Errorf("premium dashboard usage: %v", d)
		}
	})
}

// The admin's free limit is the one the server enforces and reports.
func TestAdminPlanConfig(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		admin := e.client().signUp("Admin Agendo", "admin@agendo.test")
		owner := e.client().signUp("Paula Dona", "paula@example.com")
		fx := seedCatalogue(t, owner)
		cfg := admin.do("GET", "/api/v1/admin/plan-config", nil).must(t, 200).JSON
		if cfg["freeLimit"] != float64(10) || cfg["premiumPrice"] != float64(2999) {
			t.Fatalf("default config: %v", cfg)
		}
		next := domain.DefaultPlanConfig()
		next.FreeLimit, next.PremiumPrice = 2, 9999
		next.FreePlan.Features = next.FreePlan.Features[1:]
		w := admin.do("POST", "/api/v1/admin/plan-config/preview", next).must(t, 200).JSON["warnings"].([]any)
		if len(w) != 3 || !strings.Contains(w[0].(string), "de 10 para 2") || !strings.Contains(w[1].(string), "R$ 29,99 para R$ 99,99") ||
			!strings.Contains(w[2].(string), "Até 10 agendamentos") {
			t.Errorf("warnings: %v", w)
		}
		admin.do("PUT", "/api/v1/admin/plan-config", next).must(t, 200)
		owner.do("POST", "/api/v1/appointments", appointmentBody(fx["services"], fx["professionals"], "2026-12-01", "09:00")).must(t, 201)
		owner.do("POST", "/api/v1/appointments", appointmentBody(fx["services"], fx["professionals"], "2026-12-01", "10:00")).must(t, 201)
		r := owner.do("POST", "/api/v1/appointments", appointmentBody(fx["services"], fx["professionals"], "2026-12-01", "11:00"))
		if r.Status != 402 || !strings.Contains(r.ErrMessage(), "limite de 2 agendamentos") {
			t.Errorf("limit 2: got %d %s", r.Status, r.Body)
		}
		if u := owner.do("GET", "/api/v1/dashboard", nil).must(t, 200).JSON["usage"].(map[string]any); u["limit"] != float64(2) {
			t.Errorf("dashboard limit: %v", u)
		}

		bad := map[string]any{"freeLimit": -1, "premiumPrice": -5, "freePlan": map[string]any{"name": " ", "features": []string{}},
			"premiumPlan": map[string]any{"name": "Premium", "features": []string{}}}
		r = admin.do("PUT", "/api/v1/admin/plan-config", bad)
		fields, _ := r.JSON["error"].(map[string]any)["fields"].(map[string]any)
		if r.Status != 422 || fields["freeLimit"] != "O limite não pode ser negativo" || fields["premiumPrice"] != "O preço não pode ser negativo" ||
			fields["freePlan.name"] != "Informe o nome do plano" {
			t.Errorf("bad config: got %d %s", r.Status, r.Body)
		}
		audit := admin.do("GET", "/api/v1/admin/audit?data=plan_config", nil).must(t, 200)
		if !strings.Contains(string(audit.Body), `"success":false`) || !strings.Contains(string(audit.Body), "Configuração de planos alterada") {
			t.Errorf("audit: %s", audit.Body)
		}
		if got := admin.do("GET", "/api/v1/admin/plan-config", nil).must(t, 200).JSON["freeLimit"]; got != float64(2) {
			t.Errorf("a refused config changed the saved one: %v", got)
		}

		wc := domain.DefaultWebhookConfig()
		wc.Enabled = false
		w = admin.do("POST", "/api/v1/admin/webhook-config/preview", wc).must(t, 200).JSON["warnings"].([]any)
		if len(w) != 1 {
			t.Errorf("webhook warnings: %v", w)
		}
		wc.Events = append(wc.Events, domain.WebhookEventToggle{ID: "outro"})
		if r := admin.do("PUT", "/api/v1/admin/webhook-config", wc); r.Status != 422 {
			t.Errorf("unknown webhook event: got %d", r.Status)
		}
	}, envOptions{adminEmails: []string{"admin@agendo.test"}})
}

// The webhook URL is where this server takes Stripe's events: derived from
// the base URL and shown to be copied, never typed in. A configuration saved
// by an earlier version, with a URL of its own, still reads (its events
// apply); a body that tries to set the URL is refused.
func TestWebhookURLComesFromTheBaseURL(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		admin := e.client().signUp("Admin", "admin@agendo.test")
		ctx := context.Background()
		old := map[string]any{"enabled": true, "webhookUrl": "https://outro.example.com/gancho",
			"events": []map[string]any{{"id": domain.KindPaymentFailed, "name": "Pagamento recusado", "enabled": false}}}
		if err := e.db.Write(ctx, func(tx *store.Tx) error { return tx.PutSetting(ctx, "webhook_config", old, e.clock.Now()) }); err != nil {
			t.Fatal(err)
		}
		const want = "http://agendo.test/api/v1/webhooks/billing"
		got := admin.do("GET", "/api/v1/admin/webhook-config", nil).must(t, 200).JSON
		if got["webhookUrl"] != want {
			t.Errorf("webhookUrl of an old saved configuration: got %v, want %s", got["webhookUrl"], want)
		}
		for _, ev := range got["events"].([]any) {
			if ev := ev.(map[string]any); ev["enabled"] != (ev["id"] != domain.KindPaymentFailed) {
				t.Errorf("event of the old configuration: got %v", ev)
			}
		}

		next := map[string]any{"enabled": true, "events": []map[string]any{{"id": domain.KindPaymentFailed, "enabled": true}}}
		if w := admin.do("POST", "/api/v1/admin/webhook-config/preview", next).must(t, 200).JSON["warnings"].([]any); len(w) != 0 {
			t.Errorf("turning an event on: got warnings %v, want none", w)
		}
		saved := admin.do("PUT", "/api/v1/admin/webhook-config", next).must(t, 200).JSON
		if saved["webhookUrl"] != want {
			t.Errorf("webhookUrl once saved: got %v, want %s", saved["webhookUrl"], want)
		}
		next["webhookUrl"] = "https://outro.example.com/gancho"
		for _, method := range []string{"PUT", "POST"} {
			path := "/api/v1/admin/webhook-config"
			if method == "POST" {
				path += "/preview"
			}
			if r := admin.do(method, path, next); r.Status != 422 || r.ErrMessage() != "Campo desconhecido: webhookUrl" {
				t.Errorf("%s %s with a webhookUrl: got %d %s, want 422 Campo desconhecido", method, path, r.Status, r.Body)
			}
		}
	}, envOptions{adminEmails: []string{"admin@agendo.test"}})
}
