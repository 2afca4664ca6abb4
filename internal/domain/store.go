package domain

import (
	"regexp"
	"time"
)

// Booking flows (SPEC.md "Store").
const (
	FlowServiceFirst      = "service-first"
	FlowProfessionalFirst = "professional-first"
)

// BookingFlows lists the booking flows.
var BookingFlows = []string{FlowServiceFirst, FlowProfessionalFirst}

// PixKeyTypes are the kinds of Pix key a store may receive with.
var PixKeyTypes = []string{"cpf", "cnpj", "email", "phone", "random"}

// UploadKinds are the uses of an uploaded image.
var UploadKinds = []string{"logo", "avatar", "photo"}

// heroGradient is the one shape of gradient a store's hero may have.
var heroGradient = regexp.MustCompile(`^linear-gradient\((\d{1,3})deg, (#[0-9a-fA-F]{6}) 0%, (#[0-9a-fA-F]{6}) 100%\)$`)

// ValidHeroGradient reports whether s is a linear gradient between two colours.
func ValidHeroGradient(s string) bool { return heroGradient.MatchString(s) }

// DefaultHeroGradient is the spec's purple gradient.
const DefaultHeroGradient = "linear-gradient(135deg, #7c3aed 0%, #a855f7 100%)"

// DefaultTimeZone governs appointments unless the store sets another.
const DefaultTimeZone = "America/Sao_Paulo"

// Default booking rules.
const (
	DefaultMinNoticeMin = 60
	DefaultHorizonDays  = 60
)

// Bounds of the store's settings. The Pix ones are the fields' sizes in
// the Pix code (EMV): a longer name or city could not be written in it.
const (
	MaxAddressLen     = 300
	MaxMinNoticeMin   = 7 * 24 * 60 // a week
	MaxHorizonDays    = 365
	MaxPixKeyLen      = 77
	MaxPixReceiverLen = 25
	MaxPixCityLen     = 15
)

// Weekdays in the order the spec lists them.
var Weekdays = []string{"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"}

// DayHours is one weekday's opening hours.
type DayHours struct {
	Open   string `json:"open" format:"hhmm"`
	Close  string `json:"close" format:"hhmm"`
	IsOpen bool   `json:"isOpen"`
}

// WorkingHours maps a weekday name (monday … sunday) to its hours.
type WorkingHours map[string]DayHours

// DefaultWorkingHours: 09:00 to 18:00, Monday to Saturday; Sunday closed.
func DefaultWorkingHours() WorkingHours {
	wh := WorkingHours{}
	for _, d := range Weekdays {
		wh[d] = DayHours{Open: "09:00", Close: "18:00", IsOpen: d != "sunday"}
	}
	return wh
}

// SocialMedia links of a store.
type SocialMedia struct {
	Instagram string `json:"instagram"`
	Facebook  string `json:"facebook"`
	Whatsapp  string `json:"whatsapp"`
}

// PaymentSettings: accepted methods and the Pix receiver.
type PaymentSettings struct {
	AcceptedMethods []string `json:"acceptedMethods" enum:"storePaymentMethod"`
	PixKey          string   `json:"pixKey" max:"pixKey"`
	PixKeyType      string   `json:"pixKeyType"`
	PixReceiverName string   `json:"pixReceiverName" max:"pixReceiverName"`
	PixCity         string   `json:"pixCity" max:"pixCity"`
}

// Store is the business profile, one per user.
type Store struct {
	ID              string          `json:"id" format:"uuid"`
	UserID          string          `json:"userId" format:"uuid"`
	Name            string          `json:"name"`
	Description     string          `json:"description"`
	Phone           string          `json:"phone"`
	Address         string          `json:"address"`
	Logo            *string         `json:"logo"`
	BookingFlow     string          `json:"bookingFlow" enum:"bookingFlow"`
	HeroGradient    string          `json:"heroGradient"`
	WorkingHours    WorkingHours    `json:"workingHours"`
	SocialMedia     SocialMedia     `json:"socialMedia"`
	PaymentSettings PaymentSettings `json:"paymentSettings"`
	Slug            *string         `json:"slug"`
	TimeZone        string          `json:"timeZone"`
	MinNoticeMin    int             `json:"minNoticeMin"`
	HorizonDays     int             `json:"horizonDays"`
	CreatedAt       time.Time       `json:"createdAt"`
	UpdatedAt       time.Time       `json:"updatedAt"`
}

// NewStore returns the empty store row a new account starts with.
func NewStore(id, userID string, now time.Time) Store {
	return Store{
		ID:              id,
		UserID:          userID,
		BookingFlow:     FlowServiceFirst,
		HeroGradient:    DefaultHeroGradient,
		WorkingHours:    DefaultWorkingHours(),
		PaymentSettings: PaymentSettings{AcceptedMethods: []string{"cash", "credit_card", "debit_card"}}, // Pix once its key is set
		TimeZone:        DefaultTimeZone,
		MinNoticeMin:    DefaultMinNoticeMin,
		HorizonDays:     DefaultHorizonDays,
		CreatedAt:       now,
		UpdatedAt:       now,
	}
}
