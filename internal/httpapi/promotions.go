package httpapi

import (
	"net/http"

	"agendo/internal/app"
	"agendo/internal/domain"
)

// periodQuery narrows a promotion's cards to the visits of a period.
type periodQuery struct {
	From string `query:"from" format:"date" doc:"Só as visitas a partir deste dia contam"`
	To   string `query:"to" format:"date" doc:"Só as visitas até este dia contam"`
}

// GET /api/v1/promotions
func (s *Server) handlePromotionList(w http.ResponseWriter, r *http.Request) {
	list, err := s.app.Promotions(r.Context(), principal(r.Context()))
	s.answer(w, r, http.StatusOK, list, err)
}

// POST /api/v1/promotions and PUT /api/v1/promotions/{id}
func (s *Server) handlePromotionSave(w http.ResponseWriter, r *http.Request) {
	var in domain.PromotionInput
	if err := decode(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	id := r.PathValue("id")
	p, err := s.app.SavePromotion(r.Context(), principal(r.Context()), id, in)
	s.answer(w, r, createdOrOK(id), p, err)
}

// DELETE /api/v1/promotions/{id}
func (s *Server) handlePromotionDelete(w http.ResponseWriter, r *http.Request) {
	if err := s.app.DeletePromotion(r.Context(), principal(r.Context()), r.PathValue("id")); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// GET /api/v1/promotions/{id}/clients
func (s *Server) handlePromotionClients(w http.ResponseWriter, r *http.Request) {
	var q periodQuery
	if err := decodeQuery(r, &q); err != nil {
		s.writeError(w, r, err)
		return
	}
	out, err := s.app.PromotionClients(r.Context(), principal(r.Context()), r.PathValue("id"), q.From, q.To)
	s.answer(w, r, http.StatusOK, out, err)
}

// POST /api/v1/promotions/{id}/redemptions
func (s *Server) handleRedeem(w http.ResponseWriter, r *http.Request) {
	var in domain.RedemptionInput
	if err := decode(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	out, err := s.app.Redeem(r.Context(), principal(r.Context()), r.PathValue("id"), in)
	s.answer(w, r, http.StatusCreated, out, err)
}

// DELETE /api/v1/redemptions/{id}
func (s *Server) handleUnredeem(w http.ResponseWriter, r *http.Request) {
	if err := s.app.Unredeem(r.Context(), principal(r.Context()), r.PathValue("id")); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// GET /api/v1/clients/{phone}/rewards
func (s *Server) handleClientRewards(w http.ResponseWriter, r *http.Request) {
	out, err := s.app.ClientRewards(r.Context(), principal(r.Context()), r.PathValue("phone"))
	s.answer(w, r, http.StatusOK, out, err)
}

// GET /api/v1/gamification
func (s *Server) handleGamificationGet(w http.ResponseWriter, r *http.Request) {
	out, err := s.app.Gamification(r.Context(), principal(r.Context()))
	s.answer(w, r, http.StatusOK, out, err)
}

// PUT /api/v1/gamification
func (s *Server) handleGamificationSave(w http.ResponseWriter, r *http.Request) {
	var in domain.Gamification
	if err := decode(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	out, err := s.app.SaveGamification(r.Context(), principal(r.Context()), in)
	s.answer(w, r, http.StatusOK, out, err)
}

// GET /api/v1/whatsapp/lists
func (s *Server) handleWhatsAppList(w http.ResponseWriter, r *http.Request) {
	var q app.WhatsAppListQuery
	if err := decodeQuery(r, &q); err != nil {
		s.writeError(w, r, err)
		return
	}
	out, err := s.app.WhatsAppList(r.Context(), principal(r.Context()), q)
	s.answer(w, r, http.StatusOK, out, err)
}

// POST /api/v1/whatsapp/contacted
func (s *Server) handleWhatsAppContacted(w http.ResponseWriter, r *http.Request) {
	var in app.ContactedInput
	if err := decode(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := s.app.MarkContacted(r.Context(), principal(r.Context()), in); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
