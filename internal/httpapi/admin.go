package httpapi

import (
	"context"
	"net/http"

	"agendo/internal/app"
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

// GET /api/v1/admin/accounts
func (s *Server) handleAccounts(w http.ResponseWriter, r *http.Request) {
	var f domain.AccountFilter
	if err := decodeQuery(r, &f); err != nil {
		s.writeError(w, r, err)
		return
	}
	out, err := s.app.Accounts(r.Context(), f)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// GET /api/v1/admin/accounts/{id}
func (s *Server) handleAccount(w http.ResponseWriter, r *http.Request) {
	out, err := s.app.Account(r.Context(), r.PathValue("id"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// accountAction handles an admin action on the account {id}: the JSON body
// In, and the use-case that answers the account as it is afterwards.
func accountAction[In any](s *Server, act func(*app.App, context.Context, app.Principal, string, In) (app.AccountDetail, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var in In
		if err := decode(w, r, &in); err != nil {
			s.writeError(w, r, err)
			return
		}
		out, err := act(s.app, r.Context(), principal(r.Context()), r.PathValue("id"), in)
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, out)
	}
}

// GET /api/v1/integrity
func (s *Server) handleIntegrity(w http.ResponseWriter, r *http.Request) {
	out, err := s.app.Integrity(r.Context(), principal(r.Context()))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// POST /api/v1/admin/integrity
func (s *Server) handlePlatformIntegrity(w http.ResponseWriter, r *http.Request) {
	out, err := s.app.PlatformIntegrity(r.Context(), principal(r.Context()))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}
