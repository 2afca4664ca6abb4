package app_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"agendo/internal/app"
	"agendo/internal/domain"
	"agendo/internal/store"
)

// inviteToken has the salon's owner invite someone and returns the link's
// secret.
func inviteToken(t *testing.T, a *app.App, s salon, in app.InviteInput) string {
	t.Helper()
	out, err := a.Invite(context.Background(), s.owner, in)
	if err != nil {
		t.Fatalf("invite: %v", err)
	}
	return out.Link[strings.LastIndex(out.Link, "/")+1:]
}

// member signs up a new account from an invitation and returns it as the
// principal its access token names.
func member(t *testing.T, a *app.App, token, email string) app.Principal {
	t.Helper()
	res, err := a.SignUp(context.Background(), app.SignUpInput{Name: "Membro " + email, Email: email,
		Password: "senha-boa-do-membro", AcceptedTerms: domain.TermsVersion, Invitation: token}, app.Meta{IP: "203.0.113.20"})
	if err != nil {
		t.Fatalf("sign up with the invitation: %v", err)
	}
	p, err := a.AuthenticateToken(res.AccessToken)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// A member is a person acting in another person's store: what they write
// is the store's, and their role and professional travel with the session.
func TestAMemberActsInTheOwnersStore(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		ctx := context.Background()
		s := openSalon(t, a, "dona@example.com")
		rec := member(t, a, inviteToken(t, a, s, app.InviteInput{MemberInput: app.MemberInput{Role: domain.RoleReception}}), "rita@example.com")
		if rec.StoreID != s.owner.StoreID || rec.UserID == rec.StoreID || rec.Role != domain.RoleReception {
			t.Fatalf("the receptionist's principal: %+v", rec)
		}
		ap, err := a.CreateAppointment(ctx, rec, domain.AppointmentInput{ClientName: "Maria Souza", ClientPhone: "(11) 91234-5678",
			ServiceID: s.corte, ProfessionalID: s.ana, Date: "2026-03-04", Time: "10:00"})
		if err != nil {
			t.Fatalf("the receptionist books: %v", err)
		}
		list, err := a.Appointments(ctx, s.owner, domain.AppointmentFilter{From: "2026-03-04", To: "2026-03-04"})
		if err != nil || len(list.Items) != 1 || list.Items[0].ID != ap.ID {
			t.Errorf("the owner's agenda after the receptionist booked: %+v, %v", list, err)
		}
		ju := member(t, a, inviteToken(t, a, s, app.InviteInput{MemberInput: app.MemberInput{Role: domain.RoleProfessional,
			ProfessionalID: &s.ana}}), "ju@example.com")
		if ju.ProfessionalID != s.ana || ju.Role != domain.RoleProfessional {
			t.Errorf("the professional's principal: %+v", ju)
		}
		team, err := a.Team(ctx, s.owner)
		if err != nil || len(team.Members) != 3 || team.Members[0].Role != domain.RoleOwner {
			t.Errorf("team: %+v, %v", team, err)
		}
		// Ana has a login now: a second one is refused when accepted.
		dup := inviteToken(t, a, s, app.InviteInput{MemberInput: app.MemberInput{Role: domain.RoleProfessional, ProfessionalID: &s.ana}})
		_, err = a.SignUp(ctx, app.SignUpInput{Name: "Outra", Email: "outra@example.com", Password: "senha-boa-do-membro",
			AcceptedTerms: domain.TermsVersion, Invitation: dup}, app.Meta{IP: "203.0.113.21"})
		if domain.ErrorCode(err) != domain.CodeConflict {
			t.Errorf("a second login for Ana: %v", err)
		}
		if _, err := a.SignIn(ctx, "outra@example.com", "senha-boa-do-membro", app.Meta{IP: "203.0.113.21"}); err == nil {
			t.Error("the refused sign-up left an account behind")
		}
	})
}

// Many people racing to accept one link: one joins, the others hear it was
// used, on both engines.
func TestAnInvitationIsAcceptedOnce(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		s := openSalon(t, a, "dona@example.com")
		token := inviteToken(t, a, s, app.InviteInput{MemberInput: app.MemberInput{Role: domain.RoleManager}})
		var joined, used atomic.Int32
		var wg sync.WaitGroup
		for i := range 12 {
			wg.Go(func() {
				_, err := a.SignUp(context.Background(), app.SignUpInput{Name: "Pessoa", Email: fmt.Sprintf("p%d@example.com", i),
					Password: "senha-boa-do-membro", AcceptedTerms: domain.TermsVersion, Invitation: token},
					app.Meta{IP: fmt.Sprintf("203.0.113.%d", 30+i)})
				switch domain.ErrorCode(err) {
				case "":
					joined.Add(1)
				case domain.CodeInvalidToken:
					used.Add(1)
				default:
					t.Errorf("accept: %v", err)
				}
			})
		}
		wg.Wait()
		team, err := a.Team(context.Background(), s.owner)
		if err != nil {
			t.Fatal(err)
		}
		if joined.Load() != 1 || used.Load() != 11 || len(team.Members) != 2 {
			t.Errorf("joined %d, refused %d, team of %d: want 1, 11 and 2", joined.Load(), used.Load(), len(team.Members))
		}
	})
}

// What 'Equipe' refuses: a professional without a record, another
// store's professional, the owner removed, a revoked or expired link, and
// more open invitations than the bound.
func TestTheTeamRefusesWhatItShould(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		ctx := context.Background()
		s := openSalon(t, a, "dona@example.com")
		other := openSalon(t, a, "outra@example.com")
		cases := []struct {
			in   app.InviteInput
			want string
		}{
			{app.InviteInput{MemberInput: app.MemberInput{Role: domain.RoleProfessional}}, "Escolha qual profissional do salão esta pessoa é"},
			{app.InviteInput{MemberInput: app.MemberInput{Role: domain.RoleProfessional, ProfessionalID: &other.ana}}, "Profissional não encontrado: ele pode ter sido excluído"},
			{app.InviteInput{MemberInput: app.MemberInput{Role: domain.RoleOwner}}, "Escolha a função: gerente, recepção ou profissional"},
			{app.InviteInput{MemberInput: app.MemberInput{Role: domain.RoleReception}, Email: "não é email"}, "Informe um email válido"},
		}
		for _, c := range cases {
			_, err := a.Invite(ctx, s.owner, c.in)
			if domain.ErrorCode(err) != domain.CodeInvalid || messageOf(err) != c.want {
				t.Errorf("invite %+v: got %v, want %q", c.in, err, c.want)
			}
		}
		if err := a.RemoveMember(ctx, s.owner, s.owner.UserID); domain.ErrorCode(err) != domain.CodeInvalid {
			t.Errorf("removing the owner: %v", err)
		}
		out, err := a.Invite(ctx, s.owner, app.InviteInput{MemberInput: app.MemberInput{Role: domain.RoleReception}})
		if err != nil {
			t.Fatal(err)
		}
		if err := a.RevokeInvitation(ctx, s.owner, out.Invitation.ID); err != nil {
			t.Fatal(err)
		}
		token := out.Link[strings.LastIndex(out.Link, "/")+1:]
		if _, err := a.Invitation(ctx, token); err == nil || messageOf(err) != "Este convite foi cancelado. Peça um novo link a quem convidou você." {
			t.Errorf("a revoked link: %v", err)
		}
		if err := a.RevokeInvitation(ctx, other.owner, out.Invitation.ID); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Errorf("another store revoking it: %v", err)
		}
		for range domain.MaxPendingInvitations {
			if _, err := a.Invite(ctx, s.owner, app.InviteInput{MemberInput: app.MemberInput{Role: domain.RoleReception}}); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := a.Invite(ctx, s.owner, app.InviteInput{MemberInput: app.MemberInput{Role: domain.RoleReception}}); err == nil ||
			messageOf(err) != "Há convites demais esperando resposta. Cancele os que não serão usados e tente de novo." {
			t.Errorf("past the bound: %v", err)
		}
	})
}

// Changing a member's role ends their sessions in the store: the next
// request is refused and their next sign-in carries the new role.
func TestARoleChangeEndsTheMembersSessions(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		ctx := context.Background()
		s := openSalon(t, a, "dona@example.com")
		rec := member(t, a, inviteToken(t, a, s, app.InviteInput{MemberInput: app.MemberInput{Role: domain.RoleReception}}), "rita@example.com")
		if err := a.ChangeMember(ctx, s.owner, rec.UserID, app.MemberInput{Role: domain.RoleManager}); err != nil {
			t.Fatal(err)
		}
		if err := a.CheckSession(ctx, rec); domain.ErrorCode(err) != domain.CodeUnauthorized {
			t.Errorf("the receptionist's session after the change: %v", err)
		}
		res, err := a.SignIn(ctx, "rita@example.com", "senha-boa-do-membro", app.Meta{IP: "203.0.113.22"})
		if err != nil || res.Seat.Role != domain.RoleManager || res.Seat.StoreID != s.owner.StoreID {
			t.Errorf("signing in again: %+v, %v", res.Seat, err)
		}
	})
}

// A profissional sees and writes only what names their own professional
// record: another professional's appointment, blocked time or client is
// not found, never shown; a list asked for another's is refused.
func TestAProfessionalSeesOnlyTheirOwn(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		ctx := context.Background()
		s := openSalon(t, a, "dona@example.com")
		ju := member(t, a, inviteToken(t, a, s, app.InviteInput{MemberInput: app.MemberInput{Role: domain.RoleProfessional,
			ProfessionalID: &s.ana}}), "ju@example.com")
		mine := s.book(t, a, "(11) 91111-1111", "2026-03-04", "10:00", "")
		theirs, err := a.CreateAppointment(ctx, s.owner, domain.AppointmentInput{ClientName: "Cliente do Bruno",
			ClientPhone: "(11) 92222-2222", ServiceID: s.corte, ProfessionalID: s.bruno, Date: "2026-03-04", Time: "10:00"})
		if err != nil {
			t.Fatal(err)
		}
		list, err := a.Appointments(ctx, ju, domain.AppointmentFilter{From: "2026-03-04", To: "2026-03-04"})
		if err != nil || len(list.Items) != 1 || list.Items[0].ID != mine.ID {
			t.Errorf("her agenda: %+v, %v", list.Items, err)
		}
		if _, err := a.Appointments(ctx, ju, domain.AppointmentFilter{ProfessionalID: s.bruno}); domain.ErrorCode(err) != domain.CodeForbidden {
			t.Errorf("asking for Bruno's agenda: %v", err)
		}
		if _, err := a.Appointment(ctx, ju, theirs.ID); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Errorf("Bruno's appointment: %v", err)
		}
		if _, err := a.SetAppointmentStatus(ctx, ju, theirs.ID, app.StatusInput{Status: domain.StatusCancelled}); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Errorf("cancelling Bruno's appointment: %v", err)
		}
		if _, err := a.DeleteAppointment(ctx, ju, theirs.ID); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Errorf("deleting Bruno's appointment: %v", err)
		}
		if _, err := a.SetAppointmentStatus(ctx, ju, mine.ID, app.StatusInput{Status: domain.StatusConfirmed}); err != nil {
			t.Errorf("confirming her own: %v", err)
		}
		_, err = a.CreateAppointment(ctx, ju, domain.AppointmentInput{ClientName: "Outra", ClientPhone: "(11) 93333-3333",
			ServiceID: s.corte, ProfessionalID: s.bruno, Date: "2026-03-05", Time: "10:00"})
		if domain.ErrorCode(err) != domain.CodeForbidden {
			t.Errorf("booking on Bruno's agenda: %v", err)
		}
		block, err := a.SaveBlockedTime(ctx, s.owner, "", domain.BlockedTimeInput{ProfessionalID: s.bruno, Date: "2026-03-06",
			StartTime: "13:00", EndTime: "18:00"})
		if err != nil {
			t.Fatal(err)
		}
		if err := a.DeleteBlockedTime(ctx, ju, block.ID); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Errorf("deleting Bruno's blocked time: %v", err)
		}
		if _, err := a.SaveBlockedTime(ctx, ju, "", domain.BlockedTimeInput{ProfessionalID: s.ana, Date: "2026-03-06",
			StartTime: "13:00", EndTime: "18:00"}); err != nil {
			t.Errorf("blocking her own Friday afternoon: %v", err)
		}
		blocks, err := a.BlockedTimes(ctx, ju, domain.BlockedTimeFilter{})
		if err != nil || len(blocks) != 1 || blocks[0].ProfessionalID != s.ana {
			t.Errorf("her blocked times: %+v, %v", blocks, err)
		}
		clients, err := a.Clients(ctx, ju, domain.ClientFilter{})
		if err != nil || clients.Total != 1 || len(clients.Items) != 1 || clients.Items[0].Name != mine.ClientName {
			t.Errorf("her clients: %+v, %v", clients, err)
		}
		if _, err := a.ClientHistory(ctx, ju, "(11) 92222-2222"); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Errorf("Bruno's client: %v", err)
		}
		if _, err := a.ClientRewards(ctx, ju, "(11) 92222-2222"); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Errorf("Bruno's client's rewards: %v", err)
		}
		if _, err := a.Report(ctx, ju, domain.ReportFilter{ProfessionalID: s.bruno}); domain.ErrorCode(err) != domain.CodeForbidden {
			t.Errorf("Bruno's figures: %v", err)
		}
		rep, err := a.Report(ctx, ju, domain.ReportFilter{From: "2026-03-01", To: "2026-03-31"})
		if err != nil {
			t.Fatal(err)
		}
		for _, row := range rep.Professionals {
			if row.ID != s.ana {
				t.Errorf("her report shows %s", row.Name)
			}
		}
		home, err := a.Dashboard(ctx, ju)
		if err != nil {
			t.Fatal(err)
		}
		if home.MonthRevenue != 0 || home.Clients != 0 {
			t.Errorf("her home shows the store's figures: %+v", home)
		}
	})
}

// An appointment names who booked it and who changed it last: the team
// member, as their name was then; the customer's own change names nobody.
func TestAnAppointmentNamesTheMemberWhoActed(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		ctx := context.Background()
		s := openSalon(t, a, "dona@example.com")
		rec := member(t, a, inviteToken(t, a, s, app.InviteInput{MemberInput: app.MemberInput{Role: domain.RoleReception}}), "rita@example.com")
		ap, err := a.CreateAppointment(ctx, rec, domain.AppointmentInput{ClientName: "Maria Souza", ClientPhone: "(11) 91234-5678",
			ServiceID: s.corte, ProfessionalID: s.ana, Date: "2026-03-04", Time: "10:00"})
		if err != nil {
			t.Fatal(err)
		}
		owner := s.owner
		owner.Name = "Paula Dona"
		if _, err := a.SetAppointmentStatus(ctx, owner, ap.ID, app.StatusInput{Status: domain.StatusConfirmed}); err != nil {
			t.Fatal(err)
		}
		got, err := a.Appointment(ctx, s.owner, ap.ID)
		if err != nil || got.CreatedBy != "Membro rita@example.com" || got.UpdatedBy != "Paula Dona" {
			t.Errorf("authors: created by %q, changed by %q (%v)", got.CreatedBy, got.UpdatedBy, err)
		}
	})
}

// A person on two teams works in one at a time: Stores lists their own
// salon first, then the one they joined, and switching opens a session
// there with that role in place of the current one.
func TestAPersonOnTwoTeamsSwitchesSalon(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		ctx := context.Background()
		s := openSalon(t, a, "dona@example.com")
		other := openSalon(t, a, "outra@example.com")
		// The other salon's owner is also the first salon's manager.
		res, err := a.SignIn(ctx, "outra@example.com", "senha-boa-do-salao", app.Meta{IP: "203.0.113.40"})
		if err != nil {
			t.Fatal(err)
		}
		p, err := a.AuthenticateToken(res.AccessToken)
		if err != nil {
			t.Fatal(err)
		}
		joined, err := a.AcceptInvitation(ctx, p, inviteToken(t, a, s, app.InviteInput{MemberInput: app.MemberInput{Role: domain.RoleManager}}),
			app.Meta{IP: "203.0.113.40"})
		if err != nil || joined.Seat.StoreID != s.owner.StoreID || joined.Seat.Role != domain.RoleManager {
			t.Fatalf("accepting while signed in: %+v, %v", joined.Seat, err)
		}
		if err := a.CheckSession(ctx, p); domain.ErrorCode(err) != domain.CodeUnauthorized {
			t.Errorf("the session the acceptance replaced: %v", err)
		}
		manager, err := a.AuthenticateToken(joined.AccessToken)
		if err != nil {
			t.Fatal(err)
		}
		stores, err := a.Stores(ctx, manager)
		if err != nil || len(stores) != 2 || stores[0].StoreID != other.owner.StoreID || stores[0].Role != domain.RoleOwner ||
			stores[1].StoreID != s.owner.StoreID || stores[1].Role != domain.RoleManager {
			t.Fatalf("stores: %+v, %v", stores, err)
		}
		back, err := a.SwitchStore(ctx, manager, other.owner.StoreID, app.Meta{IP: "203.0.113.40"})
		if err != nil || back.Seat.StoreID != other.owner.StoreID || back.Seat.Role != domain.RoleOwner {
			t.Errorf("switching back: %+v, %v", back.Seat, err)
		}
		owner, err := a.AuthenticateToken(back.AccessToken)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := a.SwitchStore(ctx, owner, "nao-existe", app.Meta{IP: "203.0.113.40"}); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Errorf("switching to a salon not theirs: %v", err)
		}
	})
}

// The bound on invitations waiting is a count then an insert: owners'
// devices inviting at once, one place from the bound, leave exactly one
// more, round after round, on PostgreSQL's READ COMMITTED as on SQLite.
func TestTheInvitationBoundHoldsUnderARace(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		ctx := context.Background()
		s := openSalon(t, a, "dona@example.com")
		in := app.InviteInput{MemberInput: app.MemberInput{Role: domain.RoleReception}}
		for range domain.MaxPendingInvitations - 1 {
			inviteToken(t, a, s, in)
		}
		for round := range 15 {
			var made []string
			var mu sync.Mutex
			var wg sync.WaitGroup
			start := make(chan struct{}) // all at once: the race is between the count and the insert
			for range 12 {
				wg.Go(func() {
					<-start
					out, err := a.Invite(ctx, s.owner, in)
					switch domain.ErrorCode(err) {
					case "":
						mu.Lock()
						made = append(made, out.Invitation.ID)
						mu.Unlock()
					case domain.CodeInvalid:
					default:
						t.Errorf("invite: %v", err)
					}
				})
			}
			close(start)
			wg.Wait()
			if len(made) != 1 {
				t.Fatalf("round %d: %d invitations made past the bound's last place, want 1", round, len(made))
			}
			if err := a.RevokeInvitation(ctx, s.owner, made[0]); err != nil { // one place free again
				t.Fatal(err)
			}
		}
	})
}

// Unless the store shows them, a profissional is given clients' phones
// masked, "(11) 9••••-4321" on screen: in every list and detail, in the
// spreadsheets, not found by their digits; the masked phone still opens the
// client, books them and opens WhatsApp, in its own store only. The
// owner's switch shows them on the next request.
func TestAProfessionalSeesClientsPhonesMasked(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		ctx := context.Background()
		s := openSalon(t, a, "dona@example.com")
		ju := member(t, a, inviteToken(t, a, s, app.InviteInput{MemberInput: app.MemberInput{Role: domain.RoleProfessional,
			ProfessionalID: &s.ana}}), "ju@example.com")
		booked := s.book(t, a, "(11) 91234-4321", "2026-03-04", "10:00", "")
		masked := func(where, phone string) {
			t.Helper()
			if _, ok := domain.SealedPhone(phone); !ok || strings.Contains(phone, "1234") || !strings.HasPrefix(phone, "m1194321.") {
				t.Errorf("%s: %q is not the masked phone", where, phone)
			}
		}
		list, err := a.Appointments(ctx, ju, domain.AppointmentFilter{From: "2026-03-04", To: "2026-03-04"})
		if err != nil || len(list.Items) != 1 {
			t.Fatalf("her agenda: %+v, %v", list, err)
		}
		key := list.Items[0].ClientPhone
		masked("her agenda", key)
		one, err := a.Appointment(ctx, ju, booked.ID)
		if err != nil || one.ClientPhone != key {
			t.Errorf("the appointment: %q, %v; want the same masked phone %q", one.ClientPhone, err, key)
		}
		clients, err := a.Clients(ctx, ju, domain.ClientFilter{})
		if err != nil || len(clients.Items) != 1 || clients.Items[0].Phone != key {
			t.Errorf("her clients: %+v, %v", clients.Items, err)
		}
		if found, err := a.Clients(ctx, ju, domain.ClientFilter{Query: "4321"}); err != nil || len(found.Items) != 0 {
			t.Errorf("found by the hidden digits: %+v, %v", found.Items, err)
		}
		if found, err := a.Appointments(ctx, ju, domain.AppointmentFilter{Query: "91234"}); err != nil || len(found.Items) != 0 {
			t.Errorf("appointments found by the hidden digits: %+v, %v", found.Items, err)
		}
		home, err := a.Dashboard(ctx, ju)
		if err != nil {
			t.Fatal(err)
		}
		for _, ap := range append(home.TodayItems, home.Tomorrow...) {
			masked("her home", ap.ClientPhone)
		}
		detail, err := a.ClientHistory(ctx, ju, key)
		if err != nil || detail.Phone != key || detail.Appointments[0].ClientPhone != key {
			t.Fatalf("her client opened by the masked phone: %+v, %v", detail, err)
		}
		chat, err := a.WhatsAppChat(ctx, ju, key, app.ChatInput{Text: "Oi, Maria!"})
		if err != nil || chat.Link != "https://wa.me/5511912344321?text=Oi%2C%20Maria!" {
			t.Errorf("WhatsApp through the server: %+v, %v", chat, err)
		}
		again, err := a.CreateAppointment(ctx, ju, domain.AppointmentInput{ClientName: "Maria", ClientPhone: key,
			ServiceID: s.corte, ProfessionalID: s.ana, Date: "2026-03-05", Time: "10:00"})
		if err != nil || again.ClientPhone != key {
			t.Fatalf("booking her client again by the masked phone: %+v, %v", again, err)
		}
		if saved, err := a.Appointment(ctx, s.owner, again.ID); err != nil || saved.ClientPhone != "+5511912344321" {
			t.Errorf("the owner sees the booking with %q, %v", saved.ClientPhone, err)
		}
		if _, err := a.UpdateClient(ctx, ju, key, app.ClientUpdate{Name: "Maria Aparecida", Phone: key}); err != nil {
			t.Errorf("renaming her client, the phone kept: %v", err)
		}
		var csv bytes.Buffer
		if err := a.ExportReport(ctx, ju, app.ReportExportQuery{Kind: domain.ExportClients, From: "2026-03-01", To: "2026-03-31"},
			func(string) io.Writer { return &csv }); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(csv.String(), "(11) 9••••-4321") || strings.Contains(csv.String(), "91234") {
			t.Errorf("her spreadsheet:\n%s", csv.String())
		}

		// A masked phone names a client in its own store only, and a forged one nothing.
		other := openSalon(t, a, "outra@example.com")
		if _, err := a.ClientHistory(ctx, other.owner, key); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Errorf("another store opened the masked phone: %v", err)
		}
		forged := key[:len(key)-2] + "AA"
		if _, err := a.ClientHistory(ctx, ju, forged); domain.ErrorCode(err) != domain.CodeNotFound {
			t.Errorf("a forged masked phone: %v", err)
		}
		if _, err := a.CreateAppointment(ctx, ju, domain.AppointmentInput{ClientName: "Maria", ClientPhone: forged,
			ServiceID: s.corte, ProfessionalID: s.ana, Date: "2026-03-06", Time: "10:00"}); domain.ErrorCode(err) != domain.CodeInvalid {
			t.Errorf("booking with a forged masked phone: %v", err)
		}

		// The owner and the reception see the number; the owner's switch shows it to her.
		if own, err := a.Appointment(ctx, s.owner, booked.ID); err != nil || own.ClientPhone != "+5511912344321" {
			t.Errorf("the owner sees %q, %v", own.ClientPhone, err)
		}
		if _, err := a.SaveTeamSettings(ctx, s.owner, domain.TeamSettings{ProfessionalsSeePhones: true}); err != nil {
			t.Fatal(err)
		}
		if shown, err := a.Appointment(ctx, ju, booked.ID); err != nil || shown.ClientPhone != "+5511912344321" {
			t.Errorf("after the switch she sees %q, %v", shown.ClientPhone, err)
		}
		if team, err := a.Team(ctx, s.owner); err != nil || !team.Settings.ProfessionalsSeePhones {
			t.Errorf("the team's settings: %+v, %v", team.Settings, err)
		}
	})
}

// An owner who also serves clients links their login to their professional
// record: their seat names it ('Minha agenda') while they still see the
// whole store; the record then takes no other login, and only the owner
// links it.
func TestTheOwnerLinksTheirOwnAgenda(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		ctx := context.Background()
		s := openSalon(t, a, "dona@example.com")
		seat, err := a.LinkOwnAgenda(ctx, s.owner, app.OwnAgendaInput{ProfessionalID: &s.ana})
		if err != nil || seat.Role != domain.RoleOwner || seat.ProfessionalID == nil || *seat.ProfessionalID != s.ana {
			t.Fatalf("linking her agenda: %+v, %v", seat, err)
		}
		in, err := a.SignIn(ctx, "dona@example.com", "senha-boa-do-salao", app.Meta{IP: "203.0.113.9"})
		if err != nil || in.Seat.ProfessionalID == nil || *in.Seat.ProfessionalID != s.ana {
			t.Errorf("her seat at sign-in: %+v, %v", in.Seat, err)
		}
		team, err := a.Team(ctx, s.owner)
		if err != nil || team.Members[0].ProfessionalID == nil || *team.Members[0].ProfessionalID != s.ana {
			t.Errorf("'Equipe' shows her agenda: %+v, %v", team.Members, err)
		}
		s.book(t, a, "(11) 91111-1111", "2026-03-04", "10:00", "")
		if _, err := a.CreateAppointment(ctx, s.owner, domain.AppointmentInput{ClientName: "Cliente do Bruno",
			ClientPhone: "(11) 92222-2222", ServiceID: s.corte, ProfessionalID: s.bruno, Date: "2026-03-04", Time: "10:00"}); err != nil {
			t.Fatal(err)
		}
		owner := s.owner
		owner.ProfessionalID = s.ana
		if all, err := a.Appointments(ctx, owner, domain.AppointmentFilter{From: "2026-03-04", To: "2026-03-04"}); err != nil || len(all.Items) != 2 {
			t.Errorf("she still sees the whole store: %d, %v", len(all.Items), err)
		}
		_, err = a.Invite(ctx, s.owner, app.InviteInput{MemberInput: app.MemberInput{Role: domain.RoleProfessional, ProfessionalID: &s.ana}})
		if domain.ErrorCode(err) != domain.CodeInvalid || !strings.Contains(err.Error(), "já está ligado ao acesso") {
			t.Errorf("inviting someone as her agenda: %v", err)
		}
		bruno := member(t, a, inviteToken(t, a, s, app.InviteInput{MemberInput: app.MemberInput{Role: domain.RoleProfessional,
			ProfessionalID: &s.bruno}}), "bruno@example.com")
		if _, err := a.LinkOwnAgenda(ctx, s.owner, app.OwnAgendaInput{ProfessionalID: &s.bruno}); domain.ErrorCode(err) != domain.CodeInvalid {
			t.Errorf("linking to Bruno's record: %v", err)
		}
		if _, err := a.LinkOwnAgenda(ctx, bruno, app.OwnAgendaInput{ProfessionalID: &s.ana}); domain.ErrorCode(err) != domain.CodeForbidden {
			t.Errorf("a member linking the owner: %v", err)
		}
		if seat, err := a.LinkOwnAgenda(ctx, s.owner, app.OwnAgendaInput{}); err != nil || seat.ProfessionalID != nil {
			t.Errorf("unlinking: %+v, %v", seat, err)
		}
	})
}

// A member downloads their own data wherever they work, and leaves a team:
// their sessions there end and a new one opens in their own seat, where
// the account is theirs to delete. The owner has no team to leave.
func TestAMemberDownloadsTheirDataAndLeaves(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		ctx := context.Background()
		s := openSalon(t, a, "dona@example.com")
		rita := member(t, a, inviteToken(t, a, s, app.InviteInput{MemberInput: app.MemberInput{Role: domain.RoleReception}}), "rita@example.com")
		data, err := a.PersonalData(ctx, rita)
		if err != nil || data.Profile.Email != "rita@example.com" || len(data.Teams) != 1 || data.Teams[0].StoreID != s.owner.StoreID ||
			data.Teams[0].Role != domain.RoleReception || len(data.Sessions) != 1 || data.Sessions[0].EndedAt != nil {
			t.Fatalf("her data: %+v, %v", data, err)
		}
		if _, err := a.LeaveTeam(ctx, s.owner, app.Meta{}); domain.ErrorCode(err) != domain.CodeInvalid {
			t.Errorf("the owner leaving her own team: %v", err)
		}
		res, err := a.LeaveTeam(ctx, rita, app.Meta{IP: "203.0.113.20"})
		if err != nil || res.Seat.StoreID != rita.UserID || res.Seat.Role != domain.RoleOwner {
			t.Fatalf("leaving: %+v, %v", res.Seat, err)
		}
		if err := a.CheckSession(ctx, rita); domain.ErrorCode(err) != domain.CodeUnauthorized {
			t.Errorf("her session in the salon after leaving: %v", err)
		}
		team, err := a.Team(ctx, s.owner)
		if err != nil || len(team.Members) != 1 {
			t.Errorf("the salon's team after she left: %+v, %v", team.Members, err)
		}
		own, err := a.AuthenticateToken(res.AccessToken)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := a.Dashboard(ctx, own); err != nil {
			t.Errorf("her own salon's home: %v", err)
		}
		if _, err := a.LeaveTeam(ctx, own, app.Meta{}); domain.ErrorCode(err) != domain.CodeInvalid {
			t.Errorf("leaving again, from her own seat: %v", err)
		}
		if _, err := a.RequestAccountDeletion(ctx, own, app.AccountDeletionInput{Password: "senha-boa-do-membro"}); err != nil {
			t.Errorf("asking to delete her account from her own seat: %v", err)
		}
	})
}

// A professional record has one login: the owner linking it as their own
// agenda and someone accepting an invitation as it, at once, never both
// win — nor in turn, since an invitation written before the link is
// refused after it.
func TestOneLoginAProfessionalRecordUnderARace(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		ctx := context.Background()
		s := openSalon(t, a, "dona@example.com")
		for round := range 10 {
			token := inviteToken(t, a, s, app.InviteInput{MemberInput: app.MemberInput{Role: domain.RoleProfessional, ProfessionalID: &s.ana}})
			var linked, joined atomic.Bool
			var joiner atomic.Value
			var wg sync.WaitGroup
			start := make(chan struct{})
			wg.Go(func() {
				<-start
				_, err := a.LinkOwnAgenda(ctx, s.owner, app.OwnAgendaInput{ProfessionalID: &s.ana})
				switch domain.ErrorCode(err) {
				case "":
					linked.Store(true)
				case domain.CodeInvalid:
				default:
					t.Errorf("linking: %v", err)
				}
			})
			wg.Go(func() {
				<-start
				res, err := a.SignUp(ctx, app.SignUpInput{Name: "Ana Lima", Email: fmt.Sprintf("ana%d@example.com", round),
					Password: "senha-boa-do-membro", AcceptedTerms: domain.TermsVersion, Invitation: token}, app.Meta{IP: "203.0.113.21"})
				switch domain.ErrorCode(err) {
				case "":
					joined.Store(true)
					joiner.Store(res.User.ID)
				case domain.CodeInvalidToken:
				default:
					t.Errorf("accepting: %v", err)
				}
			})
			close(start)
			wg.Wait()
			if linked.Load() == joined.Load() {
				t.Fatalf("round %d: linked %v, joined %v; want exactly one", round, linked.Load(), joined.Load())
			}
			if joined.Load() { // free the record for the next round
				if err := a.RemoveMember(ctx, s.owner, joiner.Load().(string)); err != nil {
					t.Fatal(err)
				}
			} else if _, err := a.LinkOwnAgenda(ctx, s.owner, app.OwnAgendaInput{}); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// Someone who joined by invitation and was removed signs in on several
// devices at once: each sign-in finds no salon of theirs and makes one,
// so only a lock keeps them from colliding; every sign-in succeeds, and
// one salon is made.
func TestARemovedMemberSignsInOnManyDevicesAtOnce(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		ctx := context.Background()
		s := openSalon(t, a, "dona@example.com")
		rita := member(t, a, inviteToken(t, a, s, app.InviteInput{MemberInput: app.MemberInput{Role: domain.RoleReception}}), "rita@example.com")
		if err := a.RemoveMember(ctx, s.owner, rita.UserID); err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		start := make(chan struct{})
		var failed atomic.Int32
		for i := range 8 {
			wg.Go(func() {
				<-start
				res, err := a.SignIn(ctx, "rita@example.com", "senha-boa-do-membro", app.Meta{IP: fmt.Sprintf("203.0.113.%d", 30+i)})
				if err != nil || res.Seat.StoreID != rita.UserID {
					failed.Add(1)
					t.Errorf("sign-in %d: %+v, %v", i, res.Seat, err)
				}
			})
		}
		close(start)
		wg.Wait()
		if failed.Load() == 0 {
			own, err := a.AuthenticateToken(mustSignIn(t, a, "rita@example.com"))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := a.Dashboard(ctx, own); err != nil {
				t.Errorf("her salon after the race: %v", err)
			}
		}
	})
}

func mustSignIn(t *testing.T, a *app.App, email string) string {
	t.Helper()
	res, err := a.SignIn(context.Background(), email, "senha-boa-do-membro", app.Meta{IP: "203.0.113.99"})
	if err != nil {
		t.Fatal(err)
	}
	return res.AccessToken
}

// A person who joined two teams by invitation, and has no salon of their
// own, leaves both at once from two devices: both leave, into one salon
// of their own.
func TestLeavingTwoTeamsAtOnceMakesOneSalon(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		ctx := context.Background()
		one := openSalon(t, a, "um@example.com")
		two := openSalon(t, a, "dois@example.com")
		in := app.InviteInput{MemberInput: app.MemberInput{Role: domain.RoleReception}}
		for round := range 8 {
			email := fmt.Sprintf("rita%d@example.com", round)
			first := member(t, a, inviteToken(t, a, one, in), email)
			moved, err := a.AcceptInvitation(ctx, first, inviteToken(t, a, two, in), app.Meta{IP: "203.0.113.50"})
			if err != nil {
				t.Fatal(err)
			}
			second, err := a.AuthenticateToken(moved.AccessToken)
			if err != nil {
				t.Fatal(err)
			}
			back, err := a.SignIn(ctx, email, "senha-boa-do-membro", app.Meta{IP: "203.0.113.51"}) // her first team, another device
			if err != nil {
				t.Fatal(err)
			}
			inOne, err := a.AuthenticateToken(back.AccessToken)
			if err != nil || inOne.StoreID != one.owner.StoreID {
				t.Fatalf("her other device: %+v, %v", inOne, err)
			}
			var wg sync.WaitGroup
			start := make(chan struct{})
			for _, p := range []app.Principal{inOne, second} {
				wg.Go(func() {
					<-start
					if res, err := a.LeaveTeam(ctx, p, app.Meta{IP: "203.0.113.52"}); err != nil || res.Seat.StoreID != p.UserID {
						t.Errorf("round %d: leaving %s: %+v, %v", round, p.StoreID, res.Seat, err)
					}
				})
			}
			close(start)
			wg.Wait()
		}
	})
}
