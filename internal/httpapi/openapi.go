package httpapi

import (
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"agendo/internal/domain"
)

// The OpenAPI 3.1 document is built from the route table and the Go types
// its routes name, so it cannot drift from the code. Struct tags say what Go
// types cannot:
//
//	format:"uuid|date|date-time|email|uri"  the JSON Schema format
//	format:"hhmm"                           a time of day, "09:30"
//	pattern:"…"                             a regular expression the value matches
//	enum:"name"                             one of domain.Enums[name]
//	max:"name"                              at most domain.Limits[name]: characters, value or items
//	maxItem:"name"                          a list's items at most domain.Limits[name]
//	doc:"…"                                 a description
//	example:"…"                             an example value
//	query:"name[,required]"                 a query parameter (Route.Query types)
//
// A field is required unless its json tag says omitempty; a pointer field
// may be null.

// OpenAPI returns the document for a build of the given version, without a
// running server (the `agendo openapi` command and the web app's types).
func OpenAPI(version string) []byte {
	s := &Server{build: Build{Version: version}}
	s.routes = s.routeTable()
	return s.openAPIDocument()
}

// openAPIDocument is the document as JSON; the route table is fixed, so a
// server builds it once (Server.openAPIJSON).
func (s *Server) openAPIDocument() []byte {
	b, err := json.MarshalIndent(s.openAPI(), "", "  ")
	if err != nil {
		panic(err)
	}
	return append(b, '\n')
}

// schemaSet collects the named schemas of the document's components.
type schemaSet struct {
	named map[string]any
	owner map[string]reflect.Type
}

func (s *Server) openAPI() map[string]any {
	set := &schemaSet{named: map[string]any{}, owner: map[string]reflect.Type{}}
	errRef := set.of(reflect.TypeOf(errorBody{}))
	paths := map[string]map[string]any{}
	for _, rt := range s.routes {
		op := map[string]any{
			"summary":     rt.Summary,
			"operationId": operationID(rt),
			"tags":        []any{tagOf(rt.Pattern)},
			"security":    []any{},
		}
		if rt.Access != Public {
			op["security"] = []any{map[string]any{"bearer": []any{}}}
		}
		var params []any
		for _, name := range wildcards(rt.Pattern) {
			params = append(params, map[string]any{"name": name, "in": "path", "required": true, "schema": pathParams[name].schema})
		}
		if rt.Query != nil {
			params = append(params, queryParams(reflect.TypeOf(rt.Query))...)
		}
		if params != nil {
			op["parameters"] = params
		}
		switch {
		case rt.Multipart != nil:
			op["requestBody"] = map[string]any{"required": true, "content": map[string]any{
				"multipart/form-data": map[string]any{"schema": set.of(reflect.TypeOf(rt.Multipart))}}}
		case rt.Request != nil:
			op["requestBody"] = map[string]any{"required": !rt.OptionalBody, "content": map[string]any{
				"application/json": map[string]any{"schema": set.of(reflect.TypeOf(rt.Request))}}}
		}
		ok := map[string]any{"description": http.StatusText(rt.status())}
		switch {
		case rt.Produces != "":
			media := map[string]any{"schema": map[string]any{"type": "string"}}
			if rt.Response != nil { // a stream of events, each one's data this JSON
				media["x-data"] = set.of(reflect.TypeOf(rt.Response))
			}
			ok["content"] = map[string]any{rt.Produces: media}
		case rt.Response != nil:
			ok["content"] = map[string]any{"application/json": map[string]any{"schema": set.of(reflect.TypeOf(rt.Response))}}
		}
		responses := map[string]any{strconv.Itoa(rt.status()): ok}
		if rt.NoContent != "" {
			responses["204"] = map[string]any{"description": rt.NoContent}
		}
		for _, code := range rt.errorStatuses() {
			responses[strconv.Itoa(code)] = map[string]any{"description": errorDescriptions[code],
				"content": map[string]any{"application/json": map[string]any{"schema": errRef}}}
		}
		op["responses"] = responses
		if rt.Perm != "" {
			op["x-permission"] = rt.Perm
		}
		p := rt.Pattern
		if paths[p] == nil {
			paths[p] = map[string]any{}
		}
		paths[p][strings.ToLower(rt.Method)] = op
	}
	tags := []any{}
	for _, t := range docTags {
		tags = append(tags, map[string]any{"name": t[0], "description": t[1]})
	}
	return map[string]any{
		"openapi": "3.1.0",
		"info": map[string]any{
			"title":       "Agendo API",
			"version":     s.build.Version,
			"description": "A API JSON do Agendo. Erros: {\"error\": {\"code\", \"message\", \"fields\"}}; valores em dinheiro em centavos; datas YYYY-MM-DD e horários HH:MM no fuso da loja.",
			"license":     map[string]any{"name": "AGPL-3.0-only", "identifier": "AGPL-3.0-only"},
		},
		"servers": []any{map[string]any{"url": "/"}},
		"tags":    tags,
		"paths":   paths,
		// Every bound of domain.Limits by name, for the web app's forms.
		"x-limits": domain.Limits,
		// What each role of a store's team may do: the permission each
		// operation needs is its x-permission.
		"x-roles": map[string]any{"roles": domain.Roles, "roleLabels": domain.RoleLabels,
			"permissions": domain.Permissions, "permissionLabels": domain.PermissionLabels, "grants": domain.RolePermissions},
		"components": map[string]any{
			"securitySchemes": map[string]any{"bearer": map[string]any{"type": "http", "scheme": "bearer", "bearerFormat": "JWT"}},
			"schemas":         set.named,
		},
	}
}

// docTags group the operations by the first part of their path.
var docTags = [][2]string{
	{"sistema", "Saúde, métricas e este documento"},
	{"auth", "Contas e sessões"},
	{"perfil", "O dono da conta"},
	{"loja", "O perfil do negócio e os primeiros passos"},
	{"catálogo", "Profissionais, serviços e bloqueios de horário"},
	{"arquivos", "Imagens enviadas"},
	{"agenda", "Agendamentos, lixeira e horários livres"},
	{"clientes", "Clientes e a página inicial"},
	{"público", "A página pública da loja e os links de gerenciamento"},
	{"plano", "Plano e configurações"},
}

func tagOf(pattern string) string {
	p := strings.TrimPrefix(pattern, "/api/v1/")
	first, _, _ := strings.Cut(p, "/")
	switch first {
	case "auth":
		return "auth"
	case "profile":
		return "perfil"
	case "store", "onboarding":
		return "loja"
	case "professionals", "services", "blocked-times":
		return "catálogo"
	case "files":
		return "arquivos"
	case "appointments", "trash", "availability", "events":
		return "agenda"
	case "clients", "dashboard":
		return "clientes"
	case "public", "analytics":
		return "público"
	case "plan", "settings":
		return "plano"
	}
	if strings.HasPrefix(pattern, "/files/") {
		return "arquivos"
	}
	return "sistema"
}

var errorDescriptions = map[int]string{
	400: "Requisição malformada",
	401: "Sem sessão válida",
	403: "Sem permissão",
	404: "Não encontrado",
	409: "Conflito com o estado atual",
	413: "Corpo grande demais",
	415: "Tipo de conteúdo não aceito",
	422: "Dados inválidos",
	429: "Tentativas demais; veja Retry-After",
	500: "Erro interno",
	503: "Indisponível",
}

// errorStatuses are the error answers a route may give: those every route
// of its kind can give, and the ones its entry adds.
func (rt Route) errorStatuses() []int {
	codes := []int{422, 500} // every route refuses unclean query text (input.go)
	if rt.Access != Public {
		codes = append(codes, 401, 403) // a role without the route's permission, or not an admin
	}
	if len(wildcards(rt.Pattern)) > 0 {
		codes = append(codes, 404)
	}
	if rt.Request != nil || rt.Multipart != nil {
		codes = append(codes, 400, 413, 415, 422)
	}
	if rt.Access != Public && (rt.Query != nil || rt.Request != nil) {
		codes = append(codes, 404) // an id in the query or the body names nothing of the caller's
	}
	codes = append(codes, rt.Errors...)
	slices.Sort(codes)
	return slices.Compact(codes)
}

func (rt Route) status() int {
	if rt.Status == 0 {
		return http.StatusOK
	}
	return rt.Status
}

func operationID(rt Route) string {
	var b strings.Builder
	b.WriteString(strings.ToLower(rt.Method))
	for _, part := range strings.FieldsFunc(rt.Pattern, func(r rune) bool {
		return r == '/' || r == '.' || r == '{' || r == '}' || r == '-'
	}) {
		if part == "api" || part == "v1" {
			continue
		}
		b.WriteString(strings.ToUpper(part[:1]) + part[1:])
	}
	return b.String()
}

var timeType = reflect.TypeOf(time.Time{})

// of describes a Go type as JSON Schema, following encoding/json; a named
// struct becomes a component and is referred to.
func (set *schemaSet) of(t reflect.Type) map[string]any {
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
		s = map[string]any{"type": "array", "items": set.of(t.Elem())}
	case t.Kind() == reflect.Map:
		s = map[string]any{"type": "object", "additionalProperties": set.of(t.Elem())}
	case t.Kind() == reflect.Struct && t.Name() != "":
		s = map[string]any{"$ref": "#/components/schemas/" + set.define(t)}
	case t.Kind() == reflect.Struct:
		s = set.object(t)
	default:
		s = map[string]any{}
	}
	if nullable {
		if typ, ok := s["type"].(string); ok {
			s["type"] = []any{typ, "null"}
		} else {
			s = map[string]any{"anyOf": []any{s, map[string]any{"type": "null"}}}
		}
	}
	return s
}

// define adds a named struct to the components once, under its type name.
func (set *schemaSet) define(t reflect.Type) string {
	name := strings.ToUpper(t.Name()[:1]) + t.Name()[1:]
	if prev, ok := set.owner[name]; ok {
		if prev != t {
			panic(fmt.Sprintf("openapi: two types named %s (%s and %s): rename one", name, prev.PkgPath(), t.PkgPath()))
		}
		return name
	}
	set.owner[name] = t
	set.named[name] = map[string]any{} // a recursive type finds its name
	set.named[name] = set.object(t)
	return name
}

// object describes a struct's JSON fields, flattening embedded structs as
// encoding/json does.
func (set *schemaSet) object(t reflect.Type) map[string]any {
	props := map[string]any{}
	required := []any{}
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		for i := range t.NumField() {
			f := t.Field(i)
			tag := f.Tag.Get("json")
			name, opts, _ := strings.Cut(tag, ",")
			if f.Anonymous && name == "" && f.Type.Kind() == reflect.Struct {
				walk(f.Type)
				continue
			}
			if !f.IsExported() || name == "-" {
				continue
			}
			if name == "" {
				name = f.Name
			}
			props[name] = annotate(set.of(f.Type), f)
			if !strings.Contains(opts, "omitempty") && !strings.Contains(opts, "omitzero") {
				required = append(required, name)
			}
		}
	}
	walk(t)
	s := map[string]any{"type": "object", "properties": props, "additionalProperties": false}
	if len(required) > 0 {
		slices.SortFunc(required, func(a, b any) int { return strings.Compare(a.(string), b.(string)) })
		s["required"] = required
	}
	return s
}

// hhmm is a time of day as the API writes it.
const hhmm = `^([01][0-9]|2[0-3]):[0-5][0-9]$`

// annotate adds what a field's tags say to its schema. On an array the
// format and enum describe the items.
func annotate(s map[string]any, f reflect.StructField) map[string]any {
	target := s
	if items, ok := s["items"].(map[string]any); ok {
		target = items
	}
	if alts, ok := s["anyOf"].([]any); ok { // a nullable reference
		target = alts[0].(map[string]any)
	}
	if format := f.Tag.Get("format"); format != "" {
		if format == "hhmm" {
			target["pattern"] = hhmm
		} else {
			target["format"] = format
		}
	}
	if pattern := f.Tag.Get("pattern"); pattern != "" {
		target["pattern"] = pattern
	}
	if name := f.Tag.Get("enum"); name != "" {
		values, ok := domain.Enums[name]
		if !ok {
			panic("openapi: no enum " + name + " in domain.Enums (field " + f.Name + ")")
		}
		list := make([]any, 0, len(values)+1)
		for _, v := range values {
			list = append(list, v)
		}
		if typ, ok := s["type"].([]any); ok && slices.Contains(typ, any("null")) {
			list = append(list, nil)
		}
		target["enum"] = list
	}
	if name := f.Tag.Get("max"); name != "" {
		bound(s, f.Type, name, f.Name)
	}
	if name := f.Tag.Get("maxItem"); name != "" {
		bound(target, f.Type.Elem(), name, f.Name)
	}
	if doc := f.Tag.Get("doc"); doc != "" {
		if _, ref := s["$ref"]; ref {
			s = map[string]any{"allOf": []any{s}}
		}
		s["description"] = doc
	}
	if ex := f.Tag.Get("example"); ex != "" {
		var v any = ex
		if n, err := strconv.Atoi(ex); err == nil && s["type"] == "integer" {
			v = n
		}
		s["examples"] = []any{v}
	}
	return s
}

// bound writes domain.Limits[name] on s, the schema of a value of type t:
// the longest text, the greatest number or the most items.
func bound(s map[string]any, t reflect.Type, name, field string) {
	n, ok := domain.Limits[name]
	if !ok {
		panic("openapi: no limit " + name + " in domain.Limits (field " + field + ")")
	}
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.String:
		s["maxLength"] = n
	case reflect.Int, reflect.Int64:
		s["maximum"] = n
	case reflect.Slice:
		s["maxItems"] = n
	default:
		panic("openapi: a limit on a " + t.Kind().String() + " (field " + field + ")")
	}
}

// queryParams describes the fields of a Route.Query struct.
func queryParams(t reflect.Type) []any {
	var params []any
	for i := range t.NumField() {
		f := t.Field(i)
		name, opts, _ := strings.Cut(f.Tag.Get("query"), ",")
		if name == "" {
			continue
		}
		set := &schemaSet{named: map[string]any{}, owner: map[string]reflect.Type{}}
		p := map[string]any{"name": name, "in": "query", "required": opts == "required",
			"schema": annotate(set.of(f.Type), f)}
		if schema := p["schema"].(map[string]any); schema["description"] != nil {
			p["description"] = schema["description"]
			delete(schema, "description")
		}
		params = append(params, p)
	}
	return params
}

// GET /api/v1/openapi.json
func (s *Server) handleOpenAPI(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write(s.openAPIJSON())
}
