package app_test

import (
	"context"
	"errors"
	"testing"

	"agendo/internal/app"
	"agendo/internal/domain"
	"agendo/internal/store"
)

// A role is let through to what it is granted and refused the rest with
// SPEC's message; each refusal is audited, once a minute per person and
// route, so a member tapping away cannot fill the log.
func TestARoleIsRefusedWhatItIsNotGranted(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		ctx := context.Background()
		s := openSalon(t, a, "dona@example.com")
		owner := s.owner
		owner.Role = domain.RoleOwner
		for _, perm := range domain.Permissions {
			if err := a.Authorize(ctx, owner, perm, "GET /x"); err != nil {
				t.Errorf("the owner refused %s: %v", perm, err)
			}
		}
		reception := app.Principal{UserID: owner.UserID, Email: "recepcao@example.com", Role: domain.RoleReception}
		if err := a.Authorize(ctx, reception, domain.PermAgenda, "GET /api/v1/appointments"); err != nil {
			t.Errorf("reception refused the agenda: %v", err)
		}
		for range 3 {
			err := a.Authorize(ctx, reception, domain.PermReports, "GET /api/v1/reports")
			var de *domain.Error
			if !errors.As(err, &de) || de.Code != domain.CodeForbidden || de.Message != "Operação não autorizada por questões de segurança" {
				t.Fatalf("reception asking for reports: got %v, want forbidden with SPEC's message", err)
			}
		}
		if err := a.Authorize(ctx, app.Principal{UserID: owner.UserID}, domain.PermAccount, "GET /api/v1/profile"); err == nil {
			t.Error("a principal with no role was let through")
		}
		var refused []domain.AuditEntry
		err := db.Read(ctx, func(tx *store.Tx) error {
			all, err := tx.Audit(ctx, domain.AuditFilter{FailuresOnly: true, Limit: 100})
			for _, e := range all {
				if !e.Success && e.DataAffected == "route:GET /api/v1/reports role:recepcao" {
					refused = append(refused, e)
				}
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		if len(refused) != 1 || refused[0].AdminUserID != owner.UserID {
			t.Errorf("three refusals in a minute: %d audit entries %v, want 1 naming who asked", len(refused), refused)
		}
	})
}

// A route that checks the session in its own read (an unchecked principal)
// answers an ended session with 401 even where the role would be refused:
// a signed-out member hears they are signed out, and nothing is audited.
func TestARefusalOfAnEndedSessionIsUnauthorized(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		ctx := context.Background()
		res, err := a.SignUp(ctx, app.SignUpInput{Name: "Rita Recepção", Email: "rita@example.com", Password: "senha-boa-da-rita",
			AcceptedTerms: domain.TermsVersion}, app.Meta{IP: "203.0.113.7"})
		if err != nil {
			t.Fatal(err)
		}
		p, err := a.AuthenticateToken(res.AccessToken)
		if err != nil {
			t.Fatal(err)
		}
		if err := a.SignOut(ctx, p, "local"); err != nil {
			t.Fatal(err)
		}
		p.Role = domain.RoleReception
		var de *domain.Error
		if err := a.Authorize(ctx, p, domain.PermReports, "GET /api/v1/reports"); !errors.As(err, &de) || de.Code != domain.CodeUnauthorized {
			t.Errorf("an ended session asking for what its role may not do: got %v, want unauthorized", err)
		}
	})
}
