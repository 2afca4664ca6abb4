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
	// LockedAt is when an admin locked the account: it cannot sign in or
	// refresh a session.
	LockedAt *time.Time
}

// Profile is the user's public-to-themselves data (SPEC.md "Profile").
type Profile struct {
	ID     string  `json:"id" format:"uuid"`
	Name   string  `json:"name"`
	Email  string  `json:"email" format:"email"`
	Phone  *string `json:"phone"`
	Avatar *string `json:"avatar"`
}

// ProfileUpdate holds the fields a profile update may change; nil means
// "leave as is". SPEC.md: updates write only name, phone and avatar.
type ProfileUpdate struct {
	Name   *string `json:"name,omitempty" max:"name"`
	Phone  *string `json:"phone,omitempty"`
	Avatar *string `json:"avatar,omitempty"`
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
// A name must show something (not only invisible characters) and hold no
// bidirectional override, which could make it read as something else.
func CleanName(s string) (string, bool) {
	s = strings.Join(strings.Fields(s), " ")
	return s, s != "" && utf8.RuneCountInString(s) <= MaxNameLen && utf8.ValidString(s) &&
		!strings.ContainsFunc(s, unicode.IsControl) && !strings.ContainsFunc(s, isBidiOverride) && Visible(s)
}

// isBidiOverride reports the embedding, override and isolate controls
// (U+202A–U+202E, U+2066–U+2069) that reorder how text around them reads.
func isBidiOverride(r rune) bool {
	return r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069
}

// Visible reports whether s shows at least one character: not only spaces,
// format characters (zero-width spaces, joiners, soft hyphens) and the
// letters that draw as blanks (Hangul fillers, the Braille blank).
func Visible(s string) bool {
	for _, r := range s {
		switch {
		case unicode.IsSpace(r), unicode.Is(unicode.Cf, r), unicode.IsControl(r), unicode.Is(unicode.Mn, r):
		case r == 0x115f, r == 0x1160, r == 0x3164, r == 0xffa0, r == 0x2800, r == 0x180e, r == 0x034f:
		default:
			return true
		}
	}
	return false
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

// StatusReasons lists why a plan is in its state.
var StatusReasons = []string{ReasonSubscriptionActive, ReasonSubscriptionCanceled, ReasonPaymentFailed,
	ReasonPaymentPastDue, ReasonPaymentIncomplete}

// PlanTypes lists the plan types.
var PlanTypes = []string{PlanFree, PlanPremium}

// Sign-out scopes (SPEC.md section 5): this session, every session, or
// every other session.
const (
	ScopeLocal  = "local"
	ScopeGlobal = "global"
	ScopeOthers = "others"
)

// SignOutScopes lists the sign-out scopes.
var SignOutScopes = []string{ScopeLocal, ScopeGlobal, ScopeOthers}

// UserPlan is a row of user_plans.
type UserPlan struct {
	Type         string     `json:"type" enum:"planType"`
	IsActive     bool       `json:"isActive"`
	SubscribedAt *time.Time `json:"subscribedAt"`
	ExpiresAt    *time.Time `json:"expiresAt"`
	StatusReason *string    `json:"statusReason" enum:"statusReason"`
	// CancelAt is when a subscription set to cancel at the period's end
	// stops ('Sua assinatura termina em dd/MM/yyyy').
	CancelAt *time.Time `json:"cancelAt"`
	// GrantedUntil is the end of a Premium an admin granted by hand; until
	// then the plan reads as Premium active (EffectivePlan).
	GrantedUntil *time.Time `json:"grantedUntil,omitempty"`
}

// EffectivePlan is p as it applies at now: a Premium an admin granted by
// hand makes a plan that is not Premium active read as Premium active,
// expiring at the grant's end, until then; afterwards the plan the billing
// webhook keeps applies again, untouched.
func EffectivePlan(p UserPlan, now time.Time) UserPlan {
	if p.GrantedUntil == nil || !now.Before(*p.GrantedUntil) || (p.Type == PlanPremium && p.IsActive) {
		return p
	}
	p.Type, p.IsActive, p.ExpiresAt, p.StatusReason, p.CancelAt = PlanPremium, true, p.GrantedUntil, nil, nil
	return p
}

// HelpSettings configure the help dialog (SPEC.md "Help settings").
type HelpSettings struct {
	WebsiteURL     string `json:"websiteUrl" example:"https://ajuda.agendo.com.br" doc:"https; vazio esconde o site" max:"helpUrl"`
	WhatsappNumber string `json:"whatsappNumber" example:"+5511912345678" doc:"salvo como +55 e os dígitos; vazio esconde o WhatsApp"`
}

// DefaultHelpSettings are empty until an admin sets them: the spec's
// placeholders would send real owners to a number nobody answers, so the
// help dialog shows no link for an empty value.
var DefaultHelpSettings = HelpSettings{}

// Roles.
const RoleAdmin = "admin"
