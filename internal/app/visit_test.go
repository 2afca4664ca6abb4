package app_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"agendo/internal/app"
	"agendo/internal/domain"
	"agendo/internal/store"
)

// A customer books 'Corte' with whoever is free and 'Escova' with Ana in
// one visit: only starts where both fit are offered, one confirmation
// holds both with the total, the manage link moves and cancels both, and
// the calendar file has one event.
func TestAVisitIsBookedWholeOnTheStorePage(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		ctx := context.Background()
		s := openSalon(t, a, "paula@example.com")
		more := []domain.VisitService{{ServiceID: s.escova, ProfessionalID: s.ana}}
		// Ana is busy 11:00–11:45 on day 1: an escova of hers cannot
		// follow a cut begun 10:00–10:30.
		if _, err := a.CreateAppointment(ctx, s.owner, domain.AppointmentInput{ClientName: "Joana", ClientPhone: "(11) 95555-0001",
			ServiceID: s.corte, ProfessionalID: s.ana, Date: day(1), Time: "11:00"}); err != nil {
			t.Fatal(err)
		}
		days, err := a.PublicAvailability(ctx, s.slug, s.corte, app.AnyProfessional, day(1), 1, more)
		if err != nil {
			t.Fatal(err)
		}
		for _, tm := range []string{"10:00", "10:15", "10:30", "17:00"} {
			if slices.Contains(days[0].Times, tm) {
				t.Errorf("visit offered at %s: %v", tm, days[0].Times)
			}
		}
		for _, tm := range []string{"09:00", "09:45", "11:45", "16:45"} {
			if !slices.Contains(days[0].Times, tm) {
				t.Errorf("visit not offered at %s: %v", tm, days[0].Times)
			}
		}
		in := app.PublicBookingInput{ServiceID: s.corte, ProfessionalID: app.AnyProfessional, More: more, Date: day(1),
			Time: "10:15", ClientName: "Maria Souza", ClientPhone: "(11) 91234-0000"}
		_, err = a.PublicBook(ctx, s.slug, in, app.Meta{IP: "198.51.100.1"})
		wantRefusal(t, "a visit whose escova meets Ana's 11:00", err, domain.CodeConflict, "time", "Horário ocupado")
		in.Time = "17:15"
		_, err = a.PublicBook(ctx, s.slug, in, app.Meta{IP: "198.51.100.1"})
		wantRefusal(t, "a visit past closing", err, domain.CodeInvalid, "time", "Horário indisponível para estes serviços")
		if page, _ := a.Appointments(ctx, s.owner, domain.AppointmentFilter{From: day(1), To: day(1)}); page.Total != 1 {
			t.Fatalf("refused visits left %d appointments, want 1", page.Total)
		}

		in.Time = "09:45"
		b, err := a.PublicBook(ctx, s.slug, in, app.Meta{IP: "198.51.100.1"})
		if err != nil {
			t.Fatal(err)
		}
		if len(b.Services) != 2 || b.Services[1].Time != "10:30" || b.Services[1].Professional.ID != s.ana ||
			b.DurationMin != 75 || b.Price == nil || *b.Price != 4590+3000 {
			t.Fatalf("booking %+v", b)
		}
		page, err := a.Appointments(ctx, s.owner, domain.AppointmentFilter{From: day(1), To: day(1)})
		if err != nil || page.Total != 3 {
			t.Fatalf("%d appointments, %v", page.Total, err)
		}
		var visit []domain.Appointment
		for _, ap := range page.Items {
			if ap.VisitID != "" {
				visit = append(visit, ap)
			}
		}
		if len(visit) != 2 || visit[0].VisitID != visit[1].VisitID || visit[0].Time != "09:45" || visit[1].Time != "10:30" {
			t.Fatalf("visit %+v", visit)
		}

		ics, err := a.BookingCalendar(ctx, b.Token)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Count(ics, "BEGIN:VEVENT") != 1 || !strings.Contains(ics, "SUMMARY:Corte + Escova") ||
			!strings.Contains(ics, "DTSTART:"+strings.ReplaceAll(day(1), "-", "")+"T124500Z") ||
			!strings.Contains(ics, "DTEND:"+strings.ReplaceAll(day(1), "-", "")+"T140000Z") {
			t.Errorf("calendar:\n%s", ics)
		}

		// Where the visit can move: Ana's 11:00 is still in the way, its
		// own times are not.
		times, err := a.BookingAvailability(ctx, b.Token, day(1), 1)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Contains(times[0].Times, "09:45") || !slices.Contains(times[0].Times, "09:30") || slices.Contains(times[0].Times, "10:00") {
			t.Errorf("move times %v", times[0].Times)
		}
		moved, err := a.MoveBooking(ctx, b.Token, app.MoveInput{Date: day(1), Time: "09:30"}, app.Meta{IP: "198.51.100.2"})
		if err != nil {
			t.Fatal(err)
		}
		if moved.Time != "09:30" || moved.Services[1].Time != "10:15" {
			t.Fatalf("moved %+v", moved.Services)
		}
		_, err = a.MoveBooking(ctx, b.Token, app.MoveInput{Date: day(1), Time: "10:15"}, app.Meta{IP: "198.51.100.2"})
		wantRefusal(t, "a move onto Ana's 11:00", err, domain.CodeConflict, "time", "Horário ocupado")
		// The owner cancels the escova alone: the link charges the cut only, and the visit is
		// still the customer's to move or cancel.
		if _, err := a.SetAppointmentStatus(ctx, s.owner, visit[1].ID, app.StatusInput{Status: domain.StatusCancelled}); err != nil {
			t.Fatal(err)
		}
		left, err := a.ManagedBooking(ctx, b.Token)
		if err != nil || left.Price == nil || *left.Price != 4590 || left.Pix != nil || left.Status != domain.StatusScheduled || !left.CanChange {
			t.Fatalf("after the escova was cancelled alone: %+v, %v", left, err)
		}
		cancelled, err := a.CancelBooking(ctx, b.Token, app.Meta{IP: "198.51.100.2"})
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range []string{visit[0].ID, visit[1].ID} {
			ap, err := a.Appointment(ctx, s.owner, id)
			if err != nil || ap.Status != domain.StatusCancelled {
				t.Errorf("after cancelling the visit: %s is %q, %v", id, ap.Status, err)
			}
		}
		if cancelled.Pix != nil || cancelled.Status != domain.StatusCancelled {
			t.Errorf("cancelled booking %+v", cancelled)
		}
	})
}

// The owner books a visit with several services; it goes to the trash
// and comes back whole; a later service's problem names its fields.
func TestAnOwnersVisitGoesToTheTrashAndBackWhole(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		ctx := context.Background()
		s := openSalon(t, a, "paula@example.com")
		in := domain.AppointmentInput{ClientName: "Seu Antônio", ClientPhone: "(11) 95555-0002", ServiceID: s.corte,
			ProfessionalID: s.bruno, Date: day(2), Time: "18:00"}
		in.More = []domain.VisitService{{ServiceID: s.escova, ProfessionalID: s.bruno}}
		_, err := a.CreateAppointment(ctx, s.owner, in)
		wantRefusal(t, "Bruno does no escova", err, domain.CodeInvalid, "more.0.professionalId", "Este profissional não realiza este serviço")
		in.More[0].ProfessionalID = s.ana
		in.Time = "23:30"
		_, err = a.CreateAppointment(ctx, s.owner, in)
		wantRefusal(t, "a visit past midnight", err, domain.CodeInvalid, "time", "Horário muito tarde para estes serviços")
		in.Time = "10:00"
		first, err := a.CreateAppointment(ctx, s.owner, in)
		if err != nil {
			t.Fatal(err)
		}
		page, err := a.Appointments(ctx, s.owner, domain.AppointmentFilter{From: day(2), To: day(2)})
		if err != nil || page.Total != 2 || page.Items[1].Time != "10:45" || page.Items[1].VisitID != first.VisitID || first.VisitID == "" {
			t.Fatalf("visit %+v, %v", page.Items, err)
		}
		// A single service is edited alone; more services there are refused.
		upd := in
		_, err = a.UpdateAppointment(ctx, s.owner, first.ID, upd)
		wantRefusal(t, "more on an edit", err, domain.CodeInvalid, "more", "Aqui se altera um serviço por vez: para outro serviço na mesma visita, crie um novo agendamento")

		deleted, err := a.DeleteAppointment(ctx, s.owner, page.Items[1].ID)
		if err != nil {
			t.Fatal(err)
		}
		trash, err := a.Trash(ctx, s.owner, 50, 0)
		if err != nil || trash.Total != 2 {
			t.Fatalf("trash %d, %v; want the whole visit", trash.Total, err)
		}
		if left, _ := a.Appointments(ctx, s.owner, domain.AppointmentFilter{From: day(2), To: day(2)}); left.Total != 0 {
			t.Fatalf("%d appointments left", left.Total)
		}
		back, err := a.RestoreAppointment(ctx, s.owner, deleted.ID, app.RestoreInput{})
		if err != nil {
			t.Fatal(err)
		}
		page, err = a.Appointments(ctx, s.owner, domain.AppointmentFilter{From: day(2), To: day(2)})
		if err != nil || page.Total != 2 || back.Time != "10:45" || page.Items[0].VisitID != page.Items[1].VisitID {
			t.Fatalf("restored %+v, %v", page.Items, err)
		}
		if trash, _ := a.Trash(ctx, s.owner, 50, 0); trash.Total != 0 {
			t.Fatalf("trash keeps %d", trash.Total)
		}
		// Cancelled as one, from any of its services.
		if n, err := a.CancelVisit(ctx, s.owner, back.ID); err != nil || n.Count != 2 {
			t.Fatalf("cancel the visit: %+v, %v", n, err)
		}
		if n, err := a.CancelVisit(ctx, s.owner, back.ID); err != nil || n.Count != 0 {
			t.Fatalf("cancel it again: %+v, %v", n, err)
		}
		single := s.book(t, a, "(11) 95555-0003", day(4), "09:00", "")
		_, err = a.CancelVisit(ctx, s.owner, single.ID)
		wantRefusal(t, "a single appointment", err, domain.CodeInvalid, "", "Este agendamento não faz parte de uma visita de vários serviços")
	})
}

// Customers race for Ana's 10:45: half with a visit (a cut with Bruno at
// 10:00, then Ana's escova), half with an escova alone. One wins each
// round, and a visit that lost leaves no cut behind.
func TestVisitsRacingCustomersNeverDoubleBook(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		ctx := context.Background()
		s := openSalon(t, a, "paula@example.com")
		s.premium(t, db)
		const rounds, customers = 4, 16
		for round := range rounds {
			date := day(1 + round)
			var wg sync.WaitGroup
			var mu sync.Mutex
			wins, others := 0, []error{}
			for i := range customers {
				wg.Go(func() {
					in := app.PublicBookingInput{ServiceID: s.escova, ProfessionalID: s.ana, Date: date, Time: "10:45",
						ClientName: "Cliente", ClientPhone: fmt.Sprintf("(11) 96%03d-%04d", round, i)}
					if i%2 == 0 {
						in.ServiceID, in.ProfessionalID, in.Time = s.corte, s.bruno, "10:00"
						in.More = []domain.VisitService{{ServiceID: s.escova, ProfessionalID: s.ana}}
					}
					_, err := a.PublicBook(ctx, s.slug, in, app.Meta{IP: fmt.Sprintf("198.51.%d.%d", round, i+1)})
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
				t.Fatalf("round %d: %d bookings of Ana's 10:45 (want 1), unexpected errors %v", round, wins, others)
			}
			page, err := a.Appointments(ctx, s.owner, domain.AppointmentFilter{From: date, To: date})
			if err != nil {
				t.Fatal(err)
			}
			cuts := 0
			for _, ap := range page.Items {
				if ap.ServiceID == s.corte {
					cuts++
				}
			}
			if page.Total-cuts != 1 || cuts > 1 || (cuts == 1) != (page.Total == 2) {
				t.Fatalf("round %d: %d appointments, %d cuts: a lost visit left a part behind", round, page.Total, cuts)
			}
		}
	})
}

// A visit of two services counts two toward the free plan, and one that
// would pass the limit books nothing.
func TestAVisitPastTheFreeLimitBooksNothing(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		ctx := context.Background()
		s := openSalon(t, a, "paula@example.com")
		for i := range 9 {
			s.book(t, a, fmt.Sprintf("(11) 95555-%04d", i), day(3), hhmm(i*60), "")
		}
		in := app.PublicBookingInput{ServiceID: s.corte, ProfessionalID: s.bruno, Date: day(1), Time: "10:00",
			ClientName: "Maria", ClientPhone: "(11) 91234-0000", More: []domain.VisitService{{ServiceID: s.escova, ProfessionalID: s.ana}}}
		_, err := a.PublicBook(ctx, s.slug, in, app.Meta{IP: "198.51.100.1"})
		if domain.ErrorCode(err) != domain.CodePlanLimit {
			t.Fatalf("got %v, want the plan limit", err)
		}
		if page, _ := a.Appointments(ctx, s.owner, domain.AppointmentFilter{From: day(1), To: day(1)}); page.Total != 0 {
			t.Fatalf("%d appointments booked past the limit", page.Total)
		}
	})
}

// A combo ('Dia da noiva') is a service of its own price and duration that
// lists the plain services it includes; the store page names them.
func TestACombosServicesAreChecked(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		ctx := context.Background()
		s := openSalon(t, a, "paula@example.com")
		price := int64(50000)
		in := domain.ServiceInput{Name: "Dia da noiva", Duration: 240, Price: &price, ProfessionalIDs: []string{s.ana},
			Includes: []string{s.corte}}
		_, err := a.SaveService(ctx, s.owner, "", in)
		wantRefusal(t, "a combo of one", err, domain.CodeInvalid, "includes", "Um pacote inclui pelo menos 2 serviços")
		in.Includes = []string{s.corte, s.escova}
		combo, err := a.SaveService(ctx, s.owner, "", in)
		if err != nil || !slices.Equal(combo.Includes, []string{s.corte, s.escova}) {
			t.Fatalf("combo %+v, %v", combo.Includes, err)
		}
		in.Includes = []string{s.corte, combo.ID}
		_, err = a.SaveService(ctx, s.owner, combo.ID, in)
		wantRefusal(t, "a combo in itself", err, domain.CodeInvalid, "includes", "Um pacote não inclui a si mesmo")
		_, err = a.SaveService(ctx, s.owner, "", domain.ServiceInput{Name: "Noiva e madrinha", Duration: 300,
			ProfessionalIDs: []string{s.ana}, Includes: []string{combo.ID, s.corte}})
		wantRefusal(t, "a combo in a combo", err, domain.CodeInvalid, "includes", "Dia da noiva já é um pacote: um pacote inclui só serviços simples")
		hydration, err := a.SaveService(ctx, s.owner, "", domain.ServiceInput{Name: "Hidratação", Duration: 30, ProfessionalIDs: []string{s.ana}})
		if err != nil {
			t.Fatal(err)
		}
		_, err = a.SaveService(ctx, s.owner, s.corte, domain.ServiceInput{Name: "Corte", Duration: 45,
			ProfessionalIDs: []string{s.ana}, Includes: []string{s.escova, hydration.ID}})
		wantRefusal(t, "an included service made a combo", err, domain.CodeInvalid, "includes", "Este serviço faz parte do pacote Dia da noiva: um pacote não entra em outro")

		page, err := a.PublicStore(ctx, s.slug)
		if err != nil {
			t.Fatal(err)
		}
		i := slices.IndexFunc(page.Services, func(p app.PublicService) bool { return p.ID == combo.ID })
		if i < 0 || !slices.Equal(page.Services[i].Includes, []string{"Corte", "Escova"}) || *page.Services[i].Price != 50000 {
			t.Fatalf("store page %+v", page.Services)
		}
		if err := a.DeleteService(ctx, s.owner, s.escova); err != nil {
			t.Fatal(err)
		}
		services, err := a.Services(ctx, s.owner)
		if err != nil {
			t.Fatal(err)
		}
		for _, svc := range services {
			if svc.ID == combo.ID && len(svc.Includes) != 0 { // a combo of one is a plain service
				t.Fatalf("after deleting Escova the combo includes %v", svc.Includes)
			}
		}
	})
}

// The owner's free times for a visit are those where every service fits.
func TestTheOwnersFreeTimesForAVisit(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		ctx := context.Background()
		s := openSalon(t, a, "paula@example.com")
		if _, err := a.CreateAppointment(ctx, s.owner, domain.AppointmentInput{ClientName: "Joana", ClientPhone: "(11) 95555-0001",
			ServiceID: s.corte, ProfessionalID: s.ana, Date: day(1), Time: "11:00"}); err != nil {
			t.Fatal(err)
		}
		more := []domain.VisitService{{ServiceID: s.escova, ProfessionalID: s.ana}}
		days, err := a.Availability(ctx, s.owner, s.bruno, s.corte, day(1), day(1), "", more)
		if err != nil {
			t.Fatal(err)
		}
		if slices.Contains(days[0].Times, "10:00") || !slices.Contains(days[0].Times, "09:45") || !slices.Contains(days[0].Times, "11:45") {
			t.Errorf("visit times %v", days[0].Times)
		}
		alone, err := a.Availability(ctx, s.owner, s.bruno, s.corte, day(1), day(1), "", nil)
		if err != nil || !slices.Contains(alone[0].Times, "10:00") {
			t.Errorf("one service's times %v, %v", alone[0].Times, err)
		}
	})
}

// The owner moves a whole visit from any of its services: every service
// by the same step, through the booking rule.
func TestTheOwnerMovesAWholeVisit(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		ctx := context.Background()
		s := openSalon(t, a, "paula@example.com")
		in := domain.AppointmentInput{ClientName: "Seu Antônio", ClientPhone: "(11) 95555-0002", ServiceID: s.corte,
			ProfessionalID: s.bruno, Date: day(2), Time: "10:00", More: []domain.VisitService{{ServiceID: s.escova, ProfessionalID: s.ana}}}
		first, err := a.CreateAppointment(ctx, s.owner, in)
		if err != nil {
			t.Fatal(err)
		}
		page, _ := a.Appointments(ctx, s.owner, domain.AppointmentFilter{From: day(2), To: day(2)})
		second := page.Items[1]
		// Ana is busy at 15:15 on day 3: the escova of a visit moved to 14:30 would meet it.
		if _, err := a.CreateAppointment(ctx, s.owner, domain.AppointmentInput{ClientName: "Joana", ClientPhone: "(11) 95555-0001",
			ServiceID: s.escova, ProfessionalID: s.ana, Date: day(3), Time: "15:15"}); err != nil {
			t.Fatal(err)
		}
		_, err = a.MoveVisit(ctx, s.owner, second.ID, app.VisitMove{Date: day(3), Time: "15:15"})
		wantRefusal(t, "the escova onto Ana's 15:15", err, domain.CodeConflict, "more.0.time", "Horário ocupado")
		// Named by its escova, moved to 16:00: the cut goes to 15:15.
		n, err := a.MoveVisit(ctx, s.owner, second.ID, app.VisitMove{Date: day(3), Time: "16:00"})
		if err != nil || n.Count != 2 {
			t.Fatalf("move: %+v, %v", n, err)
		}
		cut, _ := a.Appointment(ctx, s.owner, first.ID)
		esc, _ := a.Appointment(ctx, s.owner, second.ID)
		if cut.Date != day(3) || cut.Time != "15:15" || esc.Time != "16:00" {
			t.Fatalf("moved to %s %s and %s", cut.Date, cut.Time, esc.Time)
		}
		_, err = a.MoveVisit(ctx, s.owner, second.ID, app.VisitMove{Date: day(3), Time: "00:10"})
		wantRefusal(t, "a move before midnight", err, domain.CodeInvalid, "time", "Horário fora do dia para esta visita")
	})
}
