package httpapi

import (
	"io"
	"net/http"

	"agendo/internal/app"
	"agendo/internal/domain"
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
	s.download(w, r, "text/csv; charset=utf-8", func(open func(string) io.Writer) error {
		return s.app.ExportClientCSV(r.Context(), principal(r.Context()), r.PathValue("phone"), open)
	})
}

// POST /api/v1/clients/{phone}/anonymize
func (s *Server) handleClientAnonymize(w http.ResponseWriter, r *http.Request) {
	out, err := s.app.AnonymizeClient(r.Context(), principal(r.Context()), r.PathValue("phone"))
	s.answer(w, r, http.StatusOK, out, err)
}

// GET /api/v1/account/export
func (s *Server) handleAccountExport(w http.ResponseWriter, r *http.Request) {
	s.download(w, r, "application/zip", func(open func(string) io.Writer) error {
		return s.app.ExportAccount(r.Context(), principal(r.Context()), open)
	})
}

// GET /api/v1/account/deletion
func (s *Server) handleAccountDeletionGet(w http.ResponseWriter, r *http.Request) {
	out, err := s.app.AccountDeletionStatus(r.Context(), principal(r.Context()))
	s.answer(w, r, http.StatusOK, out, err)
}

// POST /api/v1/account/deletion
func (s *Server) handleAccountDeletionRequest(w http.ResponseWriter, r *http.Request) {
	var in app.AccountDeletionInput
	if err := decode(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	out, err := s.app.RequestAccountDeletion(r.Context(), principal(r.Context()), in)
	s.answer(w, r, http.StatusCreated, out, err)
}

// DELETE /api/v1/account/deletion
func (s *Server) handleAccountDeletionCancel(w http.ResponseWriter, r *http.Request) {
	if err := s.app.CancelAccountDeletion(r.Context(), principal(r.Context())); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// GET /api/v1/clients/{phone}/consent
func (s *Server) handleClientConsent(w http.ResponseWriter, r *http.Request) {
	out, err := s.app.ClientConsent(r.Context(), principal(r.Context()), r.PathValue("phone"))
	s.answer(w, r, http.StatusOK, out, err)
}

// POST /api/v1/clients/{phone}/whatsapp
func (s *Server) handleClientChat(w http.ResponseWriter, r *http.Request) {
	var in app.ChatInput
	if err := decode(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	out, err := s.app.WhatsAppChat(r.Context(), principal(r.Context()), r.PathValue("phone"), in)
	s.answer(w, r, http.StatusOK, out, err)
}

// POST /api/v1/clients/{phone}/consent
func (s *Server) handleClientConsentRecord(w http.ResponseWriter, r *http.Request) {
	var in domain.ConsentInput
	if err := decode(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	out, err := s.app.RecordConsent(r.Context(), principal(r.Context()), r.PathValue("phone"), in)
	s.answer(w, r, http.StatusCreated, out, err)
}

// PUT /api/v1/public/bookings/{token}/consent
func (s *Server) handleBookingConsent(w http.ResponseWriter, r *http.Request) {
	var in app.ConsentChoice
	if err := decode(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	out, err := s.app.SetBookingConsent(r.Context(), r.PathValue("token"), in, s.meta(r))
	s.answer(w, r, http.StatusOK, out, err)
}
