package httpapi

import (
	"net/http"

	"agendo/internal/app"
)

// POST /api/v1/public/stores/{slug}/waitlist
func (s *Server) handleWaitlistJoin(w http.ResponseWriter, r *http.Request) {
	var in app.WaitlistInput
	if err := decode(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	out, err := s.app.JoinWaitlist(r.Context(), r.PathValue("slug"), in, s.meta(r))
	s.answer(w, r, http.StatusCreated, out, err)
}

// GET /api/v1/public/waitlist/{token}
func (s *Server) handleWaitlistOffer(w http.ResponseWriter, r *http.Request) {
	out, err := s.app.ViewWaitlistOffer(r.Context(), r.PathValue("token"))
	s.answer(w, r, http.StatusOK, out, err)
}

// POST /api/v1/public/waitlist/{token}/claim
func (s *Server) handleWaitlistClaim(w http.ResponseWriter, r *http.Request) {
	out, err := s.app.ClaimWaitlistOffer(r.Context(), r.PathValue("token"), s.meta(r))
	s.answer(w, r, http.StatusCreated, out, err)
}

// GET /api/v1/waitlist
func (s *Server) handleWaitlist(w http.ResponseWriter, r *http.Request) {
	out, err := s.app.Waitlist(r.Context(), principal(r.Context()))
	s.answer(w, r, http.StatusOK, out, err)
}

// DELETE /api/v1/waitlist/{id}
func (s *Server) handleWaitlistRemove(w http.ResponseWriter, r *http.Request) {
	if err := s.app.RemoveWaitlistEntry(r.Context(), principal(r.Context()), r.PathValue("id")); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
