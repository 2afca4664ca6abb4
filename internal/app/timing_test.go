package app_test

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"

	"agendo/internal/app"
	"agendo/internal/domain"
	"agendo/internal/store"
)

// colourSalon is openSalon with Ana's 'Coloração' (90 minutes: 30 of
// application, a 40-minute pause, 20 to rinse; 10 of cleaning after) and
// 'Manicure' (30 minutes, Ana).
func colourSalon(t *testing.T, a *app.App) (s salon, colour, manicure string) {
	t.Helper()
	ctx := context.Background()
	s = openSalon(t, a, "paula@example.com")
	price := int64(18000)
	c, err := a.SaveService(ctx, s.owner, "", domain.ServiceInput{Name: "Coloração", Duration: 90, Price: &price,
		ProfessionalIDs: []string{s.ana}, ProcessingStart: 30, ProcessingMin: 40, BufferAfter: 10})
	if err != nil {
		t.Fatalf("colour: %v", err)
	}
	m, err := a.SaveService(ctx, s.owner, "", domain.ServiceInput{Name: "Manicure", Duration: 30, Price: &price,
		ProfessionalIDs: []string{s.ana}})
	if err != nil {
		t.Fatalf("manicure: %v", err)
	}
	return s, c.ID, m.ID
}

// A service's timing is checked, with a message per field.
func TestAServicesTimingIsChecked(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		ctx := context.Background()
		s := openSalon(t, a, "paula@example.com")
		for _, tc := range []struct {
			in           domain.ServiceInput
			field, msg   string
			wantAccepted bool
		}{
			{domain.ServiceInput{ProcessingStart: 30, ProcessingMin: 60}, "processingStart", "A pausa precisa ficar dentro do serviço, com atendimento antes e depois dela", false},
			{domain.ServiceInput{ProcessingStart: 0, ProcessingMin: 20}, "processingStart", "A pausa precisa ficar dentro do serviço, com atendimento antes e depois dela", false},
			{domain.ServiceInput{ProcessingStart: 20, ProcessingMin: 2}, "processingMin", "A pausa deve ter pelo menos 5 minutos", false},
			{domain.ServiceInput{ProcessingStart: 20}, "processingMin", "A pausa deve ter pelo menos 5 minutos", false},
			{domain.ServiceInput{BufferBefore: 121}, "bufferBefore", "Use de 0 a 120 minutos", false},
			{domain.ServiceInput{BufferAfter: -5}, "bufferAfter", "Use de 0 a 120 minutos", false},
			{domain.ServiceInput{BufferBefore: 120, BufferAfter: 120, ProcessingStart: 1, ProcessingMin: 88}, "", "", true},
		} {
			tc.in.Name, tc.in.Duration = "Coloração", 90
			svc, err := a.SaveService(ctx, s.owner, "", tc.in)
			if tc.wantAccepted {
				if err != nil || svc.Timing != tc.in.Timing() {
					t.Fatalf("%+v: got %+v, %v", tc.in, svc.Timing, err)
				}
				continue
			}
			wantRefusal(t, fmt.Sprintf("%+v", tc.in), err, domain.CodeInvalid, tc.field, tc.msg)
		}
	})
}

// The colourist's pause is free for another client; her set-up and
// cleaning are not; an appointment keeps the timing it was booked with,
// through a change of the service, the trash and a restore.
func TestThePauseIsFreeAndTheBuffersAreNot(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		ctx := context.Background()
		s, colour, manicure := colourSalon(t, a)
		book := func(service, tm string) (domain.Appointment, error) {
			return a.CreateAppointment(ctx, s.owner, domain.AppointmentInput{ClientName: "Cliente " + tm,
				ClientPhone: "(11) 95555-" + tm[:2] + tm[3:], ServiceID: service, ProfessionalID: s.ana, Date: day(1), Time: tm})
		}
		col, err := book(colour, "10:00")
		if err != nil {
			t.Fatal(err)
		}
		if want := (domain.Timing{ProcessingStart: 30, ProcessingMin: 40, BufferAfter: 10}); col.Timing != want {
			t.Fatalf("appointment timing %+v, want %+v", col.Timing, want)
		}
		// The pause runs 10:30–11:10; the cleaning 11:30–11:40.
		if _, err := book(manicure, "10:30"); err != nil {
			t.Fatalf("a manicure in the pause: %v", err)
		}
		_, err = book(manicure, "10:45")
		wantRefusal(t, "a manicure over the first one", err, domain.CodeConflict, "time", "Horário ocupado")
		_, err = book(manicure, "11:05")
		wantRefusal(t, "a manicure past the pause", err, domain.CodeConflict, "time", "Horário ocupado")
		_, err = book(s.corte, "11:30")
		wantRefusal(t, "a cut during the cleaning", err, domain.CodeConflict, "time", "Horário ocupado")
		if _, err := book(s.corte, "11:40"); err != nil {
			t.Fatalf("a cut after the cleaning: %v", err)
		}

		// The store page offers the same: Ana's manicures fit only where
		// nothing of hers is busy.
		days, err := a.PublicAvailability(ctx, s.slug, manicure, s.ana, day(1), 1, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, tm := range []string{"10:00", "10:15", "10:30", "10:45", "11:00", "11:15", "11:30", "12:00"} {
			if slices.Contains(days[0].Times, tm) {
				t.Errorf("manicure offered at %s: %v", tm, days[0].Times)
			}
		}
		if !slices.Contains(days[0].Times, "09:30") || !slices.Contains(days[0].Times, "12:30") {
			t.Errorf("manicure not offered at 09:30 or 12:30: %v", days[0].Times)
		}

		// Changing the service moves no appointment made with it.
		if _, err := a.SaveService(ctx, s.owner, colour, domain.ServiceInput{Name: "Coloração", Duration: 90,
			ProfessionalIDs: []string{s.ana}}); err != nil {
			t.Fatal(err)
		}
		again, err := a.Appointment(ctx, s.owner, col.ID)
		if err != nil || again.Timing != col.Timing {
			t.Fatalf("after the service changed: %+v, %v; want %+v", again.Timing, err, col.Timing)
		}

		// Deleted and restored, it keeps its pause, so the manicure in it
		// does not stand in the way.
		if _, err := a.DeleteAppointment(ctx, s.owner, col.ID); err != nil {
			t.Fatal(err)
		}
		trash, err := a.Trash(ctx, s.owner, 10, 0)
		if err != nil || len(trash.Items) != 1 || trash.Items[0].Timing != col.Timing {
			t.Fatalf("trash %+v, %v", trash.Items, err)
		}
		back, err := a.RestoreAppointment(ctx, s.owner, trash.Items[0].ID, app.RestoreInput{})
		if err != nil || back.Timing != col.Timing {
			t.Fatalf("restored %+v, %v", back.Timing, err)
		}
	})
}

// Twenty customers at once try to book in the colourist's pause, a
// manicure at 10:30 or a 15-minute polish at 10:45 (which overlap): one gets it, every other is told it
// was taken, and nothing of Ana's overlaps. On PostgreSQL the exclusion
// constraint compares what keeps her busy, so the colour itself is no
// obstacle and the two manicures are.
func TestOneBookingInAPauseUnderConcurrency(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		ctx := context.Background()
		s, colour, manicure := colourSalon(t, a)
		s.premium(t, db)
		polish, err := a.SaveService(ctx, s.owner, "", domain.ServiceInput{Name: "Esmaltação", Duration: 15,
			ProfessionalIDs: []string{s.ana}})
		if err != nil {
			t.Fatal(err)
		}
		const rounds, customers = 5, 20
		for round := range rounds {
			date := day(1 + round)
			if _, err := a.CreateAppointment(ctx, s.owner, domain.AppointmentInput{ClientName: "Cliente da cor",
				ClientPhone: "(11) 95555-0100", ServiceID: colour, ProfessionalID: s.ana, Date: date, Time: "10:00"}); err != nil {
				t.Fatal(err)
			}
			var wg sync.WaitGroup
			var mu sync.Mutex
			wins, others := 0, []error{}
			for i := range customers {
				wg.Go(func() {
					service, tm := manicure, "10:30"
					if i%2 == 1 {
						service, tm = polish.ID, "10:45"
					}
					_, err := a.PublicBook(ctx, s.slug, app.PublicBookingInput{ServiceID: service, ProfessionalID: s.ana,
						Date: date, Time: tm, ClientName: "Cliente",
						ClientPhone: fmt.Sprintf("(11) 96%03d-%04d", round, i)}, app.Meta{IP: fmt.Sprintf("198.51.%d.%d", round, i+1)})
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
			wg.Wait()
			if wins != 1 || len(others) > 0 {
				t.Fatalf("round %d: %d manicures booked in the pause (want 1), unexpected errors %v", round, wins, others)
			}
			page, err := a.Appointments(ctx, s.owner, domain.AppointmentFilter{From: date, To: date, ProfessionalID: s.ana})
			if err != nil || page.Total != 2 {
				t.Fatalf("round %d: %d appointments, %v; want the colour and one manicure", round, page.Total, err)
			}
		}
	})
}
