package app

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"agendo/internal/domain"
	"agendo/internal/store"
)

// Professionals lists the caller's professionals, oldest first. Errors: none
// besides internal.
func (a *App) Professionals(ctx context.Context, p Principal) ([]domain.Professional, error) {
	var out []domain.Professional
	err := a.db.Read(ctx, func(tx *store.Tx) error {
		var err error
		out, err = tx.Professionals(ctx, p.StoreID)
		return err
	})
	return out, err
}

func checkProfessional(in domain.ProfessionalInput) (domain.Professional, error) {
	pr := domain.Problems{}
	var out domain.Professional
	var ok bool
	if out.Name, ok = domain.CleanName(in.Name); !ok {
		pr.Add("name", "Informe o nome do profissional (até 120 caracteres)")
	}
	if out.Role, ok = domain.CleanText(in.Role, domain.MaxTextLen); !ok {
		pr.Add("role", "A função pode ter até 120 caracteres")
	}
	if len(in.Specialties) > domain.MaxSpecialties {
		pr.Add("specialties", fmt.Sprintf("Informe até %d especialidades", domain.MaxSpecialties))
	}
	out.Specialties = []string{}
	for _, s := range in.Specialties {
		s, ok := domain.CleanText(s, domain.MaxSpecialtyLen)
		if !ok || strings.ContainsAny(s, "\n\r\t") {
			pr.Add("specialties", fmt.Sprintf("Cada especialidade pode ter até %d caracteres", domain.MaxSpecialtyLen))
			continue
		}
		if s != "" && !slices.ContainsFunc(out.Specialties, func(x string) bool { return strings.EqualFold(x, s) }) {
			out.Specialties = append(out.Specialties, s)
		}
	}
	out.CalendarType = in.CalendarType
	if out.CalendarType == "" {
		out.CalendarType = domain.CalendarApp
	}
	if out.CalendarType != domain.CalendarApp && out.CalendarType != domain.CalendarGoogle {
		pr.Add("calendarType", "Escolha a agenda do Agendo ou o Google Agenda")
	}
	if in.GoogleCalendarEmbed != nil && strings.TrimSpace(*in.GoogleCalendarEmbed) != "" {
		u := strings.TrimSpace(*in.GoogleCalendarEmbed)
		if !strings.HasPrefix(u, domain.GoogleEmbedPrefix) || len(u) > 2000 || strings.ContainsAny(u, " \"'<>") {
			pr.Add("googleCalendarEmbed", "Use o link de incorporação do Google Agenda (https://calendar.google.com/calendar/embed?…)")
		}
		out.GoogleCalendarEmbed = &u
	}
	if out.CalendarType == domain.CalendarGoogle && out.GoogleCalendarEmbed == nil {
		pr.Add("googleCalendarEmbed", "Informe o link de incorporação do Google Agenda")
	}
	out.BookingInterval = domain.DefaultBookingInterval
	if in.BookingInterval != nil { // 0 is refused below, never taken for "default"
		out.BookingInterval = *in.BookingInterval
	}
	if out.BookingInterval < domain.MinBookingInterval || out.BookingInterval > domain.MaxBookingInterval {
		pr.Add("bookingInterval", fmt.Sprintf("O intervalo entre horários deve ficar entre %d e %d minutos", domain.MinBookingInterval, domain.MaxBookingInterval))
	}
	if in.WorkingHours != nil {
		domain.CheckWorkingHours(*in.WorkingHours, "workingHours", pr)
		out.WorkingHours = in.WorkingHours
	}
	if len(in.Photos) > domain.MaxPhotos {
		pr.Add("photos", fmt.Sprintf("Envie até %d fotos", domain.MaxPhotos))
	}
	out.Photos = []string{}
	for _, ph := range in.Photos {
		if !validFileRef(ph) {
			pr.Add("photos", "Foto inválida")
		} else if !slices.Contains(out.Photos, ph) {
			out.Photos = append(out.Photos, ph)
		}
	}
	if in.CommissionPct < 0 || in.CommissionPct > 100 {
		pr.Add("commissionPct", "A comissão deve ficar entre 0 e 100%")
	}
	out.CommissionPct = in.CommissionPct
	return out, pr.Err()
}

// SaveProfessional creates (id empty) or updates one of the caller's
// professionals. Errors: invalid (a missing or bad field, a photo the caller
// did not upload), not_found (updating an unknown id).
func (a *App) SaveProfessional(ctx context.Context, p Principal, id string, in domain.ProfessionalInput) (domain.Professional, error) {
	pro, err := checkProfessional(in)
	if err != nil {
		return domain.Professional{}, err
	}
	now := a.Now()
	err = a.db.Write(ctx, func(tx *store.Tx) error {
		refs := make([]*string, len(pro.Photos))
		for i := range pro.Photos {
			refs[i] = &pro.Photos[i]
		}
		if err := a.checkOwnFiles(ctx, tx, p.StoreID, "photos", refs...); err != nil {
			return err
		}
		if id == "" {
			pro.ID, pro.CreatedAt = newID(), now
			return tx.SaveProfessional(ctx, p.StoreID, pro, now, true)
		}
		cur, err := tx.Professional(ctx, p.StoreID, id)
		if err != nil {
			return err
		}
		pro.ID, pro.CreatedAt = cur.ID, cur.CreatedAt
		return tx.SaveProfessional(ctx, p.StoreID, pro, now, false)
	})
	return pro, err
}

// ProfessionalImpact says what deleting a professional takes with it.
type ProfessionalImpact struct {
	Appointments int `json:"appointments"`
	BlockedTimes int `json:"blockedTimes"`
	Services     int `json:"services"`
}

// ProfessionalImpact counts what goes with a professional. Errors:
// not_found.
func (a *App) ProfessionalImpact(ctx context.Context, p Principal, id string) (ProfessionalImpact, error) {
	var out ProfessionalImpact
	err := a.db.Read(ctx, func(tx *store.Tx) error {
		if _, err := tx.Professional(ctx, p.StoreID, id); err != nil {
			return err
		}
		var err error
		if out.Appointments, err = tx.CountAppointments(ctx, p.StoreID, id, ""); err != nil {
			return err
		}
		if out.BlockedTimes, err = tx.CountBlockedTimes(ctx, p.StoreID, id); err != nil {
			return err
		}
		svcs, err := tx.Services(ctx, p.StoreID)
		for _, s := range svcs {
			if slices.Contains(s.ProfessionalIDs, id) {
				out.Services++
			}
		}
		return err
	})
	return out, err
}

// DeleteProfessional deletes a professional with what goes with them
// (SPEC.md section 4): removed from every service's professionalIds, their
// appointments and blocked times deleted. One transaction. Errors:
// not_found.
func (a *App) DeleteProfessional(ctx context.Context, p Principal, id string) error {
	now := a.Now()
	return a.db.Write(ctx, func(tx *store.Tx) error {
		if _, err := tx.Professional(ctx, p.StoreID, id); err != nil {
			return err
		}
		svcs, err := tx.Services(ctx, p.StoreID)
		if err != nil {
			return err
		}
		for _, s := range svcs {
			if !slices.Contains(s.ProfessionalIDs, id) {
				continue
			}
			s.ProfessionalIDs = slices.DeleteFunc(s.ProfessionalIDs, func(x string) bool { return x == id })
			if err := tx.SaveService(ctx, p.StoreID, s, now, false); err != nil {
				return err
			}
		}
		if _, err := tx.DeleteAppointmentsOf(ctx, p.StoreID, id, ""); err != nil {
			return err
		}
		if _, err := tx.DeleteBlockedTimesOf(ctx, p.StoreID, id); err != nil {
			return err
		}
		return tx.DeleteProfessional(ctx, p.StoreID, id)
	})
}
