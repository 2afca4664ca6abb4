package httpapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"reflect"
	"strings"
	"unicode/utf8"

	"agendo/internal/domain"
)

// maxBody is the size limit of every JSON request body.
const maxBody = 1 << 20

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// decode reads a JSON body into v: at most 1 MiB, one value, no unknown
// fields. Its errors are Portuguese and 4xx.
func decode(w http.ResponseWriter, r *http.Request, v any) error {
	if ct := r.Header.Get("Content-Type"); ct != "" {
		mt, _, err := mime.ParseMediaType(ct)
		if err != nil || mt != "application/json" {
			return domain.Errorf(domain.CodeUnsupportedMedia, "Envie os dados em JSON (Content-Type: application/json)")
		}
	}
	return decodeJSON(http.MaxBytesReader(w, r.Body, maxBody), v)
}

// decodeJSON is the untrusted-input decoder behind decode (fuzzed).
// Text that is not valid UTF-8 or holds a NUL is refused here, once, for
// every body (see input.go).
func decodeJSON(body io.Reader, v any) error {
	raw, err := io.ReadAll(body)
	if err != nil {
		return jsonError(err)
	}
	if !utf8.Valid(raw) {
		return errBadText("")
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return jsonError(err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return domain.Invalid("JSON inválido: envie um único objeto", nil)
	}
	if field, bad := badText(reflect.ValueOf(v), ""); bad {
		return errBadText(field)
	}
	return nil
}

// errEmptyBody answers a request that needed a body and sent none.
var errEmptyBody = domain.Invalid("Envie os dados do formulário", nil)

// decodeOptional is decode for a body that may be left out (an empty body
// leaves v as it is).
func decodeOptional(w http.ResponseWriter, r *http.Request, v any) error {
	if err := decode(w, r, v); err != nil && !errors.Is(err, errEmptyBody) {
		return err
	}
	return nil
}

func jsonError(err error) error {
	var mbe *http.MaxBytesError
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &mbe):
		return domain.Errorf(domain.CodePayloadTooLarge, "Os dados enviados passam do limite de %d KB", mbe.Limit/1024)
	case errors.Is(err, io.EOF):
		return errEmptyBody
	case errors.As(err, &syn), errors.Is(err, io.ErrUnexpectedEOF):
		return domain.Invalid("JSON inválido", nil)
	case errors.As(err, &typ):
		field := typ.Field
		if field == "" {
			return domain.Invalid("JSON inválido: envie um objeto", nil)
		}
		msg := fmt.Sprintf("Valor inválido para o campo %s", field)
		return domain.Invalid(msg, map[string]string{field: "Valor inválido"})
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		field := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
		return domain.Invalid(fmt.Sprintf("Campo desconhecido: %s", field), map[string]string{field: "Campo desconhecido"})
	}
	return domain.Invalid("JSON inválido", nil)
}
