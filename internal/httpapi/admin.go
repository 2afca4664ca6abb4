package httpapi

import (
	"net/http"

	"agendo/internal/domain"
)

// PUT /api/v1/admin/help-settings
func (s *Server) handleHelpSettingsSave(w http.ResponseWriter, r *http.Request) {
	var in domain.HelpSettings
	if err := decode(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	out, err := s.app.SaveHelpSettings(r.Context(), principal(r.Context()), in)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}
