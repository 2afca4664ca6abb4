package httpapi

import (
	"net/http"

	"agendo/internal/app"
)

// POST /api/v1/clients
func (s *Server) handleClientCreate(w http.ResponseWriter, r *http.Request) {
	var in app.ClientInput
	if err := decode(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	c, err := s.app.CreateClient(r.Context(), principal(r.Context()), in)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, c)
}

// DELETE /api/v1/clients/{phone}
func (s *Server) handleClientDelete(w http.ResponseWriter, r *http.Request) {
	if err := s.app.DeleteClient(r.Context(), principal(r.Context()), r.PathValue("phone")); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
