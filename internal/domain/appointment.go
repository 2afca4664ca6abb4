package domain

import (
	_ "embed"
	"encoding/json"
	"slices"
	"time"
)

// Appointment statuses (DESIGN.md section 1).
const (
	StatusScheduled = "scheduled"
	StatusConfirmed = "confirmed"
	StatusCompleted = "completed"
	StatusCancelled = "cancelled"
	StatusNoShow    = "no_show"
)

// Statuses lists every status.
var Statuses = []string{StatusScheduled, StatusConfirmed, StatusCompleted, StatusCancelled, StatusNoShow}

// PaymentMethods lists how a client may pay (DESIGN.md section 1).
var PaymentMethods = []string{"pix", "cash", "credit_card", "debit_card", PaymentOther}

// PaymentOther records a payment by any other means on an appointment; a
// store does not announce it on its page.
const PaymentOther = "other"

// StorePaymentMethods are the methods a store may say it accepts: every
// method but PaymentOther.
var StorePaymentMethods = PaymentMethods[:len(PaymentMethods)-1]

// Appointment sources: booked by the owner or on the public page.
const (
	SourceOwner  = "owner"
	SourcePublic = "public"
)

// Sources lists every source.
var Sources = []string{SourceOwner, SourcePublic}

// HoldsSlot reports whether an appointment with status keeps its time
// taken: cancelled and no-show appointments free it.
func HoldsSlot(status string) bool { return !slices.Contains(FreeingStatuses, status) }

// Decided reports whether an appointment with status has been settled one
// way or the other (completed, cancelled or no-show): what a completion
// rate divides by. One still to come is neither kept nor missed.
func Decided(status string) bool { return Served(status) || !HoldsSlot(status) }

// Served reports whether an appointment with status was carried out: the
// client was served, and the appointment's price is revenue. The SQL
// mirror of this rule is store's servedSQL and revenueSQL, held to it by
// store's TestTheRevenueRuleIsOneInGoAndSQL.
func Served(status string) bool { return status == StatusCompleted }

// Revenue is what a brought in: its price once served (a missing price
// counts 0), else 0. Reports, commissions, client summaries and exports all
// count revenue by this rule.
func (a Appointment) Revenue() int64 {
	if !Served(a.Status) || a.Price == nil {
		return 0
	}
	return *a.Price
}

// PaymentNames are the payment methods as the app shows them.
var PaymentNames = map[string]string{
	"pix": "Pix", "cash": "Dinheiro", "credit_card": "Cartão de crédito", "debit_card": "Cartão de débito", PaymentOther: "Outro",
}

// StatusNames are the statuses as the app shows them.
var StatusNames = map[string]string{
	StatusScheduled: "Agendado", StatusConfirmed: "Confirmado", StatusCompleted: "Concluído",
	StatusCancelled: "Cancelado", StatusNoShow: "Não compareceu",
}

// statusChanges are the statuses the one-tap change may set from each
// status: an open appointment is confirmed, completed, cancelled or missed;
// a closed one may only be reopened. (The edit form may set any status: it
// is the owner's correction.) Their one home is status_changes.json, which
// the web app's one-tap actions import too.
var statusChanges = loadStatusChanges(statusChangesJSON)

//go:embed status_changes.json
var statusChangesJSON []byte

// loadStatusChanges reads the changes, and panics on a status it does not
// know: the file is part of the build.
func loadStatusChanges(b []byte) map[string][]string {
	var m map[string][]string
	if err := json.Unmarshal(b, &m); err != nil {
		panic("domain: status_changes.json: " + err.Error())
	}
	for from, tos := range m {
		for _, s := range append([]string{from}, tos...) {
			if !slices.Contains(Statuses, s) {
				panic("domain: status_changes.json names an unknown status " + s)
			}
		}
	}
	return m
}

// IsOpen reports whether an appointment with status is still to happen:
// neither completed, cancelled nor missed.
func IsOpen(status string) bool { return status == StatusScheduled || status == StatusConfirmed }

// CanChangeStatus reports whether the one-tap change may take an
// appointment from one status to another; keeping the status (to record how
// it was paid) is always allowed.
func CanChangeStatus(from, to string) bool {
	return from == to || slices.Contains(statusChanges[from], to)
}

// FreeingStatuses are the statuses whose appointment no longer takes its
// time: the one list the availability engine, the booking rule and the
// store's queries read.
var FreeingStatuses = []string{StatusCancelled, StatusNoShow}

// Appointment is a booking (SPEC.md "Appointment", DESIGN.md section 1).
type Appointment struct {
	ID             string `json:"id" format:"uuid"`
	ClientName     string `json:"clientName"`
	ClientPhone    string `json:"clientPhone"`
	ServiceID      string `json:"serviceId" format:"uuid"`
	ProfessionalID string `json:"professionalId" format:"uuid"`
	Date           string `json:"date" format:"date"`
	Time           string `json:"time" format:"hhmm"`
	DurationMin    int    `json:"durationMin"`
	// Timing is the service's, as it was when booked.
	Timing
	// SeriesID names the recurring series the appointment belongs to (''
	// for one on its own).
	SeriesID string `json:"seriesId" doc:"A série de horários recorrentes a que pertence (vazio: avulso)"`
	// VisitID names the visit of several services the appointment is one
	// service of ('' for a visit of one service).
	VisitID        string     `json:"visitId" doc:"A visita de vários serviços de que este é um (vazio: serviço único)"`
	Status         string     `json:"status" enum:"status"`
	PaymentMethod  *string    `json:"paymentMethod" enum:"paymentMethod"`
	Price          *int64     `json:"price"`
	Notes          string     `json:"notes"`
	Source         string     `json:"source" enum:"source"`
	ReminderSentAt *time.Time `json:"reminderSentAt"`
	CreatedAt      time.Time  `json:"createdAt"`
	UpdatedAt      time.Time  `json:"updatedAt"`
	// CreatedBy and UpdatedBy name the team member who booked it and who
	// changed it last, as they were named then ('' for the customer on the
	// store page, and for what was written before teams).
	CreatedBy string `json:"createdBy" doc:"Quem da equipe agendou (vazio: o cliente, pela página)"`
	UpdatedBy string `json:"updatedBy" doc:"Quem da equipe alterou por último"`
	// Exclusive: saved as holding its time alone, not as an overlap the
	// owner confirmed; PostgreSQL refuses a second such appointment of the
	// professional at an overlapping time, whichever commits first.
	Exclusive bool `json:"-"`
}

// DeletedAppointment is an appointment in the trash.
type DeletedAppointment struct {
	Appointment
	OriginalID string    `json:"originalId" format:"uuid"`
	DeletedAt  time.Time `json:"deletedAt"`
}

// AppointmentInput is what an owner sets on an appointment. Force books a
// time that overlaps another appointment, after the owner confirmed it.
type AppointmentInput struct {
	ClientName     string  `json:"clientName" max:"name"`
	ClientPhone    string  `json:"clientPhone"`
	ServiceID      string  `json:"serviceId" format:"uuid"`
	ProfessionalID string  `json:"professionalId" format:"uuid"`
	Date           string  `json:"date" format:"date"`
	Time           string  `json:"time" format:"hhmm"`
	Status         string  `json:"status,omitempty" enum:"status"`
	PaymentMethod  *string `json:"paymentMethod,omitempty" enum:"paymentMethod"`
	Notes          string  `json:"notes,omitempty" max:"notes"`
	// ClientEmail, when given, is where the client's reminders go from
	// now on (kept with the client, issue 28).
	ClientEmail string `json:"clientEmail,omitempty" max:"email" doc:"E-mail para lembretes; vazio: mantém o que o cliente já deu"`
	Force       bool   `json:"force,omitempty"`
	// More are the visit's later services, each starting when the one
	// before it ends (issue 27).
	More []VisitService `json:"more,omitempty" max:"moreServices" doc:"Os demais serviços da visita, em ordem, cada um começando quando o anterior termina"`
}

// MaxVisitServices bounds the services of one visit.
const MaxVisitServices = 4

// VisitService is a later service of a visit and who performs it.
type VisitService struct {
	ServiceID      string `json:"serviceId" format:"uuid"`
	ProfessionalID string `json:"professionalId" pattern:"^(any|[0-9a-fA-F-]{36})$" doc:"O id de um profissional, ou any (só na página da loja) para o primeiro livre"`
}

// PlanUsage is the plan's progress: min(count/limit·100, 100) and
// max(limit − count, 0); remaining is −1 for an active Premium plan.
type PlanUsage struct {
	Count     int  `json:"count"`
	Limit     int  `json:"limit"`
	Progress  int  `json:"progress"`
	Remaining int  `json:"remaining"`
	Unlimited bool `json:"unlimited"`
}

// Usage computes a plan's usage from the appointment count.
func Usage(p UserPlan, count, freeLimit int) PlanUsage {
	if !Limited(p) {
		return PlanUsage{Count: count, Limit: freeLimit, Remaining: -1, Unlimited: true}
	}
	u := PlanUsage{Count: count, Limit: freeLimit}
	if freeLimit > 0 {
		u.Progress = min(count*100/freeLimit, 100)
	} else {
		u.Progress = 100
	}
	u.Remaining = max(freeLimit-count, 0)
	return u
}
