package httpapi

import (
	"context"
	"net/http"
	"time"

	"agendo/internal/domain"
)

type statusResponse struct {
	Status  string `json:"status"`
	Version string `json:"version" doc:"A versão do Agendo que responde"`
}

// GET /healthz
func (s *Server) handleHealthz(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, statusResponse{Status: "ok", Version: s.build.Version})
}

// GET /readyz
func (s *Server) handleReadyz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := s.db.Ping(ctx); err != nil {
		s.log.ErrorContext(r.Context(), "readiness: database unreachable", "err", err)
		writeJSON(w, http.StatusServiceUnavailable, errorBody{Error: errorDetail{Code: domain.CodeInternal, Message: "Banco de dados indisponível"}})
		return
	}
	writeJSON(w, http.StatusOK, statusResponse{Status: "ok", Version: s.build.Version})
}
