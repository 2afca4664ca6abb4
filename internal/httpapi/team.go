package httpapi

import (
	"net/http"

	"agendo/internal/app"
	"agendo/internal/domain"
)

// The team (issue 26): 'Equipe', invitations, and the store a session acts in.

type tokenRequest struct {
	Token string `json:"token" doc:"O código do link de convite"`
}

type storeRequest struct {
	StoreID string `json:"storeId"`
}

// GET /api/v1/team
func (s *Server) handleTeam(w http.ResponseWriter, r *http.Request) {
	t, err := s.app.Team(r.Context(), principal(r.Context()))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, t)
}

// PUT /api/v1/team/owner
func (s *Server) handleOwnAgenda(w http.ResponseWriter, r *http.Request) {
	var in app.OwnAgendaInput
	if err := decode(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	out, err := s.app.LinkOwnAgenda(r.Context(), principal(r.Context()), in)
	s.answer(w, r, http.StatusOK, out, err)
}

// PUT /api/v1/team/settings
func (s *Server) handleTeamSettings(w http.ResponseWriter, r *http.Request) {
	var in domain.TeamSettings
	if err := decode(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	out, err := s.app.SaveTeamSettings(r.Context(), principal(r.Context()), in)
	s.answer(w, r, http.StatusOK, out, err)
}

// POST /api/v1/team/invitations
func (s *Server) handleInvite(w http.ResponseWriter, r *http.Request) {
	var in app.InviteInput
	if err := decode(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	out, err := s.app.Invite(r.Context(), principal(r.Context()), in)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, out)
}

// DELETE /api/v1/team/invitations/{id}
func (s *Server) handleInvitationRevoke(w http.ResponseWriter, r *http.Request) {
	if err := s.app.RevokeInvitation(r.Context(), principal(r.Context()), r.PathValue("id")); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// PUT /api/v1/team/members/{id}
func (s *Server) handleMemberChange(w http.ResponseWriter, r *http.Request) {
	var in app.MemberInput
	if err := decode(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := s.app.ChangeMember(r.Context(), principal(r.Context()), r.PathValue("id"), in); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// DELETE /api/v1/team/members/{id}
func (s *Server) handleMemberRemove(w http.ResponseWriter, r *http.Request) {
	if err := s.app.RemoveMember(r.Context(), principal(r.Context()), r.PathValue("id")); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// POST /api/v1/invitations/preview
func (s *Server) handleInvitationPreview(w http.ResponseWriter, r *http.Request) {
	var in tokenRequest
	if err := decode(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	out, err := s.app.Invitation(r.Context(), in.Token)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// POST /api/v1/invitations/accept
func (s *Server) handleInvitationAccept(w http.ResponseWriter, r *http.Request) {
	var in tokenRequest
	if err := decode(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	res, err := s.app.AcceptInvitation(r.Context(), principal(r.Context()), in.Token, s.meta(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.writeSession(w, http.StatusOK, res)
}

// GET /api/v1/stores
func (s *Server) handleStores(w http.ResponseWriter, r *http.Request) {
	list, err := s.app.Stores(r.Context(), principal(r.Context()))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, list)
}

// POST /api/v1/stores/switch
func (s *Server) handleStoreSwitch(w http.ResponseWriter, r *http.Request) {
	var in storeRequest
	if err := decode(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	res, err := s.app.SwitchStore(r.Context(), principal(r.Context()), in.StoreID, s.meta(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.writeSession(w, http.StatusOK, res)
}

// POST /api/v1/team/leave
func (s *Server) handleTeamLeave(w http.ResponseWriter, r *http.Request) {
	res, err := s.app.LeaveTeam(r.Context(), principal(r.Context()), s.meta(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.writeSession(w, http.StatusOK, res)
}

// GET /api/v1/account/personal-data
func (s *Server) handlePersonalData(w http.ResponseWriter, r *http.Request) {
	out, err := s.app.PersonalData(r.Context(), principal(r.Context()))
	s.answer(w, r, http.StatusOK, out, err)
}
