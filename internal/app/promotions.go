package app

import (
	"context"
	"errors"
	"time"

	"agendo/internal/domain"
	"agendo/internal/store"
)

// MaxPromotions bounds an owner's promotions.
const MaxPromotions = 50

// storeToday is the date in userID's store's time zone (UTC without a
// store).
func (a *App) storeToday(ctx context.Context, tx *store.Tx, userID string) (string, error) {
	st, err := tx.StoreByUser(ctx, userID)
	if err != nil && !errors.Is(err, domain.ErrNotFound) {
		return "", err
	}
	return a.Now().In(storeLocation(st)).Format(time.DateOnly), nil
}

// PromotionSummary is a promotion with how its cards stand: how many
// clients have earned the reward and how many are one visit away.
type PromotionSummary struct {
	domain.Promotion
	Earned       int `json:"earned"`
	OneVisitAway int `json:"oneVisitAway"`
}

// Promotions lists the caller's promotions, newest first, each with how
// its cards stand. Errors: none besides internal.
func (a *App) Promotions(ctx context.Context, p Principal) ([]PromotionSummary, error) {
	out := []PromotionSummary{}
	err := a.db.Read(ctx, func(tx *store.Tx) error {
		list, err := tx.Promotions(ctx, p.StoreID)
		if err != nil || len(list) == 0 {
			return err
		}
		visits, err := tx.Visits(ctx, p.StoreID, "", "", "")
		if err != nil {
			return err
		}
		today, err := a.storeToday(ctx, tx, p.StoreID)
		if err != nil {
			return err
		}
		restarts, err := tx.PromotionRestarts(ctx, p.StoreID, "")
		if err != nil {
			return err
		}
		for _, promo := range list {
			s := PromotionSummary{Promotion: promo}
			for _, c := range domain.PromotionCards(promo, visits, restarts[promo.ID], today) {
				switch {
				case c.Earned:
					s.Earned++
				case c.OneVisitAway:
					s.OneVisitAway++
				}
			}
			out = append(out, s)
		}
		return nil
	})
	return out, err
}

// checkPromotionService checks that a count promotion's service is the
// caller's.
func checkPromotionService(ctx context.Context, tx *store.Tx, userID string, promo domain.Promotion) error {
	if promo.ServiceID == nil {
		return nil
	}
	if _, err := tx.Service(ctx, userID, *promo.ServiceID); err != nil {
		if domain.ErrorCode(err) == domain.CodeNotFound {
			return domain.Invalid("Serviço não encontrado: atualize a página e escolha de novo", map[string]string{"serviceId": "Serviço não encontrado"})
		}
		return err
	}
	return nil
}

// SavePromotion creates a promotion (id "") or rewrites one. Errors:
// invalid (a bad field, a service not the caller's, more than 50
// promotions), not_found (no such promotion).
func (a *App) SavePromotion(ctx context.Context, p Principal, id string, in domain.PromotionInput) (domain.Promotion, error) {
	promo, err := domain.CleanPromotion(in)
	if err != nil {
		return domain.Promotion{}, err
	}
	now := a.Now()
	err = a.db.Write(ctx, func(tx *store.Tx) error {
		if err := checkPromotionService(ctx, tx, p.StoreID, promo); err != nil {
			return err
		}
		if id == "" {
			if err := tx.Lock(ctx, lockPromotions, p.StoreID); err != nil {
				return err
			}
			n, err := tx.CountPromotions(ctx, p.StoreID)
			if err != nil {
				return err
			}
			if n >= MaxPromotions {
				return domain.Invalid("Você já tem 50 promoções: exclua uma que não usa mais para criar outra", nil)
			}
			promo.ID, promo.CreatedAt = newID(), now
			return tx.SavePromotion(ctx, p.StoreID, promo, now, true)
		}
		cur, err := tx.Promotion(ctx, p.StoreID, id)
		if err != nil {
			return err
		}
		promo.ID, promo.CreatedAt = cur.ID, cur.CreatedAt
		return tx.SavePromotion(ctx, p.StoreID, promo, now, false)
	})
	return promo, err
}

// DeletePromotion deletes a promotion and the rewards handed out with it.
// Errors: not_found.
func (a *App) DeletePromotion(ctx context.Context, p Principal, id string) error {
	return a.db.Write(ctx, func(tx *store.Tx) error { return tx.DeletePromotion(ctx, p.StoreID, id) })
}

// PromotionCards is a promotion with every client's card: those who
// earned the reward first come by visits (SPEC.md section 5's order).
type PromotionCards struct {
	Promotion domain.Promotion  `json:"promotion"`
	Cards     []domain.Progress `json:"cards"`
}

// PromotionClients returns a promotion's cards, counting only the visits
// from..to when given (within the promotion's own dates). Errors:
// not_found, invalid (a bad date, a period that ends before it starts).
func (a *App) PromotionClients(ctx context.Context, p Principal, id, from, to string) (PromotionCards, error) {
	pr := domain.Problems{}
	for field, d := range map[string]string{"from": from, "to": to} {
		if d != "" && !domain.ValidDate(d) {
			pr.Add(field, "Use uma data válida (AAAA-MM-DD)")
		}
	}
	if from != "" && to != "" && to < from {
		pr.Add("to", "O período termina antes de começar")
	}
	if err := pr.Err(); err != nil {
		return PromotionCards{}, err
	}
	var out PromotionCards
	err := a.db.Read(ctx, func(tx *store.Tx) error {
		promo, err := tx.Promotion(ctx, p.StoreID, id)
		if err != nil {
			return err
		}
		visits, err := tx.Visits(ctx, p.StoreID, "", from, to)
		if err != nil {
			return err
		}
		restarts, err := tx.Restarts(ctx, p.StoreID, id, "")
		if err != nil {
			return err
		}
		today, err := a.storeToday(ctx, tx, p.StoreID)
		if err != nil {
			return err
		}
		out = PromotionCards{Promotion: promo, Cards: domain.PromotionCards(promo, visits, restarts, today)}
		return nil
	})
	return out, err
}

// ClientReward is a reward a client has earned and not used yet.
type ClientReward struct {
	PromotionID   string          `json:"promotionId" format:"uuid"`
	PromotionName string          `json:"promotionName"`
	Reward        string          `json:"reward"`
	Card          domain.Progress `json:"card"`
}

// ClientRewards is what a client has of the loyalty programme: rewards to
// use, every active card's progress, and the rewards used.
type ClientRewards struct {
	Earned      []ClientReward      `json:"earned"`
	Cards       []ClientReward      `json:"cards" doc:"Os cartões ativos em que o cliente tem visitas, ganhos ou não"`
	Redemptions []domain.Redemption `json:"redemptions"`
}

// clientRewards reads one client's cards of promos, userID's promotions,
// on today, the store's date: the caller has read both already.
func clientRewards(ctx context.Context, tx *store.Tx, userID, phone string, promos []domain.Promotion, today string) (ClientRewards, error) {
	out := ClientRewards{Earned: []ClientReward{}, Cards: []ClientReward{}}
	visits, err := tx.Visits(ctx, userID, phone, "", "")
	if err != nil {
		return out, err
	}
	restarts, err := tx.PromotionRestarts(ctx, userID, phone)
	if err != nil {
		return out, err
	}
	for _, promo := range promos {
		for _, c := range domain.PromotionCards(promo, visits, restarts[promo.ID], today) {
			r := ClientReward{PromotionID: promo.ID, PromotionName: promo.Name, Reward: promo.Reward, Card: c}
			out.Cards = append(out.Cards, r)
			if c.Earned {
				out.Earned = append(out.Earned, r)
			}
		}
	}
	out.Redemptions, err = tx.ClientRedemptions(ctx, userID, phone)
	return out, err
}

// ClientRewards returns a client's rewards (by phone, as typed or
// normalised). Errors: not_found (a bad phone).
func (a *App) ClientRewards(ctx context.Context, p Principal, phone string) (ClientRewards, error) {
	e164, ok := a.clientKey(p, phone)
	if !ok {
		return ClientRewards{}, domain.ErrNotFound
	}
	var out ClientRewards
	err := a.db.Read(ctx, func(tx *store.Tx) error {
		if err := servedBy(ctx, tx, p, e164); err != nil {
			return err
		}
		promos, err := tx.Promotions(ctx, p.StoreID)
		if err != nil {
			return err
		}
		today, err := a.storeToday(ctx, tx, p.StoreID)
		if err != nil {
			return err
		}
		if out, err = clientRewards(ctx, tx, p.StoreID, e164, promos, today); err != nil {
			return err
		}
		v, err := a.phonesFor(ctx, tx, p)
		for i := range out.Redemptions {
			out.Redemptions[i].ClientPhone = v.phone(out.Redemptions[i].ClientPhone)
		}
		return err
	})
	return out, err
}

// Redeem marks a client's earned reward as used, optionally on one of the
// caller's appointments; the client's card restarts after the visits it
// used. Errors: not_found (no such promotion or appointment), invalid (a
// bad phone), conflict (the client has not earned the reward).
func (a *App) Redeem(ctx context.Context, p Principal, promotionID string, in domain.RedemptionInput) (domain.Redemption, error) {
	phone, ok := domain.NormalizePhone(in.ClientPhone)
	if !ok {
		return domain.Redemption{}, domain.Invalid("Telefone do cliente inválido", map[string]string{"clientPhone": "Telefone inválido"})
	}
	var out domain.Redemption
	err := a.db.Write(ctx, func(tx *store.Tx) error {
		// Whether the reward is earned is read, then written: one
		// redemption at a time per owner (docs/decisions.md).
		if err := tx.Lock(ctx, lockLoyalty, p.StoreID); err != nil {
			return err
		}
		promo, err := tx.Promotion(ctx, p.StoreID, promotionID)
		if err != nil {
			return err
		}
		if in.AppointmentID != nil {
			if _, err := tx.Appointment(ctx, p.StoreID, *in.AppointmentID); err != nil {
				return err
			}
		}
		visits, err := tx.Visits(ctx, p.StoreID, phone, "", "")
		if err != nil {
			return err
		}
		restarts, err := tx.Restarts(ctx, p.StoreID, promotionID, phone)
		if err != nil {
			return err
		}
		today, err := a.storeToday(ctx, tx, p.StoreID)
		if err != nil {
			return err
		}
		cards := domain.Eligible(domain.PromotionCards(promo, visits, restarts, today))
		if len(cards) == 0 {
			return domain.Errorf(domain.CodeConflict, "Este cliente ainda não ganhou o prêmio desta promoção")
		}
		out = domain.Redemption{ID: newID(), PromotionID: promo.ID, PromotionName: promo.Name, ClientPhone: phone,
			AppointmentID: in.AppointmentID, Reward: promo.Reward, CountedUntil: cards[0].CountedUntil, CreatedAt: a.Now()}
		return tx.AddRedemption(ctx, p.StoreID, out)
	})
	if err == nil {
		a.publish(p.StoreID, domain.EventClientUpdated, phone)
	}
	return out, err
}

// Unredeem undoes a redemption: the reward is the client's to use again.
// Errors: not_found.
func (a *App) Unredeem(ctx context.Context, p Principal, id string) error {
	var phone string
	err := a.db.Write(ctx, func(tx *store.Tx) error {
		r, err := tx.Redemption(ctx, p.StoreID, id)
		if err != nil {
			return err
		}
		phone = r.ClientPhone
		return tx.DeleteRedemption(ctx, p.StoreID, id)
	})
	if err == nil {
		a.publish(p.StoreID, domain.EventClientUpdated, phone)
	}
	return err
}

// BookingLoyalty is what a customer sees of the store's loyalty programme
// on their booking's manage link (docs/decisions.md): each part only when
// the owner's settings show it. It is never on the public store page and
// never looked up by phone: the manage link is the customer's own.
type BookingLoyalty struct {
	Level          *domain.Level     `json:"level"`
	TotalSpent     *int64            `json:"totalSpent" doc:"Centavos gastos em atendimentos concluídos"`
	CompletionRate *int              `json:"completionRate" doc:"Porcentagem dos agendamentos concluídos"`
	Promotions     []LoyaltyCard     `json:"promotions"`
	NextMilestone  *domain.Milestone `json:"nextMilestone"`
}

// LoyaltyCard is one active promotion as the customer sees it: the card
// and their progress on it.
type LoyaltyCard struct {
	Name         string  `json:"name"`
	Reward       string  `json:"reward"`
	Type         string  `json:"type" enum:"promotionType"`
	TargetCount  int     `json:"targetCount"`
	TargetValue  int64   `json:"targetValue"`
	Appointments int     `json:"appointments"`
	Value        int64   `json:"value"`
	Earned       bool    `json:"earned"`
	ExpiresOn    *string `json:"expiresOn" format:"date"`
}

// bookingLoyalty reads what the customer with phone may see of userID's
// programme; nil when it is off or shows nothing.
func (a *App) bookingLoyalty(ctx context.Context, tx *store.Tx, userID, phone string) (*BookingLoyalty, error) {
	g, err := gamification(ctx, tx, userID)
	if err != nil || !g.Enabled {
		return nil, err
	}
	r, err := tx.ClientSummary(ctx, userID, phone)
	if errors.Is(err, domain.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	c := clientOf(r, g.Levels)
	out := &BookingLoyalty{Promotions: []LoyaltyCard{}}
	if g.ShowLoyaltyLevel {
		out.Level = c.Level
	}
	if g.ShowTotalSpent {
		out.TotalSpent = &c.TotalSpent
	}
	if g.ShowCompletionRate {
		out.CompletionRate = &c.CompletionRate
	}
	if g.ShowNextMilestone {
		out.NextMilestone = c.NextMilestone
	}
	if g.ShowPromotions {
		promos, err := tx.Promotions(ctx, userID)
		if err != nil {
			return nil, err
		}
		today, err := a.storeToday(ctx, tx, userID)
		if err != nil {
			return nil, err
		}
		rewards, err := clientRewards(ctx, tx, userID, phone, promos, today)
		if err != nil {
			return nil, err
		}
		byID := map[string]domain.Promotion{}
		for _, p := range promos {
			byID[p.ID] = p
		}
		seen := map[string]bool{}
		for _, cr := range rewards.Cards {
			p := byID[cr.PromotionID]
			seen[p.ID] = true
			out.Promotions = append(out.Promotions, LoyaltyCard{Name: p.Name, Reward: p.Reward, Type: p.Type, TargetCount: p.TargetCount,
				TargetValue: p.TargetValue, Appointments: cr.Card.Appointments, Value: cr.Card.Value, Earned: cr.Card.Earned, ExpiresOn: cr.Card.ExpiresOn})
		}
		for _, p := range promos { // running cards not started yet: the customer learns of them
			if p.IsActive && !seen[p.ID] && (p.EndDate == nil || *p.EndDate >= today) {
				out.Promotions = append(out.Promotions, LoyaltyCard{Name: p.Name, Reward: p.Reward, Type: p.Type, TargetCount: p.TargetCount, TargetValue: p.TargetValue})
			}
		}
	}
	if out.Level == nil && out.TotalSpent == nil && out.CompletionRate == nil && out.NextMilestone == nil && len(out.Promotions) == 0 {
		return nil, nil
	}
	return out, nil
}
