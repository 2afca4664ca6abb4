package httpapi

import (
	"net/http"
	"reflect"
	"strconv"
	"strings"

	"agendo/internal/domain"
)

// decodeQuery fills the `query`-tagged fields of dst, a pointer to a
// Route.Query struct, from r's query string: text as given (withCleanInput
// already refused unclean text), numbers parsed. A number that is not one,
// or a required parameter left out, is 422 naming the parameter.
func decodeQuery(r *http.Request, dst any) error {
	v := reflect.ValueOf(dst).Elem()
	q := r.URL.Query()
	var fields map[string]string
	fail := func(name, msg string) {
		if fields == nil {
			fields = map[string]string{}
		}
		fields[name] = msg
	}
	for i := range v.NumField() {
		f := v.Type().Field(i)
		name, opts, _ := strings.Cut(f.Tag.Get("query"), ",")
		if name == "" {
			continue
		}
		raw := q.Get(name)
		if raw == "" {
			if opts == "required" {
				fail(name, "Parâmetro obrigatório.")
			}
			continue
		}
		switch f.Type.Kind() {
		case reflect.String:
			v.Field(i).SetString(raw)
		case reflect.Int:
			n, err := strconv.Atoi(raw)
			if err != nil {
				fail(name, "Informe um número inteiro.")
				continue
			}
			v.Field(i).SetInt(int64(n))
		case reflect.Bool:
			b, err := strconv.ParseBool(raw)
			if err != nil {
				fail(name, "Use true ou false.")
				continue
			}
			v.Field(i).SetBool(b)
		default:
			panic("httpapi: query field " + f.Name + " has an unsupported kind " + f.Type.Kind().String())
		}
	}
	if fields != nil {
		return domain.Invalid("Parâmetro inválido na consulta.", fields)
	}
	return nil
}
