package domain

import (
	"net/url"
	"strings"
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
const maxHelpURLLen = 500

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
		case err != nil || u.Host == "" || len(out.WebsiteURL) > maxHelpURLLen || u.User != nil || strings.ContainsAny(out.WebsiteURL, " \t\r\n"):
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
