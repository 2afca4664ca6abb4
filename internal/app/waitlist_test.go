package app_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"agendo/internal/app"
	"agendo/internal/domain"
	"agendo/internal/push/pushtest"
	"agendo/internal/store"
	"agendo/internal/store/storetest"
)

// drainOutbox sends every message due, as the outbox's worker would.
func drainOutbox(t *testing.T, a *app.App) {
	t.Helper()
	for {
		n, err := a.SendDueMessages(context.Background(), "w1")
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			return
		}
	}
}

// offerToken is the token of the offer the salon's list shows for name.
func offerToken(t *testing.T, a *app.App, p app.Principal, name string) string {
	t.Helper()
	list, err := a.Waitlist(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range list.Items {
		if it.ClientName == name && it.Status == domain.WaitlistOffered {
			if !strings.Contains(it.WhatsApp, "wa.me/") || !strings.Contains(it.WhatsApp, "reservado") {
				t.Errorf("WhatsApp of the offer: %q", it.WhatsApp)
			}
			return it.OfferLink[strings.LastIndex(it.OfferLink, "/")+1:]
		}
	}
	t.Fatalf("no offer for %s in %+v", name, list.Items)
	return ""
}

// TestAFreedTimeGoesToTheFirstInLine: a customer joins a day's line (twice
// keeps her place); a cancellation offers its time to her, held by a
// blocked time no one else can book, with an email queued; her link books
// it once; an offer not taken in 30 minutes passes to the next in line.
func TestAFreedTimeGoesToTheFirstInLine(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		a, clock := newApp(t, db)
		ctx := context.Background()
		s := openSalon(t, a, "espera@example.com")
		date := day(5)
		taken := s.book(t, a, "(11) 97777-0001", date, "10:00", "")
		later := s.book(t, a, "(11) 97777-0002", date, "14:00", "")

		join := func(name, phone, email string) app.WaitlistJoined {
			t.Helper()
			j, err := a.JoinWaitlist(ctx, s.slug, app.WaitlistInput{ServiceID: s.corte, ProfessionalID: app.AnyProfessional, Date: date,
				ClientName: name, ClientPhone: phone, ClientEmail: email}, app.Meta{IP: "198.51.100.7"})
			if err != nil {
				t.Fatal(err)
			}
			return j
		}
		if j := join("Yasmin Carvalho", "(11) 96666-1111", "yasmin@example.com"); j.Position != 1 {
			t.Fatalf("first: %+v", j)
		}
		if j := join("Zilda Prado", "(11) 96666-2222", ""); j.Position != 2 {
			t.Fatalf("second: %+v", j)
		}
		if j := join("Yasmin C.", "11966661111", ""); j.Position != 1 {
			t.Fatalf("joining again: %+v", j)
		}
		var de *domain.Error
		for _, bad := range []app.WaitlistInput{
			{ServiceID: s.corte, ProfessionalID: app.AnyProfessional, Date: day(-1), ClientName: "Ontem", ClientPhone: "11966663333"},
			{ServiceID: s.corte, ProfessionalID: app.AnyProfessional, Date: date, ClientName: "", ClientPhone: "11966663333"},
			{ServiceID: s.escova, ProfessionalID: s.bruno, Date: date, ClientName: "Bruno Não Faz", ClientPhone: "11966663333"},
			{ServiceID: s.corte, ProfessionalID: app.AnyProfessional, Date: "2026-02-30", ClientName: "Data", ClientPhone: "11966663333"},
		} {
			if _, err := a.JoinWaitlist(ctx, s.slug, bad, app.Meta{IP: "198.51.100.7"}); !errors.As(err, &de) || de.Code != domain.CodeInvalid {
				t.Errorf("%+v: %v", bad, err)
			}
		}

		// The 10:00 is cancelled: Yasmin is offered it, held from everyone else.
		if _, err := a.SetAppointmentStatus(ctx, s.owner, taken.ID, app.StatusInput{Status: domain.StatusCancelled}); err != nil {
			t.Fatal(err)
		}
		token := offerToken(t, a, s.owner, "Yasmin Carvalho")
		_, err := a.PublicBook(ctx, s.slug, app.PublicBookingInput{ServiceID: s.corte, ProfessionalID: s.ana, Date: date, Time: "10:00",
			ClientName: "Outra Pessoa", ClientPhone: "(11) 95555-0000"}, app.Meta{IP: "198.51.100.8"})
		if err == nil {
			t.Fatal("someone else booked the held time")
		}
		offer, err := a.ViewWaitlistOffer(ctx, token)
		if err != nil || offer.Status != domain.WaitlistOffered || offer.Time != "10:00" || offer.Professional != "Ana Lima" || offer.Service != "Corte" {
			t.Fatalf("offer: %+v %v", offer, err)
		}
		if _, err := a.ViewWaitlistOffer(ctx, token+"x"); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Fatalf("forged link: %v", err)
		}
		if err := db.Read(ctx, func(tx *store.Tx) error {
			list, err := tx.Waitlist(ctx, s.owner.StoreID, date)
			if err != nil {
				return err
			}
			msgs, err := tx.SubjectMessages(ctx, s.owner.StoreID, list[0].ID)
			if err != nil {
				return err
			}
			if len(msgs) != 1 || msgs[0].Kind != domain.MessageWaitlistOffer || msgs[0].Recipient != "yasmin@example.com" {
				t.Errorf("offer email: %+v", msgs)
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}

		b, err := a.ClaimWaitlistOffer(ctx, token, app.Meta{IP: "198.51.100.9"})
		if err != nil || b.Time != "10:00" || b.Date != date || b.ClientName != "Yasmin Carvalho" {
			t.Fatalf("claim: %+v %v", b, err)
		}
		if _, err := a.ClaimWaitlistOffer(ctx, token, app.Meta{IP: "198.51.100.9"}); !errors.As(err, &de) || !strings.Contains(de.Message, "não está mais reservado") {
			t.Fatalf("second claim: %v", err)
		}

		// The 14:00 frees: Zilda is offered it, and lets it pass.
		if _, err := a.DeleteAppointment(ctx, s.owner, later.ID); err != nil {
			t.Fatal(err)
		}
		token = offerToken(t, a, s.owner, "Zilda Prado")
		clock.set(clock.Now().Add(domain.WaitlistHold + time.Minute))
		if err := a.ExpireWaitlistOffers(ctx); err != nil {
			t.Fatal(err)
		}
		if _, err := a.ClaimWaitlistOffer(ctx, token, app.Meta{IP: "198.51.100.9"}); !errors.As(err, &de) {
			t.Fatalf("late claim: %v", err)
		}
		if offer, _ := a.ViewWaitlistOffer(ctx, token); offer.Status != domain.WaitlistExpired {
			t.Fatalf("after 30 minutes: %+v", offer)
		}
		// The hold is gone: the 14:00 is anyone's again.
		if _, err := a.PublicBook(ctx, s.slug, app.PublicBookingInput{ServiceID: s.corte, ProfessionalID: s.ana, Date: date, Time: "14:00",
			ClientName: "Outra Pessoa", ClientPhone: "(11) 95555-0000"}, app.Meta{IP: "198.51.100.8"}); err != nil {
			t.Fatalf("the freed 14:00 after the offer passed: %v", err)
		}
		healthy(t, a, s.owner)
	})
}

// TestAnOfferIsClaimedOnce: eight taps on one offer's link at once book
// one appointment.
func TestAnOfferIsClaimedOnce(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		ctx := context.Background()
		s := openSalon(t, a, "uma-vez@example.com")
		date := day(4)
		taken := s.book(t, a, "(11) 97777-0001", date, "11:00", "")
		if _, err := a.JoinWaitlist(ctx, s.slug, app.WaitlistInput{ServiceID: s.corte, ProfessionalID: s.ana, Date: date,
			ClientName: "Rita Lopes", ClientPhone: "(11) 96666-4444"}, app.Meta{IP: "198.51.100.7"}); err != nil {
			t.Fatal(err)
		}
		if _, err := a.SetAppointmentStatus(ctx, s.owner, taken.ID, app.StatusInput{Status: domain.StatusCancelled}); err != nil {
			t.Fatal(err)
		}
		token := offerToken(t, a, s.owner, "Rita Lopes")
		var wg sync.WaitGroup
		booked := make(chan bool, 8)
		for i := range 8 {
			wg.Go(func() {
				_, err := a.ClaimWaitlistOffer(ctx, token, app.Meta{IP: "198.51.100." + string(rune('1'+i))})
				booked <- err == nil
			})
		}
		wg.Wait()
		close(booked)
		n := 0
		for ok := range booked {
			if ok {
				n++
			}
		}
		if n != 1 {
			t.Fatalf("%d of 8 claims booked", n)
		}
		page, err := a.Appointments(ctx, s.owner, domain.AppointmentFilter{From: date, To: date})
		if err != nil {
			t.Fatal(err)
		}
		rita := 0
		for _, ap := range page.Items {
			if ap.ClientName == "Rita Lopes" {
				rita++
			}
		}
		if rita != 1 {
			t.Fatalf("Rita has %d appointments", rita)
		}
	})
}

// TestAnOfferGoesByEmail: the first in line who left an email gets the
// offer by the outbox, through a real SMTP conversation, with her link;
// once booked, a queued offer is not sent.
func TestAnOfferGoesByEmail(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		a, _, s, srv := mailingSalon(t, db, app.Config{BaseURL: "http://agendo.test"})
		ctx := context.Background()
		date := day(3)
		taken := s.book(t, a, "(11) 97777-0001", date, "15:00", "")
		if _, err := a.JoinWaitlist(ctx, s.slug, app.WaitlistInput{ServiceID: s.corte, ProfessionalID: app.AnyProfessional, Date: date,
			ClientName: "Yasmin Carvalho", ClientPhone: "(11) 96666-1111", ClientEmail: "yasmin@example.com"}, app.Meta{IP: "198.51.100.7"}); err != nil {
			t.Fatal(err)
		}
		if _, err := a.SetAppointmentStatus(ctx, s.owner, taken.ID, app.StatusInput{Status: domain.StatusCancelled}); err != nil {
			t.Fatal(err)
		}
		drainOutbox(t, a)
		var got string
		for i := 1; got == ""; i++ {
			if m := srv.Wait(t, i, 5*time.Second); m.To[0] == "yasmin@example.com" {
				got = m.Data
			}
		}
		for _, want := range []string{"Olá, Yasmin!", "Abriu um horário no Studio Bela", "às 15:00", "http://agendo.test/lista-de-espera/",
			"reservado para você até as"} {
			if !strings.Contains(strings.ReplaceAll(got, "=\r\n", ""), want) {
				t.Errorf("offer email lacks %q:\n%s", want, got)
			}
		}
	})
}

// TestAMoveOffersTheTimeItLeaves: a move gives its old time to the line,
// unless the new time still takes part of it.
func TestAMoveOffersTheTimeItLeaves(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		ctx := context.Background()
		s := openSalon(t, a, "muda@example.com")
		date := day(6)
		ap := s.book(t, a, "(11) 97777-0001", date, "10:00", "")
		if _, err := a.JoinWaitlist(ctx, s.slug, app.WaitlistInput{ServiceID: s.corte, ProfessionalID: s.ana, Date: date,
			ClientName: "Rita Lopes", ClientPhone: "(11) 96666-4444"}, app.Meta{IP: "198.51.100.7"}); err != nil {
			t.Fatal(err)
		}
		move := func(to string) {
			t.Helper()
			if _, err := a.UpdateAppointment(ctx, s.owner, ap.ID, domain.AppointmentInput{ClientName: "Maria Souza", ClientPhone: "(11) 97777-0001",
				ServiceID: s.corte, ProfessionalID: s.ana, Date: date, Time: to, Force: true}); err != nil {
				t.Fatal(err)
			}
		}
		offered := func() string {
			t.Helper()
			list, err := a.Waitlist(ctx, s.owner)
			if err != nil || len(list.Items) != 1 {
				t.Fatalf("waitlist: %+v %v", list, err)
			}
			return list.Items[0].OfferTime
		}
		move("10:15") // 10:00–10:15 alone is too short for a 45-minute Corte, and 10:15 is taken
		if got := offered(); got != "" {
			t.Fatalf("offered %q after a move of 15 minutes", got)
		}
		move("16:00")
		if got := offered(); got != "10:15" {
			t.Fatalf("offered %q after the move to 16:00, want 10:15", got)
		}
	})
}

// TestAnOfferGoesToThePhoneThatAllowedNotifications: a customer in line
// who allowed the store's notifications on a booking gets the offer as a
// push (decrypted by the push service double), with her link.
func TestAnOfferGoesToThePhoneThatAllowedNotifications(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc := pushtest.Start(t)
		a, _ := newAppWith(t, db, app.Config{PushLocal: true})
		s := openSalon(t, a, "push-espera@example.com")
		key, err := a.PushPublicKey(ctx)
		if err != nil {
			t.Fatal(err)
		}
		date := day(3)
		// Yasmin booked another day once, and allowed notifications then.
		b, err := a.PublicBook(ctx, s.slug, app.PublicBookingInput{ServiceID: s.corte, ProfessionalID: s.ana, Date: day(9), Time: "10:00",
			ClientName: "Yasmin Carvalho", ClientPhone: "(11) 96666-1111"}, app.Meta{IP: "198.51.100.1"})
		if err != nil {
			t.Fatal(err)
		}
		phone := svc.Subscribe(t, key.PublicKey)
		if _, err := a.SubscribeBookingPush(ctx, b.Token, app.PushSubscriptionInput(phone), app.Meta{IP: "198.51.100.1"}); err != nil {
			t.Fatal(err)
		}
		taken := s.book(t, a, "(11) 97777-0001", date, "15:00", "")
		if _, err := a.JoinWaitlist(ctx, s.slug, app.WaitlistInput{ServiceID: s.corte, ProfessionalID: app.AnyProfessional, Date: date,
			ClientName: "Yasmin Carvalho", ClientPhone: "(11) 96666-1111"}, app.Meta{IP: "198.51.100.7"}); err != nil {
			t.Fatal(err)
		}
		if _, err := a.SetAppointmentStatus(ctx, s.owner, taken.ID, app.StatusInput{Status: domain.StatusCancelled}); err != nil {
			t.Fatal(err)
		}
		drainOutbox(t, a)
		var p struct{ Title, Body, URL string }
		for i := 1; p.Title == ""; i++ {
			got := svc.Wait(t, i, 5*time.Second)
			var q struct{ Title, Body, URL string }
			if err := json.Unmarshal(got.Payload, &q); err == nil && strings.HasPrefix(q.Title, "Abriu um horário") {
				p = q
			}
		}
		if !strings.Contains(p.Body, "às 15:00: reservado para você até as") || !strings.Contains(p.URL, "/lista-de-espera/") {
			t.Fatalf("offer push: %+v", p)
		}
	})
}

// TestAClientsWaitlistIsInHerDataAndGoesWithHer: her export lists where she
// waited; anonymising takes her out of the line and her name and phone off
// it.
func TestAClientsWaitlistIsInHerDataAndGoesWithHer(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		ctx := context.Background()
		s := openSalon(t, a, "lgpd-espera@example.com")
		s.book(t, a, "(11) 96666-1111", day(1), "10:00", "")
		if _, err := a.JoinWaitlist(ctx, s.slug, app.WaitlistInput{ServiceID: s.corte, ProfessionalID: app.AnyProfessional, Date: day(4),
			ClientName: "Yasmin Carvalho", ClientPhone: "(11) 96666-1111", ClientEmail: "yasmin@example.com"}, app.Meta{IP: "198.51.100.7"}); err != nil {
			t.Fatal(err)
		}
		x, err := a.ExportClient(ctx, s.owner, "+5511966661111")
		if err != nil || len(x.Waitlist) != 1 || x.Waitlist[0].Date != day(4) || x.Waitlist[0].ClientEmail != "yasmin@example.com" {
			t.Fatalf("export: %+v %v", x.Waitlist, err)
		}
		if _, err := a.AnonymizeClient(ctx, s.owner, "+5511966661111"); err != nil {
			t.Fatal(err)
		}
		list, err := a.Waitlist(ctx, s.owner)
		if err != nil || len(list.Items) != 1 {
			t.Fatalf("waitlist: %+v %v", list, err)
		}
		if e := list.Items[0]; e.ClientName != domain.AnonymousName || strings.Contains(e.ClientPhone, "96666") || e.ClientEmail != "" ||
			e.Status != domain.WaitlistRemoved {
			t.Fatalf("after anonymising: %+v", e)
		}
	})
}

// TestOffersSurviveWhatTheSalonDoes: a time the salon booked off the page's
// step is claimed all the same (the salon offered it); an offer whose
// service the salon deleted ends without stopping the others; an offered
// customer anonymised frees her hold.
func TestOffersSurviveWhatTheSalonDoes(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		a, clock := newApp(t, db)
		ctx := context.Background()
		s := openSalon(t, a, "resiste@example.com")
		date := day(5)
		join := func(name, phone, service string) {
			t.Helper()
			if _, err := a.JoinWaitlist(ctx, s.slug, app.WaitlistInput{ServiceID: service, ProfessionalID: s.ana, Date: date,
				ClientName: name, ClientPhone: phone}, app.Meta{IP: "198.51.100.7"}); err != nil {
				t.Fatal(err)
			}
		}
		cancel := func(ap domain.Appointment) {
			t.Helper()
			if _, err := a.SetAppointmentStatus(ctx, s.owner, ap.ID, app.StatusInput{Status: domain.StatusCancelled}); err != nil {
				t.Fatal(err)
			}
		}
		// 10:10 is off the page's 15-minute step: the salon booked it by hand.
		offStep := s.book(t, a, "(11) 97777-0001", date, "10:10", "")
		join("Rita Lopes", "(11) 96666-4444", s.corte)
		cancel(offStep)
		if b, err := a.ClaimWaitlistOffer(ctx, offerToken(t, a, s.owner, "Rita Lopes"), app.Meta{IP: "198.51.100.9"}); err != nil || b.Time != "10:10" {
			t.Fatalf("claim off the step: %+v %v", b, err)
		}

		// Escova is offered, then the salon deletes the service.
		escova := s.book(t, a, "(11) 97777-0002", date, "14:00", "")
		join("Sara Dias", "(11) 96666-5555", s.escova)
		cancel(escova)
		offerToken(t, a, s.owner, "Sara Dias")
		if err := a.DeleteService(ctx, s.owner, s.escova); err != nil {
			t.Fatal(err)
		}
		// Another offer, for Corte, at 16:00.
		later := s.book(t, a, "(11) 97777-0003", date, "16:00", "")
		join("Vera Nunes", "(11) 96666-6666", s.corte)
		cancel(later)
		vera := offerToken(t, a, s.owner, "Vera Nunes")
		if _, err := a.AnonymizeClient(ctx, s.owner, "(11) 96666-6666"); err != nil {
			t.Fatal(err)
		}
		if _, err := a.ClaimWaitlistOffer(ctx, vera, app.Meta{IP: "198.51.100.9"}); err == nil {
			t.Fatal("an anonymised customer's offer still books")
		}
		clock.set(clock.Now().Add(domain.WaitlistHold + time.Minute))
		if err := a.ExpireWaitlistOffers(ctx); err != nil {
			t.Fatal(err)
		}
		// No hold is left: 14:00 and 16:00 are anyone's.
		for _, tm := range []string{"14:00", "16:00"} {
			if _, err := a.PublicBook(ctx, s.slug, app.PublicBookingInput{ServiceID: s.corte, ProfessionalID: s.ana, Date: date, Time: tm,
				ClientName: "Outra Pessoa", ClientPhone: "(11) 95555-000" + tm[:1]}, app.Meta{IP: "198.51.100.8"}); err != nil {
				t.Errorf("%s after the offers ended: %v", tm, err)
			}
		}
		healthy(t, a, s.owner)
	})
}

// TestANewPhoneOntoARecordKeepsTheRecord: a client known by appointments
// corrected to the phone of a client the salon keeps a record of keeps
// that record (it is not erased by her empty one).
func TestANewPhoneOntoARecordKeepsTheRecord(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		ctx := context.Background()
		s := openSalon(t, a, "junta@example.com")
		s.book(t, a, "(11) 98888-7777", day(1), "10:00", "")
		if _, err := a.CreateClient(ctx, s.owner, app.ClientInput{Name: "Maria Souza", Phone: "(11) 95555-4444", Notes: "Alérgica a amônia",
			Birthday: "15/03"}); err != nil {
			t.Fatal(err)
		}
		if _, err := a.UpdateClient(ctx, s.owner, "+5511988887777", app.ClientUpdate{Name: "Maria Souza", Phone: "(11) 95555-4444"}); err != nil {
			t.Fatal(err)
		}
		d, err := a.ClientHistory(ctx, s.owner, "+5511955554444")
		if err != nil || d.Record.Notes != "Alérgica a amônia" || d.Record.Birthday != "--03-15" || d.AppointmentCount != 1 {
			t.Fatalf("after the correction: %+v %+v %v", d.Client, d.Record, err)
		}
		if n := clientCount(t, a, s.owner); n != 1 {
			t.Fatalf("clients: %d", n)
		}
		healthy(t, a, s.owner)
	})
}
