package httpapi_test

import (
	"slices"
	"strings"
	"testing"

	"agendo/internal/domain"
	"agendo/internal/httpapi"
)

// Every signed-in route is guarded by the permission it declares: with
// that one permission taken from the owner's role, each route answers 403
// with SPEC's message before its handler runs (nothing is read or written),
// and the routes of every other permission still answer. The grants are a
// package variable, so the engines run one after the other, alone.
func TestEveryRouteIsGuardedByItsPermission(t *testing.T) {
	eachEngineSerially(t, func(t *testing.T, e *env) {
		owner := e.client().signUp("Ana", "ana@example.com")
		all := domain.RolePermissions[domain.RoleOwner]
		t.Cleanup(func() { domain.RolePermissions[domain.RoleOwner] = all })
		guarded := 0
		for _, rt := range e.api.Routes() {
			if rt.Access != httpapi.User {
				continue
			}
			domain.RolePermissions[domain.RoleOwner] = slices.DeleteFunc(slices.Clone(all), func(p string) bool { return p == rt.Perm })
			path := wildcardRE.ReplaceAllString(rt.Pattern, "x")
			r := owner.do(rt.Method, path, nil)
			if r.Status != 403 || r.ErrMessage() != "Operação não autorizada por questões de segurança" {
				t.Errorf("%s %s without %q: got %d %s, want 403 with SPEC's message", rt.Method, rt.Pattern, rt.Perm, r.Status, r.Body)
				continue
			}
			guarded++
		}
		domain.RolePermissions[domain.RoleOwner] = slices.DeleteFunc(slices.Clone(all), func(p string) bool { return p == domain.PermReports })
		if r := owner.do("GET", "/api/v1/services", nil); r.Status != 200 {
			t.Errorf("services without the reports permission: got %d %s", r.Status, r.Body)
		}
		if guarded < 60 {
			t.Errorf("only %d routes checked: the route table lost its signed-in routes?", guarded)
		}
		t.Logf("%d signed-in routes refuse a role without their permission", guarded)
		if strings.Contains(e.logBuf.String(), `"level":"ERROR"`) {
			t.Errorf("a refusal logged an error:\n%s", e.logBuf.String())
		}
	})
}
