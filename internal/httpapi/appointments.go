package httpapi

import (
	"net/http"

	"agendo/internal/app"
	"agendo/internal/domain"
)

// pageQuery is a plain page of a list.
type pageQuery struct {
	Limit  int `query:"limit"`
	Offset int `query:"offset"`
}

// availabilityQuery asks for an owner's free times.
type availabilityQuery struct {
	ProfessionalID string `query:"professionalId,required" format:"uuid"`
	ServiceID      string `query:"serviceId,required" format:"uuid"`
	From           string `query:"from,required" format:"date"`
	To             string `query:"to,required" format:"date"`
	Except         string `query:"except" format:"uuid" doc:"Um agendamento que não ocupa horário (o que está sendo remarcado)"`
	More           string `query:"more" doc:"Os demais serviços da visita, em ordem: serviceId:professionalId, separados por vírgula"`
}

// GET /api/v1/appointments
func (s *Server) handleAppointmentList(w http.ResponseWriter, r *http.Request) {
	var f domain.AppointmentFilter
	if err := decodeQuery(r, &f); err != nil {
		s.writeError(w, r, err)
		return
	}
	page, err := s.app.Appointments(r.Context(), principal(r.Context()), f)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeAppointmentPage(w, page)
}

// GET /api/v1/appointments/{id}
func (s *Server) handleAppointmentGet(w http.ResponseWriter, r *http.Request) {
	ap, err := s.app.Appointment(r.Context(), principal(r.Context()), r.PathValue("id"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeAppointment(w, http.StatusOK, ap)
}

// POST /api/v1/appointments and PUT /api/v1/appointments/{id}
func (s *Server) handleAppointmentSave(w http.ResponseWriter, r *http.Request) {
	var in domain.AppointmentInput
	if err := decode(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	var ap domain.Appointment
	var err error
	if id := r.PathValue("id"); id == "" {
		ap, err = s.app.CreateAppointment(r.Context(), principal(r.Context()), in)
		s.metrics.booked(domain.SourceOwner, err)
	} else {
		ap, err = s.app.UpdateAppointment(r.Context(), principal(r.Context()), id, in)
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, createdOrOK(r.PathValue("id")), ap)
}

// PATCH /api/v1/appointments/{id}/status
func (s *Server) handleAppointmentStatus(w http.ResponseWriter, r *http.Request) {
	var in app.StatusInput
	if err := decode(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	ap, err := s.app.SetAppointmentStatus(r.Context(), principal(r.Context()), r.PathValue("id"), in)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, ap)
}

// POST /api/v1/appointments/{id}/reminder
func (s *Server) handleAppointmentReminder(w http.ResponseWriter, r *http.Request) {
	ap, err := s.app.MarkReminderSent(r.Context(), principal(r.Context()), r.PathValue("id"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, ap)
}

// DELETE /api/v1/appointments/{id}
func (s *Server) handleAppointmentDelete(w http.ResponseWriter, r *http.Request) {
	d, err := s.app.DeleteAppointment(r.Context(), principal(r.Context()), r.PathValue("id"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, d)
}

// POST /api/v1/appointments/series/preview
func (s *Server) handleSeriesPreview(w http.ResponseWriter, r *http.Request) {
	var in app.SeriesInput
	if err := decode(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	out, err := s.app.PreviewSeries(r.Context(), principal(r.Context()), in)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// POST /api/v1/appointments/series
func (s *Server) handleSeriesCreate(w http.ResponseWriter, r *http.Request) {
	var in app.SeriesInput
	if err := decode(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	out, err := s.app.CreateSeries(r.Context(), principal(r.Context()), in)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, out)
}

// PUT /api/v1/appointments/{id}/following
func (s *Server) handleFollowingUpdate(w http.ResponseWriter, r *http.Request) {
	var in domain.AppointmentInput
	if err := decode(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	out, err := s.app.UpdateFollowing(r.Context(), principal(r.Context()), r.PathValue("id"), in)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// PUT /api/v1/appointments/{id}/visit
func (s *Server) handleVisitMove(w http.ResponseWriter, r *http.Request) {
	var in app.VisitMove
	if err := decode(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	out, err := s.app.MoveVisit(r.Context(), principal(r.Context()), r.PathValue("id"), in)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// POST /api/v1/appointments/{id}/visit/cancel
func (s *Server) handleVisitCancel(w http.ResponseWriter, r *http.Request) {
	out, err := s.app.CancelVisit(r.Context(), principal(r.Context()), r.PathValue("id"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// POST /api/v1/appointments/{id}/following/cancel
func (s *Server) handleFollowingCancel(w http.ResponseWriter, r *http.Request) {
	out, err := s.app.CancelFollowing(r.Context(), principal(r.Context()), r.PathValue("id"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// DELETE /api/v1/appointments/{id}/following
func (s *Server) handleFollowingDelete(w http.ResponseWriter, r *http.Request) {
	out, err := s.app.DeleteFollowing(r.Context(), principal(r.Context()), r.PathValue("id"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// GET /api/v1/trash
func (s *Server) handleTrashList(w http.ResponseWriter, r *http.Request) {
	var q pageQuery
	if err := decodeQuery(r, &q); err != nil {
		s.writeError(w, r, err)
		return
	}
	page, err := s.app.Trash(r.Context(), principal(r.Context()), q.Limit, q.Offset)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, page)
}

// POST /api/v1/trash/{id}/restore
//
// The body is optional: {"force": true} confirms a time taken meanwhile.
func (s *Server) handleTrashRestore(w http.ResponseWriter, r *http.Request) {
	var in app.RestoreInput
	if err := decodeOptional(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	ap, err := s.app.RestoreAppointment(r.Context(), principal(r.Context()), r.PathValue("id"), in)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, ap)
}

// DELETE /api/v1/trash/{id}
func (s *Server) handleTrashDelete(w http.ResponseWriter, r *http.Request) {
	if err := s.app.DeleteTrashItem(r.Context(), principal(r.Context()), r.PathValue("id")); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// GET /api/v1/availability
func (s *Server) handleAvailability(w http.ResponseWriter, r *http.Request) {
	var q availabilityQuery
	if err := decodeQuery(r, &q); err != nil {
		s.writeError(w, r, err)
		return
	}
	more, err := parseMore(q.More)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	days, err := s.app.Availability(r.Context(), principal(r.Context()), q.ProfessionalID, q.ServiceID, q.From, q.To, q.Except, more)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, days)
}

// GET /api/v1/clients
func (s *Server) handleClientList(w http.ResponseWriter, r *http.Request) {
	var f domain.ClientFilter
	if err := decodeQuery(r, &f); err != nil {
		s.writeError(w, r, err)
		return
	}
	page, err := s.app.Clients(r.Context(), principal(r.Context()), f)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, page)
}

// GET /api/v1/clients/{phone}
func (s *Server) handleClientGet(w http.ResponseWriter, r *http.Request) {
	c, err := s.app.ClientHistory(r.Context(), principal(r.Context()), r.PathValue("phone"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, c)
}

// PUT /api/v1/clients/{phone}
func (s *Server) handleClientUpdate(w http.ResponseWriter, r *http.Request) {
	var in app.ClientUpdate
	if err := decode(w, r, &in); err != nil {
		s.writeError(w, r, err)
		return
	}
	c, err := s.app.UpdateClient(r.Context(), principal(r.Context()), r.PathValue("phone"), in)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, c)
}

// GET /api/v1/dashboard
func (s *Server) handleDashboard(w http.ResponseWriter, r *http.Request) {
	d, err := s.app.Dashboard(r.Context(), principal(r.Context()))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, d)
}
