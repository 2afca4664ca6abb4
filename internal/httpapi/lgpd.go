package httpapi

import (
	"io"
	"mime"
	"net/http"
)

// GET /api/v1/clients/{phone}/export
func (s *Server) handleClientExport(w http.ResponseWriter, r *http.Request) {
	out, err := s.app.ExportClient(r.Context(), principal(r.Context()), r.PathValue("phone"))
	if err == nil {
		w.Header().Set("Cache-Control", "no-store")
	}
	s.answer(w, r, http.StatusOK, out, err)
}

// GET /api/v1/clients/{phone}/export.csv
func (s *Server) handleClientExportCSV(w http.ResponseWriter, r *http.Request) {
	started := false
	err := s.app.ExportClientCSV(r.Context(), principal(r.Context()), r.PathValue("phone"), func(name string) io.Writer {
		started = true
		w.Header().Set("Content-Type", "text/csv; charset=utf-8")
		w.Header().Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": name}))
		w.Header().Set("Cache-Control", "no-store")
		return w
	})
	if err != nil && !started {
		s.writeError(w, r, err)
	}
}

// POST /api/v1/clients/{phone}/anonymize
func (s *Server) handleClientAnonymize(w http.ResponseWriter, r *http.Request) {
	out, err := s.app.AnonymizeClient(r.Context(), principal(r.Context()), r.PathValue("phone"))
	s.answer(w, r, http.StatusOK, out, err)
}
