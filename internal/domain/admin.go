package domain

import (
	"fmt"
	"net/url"
	"strings"
	"time"
)

// DataKey names a kind of data an admin operation touches (SPEC.md
// sections 3 and 5: the spec's local storage keys, which Agendo keeps in
// the database).
type DataKey string

// An owner's own data: no admin operation may touch it (SPEC.md section 5).
const (
	KeyUser                DataKey = "user"
	KeyStore               DataKey = "store"
	KeyServices            DataKey = "services"
	KeyProfessionals       DataKey = "professionals"
	KeyAppointments        DataKey = "appointments"
	KeyDeletedAppointments DataKey = "deleted_appointments"
	KeyPromotions          DataKey = "promotions"
	KeyGamification        DataKey = "gamification_settings"
	KeyOnboarding          DataKey = "onboarding"
	KeyPaymentSettings     DataKey = "payment_settings"
	KeyBlockedTimes        DataKey = "blocked_times"
	KeyUserPlan            DataKey = "user_plan"
	KeyPlanSettings        DataKey = "plan_settings"
)

// The platform's own data, which admins keep (SPEC.md section 5, plus the
// help settings of Configurar Ajuda, which the spec lists with neither).
const (
	KeyPlanConfig    DataKey = "plan_config"
	KeyWebhookConfig DataKey = "webhook_config"
	KeyWebhookLogs   DataKey = "webhook_logs"
	KeyAccounts      DataKey = "accounts"
	KeyHelpSettings  DataKey = "help"
)

// ProtectedKeys are the owners' data, in SPEC.md section 5's order, with
// the names an admin reads in a refusal.
var ProtectedKeys = []DataKey{KeyUser, KeyStore, KeyServices, KeyProfessionals, KeyAppointments,
	KeyDeletedAppointments, KeyPromotions, KeyGamification, KeyOnboarding, KeyPaymentSettings,
	KeyBlockedTimes, KeyUserPlan, KeyPlanSettings}

// AdminKeys are the data admin operations may change.
var AdminKeys = []DataKey{KeyPlanConfig, KeyWebhookConfig, KeyWebhookLogs, KeyAccounts, KeyHelpSettings}

var dataKeyNames = map[DataKey]string{
	KeyUser: "usuário", KeyStore: "loja", KeyServices: "serviços", KeyProfessionals: "profissionais",
	KeyAppointments: "agendamentos", KeyDeletedAppointments: "agendamentos excluídos", KeyPromotions: "promoções",
	KeyGamification: "fidelidade", KeyOnboarding: "primeiros passos", KeyPaymentSettings: "formas de pagamento",
	KeyBlockedTimes: "bloqueios de horário", KeyUserPlan: "plano do usuário", KeyPlanSettings: "configurações do plano",
	KeyPlanConfig: "configuração dos planos", KeyWebhookConfig: "configuração dos webhooks",
	KeyWebhookLogs: "log de webhooks", KeyAccounts: "contas", KeyHelpSettings: "configuração de ajuda",
}

// MsgDeniedPrefix starts every refusal of an admin operation (SPEC.md
// section 5).
const MsgDeniedPrefix = "Operação negada: "

// AdminOperation is one admin operation and every kind of data it touches.
type AdminOperation struct {
	Name    string
	Touches []DataKey
}

// CheckAdminOperation allows op when it touches only admin-owned data; one
// that would touch an owner's own data, or data this rule does not know, is
// refused with a forbidden error whose message starts MsgDeniedPrefix. An
// operation that names nothing is refused too: every operation must say
// what it touches.
func CheckAdminOperation(op AdminOperation) error {
	if len(op.Touches) == 0 {
		return &Error{Code: CodeForbidden, Message: MsgDeniedPrefix + op.Name + " não diz quais dados altera."}
	}
	var denied []string
	for _, k := range op.Touches {
		if !adminOwned(k) {
			name, ok := dataKeyNames[k]
			if !ok {
				name = string(k)
			}
			denied = append(denied, name)
		}
	}
	if len(denied) == 0 {
		return nil
	}
	return &Error{Code: CodeForbidden, Message: MsgDeniedPrefix + op.Name +
		" alteraria dados do próprio salão (" + strings.Join(denied, ", ") + "), que só o dono da conta altera."}
}

func adminOwned(k DataKey) bool {
	for _, a := range AdminKeys {
		if a == k {
			return true
		}
	}
	return false
}

// Bounds of the help settings.
const MaxHelpURLLen = 500

// CleanHelpSettings checks what Configurar Ajuda saves: the website is an
// https address and the WhatsApp number a Brazilian phone, stored in E.164
// ("+5511912345678") so the help dialog builds wa.me links from its
// digits. An empty value is allowed: it hides that channel.
func CleanHelpSettings(h HelpSettings) (HelpSettings, error) {
	pr := Problems{}
	out := HelpSettings{WebsiteURL: strings.TrimSpace(h.WebsiteURL), WhatsappNumber: strings.TrimSpace(h.WhatsappNumber)}
	if out.WebsiteURL != "" {
		u, err := url.Parse(out.WebsiteURL)
		switch {
		case err != nil || u.Host == "" || len(out.WebsiteURL) > MaxHelpURLLen || u.User != nil || strings.ContainsAny(out.WebsiteURL, " \t\r\n"):
			pr.Add("websiteUrl", "Informe um endereço completo, como https://ajuda.agendo.com.br")
		case u.Scheme != "https":
			pr.Add("websiteUrl", "Use um endereço seguro, que comece com https://")
		}
	}
	if out.WhatsappNumber != "" {
		phone, ok := NormalizePhone(out.WhatsappNumber)
		if !ok {
			pr.Add("whatsappNumber", "Informe um WhatsApp com DDD, como (11) 91234-5678")
		}
		out.WhatsappNumber = phone
	}
	if err := pr.Err(); err != nil {
		return HelpSettings{}, err
	}
	return out, nil
}

// Bounds of an admin action's reason and of a Premium granted by hand.
const (
	minReasonLen      = 5
	MaxAdminReasonLen = 500
	MaxGrantMonths    = 24
)

// CleanReason checks the reason an admin gives for an action on an account:
// required, so the audit says why.
func CleanReason(reason string) (string, error) {
	r, ok := CleanText(reason, MaxAdminReasonLen)
	switch {
	case !ok:
		return "", Invalid("Motivo inválido", map[string]string{"reason": fmt.Sprintf("O motivo pode ter até %d caracteres", MaxAdminReasonLen)})
	case len([]rune(r)) < minReasonLen:
		return "", Invalid("Informe o motivo da ação", map[string]string{"reason": "Informe o motivo da ação (ao menos 5 caracteres)"})
	}
	return r, nil
}

// GrantEnd is when a Premium granted until the date day ("2026-12-31")
// ends: the start of the next day in loc, so the whole day is Premium. The
// day must be after today and at most MaxGrantMonths away.
func GrantEnd(day string, now time.Time, loc *time.Location) (time.Time, error) {
	d, err := time.ParseInLocation(time.DateOnly, day, loc)
	if err != nil {
		return time.Time{}, Invalid("Data inválida", map[string]string{"until": "Informe a data final, como 2026-12-31"})
	}
	today := now.In(loc)
	start := time.Date(today.Year(), today.Month(), today.Day(), 0, 0, 0, 0, loc)
	if !d.After(start) {
		return time.Time{}, Invalid("A data final precisa ser depois de hoje", map[string]string{"until": "A data final precisa ser depois de hoje"})
	}
	if d.After(start.AddDate(0, MaxGrantMonths, 0)) {
		msg := fmt.Sprintf("Conceda o Premium por no máximo %d meses", MaxGrantMonths)
		return time.Time{}, Invalid(msg, map[string]string{"until": msg})
	}
	return d.AddDate(0, 0, 1), nil
}

// MsgAccountLocked is what a locked account is told when it signs in.
const MsgAccountLocked = "Esta conta está bloqueada. Para saber o motivo ou pedir o desbloqueio, fale com o suporte do Agendo."

// MsgLockSelf refuses an admin's lock of their own account.
const MsgLockSelf = "Você não pode bloquear a sua própria conta."

// Account is one account as the platform admin sees it (Admin Clientes):
// the owner, the store and the figures of the summaries; never a salon's
// clients.
type Account struct {
	ID           string     `json:"id" format:"uuid"`
	Name         string     `json:"name" example:"Maria Aparecida dos Santos"`
	Email        string     `json:"email" example:"maria@salaobela.com.br"`
	StoreName    string     `json:"storeName" example:"Salão Bela Vista"`
	StoreSlug    string     `json:"storeSlug" doc:"a página pública é /store/{storeSlug}; vazio enquanto a loja não tem nome"`
	Plan         UserPlan   `json:"plan" doc:"o plano como vale agora (com o Premium concedido à mão)"`
	Appointments int        `json:"appointments" doc:"na agenda, em qualquer status (a lixeira não conta)"`
	Last30Days   int        `json:"last30Days" doc:"com data nos últimos 30 dias"`
	LastSignInAt *time.Time `json:"lastSignInAt"`
	CreatedAt    time.Time  `json:"createdAt"`
	LockedAt     *time.Time `json:"lockedAt"`
	LockedReason string     `json:"lockedReason"`
	IsAdmin      bool       `json:"isAdmin"`
}

// AccountFilter selects a page of accounts, newest first.
type AccountFilter struct {
	Search string `query:"q" doc:"parte do nome, do email ou da loja"`
	Plan   string `query:"plan" enum:"planType" doc:"premium: Premium ativo (também o concedido); free: os demais"`
	Locked bool   `query:"locked" doc:"só contas bloqueadas"`
	Limit  int    `query:"limit" doc:"até 100; 20 se omitido"`
	Offset int    `query:"offset"`
}

// PlanEvent is one applied change of an account's plan: a billing event of
// the provider, or a Premium an admin granted (Type "admin.premium_granted").
type PlanEvent struct {
	At   time.Time `json:"at"`
	Type string    `json:"type" example:"invoice.paid"`
	Kind string    `json:"kind" doc:"o tipo de evento da configuração; vazio quando não se aplica"`
	Note string    `json:"note" doc:"para o Premium concedido: até quando e o motivo"`
}

// BillingAdminGrant is the billing event type of a Premium an admin grants.
const BillingAdminGrant = "admin.premium_granted"
