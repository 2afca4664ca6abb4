package domain_test

import (
	"slices"
	"testing"

	"agendo/internal/domain"
)

// The roles' grants say what issue 26 says each role does, and nothing is
// named that is not on the owner's screen.
func TestEachRoleMayDoWhatItsJobNeeds(t *testing.T) {
	for _, p := range domain.Permissions {
		if domain.PermissionLabels[p] == "" {
			t.Errorf("permission %q has no label for 'O que cada função pode fazer'", p)
		}
	}
	if len(domain.PermissionLabels) != len(domain.Permissions) {
		t.Errorf("%d labels for %d permissions", len(domain.PermissionLabels), len(domain.Permissions))
	}
	for _, role := range domain.Roles {
		if domain.RoleLabels[role] == "" {
			t.Errorf("role %q has no label", role)
		}
		for _, p := range domain.RolePermissions[role] {
			if !slices.Contains(domain.Permissions, p) {
				t.Errorf("role %q is granted %q, which is no permission", role, p)
			}
		}
	}
	// What each role may not do; the rest it may.
	denied := map[string][]string{
		domain.RoleOwner:   {},
		domain.RoleManager: {domain.PermPlan, domain.PermAccountDelete, domain.PermOwnAgenda},
		domain.RoleReception: {domain.PermReports, domain.PermPromotions, domain.PermPlan, domain.PermStoreEdit,
			domain.PermCatalogEdit, domain.PermClientsPrivacy, domain.PermAccountDelete, domain.PermExport, domain.PermTeam,
			domain.PermOwnAgenda},
		domain.RoleProfessional: {domain.PermRewardsRedeem, domain.PermClientsAdd, domain.PermPromotions, domain.PermPlan, domain.PermStoreEdit,
			domain.PermCatalogEdit, domain.PermClientsPrivacy, domain.PermAccountDelete, domain.PermExport, domain.PermTeam,
			domain.PermOwnAgenda},
	}
	for _, role := range domain.Roles {
		for _, p := range domain.Permissions {
			want := !slices.Contains(denied[role], p)
			if got := domain.Can(role, p); got != want {
				t.Errorf("Can(%s, %s) = %v, want %v", role, p, got, want)
			}
		}
	}
	if domain.Can("", domain.PermAccount) || domain.Can("visitante", domain.PermAgenda) {
		t.Error("a person with no role, or an unknown one, may do something")
	}
	if !domain.OwnScope(domain.RoleProfessional) || domain.OwnScope(domain.RoleReception) || domain.OwnScope(domain.RoleOwner) {
		t.Error("only a professional sees only their own")
	}
}
