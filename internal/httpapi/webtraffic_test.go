package httpapi_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"net/url"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// TestWebTrafficMatchesTheContract checks what the web app sent and received
// in the end-to-end tests (web/e2e/traffic.ts writes it; `make e2e` runs this
// test with AGENDO_WEB_TRAFFIC naming the file): every request names a
// documented operation, uses only its documented query parameters with
// valid values and sends a body valid under the documented schema; every
// answer matches the contract as in the Go suites.
func TestWebTrafficMatchesTheContract(t *testing.T) {
	path := os.Getenv("AGENDO_WEB_TRAFFIC")
	if path == "" {
		t.Skip("AGENDO_WEB_TRAFFIC is not set: `make e2e` runs this after the browser tests")
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	c, err := contract()
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	lines := 0
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 1<<20), 8<<20)
	for sc.Scan() {
		lines++
		var ex struct {
			Method, Path, Query, RequestType, RequestBody string
			Status                                        int
			ResponseType, ResponseBody                    string
		}
		if err := json.Unmarshal(sc.Bytes(), &ex); err != nil {
			t.Fatalf("line %d: %v", lines, err)
		}
		req := httptest.NewRequest(ex.Method, ex.Path+ex.Query, nil)
		_, pattern := c.mux.Handler(req)
		op := c.ops[pattern]
		if op == nil {
			t.Errorf("the web app calls %s %s, which the document does not describe", ex.Method, ex.Path)
			continue
		}
		seen[pattern] = true
		for _, msg := range c.checkRequest(pattern, op, req.URL.Query(), ex.RequestType, ex.RequestBody) {
			t.Errorf("web request %s %s%s: %s", ex.Method, ex.Path, ex.Query, msg)
		}
		if msg := c.check(ex.Method, req, ex.Status, ex.ResponseType, []byte(ex.ResponseBody)); msg != "" {
			t.Errorf("web answer %s %s: %s", ex.Method, ex.Path, msg)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if lines == 0 {
		t.Fatal("no web traffic recorded")
	}
	t.Logf("%d exchanges over %d operations checked", lines, len(seen))
}

// checkRequest lists what in a request its operation does not describe.
func (c *contractSpec) checkRequest(pattern string, op map[string]any, query url.Values, contentType, body string) []string {
	var problems []string
	method, path, _ := strings.Cut(pattern, " ")
	opPointer := "/paths/" + escapePointer(path) + "/" + strings.ToLower(method)
	declared := map[string]map[string]any{}
	pointers := map[string]string{} // a parameter's schema in the document
	params, _ := op["parameters"].([]any)
	for i, p := range params {
		p := p.(map[string]any)
		if p["in"] == "query" {
			declared[p["name"].(string)] = p
			pointers[p["name"].(string)] = opPointer + "/parameters/" + strconv.Itoa(i) + "/schema"
		}
	}
	for name, values := range query {
		p := declared[name]
		if p == nil {
			problems = append(problems, fmt.Sprintf("query parameter %q is not documented", name))
			continue
		}
		schema := p["schema"].(map[string]any)
		compiled, err := c.schema(pointers[name])
		if err != nil {
			problems = append(problems, err.Error())
			continue
		}
		for _, v := range values {
			var value any = v
			if schema["type"] == "integer" {
				_, err := strconv.Atoi(v)
				if err != nil {
					problems = append(problems, fmt.Sprintf("query parameter %q: %q is not an integer", name, v))
					continue
				}
				value = json.Number(v)
			}
			if err := compiled.Validate(value); err != nil {
				problems = append(problems, fmt.Sprintf("query parameter %q=%q: %v", name, v, err))
			}
		}
	}
	for name, p := range declared {
		if p["required"] == true && !query.Has(name) {
			problems = append(problems, fmt.Sprintf("required query parameter %q is missing", name))
		}
	}
	rb, _ := op["requestBody"].(map[string]any)
	switch {
	case rb == nil && body != "":
		problems = append(problems, "sends a body the operation does not take")
	case rb != nil && strings.HasPrefix(contentType, "application/json"):
		if _, ok := rb["content"].(map[string]any)["application/json"]; !ok {
			problems = append(problems, "sends JSON; the operation takes "+fmt.Sprint(rb["content"]))
			break
		}
		s, err := c.schema(opPointer + "/requestBody/content/application~1json/schema")
		if err != nil {
			return append(problems, err.Error())
		}
		v, err := jsonschema.UnmarshalJSON(strings.NewReader(body))
		if err != nil {
			return append(problems, "body is not JSON")
		}
		if err := s.Validate(v); err != nil {
			problems = append(problems, fmt.Sprintf("body does not match the documented schema: %v\nbody: %.600s", err, body))
		}
	case rb != nil && rb["required"] == true && body == "" && !strings.HasPrefix(contentType, "multipart/form-data"):
		problems = append(problems, "sends no body; the operation requires one")
	}
	return problems
}
