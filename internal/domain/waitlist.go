package domain

import "time"

// The waitlist (issue 29): a customer waits for a day with no free time;
// a time that frees is offered to the first in line who fits it, held for
// WaitlistHold.

// WaitlistHold is how long an offered time is held for the customer.
const WaitlistHold = 30 * time.Minute

// MaxWaitlistPerDay bounds a store's entries waiting for one day.
const MaxWaitlistPerDay = 50

// The statuses of a waitlist entry.
const (
	WaitlistWaiting = "waiting"
	WaitlistOffered = "offered" // a time is held for the customer until OfferExpiresAt
	WaitlistBooked  = "booked"
	WaitlistExpired = "expired" // the offer passed unanswered
	WaitlistRemoved = "removed" // by the salon, or the customer
)

// WaitlistStatuses lists them.
var WaitlistStatuses = []string{WaitlistWaiting, WaitlistOffered, WaitlistBooked, WaitlistExpired, WaitlistRemoved}

// WaitlistEntry is a customer waiting for a day.
type WaitlistEntry struct {
	ID             string     `json:"id" format:"uuid"`
	Date           string     `json:"date" format:"date"`
	ServiceID      string     `json:"serviceId" format:"uuid"`
	ProfessionalID string     `json:"professionalId" doc:"Vazio: qualquer profissional que faça o serviço"`
	ClientName     string     `json:"clientName"`
	ClientPhone    string     `json:"clientPhone"`
	ClientEmail    string     `json:"clientEmail"`
	Status         string     `json:"status" enum:"waitlistStatus"`
	CreatedAt      time.Time  `json:"createdAt"`
	OfferTime      string     `json:"offerTime" doc:"O horário oferecido (HH:MM), quando há oferta"`
	OfferPro       string     `json:"offerProfessionalId"`
	OfferMinutes   int        `json:"-"` // the time freed: what a re-offer may fill
	HoldID         string     `json:"-"`
	OfferExpiresAt *time.Time `json:"offerExpiresAt"`
	AppointmentID  string     `json:"appointmentId"`
}
