package httpapi_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"agendo/internal/httpapi"
)

// The contract: every answer any test of this package receives — on both
// engines, fuzzers included — has a status its operation documents and, when
// it is JSON, a body valid under the documented schema (JSON Schema 2020-12,
// formats asserted). contractHandler wraps the server of every test env.

type contractSpec struct {
	doc      []byte
	ops      map[string]map[string]any // "GET /api/v1/services/{id}" → operation
	mux      *http.ServeMux            // finds a request's operation, as the server does
	compiler *jsonschema.Compiler

	mu      sync.Mutex
	schemas map[string]*jsonschema.Schema // by JSON pointer
}

var contract = sync.OnceValues(func() (*contractSpec, error) {
	doc := httpapi.OpenAPI("test")
	var parsed struct {
		Paths map[string]map[string]map[string]any `json:"paths"`
	}
	if err := json.Unmarshal(doc, &parsed); err != nil {
		return nil, err
	}
	c := &contractSpec{doc: doc, ops: map[string]map[string]any{}, mux: http.NewServeMux(), schemas: map[string]*jsonschema.Schema{}}
	for path, item := range parsed.Paths {
		for method, op := range item {
			key := strings.ToUpper(method) + " " + path
			c.ops[key] = op
			c.mux.Handle(key, http.NotFoundHandler())
		}
	}
	loaded, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
	if err != nil {
		return nil, err
	}
	c.compiler = jsonschema.NewCompiler()
	c.compiler.DefaultDraft(jsonschema.Draft2020)
	c.compiler.AssertFormat()
	if err := c.compiler.AddResource("openapi.json", loaded); err != nil {
		return nil, err
	}
	return c, nil
})

func (c *contractSpec) schema(pointer string) (*jsonschema.Schema, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if s, ok := c.schemas[pointer]; ok {
		return s, nil
	}
	s, err := c.compiler.Compile("openapi.json#" + pointer)
	if err != nil {
		return nil, err
	}
	c.schemas[pointer] = s
	return s, nil
}

// check reports what in one exchange breaks the contract, or "".
func (c *contractSpec) check(method string, req *http.Request, status int, contentType string, body []byte) string {
	_, pattern := c.mux.Handler(req)
	if pattern == "" {
		return "" // not an API operation: the web app's pages and assets
	}
	if method == http.MethodHead {
		pattern = "GET" + strings.TrimPrefix(pattern, "HEAD")
	}
	op := c.ops[pattern]
	if op == nil {
		return ""
	}
	if status == 499 { // the caller went away; nobody receives this
		return ""
	}
	responses, _ := op["responses"].(map[string]any)
	res, ok := responses[strconv.Itoa(status)].(map[string]any)
	if !ok {
		documented := make([]string, 0, len(responses))
		for k := range responses {
			documented = append(documented, k)
		}
		slices.Sort(documented)
		return fmt.Sprintf("%s answered %d, not among the documented %v: %.300s", pattern, status, documented, body)
	}
	content, _ := res["content"].(map[string]any)
	if content == nil || method == http.MethodHead {
		return ""
	}
	if _, json := content["application/json"]; !json {
		return ""
	}
	if !strings.HasPrefix(contentType, "application/json") {
		return fmt.Sprintf("%s %d: Content-Type %q, documented application/json", pattern, status, contentType)
	}
	path, verb, _ := strings.Cut(pattern, " ")
	path, verb = verb, strings.ToLower(path)
	pointer := "/paths/" + escapePointer(path) + "/" + verb + "/responses/" + strconv.Itoa(status) + "/content/application~1json/schema"
	s, err := c.schema(pointer)
	if err != nil {
		return fmt.Sprintf("%s %d: schema: %v", pattern, status, err)
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(body))
	if err != nil {
		return fmt.Sprintf("%s %d: body is not JSON: %.200q", pattern, status, body)
	}
	if err := s.Validate(v); err != nil {
		return fmt.Sprintf("%s %d: body does not match the documented schema: %v\nbody: %.600s", pattern, status, err, body)
	}
	return ""
}

func escapePointer(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// contractHandler checks every exchange through h against the document and
// fails tb on a breach. Event streams pass through unrecorded.
func contractHandler(tb testing.TB, h http.Handler) http.Handler {
	c, err := contract()
	if err != nil {
		tb.Fatalf("contract: %v", err)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.Header.Get("Accept"), "text/event-stream") || r.URL.Path == "/api/v1/events" {
			h.ServeHTTP(w, r)
			return
		}
		rec := &teeWriter{ResponseWriter: w, status: http.StatusOK}
		h.ServeHTTP(rec, r)
		if msg := c.check(r.Method, r, rec.status, rec.Header().Get("Content-Type"), rec.body.Bytes()); msg != "" {
			tb.Errorf("contract: %s %s: %s", r.Method, r.URL.Path, msg)
		}
	})
}

// teeWriter keeps a copy of what it writes.
type teeWriter struct {
	http.ResponseWriter
	status      int
	wroteHeader bool
	body        bytes.Buffer
}

func (w *teeWriter) WriteHeader(code int) {
	if !w.wroteHeader {
		w.status, w.wroteHeader = code, true
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *teeWriter) Write(b []byte) (int, error) {
	w.wroteHeader = true
	if w.body.Len() < 1<<20 {
		w.body.Write(b)
	}
	return w.ResponseWriter.Write(b)
}

func (w *teeWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func TestContractDocumentCompiles(t *testing.T) {
	c, err := contract()
	if err != nil {
		t.Fatal(err)
	}
	for key, op := range c.ops {
		method, path, _ := strings.Cut(key, " ")
		for status, res := range op["responses"].(map[string]any) {
			content, _ := res.(map[string]any)["content"].(map[string]any)
			if content["application/json"] == nil {
				continue
			}
			pointer := "/paths/" + escapePointer(path) + "/" + strings.ToLower(method) + "/responses/" + status + "/content/application~1json/schema"
			if _, err := c.schema(pointer); err != nil {
				t.Errorf("%s %s: %v", key, status, err)
			}
		}
	}
}
