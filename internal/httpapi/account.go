package httpapi

import (
	"net/http"

	"agendo/internal/domain"
)

// GET /api/v1/profile
func (s *Server) handleProfileGet(w http.ResponseWriter, r *http.Request) {
	p, err := s.app.Profile(r.Context(), principal(r.Context()))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, p)
}

// PATCH /api/v1/profile
func (s *Server) handleProfileUpdate(w http.ResponseWriter, r *http.Request) {
	var in domain.ProfileUpdate
	if err := decode(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	p, err := s.app.UpdateProfile(r.Context(), principal(r.Context()), in)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, p)
}

// GET /api/v1/store
func (s *Server) handleStoreGet(w http.ResponseWriter, r *http.Request) {
	st, err := s.app.Store(r.Context(), principal(r.Context()))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, st)
}

// GET /api/v1/plan
func (s *Server) handlePlanGet(w http.ResponseWriter, r *http.Request) {
	p, err := s.app.Plan(r.Context(), principal(r.Context()))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, p)
}

// GET /api/v1/settings/help
func (s *Server) handleHelpSettings(w http.ResponseWriter, r *http.Request) {
	h, err := s.app.HelpSettings(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, h)
}
