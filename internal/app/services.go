package app

import (
	"context"
	"fmt"
	"slices"

	"agendo/internal/domain"
	"agendo/internal/store"
)

// Services lists the caller's services, oldest first. Errors: none besides
// internal.
func (a *App) Services(ctx context.Context, p Principal) ([]domain.Service, error) {
	var out []domain.Service
	err := a.db.Read(ctx, func(tx *store.Tx) error {
		var err error
		out, err = tx.Services(ctx, p.StoreID)
		return err
	})
	return out, err
}

func checkService(in domain.ServiceInput) (domain.Service, error) {
	pr := domain.Problems{}
	var out domain.Service
	var ok bool
	if out.Name, ok = domain.CleanName(in.Name); !ok {
		pr.Add("name", "Informe o nome do serviço (até 120 caracteres)")
	}
	if out.Description, ok = domain.CleanText(in.Description, domain.MaxDescriptionLen); !ok {
		pr.Add("description", fmt.Sprintf("A descrição pode ter até %d caracteres", domain.MaxDescriptionLen))
	}
	if in.Duration < domain.MinServiceDuration || in.Duration > domain.MaxServiceDuration {
		pr.Add("duration", fmt.Sprintf("A duração deve ficar entre %d minutos e %d horas", domain.MinServiceDuration, domain.MaxServiceDuration/60))
	}
	out.Duration = in.Duration
	out.Timing = in.Timing()
	domain.TimingProblems(out.Timing, in.Duration, pr)
	if in.Price != nil && (*in.Price < 0 || *in.Price > domain.MaxPriceCents) {
		pr.Add("price", "O preço deve ficar entre R$ 0,00 e R$ 100.000,00")
	}
	out.Price = in.Price
	out.ProfessionalIDs = []string{}
	for _, id := range in.ProfessionalIDs {
		if !slices.Contains(out.ProfessionalIDs, id) {
			out.ProfessionalIDs = append(out.ProfessionalIDs, id)
		}
	}
	if len(out.ProfessionalIDs) > 500 {
		pr.Add("professionalIds", "Profissionais demais")
	}
	out.Includes = []string{}
	for _, id := range in.Includes {
		if !slices.Contains(out.Includes, id) {
			out.Includes = append(out.Includes, id)
		}
	}
	switch n := len(out.Includes); {
	case n == 1:
		pr.Add("includes", "Um pacote inclui pelo menos 2 serviços")
	case n > domain.MaxComboServices:
		pr.Add("includes", fmt.Sprintf("Um pacote inclui até %d serviços", domain.MaxComboServices))
	}
	return out, pr.Err()
}

// SaveService creates (id empty) or updates one of the caller's services;
// every professional must be the caller's. Errors: invalid (a missing or bad
// field, an unknown professional), not_found (updating an unknown id).
func (a *App) SaveService(ctx context.Context, p Principal, id string, in domain.ServiceInput) (domain.Service, error) {
	svc, err := checkService(in)
	if err != nil {
		return domain.Service{}, err
	}
	now := a.Now()
	err = a.db.Write(ctx, func(tx *store.Tx) error {
		for _, pid := range svc.ProfessionalIDs {
			if _, err := tx.Professional(ctx, p.StoreID, pid); err != nil {
				if domain.ErrorCode(err) == domain.CodeNotFound {
					return domain.Invalid("Profissional não encontrado: atualize a página e escolha de novo",
						map[string]string{"professionalIds": "Profissional não encontrado"})
				}
				return err
			}
		}
		if err := checkCombo(ctx, tx, p.StoreID, id, svc); err != nil {
			return err
		}
		if id == "" {
			svc.ID, svc.CreatedAt = newID(), now
			return tx.SaveService(ctx, p.StoreID, svc, now, true)
		}
		cur, err := tx.Service(ctx, p.StoreID, id)
		if err != nil {
			return err
		}
		svc.ID, svc.CreatedAt = cur.ID, cur.CreatedAt
		return tx.SaveService(ctx, p.StoreID, svc, now, false)
	})
	return svc, err
}

// checkCombo checks what a combo includes: plain services of the store,
// not itself; and that a service some combo includes does not become one.
// Errors: invalid.
func checkCombo(ctx context.Context, tx *store.Tx, userID, id string, svc domain.Service) error {
	if len(svc.Includes) == 0 {
		return nil
	}
	all, err := tx.Services(ctx, userID)
	if err != nil {
		return err
	}
	for _, inc := range svc.Includes {
		i := slices.IndexFunc(all, func(s domain.Service) bool { return s.ID == inc })
		switch {
		case inc == id:
			return domain.Invalid("Um pacote não inclui a si mesmo", map[string]string{"includes": "Um pacote não inclui a si mesmo"})
		case i < 0:
			return domain.Invalid("Serviço do pacote não encontrado: atualize a página e escolha de novo",
				map[string]string{"includes": "Serviço não encontrado"})
		case len(all[i].Includes) > 0:
			msg := fmt.Sprintf("%s já é um pacote: um pacote inclui só serviços simples", all[i].Name)
			return domain.Invalid(msg, map[string]string{"includes": msg})
		}
	}
	for _, s := range all {
		if id != "" && slices.Contains(s.Includes, id) {
			msg := fmt.Sprintf("Este serviço faz parte do pacote %s: um pacote não entra em outro", s.Name)
			return domain.Invalid(msg, map[string]string{"includes": msg})
		}
	}
	return nil
}

// ServiceImpact says what deleting a service takes with it.
type ServiceImpact struct {
	Appointments int `json:"appointments"`
}

// ServiceImpact counts the appointments of a service. Errors: not_found.
func (a *App) ServiceImpact(ctx context.Context, p Principal, id string) (ServiceImpact, error) {
	var out ServiceImpact
	err := a.db.Read(ctx, func(tx *store.Tx) error {
		if _, err := tx.Service(ctx, p.StoreID, id); err != nil {
			return err
		}
		var err error
		out.Appointments, err = tx.CountAppointments(ctx, p.StoreID, "", id)
		return err
	})
	return out, err
}

// DeleteService deletes a service and its appointments (SPEC.md section 4).
// Errors: not_found.
func (a *App) DeleteService(ctx context.Context, p Principal, id string) error {
	return a.db.Write(ctx, func(tx *store.Tx) error {
		if _, err := tx.Service(ctx, p.StoreID, id); err != nil {
			return err
		}
		if _, err := tx.DeleteAppointmentsOf(ctx, p.StoreID, "", id); err != nil {
			return err
		}
		// The combos that included it go on without it.
		all, err := tx.Services(ctx, p.StoreID)
		if err != nil {
			return err
		}
		for _, s := range all {
			if slices.Contains(s.Includes, id) {
				s.Includes = slices.DeleteFunc(s.Includes, func(x string) bool { return x == id })
				if len(s.Includes) < 2 { // a combo of one is a plain service
					s.Includes = []string{}
				}
				if err := tx.SaveService(ctx, p.StoreID, s, a.Now(), false); err != nil {
					return err
				}
			}
		}
		return tx.DeleteService(ctx, p.StoreID, id)
	})
}
