package domain

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// Messages: what Agendo sends by itself (issue 28). Each is a row of the
// outbox, written in the transaction of the change that causes it and sent
// by a worker: reminders to the client before the appointment (with
// 'Confirmar presença'), and the notice of a booking made. The one-tap
// WhatsApp reminders stay for the clients who left no other way.

// Kinds of message.
const (
	MessageReminder = "reminder" // before the appointment, asking to confirm
	MessageBooked   = "booked"   // the booking's details, once it is made
	// To the team's phones, when a customer books, moves or cancels.
	MessageStaffBooked    = "staff_booked"
	MessageStaffMoved     = "staff_moved"
	MessageStaffCancelled = "staff_cancelled"
	// To a customer of the waitlist: a time freed and held for her.
	MessageWaitlistOffer = "waitlist_offer"
)

// Channels a message goes by.
const (
	ChannelEmail = "email"
	ChannelPush  = "push" // Web Push to a browser that allowed it; Recipient is its subscription
)

// Statuses of a message.
const (
	MessagePending   = "pending"
	MessageSent      = "sent"
	MessageFailed    = "failed"    // given up after MaxMessageAttempts
	MessageCancelled = "cancelled" // the appointment moved, ended or the client said no more
)

// Enum values of the API.
var (
	MessageKinds    = []string{MessageReminder, MessageBooked, MessageStaffBooked, MessageStaffMoved, MessageStaffCancelled, MessageWaitlistOffer}
	MessageChannels = []string{ChannelEmail, ChannelPush}
	MessageStatuses = []string{MessagePending, MessageSent, MessageFailed, MessageCancelled}
)

// MaxMessageAttempts is how often a message is tried before it is given
// up; MessageLease how long a worker holds the messages it claimed (they
// go back to the others when it dies).
const (
	MaxMessageAttempts = 6
	MessageLease       = 2 * time.Minute
)

// RetryDelay is the wait after a message's attempt-th failure: 1, 5, 15
// minutes, then 1 and 3 hours.
func RetryDelay(attempt int) time.Duration {
	steps := []time.Duration{time.Minute, 5 * time.Minute, 15 * time.Minute, time.Hour, 3 * time.Hour}
	return steps[min(max(attempt, 1), len(steps))-1]
}

// Message is one message of the outbox. Subject is what it is about: the
// visit, or the appointment when it is one service alone. Its content is
// written when it is sent, from the appointment as it is then.
type Message struct {
	ID          string     `json:"id" format:"uuid"`
	Subject     string     `json:"-"`
	Kind        string     `json:"kind" enum:"messageKind"`
	Channel     string     `json:"channel" enum:"messageChannel"`
	Recipient   string     `json:"recipient" doc:"O e-mail para onde foi ou vai"`
	DueAt       time.Time  `json:"dueAt" doc:"Quando sai (ou saiu)"`
	Status      string     `json:"status" enum:"messageStatus"`
	Attempts    int        `json:"attempts"`
	SentAt      *time.Time `json:"sentAt"`
	Error       string     `json:"error" doc:"Por que a última tentativa falhou"`
	ConfirmedAt *time.Time `json:"confirmedAt" doc:"Quando o cliente confirmou a presença por este lembrete"`
	CreatedAt   time.Time  `json:"-"`
	// NextAt is when a worker may try it next; StoreID its store.
	NextAt  time.Time `json:"-"`
	StoreID string    `json:"-"`
}

// ReminderSettings are a store's automatic reminders: whether they go by
// email, and when: the day before at a set time, and some hours before.
// A reminder some hours before that would fall in the quiet hours goes at
// their end, or when that is too late, at their start the evening before.
type ReminderSettings struct {
	Email       bool   `json:"email" doc:"Envia lembretes por e-mail aos clientes que deixaram o e-mail"`
	Push        bool   `json:"push" doc:"Envia lembretes como notificação aos celulares dos clientes que permitiram"`
	DayBefore   string `json:"dayBefore" doc:"Hora (HH:MM) do lembrete na véspera; vazio: nenhum"`
	HoursBefore []int  `json:"hoursBefore" doc:"Lembretes algumas horas antes: 1, 2, 3, 4, 6 ou 12"`
	QuietFrom   string `json:"quietFrom" format:"hhmm" doc:"Início do horário de silêncio"`
	QuietTo     string `json:"quietTo" format:"hhmm" doc:"Fim do horário de silêncio"`
	Note        string `json:"note" max:"reminderNote" doc:"Um recado do salão no fim de cada lembrete"`
}

// ReminderHourChoices are the hours before an appointment a reminder may go.
var ReminderHourChoices = []int{1, 2, 3, 4, 6, 12}

// MaxReminderNoteLen bounds the store's note in reminders.
const MaxReminderNoteLen = 300

// DefaultReminderSettings: by email, the day before at 18:00, silent from
// 21:00 to 08:00.
func DefaultReminderSettings() ReminderSettings {
	return ReminderSettings{Email: true, Push: true, DayBefore: "18:00", HoursBefore: []int{}, QuietFrom: "21:00", QuietTo: "08:00"}
}

// CleanReminderSettings checks s and returns it tidied (hours sorted from
// the earliest reminder, duplicates dropped, the note trimmed).
func CleanReminderSettings(s ReminderSettings) (ReminderSettings, error) {
	fields := map[string]string{}
	if s.DayBefore != "" {
		if _, ok := ParseClock(s.DayBefore); !ok {
			fields["dayBefore"] = "Use o formato HH:MM, como 18:00"
		}
	}
	hours := []int{}
	for _, h := range s.HoursBefore {
		if !slices.Contains(ReminderHourChoices, h) {
			fields["hoursBefore"] = "Escolha 1, 2, 3, 4, 6 ou 12 horas antes"
		} else if !slices.Contains(hours, h) {
			hours = append(hours, h)
		}
	}
	slices.Sort(hours)
	slices.Reverse(hours)
	s.HoursBefore = hours
	from, okFrom := ParseClock(s.QuietFrom)
	to, okTo := ParseClock(s.QuietTo)
	if !okFrom {
		fields["quietFrom"] = "Use o formato HH:MM, como 21:00"
	}
	if !okTo {
		fields["quietTo"] = "Use o formato HH:MM, como 08:00"
	}
	if okFrom && okTo && from == to {
		fields["quietTo"] = "O silêncio precisa terminar em outra hora"
	}
	s.Note = strings.TrimSpace(s.Note)
	if len([]rune(s.Note)) > MaxReminderNoteLen {
		fields["note"] = fmt.Sprintf("Use no máximo %d caracteres", MaxReminderNoteLen)
	}
	if len(fields) > 0 {
		return s, Invalid("Confira os lembretes", fields)
	}
	return s, nil
}

// inQuiet reports whether the clock minute m falls in [from, to), which
// may run past midnight.
func inQuiet(m, from, to int) bool {
	if from < to {
		return m >= from && m < to
	}
	return m >= from || m < to
}

// ReminderTimes are the instants the reminders of an appointment starting
// at start (in the store's zone) go out, earliest first, none before now
// nor twice at one instant. s must be clean.
func ReminderTimes(s ReminderSettings, start, now time.Time) []time.Time {
	loc := start.Location()
	var out []time.Time
	add := func(t time.Time) {
		if t.After(now) && t.Before(start) && !slices.ContainsFunc(out, t.Equal) {
			out = append(out, t)
		}
	}
	if m, ok := ParseClock(s.DayBefore); ok && s.DayBefore != "" {
		y, mo, d := start.AddDate(0, 0, -1).Date()
		add(time.Date(y, mo, d, m/60, m%60, 0, 0, loc))
	}
	from, _ := ParseClock(s.QuietFrom)
	to, _ := ParseClock(s.QuietTo)
	for _, h := range s.HoursBefore {
		t := start.Add(-time.Duration(h) * time.Hour)
		if m := t.Hour()*60 + t.Minute(); from != to && inQuiet(m, from, to) {
			y, mo, d := t.Date()
			end := time.Date(y, mo, d, to/60, to%60, 0, 0, loc)
			if end.Before(t) { // the quiet hours began the evening before and end tomorrow
				end = end.AddDate(0, 0, 1)
			}
			if end.Before(start) {
				t = end
			} else {
				begin := time.Date(y, mo, d, from/60, from%60, 0, 0, loc)
				if begin.After(t) {
					begin = begin.AddDate(0, 0, -1)
				}
				t = begin.Add(-time.Minute)
			}
		}
		add(t)
	}
	slices.SortFunc(out, time.Time.Compare)
	return out
}

// ReminderTitle is a reminder's first line: 'Amanhã 10:00 — Escova
// progressiva com Juliana no Salão Beleza Pura', with 'Hoje' or the date
// as the day is from when it is sent.
func ReminderTitle(start, sent time.Time, what, professional, store string) string {
	day := start.Format("02/01")
	sy, sm, sd := sent.In(start.Location()).Date()
	switch y, m, d := start.Date(); {
	case y == sy && m == sm && d == sd:
		day = "Hoje"
	case time.Date(sy, sm, sd+1, 0, 0, 0, 0, time.UTC).Equal(time.Date(y, m, d, 0, 0, 0, 0, time.UTC)):
		day = "Amanhã"
	}
	title := day + " " + start.Format("15:04") + " — " + what
	if professional != "" {
		title += " com " + professional
	}
	if store != "" {
		title += " " + At(store) + " " + store
	}
	return title
}

// ChannelConsentText is what a client agrees to when they leave their
// email for reminders, and ChannelWithdrawalText what they say when they
// want no more.
func ChannelConsentText(storeName, email string) string {
	return "Quero receber lembretes dos meus horários" + fromStore(storeName) + " por e-mail em " + email
}

// ChannelWithdrawalText: see ChannelConsentText.
func ChannelWithdrawalText(storeName string) string {
	return "Não quero mais receber lembretes" + fromStore(storeName) + " por e-mail"
}

// fromStore is ' do Espaço X' or ' da Barbearia Y', as At reads the name.
func fromStore(name string) string {
	if name == "" {
		return " do salão"
	}
	return " d" + At(name)[1:] + " " + name
}

// Where a client gave or withdrew their email for reminders.
const (
	ChannelSourceBooking = "booking_page" // the booking form of the store page
	ChannelSourceOwner   = "owner"        // the owner's appointment form
	ChannelSourceLink    = "message_link" // the link at the end of every message
)

// ChannelConsent is one yes or no of a client to reminders by a channel.
type ChannelConsent struct {
	ID          string    `json:"id" format:"uuid"`
	ClientPhone string    `json:"clientPhone"`
	Channel     string    `json:"channel" enum:"messageChannel"`
	Address     string    `json:"address" doc:"O e-mail dado; vazio quando o cliente saiu"`
	Granted     bool      `json:"granted"`
	Source      string    `json:"source"`
	Text        string    `json:"text"`
	CreatedAt   time.Time `json:"createdAt"`
}

// At is the contraction of 'em' a store's name takes: 'na' when its first
// word reads as feminine (Barbearia, Clínica, Casa), else 'no' (Salão,
// Studio, Espaço).
func At(store string) string {
	first, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(store)), " ")
	if strings.HasSuffix(first, "a") || strings.HasSuffix(first, "ã") {
		return "na"
	}
	return "no"
}

// PushSubscription is a browser that agreed to a store's notifications: a
// customer's (ClientPhone) or a team member's (MemberID).
type PushSubscription struct {
	ID          string
	Endpoint    string
	P256dh      string
	Auth        string
	ClientPhone string
	MemberID    string
	CreatedAt   time.Time
}

// PushConsentText is what a customer agrees to when they allow the
// notifications on their phone.
func PushConsentText(storeName string) string {
	return "Quero receber lembretes dos meus horários" + fromStore(storeName) + " como notificação neste celular"
}

// PushWithdrawalText is what they say when they turn them off.
func PushWithdrawalText(storeName string) string {
	return "Não quero mais receber lembretes" + fromStore(storeName) + " como notificação neste celular"
}
