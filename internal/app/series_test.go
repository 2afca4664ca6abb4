package app_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"agendo/internal/app"
	"agendo/internal/auth"
	"agendo/internal/domain"
	"agendo/internal/store"
)

// seuAntonio is the owner's recurring booking of the tests: Seu Antônio's
// cut with Ana on day(1) at 16:00, every 3 weeks, 6 times.
func seuAntonio(s salon) app.SeriesInput {
	return app.SeriesInput{
		AppointmentInput: domain.AppointmentInput{ClientName: "Seu Antônio", ClientPhone: "(11) 94444-1234",
			ServiceID: s.corte, ProfessionalID: s.ana, Date: day(1), Time: "16:00"},
		Recurrence: domain.Recurrence{EveryWeeks: 3, Count: 6},
	}
}

// countOf counts the store's appointments from day(0) on whose client matches phone.
func countOf(t *testing.T, a *app.App, s salon, phone string) int {
	t.Helper()
	page, err := a.Appointments(context.Background(), s.owner, domain.AppointmentFilter{From: day(0), To: day(200), Query: phone})
	if err != nil {
		t.Fatal(err)
	}
	return page.Total
}

// The owner previews a series, sees the two dates that clash, resolves
// each (another time, a skip) and books the rest at once; every date is
// checked, and a series with an unresolved clash books nothing.
func TestARecurringSeriesIsPreviewedAndBookedWhole(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		ctx := context.Background()
		s := openSalon(t, a, "paula@example.com")
		s.premium(t, db)
		s.book(t, a, "(11) 95555-0001", day(22), "16:00", "") // the 2nd date
		s.book(t, a, "(11) 95555-0002", day(64), "16:30", "") // the 4th, half an hour in
		in := seuAntonio(s)

		preview, err := a.PreviewSeries(ctx, s.owner, in)
		if err != nil {
			t.Fatal(err)
		}
		var clashes []int
		for i, o := range preview.Occurrences {
			if want := day(1 + 21*i); o.Date != want || o.Time != "16:00" {
				t.Fatalf("occurrence %d: %s %s, want %s 16:00", i, o.Date, o.Time, want)
			}
			if o.Clash != "" {
				clashes = append(clashes, i)
				if o.Clash != "Ana Lima já tem um compromisso neste horário" {
					t.Errorf("clash %d says %q", i, o.Clash)
				}
			}
		}
		if len(clashes) != 2 || clashes[0] != 1 || clashes[1] != 3 {
			t.Fatalf("clashes at %v, want [1 3]", clashes)
		}

		// Unresolved, the series is refused whole, naming the date.
		_, err = a.CreateSeries(ctx, s.owner, in)
		var de *domain.Error
		if !errors.As(err, &de) || de.Code != domain.CodeConflict || !strings.HasPrefix(de.Message, "Em "+brDay(day(22))+": Ana Lima já tem") {
			t.Fatalf("unresolved: got %v", err)
		}
		if n := countOf(t, a, s, "94444"); n != 0 {
			t.Fatalf("a refused series left %d appointments", n)
		}

		// Resolved: the 2nd at 17:00, the 4th skipped.
		for _, o := range preview.Occurrences {
			in.Occurrences = append(in.Occurrences, app.OccurrenceChoice{Date: o.Date, Time: o.Time})
		}
		in.Occurrences[1].Time = "17:00"
		in.Occurrences[3].Skip = true
		again, err := a.PreviewSeries(ctx, s.owner, in)
		if err != nil || again.Occurrences[1].Clash != "" || again.Occurrences[1].Time != "17:00" {
			t.Fatalf("preview with 17:00: %+v, %v", again.Occurrences, err)
		}
		series, err := a.CreateSeries(ctx, s.owner, in)
		if err != nil {
			t.Fatal(err)
		}
		if len(series.Appointments) != 5 || series.Appointments[1].Time != "17:00" {
			t.Fatalf("booked %+v", series.Appointments)
		}
		for _, ap := range series.Appointments {
			if ap.SeriesID != series.ID {
				t.Fatalf("appointment %+v not of series %s", ap, series.ID)
			}
		}

		// The customer's manage link lists the dates still to come.
		tokens, err := auth.NewTokens([]byte(strings.Repeat("k", 32)))
		if err != nil {
			t.Fatal(err)
		}
		b, err := a.ManagedBooking(ctx, tokens.ManageToken(series.Appointments[0].ID))
		if err != nil || len(b.NextDates) != 4 || b.NextDates[0] != (app.SeriesDate{Date: day(22), Time: "17:00", Professional: "Ana Lima"}) {
			t.Fatalf("manage link's next dates: %+v, %v", b.NextDates, err)
		}

		// Choices that no longer match the rule are refused.
		stale := in
		stale.Recurrence.EveryWeeks = 2
		_, err = a.CreateSeries(ctx, s.owner, stale)
		wantRefusal(t, "choices of another rule", err, domain.CodeInvalid, "occurrences", "As datas da série mudaram: confira a prévia de novo")

		// 'Este e os próximos': cancel from the 3rd (3rd, 5th, 6th), move the
		// 2nd and the rest an hour earlier, then delete from the 5th.
		third := series.Appointments[2]
		if ch, err := a.CancelFollowing(ctx, s.owner, third.ID); err != nil || ch.Count != 3 {
			t.Fatalf("cancel following: %+v, %v", ch, err)
		}
		if first, _ := a.Appointment(ctx, s.owner, series.Appointments[0].ID); first.Status != domain.StatusScheduled {
			t.Fatalf("the 1st was touched: %s", first.Status)
		}
		second := series.Appointments[1]
		move := domain.AppointmentInput{ClientName: "Seu Antônio Prado", ClientPhone: second.ClientPhone, ServiceID: s.corte,
			ProfessionalID: s.ana, Date: second.Date, Time: "15:00"}
		if ch, err := a.UpdateFollowing(ctx, s.owner, second.ID, move); err != nil || ch.Count != 4 {
			t.Fatalf("update following: %+v, %v", ch, err)
		}
		fifth, _ := a.Appointment(ctx, s.owner, series.Appointments[3].ID)
		if fifth.Time != "15:00" || fifth.ClientName != "Seu Antônio Prado" || fifth.Status != domain.StatusCancelled {
			t.Fatalf("the 5th after the change: %+v", fifth)
		}
		if ch, err := a.DeleteFollowing(ctx, s.owner, fifth.ID); err != nil || ch.Count != 2 {
			t.Fatalf("delete following: %+v, %v", ch, err)
		}
		if n := countOf(t, a, s, "94444"); n != 3 {
			t.Fatalf("%d appointments left, want 3", n)
		}
		// One on its own has no 'próximos'.
		lone := s.book(t, a, "(11) 95555-0003", day(2), "11:00", "")
		_, err = a.CancelFollowing(ctx, s.owner, lone.ID)
		wantRefusal(t, "no series", err, domain.CodeInvalid, "", "")
	})
}

// Each appointment of a series counts towards the free plan's limit, and
// a series that would pass it books nothing.
func TestASeriesPastTheFreeLimitBooksNothing(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		ctx := context.Background()
		s := openSalon(t, a, "paula@example.com")
		in := seuAntonio(s)
		in.Recurrence = domain.Recurrence{EveryWeeks: 1, Count: domain.DefaultFreeLimit + 1}
		_, err := a.CreateSeries(ctx, s.owner, in)
		wantRefusal(t, "past the free limit", err, domain.CodePlanLimit, "", "")
		if n := countOf(t, a, s, "94444"); n != 0 {
			t.Fatalf("%d appointments booked", n)
		}
		in.Recurrence.Count = domain.DefaultFreeLimit
		if series, err := a.CreateSeries(ctx, s.owner, in); err != nil || len(series.Appointments) != domain.DefaultFreeLimit {
			t.Fatalf("up to the limit: %v", err)
		}
	})
}

// A series and customers booking its dates race: every date is either
// the series' or one customer's, never both, on both engines.
func TestASeriesRacingCustomersNeverDoubleBooks(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		ctx := context.Background()
		s := openSalon(t, a, "paula@example.com")
		s.premium(t, db)
		in := seuAntonio(s)
		in.Recurrence = domain.Recurrence{EveryWeeks: 1, Count: 8}
		var wg sync.WaitGroup
		var seriesErr error
		customers := make([]error, 8)
		wg.Go(func() { _, seriesErr = a.CreateSeries(ctx, s.owner, in) })
		for i := range customers {
			wg.Go(func() {
				_, customers[i] = a.PublicBook(ctx, s.slug, app.PublicBookingInput{ServiceID: s.corte, ProfessionalID: s.ana,
					Date: day(1 + 7*i), Time: "16:00", ClientName: "Cliente", ClientPhone: "(11) 96666-00" + string(rune('0'+i)) + "0"},
					app.Meta{IP: "198.51.100." + string(rune('1'+i))})
			})
		}
		wg.Wait()
		booked := 0
		for _, err := range customers {
			if err == nil {
				booked++
			} else if domain.ErrorCode(err) != domain.CodeConflict {
				t.Fatalf("customer: %v", err)
			}
		}
		page, err := a.Appointments(ctx, s.owner, domain.AppointmentFilter{From: day(0), To: day(60), ProfessionalID: s.ana})
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case seriesErr == nil && (booked != 0 || page.Total != 8):
			t.Fatalf("the series booked and %d customers too (%d appointments)", booked, page.Total)
		case seriesErr != nil && (domain.ErrorCode(seriesErr) != domain.CodeConflict || page.Total != booked):
			t.Fatalf("the series refused (%v) with %d customers booked and %d appointments", seriesErr, booked, page.Total)
		}
	})
}

// brDay writes "YYYY-MM-DD" as the messages do.
func brDay(d string) string {
	t, _ := time.Parse(time.DateOnly, d)
	return t.Format("02/01/2006")
}
