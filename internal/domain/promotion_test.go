package domain_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"agendo/internal/domain"
)

// Cards equal a brute-force count over random histories: for each client,
// the completed visits of the promotion's service inside its dates and
// after the client's last redemption, and the reward earned exactly when
// the target is reached; cards sorted by visits, most first.
func TestPromotionCardsMatchABruteForceCount(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 12))
	phones := []string{"+5511900000001", "+5511900000002", "+5511900000003", "+5511900000004", "+5511900000005"}
	services := []string{"corte", "escova", "barba"}
	statuses := []string{"completed", "completed", "completed", "scheduled", "confirmed", "cancelled", "no_show"}
	date := func() string { return fmt.Sprintf("2026-%02d-%02d", 1+rng.IntN(6), 1+rng.IntN(28)) }
	for round := range 500 {
		p := domain.Promotion{Name: "Cartão", IsActive: rng.IntN(8) > 0, Reward: "Escova grátis"}
		if rng.IntN(2) == 0 {
			p.Type, p.TargetCount = domain.PromotionCount, 1+rng.IntN(6)
			if rng.IntN(2) == 0 {
				s := services[rng.IntN(len(services))]
				p.ServiceID = &s
			}
		} else {
			p.Type, p.TargetValue = domain.PromotionValue, int64(1+rng.IntN(30))*1000
		}
		if rng.IntN(2) == 0 {
			a, b := date(), date()
			if b < a {
				a, b = b, a
			}
			p.StartDate, p.EndDate = &a, &b
		}
		var visits []domain.Visit
		for range rng.IntN(40) {
			visits = append(visits, domain.Visit{Phone: phones[rng.IntN(len(phones))], Name: "Cliente", ServiceID: services[rng.IntN(len(services))],
				Date: date(), Time: fmt.Sprintf("%02d:%02d", 8+rng.IntN(10), 30*rng.IntN(2)), Status: statuses[rng.IntN(len(statuses))],
				Price: int64(rng.IntN(8)) * 1000})
		}
		restarted := map[string]string{}
		for _, ph := range phones {
			if rng.IntN(3) == 0 {
				restarted[ph] = date() + " 12:00"
			}
		}
		got := domain.PromotionCards(p, visits, restarted, "2026-07-01")

		want := map[string][2]int64{} // phone → visits, value
		if p.IsActive {
			for _, ph := range phones {
				var n, value int64
				for _, v := range visits {
					counts := v.Phone == ph && v.Status == "completed" &&
						(p.StartDate == nil || (v.Date >= *p.StartDate && v.Date <= *p.EndDate)) &&
						(p.Type != domain.PromotionCount || p.ServiceID == nil || v.ServiceID == *p.ServiceID)
					if r, ok := restarted[ph]; ok && v.Date+" "+v.Time <= r {
						counts = false
					}
					if counts {
						n++
						value += v.Price
					}
				}
				if n > 0 {
					want[ph] = [2]int64{n, value}
				}
			}
		}
		if len(got) != len(want) {
			t.Fatalf("round %d: %d cards, want %d (%+v)", round, len(got), len(want), p)
		}
		for i, c := range got {
			w := want[c.Phone]
			if int64(c.Appointments) != w[0] || c.Value != w[1] {
				t.Fatalf("round %d: %s has %d visits, %d cents; want %d, %d", round, c.Phone, c.Appointments, c.Value, w[0], w[1])
			}
			earned := p.Type == domain.PromotionCount && w[0] >= int64(p.TargetCount) || p.Type == domain.PromotionValue && w[1] >= p.TargetValue
			if c.Earned != earned {
				t.Fatalf("round %d: %s earned %v, want %v", round, c.Phone, c.Earned, earned)
			}
			if i > 0 && got[i-1].Appointments < c.Appointments {
				t.Fatalf("round %d: not sorted by visits: %v", round, got)
			}
			if c.Earned && (c.MissingVisits != 0 || c.MissingValue != 0) || !c.Earned && p.Type == domain.PromotionCount && c.MissingVisits != p.TargetCount-c.Appointments {
				t.Fatalf("round %d: %s missing %d visits / %d cents", round, c.Phone, c.MissingVisits, c.MissingValue)
			}
		}
		if e := domain.Eligible(got); slices.ContainsFunc(e, func(c domain.Progress) bool { return !c.Earned }) {
			t.Fatalf("round %d: Eligible kept an unearned card", round)
		}
	}
}

// A redemption restarts the card: the visits it used no longer count, the
// next ones do.
func TestARedemptionRestartsTheCard(t *testing.T) {
	p := domain.Promotion{Type: domain.PromotionCount, TargetCount: 3, IsActive: true}
	var visits []domain.Visit
	for i := range 5 {
		visits = append(visits, domain.Visit{Phone: "+5511900000001", Name: "Ana", Date: fmt.Sprintf("2026-03-0%d", i+1), Time: "10:00", Status: "completed", Price: 5000})
	}
	cards := domain.PromotionCards(p, visits, nil, "2026-03-10")
	if len(cards) != 1 || !cards[0].Earned || cards[0].Appointments != 5 || cards[0].CountedUntil != "2026-03-03 10:00" || *cards[0].EarnedOn != "2026-03-03" {
		t.Fatalf("before: %+v", cards)
	}
	after := domain.PromotionCards(p, visits, map[string]string{"+5511900000001": cards[0].CountedUntil}, "2026-03-10")
	if after[0].Earned || after[0].Appointments != 2 || after[0].MissingVisits != 1 || !after[0].OneVisitAway {
		t.Fatalf("after a redemption of the first three: %+v", after)
	}
}

// A reward unused past its validity is lost: the card starts again after
// the visit that earned it.
func TestAnExpiredRewardStartsANewCard(t *testing.T) {
	p := domain.Promotion{Type: domain.PromotionCount, TargetCount: 2, ValidDays: 30, IsActive: true}
	visits := []domain.Visit{
		{Phone: "+5511900000001", Date: "2026-01-10", Time: "10:00", Status: "completed"},
		{Phone: "+5511900000001", Date: "2026-01-20", Time: "10:00", Status: "completed"},
		{Phone: "+5511900000001", Date: "2026-03-01", Time: "10:00", Status: "completed"},
	}
	if c := domain.PromotionCards(p, visits, nil, "2026-02-19"); !c[0].Earned || *c[0].ExpiresOn != "2026-02-19" {
		t.Fatalf("on its last day: %+v", c)
	}
	if c := domain.PromotionCards(p, visits, nil, "2026-03-02"); c[0].Earned || c[0].Appointments != 1 || !c[0].OneVisitAway {
		t.Fatalf("after it expired: %+v", c)
	}
}

func TestCleanPromotionRefusesBadInput(t *testing.T) {
	svc := "x"
	end, start := "2026-01-01", "2026-02-01"
	for name, in := range map[string]domain.PromotionInput{
		"no name":           {Type: "count", TargetCount: 10, Reward: "Escova"},
		"target 0":          {Name: "Cartão", Type: "count", TargetCount: 0, Reward: "Escova"},
		"negative":          {Name: "Cartão", Type: "count", TargetCount: -3, Reward: "Escova"},
		"value without one": {Name: "Cartão", Type: "value", Reward: "Hidratação"},
		"no reward":         {Name: "Cartão", Type: "count", TargetCount: 10},
		"unknown type":      {Name: "Cartão", Type: "pontos", TargetCount: 10, Reward: "Escova"},
		"ends before":       {Name: "Cartão", Type: "count", TargetCount: 10, Reward: "Escova", StartDate: &start, EndDate: &end},
		"validity":          {Name: "Cartão", Type: "count", TargetCount: 10, Reward: "Escova", ValidDays: 400, ServiceID: &svc},
	} {
		if _, err := domain.CleanPromotion(in); domain.ErrorCode(err) != domain.CodeInvalid {
			t.Errorf("%s: got %v, want invalid", name, err)
		}
	}
	p, err := domain.CleanPromotion(domain.PromotionInput{Name: " 10 cortes = 1 escova ", Type: "count", TargetCount: 10, Reward: "Escova grátis", TargetValue: 500})
	if err != nil || p.Name != "10 cortes = 1 escova" || !p.IsActive || p.TargetValue != 0 {
		t.Errorf("got %+v %v", p, err)
	}
}
