package domain

// Realtime events: what changed, sent to the owner's open event streams
// (GET /api/v1/events) with the changed record's id: the whole store's
// to the owner, the manager and the reception, a professional's own to them.
const (
	EventAppointmentCreated = "appointment.created" // by the owner, or restored from the trash
	EventAppointmentBooked  = "appointment.booked"  // by a customer on the public page
	EventAppointmentUpdated = "appointment.updated"
	EventAppointmentDeleted = "appointment.deleted"
	EventClientUpdated      = "client.updated"
	EventPlanUpdated        = "plan.updated"         // the plan row changed (billing, or the owner's choice)
	EventBookingRefused     = "booking.refused"      // a customer could not book: the store is at the free limit
	EventBlockedTimeUpdated = "blocked-time.updated" // a blocked time created, changed or deleted
	EventWaitlistUpdated    = "waitlist.updated"     // a day's waitlist moved (the id is the date)
)

// Events lists every event name.
var Events = []string{EventAppointmentCreated, EventAppointmentBooked, EventAppointmentUpdated,
	EventAppointmentDeleted, EventClientUpdated, EventPlanUpdated, EventBookingRefused, EventBlockedTimeUpdated,
	EventWaitlistUpdated}

// WaitlistPath is where a waitlist offer's link points: WaitlistPath +
// token (the page that books the time held).
const WaitlistPath = "/lista-de-espera/"

// ManagePath is where a customer's manage link points: ManagePath + token.
const ManagePath = "/agendamento/"

// ReminderPath is where a message's link points: ReminderPath + token (the
// page that confirms presence, or stops the reminders).
const ReminderPath = "/lembrete/"
