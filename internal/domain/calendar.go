package domain

import "time"

// CalendarFeed is a private address a team member gives a calendar app
// (Google Agenda, the iPhone's Calendário) to follow an agenda (issue 29).
type CalendarFeed struct {
	ID string `json:"id" format:"uuid"`
	// ProfessionalID is the agenda followed: a professional's, or '' for
	// the whole store's.
	ProfessionalID string    `json:"professionalId" doc:"A agenda do profissional (vazio: a loja toda)"`
	CreatedAt      time.Time `json:"createdAt"`
}

// MaxCalendarFeeds is how many addresses a member keeps at once: one per
// calendar app and device is plenty.
const MaxCalendarFeeds = 10

// A feed holds the appointments from CalendarPastDays ago to
// CalendarAheadDays ahead: what a calendar app shows, not the history.
const (
	CalendarPastDays  = 60
	CalendarAheadDays = 365
)

// CalendarPath starts a feed's address; the sealed id follows.
const CalendarPath = "/api/v1/public/calendars/"
