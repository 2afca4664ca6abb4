package httpapi

import (
	"net/http"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// openAPI builds the OpenAPI 3.1 document from the route table, with body
// schemas derived from the Go types the handlers decode and encode, so the
// document cannot drift from the code.
func (s *Server) openAPI() map[string]any {
	paths := map[string]map[string]any{}
	for _, rt := range s.routes {
		op := map[string]any{"summary": rt.Summary, "operationId": operationID(rt)}
		var params []any
		for _, m := range wildcard.FindAllStringSubmatch(rt.Pattern, -1) {
			params = append(params, map[string]any{"name": m[1], "in": "path", "required": true, "schema": map[string]any{"type": "string"}})
		}
		if params != nil {
			op["parameters"] = params
		}
		if rt.Request != nil {
			op["requestBody"] = map[string]any{"required": true, "content": map[string]any{
				"application/json": map[string]any{"schema": schemaOf(reflect.TypeOf(rt.Request))}}}
		}
		status := rt.Status
		if status == 0 {
			status = http.StatusOK
		}
		ok := map[string]any{"description": http.StatusText(status)}
		if rt.Response != nil {
			ok["content"] = map[string]any{"application/json": map[string]any{"schema": schemaOf(reflect.TypeOf(rt.Response))}}
		}
		responses := map[string]any{strconv.Itoa(status): ok,
			"default": map[string]any{"description": "Erro", "content": map[string]any{
				"application/json": map[string]any{"schema": map[string]any{"$ref": "#/components/schemas/Error"}}}}}
		op["responses"] = responses
		if rt.Access != Public {
			op["security"] = []any{map[string]any{"bearer": []any{}}}
		}
		p := wildcard.ReplaceAllString(rt.Pattern, "{$1}")
		if paths[p] == nil {
			paths[p] = map[string]any{}
		}
		paths[p][strings.ToLower(rt.Method)] = op
	}
	return map[string]any{
		"openapi": "3.1.0",
		"info":    map[string]any{"title": "Agendo API", "version": "1"},
		"paths":   paths,
		"components": map[string]any{
			"securitySchemes": map[string]any{"bearer": map[string]any{"type": "http", "scheme": "bearer", "bearerFormat": "JWT"}},
			"schemas":         map[string]any{"Error": schemaOf(reflect.TypeOf(errorBody{}))},
		},
	}
}

var wildcard = regexp.MustCompile(`\{([a-zA-Z]+)(?:\.\.\.)?\}`)

func operationID(rt Route) string {
	var b strings.Builder
	b.WriteString(strings.ToLower(rt.Method))
	for _, part := range strings.FieldsFunc(rt.Pattern, func(r rune) bool { return r == '/' || r == '.' || r == '{' || r == '}' }) {
		if part == "api" || part == "v1" {
			continue
		}
		b.WriteString(strings.ToUpper(part[:1]) + part[1:])
	}
	return b.String()
}

var timeType = reflect.TypeOf(time.Time{})

// schemaOf describes a Go type as JSON Schema, following encoding/json.
func schemaOf(t reflect.Type) map[string]any {
	nullable := false
	for t.Kind() == reflect.Pointer {
		t, nullable = t.Elem(), true
	}
	var s map[string]any
	switch {
	case t == timeType:
		s = map[string]any{"type": "string", "format": "date-time"}
	case t.Kind() == reflect.String:
		s = map[string]any{"type": "string"}
	case t.Kind() == reflect.Bool:
		s = map[string]any{"type": "boolean"}
	case t.Kind() >= reflect.Int && t.Kind() <= reflect.Uint64:
		s = map[string]any{"type": "integer"}
	case t.Kind() == reflect.Float32 || t.Kind() == reflect.Float64:
		s = map[string]any{"type": "number"}
	case t.Kind() == reflect.Slice || t.Kind() == reflect.Array:
		s = map[string]any{"type": "array", "items": schemaOf(t.Elem())}
	case t.Kind() == reflect.Map:
		s = map[string]any{"type": "object", "additionalProperties": schemaOf(t.Elem())}
	case t.Kind() == reflect.Struct:
		props := map[string]any{}
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "-" {
				continue
			}
			if name == "" {
				name = f.Name
			}
			props[name] = schemaOf(f.Type)
		}
		s = map[string]any{"type": "object", "properties": props, "additionalProperties": false}
	default:
		s = map[string]any{}
	}
	if nullable {
		if typ, ok := s["type"].(string); ok {
			s["type"] = []any{typ, "null"}
		}
	}
	return s
}

// GET /api/v1/openapi.json
func (s *Server) handleOpenAPI(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, s.openAPI())
}
