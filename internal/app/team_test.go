package app_test

import (
	"context"
	"fmt"
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
