package app_test

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"agendo/internal/app"
	"agendo/internal/domain"
	"agendo/internal/store"
)

// customerBooking is a customer's booking of Corte with Ana on day 1 at tm.
func customerBooking(tm, requestID string) app.PublicBookingInput {
	return app.PublicBookingInput{ServiceID: "", ProfessionalID: app.AnyProfessional, Date: day(1), Time: tm,
		ClientName: "Maria Aparecida dos Santos", ClientPhone: "(11) 98888-7777", RequestID: requestID}
}

// appointments is how many appointments the salon's agenda holds.
func appointments(t *testing.T, db *store.DB, s salon) int {
	t.Helper()
	var n int
	err := db.Read(context.Background(), func(tx *store.Tx) error {
		var err error
		n, err = tx.AppointmentCount(context.Background(), s.owner.UserID)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// A phone that lost the answer sends the same booking again, twice at once
// and later: one appointment, and every answer is that booking.
func TestARetriedPublicBookingWithItsRequestIDBooksOnce(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		ctx := context.Background()
		s := openSalon(t, a, "paula@example.com")
		in := customerBooking("10:00", "0b6f7c1e-3f2a-4d8e-9a51-6c2d7e8f9a10")
		in.ServiceID = s.corte
		var wg sync.WaitGroup
		ids := make([]string, 12)
		for i := range ids {
			wg.Go(func() {
				// Each from its own address, as a phone moving between networks.
				b, err := a.PublicBook(ctx, s.slug, in, app.Meta{IP: fmt.Sprintf("198.51.100.%d", i+1)})
				if err != nil {
					t.Errorf("retry %d: %v", i, err)
					return
				}
				ids[i] = b.ID
			})
		}
		wg.Wait()
		for i, id := range ids {
			if id != ids[0] {
				t.Fatalf("retry %d got booking %s, want %s", i, id, ids[0])
			}
		}
		again, err := a.PublicBook(ctx, s.slug, in, app.Meta{IP: "198.51.100.99"})
		if err != nil || again.ID != ids[0] || again.Time != "10:00" {
			t.Fatalf("a later retry got %+v, %v; want booking %s", again, err, ids[0])
		}
		if got := appointments(t, db, s); got != 1 {
			t.Fatalf("got %d appointments, want 1", got)
		}
		// Another request is another booking.
		other := customerBooking("11:00", "another-request-0001")
		other.ServiceID = s.corte
		if b, err := a.PublicBook(ctx, s.slug, other, app.Meta{IP: "198.51.100.50"}); err != nil || b.ID == ids[0] {
			t.Fatalf("a new request got %+v, %v; want a new booking", b, err)
		}
		if got := appointments(t, db, s); got != 2 {
			t.Fatalf("got %d appointments, want 2", got)
		}
		// A request refused (its time taken) leaves its id free for the retry
		// with another time.
		taken := customerBooking("11:00", "third-request-0001")
		taken.ServiceID, taken.ProfessionalID = s.escova, s.ana
		first, err := a.PublicBook(ctx, s.slug, taken, app.Meta{IP: "198.51.100.51"})
		if err == nil {
			// Ana may have been free at 11:00 (the other went to Bruno): take it again.
			again, err := a.PublicBook(ctx, s.slug, taken, app.Meta{IP: "198.51.100.51"})
			if err != nil || again.ID != first.ID || appointments(t, db, s) != 3 {
				t.Fatalf("a retry got %+v, %v with %d appointments, want the same booking", again, err, appointments(t, db, s))
			}
		}
		bad := customerBooking("12:00", "no spaces allowed")
		bad.ServiceID = s.corte
		if _, err := a.PublicBook(ctx, s.slug, bad, app.Meta{IP: "198.51.100.52"}); domain.ErrorCode(err) != domain.CodeInvalid {
			t.Fatalf("a malformed request id got %v, want invalid", err)
		}
	})
}

// A free store whose limit is used up says so on its public pages, and the
// owner learns how many customers it turned away this month.
func TestAStoreAtItsFreeLimitSaysSoAndCountsWhoItTurnedAway(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		ctx := context.Background()
		s := openSalon(t, a, "paula@example.com")
		var first domain.Appointment
		for i := range 9 {
			ap := s.book(t, a, "(11) 95555-0001", day(2), hhmm(30*i), "")
			if i == 0 {
				first = ap
			}
		}
		accepts := func() bool {
			t.Helper()
			p, err := a.PublicStore(ctx, s.slug)
			if err != nil {
				t.Fatal(err)
			}
			pp, err := a.PublicProfessional(ctx, s.ana)
			if err != nil {
				t.Fatal(err)
			}
			if pp.Store.AcceptsBookings != p.Store.AcceptsBookings {
				t.Fatalf("the professional's page says %v, the store's %v", pp.Store.AcceptsBookings, p.Store.AcceptsBookings)
			}
			return p.Store.AcceptsBookings
		}
		if !accepts() {
			t.Fatal("a store with one place left says it takes no bookings")
		}
		in := customerBooking("10:00", "first-request-0001")
		in.ServiceID = s.corte
		if _, err := a.PublicBook(ctx, s.slug, in, app.Meta{IP: "198.51.100.1"}); err != nil {
			t.Fatalf("the last place: %v", err)
		}
		if accepts() {
			t.Fatal("a store at its limit says it takes bookings")
		}
		// Refused at 'Confirmar' (the page was open before the limit).
		in = customerBooking("11:00", "second-request-01")
		in.ServiceID = s.corte
		if _, err := a.PublicBook(ctx, s.slug, in, app.Meta{IP: "198.51.100.2", UserAgent: "Android"}); domain.ErrorCode(err) != domain.CodePlanLimit {
			t.Fatalf("got %v, want plan_limit", err)
		}
		// Seen the notice: two visitors, one of them twice.
		for _, ip := range []string{"198.51.100.3", "198.51.100.4", "198.51.100.4"} {
			if err := a.RecordPageView(ctx, app.PageViewInput{Path: "/store/" + s.slug}, app.Meta{IP: ip, UserAgent: "Android"}); err != nil {
				t.Fatal(err)
			}
		}
		// The refused customer opening the page again is still one.
		if err := a.RecordPageView(ctx, app.PageViewInput{Path: "/store/" + s.slug}, app.Meta{IP: "198.51.100.2", UserAgent: "Android"}); err != nil {
			t.Fatal(err)
		}
		got, err := a.TurnedAway(ctx, s.owner)
		if err != nil {
			t.Fatal(err)
		}
		if got.Count != 3 || !got.Limited || !got.Full || got.Month != "2026-03" {
			t.Fatalf("got %+v, want 3 turned away in 2026-03 on a limited plan at its limit", got)
		}
		// An appointment deleted: the page takes bookings again, and the notice must not say
		// it does not.
		if _, err := a.DeleteAppointment(ctx, s.owner, first.ID); err != nil {
			t.Fatal(err)
		}
		if got, _ := a.TurnedAway(ctx, s.owner); got.Count != 3 || !got.Limited || got.Full {
			t.Fatalf("got %+v, want 3 turned away on a limited plan with room again", got)
		}
		s.premium(t, db)
		if !accepts() {
			t.Fatal("a Premium store says it takes no bookings")
		}
		if got, _ := a.TurnedAway(ctx, s.owner); got.Limited {
			t.Fatalf("got %+v, want a Premium plan not limited", got)
		}
	})
}

// Cancelling on the manage link answers the whole view: the consent box
// keeps the sentence it consents to.
func TestCancellingOnTheManageLinkKeepsTheConsentSentence(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		ctx := context.Background()
		s := openSalon(t, a, "paula@example.com")
		in := customerBooking("10:00", "")
		in.ServiceID = s.corte
		b, err := a.PublicBook(ctx, s.slug, in, app.Meta{IP: "198.51.100.1"})
		if err != nil {
			t.Fatal(err)
		}
		want := b.ConsentText
		if want == "" {
			t.Fatal("the booking's answer has no consent sentence")
		}
		cancelled, err := a.CancelBooking(ctx, b.Token, app.Meta{IP: "198.51.100.1"})
		if err != nil {
			t.Fatal(err)
		}
		if cancelled.Status != domain.StatusCancelled || cancelled.ConsentText != want {
			t.Fatalf("after cancel got status %q, consent text %q; want cancelled, %q", cancelled.Status, cancelled.ConsentText, want)
		}
	})
}
