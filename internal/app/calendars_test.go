package app_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	goical "github.com/arran4/golang-ical"

	"agendo/internal/app"
	"agendo/internal/domain"
	"agendo/internal/store"
	"agendo/internal/store/storetest"
)

// feedToken is the sealed part of a feed's address.
func feedToken(f app.CalendarFeedView) string { return f.URL[strings.LastIndex(f.URL, "/")+1:] }

// readFeed reads the feed at token with a real iCalendar parser.
func readFeed(t *testing.T, a *app.App, token string) []*goical.VEvent {
	t.Helper()
	body, err := a.CalendarICS(context.Background(), token)
	if err != nil {
		t.Fatalf("feed: %v", err)
	}
	cal, err := goical.ParseCalendar(strings.NewReader(string(body)))
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, body)
	}
	return cal.Events()
}

func summaries(events []*goical.VEvent) []string {
	var out []string
	for _, e := range events {
		out = append(out, e.GetProperty(goical.ComponentPropertySummary).Value)
	}
	return out
}

// Juliana (a profissional) follows her own agenda in a calendar app: she
// sees her appointments that hold their time, at their instants, with the
// client's name and never a phone; not Bruno's, not the cancelled; and the
// address reads nothing once revoked or once she leaves the team.
func TestAProfessionalFollowsHerOwnAgendaInACalendarApp(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		ctx := context.Background()
		s := openSalon(t, a, "dona@example.com")
		ju := member(t, a, inviteToken(t, a, s, app.InviteInput{MemberInput: app.MemberInput{Role: domain.RoleProfessional,
			ProfessionalID: &s.ana}}), "ju@example.com")
		mine, err := a.CreateAppointment(ctx, s.owner, domain.AppointmentInput{ClientName: "Maria Souza", ClientPhone: "(11) 91111-1111",
			ServiceID: s.corte, ProfessionalID: s.ana, Date: day(2), Time: "10:00", Force: true,
			Notes: "Me chama no zap 11 98888-7777; alérgica a amônia"})
		if err != nil {
			t.Fatal(err)
		}
		s.book(t, a, "(11) 91111-2222", day(3), "11:00", domain.StatusCancelled)
		s.book(t, a, "(11) 91111-3333", day(-90), "11:00", "") // long past: not in the feed
		if _, err := a.CreateAppointment(ctx, s.owner, domain.AppointmentInput{ClientName: "Cliente do Bruno",
			ClientPhone: "(11) 92222-2222", ServiceID: s.corte, ProfessionalID: s.bruno, Date: day(2), Time: "10:00"}); err != nil {
			t.Fatal(err)
		}

		// Asking for Bruno's agenda is refused; asking for none gives her own.
		if _, err := a.CreateCalendarFeed(ctx, ju, app.CalendarFeedInput{ProfessionalID: s.bruno}); domain.ErrorCode(err) != domain.CodeForbidden {
			t.Errorf("Bruno's agenda: %v", err)
		}
		feed, err := a.CreateCalendarFeed(ctx, ju, app.CalendarFeedInput{})
		if err != nil {
			t.Fatal(err)
		}
		if feed.ProfessionalID != s.ana || feed.Name != "Ana Lima" || !strings.HasPrefix(feed.Webcal, "webcal://") {
			t.Errorf("feed = %+v", feed)
		}
		events := readFeed(t, a, feedToken(feed))
		if got := summaries(events); len(got) != 1 || got[0] != "Corte — Maria Souza" {
			t.Fatalf("events = %v", got)
		}
		start, err := events[0].GetStartAt()
		want := time.Date(2026, 3, 4, 13, 0, 0, 0, time.UTC) // 10:00 in São Paulo
		if err != nil || !start.Equal(want) {
			t.Errorf("start = %v (%v), want %v", start, err, want)
		}
		if end, _ := events[0].GetEndAt(); !end.Equal(want.Add(45 * time.Minute)) {
			t.Errorf("end = %v", end)
		}
		if uid := events[0].GetProperty(goical.ComponentPropertyUniqueId).Value; uid != mine.ID+"@agendo" {
			t.Errorf("uid = %q", uid)
		}
		body, _ := a.CalendarICS(ctx, feedToken(feed))
		unfolded := strings.ReplaceAll(string(body), "\r\n ", "")
		for _, secret := range []string{"91111", "98888", "amônia", "Bruno"} {
			if strings.Contains(unfolded, secret) {
				t.Errorf("the feed shows %q (a phone, the notes or Bruno's agenda):\n%s", secret, unfolded)
			}
		}

		// The owner's feed of the whole store names each professional.
		all, err := a.CreateCalendarFeed(ctx, s.owner, app.CalendarFeedInput{})
		if err != nil || all.Name != "Toda a loja" {
			t.Fatalf("store feed: %+v, %v", all, err)
		}
		if got := summaries(readFeed(t, a, feedToken(all))); len(got) != 2 {
			t.Errorf("store events = %v", got)
		}

		// Listed as hers only; revoked, it reads nothing.
		list, err := a.ListCalendarFeeds(ctx, ju)
		if err != nil || len(list.Items) != 1 || list.Items[0].URL != feed.URL {
			t.Errorf("her feeds: %+v, %v", list, err)
		}
		if err := a.DeleteCalendarFeed(ctx, s.owner, feed.ID); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Errorf("the owner revoking her feed: %v", err)
		}
		if err := a.DeleteCalendarFeed(ctx, ju, feed.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := a.CalendarICS(ctx, feedToken(feed)); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Errorf("revoked feed: %v", err)
		}

		// Her seat is read at every read: moved to Bruno's agenda, her feed of Ana's reads nothing;
		// back on Ana's, it reads again; an account an admin locked publishes nothing.
		kept, err := a.CreateCalendarFeed(ctx, ju, app.CalendarFeedInput{})
		if err != nil {
			t.Fatal(err)
		}
		if err := a.ChangeMember(ctx, s.owner, ju.UserID, app.MemberInput{Role: domain.RoleProfessional, ProfessionalID: &s.bruno}); err != nil {
			t.Fatal(err)
		}
		if _, err := a.CalendarICS(ctx, feedToken(kept)); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Errorf("her feed of Ana's agenda, now Bruno's profissional: %v", err)
		}
		if err := a.ChangeMember(ctx, s.owner, ju.UserID, app.MemberInput{Role: domain.RoleProfessional, ProfessionalID: &s.ana}); err != nil {
			t.Fatal(err)
		}
		readFeed(t, a, feedToken(kept))
		if err := db.Write(ctx, func(tx *store.Tx) error { return tx.LockUser(ctx, ju.UserID, "teste", time.Now()) }); err != nil {
			t.Fatal(err)
		}
		if _, err := a.CalendarICS(ctx, feedToken(kept)); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Errorf("a locked account's feed: %v", err)
		}
		if err := db.Write(ctx, func(tx *store.Tx) error { return tx.UnlockUser(ctx, ju.UserID, time.Now()) }); err != nil {
			t.Fatal(err)
		}

		// A professional deleted: the feeds of their agenda go with them.
		brunos, err := a.CreateCalendarFeed(ctx, s.owner, app.CalendarFeedInput{ProfessionalID: s.bruno})
		if err != nil {
			t.Fatal(err)
		}
		if err := a.DeleteProfessional(ctx, s.owner, s.bruno); err != nil {
			t.Fatal(err)
		}
		if list, _ := a.ListCalendarFeeds(ctx, s.owner); len(list.Items) != 1 || list.Items[0].ID == brunos.ID {
			t.Errorf("the owner's feeds after Bruno left: %+v", list.Items)
		}

		// A member who leaves: her feeds read nothing more.
		again, err := a.CreateCalendarFeed(ctx, ju, app.CalendarFeedInput{})
		if err != nil {
			t.Fatal(err)
		}
		if err := a.RemoveMember(ctx, s.owner, ju.UserID); err != nil {
			t.Fatal(err)
		}
		if _, err := a.CalendarICS(ctx, feedToken(again)); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Errorf("a departed member's feed: %v", err)
		}
		for _, forged := range []string{"", "forjado", feedToken(all) + "x"} {
			if _, err := a.CalendarICS(ctx, forged); domain.ErrorCode(err) != domain.CodeNotFound {
				t.Errorf("forged %q: %v", forged, err)
			}
		}
	})
}

// Twenty taps at once on 'Criar link' make ten feeds, never more.
func TestCalendarFeedsStopAtTheLimitUnderARace(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		s := openSalon(t, a, "dona@example.com")
		var made, refused atomic.Int32
		var wg sync.WaitGroup
		for range 20 {
			wg.Go(func() {
				_, err := a.CreateCalendarFeed(context.Background(), s.owner, app.CalendarFeedInput{ProfessionalID: s.ana})
				switch {
				case err == nil:
					made.Add(1)
				case domain.ErrorCode(err) == domain.CodeInvalid:
					refused.Add(1)
				default:
					t.Errorf("create: %v", err)
				}
			})
		}
		wg.Wait()
		list, err := a.ListCalendarFeeds(context.Background(), s.owner)
		if err != nil || made.Load() != domain.MaxCalendarFeeds || len(list.Items) != domain.MaxCalendarFeeds || refused.Load() != 10 {
			t.Errorf("made %d, refused %d, listed %d (%v)", made.Load(), refused.Load(), len(list.Items), err)
		}
		if _, err := a.CreateCalendarFeed(context.Background(), s.owner, app.CalendarFeedInput{ProfessionalID: "nao-existe"}); domain.ErrorCode(err) != domain.CodeInvalid {
			t.Errorf("an unknown professional: %v", err)
		}
	})
}

// BenchmarkCalendarFeed reads a store-wide feed at its cap: 5,000
// appointments, what a calendar app asks for every hour or so. It
// measures; it asserts no time (docs/benchmarks.md has the figures).
//
//	go test -run '^$' -bench CalendarFeed -benchtime 20x ./internal/app
//	(and with AGENDO_TEST_DATABASE_URL for PostgreSQL)
func BenchmarkCalendarFeed(b *testing.B) {
	engines := []store.Engine{store.SQLite}
	if os.Getenv(storetest.EnvPostgres) != "" {
		engines = append(engines, store.Postgres)
	}
	for _, e := range engines {
		b.Run(string(e), func(b *testing.B) {
			db := storetest.Open(b, e)
			a, _ := newApp(b, db)
			s := openSalon(b, a, "dona@example.com")
			ctx := context.Background()
			list := make([]domain.Appointment, 0, 5000)
			for i := range 5000 {
				at := monday09.AddDate(0, 0, i/20-50)
				list = append(list, domain.Appointment{ID: fmt.Sprintf("00000000-0000-7000-8000-%012d", i),
					ClientName: fmt.Sprintf("Cliente %d de Albuquerque", i), ClientPhone: fmt.Sprintf("+55119%08d", i%3000),
					ServiceID: s.corte, ProfessionalID: s.ana, Date: at.Format(time.DateOnly), Time: hhmm(i % 20 * 25),
					DurationMin: 25, Status: domain.StatusScheduled, Source: domain.SourceOwner, CreatedAt: monday09, UpdatedAt: monday09})
			}
			if err := db.Write(ctx, func(tx *store.Tx) error { return tx.ImportAppointments(ctx, s.owner.UserID, list) }); err != nil {
				b.Fatal(err)
			}
			feed, err := a.CreateCalendarFeed(ctx, s.owner, app.CalendarFeedInput{})
			if err != nil {
				b.Fatal(err)
			}
			token := feedToken(feed)
			var size int
			b.ResetTimer()
			for b.Loop() {
				body, err := a.CalendarICS(ctx, token)
				if err != nil {
					b.Fatal(err)
				}
				size = len(body)
			}
			b.ReportMetric(float64(size)/1024, "KB/feed")
		})
	}
}
