package httpapi

import (
	"net/http"

	"agendo/internal/app"
)

// GET /api/v1/calendar-feeds
func (s *Server) handleCalendarFeeds(w http.ResponseWriter, r *http.Request) {
	out, err := s.app.ListCalendarFeeds(r.Context(), principal(r.Context()))
	s.answer(w, r, http.StatusOK, out, err)
}

// POST /api/v1/calendar-feeds
func (s *Server) handleCalendarFeedCreate(w http.ResponseWriter, r *http.Request) {
	var in app.CalendarFeedInput
	if err := decode(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	out, err := s.app.CreateCalendarFeed(r.Context(), principal(r.Context()), in)
	s.answer(w, r, http.StatusCreated, out, err)
}

// DELETE /api/v1/calendar-feeds/{id}
func (s *Server) handleCalendarFeedDelete(w http.ResponseWriter, r *http.Request) {
	if err := s.app.DeleteCalendarFeed(r.Context(), principal(r.Context()), r.PathValue("id")); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// GET /api/v1/public/calendars/{token}: what a calendar app reads, every
// hour or so. Private (the address is the secret), and never indexed.
func (s *Server) handleCalendarICS(w http.ResponseWriter, r *http.Request) {
	body, err := s.app.CalendarICS(r.Context(), r.PathValue("token"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/calendar; charset=utf-8")
	h.Set("Content-Disposition", `inline; filename="agenda.ics"`)
	h.Set("Cache-Control", "private, max-age=300")
	h.Set("X-Robots-Tag", "noindex")
	_, _ = w.Write(body)
}
