package domain

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// PlanInfo is how one plan is presented on Planos.
type PlanInfo struct {
	Name     string   `json:"name" example:"Premium" max:"planName"`
	Features []string `json:"features" max:"planFeatures" maxItem:"planFeature"`
}

// PlanConfig is the admin's plan configuration (SPEC.md "Admin plan
// config"): the free limit, the Premium price and each plan's presentation.
type PlanConfig struct {
	FreeLimit    int      `json:"freeLimit" example:"10" max:"freeLimit"`
	PremiumPrice int64    `json:"premiumPrice" doc:"centavos" example:"2999"`
	FreePlan     PlanInfo `json:"freePlan"`
	PremiumPlan  PlanInfo `json:"premiumPlan"`
}

// Plan constants (SPEC.md section 9).
const (
	DefaultFreeLimit    = 10
	DefaultPremiumPrice = 2999
	// Bounds of the admin's plan form.
	MaxFreeLimit      = 100_000
	MaxPlanFeatures   = 20
	MaxPlanNameLen    = 60
	MaxPlanFeatureLen = 120
)

// DefaultPlanConfig is the configuration until an admin saves one.
func DefaultPlanConfig() PlanConfig {
	return PlanConfig{
		FreeLimit:    DefaultFreeLimit,
		PremiumPrice: DefaultPremiumPrice,
		FreePlan: PlanInfo{Name: "Gratuito", Features: []string{
			"Até 10 agendamentos", "Cadastro de clientes", "Agenda básica", "Suporte por email"}},
		PremiumPlan: PlanInfo{Name: "Premium", Features: []string{
			"Agendamentos ilimitados", "Relatórios avançados", "Promoções e campanhas", "Múltiplos profissionais",
			"Integração com WhatsApp", "Suporte prioritário", "Backup automático"}},
	}
}

// CleanPlanConfig trims c and checks it: the limit and the price are not
// negative, both plans have names, features are short and few.
func CleanPlanConfig(c PlanConfig) (PlanConfig, error) {
	pr := Problems{}
	if c.FreeLimit < 0 {
		pr.Add("freeLimit", "O limite não pode ser negativo")
	} else if c.FreeLimit > MaxFreeLimit {
		pr.Add("freeLimit", fmt.Sprintf("O limite pode ser no máximo %d", MaxFreeLimit))
	}
	if c.PremiumPrice < 0 {
		pr.Add("premiumPrice", "O preço não pode ser negativo")
	} else if c.PremiumPrice > MaxPriceCents {
		pr.Add("premiumPrice", "O preço pode ser no máximo R$ 100.000,00")
	}
	clean := func(field string, p PlanInfo) PlanInfo {
		name, ok := CleanText(p.Name, MaxPlanNameLen)
		switch {
		case !ok:
			pr.Add(field+".name", fmt.Sprintf("O nome pode ter até %d caracteres", MaxPlanNameLen))
		case name == "":
			pr.Add(field+".name", "Informe o nome do plano")
		}
		out := PlanInfo{Name: name, Features: []string{}}
		for _, f := range p.Features {
			f, ok := CleanText(f, MaxPlanFeatureLen)
			if !ok {
				pr.Add(field+".features", fmt.Sprintf("Cada recurso pode ter até %d caracteres", MaxPlanFeatureLen))
			}
			if f != "" && !slices.Contains(out.Features, f) {
				out.Features = append(out.Features, f)
			}
		}
		if len(out.Features) > MaxPlanFeatures {
			pr.Add(field+".features", fmt.Sprintf("Liste no máximo %d recursos", MaxPlanFeatures))
		}
		return out
	}
	c.FreePlan = clean("freePlan", c.FreePlan)
	c.PremiumPlan = clean("premiumPlan", c.PremiumPlan)
	return c, pr.Err()
}

// PlanConfigWarnings are the changes an admin confirms before saving (SPEC.md
// section 5); they never block.
func PlanConfigWarnings(old, next PlanConfig) []string {
	var w []string
	if old.FreeLimit-next.FreeLimit > 5 {
		w = append(w, fmt.Sprintf("O limite do plano gratuito cai de %d para %d agendamentos: quem já passou do novo limite não poderá agendar mais.",
			old.FreeLimit, next.FreeLimit))
	}
	if d := next.PremiumPrice - old.PremiumPrice; d > 5000 || d < -5000 {
		w = append(w, fmt.Sprintf("O preço do Premium muda mais de R$ 50,00: de %s para %s.", FormatBRL(old.PremiumPrice), FormatBRL(next.PremiumPrice)))
	}
	var removed []string
	for _, f := range old.FreePlan.Features {
		if !slices.Contains(next.FreePlan.Features, f) {
			removed = append(removed, f)
		}
	}
	if len(removed) > 0 {
		w = append(w, "Recursos removidos do plano gratuito: "+strings.Join(removed, ", ")+".")
	}
	return w
}

// Limited reports whether p is held to the free limit: every plan but an
// active Premium one.
func Limited(p UserPlan) bool { return !(p.Type == PlanPremium && p.IsActive) }

// LimitMessage is what an owner is told at the limit (SPEC.md section 8).
func LimitMessage(freeLimit int) string {
	return fmt.Sprintf("Você atingiu o limite de %d agendamentos do plano gratuito. Para continuar utilizando a plataforma, assine o plano Premium.", freeLimit)
}

// MsgStoreLimit is what a customer is told when the store cannot take more
// online bookings: kind, and without the store's plan details.
const MsgStoreLimit = "No momento esta loja não está recebendo agendamentos online. Fale com a loja para marcar seu horário."

// The webhook event kinds the admin turns on or off (SPEC.md "Webhook
// config"), each covering some of the provider's event types.
const (
	KindSubscriptionStarted  = "subscription_started"
	KindPaymentApproved      = "payment_approved"
	KindPaymentFailed        = "payment_failed"
	KindPaymentPastDue       = "payment_past_due"
	KindPaymentIncomplete    = "payment_incomplete"
	KindSubscriptionCanceled = "subscription_canceled"
)

// WebhookEventKinds lists the kinds, in the admin screen's order.
var WebhookEventKinds = []string{KindSubscriptionStarted, KindPaymentApproved, KindPaymentFailed,
	KindPaymentPastDue, KindPaymentIncomplete, KindSubscriptionCanceled}

// webhookKindNames are the kinds' names on the admin screen.
var webhookKindNames = map[string]string{
	KindSubscriptionStarted:  "Assinatura iniciada",
	KindPaymentApproved:      "Pagamento aprovado",
	KindPaymentFailed:        "Pagamento recusado",
	KindPaymentPastDue:       "Pagamento atrasado",
	KindPaymentIncomplete:    "Pagamento incompleto",
	KindSubscriptionCanceled: "Assinatura cancelada",
}

// WebhookEventToggle turns one event kind on or off.
type WebhookEventToggle struct {
	ID      string `json:"id" enum:"webhookEventKind"`
	Name    string `json:"name"`
	Enabled bool   `json:"enabled"`
}

// WebhookConfig is the admin's billing webhook configuration, as saved: the
// webhooks on or off, and each kind of event on or off. (Configurations
// saved before also hold a "webhookUrl", which is read past.)
type WebhookConfig struct {
	Enabled bool                 `json:"enabled"`
	Events  []WebhookEventToggle `json:"events"`
}

// WebhookSettings is the configuration as the admin sees it, with the
// address to register at Stripe: where this server takes the events, from
// its base URL, so it is shown and never typed in.
type WebhookSettings struct {
	WebhookConfig
	WebhookURL string `json:"webhookUrl" format:"uri" example:"https://agendo.com.br/api/v1/webhooks/billing" doc:"O endereço a registrar no Stripe: AGENDO_BASE_URL seguido de /api/v1/webhooks/billing (somente leitura)"`
}

// BillingWebhookPath is where the provider posts its events.
const BillingWebhookPath = "/api/v1/webhooks/billing"

// BillingWebhookURL is the address of the billing webhook of a server
// whose public address is baseURL.
func BillingWebhookURL(baseURL string) string {
	return strings.TrimRight(baseURL, "/") + BillingWebhookPath
}

// DefaultWebhookConfig is enabled with every kind on.
func DefaultWebhookConfig() WebhookConfig {
	c := WebhookConfig{Enabled: true}
	for _, k := range WebhookEventKinds {
		c.Events = append(c.Events, WebhookEventToggle{ID: k, Name: webhookKindNames[k], Enabled: true})
	}
	return c
}

// KindEnabled reports whether events of kind apply.
func (c WebhookConfig) KindEnabled(kind string) bool {
	if !c.Enabled {
		return false
	}
	for _, e := range c.Events {
		if e.ID == kind {
			return e.Enabled
		}
	}
	return true // a kind added after the config was saved starts on
}

// CleanWebhookConfig checks c and puts its events in the canonical order
// with their names; unknown kinds are refused, missing ones start on.
func CleanWebhookConfig(c WebhookConfig) (WebhookConfig, error) {
	pr := Problems{}
	on := map[string]bool{}
	for _, e := range c.Events {
		if _, ok := webhookKindNames[e.ID]; !ok {
			pr.Add("events", "Tipo de evento desconhecido")
			continue
		}
		on[e.ID] = e.Enabled
	}
	out := WebhookConfig{Enabled: c.Enabled}
	for _, k := range WebhookEventKinds {
		enabled, ok := on[k]
		out.Events = append(out.Events, WebhookEventToggle{ID: k, Name: webhookKindNames[k], Enabled: enabled || !ok})
	}
	return out, pr.Err()
}

// WebhookConfigWarnings are the changes an admin confirms before saving
// (SPEC.md section 5); they never block.
func WebhookConfigWarnings(old, next WebhookConfig) []string {
	var w []string
	if old.Enabled && !next.Enabled {
		w = append(w, "Os webhooks serão desativados: pagamentos e cancelamentos deixarão de mudar os planos.")
	}
	var critical []string
	for _, k := range []string{KindPaymentApproved, KindSubscriptionStarted} {
		if old.KindEnabled(k) && !next.KindEnabled(k) && next.Enabled {
			critical = append(critical, webhookKindNames[k])
		}
	}
	if len(critical) > 0 {
		w = append(w, "Eventos críticos desativados: "+strings.Join(critical, " e ")+". Novas assinaturas não ativarão o Premium.")
	}
	return w
}

// AuditEntry is one admin operation or plan change (SPEC.md "Admin audit
// entry").
type AuditEntry struct {
	ID           string    `json:"id" format:"uuid"`
	Timestamp    time.Time `json:"timestamp"`
	Action       string    `json:"action" example:"Configuração de planos alterada"`
	DataAffected string    `json:"dataAffected" example:"plan_config"`
	AdminUserID  string    `json:"adminUserId" doc:"o administrador, ou \"stripe\" para mudanças vindas do webhook"`
	Success      bool      `json:"success"`
}

// AuditPageMax is the most audit entries one page lists: the latest 100
// of SPEC.md section 9. The log itself keeps every entry.
const AuditPageMax = 100

// AuditActorBilling is the actor of plan changes made by the billing webhook.
const AuditActorBilling = "stripe"

// Results of a webhook delivery.
const (
	WebhookApplied = "applied" // changed a plan
	WebhookIgnored = "ignored" // valid, stored with the reason it did not apply
	WebhookRefused = "refused" // forged, stale, unsigned or malformed: 400
	WebhookFailed  = "failed"  // a transient failure: 5xx, the provider retries
	WebhookPending = "pending" // valid, kept until its customer is linked to an account
)

// WebhookResults lists the results.
var WebhookResults = []string{WebhookApplied, WebhookIgnored, WebhookRefused, WebhookFailed, WebhookPending}

// WebhookDelivery is one row of the admin's webhook log. User is the
// account's email, masked.
type WebhookDelivery struct {
	ID         string    `json:"id" format:"uuid"`
	ReceivedAt time.Time `json:"receivedAt"`
	EventID    string    `json:"eventId" example:"evt_1QxYz"`
	Type       string    `json:"type" example:"invoice.paid"`
	Kind       string    `json:"kind" doc:"o tipo de evento da configuração; vazio quando não se aplica"`
	Result     string    `json:"result" enum:"webhookResult"`
	User       string    `json:"user" example:"ma***@gmail.com"`
	Error      string    `json:"error"`
}

// MaskEmail keeps the first two letters of the address and its domain:
// "maria@gmail.com" → "ma***@gmail.com".
func MaskEmail(email string) string {
	local, host, ok := strings.Cut(email, "@")
	if !ok {
		return ""
	}
	r := []rune(local)
	if len(r) > 2 {
		r = r[:2]
	}
	return string(r) + "***@" + host
}
