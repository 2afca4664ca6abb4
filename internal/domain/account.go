package domain

import (
	"net/mail"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Limits on user-typed account fields.
const (
	MaxNameLen     = 120
	MaxEmailLen    = 254
	MaxPasswordLen = 256
)

// User is an account's identity; credentials stay in the store.
type User struct {
	ID        string
	Email     string
	CreatedAt time.Time
}

// Profile is the user's public-to-themselves data (SPEC.md "Profile").
type Profile struct {
	ID     string  `json:"id"`
	Name   string  `json:"name"`
	Email  string  `json:"email"`
	Phone  *string `json:"phone"`
	Avatar *string `json:"avatar"`
}

// ProfileUpdate holds the fields a profile update may change; nil means
// "leave as is". SPEC.md: updates write only name, phone and avatar.
type ProfileUpdate struct {
	Name   *string `json:"name"`
	Phone  *string `json:"phone"`
	Avatar *string `json:"avatar"`
}

// NormalizeEmail trims and lowercases an address and checks its shape.
func NormalizeEmail(s string) (string, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" || len(s) > MaxEmailLen || strings.ContainsAny(s, " \t\r\n<>\"") {
		return s, false
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s || !strings.Contains(s[strings.LastIndexByte(s, '@'):], ".") {
		return s, false
	}
	return s, true
}

// CleanName trims a person's or business's name, collapses inner spaces and
// checks its length. Control characters have no place in a name (and
// PostgreSQL cannot store a NUL).
func CleanName(s string) (string, bool) {
	s = strings.Join(strings.Fields(s), " ")
	return s, s != "" && utf8.RuneCountInString(s) <= MaxNameLen && utf8.ValidString(s) &&
		!strings.ContainsFunc(s, unicode.IsControl)
}

// Plan types and status reasons (SPEC.md sections 3, 4).
const (
	PlanFree    = "free"
	PlanPremium = "premium"

	ReasonSubscriptionActive   = "subscription.active"
	ReasonSubscriptionCanceled = "subscription.canceled"
	ReasonPaymentFailed        = "payment.failed"
	ReasonPaymentPastDue       = "payment.past_due"
	ReasonPaymentIncomplete    = "payment.incomplete"
)

// UserPlan is a row of user_plans.
type UserPlan struct {
	Type         string     `json:"type"`
	IsActive     bool       `json:"isActive"`
	SubscribedAt *time.Time `json:"subscribedAt"`
	ExpiresAt    *time.Time `json:"expiresAt"`
	StatusReason *string    `json:"statusReason"`
}

// HelpSettings configure the help dialog (SPEC.md "Help settings").
type HelpSettings struct {
	WebsiteURL     string `json:"websiteUrl"`
	WhatsappNumber string `json:"whatsappNumber"`
}

// DefaultHelpSettings are the spec's placeholders until an admin sets them.
var DefaultHelpSettings = HelpSettings{
	WebsiteURL:     "https://agendo.com.br/ajuda",
	WhatsappNumber: "5511999999999",
}

// Roles.
const RoleAdmin = "admin"
