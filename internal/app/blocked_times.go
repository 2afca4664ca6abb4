package app

import (
	"context"
	"time"

	"agendo/internal/domain"
	"agendo/internal/store"
)

// BlockedTimes lists the caller's blocked times by date. Errors: invalid (a
// bad from or to date).
func (a *App) BlockedTimes(ctx context.Context, p Principal, f domain.BlockedTimeFilter) ([]domain.BlockedTime, error) {
	if (f.From != "" && !domain.ValidDate(f.From)) || (f.To != "" && !domain.ValidDate(f.To)) {
		return nil, domain.Invalid("Use datas no formato AAAA-MM-DD", nil)
	}
	var err error
	if f.ProfessionalID, err = p.narrow(f.ProfessionalID); err != nil {
		return nil, err
	}
	var out []domain.BlockedTime
	err = a.db.Read(ctx, func(tx *store.Tx) error {
		var err error
		out, err = tx.BlockedTimes(ctx, p.StoreID, f)
		return err
	})
	return out, err
}

func checkBlockedTime(in domain.BlockedTimeInput, now time.Time) (domain.BlockedTime, error) {
	pr := domain.Problems{}
	out := domain.BlockedTime{ProfessionalID: in.ProfessionalID, Date: in.Date, StartTime: in.StartTime, EndTime: in.EndTime}
	if in.ProfessionalID == "" {
		pr.Add("professionalId", "Escolha o profissional")
	}
	if msg := domain.AgendaDateProblem(in.Date, now); msg != "" {
		pr.Add("date", msg)
	}
	start, ok1 := domain.ParseClock(in.StartTime)
	end, ok2 := domain.ParseClock(in.EndTime)
	switch {
	case !ok1:
		pr.Add("startTime", "Informe o início no formato HH:MM")
	case !ok2:
		pr.Add("endTime", "Informe o fim no formato HH:MM")
	case end <= start:
		pr.Add("endTime", "O fim deve ser depois do início")
	}
	if in.Reason != nil {
		r, ok := domain.CleanText(*in.Reason, domain.MaxReasonLen)
		if !ok {
			pr.Add("reason", "O motivo pode ter até 200 caracteres")
		}
		out.Reason = nilIfEmpty(r)
	}
	return out, pr.Err()
}

// SaveBlockedTime creates (id empty) or updates one of the caller's blocked
// times, for one of the caller's professionals. Errors: invalid (a missing
// or bad field, an unknown professional), not_found (updating an unknown
// id).
func (a *App) SaveBlockedTime(ctx context.Context, p Principal, id string, in domain.BlockedTimeInput) (domain.BlockedTime, error) {
	b, err := checkBlockedTime(in, a.Now())
	if err != nil {
		return domain.BlockedTime{}, err
	}
	err = a.db.Write(ctx, func(tx *store.Tx) error {
		if id != "" {
			if _, err := seenBlockedTime(ctx, tx, p, id); err != nil {
				return err
			}
		}
		if err := p.mayWrite(b.ProfessionalID); err != nil {
			return err
		}
		if _, err := tx.Professional(ctx, p.StoreID, b.ProfessionalID); err != nil {
			if domain.ErrorCode(err) == domain.CodeNotFound {
				return domain.Invalid("Profissional não encontrado", map[string]string{"professionalId": "Profissional não encontrado"})
			}
			return err
		}
		b.ID = id
		if id == "" {
			b.ID = newID()
		}
		return tx.SaveBlockedTime(ctx, p.StoreID, b, a.Now(), id == "")
	})
	if err != nil {
		return domain.BlockedTime{}, err
	}
	a.publishAbout(p.StoreID, b.ProfessionalID, domain.EventBlockedTimeUpdated, b.ID)
	return b, nil
}

// DeleteBlockedTime deletes one of the caller's blocked times. Errors:
// not_found.
func (a *App) DeleteBlockedTime(ctx context.Context, p Principal, id string) error {
	var b domain.BlockedTime
	err := a.db.Write(ctx, func(tx *store.Tx) error {
		var err error
		if b, err = seenBlockedTime(ctx, tx, p, id); err != nil {
			return err
		}
		return tx.DeleteBlockedTime(ctx, p.StoreID, id)
	})
	if err == nil {
		a.publishAbout(p.StoreID, b.ProfessionalID, domain.EventBlockedTimeUpdated, id)
	}
	return err
}

// seenBlockedTime reads blocked time id of p's store if p may see it.
// Errors: not_found.
func seenBlockedTime(ctx context.Context, tx *store.Tx, p Principal, id string) (domain.BlockedTime, error) {
	b, err := tx.BlockedTime(ctx, p.StoreID, id)
	if err == nil && !p.sees(b.ProfessionalID) {
		return domain.BlockedTime{}, domain.ErrNotFound
	}
	return b, err
}
