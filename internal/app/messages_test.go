package app_test

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"agendo/internal/app"
	"agendo/internal/domain"
	"agendo/internal/mail"
	"agendo/internal/mail/mailtest"
	"agendo/internal/push/pushtest"
	"agendo/internal/store"
	"agendo/internal/store/storetest"
)

// mailingSalon is a salon whose App sends email to a real SMTP listener.
func mailingSalon(t *testing.T, db *store.DB, cfg app.Config) (*app.App, *clock, salon, *mailtest.Server) {
	t.Helper()
	srv := mailtest.Start(t)
	sender, err := mail.NewSMTP(srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	a, c := newAppMailing(t, db, cfg, sender)
	return a, c, openSalon(t, a, "paula@example.com"), srv
}

// messagesOf returns the messages of an appointment's visit, by status.
func messagesOf(t *testing.T, a *app.App, s salon, id string) (app.AppointmentMessages, map[string][]domain.Message) {
	t.Helper()
	out, err := a.AppointmentMessages(context.Background(), s.owner, id)
	if err != nil {
		t.Fatal(err)
	}
	by := map[string][]domain.Message{}
	for _, m := range out.Items {
		by[m.Status] = append(by[m.Status], m)
	}
	return out, by
}

var confirmLink = regexp.MustCompile(`Confirmar presença: http://agendo\.test/lembrete/([A-Za-z0-9_-]+)`)

// Maria books online with her email: the booking's notice goes at once and
// the reminder the day before at 18:00, both by email through SMTP; moving
// the booking moves the reminder, and the reminder's link confirms her
// presence once.
func TestRemindersGoByEmailAndConfirmWithOneTap(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		a, clk, s, srv := mailingSalon(t, db, app.Config{})
		b, err := a.PublicBook(ctx, s.slug, app.PublicBookingInput{ServiceID: s.corte, ProfessionalID: s.ana, Date: day(2), Time: "10:00",
			ClientName: "Maria Souza", ClientPhone: "(11) 91234-0000", ClientEmail: " Maria@Example.com "}, app.Meta{IP: "198.51.100.1"})
		if err != nil {
			t.Fatal(err)
		}
		msgs, by := messagesOf(t, a, s, b.ID)
		if msgs.Email != "maria@example.com" || len(by[domain.MessagePending]) != 2 {
			t.Fatalf("after booking: %+v", msgs)
		}
		reminder := by[domain.MessagePending][1]
		if reminder.Kind != domain.MessageReminder || !reminder.DueAt.Equal(time.Date(2026, 3, 3, 21, 0, 0, 0, time.UTC)) {
			t.Fatalf("reminder %+v, want the day before at 18:00 in São Paulo", reminder)
		}

		// The customer moves it a day later: the reminder follows.
		if _, err := a.MoveBooking(ctx, b.Token, app.MoveInput{Date: day(3), Time: "10:00"}, app.Meta{IP: "198.51.100.1"}); err != nil {
			t.Fatal(err)
		}
		_, by = messagesOf(t, a, s, b.ID)
		if len(by[domain.MessageCancelled]) != 1 || by[domain.MessageCancelled][0].Error != "O horário mudou" || len(by[domain.MessagePending]) != 2 ||
			!by[domain.MessagePending][1].DueAt.Equal(time.Date(2026, 3, 4, 21, 0, 0, 0, time.UTC)) {
			t.Fatalf("after the move: %+v", by)
		}

		// The worker sends the notice now, and the reminder only when due.
		if n, err := a.SendDueMessages(ctx, "w1"); err != nil || n != 1 {
			t.Fatalf("sent %d, %v", n, err)
		}
		notice := srv.Wait(t, 1, 5*time.Second)
		if notice.To[0] != "maria@example.com" || !strings.Contains(notice.Data, "Seu horário no Studio Bela") {
			t.Errorf("notice:\n%s", notice.Data)
		}
		clk.set(time.Date(2026, 3, 4, 21, 0, 0, 0, time.UTC))
		if n, err := a.SendDueMessages(ctx, "w1"); err != nil || n != 1 {
			t.Fatalf("sent %d, %v", n, err)
		}
		got := srv.Wait(t, 2, 5*time.Second)
		for _, want := range []string{
			"Subject: =?utf-8?q?Amanh=C3=A3_10:00_", "multipart/alternative", "Olá, Maria!", "quinta-feira, 05/03, às 10:00",
			"Corte com Ana Lima", "Total: R$ 45,90", "Rua Augusta, 100 - São Paulo", "Remarcar ou cancelar: http://agendo.test/agendamento/",
			"List-Unsubscribe: <http://agendo.test/api/v1/public/reminders/", ">Confirmar presença</a>", "Não quer mais lembretes por e-mail?",
		} {
			if !strings.Contains(got.Data, want) {
				t.Errorf("reminder lacks %q:\n%s", want, got.Data)
			}
		}
		_, by = messagesOf(t, a, s, b.ID)
		if len(by[domain.MessageSent]) != 2 || by[domain.MessageSent][1].SentAt == nil {
			t.Fatalf("after sending: %+v", by)
		}

		// One tap confirms; a second tap only shows it.
		match := confirmLink.FindStringSubmatch(got.Data)
		if match == nil {
			t.Fatal("no confirm link")
		}
		view, err := a.ReminderLinkView(ctx, match[1])
		if err != nil || !view.CanConfirm || view.Confirmed || !view.Subscribed || view.Booking.Date != day(3) {
			t.Fatalf("link %+v, %v", view, err)
		}
		for range 2 {
			view, err = a.ConfirmByReminder(ctx, match[1], app.Meta{IP: "198.51.100.1"})
			if err != nil || !view.Confirmed || view.CanConfirm || view.Booking.Status != domain.StatusConfirmed {
				t.Fatalf("confirm %+v, %v", view, err)
			}
		}
		ap, err := a.Appointment(ctx, s.owner, b.ID)
		if err != nil || ap.Status != domain.StatusConfirmed {
			t.Fatalf("appointment %s, %v", ap.Status, err)
		}
		if _, err := a.ReminderLinkView(ctx, match[1]+"x"); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Errorf("a forged link: %v", err)
		}
	})
}

// The link in every message stops the reminders by email: the withdrawal
// is recorded with its words, and what waits to go is cancelled.
func TestTheClientStopsRemindersFromAMessage(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		a, _, s, srv := mailingSalon(t, db, app.Config{})
		ap, err := a.CreateAppointment(ctx, s.owner, domain.AppointmentInput{ClientName: "Maria Souza", ClientPhone: "(11) 91234-0000",
			ClientEmail: "maria@example.com", ServiceID: s.corte, ProfessionalID: s.ana, Date: day(2), Time: "10:00"})
		if err != nil {
			t.Fatal(err)
		}
		later, err := a.CreateAppointment(ctx, s.owner, domain.AppointmentInput{ClientName: "Maria Souza", ClientPhone: "(11) 91234-0000",
			ServiceID: s.corte, ProfessionalID: s.ana, Date: day(9), Time: "10:00"})
		if err != nil {
			t.Fatal(err)
		}
		if _, by := messagesOf(t, a, s, later.ID); len(by[domain.MessagePending]) != 2 {
			t.Fatalf("the email given once serves the client's next booking: %+v", by)
		}
		if _, err := a.SendDueMessages(ctx, "w1"); err != nil {
			t.Fatal(err)
		}
		notice := srv.Wait(t, 1, 5*time.Second)
		token := regexp.MustCompile(`/lembrete/([A-Za-z0-9_-]+)\?sair=1`).FindStringSubmatch(notice.Data)
		if token == nil {
			t.Fatalf("no stop link:\n%s", notice.Data)
		}
		view, err := a.StopReminders(ctx, token[1], app.Meta{IP: "198.51.100.1"})
		if err != nil || view.Subscribed {
			t.Fatalf("stop %+v, %v", view, err)
		}
		for _, id := range []string{ap.ID, later.ID} {
			msgs, by := messagesOf(t, a, s, id)
			if msgs.Email != "" || len(by[domain.MessagePending]) != 0 || len(by[domain.MessageCancelled]) != 1 {
				t.Errorf("after stopping: %+v", msgs)
			}
		}
		ex, err := a.ExportClient(ctx, s.owner, "(11) 91234-0000")
		if err != nil {
			t.Fatal(err)
		}
		if len(ex.Channels) != 2 || ex.Channels[1].Granted || ex.Channels[1].Text != "Não quero mais receber lembretes do Studio Bela paula@example.com por e-mail" {
			t.Errorf("proof of the channel consents: %+v", ex.Channels)
		}
	})
}

// A bad email is refused in Portuguese and books nothing.
func TestABadEmailBooksNothing(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		ctx := context.Background()
		s := openSalon(t, a, "paula@example.com")
		_, err := a.PublicBook(ctx, s.slug, app.PublicBookingInput{ServiceID: s.corte, ProfessionalID: s.ana, Date: day(2), Time: "10:00",
			ClientName: "Maria", ClientPhone: "(11) 91234-0000", ClientEmail: "maria@"}, app.Meta{IP: "198.51.100.1"})
		wantRefusal(t, "a bad email", err, domain.CodeInvalid, "clientEmail", "Informe um e-mail válido, como nome@exemplo.com")
		if page, _ := a.Appointments(ctx, s.owner, domain.AppointmentFilter{From: day(2), To: day(2)}); page.Total != 0 {
			t.Errorf("booked %d", page.Total)
		}
	})
}

// A busy mail server is tried again later, and after MaxMessageAttempts
// the message is given up; cancelling the appointment cancels what waits.
func TestMessagesAreRetriedThenGivenUp(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		a, clk, s, srv := mailingSalon(t, db, app.Config{})
		ap, err := a.CreateAppointment(ctx, s.owner, domain.AppointmentInput{ClientName: "Maria Souza", ClientPhone: "(11) 91234-0000",
			ClientEmail: "maria@example.com", ServiceID: s.corte, ProfessionalID: s.ana, Date: day(20), Time: "10:00"})
		if err != nil {
			t.Fatal(err)
		}
		srv.Refuse(100)
		now := monday09
		for i := 1; i <= domain.MaxMessageAttempts; i++ {
			if n, err := a.SendDueMessages(ctx, "w1"); err != nil || n != 1 {
				t.Fatalf("attempt %d: claimed %d, %v", i, n, err)
			}
			_, by := messagesOf(t, a, s, ap.ID)
			if i < domain.MaxMessageAttempts && (len(by[domain.MessagePending]) != 2 || by[domain.MessagePending][0].Attempts != i) {
				t.Fatalf("attempt %d: %+v", i, by)
			}
			if n, _ := a.SendDueMessages(ctx, "w1"); n != 0 {
				t.Fatalf("attempt %d: tried again before its delay", i)
			}
			now = now.Add(domain.RetryDelay(i))
			clk.set(now)
		}
		_, by := messagesOf(t, a, s, ap.ID)
		if len(by[domain.MessageFailed]) != 1 || by[domain.MessageFailed][0].Error == "" {
			t.Fatalf("given up: %+v", by)
		}
		if _, err := a.SetAppointmentStatus(ctx, s.owner, ap.ID, app.StatusInput{Status: domain.StatusCancelled}); err != nil {
			t.Fatal(err)
		}
		_, by = messagesOf(t, a, s, ap.ID)
		if len(by[domain.MessagePending]) != 0 || len(by[domain.MessageCancelled]) != 1 || by[domain.MessageCancelled][0].Error != "O agendamento foi cancelado ou apagado" {
			t.Fatalf("after cancelling: %+v", by)
		}
	})
}

// The store's settings: hours before, and the day-before time off, plan
// again what is to come; bad values are refused in Portuguese.
func TestReminderSettingsPlanAgain(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		ctx := context.Background()
		s := openSalon(t, a, "paula@example.com")
		ap, err := a.CreateAppointment(ctx, s.owner, domain.AppointmentInput{ClientName: "Maria Souza", ClientPhone: "(11) 91234-0000",
			ClientEmail: "maria@example.com", ServiceID: s.corte, ProfessionalID: s.ana, Date: day(2), Time: "10:00"})
		if err != nil {
			t.Fatal(err)
		}
		in := domain.DefaultReminderSettings()
		in.HoursBefore = []int{7}
		_, err = a.SaveReminderSettings(ctx, s.owner, in)
		wantRefusal(t, "7 hours", err, domain.CodeInvalid, "hoursBefore", "Escolha 1, 2, 3, 4, 6 ou 12 horas antes")
		in.HoursBefore, in.DayBefore = []int{2}, ""
		if _, err := a.SaveReminderSettings(ctx, s.owner, in); err != nil {
			t.Fatal(err)
		}
		_, by := messagesOf(t, a, s, ap.ID)
		pending := by[domain.MessagePending]
		if len(pending) != 2 || !pending[1].DueAt.Equal(time.Date(2026, 3, 4, 11, 0, 0, 0, time.UTC)) {
			t.Fatalf("planned again: %+v", by)
		}
		got, err := a.ReminderSettings(ctx, s.owner)
		if err != nil || got.DayBefore != "" || len(got.HoursBefore) != 1 {
			t.Errorf("read back %+v, %v", got, err)
		}
	})
}

// Workers of two instances claim at once, many times over: each message is
// sent exactly once (on PostgreSQL, READ COMMITTED would let two claim one
// row without the claim's second check).
func TestWorkersNeverSendAMessageTwice(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		a, _, s, srv := mailingSalon(t, db, app.Config{})
		sender, _ := mail.NewSMTP(srv.URL())
		b, _ := newAppMailing(t, db, app.Config{}, sender)
		s.premium(t, db)
		const clients = 30
		for i := range clients {
			if _, err := a.CreateAppointment(ctx, s.owner, domain.AppointmentInput{ClientName: fmt.Sprintf("Cliente %d", i),
				ClientPhone: fmt.Sprintf("(11) 9%04d-0000", 1000+i), ClientEmail: fmt.Sprintf("cliente%d@example.com", i),
				ServiceID: s.corte, ProfessionalID: s.ana, Date: day(2 + i/8), Time: hhmm(i % 8 * 60), Force: true}); err != nil {
				t.Fatal(err)
			}
		}
		var wg sync.WaitGroup
		for w := range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				inst := []*app.App{a, b}[w%2]
				for range 10 {
					if _, err := inst.SendDueMessages(ctx, fmt.Sprintf("w%d", w)); err != nil {
						t.Error(err)
						return
					}
				}
			}()
		}
		wg.Wait()
		seen := map[string]int{}
		for _, m := range srv.All() {
			seen[m.To[0]]++
		}
		if len(seen) != clients {
			t.Errorf("%d clients got their notice, want %d", len(seen), clients)
		}
		for to, n := range seen {
			if n != 1 {
				t.Errorf("%s got %d notices", to, n)
			}
		}
	})
}

// Maria lets her phone notify her from the manage link: her reminder comes
// as a push, decrypted by the push service double as her browser would,
// with 'Confirmar', whose address confirms her presence. The owner's
// phone hears of her booking and of her move; a phone that revoked the
// permission (410) is forgotten.
func TestRemindersGoAsPushAndTheTeamHearsOfBookings(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc := pushtest.Start(t)
		a, clk := newAppWith(t, db, app.Config{PushLocal: true})
		s := openSalon(t, a, "paula@example.com")
		key, err := a.PushPublicKey(ctx)
		if err != nil || key.PublicKey == "" {
			t.Fatalf("key %v", err)
		}
		ownerPhone := svc.Subscribe(t, key.PublicKey)
		if _, err := a.SubscribePush(ctx, s.owner, app.PushSubscriptionInput(ownerPhone)); err != nil {
			t.Fatal(err)
		}
		b, err := a.PublicBook(ctx, s.slug, app.PublicBookingInput{ServiceID: s.corte, ProfessionalID: s.ana, Date: day(2), Time: "10:00",
			ClientName: "Maria Souza", ClientPhone: "(11) 91234-0000"}, app.Meta{IP: "198.51.100.1"})
		if err != nil {
			t.Fatal(err)
		}
		mariaPhone := svc.Subscribe(t, key.PublicKey)
		if _, err := a.SubscribeBookingPush(ctx, b.Token, app.PushSubscriptionInput(mariaPhone), app.Meta{IP: "198.51.100.1"}); err != nil {
			t.Fatal(err)
		}
		if _, err := a.SendDueMessages(ctx, "w1"); err != nil {
			t.Fatal(err)
		}
		notice := svc.Wait(t, 1, 5*time.Second)
		var p struct{ Title, Body, URL, Confirm string }
		if err := json.Unmarshal(notice.Payload, &p); err != nil || notice.Endpoint != ownerPhone.Endpoint ||
			p.Title != "Novo agendamento pela página" || p.Body != "Maria Souza · 04/03 10:00 — Corte com Ana Lima" ||
			p.URL != "http://agendo.test/dashboard/appointments?view=day&date="+day(2) {
			t.Fatalf("the owner's notice: %s (%v)", notice.Payload, err)
		}

		clk.set(time.Date(2026, 3, 3, 21, 0, 0, 0, time.UTC)) // the day before at 18:00
		if _, err := a.SendDueMessages(ctx, "w1"); err != nil {
			t.Fatal(err)
		}
		reminder := svc.Wait(t, 2, 5*time.Second)
		if err := json.Unmarshal(reminder.Payload, &p); err != nil || reminder.Endpoint != mariaPhone.Endpoint ||
			p.Title != "Amanhã 10:00 — Corte com Ana Lima no Studio Bela paula@example.com" || !strings.Contains(string(reminder.Payload), `"action":"confirm"`) {
			t.Fatalf("the reminder: %s (%v)", reminder.Payload, err)
		}
		token := strings.TrimSuffix(strings.TrimPrefix(p.Confirm, "http://agendo.test/api/v1/public/reminders/"), "/confirm")
		if view, err := a.ConfirmByReminder(ctx, token, app.Meta{IP: "198.51.100.1"}); err != nil || !view.Confirmed {
			t.Fatalf("confirm from the notification: %+v, %v", view, err)
		}

		// Maria's phone revoked the permission; she moves: the owner hears of it, her reminder finds no phone.
		svc.Forget(mariaPhone.Endpoint)
		if _, err := a.MoveBooking(ctx, b.Token, app.MoveInput{Date: day(3), Time: "10:00"}, app.Meta{IP: "198.51.100.1"}); err != nil {
			t.Fatal(err)
		}
		clk.set(time.Date(2026, 3, 4, 21, 0, 0, 0, time.UTC))
		if _, err := a.SendDueMessages(ctx, "w1"); err != nil {
			t.Fatal(err)
		}
		if moved := svc.Wait(t, 3, 5*time.Second); !strings.Contains(string(moved.Payload), "Cliente remarcou pela página") {
			t.Errorf("the owner's notice of the move: %s", moved.Payload)
		}
		_, by := messagesOf(t, a, s, b.ID)
		gone := by[domain.MessageCancelled]
		if len(gone) == 0 || gone[len(gone)-1].Error != "O aparelho não recebe mais notificações" {
			t.Errorf("the reminder to a revoked phone: %+v", by)
		}
		if _, err := a.SubscribeBookingPush(ctx, b.Token, app.PushSubscriptionInput{Endpoint: "https://x", P256dh: "AAAA"}, app.Meta{IP: "198.51.100.1"}); domain.ErrorCode(err) != domain.CodeInvalid {
			t.Errorf("a broken subscription: %v", err)
		}
	})
}

// Anyone may type anyone's phone on the store page: the email typed there
// never replaces the one the client gave, so no stranger can take over
// their reminders (and the manage link in them). The salon's form can.
func TestAStorePageEmailNeverReplacesTheClients(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		ctx := context.Background()
		s := openSalon(t, a, "paula@example.com")
		first, err := a.CreateAppointment(ctx, s.owner, domain.AppointmentInput{ClientName: "Maria Souza", ClientPhone: "(11) 91234-0000",
			ClientEmail: "maria@example.com", ServiceID: s.corte, ProfessionalID: s.ana, Date: day(2), Time: "10:00"})
		if err != nil {
			t.Fatal(err)
		}
		b, err := a.PublicBook(ctx, s.slug, app.PublicBookingInput{ServiceID: s.corte, ProfessionalID: s.ana, Date: day(3), Time: "10:00",
			ClientName: "Maria Souza", ClientPhone: "(11) 91234-0000", ClientEmail: "intruso@example.com"}, app.Meta{IP: "198.51.100.1"})
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range []string{first.ID, b.ID} {
			msgs, _ := messagesOf(t, a, s, id)
			for _, m := range msgs.Items {
				if m.Recipient != "maria@example.com" {
					t.Errorf("a message to %s", m.Recipient)
				}
			}
			if msgs.Email != "maria@example.com" {
				t.Errorf("the client's email became %q", msgs.Email)
			}
		}
		if _, err := a.UpdateAppointment(ctx, s.owner, first.ID, domain.AppointmentInput{ClientName: "Maria Souza", ClientPhone: "(11) 91234-0000",
			ClientEmail: "maria.nova@example.com", ServiceID: s.corte, ProfessionalID: s.ana, Date: day(2), Time: "10:00"}); err != nil {
			t.Fatal(err)
		}
		if msgs, _ := messagesOf(t, a, s, b.ID); msgs.Email != "maria.nova@example.com" {
			t.Errorf("the salon's change: %q", msgs.Email)
		}
	})
}

// Many taps on one reminder's 'Confirmar' at once (a notification tapped
// twice, the email's link opened on two devices) confirm once: the
// message's row is locked before it is read, so on PostgreSQL the later
// ones see it confirmed and change nothing.
func TestManyConfirmTapsConfirmOnce(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		a, _, s, srv := mailingSalon(t, db, app.Config{PublicBookingsPerIP: 1000})
		ap, err := a.CreateAppointment(ctx, s.owner, domain.AppointmentInput{ClientName: "Maria Souza", ClientPhone: "(11) 91234-0000",
			ClientEmail: "maria@example.com", ServiceID: s.corte, ProfessionalID: s.ana, Date: day(2), Time: "10:00"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := a.SendDueMessages(ctx, "w1"); err != nil {
			t.Fatal(err)
		}
		token := regexp.MustCompile(`/lembrete/([A-Za-z0-9_-]+)\?sair=1`).FindStringSubmatch(srv.Wait(t, 1, 5*time.Second).Data)
		if token == nil {
			t.Fatal("no link")
		}
		var wg sync.WaitGroup
		for i := range 12 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, err := a.ConfirmByReminder(ctx, token[1], app.Meta{IP: fmt.Sprintf("198.51.100.%d", i+1)}); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		msgs, _ := messagesOf(t, a, s, ap.ID)
		confirmed := 0
		for _, m := range msgs.Items {
			if m.ConfirmedAt != nil {
				confirmed++
			}
		}
		got, err := a.Appointment(ctx, s.owner, ap.ID)
		if err != nil || got.Status != domain.StatusConfirmed || confirmed != 1 {
			t.Errorf("status %s, %d messages confirmed, %v", got.Status, confirmed, err)
		}
	})
}
