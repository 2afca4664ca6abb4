package httpapi

import (
	"io"
	"mime"
	"net/http"

	"agendo/internal/app"
	"agendo/internal/domain"
)

// GET /api/v1/reports
func (s *Server) handleReport(w http.ResponseWriter, r *http.Request) {
	var f domain.ReportFilter
	if err := decodeQuery(r, &f); err != nil {
		s.writeError(w, r, err)
		return
	}
	out, err := s.app.Report(r.Context(), principal(r.Context()), f)
	s.answer(w, r, http.StatusOK, out, err)
}

// GET /api/v1/reports/export
func (s *Server) handleReportExport(w http.ResponseWriter, r *http.Request) {
	var q app.ReportExportQuery
	if err := decodeQuery(r, &q); err != nil {
		s.writeError(w, r, err)
		return
	}
	s.download(w, r, "text/csv; charset=utf-8", func(open func(string) io.Writer) error {
		return s.app.ExportReport(r.Context(), principal(r.Context()), q, open)
	})
}

// download answers a file of contentType that write streams: write calls
// open with the file's name once what was asked is accepted, and writes to
// what open returns. An error before that is the usual JSON error; one
// after it can only cut the download short.
func (s *Server) download(w http.ResponseWriter, r *http.Request, contentType string, write func(open func(name string) io.Writer) error) {
	started := false
	err := write(func(name string) io.Writer {
		started = true
		w.Header().Set("Content-Type", contentType)
		w.Header().Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": name}))
		w.Header().Set("Cache-Control", "no-store")
		return w
	})
	if err != nil && !started {
		s.writeError(w, r, err)
	}
}
