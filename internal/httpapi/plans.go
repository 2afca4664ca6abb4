package httpapi

import (
	"errors"
	"io"
	"net/http"

	"agendo/internal/billing"
	"agendo/internal/domain"
)

// GET /api/v1/plan/overview
func (s *Server) handlePlanOverview(w http.ResponseWriter, r *http.Request) {
	o, err := s.app.PlanOverview(r.Context(), principal(r.Context()))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, o)
}

// GET /api/v1/plan/turned-away
func (s *Server) handleTurnedAway(w http.ResponseWriter, r *http.Request) {
	t, err := s.app.TurnedAway(r.Context(), principal(r.Context()))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, t)
}

// POST /api/v1/plan/continue-free
func (s *Server) handleContinueFree(w http.ResponseWriter, r *http.Request) {
	p, err := s.app.ContinueFree(r.Context(), principal(r.Context()))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, p)
}

// stripeEventDoc describes the body of a billing webhook delivery for the
// API document: a Stripe event (API version billing.APIVersion). The
// handler reads the raw bytes, which the signature covers.
type stripeEventDoc struct {
	ID      string         `json:"id" example:"evt_1QxYzAbCdEfGh"`
	Object  string         `json:"object" example:"event"`
	Type    string         `json:"type" example:"checkout.session.completed"`
	Created int64          `json:"created" example:"1764000000"`
	Data    map[string]any `json:"data"`
}

// POST /api/v1/webhooks/billing
func (s *Server) handleBillingWebhook(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, billing.MaxBody))
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		s.writeError(w, r, domain.Errorf(domain.CodePayloadTooLarge, "Entrega maior que 1 MiB"))
		return
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := s.app.BillingWebhook(r.Context(), r.Header.Get("Stripe-Signature"), body, s.meta(r)); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, receivedResponse{Received: true})
}

type receivedResponse struct {
	Received bool `json:"received"`
}

// GET /api/v1/admin/plan-config
func (s *Server) handlePlanConfigGet(w http.ResponseWriter, r *http.Request) {
	c, err := s.app.PlanConfig(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, c)
}

// POST /api/v1/admin/plan-config/preview
func (s *Server) handlePlanConfigPreview(w http.ResponseWriter, r *http.Request) {
	var in domain.PlanConfig
	if err := decode(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	out, err := s.app.PreviewPlanConfig(r.Context(), in)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// PUT /api/v1/admin/plan-config
func (s *Server) handlePlanConfigSave(w http.ResponseWriter, r *http.Request) {
	var in domain.PlanConfig
	if err := decode(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	out, err := s.app.SavePlanConfig(r.Context(), principal(r.Context()), in)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// GET /api/v1/admin/webhook-config
func (s *Server) handleWebhookConfigGet(w http.ResponseWriter, r *http.Request) {
	c, err := s.app.WebhookConfig(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, c)
}

// POST /api/v1/admin/webhook-config/preview
func (s *Server) handleWebhookConfigPreview(w http.ResponseWriter, r *http.Request) {
	var in domain.WebhookConfig
	if err := decode(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	out, err := s.app.PreviewWebhookConfig(r.Context(), in)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// PUT /api/v1/admin/webhook-config
func (s *Server) handleWebhookConfigSave(w http.ResponseWriter, r *http.Request) {
	var in domain.WebhookConfig
	if err := decode(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	out, err := s.app.SaveWebhookConfig(r.Context(), principal(r.Context()), in)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// GET /api/v1/admin/webhook-deliveries
func (s *Server) handleWebhookDeliveries(w http.ResponseWriter, r *http.Request) {
	var f domain.WebhookDeliveryFilter
	if err := decodeQuery(r, &f); err != nil {
		s.writeError(w, r, err)
		return
	}
	out, err := s.app.WebhookDeliveries(r.Context(), f)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// GET /api/v1/admin/audit
func (s *Server) handleAudit(w http.ResponseWriter, r *http.Request) {
	var f domain.AuditFilter
	if err := decodeQuery(r, &f); err != nil {
		s.writeError(w, r, err)
		return
	}
	out, err := s.app.AuditLog(r.Context(), f)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}
