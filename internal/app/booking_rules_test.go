package app_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"agendo/internal/app"
	"agendo/internal/domain"
	"agendo/internal/store"
	"agendo/internal/store/storetest"
)

// The use-case layer's booking rule, on both engines: each case names the
// rule it holds, so a failure says which broke.

// wantRefusal fails unless err has code and, when field is not empty, a
// message for field equal to msg.
func wantRefusal(t *testing.T, rule string, err error, code domain.Code, field, msg string) {
	t.Helper()
	if domain.ErrorCode(err) != code {
		t.Fatalf("%s: got %v, want %s", rule, err, code)
	}
	if field == "" {
		return
	}
	var de *domain.Error
	if !errors.As(err, &de) || de.Fields[field] != msg {
		t.Fatalf("%s: got %v, want %s: %q", rule, err, field, msg)
	}
}

func TestTheOwnersBookingRule(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		ctx := context.Background()
		s := openSalon(t, a, "paula@example.com")
		in := func(pro, service, tm string, force bool) domain.AppointmentInput {
			return domain.AppointmentInput{ClientName: "Maria Souza", ClientPhone: "(11) 95555-0001", ServiceID: service,
				ProfessionalID: pro, Date: day(1), Time: tm, Force: force}
		}
		first, err := a.CreateAppointment(ctx, s.owner, in(s.ana, s.corte, "10:00", false))
		if err != nil {
			t.Fatal(err)
		}

		_, err = a.CreateAppointment(ctx, s.owner, in(s.ana, s.corte, "10:30", false))
		wantRefusal(t, "an overlap with the professional's appointment is refused", err, domain.CodeConflict, "time", "Horário ocupado")
		if _, err := a.CreateAppointment(ctx, s.owner, in(s.bruno, s.corte, "10:30", false)); err != nil {
			t.Fatalf("another professional at the same time: %v", err)
		}
		if _, err := a.CreateAppointment(ctx, s.owner, in(s.ana, s.corte, "10:30", true)); err != nil {
			t.Fatalf("the owner confirms the overlap: %v", err)
		}
		if _, err := a.CreateAppointment(ctx, s.owner, in(s.ana, s.corte, "11:15", false)); err != nil {
			t.Fatalf("a time that starts as the last one ends: %v", err)
		}

		_, err = a.CreateAppointment(ctx, s.owner, in(s.bruno, s.corte, "23:30", false))
		wantRefusal(t, "an appointment must end by midnight", err, domain.CodeInvalid, "time", "Horário muito tarde para este serviço")
		if _, err := a.CreateAppointment(ctx, s.owner, in(s.bruno, s.corte, "23:15", false)); err != nil {
			t.Fatalf("one that ends at midnight: %v", err)
		}
		_, err = a.CreateAppointment(ctx, s.owner, in(s.bruno, s.escova, "15:00", false))
		wantRefusal(t, "the professional must perform the service", err, domain.CodeInvalid, "professionalId", "Este profissional não realiza este serviço")

		// A cancelled appointment frees its time; reopening it then finds the time taken.
		if _, err := a.SetAppointmentStatus(ctx, s.owner, first.ID, app.StatusInput{Status: domain.StatusCancelled}); err != nil {
			t.Fatal(err)
		}
		if _, err := a.CreateAppointment(ctx, s.owner, in(s.ana, s.escova, "09:30", false)); err != nil {
			t.Fatalf("booking the freed time: %v", err)
		}
		_, err = a.SetAppointmentStatus(ctx, s.owner, first.ID, app.StatusInput{Status: domain.StatusScheduled})
		wantRefusal(t, "reopening a freed appointment whose time was taken", err, domain.CodeConflict, "time", "Horário ocupado")
	})
}

func TestStatusChangesFollowTheirTransitions(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		ctx := context.Background()
		s := openSalon(t, a, "paula@example.com")
		ap := s.book(t, a, "(11) 95555-0001", day(1), "10:00", domain.StatusCompleted)
		_, err := a.SetAppointmentStatus(ctx, s.owner, ap.ID, app.StatusInput{Status: domain.StatusCancelled})
		wantRefusal(t, "a completed appointment is reopened before it is cancelled", err, domain.CodeConflict, "status",
			"Não é possível mudar de “Concluído” para “Cancelado”. Reabra o agendamento primeiro.")
		pix := "pix"
		got, err := a.SetAppointmentStatus(ctx, s.owner, ap.ID, app.StatusInput{Status: domain.StatusCompleted, PaymentMethod: &pix})
		if err != nil || got.PaymentMethod == nil || *got.PaymentMethod != "pix" {
			t.Fatalf("keeping the status to record the payment: %+v, %v", got, err)
		}
		for _, to := range []string{domain.StatusScheduled, domain.StatusConfirmed, domain.StatusNoShow} {
			if _, err := a.SetAppointmentStatus(ctx, s.owner, ap.ID, app.StatusInput{Status: to}); err != nil {
				t.Fatalf("reopen, confirm, mark missed (%s): %v", to, err)
			}
		}
		_, err = a.SetAppointmentStatus(ctx, s.owner, ap.ID, app.StatusInput{Status: domain.StatusCompleted})
		wantRefusal(t, "a missed appointment is reopened before it is completed", err, domain.CodeConflict, "", "")
	})
}

func TestTheTrashRestoresAndIsPurged(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		a, clk := newApp(t, db)
		s := openSalon(t, a, "paula@example.com")
		ap := s.book(t, a, "(11) 95555-0001", day(1), "10:00", "")
		gone, err := a.DeleteAppointment(ctx, s.owner, ap.ID)
		if err != nil {
			t.Fatal(err)
		}
		// Its time was taken meanwhile: restoring asks for the owner's confirmation.
		s.book(t, a, "(11) 95555-0002", day(1), "10:15", "")
		_, err = a.RestoreAppointment(ctx, s.owner, gone.ID, app.RestoreInput{})
		wantRefusal(t, "a restore goes through the booking rule", err, domain.CodeConflict, "time", "Horário ocupado")
		back, err := a.RestoreAppointment(ctx, s.owner, gone.ID, app.RestoreInput{Force: true})
		if err != nil || back.Time != "10:00" || back.ClientPhone != "+5511955550001" {
			t.Fatalf("restored with confirmation: %+v, %v", back, err)
		}
		if page, err := a.Trash(ctx, s.owner, 10, 0); err != nil || page.Total != 0 {
			t.Fatalf("the trash after a restore: %+v, %v", page, err)
		}

		if _, err := a.DeleteAppointment(ctx, s.owner, back.ID); err != nil {
			t.Fatal(err)
		}
		clk.set(monday09.Add(app.TrashRetention - 1))
		if err := a.PurgeExpired(ctx); err != nil {
			t.Fatal(err)
		}
		if page, _ := a.Trash(ctx, s.owner, 10, 0); page.Total != 1 {
			t.Fatalf("the trash within its retention holds %d, want 1", page.Total)
		}
		clk.set(monday09.Add(app.TrashRetention + time.Minute))
		if err := a.PurgeExpired(ctx); err != nil {
			t.Fatal(err)
		}
		clk.set(monday09) // the list shows the last 30 days: back to when the item was young
		if page, _ := a.Trash(ctx, s.owner, 10, 0); page.Total != 0 {
			t.Fatalf("the trash past its retention holds %d, want 0", page.Total)
		}
	})
}

// "Qualquer profissional" goes to whoever performs the service, is free
// then and has the fewest appointments that day.
func TestAnyProfessionalGoesToTheLeastBusy(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		ctx := context.Background()
		s := openSalon(t, a, "paula@example.com")
		s.book(t, a, "(11) 95555-0001", day(1), "15:00", "") // Ana has one that day
		book := func(tm, phone string) app.Booking {
			t.Helper()
			b, err := a.PublicBook(ctx, s.slug, app.PublicBookingInput{ServiceID: s.corte, ProfessionalID: app.AnyProfessional,
				Date: day(1), Time: tm, ClientName: "Cliente", ClientPhone: phone}, app.Meta{IP: "198.51.100.7"})
			if err != nil {
				t.Fatalf("any professional at %s: %v", tm, err)
			}
			return b
		}
		if b := book("10:00", "(11) 95555-0002"); b.Professional.Name != "Bruno Alves" {
			t.Fatalf("got %s, want Bruno Alves (no appointment that day)", b.Professional.Name)
		}
		// Now one each: either may take the next; at 10:00 only Ana is free.
		if b := book("10:00", "(11) 95555-0003"); b.Professional.Name != "Ana Lima" {
			t.Fatalf("got %s, want Ana Lima (Bruno is busy at 10:00)", b.Professional.Name)
		}
		_, err := a.PublicBook(ctx, s.slug, app.PublicBookingInput{ServiceID: s.corte, ProfessionalID: app.AnyProfessional,
			Date: day(1), Time: "10:00", ClientName: "Cliente", ClientPhone: "(11) 95555-0004"}, app.Meta{IP: "198.51.100.7"})
		wantRefusal(t, "nobody free at a time answers that it was taken", err, domain.CodeConflict, "", "")
	})
}
