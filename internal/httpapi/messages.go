package httpapi

import (
	"net/http"

	"agendo/internal/app"
	"agendo/internal/domain"
)

// Automatic reminders (issue 28): the store's settings, an appointment's
// messages, and the links in the messages.

// GET /api/v1/store/reminders
func (s *Server) handleRemindersGet(w http.ResponseWriter, r *http.Request) {
	out, err := s.app.ReminderSettings(r.Context(), principal(r.Context()))
	s.answer(w, r, http.StatusOK, out, err)
}

// PUT /api/v1/store/reminders
func (s *Server) handleRemindersSave(w http.ResponseWriter, r *http.Request) {
	var in domain.ReminderSettings
	if err := decode(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	out, err := s.app.SaveReminderSettings(r.Context(), principal(r.Context()), in)
	s.answer(w, r, http.StatusOK, out, err)
}

// GET /api/v1/appointments/{id}/messages
func (s *Server) handleAppointmentMessages(w http.ResponseWriter, r *http.Request) {
	out, err := s.app.AppointmentMessages(r.Context(), principal(r.Context()), r.PathValue("id"))
	s.answer(w, r, http.StatusOK, out, err)
}

// GET /api/v1/public/reminders/{token}
func (s *Server) handleReminderGet(w http.ResponseWriter, r *http.Request) {
	out, err := s.app.ReminderLinkView(r.Context(), r.PathValue("token"))
	s.answer(w, r, http.StatusOK, out, err)
}

// POST /api/v1/public/reminders/{token}/confirm
func (s *Server) handleReminderConfirm(w http.ResponseWriter, r *http.Request) {
	out, err := s.app.ConfirmByReminder(r.Context(), r.PathValue("token"), s.meta(r))
	s.answer(w, r, http.StatusOK, out, err)
}

// POST /api/v1/public/reminders/{token}/stop: also a mail client's one
// click (RFC 8058), whose form body is not read.
func (s *Server) handleReminderStop(w http.ResponseWriter, r *http.Request) {
	out, err := s.app.StopReminders(r.Context(), r.PathValue("token"), s.meta(r))
	s.answer(w, r, http.StatusOK, out, err)
}

// GET /api/v1/public/push-key
func (s *Server) handlePushKey(w http.ResponseWriter, r *http.Request) {
	out, err := s.app.PushPublicKey(r.Context())
	s.answer(w, r, http.StatusOK, out, err)
}

// POST /api/v1/public/bookings/{token}/push
func (s *Server) handleBookingPush(w http.ResponseWriter, r *http.Request) {
	var in app.PushSubscriptionInput
	if err := decode(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	out, err := s.app.SubscribeBookingPush(r.Context(), r.PathValue("token"), in, s.meta(r))
	s.answer(w, r, http.StatusOK, out, err)
}

// POST /api/v1/public/bookings/{token}/push/stop
func (s *Server) handleBookingPushStop(w http.ResponseWriter, r *http.Request) {
	var in app.PushEndpointInput
	if err := decode(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	out, err := s.app.UnsubscribeBookingPush(r.Context(), r.PathValue("token"), in, s.meta(r))
	s.answer(w, r, http.StatusOK, out, err)
}

// POST /api/v1/push/subscriptions
func (s *Server) handlePushSubscribe(w http.ResponseWriter, r *http.Request) {
	var in app.PushSubscriptionInput
	if err := decode(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	out, err := s.app.SubscribePush(r.Context(), principal(r.Context()), in)
	s.answer(w, r, http.StatusOK, out, err)
}

// POST /api/v1/push/subscriptions/stop
func (s *Server) handlePushUnsubscribe(w http.ResponseWriter, r *http.Request) {
	var in app.PushEndpointInput
	if err := decode(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	out, err := s.app.UnsubscribePush(r.Context(), principal(r.Context()), in)
	s.answer(w, r, http.StatusOK, out, err)
}
