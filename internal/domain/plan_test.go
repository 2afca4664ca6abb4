package domain_test

import (
	"strings"
	"testing"
	"time"

	"agendo/internal/domain"
)

func TestMaskEmail(t *testing.T) {
	for in, want := range map[string]string{"maria@gmail.com": "ma***@gmail.com", "a@b.com": "a***@b.com", "ção@x.br": "çã***@x.br", "sem-arroba": ""} {
		if got := domain.MaskEmail(in); got != want {
			t.Errorf("MaskEmail(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestPlanConfigWarnings(t *testing.T) {
	old := domain.DefaultPlanConfig()
	same := old
	if w := domain.PlanConfigWarnings(old, same); len(w) != 0 {
		t.Errorf("no change: %v", w)
	}
	next := old
	next.FreeLimit = 5 // falls by exactly 5: no warning
	next.PremiumPrice = old.PremiumPrice + 5000
	if w := domain.PlanConfigWarnings(old, next); len(w) != 0 {
		t.Errorf("at the thresholds: %v", w)
	}
	next.FreeLimit, next.PremiumPrice = 4, old.PremiumPrice-5001
	next.FreePlan.Features = []string{"Agenda básica"}
	w := domain.PlanConfigWarnings(old, next)
	if len(w) != 3 || !strings.Contains(w[2], "Até 10 agendamentos, Cadastro de clientes, Suporte por email") {
		t.Errorf("past the thresholds: %v", w)
	}
}

func TestWebhookConfigWarnings(t *testing.T) {
	old := domain.DefaultWebhookConfig()
	next, err := domain.CleanWebhookConfig(domain.WebhookConfig{Enabled: true,
		Events: []domain.WebhookEventToggle{{ID: domain.KindPaymentApproved, Enabled: false}}})
	if err != nil {
		t.Fatal(err)
	}
	if len(next.Events) != len(domain.WebhookEventKinds) || next.KindEnabled(domain.KindPaymentApproved) || !next.KindEnabled(domain.KindPaymentFailed) {
		t.Errorf("cleaned events: %+v", next.Events)
	}
	w := domain.WebhookConfigWarnings(old, next)
	if len(w) != 1 || !strings.Contains(w[0], "Pagamento aprovado") {
		t.Errorf("warnings: %v", w)
	}
	if _, err := domain.CleanWebhookConfig(domain.WebhookConfig{Events: []domain.WebhookEventToggle{{ID: "outro"}}}); err == nil {
		t.Error("an unknown kind was accepted")
	}
}

// ApplyBilling, step by step: each row starts from the previous row's plan.
func TestApplyBilling(t *testing.T) {
	t0 := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	at := func(s int) time.Time { return t0.Add(time.Duration(s) * time.Second) }
	sub := "sub_1"
	steps := []struct {
		ev     domain.BillingEvent
		skip   string
		typ    string
		active bool
		reason string
	}{
		{domain.BillingEvent{Type: domain.BillingCheckoutCompleted, Created: at(0), SubscriptionID: sub, CustomerID: "cus_1"}, "", "premium", true, "subscription.active"},
		{domain.BillingEvent{Type: domain.BillingSubscriptionUpdated, Created: at(10), SubscriptionID: sub, SubscriptionStatus: "past_due"}, "", "premium", false, "payment.past_due"},
		{domain.BillingEvent{Type: domain.BillingInvoicePaid, Created: at(5), SubscriptionID: sub}, domain.SkipStale, "premium", false, "payment.past_due"},
		{domain.BillingEvent{Type: domain.BillingInvoicePaymentFailed, Created: at(10), SubscriptionID: sub}, "", "premium", false, "payment.past_due"},
		{domain.BillingEvent{Type: domain.BillingSubscriptionUpdated, Created: at(20), SubscriptionID: sub, SubscriptionStatus: "unpaid"}, "", "premium", false, "payment.failed"},
		{domain.BillingEvent{Type: domain.BillingSubscriptionUpdated, Created: at(21), SubscriptionID: sub, SubscriptionStatus: "incomplete"}, "", "premium", false, "payment.incomplete"},
		{domain.BillingEvent{Type: domain.BillingSubscriptionUpdated, Created: at(22), SubscriptionID: sub, SubscriptionStatus: "paused"}, "", "premium", false, ""},
		{domain.BillingEvent{Type: domain.BillingSubscriptionDeleted, Created: at(30), SubscriptionID: sub}, "", "free", true, "payment.failed"},
		{domain.BillingEvent{Type: domain.BillingSubscriptionUpdated, Created: at(30), SubscriptionID: sub, SubscriptionStatus: "active"}, domain.SkipEnded, "free", true, "payment.failed"},
		{domain.BillingEvent{Type: domain.BillingSubscriptionCreated, Created: at(40), SubscriptionID: "sub_2", SubscriptionStatus: "trialing"}, "", "premium", true, "subscription.active"},
		{domain.BillingEvent{Type: domain.BillingSubscriptionUpdated, Created: at(50), SubscriptionID: "sub_2", SubscriptionStatus: "canceled"}, "", "free", true, "subscription.canceled"},
		{domain.BillingEvent{Type: "charge.refunded", Created: at(60)}, domain.SkipUnhandled, "free", true, "subscription.canceled"},
	}
	s := domain.PlanState{UserPlan: domain.UserPlan{Type: domain.PlanFree, IsActive: true}}
	for i, st := range steps {
		next, skip := domain.ApplyBilling(s, st.ev)
		if skip != st.skip {
			t.Fatalf("step %d (%s): skip %q, want %q", i, st.ev.Type, skip, st.skip)
		}
		if skip == "" {
			s = next
		}
		reason := ""
		if s.StatusReason != nil {
			reason = *s.StatusReason
		}
		if s.Type != st.typ || s.IsActive != st.active || reason != st.reason {
			t.Fatalf("step %d (%s): %s %v %q, want %s %v %q", i, st.ev.Type, s.Type, s.IsActive, reason, st.typ, st.active, st.reason)
		}
	}
	if s.CustomerID != "cus_1" || s.EndedSubscriptionID != "sub_2" {
		t.Errorf("ids: %+v", s)
	}
	p, ok := domain.ContinueFree(s.UserPlan)
	if !ok || p.StatusReason != nil || p.Type != domain.PlanFree {
		t.Errorf("ContinueFree: %+v %v", p, ok)
	}
	if _, ok := domain.ContinueFree(p); ok {
		t.Error("ContinueFree twice")
	}
}
