package httpapi_test

import (
	"agendo/internal/domain"

	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
)

func TestSignUpSignInAndProfile(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		c := e.client().signUp("  Maria   Silva ", "Maria@Example.com")
		p := c.do("GET", "/api/v1/profile", nil).must(t, 200).JSON
		if p["name"] != "Maria Silva" || p["email"] != "maria@example.com" || p["phone"] != nil {
			t.Errorf("profile: got %v", p)
		}
		st := c.do("GET", "/api/v1/store", nil).must(t, 200).JSON
		if st["name"] != "" || st["bookingFlow"] != "service-first" || st["slug"] != nil {
			t.Errorf("new store: got %v", st)
		}
		pl := c.do("GET", "/api/v1/plan", nil).must(t, 200).JSON
		if pl["type"] != "free" || pl["isActive"] != true {
			t.Errorf("new plan: got %v", pl)
		}
		if a := c.do("GET", "/api/v1/auth/access", nil).must(t, 200).JSON; a["isAdmin"] != false {
			t.Errorf("access: got %v", a)
		}
		h := c.do("GET", "/api/v1/settings/help", nil).must(t, 200).JSON
		// No placeholder contacts until an admin configures them.
		if h["websiteUrl"] != "" || h["whatsappNumber"] != "" {
			t.Errorf("help defaults: got %v, want empty", h)
		}

		up := c.do("PATCH", "/api/v1/profile", map[string]any{"name": "Maria S.", "phone": "(11) 91234-5678"}).must(t, 200).JSON
		if up["name"] != "Maria S." || up["phone"] != "+5511912345678" {
			t.Errorf("updated profile: got %v", up)
		}
		if got := c.do("GET", "/api/v1/profile", nil).JSON; got["phone"] != "+5511912345678" {
			t.Errorf("profile after update: got %v", got)
		}

		other := e.client()
		if r := other.signIn("maria@example.com", testPassword); r.Status != 200 {
			t.Fatalf("sign in: got %d %s", r.Status, r.Body)
		}
	})
}

func TestAuthMessagesAreTheSpecs(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		e.client().signUp("Ana", "ana@example.com")
		c := e.client()
		cases := []struct {
			name, path string
			body       any
			status     int
			code, msg  string
		}{
			{"login empty", "/api/v1/auth/signin", map[string]string{"email": "", "password": ""}, 422, "invalid", "Email e senha são obrigatórios"},
			{"login no password", "/api/v1/auth/signin", map[string]string{"email": "ana@example.com"}, 422, "invalid", "Email e senha são obrigatórios"},
			{"login wrong password", "/api/v1/auth/signin", map[string]string{"email": "ana@example.com", "password": "errada-123"}, 400, "invalid_credentials", "Email ou senha incorretos"},
			{"login unknown user", "/api/v1/auth/signin", map[string]string{"email": "ninguem@example.com", "password": "errada-123"}, 400, "invalid_credentials", "Email ou senha incorretos"},
			{"register empty", "/api/v1/auth/signup", map[string]string{"name": "", "email": "x@example.com", "password": testPassword, "acceptedTerms": domain.TermsVersion}, 422, "invalid", "Todos os campos são obrigatórios"},
			{"register blank name", "/api/v1/auth/signup", map[string]string{"name": "   ", "email": "x@example.com", "password": testPassword, "acceptedTerms": domain.TermsVersion}, 422, "invalid", "Todos os campos são obrigatórios"},
			{"register taken", "/api/v1/auth/signup", map[string]string{"name": "Ana", "email": "ANA@example.com", "password": testPassword, "acceptedTerms": domain.TermsVersion}, 409, "email_exists", "Já existe uma conta com este email"},
			{"register bad email", "/api/v1/auth/signup", map[string]string{"name": "Ana", "email": "ana@", "password": testPassword, "acceptedTerms": domain.TermsVersion}, 422, "invalid", "Informe um email válido"},
			{"register long name", "/api/v1/auth/signup", map[string]string{"name": strings.Repeat("a", 121), "email": "y@example.com", "password": testPassword, "acceptedTerms": domain.TermsVersion}, 422, "invalid", "Informe um nome com até 120 caracteres"},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				r := c.do("POST", tc.path, tc.body)
				if r.Status != tc.status || r.ErrCode() != tc.code || r.ErrMessage() != tc.msg {
					t.Errorf("got %d %s %q, want %d %s %q", r.Status, r.ErrCode(), r.ErrMessage(), tc.status, tc.code, tc.msg)
				}
			})
		}
	})
}

func TestWeakPasswordsCarryTheirReasons(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		c := e.client()
		cases := []struct {
			password string
			reasons  []string
		}{
			{"curta", []string{"length"}},
			{"12345678", []string{"common"}},
			{"senha123", []string{"common"}},
			{"bia@example.com", []string{"email"}},
		}
		for _, tc := range cases {
			r := c.do("POST", "/api/v1/auth/signup", map[string]string{"name": "Bia", "email": "bia@example.com", "password": tc.password, "acceptedTerms": domain.TermsVersion})
			if r.Status != 422 || r.ErrCode() != "weak_password" {
				t.Fatalf("%q: got %d %s", tc.password, r.Status, r.Body)
			}
			got := r.JSON["error"].(map[string]any)["reasons"].([]any)
			if len(got) != len(tc.reasons) || got[0] != tc.reasons[0] {
				t.Errorf("%q: got reasons %v, want %v", tc.password, got, tc.reasons)
			}
			if !strings.HasPrefix(r.ErrMessage(), "Senha fraca: ") {
				t.Errorf("%q: message %q", tc.password, r.ErrMessage())
			}
		}
		// Nothing was half-written: the address is still free.
		c.signUp("Bia", "bia@example.com")
	})
}

func TestBadBodiesAre4xxAndWriteNothing(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		c := e.client().signUp("Carla", "carla@example.com")
		cases := []struct {
			name   string
			method string
			path   string
			body   string
			status int
		}{
			{"malformed", "PATCH", "/api/v1/profile", `{"name":`, 422},
			{"not an object", "PATCH", "/api/v1/profile", `[1,2]`, 422},
			{"two objects", "PATCH", "/api/v1/profile", `{"name":"a"}{"name":"b"}`, 422},
			{"unknown field", "PATCH", "/api/v1/profile", `{"name":"Outra","email":"x@y.com"}`, 422},
			{"client sets id", "PATCH", "/api/v1/profile", `{"name":"Outra","id":"x"}`, 422},
			{"wrong type", "PATCH", "/api/v1/profile", `{"name":42}`, 422},
			{"bad phone", "PATCH", "/api/v1/profile", `{"name":"Outra","phone":"123"}`, 422},
			{"empty name", "PATCH", "/api/v1/profile", `{"name":"  "}`, 422},
			{"bad avatar", "PATCH", "/api/v1/profile", `{"avatar":"https://evil.example/x.png"}`, 422},
			{"empty body", "POST", "/api/v1/auth/signin", ``, 422},
			{"oversized", "PATCH", "/api/v1/profile", `{"name":"` + strings.Repeat("a", 1<<20) + `"}`, 413},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				r := c.do(tc.method, tc.path, tc.body)
				if r.Status != tc.status {
					t.Fatalf("got %d %s, want %d", r.Status, r.Body, tc.status)
				}
				if r.ErrMessage() == "" {
					t.Errorf("no message: %s", r.Body)
				}
			})
		}
		p := c.do("GET", "/api/v1/profile", nil).must(t, 200).JSON
		if p["name"] != "Carla" || p["phone"] != nil || p["avatar"] != nil {
			t.Errorf("profile changed by rejected requests: %v", p)
		}
	})
}

func TestUnsupportedContentType(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		r := e.client().do("POST", "/api/v1/auth/signin", "email=a&password=b")
		_ = r
		req := e.client()
		// The harness sets JSON; send a form by hand.
		res, err := req.http.Post(e.srv.URL+"/api/v1/auth/signin", "application/x-www-form-urlencoded", strings.NewReader("email=a"))
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != 415 {
			t.Errorf("form body: got %d, want 415", res.StatusCode)
		}
	})
}

func TestHealthAndReadiness(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		c := e.client()
		c.do("GET", "/healthz", nil).must(t, 200)
		c.do("GET", "/readyz", nil).must(t, 200)
		m := c.do("GET", "/metrics", nil).must(t, 200)
		if !strings.Contains(string(m.Body), `agendo_http_request_duration_seconds_count{code="2xx",method="GET",route="/healthz"} 1`) {
			t.Errorf("metrics lack the healthz request:\n%s", m.Body)
		}
	})
}

func TestSPAFallbackOnlyOutsideAPIAndFiles(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		c := e.client()
		for _, p := range []string{"/", "/login", "/dashboard/settings", "/store/salao-bela", "/qualquer/coisa"} {
			r := c.do("GET", p, nil).must(t, 200)
			if !strings.Contains(string(r.Body), `<div id="root">`) {
				t.Errorf("%s: not the SPA", p)
			}
			if cc := r.Header.Get("Cache-Control"); cc != "no-cache" {
				t.Errorf("%s: Cache-Control %q, want no-cache", p, cc)
			}
		}
		// A public page announces its route's code and its data with the HTML.
		store := string(c.do("GET", "/store/salao-bela", nil).must(t, 200).Body)
		for _, link := range []string{
			`<link rel="modulepreload" crossorigin href="/assets/store-1.js">`,
			`<link rel="modulepreload" crossorigin href="/assets/catalog-1.js">`,
			`<link rel="modulepreload" crossorigin href="/assets/loaders-1.js">`,
			`<link rel="stylesheet" crossorigin href="/assets/store-1.css">`,
			`<link rel="preload" as="fetch" crossorigin href="/api/v1/public/stores/salao-bela"></head>`,
		} {
			if !strings.Contains(store, link) {
				t.Errorf("/store/salao-bela lacks %s:\n%s", link, store)
			}
		}
		if strings.Contains(store, "react-1.js") {
			t.Errorf("/store/salao-bela preloads what index.html already loads:\n%s", store)
		}
		for _, p := range []string{"/dashboard", "/store/a%22b", "/store/a/b", "/store/.."} {
			if body := string(c.do("GET", p, nil).Body); strings.Contains(body, "preload") {
				t.Errorf("%s: got preloads:\n%s", p, body)
			}
		}

		a := c.do("GET", "/assets/app-abc123.js", nil).must(t, 200)
		if cc := a.Header.Get("Cache-Control"); !strings.Contains(cc, "immutable") {
			t.Errorf("asset Cache-Control %q, want immutable", cc)
		}
		c.do("GET", "/assets/missing.js", nil).must(t, 404)
		for _, tc := range []struct{ accept, encoding, body string }{
			{"gzip, deflate, br, zstd", "br", "brotli bytes"},
			{"gzip", "gzip", string(gzipped(`console.log("app")`))},
			{"br;q=0, gzip;q=0.8", "gzip", string(gzipped(`console.log("app")`))},
			{"", "", `console.log("app")`},
			{"identity", "", `console.log("app")`},
		} {
			req, _ := http.NewRequest("GET", e.srv.URL+"/assets/app-abc123.js", nil)
			req.Header.Set("Accept-Encoding", tc.accept)
			res, err := http.DefaultTransport.RoundTrip(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if got := res.Header.Get("Content-Encoding"); got != tc.encoding || string(body) != tc.body {
				t.Errorf("Accept-Encoding %q: got %q %q, want %q %q", tc.accept, got, body, tc.encoding, tc.body)
			}
			if cl := res.Header.Get("Content-Length"); cl != strconv.Itoa(len(tc.body)) {
				t.Errorf("Accept-Encoding %q: Content-Length %q, want %d", tc.accept, cl, len(tc.body))
			}
			if ct := res.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/javascript") {
				t.Errorf("Accept-Encoding %q: Content-Type %q", tc.accept, ct)
			}
			if v := res.Header.Values("Vary"); len(v) != 1 || v[0] != "Accept-Encoding" {
				t.Errorf("Accept-Encoding %q: Vary %q", tc.accept, v)
			}
		}
		for _, p := range []string{"/api/v1/nope", "/api", "/files/abc", "/files"} {
			r := c.do("GET", p, nil).must(t, 404)
			if r.ErrCode() != "not_found" {
				t.Errorf("%s: got %s, want the JSON error shape", p, r.Body)
			}
		}
	})
}
