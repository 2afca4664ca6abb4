package domain_test

import (
	"strings"
	"testing"
	"time"

	"agendo/internal/domain"
)

// SPEC.md section 5: an admin operation touching any of the owners' own
// data is refused with 'Operação negada: '; one touching only the admin's
// data is allowed; one that names nothing, or unknown data, is refused.
func TestCheckAdminOperation(t *testing.T) {
	for _, k := range domain.AdminKeys {
		if err := domain.CheckAdminOperation(domain.AdminOperation{Name: "Salvar", Touches: []domain.DataKey{k}}); err != nil {
			t.Errorf("%s: got %v, want allowed", k, err)
		}
	}
	if len(domain.ProtectedKeys) != 13 {
		t.Errorf("protected keys: got %d, want the spec's 13", len(domain.ProtectedKeys))
	}
	for _, k := range domain.ProtectedKeys {
		err := domain.CheckAdminOperation(domain.AdminOperation{Name: "Salvar", Touches: []domain.DataKey{domain.KeyPlanConfig, k}})
		if domain.ErrorCode(err) != domain.CodeForbidden || !strings.HasPrefix(err.(*domain.Error).Message, domain.MsgDeniedPrefix) {
			t.Errorf("%s: got %v, want 'Operação negada: …'", k, err)
		}
	}
	for name, op := range map[string]domain.AdminOperation{
		"nothing named": {Name: "Salvar"},
		"unknown data":  {Name: "Salvar", Touches: []domain.DataKey{"sessions"}},
	} {
		if err := domain.CheckAdminOperation(op); domain.ErrorCode(err) != domain.CodeForbidden {
			t.Errorf("%s: got %v, want refused", name, err)
		}
	}
	err := domain.CheckAdminOperation(domain.AdminOperation{Name: "Limpar agenda", Touches: []domain.DataKey{domain.KeyAppointments, domain.KeyStore}})
	if want := "Operação negada: Limpar agenda alteraria dados do próprio salão (agendamentos, loja), que só o dono da conta altera."; err == nil || err.(*domain.Error).Message != want {
		t.Errorf("message: got %v, want %q", err, want)
	}
}

func TestCleanHelpSettings(t *testing.T) {
	for _, c := range []struct {
		in          domain.HelpSettings
		want        domain.HelpSettings
		wrongFields []string
	}{
		{domain.HelpSettings{WebsiteURL: " https://ajuda.agendo.com.br ", WhatsappNumber: "(11) 91234-5678"},
			domain.HelpSettings{WebsiteURL: "https://ajuda.agendo.com.br", WhatsappNumber: "+5511912345678"}, nil},
		{domain.HelpSettings{}, domain.HelpSettings{}, nil},
		{domain.HelpSettings{WebsiteURL: "http://ajuda.agendo.com.br", WhatsappNumber: "123"}, domain.HelpSettings{}, []string{"websiteUrl", "whatsappNumber"}},
		{domain.HelpSettings{WebsiteURL: "https://user:senha@agendo.com.br"}, domain.HelpSettings{}, []string{"websiteUrl"}},
		{domain.HelpSettings{WebsiteURL: "javascript:alert(1)"}, domain.HelpSettings{}, []string{"websiteUrl"}},
	} {
		got, err := domain.CleanHelpSettings(c.in)
		var fields map[string]string
		if e, ok := err.(*domain.Error); ok {
			fields = e.Fields
		}
		if len(fields) != len(c.wrongFields) || got != c.want {
			t.Errorf("CleanHelpSettings(%+v) = %+v, %v; want %+v with problems in %v", c.in, got, err, c.want, c.wrongFields)
		}
		for _, f := range c.wrongFields {
			if fields[f] == "" {
				t.Errorf("%+v: no problem for %s", c.in, f)
			}
		}
	}
}

// A Premium granted by hand holds until its end over whatever the billing
// webhook says, and never shortens a paid Premium.
func TestEffectivePlan(t *testing.T) {
	now := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	until := now.Add(48 * time.Hour)
	reason := domain.ReasonPaymentFailed
	free := domain.UserPlan{Type: domain.PlanFree, IsActive: true, StatusReason: &reason, GrantedUntil: &until}
	if p := domain.EffectivePlan(free, now); p.Type != domain.PlanPremium || !p.IsActive || p.StatusReason != nil || *p.ExpiresAt != until {
		t.Errorf("granted: %+v", p)
	}
	if p := domain.EffectivePlan(free, until); p.Type != domain.PlanFree || p.StatusReason == nil {
		t.Errorf("after the grant: %+v", p)
	}
	paidEnd := now.Add(720 * time.Hour)
	paid := domain.UserPlan{Type: domain.PlanPremium, IsActive: true, ExpiresAt: &paidEnd, GrantedUntil: &until}
	if p := domain.EffectivePlan(paid, now); *p.ExpiresAt != paidEnd {
		t.Errorf("a paid Premium changed: %+v", p)
	}
}

func TestGrantEnd(t *testing.T) {
	loc, _ := time.LoadLocation(domain.DefaultTimeZone)
	now := time.Date(2026, 11, 24, 2, 0, 0, 0, time.UTC) // 23:00 of the 23rd in São Paulo
	end, err := domain.GrantEnd("2026-11-24", now, loc)
	if err != nil || !end.Equal(time.Date(2026, 11, 25, 0, 0, 0, 0, loc)) {
		t.Errorf("GrantEnd: %v %v", end, err)
	}
	for _, day := range []string{"2026-11-23", "2026-02-30", "24/11/2026", "2029-01-01", ""} {
		if _, err := domain.GrantEnd(day, now, loc); domain.ErrorCode(err) != domain.CodeInvalid {
			t.Errorf("GrantEnd(%q): got %v, want invalid", day, err)
		}
	}
}

func TestCheckIntegrity(t *testing.T) {
	r := domain.CheckIntegrity(domain.IntegritySnapshot{UserID: "u", Email: "", IncompleteProfessionals: []string{"p1"},
		MissingService: []string{"a1"}, MissingProfessional: []string{"a2"}, TotalsDiffer: true})
	want := []string{"Dados do usuário corrompidos ou incompletos", "Profissional p1 com dados incompletos",
		"Agendamento a1 aponta para um serviço que não existe", "Agendamento a2 aponta para um profissional que não existe",
		"Os totais da conta não conferem com os agendamentos"}
	if r.OK || strings.Join(r.Issues, "|") != strings.Join(want, "|") {
		t.Errorf("issues: got %q, want %q", r.Issues, want)
	}
	if r := domain.CheckIntegrity(domain.IntegritySnapshot{UserID: "u", Email: "a@b.c"}); !r.OK || r.Issues == nil {
		t.Errorf("sound: %+v", r)
	}
}
