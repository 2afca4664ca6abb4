package app_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"

	"agendo/internal/app"
	"agendo/internal/domain"
	"agendo/internal/store"
	"agendo/internal/store/storetest"
)

// One earned reward, 20 owners' taps at once, 10 rounds: exactly one
// redemption a round, the others told the client has not earned it; on
// PostgreSQL too, where READ COMMITTED let every tap read "earned".
func TestAnEarnedRewardIsRedeemedOnceUnderConcurrency(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		ctx := context.Background()
		s := openSalon(t, a, "paula@example.com")
		s.premium(t, db)
		const rounds, taps = 10, 20
		for round := range rounds {
			phone := fmt.Sprintf("(11) 9%04d-1234", 5000+round)
			for i := range 3 {
				s.book(t, a, phone, day(-10-i), "10:00", domain.StatusCompleted)
			}
			promo, err := a.SavePromotion(ctx, s.owner, "", domain.PromotionInput{Name: fmt.Sprintf("3 cortes, rodada %d", round),
				Type: domain.PromotionCount, TargetCount: 3, Reward: "Escova grátis"})
			if err != nil {
				t.Fatal(err)
			}
			var ok sync.WaitGroup
			var mu sync.Mutex
			wins, others := 0, []error{}
			for range taps {
				ok.Go(func() {
					_, err := a.Redeem(ctx, s.owner, promo.ID, domain.RedemptionInput{ClientPhone: phone})
					mu.Lock()
					defer mu.Unlock()
					switch {
					case err == nil:
						wins++
					case domain.ErrorCode(err) != domain.CodeConflict:
						others = append(others, err)
					}
				})
			}
			ok.Wait()
			if wins != 1 || len(others) > 0 {
				t.Fatalf("round %d: %d redemptions of one reward (want 1), unexpected errors %v", round, wins, others)
			}
			rewards, err := a.ClientRewards(ctx, s.owner, phone)
			if err != nil {
				t.Fatal(err)
			}
			used, earned := 0, 0
			for _, r := range rewards.Redemptions {
				if r.PromotionID == promo.ID {
					used++
				}
			}
			for _, r := range rewards.Earned {
				if r.PromotionID == promo.ID {
					earned++
				}
			}
			if used != 1 || earned != 0 {
				t.Fatalf("round %d: %d redemptions kept and %d rewards still earned, want 1 and 0", round, used, earned)
			}
		}
	})
}

// Undo racing a new redemption of the same reward: whatever the order, the
// card is used at most once.
func TestRedeemRacingItsUndoLeavesOneRedemptionAtMost(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		ctx := context.Background()
		s := openSalon(t, a, "paula@example.com")
		const phone = "(11) 95555-4444"
		for i := range 3 {
			s.book(t, a, phone, day(-10-i), "10:00", domain.StatusCompleted)
		}
		promo, err := a.SavePromotion(ctx, s.owner, "", domain.PromotionInput{Name: "3 cortes", Type: domain.PromotionCount,
			TargetCount: 3, Reward: "Escova grátis"})
		if err != nil {
			t.Fatal(err)
		}
		for round := range 10 {
			r, err := a.Redeem(ctx, s.owner, promo.ID, domain.RedemptionInput{ClientPhone: phone})
			if err != nil {
				t.Fatalf("round %d: %v", round, err)
			}
			var wg sync.WaitGroup
			for i := range 16 {
				wg.Go(func() {
					if i%2 == 0 {
						if err := a.Unredeem(ctx, s.owner, r.ID); err != nil && domain.ErrorCode(err) != domain.CodeNotFound {
							t.Errorf("undo: %v", err)
						}
						return
					}
					if _, err := a.Redeem(ctx, s.owner, promo.ID, domain.RedemptionInput{ClientPhone: phone}); err != nil &&
						domain.ErrorCode(err) != domain.CodeConflict {
						t.Errorf("redeem: %v", err)
					}
				})
			}
			wg.Wait()
			rewards, err := a.ClientRewards(ctx, s.owner, phone)
			if err != nil {
				t.Fatal(err)
			}
			if n := len(rewards.Redemptions); n > 1 || n+len(rewards.Earned) != 1 {
				t.Fatalf("round %d: %d redemptions and %d earned for one reward", round, n, len(rewards.Earned))
			}
			for _, x := range rewards.Redemptions { // start the next round from an unused card
				if err := a.Unredeem(ctx, s.owner, x.ID); err != nil {
					t.Fatal(err)
				}
			}
		}
	})
}

// Sixteen workers of creates, status changes, moves, trash, restores and
// client renames on few days and few clients: afterwards every summary —
// the owner's totals (what the free limit reads), the days, the clients,
// the report days — equals what the appointments say.
func TestSummariesStayExactUnderConcurrentWrites(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		ctx := context.Background()
		s := openSalon(t, a, "paula@example.com")
		s.premium(t, db)
		phones := []string{"(11) 95555-0001", "(11) 95555-0002", "(11) 95555-0003", "(11) 95555-0004"}
		var mu sync.Mutex
		var live []string  // appointment ids
		var trash []string // trash ids
		pick := func(list *[]string, r *rand.Rand) (string, bool) {
			mu.Lock()
			defer mu.Unlock()
			if len(*list) == 0 {
				return "", false
			}
			i := r.IntN(len(*list))
			id := (*list)[i]
			*list = append((*list)[:i], (*list)[i+1:]...)
			return id, true
		}
		peek := func(r *rand.Rand) (string, bool) { // several workers may change one appointment
			mu.Lock()
			defer mu.Unlock()
			if len(live) == 0 {
				return "", false
			}
			return live[r.IntN(len(live))], true
		}
		put := func(list *[]string, id string) {
			mu.Lock()
			*list = append(*list, id)
			mu.Unlock()
		}
		statuses := []string{domain.StatusConfirmed, domain.StatusCompleted, domain.StatusCancelled, domain.StatusNoShow}
		var wg sync.WaitGroup
		for w := range 16 {
			wg.Go(func() {
				r := rand.New(rand.NewPCG(uint64(w), 22))
				for range 40 {
					var err error
					switch op := r.IntN(10); {
					case op < 4:
						var ap domain.Appointment
						ap, err = a.CreateAppointment(ctx, s.owner, domain.AppointmentInput{ClientName: "Cliente",
							ClientPhone: phones[r.IntN(len(phones))], ServiceID: s.corte, ProfessionalID: []string{s.ana, s.bruno}[r.IntN(2)],
							Date: day(r.IntN(3)), Time: hhmm(15 * r.IntN(20)), Force: true})
						if err == nil {
							put(&live, ap.ID)
						}
					case op < 6:
						if id, ok := peek(r); ok {
							_, err = a.SetAppointmentStatus(ctx, s.owner, id, app.StatusInput{Status: statuses[r.IntN(len(statuses))]})
						}
					case op < 7:
						if id, ok := peek(r); ok {
							_, err = a.UpdateAppointment(ctx, s.owner, id, domain.AppointmentInput{ClientName: "Cliente",
								ClientPhone: phones[r.IntN(len(phones))], ServiceID: s.corte, ProfessionalID: s.ana,
								Date: day(r.IntN(3)), Time: hhmm(15 * r.IntN(20)), Force: true})
						}
					case op < 8:
						if id, ok := pick(&live, r); ok {
							var d domain.DeletedAppointment
							if d, err = a.DeleteAppointment(ctx, s.owner, id); err == nil {
								put(&trash, d.ID)
							}
						}
					case op < 9:
						if id, ok := pick(&trash, r); ok {
							var ap domain.Appointment
							if ap, err = a.RestoreAppointment(ctx, s.owner, id, app.RestoreInput{Force: true}); err == nil {
								put(&live, ap.ID)
							}
						}
					default:
						_, err = a.UpdateClient(ctx, s.owner, phones[r.IntN(len(phones))], app.ClientUpdate{
							Name: fmt.Sprintf("Cliente %d", r.IntN(100)), Phone: phones[r.IntN(len(phones))]})
					}
					// Refusals a person can meet (a status not allowed
					// from the current one, a client merged away) are
					// fine; anything else is a bug.
					if c := domain.ErrorCode(err); err != nil && c != domain.CodeInvalid && c != domain.CodeNotFound && c != domain.CodeConflict {
						t.Errorf("worker %d: %v", w, err)
					}
				}
			})
		}
		wg.Wait()
		var snap domain.IntegritySnapshot
		if err := db.Read(ctx, func(tx *store.Tx) error {
			var err error
			snap, err = tx.Integrity(ctx, s.owner.UserID)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		if snap.TotalsDiffer || len(snap.DayDiffs) > 0 || len(snap.ReportDayDiffs) > 0 || snap.ClientDiffs > 0 {
			t.Fatalf("summaries drifted from %d appointments: totals differ %v, days %v, report days %v, clients %d",
				snap.Appointments, snap.TotalsDiffer, snap.DayDiffs, snap.ReportDayDiffs, snap.ClientDiffs)
		}
		if snap.Appointments < 50 {
			t.Fatalf("only %d appointments were written: the race did not run", snap.Appointments)
		}
	})
}

// A free owner one short of the limit of 10, and 20 bookings at once: one
// fits and the rest are refused, on PostgreSQL too.
func TestTheFreeLimitHoldsUnderConcurrentBookings(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		ctx := context.Background()
		s := openSalon(t, a, "paula@example.com")
		for i := range 9 {
			s.book(t, a, "(11) 95555-0001", day(1), hhmm(30*i), "")
		}
		var wg sync.WaitGroup
		var mu sync.Mutex
		booked := 0
		for i := range 20 {
			wg.Go(func() {
				_, err := a.CreateAppointment(ctx, s.owner, domain.AppointmentInput{ClientName: "Cliente",
					ClientPhone: fmt.Sprintf("(11) 9%04d-0000", 6000+i), ServiceID: s.corte, ProfessionalID: s.bruno,
					Date: day(2), Time: hhmm(15 * i), Force: true})
				if err != nil && domain.ErrorCode(err) != domain.CodePlanLimit {
					t.Errorf("booking %d: %v", i, err)
				}
				if err == nil {
					mu.Lock()
					booked++
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		if booked != 1 {
			t.Fatalf("%d bookings passed the free limit's last place, want 1", booked)
		}
	})
}

// The store's online-booking limit counts bookings made, across instances:
// 12 customers at once through two instances (each lets 6 pass its own
// copy), half of them on one taken time. The tokens taken beside a booking
// that then failed are given back, so a third instance books exactly the
// places left, then is refused: on PostgreSQL too, where the bucket is
// taken in a transaction of its own.
func TestTheStoreBookingLimitCountsOnlyBookingsMade(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		const limit = 6
		cfg := app.Config{PublicBookingsPerStore: limit, PublicBookingsPerIP: 1000}
		a1, _ := newAppWith(t, db, cfg)
		a2, _ := newAppWith(t, db, cfg)
		a3, _ := newAppWith(t, db, cfg)
		s := openSalon(t, a1, "paula@example.com")
		s.premium(t, db)
		book := func(a *app.App, i int, pro, date, tm string) error {
			_, err := a.PublicBook(ctx, s.slug, app.PublicBookingInput{ServiceID: s.corte, ProfessionalID: pro, Date: date, Time: tm,
				ClientName: "Cliente", ClientPhone: fmt.Sprintf("(11) 9%04d-1111", 7000+i)}, app.Meta{IP: fmt.Sprintf("198.51.100.%d", i+1)})
			return err
		}
		var wg sync.WaitGroup
		for i := range 2 * limit {
			wg.Go(func() {
				a, pro, tm := a1, s.ana, "10:00" // one time for six customers
				if i%2 == 1 {
					a, pro, tm = a2, s.bruno, hhmm(60*(i/2)) // a time each
				}
				err := book(a, i, pro, day(1), tm)
				if c := domain.ErrorCode(err); err != nil && c != domain.CodeConflict && c != domain.CodeRateLimited {
					t.Errorf("customer %d: %v", i, err)
				}
			})
		}
		wg.Wait()
		made := appointments(t, db, s)
		if made < 1 || made > limit {
			t.Fatalf("%d bookings made at once, want 1 to %d", made, limit)
		}
		more := 0
		for i := range limit {
			err := book(a3, 100+i, s.bruno, day(2), hhmm(60*i))
			if domain.ErrorCode(err) == domain.CodeRateLimited {
				break
			}
			if err != nil {
				t.Fatalf("later booking %d: %v", i, err)
			}
			more++
		}
		if made+more != limit {
			t.Fatalf("%d bookings made at once and %d later, want %d in all: tokens of failed bookings were kept", made, more, limit)
		}
	})
}
