package app_test

import (
	"context"
	"errors"
	"testing"

	"agendo/internal/app"
	"agendo/internal/domain"
	"agendo/internal/store"
	"agendo/internal/store/storetest"
)

// The plan's state on both engines: the free limit holds the owner's
// agenda, Premium lifts it, and a Premium that ends brings it back.
func TestThePlanStateDecidesTheFreeLimit(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		a, clk := newApp(t, db)
		s := openSalon(t, a, "paula@example.com")
		const limit = domain.DefaultFreeLimit
		for i := range limit {
			s.book(t, a, "(11) 95555-0001", day(1+i/8), hhmm(i%8*60), "")
		}
		extra := domain.AppointmentInput{ClientName: "Maria Souza", ClientPhone: "(11) 95555-0002", ServiceID: s.corte,
			ProfessionalID: s.bruno, Date: day(3), Time: "10:00"}
		_, err := a.CreateAppointment(ctx, s.owner, extra)
		wantRefusal(t, "a free plan holds the agenda to the free limit", err, domain.CodePlanLimit, "", "")
		if got := messageOf(err); got != domain.LimitMessage(limit) {
			t.Fatalf("the owner is told the limit: got %q", got)
		}
		ov, err := a.PlanOverview(ctx, s.owner)
		if err != nil || ov.Usage.Count != limit || ov.Usage.Remaining != 0 || ov.Usage.Unlimited {
			t.Fatalf("a full free plan's usage: %+v, %v", ov.Usage, err)
		}

		until := monday09.AddDate(0, 1, 0)
		err = db.Write(ctx, func(tx *store.Tx) error { return tx.GrantPremium(ctx, s.owner.UserID, until, monday09) })
		if err != nil {
			t.Fatal(err)
		}
		if _, err := a.CreateAppointment(ctx, s.owner, extra); err != nil {
			t.Fatalf("Premium lifts the free limit: %v", err)
		}
		if ov, err := a.PlanOverview(ctx, s.owner); err != nil || !ov.Usage.Unlimited {
			t.Fatalf("Premium's usage is unlimited: %+v, %v", ov.Usage, err)
		}

		clk.set(until.AddDate(0, 0, 2))
		extra.Time, extra.Date = "11:00", day(40)
		_, err = a.CreateAppointment(ctx, s.owner, extra)
		wantRefusal(t, "a Premium that ended holds the agenda to the free limit again", err, domain.CodePlanLimit, "", "")
	})
}

// A loyalty card's reward, one owner at a time on both engines: only
// completed visits of the promotion's service count; the reward is
// redeemed once, an undo gives it back, and one left unused past its
// validity is lost.
func TestARewardIsEarnedRedeemedUndoneAndLost(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		ctx := context.Background()
		s := openSalon(t, a, "paula@example.com")
		s.premium(t, db)
		corte := s.corte
		promo, err := a.SavePromotion(ctx, s.owner, "", domain.PromotionInput{Name: "2 cortes, 1 escova", Type: domain.PromotionCount,
			TargetCount: 2, ServiceID: &corte, Reward: "Escova grátis", ValidDays: 30})
		if err != nil {
			t.Fatal(err)
		}
		const maria = "(11) 95555-0001"
		redeem := func() error {
			_, err := a.Redeem(ctx, s.owner, promo.ID, domain.RedemptionInput{ClientPhone: maria})
			return err
		}
		notYet := "Este cliente ainda não ganhou o prêmio desta promoção"

		s.book(t, a, maria, day(-5), "10:00", domain.StatusCompleted)
		s.book(t, a, maria, day(2), "10:00", "") // still to come
		if _, err := a.CreateAppointment(ctx, s.owner, domain.AppointmentInput{ClientName: "Maria Souza", ClientPhone: maria,
			ServiceID: s.escova, ProfessionalID: s.ana, Date: day(-4), Time: "10:00", Status: domain.StatusCompleted}); err != nil {
			t.Fatal(err)
		}
		err = redeem()
		wantRefusal(t, "a visit still to come, or of another service, does not count", err, domain.CodeConflict, "", "")
		if got := messageOf(err); got != notYet {
			t.Fatalf("the refusal says why: %q", got)
		}

		s.book(t, a, maria, day(-3), "10:00", domain.StatusCompleted)
		if err := redeem(); err != nil {
			t.Fatalf("two completed cuts earn the reward: %v", err)
		}
		err = redeem()
		wantRefusal(t, "a reward is redeemed once", err, domain.CodeConflict, "", "")
		rewards, err := a.ClientRewards(ctx, s.owner, maria)
		if err != nil || len(rewards.Redemptions) != 1 {
			t.Fatalf("the redemption is kept: %+v, %v", rewards, err)
		}
		if err := a.Unredeem(ctx, s.owner, rewards.Redemptions[0].ID); err != nil {
			t.Fatal(err)
		}
		if err := redeem(); err != nil {
			t.Fatalf("an undone redemption gives the reward back: %v", err)
		}

		const joana = "(11) 95555-0003"
		s.book(t, a, joana, day(-45), "10:00", domain.StatusCompleted)
		s.book(t, a, joana, day(-40), "10:00", domain.StatusCompleted)
		_, err = a.Redeem(ctx, s.owner, promo.ID, domain.RedemptionInput{ClientPhone: joana})
		wantRefusal(t, "a reward unused past its validity is lost", err, domain.CodeConflict, "", "")
	})
}

// messageOf is the message a domain error shows the person ("" for another error).
func messageOf(err error) string {
	var de *domain.Error
	if errors.As(err, &de) {
		return de.Message
	}
	return ""
}
