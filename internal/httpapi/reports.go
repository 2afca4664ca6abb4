package httpapi

import (
	"errors"
	"io"
	"mime"
	"net/http"
	"os"
	"time"

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

// downloadStall is how long a download may go without the client taking
// any of it before it is cut: a reader that stops must not keep the
// export's database snapshot and its slot (app.MaxConcurrentExports).
const downloadStall = 30 * time.Second

// download answers a file of contentType that write streams: write calls
// open with the file's name once what was asked is accepted, and writes to
// what open returns. An error before the first byte is written is the usual
// JSON error. After it, the status and part of the file are out: the error
// is logged and the response aborted (the client sees the download fail,
// the zip or CSV cut short), never ended as if the file were whole.
func (s *Server) download(w http.ResponseWriter, r *http.Request, contentType string, write func(open func(name string) io.Writer) error) {
	out := &stallGuard{w: w, rc: http.NewResponseController(w)}
	err := write(func(name string) io.Writer {
		w.Header().Set("Content-Type", contentType)
		w.Header().Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": name}))
		w.Header().Set("Cache-Control", "no-store")
		return out
	})
	switch {
	case err == nil:
		// What is left in the buffer goes out like any answer's end; the
		// connection may serve another request.
		_ = out.rc.SetWriteDeadline(time.Time{})
	case !out.wrote:
		w.Header().Del("Content-Disposition")
		s.writeError(w, r, err)
	case out.err != nil:
		// The client left or stopped reading. The error's text names
		// their address, which no log holds.
		s.log.WarnContext(r.Context(), "download cut short: the client did not take it", "request_id", requestID(r.Context()),
			"stalled", errors.Is(out.err, os.ErrDeadlineExceeded))
		panic(http.ErrAbortHandler)
	default:
		s.log.ErrorContext(r.Context(), "download cut short", "err", err, "request_id", requestID(r.Context()),
			"method", knownMethod(r.Method), "route", logRoute(r))
		panic(http.ErrAbortHandler)
	}
}

// stallGuard gives each write to a download downloadStall to go out, and
// remembers whether anything was written and the first write that failed.
type stallGuard struct {
	w     io.Writer
	rc    *http.ResponseController
	wrote bool
	err   error
}

func (g *stallGuard) Write(p []byte) (int, error) {
	g.wrote = true
	_ = g.rc.SetWriteDeadline(time.Now().Add(downloadStall)) // a test recorder does not support it
	n, err := g.w.Write(p)
	if err != nil && g.err == nil {
		g.err = err
	}
	return n, err
}
