package httpapi

import (
	"fmt"
	"strings"

	"net/http"

	"agendo/internal/app"
	"agendo/internal/domain"
	"agendo/internal/schedule"
)

// The customer-facing routes: the store and professional pages, booking,
// the manage link and page views. None needs a session; the manage routes
// are authorised by their signed token.

// daysResponse wraps availability for the public pages.
// publicAvailabilityQuery asks for a store's free times.
type publicAvailabilityQuery struct {
	ServiceID      string `query:"serviceId,required" format:"uuid"`
	ProfessionalID string `query:"professionalId,required" doc:"O id de um profissional, ou any para qualquer um"`
	From           string `query:"from" format:"date" doc:"Primeiro dia; hoje no fuso da loja se omitido"`
	Days           int    `query:"days" doc:"Quantos dias, até 31"`
	More           string `query:"more" doc:"Os demais serviços da visita, em ordem: serviceId:professionalId (ou any), separados por vírgula"`
}

// parseMore reads a visit's later services from a query: "serviceId:
// professionalId" pairs (professionalId may be any), joined by commas.
func parseMore(s string) ([]domain.VisitService, error) {
	if s == "" {
		return nil, nil
	}
	bad := domain.Invalid("Serviços da visita inválidos", map[string]string{"more": "Use serviceId:professionalId, separados por vírgula"})
	pairs := strings.Split(s, ",")
	if len(pairs) > domain.MaxVisitServices-1 {
		return nil, domain.Invalid(fmt.Sprintf("Uma visita pode ter até %d serviços", domain.MaxVisitServices),
			map[string]string{"more": "Serviços demais"})
	}
	out := make([]domain.VisitService, len(pairs))
	for i, p := range pairs {
		svc, pro, ok := strings.Cut(p, ":")
		if !ok || !validUUID(svc) || (pro != app.AnyProfessional && !validUUID(pro)) {
			return nil, bad
		}
		out[i] = domain.VisitService{ServiceID: svc, ProfessionalID: pro}
	}
	return out, nil
}

// rescheduleQuery asks for the times a booking may move to.
type rescheduleQuery struct {
	From string `query:"from" format:"date"`
	Days int    `query:"days" doc:"Quantos dias, até 31"`
}

type daysResponse struct {
	Days []schedule.Day `json:"days"`
}

// GET /api/v1/public/stores/{slug}
func (s *Server) handlePublicStore(w http.ResponseWriter, r *http.Request) {
	out, err := s.app.PublicStore(r.Context(), r.PathValue("slug"))
	s.answer(w, r, http.StatusOK, out, err)
}

// GET /api/v1/public/stores/{slug}/availability
func (s *Server) handlePublicAvailability(w http.ResponseWriter, r *http.Request) {
	var q publicAvailabilityQuery
	if err := decodeQuery(r, &q); err != nil {
		s.writeError(w, r, err)
		return
	}
	more, err := parseMore(q.More)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	days, err := s.app.PublicAvailability(r.Context(), r.PathValue("slug"), q.ServiceID, q.ProfessionalID, q.From, q.Days, more)
	s.answer(w, r, http.StatusOK, daysResponse{days}, err)
}

// POST /api/v1/public/stores/{slug}/bookings
func (s *Server) handlePublicBook(w http.ResponseWriter, r *http.Request) {
	var in app.PublicBookingInput
	if err := decode(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	b, err := s.app.PublicBook(r.Context(), r.PathValue("slug"), in, s.meta(r))
	s.metrics.booked(domain.SourcePublic, err)
	s.answer(w, r, http.StatusCreated, b, err)
}

// GET /api/v1/public/bookings/{token}
func (s *Server) handleBookingGet(w http.ResponseWriter, r *http.Request) {
	b, err := s.app.ManagedBooking(r.Context(), r.PathValue("token"))
	s.answer(w, r, http.StatusOK, b, err)
}

// PUT /api/v1/public/bookings/{token}
func (s *Server) handleBookingMove(w http.ResponseWriter, r *http.Request) {
	var in app.MoveInput
	if err := decode(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	b, err := s.app.MoveBooking(r.Context(), r.PathValue("token"), in, s.meta(r))
	s.answer(w, r, http.StatusOK, b, err)
}

// POST /api/v1/public/bookings/{token}/cancel
func (s *Server) handleBookingCancel(w http.ResponseWriter, r *http.Request) {
	b, err := s.app.CancelBooking(r.Context(), r.PathValue("token"), s.meta(r))
	s.answer(w, r, http.StatusOK, b, err)
}

// GET /api/v1/public/bookings/{token}/availability
func (s *Server) handleBookingAvailability(w http.ResponseWriter, r *http.Request) {
	var q rescheduleQuery
	if err := decodeQuery(r, &q); err != nil {
		s.writeError(w, r, err)
		return
	}
	days, err := s.app.BookingAvailability(r.Context(), r.PathValue("token"), q.From, q.Days)
	s.answer(w, r, http.StatusOK, daysResponse{days}, err)
}

// GET /api/v1/public/bookings/{token}/calendar.ics
func (s *Server) handleBookingCalendar(w http.ResponseWriter, r *http.Request) {
	ics, err := s.app.BookingCalendar(r.Context(), r.PathValue("token"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/calendar; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="agendamento.ics"`)
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write([]byte(ics))
}

// GET /api/v1/public/professionals/{id}
func (s *Server) handlePublicProfessional(w http.ResponseWriter, r *http.Request) {
	out, err := s.app.PublicProfessional(r.Context(), r.PathValue("id"))
	s.answer(w, r, http.StatusOK, out, err)
}

// POST /api/v1/analytics/pageview
func (s *Server) handlePageView(w http.ResponseWriter, r *http.Request) {
	var in app.PageViewInput
	if err := decode(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := s.app.RecordPageView(r.Context(), in, s.meta(r)); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// answer writes v with status, or err in the error shape.
func (s *Server) answer(w http.ResponseWriter, r *http.Request, status int, v any, err error) {
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, status, v)
}
