package httpapi_test

import (
	"slices"
	"strings"
	"testing"

	"agendo/internal/domain"
	"agendo/internal/httpapi"
	"agendo/internal/store"
	"agendo/internal/store/storetest"
)

func TestOpenAPIDescribesEveryRoute(t *testing.T) {
	e := newEnv(t, storetest.Open(t, store.SQLite))
	doc := e.client().do("GET", "/api/v1/openapi.json", nil).must(t, 200).JSON
	if doc["openapi"] != "3.1.0" {
		t.Fatalf("openapi version: got %v", doc["openapi"])
	}
	paths, _ := doc["paths"].(map[string]any)
	seen := 0
	for _, rt := range e.api.Routes() {
		item, _ := paths[rt.Pattern].(map[string]any)
		op, _ := item[strings.ToLower(rt.Method)].(map[string]any)
		if op == nil {
			t.Errorf("%s %s is missing from openapi.json", rt.Method, rt.Pattern)
			continue
		}
		seen++
		if s, _ := op["summary"].(string); s == "" {
			t.Errorf("%s %s has no summary", rt.Method, rt.Pattern)
		}
		if _, ok := op["responses"].(map[string]any); !ok {
			t.Errorf("%s %s has no responses", rt.Method, rt.Pattern)
		}
		if (rt.Request != nil || rt.Multipart != nil) != (op["requestBody"] != nil) {
			t.Errorf("%s %s: request body documented %v, handled %v", rt.Method, rt.Pattern, op["requestBody"] != nil, rt.Request != nil)
		}
		if _, ok := op["security"].([]any); !ok {
			t.Errorf("%s %s: no explicit security", rt.Method, rt.Pattern)
		}
		// Every route a store's member calls names the permission it needs
		// (issue 26); public and admin routes are no store's.
		documented, _ := op["x-permission"].(string)
		switch {
		case rt.Access == httpapi.User && !slices.Contains(domain.Permissions, rt.Perm):
			t.Errorf("%s %s declares no permission (Route.Perm %q): every signed-in route needs one of domain.Permissions", rt.Method, rt.Pattern, rt.Perm)
		case rt.Access != httpapi.User && rt.Perm != "":
			t.Errorf("%s %s is no store's route but declares the permission %q", rt.Method, rt.Pattern, rt.Perm)
		case documented != rt.Perm:
			t.Errorf("%s %s: x-permission %q, the route table %q", rt.Method, rt.Pattern, documented, rt.Perm)
		}
	}
	roles, _ := doc["x-roles"].(map[string]any)
	if grants, _ := roles["grants"].(map[string]any); len(grants) != len(domain.Roles) {
		t.Errorf("x-roles lists the grants of %d roles, want %d: %v", len(grants), len(domain.Roles), roles)
	}
	total := 0
	for _, item := range paths {
		total += len(item.(map[string]any))
	}
	if total != seen {
		t.Errorf("openapi.json has %d operations, the route table %d", total, seen)
	}
	// The profile schema names the spec's fields, all of them always sent.
	schemas := doc["components"].(map[string]any)["schemas"].(map[string]any)
	profile := schemas["Profile"].(map[string]any)
	props := profile["properties"].(map[string]any)
	for _, f := range []string{"id", "name", "email", "phone", "avatar"} {
		if props[f] == nil || !slices.Contains(profile["required"].([]any), any(f)) {
			t.Errorf("profile schema lacks %s or does not require it", f)
		}
	}
	// Query parameters, enums and formats are described, not left to prose.
	list := paths["/api/v1/appointments"].(map[string]any)["get"].(map[string]any)
	var names []string
	for _, p := range list["parameters"].([]any) {
		names = append(names, p.(map[string]any)["name"].(string))
	}
	if want := []string{"from", "to", "professionalId", "status", "q", "limit", "offset"}; !slices.Equal(names, want) {
		t.Errorf("appointment list parameters: got %v, want %v", names, want)
	}
	status := schemas["Appointment"].(map[string]any)["properties"].(map[string]any)["status"].(map[string]any)
	if len(status["enum"].([]any)) != 5 {
		t.Errorf("appointment status: got %v, want the five statuses", status)
	}
	upload := paths["/api/v1/files"].(map[string]any)["post"].(map[string]any)["requestBody"].(map[string]any)["content"].(map[string]any)
	if upload["multipart/form-data"] == nil {
		t.Errorf("uploads are not documented as multipart: %v", upload)
	}
}
