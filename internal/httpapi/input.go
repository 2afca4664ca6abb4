package httpapi

import (
	"net/http"
	"reflect"
	"strings"
	"unicode/utf8"

	"agendo/internal/domain"
)

// Untrusted text is checked once, here at the edge, before any handler or
// query sees it: PostgreSQL refuses a NUL or invalid UTF-8 with an error
// (SQLite stores them), so text that holds either would otherwise reach the
// database and answer 500 on one engine only.

// cleanText reports whether s is valid UTF-8 with no NUL.
func cleanText(s string) bool {
	return utf8.ValidString(s) && strings.IndexByte(s, 0) < 0
}

// errBadText is the answer to a query parameter or JSON field that is not
// text.
func errBadText(field string) error {
	msg := "Texto inválido: use apenas caracteres comuns (UTF-8, sem caracteres nulos)"
	if field == "" {
		return domain.Invalid(msg, nil)
	}
	return domain.Invalid(msg, map[string]string{field: "Texto inválido"})
}

// errNoSuchAddress answers a path that cannot name anything.
var errNoSuchAddress = domain.Errorf(domain.CodeNotFound, "Endereço não encontrado")

// withCleanInput refuses a request whose path or query is not clean text:
// a path that cannot name anything is 404, a query parameter 422.
func (s *Server) withCleanInput(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !cleanText(r.URL.Path) {
			s.writeError(w, r, errNoSuchAddress)
			return
		}
		if r.URL.RawQuery != "" {
			for k, vs := range r.URL.Query() {
				if !cleanText(k) {
					s.writeError(w, r, errBadText(""))
					return
				}
				for _, v := range vs {
					if !cleanText(v) {
						s.writeError(w, r, errBadText(k))
						return
					}
				}
			}
		}
		next.ServeHTTP(w, r)
	})
}

// pathParams says what each kind of path wildcard may hold. A value outside
// its shape names nothing: 404, before the handler runs. Every wildcard of
// the route table must have an entry (New panics otherwise).
var pathParams = map[string]pathParam{
	"id":   {validUUID, map[string]any{"type": "string", "format": "uuid"}},
	"slug": {validSlug, map[string]any{"type": "string", "pattern": "^[A-Za-z0-9-]{1,300}$"}},
	"phone": {validPhoneParam, map[string]any{"type": "string", "pattern": `^([0-9+(). -]{1,40}|anon-[a-z]{12}|m[0-9]{6,7}\.[A-Za-z0-9_-]{1,100})$`,
		"examples":    []any{"+5511955551234"},
		"description": "o telefone do cliente, o id anônimo de um cliente anonimizado, ou o telefone mascarado que um profissional recebe"}},
	"token": {validManageToken, map[string]any{"type": "string", "pattern": `^[A-Za-z0-9_.-]{1,160}$`}},
}

// pathParam is one kind of path wildcard: its check and its schema in the
// OpenAPI document.
type pathParam struct {
	valid  func(string) bool
	schema map[string]any
}

// validUUID accepts the canonical 36-character form our ids are written in.
func validUUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch i {
		case 8, 13, 18, 23:
			if c != '-' {
				return false
			}
		default:
			if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
				return false
			}
		}
	}
	return true
}

// validSlug accepts what domain.Slugify writes (upper case too: the lookup
// folds case).
func validSlug(s string) bool {
	if s == "" || len(s) > 300 { // a 120-character name folds to at most 240 (ß → ss), plus "-NN"
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

// validPhoneParam accepts a phone as a person may type it: digits and the
// marks around them; or an anonymised client's id.
func validPhoneParam(s string) bool {
	if domain.IsAnonymousPhone(s) {
		return true
	}
	if sealed, ok := domain.SealedPhone(s); ok {
		return len(sealed) <= 100 && strings.Trim(sealed, base64URL) == ""
	}
	if s == "" || len(s) > 40 {
		return false
	}
	_, ok := domain.PhoneDigits(s)
	return ok
}

// base64URL is the alphabet of base64url without padding.
const base64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

// validManageToken accepts an id, a dot and a base64url MAC.
func validManageToken(s string) bool {
	if s == "" || len(s) > 160 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_' || c == '.') {
			return false
		}
	}
	return true
}

// wildcards lists the names of a pattern's {wildcards}.
func wildcards(pattern string) []string {
	var out []string
	for {
		i := strings.IndexByte(pattern, '{')
		if i < 0 {
			return out
		}
		j := strings.IndexByte(pattern[i:], '}')
		if j < 0 {
			return out
		}
		out = append(out, strings.TrimSuffix(pattern[i+1:i+j], "..."))
		pattern = pattern[i+j+1:]
	}
}

// checkPathParams answers 404 when a wildcard of r's route holds a value
// outside its kind's shape.
func checkPathParams(names []string, r *http.Request) bool {
	for _, n := range names {
		if !pathParams[n].valid(r.PathValue(n)) {
			return false
		}
	}
	return true
}

// badText finds the first string inside v (a decoded JSON body) that is not
// clean text, or that holds U+FFFD: the JSON decoder writes one for each
// lone surrogate escape, silently changing what was sent. It returns the
// JSON name of the field, or "" for a string outside a named field.
func badText(v reflect.Value, field string) (string, bool) {
	switch v.Kind() {
	case reflect.String:
		s := v.String()
		if !cleanText(s) || strings.ContainsRune(s, utf8.RuneError) {
			return field, true
		}
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			return badText(v.Elem(), field)
		}
	case reflect.Slice, reflect.Array:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return "", false // bytes, not text
		}
		for i := range v.Len() {
			if f, bad := badText(v.Index(i), field); bad {
				return f, true
			}
		}
	case reflect.Map:
		it := v.MapRange()
		for it.Next() {
			if f, bad := badText(it.Key(), field); bad {
				return f, true
			}
			if f, bad := badText(it.Value(), field); bad {
				return f, true
			}
		}
	case reflect.Struct:
		t := v.Type()
		for i := range t.NumField() {
			sf := t.Field(i)
			if !sf.IsExported() {
				continue
			}
			name := sf.Name
			if tag, _, _ := strings.Cut(sf.Tag.Get("json"), ","); tag != "" && tag != "-" {
				name = tag
			}
			if f, bad := badText(v.Field(i), name); bad {
				return f, true
			}
		}
	}
	return "", false
}
