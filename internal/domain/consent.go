package domain

import "time"

// Marketing consent (LGPD art. 7, I and 8): a client's yes — or no — to
// the salon's news on WhatsApp, kept with its proof. Appointment reminders
// need none: they are part of the service the client booked.

// Where a consent was given or withdrawn.
const (
	ConsentBookingPage = "booking_page" // the box on the store page's booking form
	ConsentManageLink  = "manage_link"  // the customer's own booking link
	ConsentInPerson    = "in_person"    // told the salon, recorded by the owner
	ConsentWhatsApp    = "whatsapp"     // written on WhatsApp ('SAIR'), recorded by the owner
)

// ConsentSources lists the sources; OwnerConsentSources those an owner may record.
var (
	ConsentSources      = []string{ConsentBookingPage, ConsentManageLink, ConsentInPerson, ConsentWhatsApp}
	OwnerConsentSources = []string{ConsentInPerson, ConsentWhatsApp}
)

// ConsentTextVersion names the words below; change it with them.
const ConsentTextVersion = "2026-11-v1"

// ConsentText is what a client agrees to, with the store's name.
func ConsentText(storeName string) string {
	if storeName == "" {
		return "Quero receber novidades do salão pelo WhatsApp" // "de o salão" is not Portuguese
	}
	return "Quero receber novidades de " + storeName + " pelo WhatsApp"
}

// WithdrawalText is what a client who says no more said, in substance.
func WithdrawalText(storeName string) string {
	if storeName == "" {
		return "Não quero mais receber novidades do salão pelo WhatsApp (SAIR)"
	}
	return "Não quero mais receber novidades de " + storeName + " pelo WhatsApp (SAIR)"
}

// Consent is one consent given or withdrawn: when, where and which text.
type Consent struct {
	ID          string    `json:"id" format:"uuid"`
	ClientPhone string    `json:"clientPhone"`
	Granted     bool      `json:"granted" doc:"true: aceitou; false: pediu para sair"`
	Source      string    `json:"source" enum:"consentSource"`
	TextVersion string    `json:"textVersion"`
	Text        string    `json:"text"`
	CreatedAt   time.Time `json:"createdAt"`
}

// ConsentInput is a consent the owner records.
type ConsentInput struct {
	Granted bool   `json:"granted"`
	Source  string `json:"source" enum:"consentSource" doc:"in_person ou whatsapp"`
}

// TermsVersion is the version of Agendo's terms of use and privacy policy
// (the /privacidade page) an owner accepts on sign-up; change it with them.
const TermsVersion = "2026-11-v1"
