package app_test

import (
	"context"
	"testing"

	"agendo/internal/app"
	"agendo/internal/domain"
	"agendo/internal/store"
)

// customerBooking is a customer's booking of Corte with Ana on day 1 at tm.
func customerBooking(tm string) app.PublicBookingInput {
	return app.PublicBookingInput{ServiceID: "", ProfessionalID: app.AnyProfessional, Date: day(1), Time: tm,
		ClientName: "Maria Aparecida dos Santos", ClientPhone: "(11) 98888-7777"}
}

// Cancelling on the manage link answers the whole view: the consent box
// keeps the sentence it consents to.
func TestCancellingOnTheManageLinkKeepsTheConsentSentence(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		ctx := context.Background()
		s := openSalon(t, a, "paula@example.com")
		in := customerBooking("10:00")
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
