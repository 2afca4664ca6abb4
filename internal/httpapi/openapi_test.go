package httpapi_test

import (
	"strings"
	"testing"

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
		if (rt.Request != nil) != (op["requestBody"] != nil) {
			t.Errorf("%s %s: request body documented %v, handled %v", rt.Method, rt.Pattern, op["requestBody"] != nil, rt.Request != nil)
		}
	}
	total := 0
	for _, item := range paths {
		total += len(item.(map[string]any))
	}
	if total != seen {
		t.Errorf("openapi.json has %d operations, the route table %d", total, seen)
	}
	// The profile schema names the spec's fields.
	prof := paths["/api/v1/profile"].(map[string]any)["get"].(map[string]any)
	schema := prof["responses"].(map[string]any)["200"].(map[string]any)["content"].(map[string]any)["application/json"].(map[string]any)["schema"].(map[string]any)
	props := schema["properties"].(map[string]any)
	for _, f := range []string{"id", "name", "email", "phone", "avatar"} {
		if props[f] == nil {
			t.Errorf("profile schema lacks %s", f)
		}
	}
}
