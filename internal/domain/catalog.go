package domain

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"
)

// Calendar types of a professional.
const (
	CalendarApp    = "app"
	CalendarGoogle = "google"
)

// CalendarTypes lists where a professional's calendar lives.
var CalendarTypes = []string{CalendarApp, CalendarGoogle}

// GoogleEmbedPrefix is the only Google Calendar embed address accepted.
const GoogleEmbedPrefix = "https://calendar.google.com/calendar/embed?"

// Bounds of the catalogue's fields.
const (
	DefaultBookingInterval = 30
	MinBookingInterval     = 5
	MaxBookingInterval     = 240
	MinServiceDuration     = 5
	MaxServiceDuration     = 720
	MaxPriceCents          = 10_000_000 // R$ 100.000,00
	MaxSpecialties         = 20
	MaxSpecialtyLen        = 40
	MaxPhotos              = 10
	MaxTextLen             = 120
	MaxDescriptionLen      = 1000
	MaxReasonLen           = 200
	MaxNotesLen            = 500 // an appointment's notes
)

// Professional is someone who performs services (SPEC.md "Professional").
type Professional struct {
	ID                  string        `json:"id" format:"uuid"`
	Name                string        `json:"name"`
	Role                string        `json:"role"`
	Specialties         []string      `json:"specialties"`
	CalendarType        string        `json:"calendarType" enum:"calendarType"`
	WorkingHours        *WorkingHours `json:"workingHours"`
	BookingInterval     int           `json:"bookingInterval"`
	GoogleCalendarEmbed *string       `json:"googleCalendarEmbed"`
	Photos              []string      `json:"photos"`
	CommissionPct       int           `json:"commissionPct"`
	CreatedAt           time.Time     `json:"createdAt"`
}

// ProfessionalInput is what an owner sets on a professional.
type ProfessionalInput struct {
	Name         string        `json:"name" max:"name"`
	Role         string        `json:"role,omitempty" max:"text"`
	Specialties  []string      `json:"specialties,omitempty" max:"specialties" maxItem:"specialty"`
	CalendarType string        `json:"calendarType,omitempty" enum:"calendarType"`
	WorkingHours *WorkingHours `json:"workingHours,omitempty"`
	// BookingInterval is in minutes; left out, it is the default (30).
	BookingInterval     *int     `json:"bookingInterval,omitempty" max:"bookingInterval"`
	GoogleCalendarEmbed *string  `json:"googleCalendarEmbed,omitempty"`
	Photos              []string `json:"photos,omitempty" max:"photos"`
	CommissionPct       int      `json:"commissionPct,omitempty"`
}

// Service is something the store sells (SPEC.md "Service"). Price is in
// cents; nil means "no price shown".
type Service struct {
	ID              string   `json:"id" format:"uuid"`
	Name            string   `json:"name"`
	Description     string   `json:"description"`
	Duration        int      `json:"duration"`
	Price           *int64   `json:"price"`
	ProfessionalIDs []string `json:"professionalIds" format:"uuid"`
	Timing
	// Includes, for a combo sold as one ('Dia da noiva'), are the plain
	// services it holds, in order; its price and duration are its own.
	Includes  []string  `json:"includes" format:"uuid" doc:"Num pacote, os serviços que ele inclui, em ordem (vazio: serviço simples)"`
	CreatedAt time.Time `json:"createdAt"`
}

// MaxComboServices bounds the services one combo includes.
const MaxComboServices = 8

// ServiceInput is what an owner sets on a service.
type ServiceInput struct {
	Name            string   `json:"name" max:"name"`
	Description     string   `json:"description,omitempty" max:"description"`
	Duration        int      `json:"duration" max:"serviceDuration"`
	Price           *int64   `json:"price,omitempty" max:"priceCents"`
	ProfessionalIDs []string `json:"professionalIds,omitempty" format:"uuid"`
	// The service's timing (see Timing); left out, none.
	BufferBefore    int `json:"bufferBefore,omitempty" max:"bufferMin"`
	BufferAfter     int `json:"bufferAfter,omitempty" max:"bufferMin"`
	ProcessingStart int `json:"processingStart,omitempty" max:"serviceDuration"`
	ProcessingMin   int `json:"processingMin,omitempty" max:"serviceDuration"`
	// Includes makes the service a combo of these plain services.
	Includes []string `json:"includes,omitempty" format:"uuid" max:"comboServices" doc:"Para um pacote: os serviços que ele inclui, em ordem"`
}

// Timing is the timing in.
func (in ServiceInput) Timing() Timing {
	return Timing{BufferBefore: in.BufferBefore, BufferAfter: in.BufferAfter,
		ProcessingStart: in.ProcessingStart, ProcessingMin: in.ProcessingMin}
}

// BlockedTime is a period in which a professional takes no bookings.
type BlockedTime struct {
	ID             string  `json:"id" format:"uuid"`
	ProfessionalID string  `json:"professionalId" format:"uuid"`
	Date           string  `json:"date" format:"date"`
	StartTime      string  `json:"startTime" format:"hhmm"`
	EndTime        string  `json:"endTime" format:"hhmm"`
	Reason         *string `json:"reason"`
}

// BlockedTimeInput is what an owner sets on a blocked time.
type BlockedTimeInput struct {
	ProfessionalID string  `json:"professionalId" format:"uuid"`
	Date           string  `json:"date" format:"date"`
	StartTime      string  `json:"startTime" format:"hhmm"`
	EndTime        string  `json:"endTime" format:"hhmm"`
	Reason         *string `json:"reason,omitempty" max:"blockedReason"`
}

// FormatClock writes minutes since midnight (0–1439) as "HH:MM".
func FormatClock(m int) string {
	return string([]byte{byte('0' + m/600), byte('0' + m/60%10), ':', byte('0' + m%60/10), byte('0' + m%10)})
}

// ParseClock reads "HH:MM" (00:00–23:59) as minutes since midnight.
func ParseClock(s string) (int, bool) {
	if len(s) != 5 || s[2] != ':' {
		return 0, false
	}
	h, m := 0, 0
	for i, c := range []byte(s) {
		if i == 2 {
			continue
		}
		if c < '0' || c > '9' {
			return 0, false
		}
		if i < 2 {
			h = h*10 + int(c-'0')
		} else {
			m = m*10 + int(c-'0')
		}
	}
	if h > 23 || m > 59 {
		return 0, false
	}
	return h*60 + m, true
}

// ValidDate reports whether s is a real calendar date "YYYY-MM-DD"
// (2026-02-30 is not).
func ValidDate(s string) bool {
	if len(s) != 10 {
		return false
	}
	_, err := time.Parse(time.DateOnly, s)
	return err == nil
}

// Agenda dates (appointments, blocked times) lie within this many years of
// today: enough for a salon's history and its future, never year 1900.
const (
	AgendaYearsBack  = 5
	AgendaYearsAhead = 3
)

// AgendaDateProblem says why date cannot be on an agenda kept today, or
// returns "" when it can: it must be a real date within the agenda window.
func AgendaDateProblem(date string, today time.Time) string {
	if !ValidDate(date) {
		return "Informe uma data válida"
	}
	first, last := today.AddDate(-AgendaYearsBack, 0, 0), today.AddDate(AgendaYearsAhead, 0, 0)
	if date < first.Format(time.DateOnly) || date > last.Format(time.DateOnly) {
		return "Escolha uma data entre " + first.Format("02/01/2006") + " e " + last.Format("02/01/2006")
	}
	return ""
}

// Problems collects per-field messages.
type Problems map[string]string

// Add records msg for field unless one is there already.
func (p Problems) Add(field, msg string) {
	if _, ok := p[field]; !ok {
		p[field] = msg
	}
}

// Err returns an invalid error carrying the problems, or nil.
func (p Problems) Err() error {
	if len(p) == 0 {
		return nil
	}
	best := ""
	for k := range p {
		if best == "" || k < best {
			best = k
		}
	}
	return Invalid(p[best], map[string]string(p))
}

// CleanText trims s and checks it fits max characters and holds no control
// characters other than line breaks, no bidirectional override, and is not
// made only of invisible characters.
func CleanText(s string, max int) (string, bool) {
	s = strings.TrimSpace(s)
	if !utf8.ValidString(s) || utf8.RuneCountInString(s) > max {
		return s, false
	}
	for _, r := range s {
		if r < 0x20 && r != '\n' && r != '\r' && r != '\t' || r >= 0x7f && r < 0xa0 || isBidiOverride(r) {
			return s, false
		}
	}
	return s, s == "" || Visible(s)
}

var weekdayNames = map[string]string{
	"monday": "na segunda-feira", "tuesday": "na terça-feira", "wednesday": "na quarta-feira", "thursday": "na quinta-feira",
	"friday": "na sexta-feira", "saturday": "no sábado", "sunday": "no domingo",
}

// CheckWorkingHours validates all seven days: open days need valid times
// with closing after opening. Field keys are prefix + "." + weekday.
func CheckWorkingHours(wh WorkingHours, prefix string, p Problems) {
	if len(wh) != 7 {
		p.Add(prefix, "Informe o horário dos sete dias da semana")
		return
	}
	for _, d := range Weekdays {
		h, ok := wh[d]
		if !ok {
			p.Add(prefix, "Informe o horário dos sete dias da semana")
			return
		}
		open, ok1 := ParseClock(h.Open)
		cls, ok2 := ParseClock(h.Close)
		key := prefix + "." + d
		switch {
		case !h.IsOpen && h.Open == "" && h.Close == "":
		case !ok1 || !ok2:
			p.Add(key, fmt.Sprintf("Horário inválido %s: use HH:MM", weekdayNames[d]))
		case h.IsOpen && cls <= open:
			p.Add(key, fmt.Sprintf("O fechamento deve ser depois da abertura %s", weekdayNames[d]))
		}
	}
}
