package app_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"

	"agendo/internal/app"
	"agendo/internal/domain"
	"agendo/internal/store"
)

// healthy fails t when the store's summaries disagree with its rows.
func healthy(t *testing.T, a *app.App, p app.Principal) {
	t.Helper()
	r, err := a.Integrity(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if !r.OK {
		t.Fatalf("integrity: %v", r.Issues)
	}
}

// clientCount is the dashboard's count of clients.
func clientCount(t *testing.T, a *app.App, p app.Principal) int {
	t.Helper()
	d, err := a.Dashboard(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	page, err := a.Clients(context.Background(), p, domain.ClientFilter{})
	if err != nil {
		t.Fatal(err)
	}
	if d.Clients != page.Total || page.Total != len(page.Items) {
		t.Fatalf("dashboard counts %d clients, the list %d (%d shown)", d.Clients, page.Total, len(page.Items))
	}
	return d.Clients
}

// TestAClientAddedByHandKeepsHerRecordBesideHerAppointments: a client the
// salon adds (a phone without DDD takes the store's) is in the list and
// the count with no appointment; her record's name stays when she books
// online as 'Ju'; she stays when her only appointment is deleted, and goes
// when the salon deletes her; a client with appointments is anonymised,
// never deleted.
func TestAClientAddedByHandKeepsHerRecordBesideHerAppointments(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		ctx := context.Background()
		s := openSalon(t, a, "ficha@example.com")
		s.book(t, a, "(21) 97777-6666", day(1), "10:00", "") // a client known by her appointment only
		if n := clientCount(t, a, s.owner); n != 1 {
			t.Fatalf("clients before: %d", n)
		}

		in := app.ClientInput{Name: "  Juliana   Albuquerque de Vasconcelos ", Phone: "91234-5678", Phone2: "3456-1234",
			Email: " Juliana.Vasc@Example.com ", Birthday: "15/03/1985", Notes: "Alérgica a amônia.\nPrefere horários pela manhã.",
			Tags: []string{"VIP", "noiva, coloração", "vip"}}
		d, err := a.CreateClient(ctx, s.owner, in)
		if err != nil {
			t.Fatal(err)
		}
		const phone = "+5511912345678" // the store's DDD
		if d.Phone != phone || d.Name != "Juliana Albuquerque de Vasconcelos" || !d.Registered || d.AppointmentCount != 0 {
			t.Fatalf("created: %+v", d.Client)
		}
		want := domain.ClientRecord{Phone2: "+551134561234", Email: "juliana.vasc@example.com", Birthday: "1985-03-15",
			Notes: "Alérgica a amônia.\nPrefere horários pela manhã.", Tags: []string{"VIP", "noiva", "coloração"}}
		if d.Record.Phone2 != want.Phone2 || d.Record.Email != want.Email || d.Record.Birthday != want.Birthday ||
			d.Record.Notes != want.Notes || strings.Join(d.Record.Tags, "|") != strings.Join(want.Tags, "|") {
			t.Fatalf("record: %+v, want %+v", d.Record, want)
		}
		if n := clientCount(t, a, s.owner); n != 2 {
			t.Fatalf("clients with the one added: %d", n)
		}
		healthy(t, a, s.owner)

		// One phone, one client: as typed another way too.
		_, err = a.CreateClient(ctx, s.owner, app.ClientInput{Name: "Outra Juliana", Phone: "+55 (11) 91234-5678"})
		var de *domain.Error
		if !errors.As(err, &de) || de.Fields["phone"] != "Já existe um cliente com este telefone" {
			t.Fatalf("a second client with the phone: %v", err)
		}
		for _, bad := range []app.ClientInput{
			{Name: "", Phone: "11912340000"},
			{Name: "Sem Telefone", Phone: ""},
			{Name: "Do Exterior", Phone: "+1 415 555 0100"},
			{Name: "Aniversário Errado", Phone: "11912340001", Birthday: "31/02/1990"},
			{Name: "E-mail Errado", Phone: "11912340002", Email: "nao-e-email"},
			{Name: "Etiquetas Demais", Phone: "11912340003", Tags: strings.Split("a,b,c,d,e,f,g,h,i,j,k", ",")},
		} {
			if _, err := a.CreateClient(ctx, s.owner, bad); !errors.As(err, &de) || de.Code != domain.CodeInvalid {
				t.Errorf("%+v: got %v, want invalid", bad, err)
			}
		}
		if n := clientCount(t, a, s.owner); n != 2 {
			t.Fatalf("refusals wrote clients: %d", n)
		}

		// She books online as 'Ju': her record keeps the salon's name.
		ap, err := a.CreateAppointment(ctx, s.owner, domain.AppointmentInput{ClientName: "Ju", ClientPhone: "(11) 91234-5678",
			ServiceID: s.corte, ProfessionalID: s.ana, Date: day(2), Time: "11:00", Force: true})
		if err != nil {
			t.Fatal(err)
		}
		d, err = a.ClientHistory(ctx, s.owner, phone)
		if err != nil || d.Name != "Juliana Albuquerque de Vasconcelos" || d.AppointmentCount != 1 || d.Record.Notes != want.Notes {
			t.Fatalf("after booking: %+v %v", d.Client, err)
		}
		if err := a.DeleteClient(ctx, s.owner, phone); !errors.As(err, &de) || !strings.Contains(de.Message, "Anonimizar") {
			t.Fatalf("deleting a client with appointments: %v", err)
		}
		healthy(t, a, s.owner)

		// Her only appointment deleted: she stays, with her record.
		if _, err := a.DeleteAppointment(ctx, s.owner, ap.ID); err != nil {
			t.Fatal(err)
		}
		d, err = a.ClientHistory(ctx, s.owner, phone)
		if err != nil || d.AppointmentCount != 0 || d.Record.Birthday != "1985-03-15" {
			t.Fatalf("after the appointment went: %+v %v", d, err)
		}
		if n := clientCount(t, a, s.owner); n != 2 {
			t.Fatalf("clients after the appointment went: %d", n)
		}
		healthy(t, a, s.owner)

		if err := a.DeleteClient(ctx, s.owner, phone); err != nil {
			t.Fatal(err)
		}
		if _, err := a.ClientHistory(ctx, s.owner, phone); !errors.Is(err, domain.ErrNotFound) {
			t.Fatalf("deleted client: %v", err)
		}
		if n := clientCount(t, a, s.owner); n != 1 {
			t.Fatalf("clients after deleting: %d", n)
		}
		healthy(t, a, s.owner)
	})
}

// TestARecordFollowsItsClient: editing a client known by appointments
// gives her a record; a new phone takes the record along (the old one is
// no client any more); two records are never merged; anonymising erases
// the record with the rest, and the export holds it before.
func TestARecordFollowsItsClient(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		ctx := context.Background()
		s := openSalon(t, a, "segue@example.com")
		s.book(t, a, "(11) 98888-7777", day(1), "10:00", domain.StatusCompleted)
		notes, birthday, tags := "Cliente desde 2019", "--07-20", []string{"manhã"}
		c, err := a.UpdateClient(ctx, s.owner, "+5511988887777", app.ClientUpdate{Name: "Maria Souza", Phone: "(11) 98888-7777",
			Notes: &notes, Birthday: &birthday, Tags: &tags})
		if err != nil || !c.Registered || c.Birthday != "--07-20" {
			t.Fatalf("edit: %+v %v", c, err)
		}
		// A change of name and phone only (fields left out) keeps the record.
		c, err = a.UpdateClient(ctx, s.owner, "+5511988887777", app.ClientUpdate{Name: "Maria Souza Lima", Phone: "(11) 97777-1111"})
		if err != nil || c.Phone != "+5511977771111" {
			t.Fatalf("new phone: %+v %v", c, err)
		}
		d, err := a.ClientHistory(ctx, s.owner, "+5511977771111")
		if err != nil || d.Record.Notes != notes || d.Name != "Maria Souza Lima" || d.AppointmentCount != 1 || d.Appointments[0].ClientName != "Maria Souza Lima" {
			t.Fatalf("record after the new phone: %+v %v", d, err)
		}
		if _, err := a.ClientHistory(ctx, s.owner, "+5511988887777"); !errors.Is(err, domain.ErrNotFound) {
			t.Fatalf("old phone: %v", err)
		}
		if n := clientCount(t, a, s.owner); n != 1 {
			t.Fatalf("clients: %d", n)
		}
		healthy(t, a, s.owner)

		if _, err := a.CreateClient(ctx, s.owner, app.ClientInput{Name: "Outra Cliente", Phone: "(11) 95555-4444", Notes: "outra"}); err != nil {
			t.Fatal(err)
		}
		_, err = a.UpdateClient(ctx, s.owner, "+5511955554444", app.ClientUpdate{Name: "Outra Cliente", Phone: "(11) 97777-1111"})
		var de *domain.Error
		if !errors.As(err, &de) || de.Code != domain.CodeInvalid {
			t.Fatalf("two records merged: %v", err)
		}

		x, err := a.ExportClient(ctx, s.owner, "+5511977771111")
		if err != nil || x.Record == nil || x.Record.Notes != notes || x.Name != "Maria Souza Lima" {
			t.Fatalf("export: %+v %v", x, err)
		}
		if _, err := a.AnonymizeClient(ctx, s.owner, "+5511977771111"); err != nil {
			t.Fatal(err)
		}
		page, err := a.Clients(ctx, s.owner, domain.ClientFilter{})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range page.Items {
			if c.Name != domain.AnonymousName && c.Name != "Outra Cliente" || c.Birthday != "" && c.Name == domain.AnonymousName {
				t.Errorf("after anonymising: %+v", c)
			}
		}
		// A client with a record only is erased whole.
		if _, err := a.AnonymizeClient(ctx, s.owner, "+5511955554444"); err != nil {
			t.Fatal(err)
		}
		if _, err := a.ClientHistory(ctx, s.owner, "+5511955554444"); !errors.Is(err, domain.ErrNotFound) {
			t.Fatalf("record-only client after anonymising: %v", err)
		}
		if n := clientCount(t, a, s.owner); n != 1 {
			t.Fatalf("clients after anonymising: %d", n)
		}
		healthy(t, a, s.owner)
	})
}

// TestTheWeeksBirthdaysGoToWhatsApp: the list holds the clients with a
// birthday from today to six days on, soonest first, with the age when the
// year is known, and only those who agreed to news.
func TestTheWeeksBirthdaysGoToWhatsApp(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		ctx := context.Background()
		s := openSalon(t, a, "niver@example.com") // today is Monday 2 March 2026
		for _, c := range []app.ClientInput{
			{Name: "Quinta Feira", Phone: "(11) 91111-0005", Birthday: "05/03/1990"},
			{Name: "Hoje Mesmo", Phone: "(11) 91111-0002", Birthday: "02/03"},
			{Name: "Semana Que Vem", Phone: "(11) 91111-0009", Birthday: "09/03/1990"},
			{Name: "Sem Consentimento", Phone: "(11) 91111-0003", Birthday: "03/03/2000"},
			{Name: "Ontem", Phone: "(11) 91111-0001", Birthday: "01/03/1990"},
		} {
			if _, err := a.CreateClient(ctx, s.owner, c); err != nil {
				t.Fatal(err)
			}
			if c.Name == "Sem Consentimento" {
				continue
			}
			if _, err := a.RecordConsent(ctx, s.owner, c.Phone, domain.ConsentInput{Granted: true, Source: domain.ConsentInPerson}); err != nil {
				t.Fatal(err)
			}
		}
		list, err := a.WhatsAppList(ctx, s.owner, app.WhatsAppListQuery{Kind: app.ListBirthday})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, c := range list.Items {
			got = append(got, c.Name+": "+c.Detail)
		}
		want := []string{"Hoje Mesmo: Aniversário hoje", "Quinta Feira: Aniversário quinta-feira, 05/03 · 36 anos"}
		if strings.Join(got, "\n") != strings.Join(want, "\n") || list.WithoutConsent != 1 {
			t.Fatalf("birthdays:\n%s\nwithout consent %d", strings.Join(got, "\n"), list.WithoutConsent)
		}
		if !strings.HasPrefix(list.Items[0].Message, "Olá, Hoje! Feliz aniversário!") || !strings.Contains(list.Items[0].Link, "wa.me/5511911110002") {
			t.Fatalf("message: %+v", list.Items[0])
		}
	})
}

// TestOnePhoneIsOneClientUnderConcurrency: eight people adding the same
// client at once, while she books online, make one client, counted once.
func TestOnePhoneIsOneClientUnderConcurrency(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		ctx := context.Background()
		s := openSalon(t, a, "corrida-ficha@example.com")
		var wg sync.WaitGroup
		created := make(chan bool, 8)
		for i := range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := a.CreateClient(ctx, s.owner, app.ClientInput{Name: "Bianca Rocha", Phone: "(11) 96666-5555", Notes: "ficha"})
				created <- err == nil
				if i == 0 {
					if _, err := a.CreateAppointment(ctx, s.owner, domain.AppointmentInput{ClientName: "Bia", ClientPhone: "(11) 96666-5555",
						ServiceID: s.corte, ProfessionalID: s.ana, Date: day(1), Time: "10:00", Force: true}); err != nil {
						t.Error(err)
					}
				}
			}()
		}
		wg.Wait()
		close(created)
		n := 0
		for ok := range created {
			if ok {
				n++
			}
		}
		if n != 1 {
			t.Fatalf("%d of 8 made the client", n)
		}
		if c := clientCount(t, a, s.owner); c != 1 {
			t.Fatalf("clients: %d", c)
		}
		healthy(t, a, s.owner)
	})
}
