package httpapi_test

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"agendo/internal/auth"
	"agendo/internal/domain"
	"agendo/internal/httpapi"
)

// ipN is a distinct IPv4 address for each n, for callers of serve.
func ipN(n int) string {
	return fmt.Sprintf("10.%d.%d.%d", (n>>16)&0xff, (n>>8)&0xff, n&0xff)
}

// DESIGN.md section 13, "No account enumeration".

func TestSignInAnswersAlikeForUnknownUsersAndWrongPasswords(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		e.client().signUp("Ana", "ana@example.com")
		c := e.client()
		wrong := c.do("POST", "/api/v1/auth/signin", map[string]string{"email": "ana@example.com", "password": "nao-e-a-senha-1"})
		cases := []struct{ name, email string }{
			{"unknown user", "ninguem@example.com"},
			{"known user, other case", "ANA@example.com"},
			{"malformed address", "ana@"},
		}
		for _, tc := range cases {
			r := c.do("POST", "/api/v1/auth/signin", map[string]string{"email": tc.email, "password": "nao-e-a-senha-1"})
			if r.Status != wrong.Status || string(r.Body) != string(wrong.Body) {
				t.Errorf("%s: got %d %s, want the wrong-password answer %d %s", tc.name, r.Status, r.Body, wrong.Status, wrong.Body)
			}
		}
		if wrong.Status != 400 || wrong.ErrCode() != "invalid_credentials" {
			t.Errorf("wrong password: got %d %s, want 400 invalid_credentials", wrong.Status, wrong.Body)
		}
	})
}

func TestSignInTimingDoesNotRevealAccounts(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test: hashes with the production argon2id cost")
	}
	if raceEnabled {
		t.Skip("timing test: the race detector distorts timings")
	}
	const n = 500 // per kind; both kinds interleaved
	eachEngineSerially(t, func(t *testing.T, e *env) {
		e.client().signUp("Ana", "ana@example.com")
		h := e.api.Handler()
		measure := func(i int, email string) time.Duration {
			req := directRequest(t, "POST", "/api/v1/auth/signin", ipN(i), map[string]string{"email": email, "password": "nao-e-a-senha-1"})
			rec := httptest.NewRecorder()
			start := time.Now()
			h.ServeHTTP(rec, req)
			d := time.Since(start)
			if rec.Code != 400 {
				t.Fatalf("sign-in %d as %s: got %d %s, want 400", i, email, rec.Code, rec.Body)
			}
			return d
		}
		for i := range 10 { // warm up
			measure(i, "ana@example.com")
			measure(i, "ninguem@example.com")
		}
		// A shared 2-core machine stalls now and then for milliseconds; a
		// stall during one kind's requests is not a leak, so a differing
		// run is measured again (up to three times) before failing.
		var diff, mu, mw time.Duration
		for attempt := 1; attempt <= 3; attempt++ {
			var unknown, wrong []time.Duration
			start := time.Now()
			for i := range n {
				// Two minutes per round refill the per-account bucket (a
				// failed check every 72 s); each request comes from its own
				// address.
				e.clock.Advance(2 * time.Minute)
				if i%2 == 0 {
					unknown = append(unknown, measure(2*i+100, "ninguem@example.com"))
					wrong = append(wrong, measure(2*i+101, "ana@example.com"))
				} else {
					wrong = append(wrong, measure(2*i+100, "ana@example.com"))
					unknown = append(unknown, measure(2*i+101, "ninguem@example.com"))
				}
			}
			mu, mw = median(unknown), median(wrong)
			diff = (mu - mw).Abs()
			t.Logf("attempt %d, N=%d each in %v: median unknown user %v, wrong password %v, difference %v",
				attempt, n, time.Since(start).Round(time.Millisecond), mu, mw, diff)
			if diff < 5*time.Millisecond {
				return
			}
		}
		t.Errorf("medians differ by %v (unknown %v, wrong password %v), want < 5ms", diff, mu, mw)
	}, envOptions{hasher: auth.NewHasher()})
}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}

// DESIGN.md section 13, "Brute force is bounded".

func TestBruteForceFromOneIPIsBounded(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		e.client().signUp("Bia", "bia@example.com")
		c := e.client()
		accepted, limited := 0, 0
		for i := range 120 { // every 0.5 s for 60 s
			r := c.do("POST", "/api/v1/auth/signin", map[string]string{"email": "bia@example.com", "password": fmt.Sprintf("chute-%03d", i)})
			switch r.Status {
			case 429:
				limited++
				secs, err := strconv.Atoi(r.Header.Get("Retry-After"))
				if err != nil || secs < 1 || secs > 10 {
					t.Fatalf("attempt %d: got Retry-After %q, want 1–10 seconds", i, r.Header.Get("Retry-After"))
				}
				if r.ErrCode() != "rate_limited" || !strings.HasPrefix(r.ErrMessage(), "Muitas tentativas.") {
					t.Fatalf("attempt %d: got %s, want the rate_limited error", i, r.Body)
				}
			case 400:
				accepted++
			default:
				t.Fatalf("attempt %d: got %d %s", i, r.Status, r.Body)
			}
			e.clock.Advance(500 * time.Millisecond)
		}
		if accepted > 36 || accepted < 30 {
			t.Errorf("got %d attempts checked in 60 s, want 30 (the burst) to 36", accepted)
		}
		if accepted+limited != 120 {
			t.Errorf("got %d + %d answers, want 120", accepted, limited)
		}
	})
}

func TestRetryAfterIsTheWaitForTheNextToken(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		h := e.api.Handler()
		for i := range 30 {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, directRequest(t, "POST", "/api/v1/auth/signin", "192.0.2.1", map[string]string{"email": fmt.Sprintf("x%d@example.com", i), "password": "qualquer-1"}))
			if rec.Code != 400 {
				t.Fatalf("attempt %d: got %d, want 400", i+1, rec.Code)
			}
		}
		steps := []struct {
			after      time.Duration
			status     int
			retryAfter string
		}{
			{0, 429, "10"}, // 30 per 5 min: a token every 10 s
			{4 * time.Second, 429, "6"},
			{5500 * time.Millisecond, 429, "1"}, // 0.5 s to go rounds up
			{500 * time.Millisecond, 400, ""},
		}
		for i, s := range steps {
			e.clock.Advance(s.after)
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, directRequest(t, "POST", "/api/v1/auth/signin", "192.0.2.1", map[string]string{"email": "y@example.com", "password": "qualquer-1"}))
			if rec.Code != s.status || rec.Header().Get("Retry-After") != s.retryAfter {
				t.Errorf("step %d: got %d Retry-After %q, want %d %q", i, rec.Code, rec.Header().Get("Retry-After"), s.status, s.retryAfter)
			}
		}
	})
}

func TestForwardedForIsNotTrusted(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		accepted := 0
		for i := range 40 {
			body := fmt.Sprintf(`{"email":"v%d@example.com","password":"qualquer-1"}`, i)
			req, err := http.NewRequest("POST", e.srv.URL+"/api/v1/auth/signin", strings.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			fake := fmt.Sprintf("203.0.113.%d", i)
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("X-Forwarded-For", fake)
			req.Header.Set("X-Real-IP", fake)
			req.Header.Set("Forwarded", "for="+fake)
			if r := e.send(req); r.Status != 429 {
				accepted++
			}
		}
		if accepted != 30 {
			t.Errorf("got %d of 40 sign-ins past the per-IP limit with a new X-Forwarded-For each, want 30", accepted)
		}
	})
}

// DESIGN.md section 13, "Tokens are validated strictly".

func TestTokensAreValidatedStrictly(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		c := e.client().signUp("Dora", "dora@example.com")
		real := c.token
		var claims jwt.MapClaims
		if _, _, err := jwt.NewParser().ParseUnverified(real, &claims); err != nil {
			t.Fatal(err)
		}
		key := []byte(strings.Repeat("k", 32)) // the harness's signing key
		now := e.clock.Now()
		with := func(mod func(jwt.MapClaims)) jwt.MapClaims {
			c := jwt.MapClaims{}
			for k, v := range claims {
				c[k] = v
			}
			c["iat"], c["nbf"], c["exp"] = now.Unix(), now.Unix(), now.Add(10*time.Minute).Unix()
			if mod != nil {
				mod(c)
			}
			return c
		}
		sign := func(m jwt.SigningMethod, k any, c jwt.MapClaims) string {
			t.Helper()
			s, err := jwt.NewWithClaims(m, c).SignedString(k)
			if err != nil {
				t.Fatal(err)
			}
			return s
		}
		rsaKey, err := rsa.GenerateKey(rand.Reader, 2048)
		if err != nil {
			t.Fatal(err)
		}
		// "RS256" in the header, HMAC-signed with the server key: the classic
		// algorithm-confusion forgery.
		confused := func() string {
			b64 := base64.RawURLEncoding
			head := b64.EncodeToString([]byte(`{"alg":"RS256","typ":"JWT"}`))
			body, _ := json.Marshal(with(nil))
			unsigned := head + "." + b64.EncodeToString(body)
			m := hmac.New(sha256.New, key)
			m.Write([]byte(unsigned))
			return unsigned + "." + b64.EncodeToString(m.Sum(nil))
		}()
		flipped := func() string {
			parts := strings.Split(real, ".")
			sig, err := base64.RawURLEncoding.DecodeString(parts[2])
			if err != nil {
				t.Fatal(err)
			}
			sig[len(sig)/2] ^= 0x01
			return parts[0] + "." + parts[1] + "." + base64.RawURLEncoding.EncodeToString(sig)
		}()
		otherSession := sign(jwt.SigningMethodHS256, key, with(func(c jwt.MapClaims) { c["sid"] = "0190aaaa-0000-7000-8000-000000000000" }))
		otherUser := sign(jwt.SigningMethodHS256, key, with(func(c jwt.MapClaims) { c["sub"] = "0190aaaa-0000-7000-8000-000000000000" }))

		cases := []struct {
			name   string
			header string
			status int
		}{
			{"control: the real token", "Bearer " + real, 200},
			{"control: re-signed with the key", "Bearer " + sign(jwt.SigningMethodHS256, key, with(nil)), 200},
			{"control: lower-case scheme", "bearer " + real, 200},
			{"alg none", "Bearer " + sign(jwt.SigningMethodNone, jwt.UnsafeAllowNoneSignatureType, with(nil)), 401},
			{"alg none, header edited", "Bearer " + strings.Join(append([]string{base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"none","typ":"JWT"}`))}, strings.Split(real, ".")[1], ""), "."), 401},
			{"wrong key", "Bearer " + sign(jwt.SigningMethodHS256, []byte(strings.Repeat("w", 32)), with(nil)), 401},
			{"HS512 with the key", "Bearer " + sign(jwt.SigningMethodHS512, key, with(nil)), 401},
			{"RS256 with an RSA key", "Bearer " + sign(jwt.SigningMethodRS256, rsaKey, with(nil)), 401},
			{"RS256 header, HMAC signature", "Bearer " + confused, 401},
			{"expired a second ago", "Bearer " + sign(jwt.SigningMethodHS256, key, with(func(c jwt.MapClaims) { c["exp"] = now.Add(-time.Second).Unix() })), 401},
			{"nbf in the future", "Bearer " + sign(jwt.SigningMethodHS256, key, with(func(c jwt.MapClaims) { c["nbf"] = now.Add(time.Minute).Unix() })), 401},
			{"no exp", "Bearer " + sign(jwt.SigningMethodHS256, key, with(func(c jwt.MapClaims) { delete(c, "exp") })), 401},
			{"another session id", "Bearer " + otherSession, 401},
			{"another user id", "Bearer " + otherUser, 401},
			{"one bit flipped in the signature", "Bearer " + flipped, 401},
			{"truncated", "Bearer " + real[:len(real)-4], 401},
			{"signature dropped", "Bearer " + real[:strings.LastIndexByte(real, '.')+1], 401},
			{"two parts", "Bearer " + real[:strings.LastIndexByte(real, '.')], 401},
			{"empty bearer", "Bearer ", 401},
			{"no scheme", real, 401},
			{"basic scheme", "Basic " + base64.StdEncoding.EncodeToString([]byte("dora@example.com:"+testPassword)), 401},
			{"garbage", "Bearer isto-nao-e-um-token", 401},
			{"three garbage parts", "Bearer a.b.c", 401},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				req, err := http.NewRequest("GET", e.srv.URL+"/api/v1/profile", nil)
				if err != nil {
					t.Fatal(err)
				}
				req.Header.Set("Authorization", tc.header)
				r := e.send(req)
				if r.Status != tc.status {
					t.Errorf("got %d %s, want %d", r.Status, r.Body, tc.status)
				}
				if tc.status == 401 && r.ErrCode() != "unauthorized" {
					t.Errorf("got %s, want the unauthorized error shape", r.Body)
				}
			})
		}

		// The real token at the edges of its life (15 minutes).
		e.clock.Advance(15*time.Minute - time.Second)
		c.do("GET", "/api/v1/profile", nil).must(t, 200)
		e.clock.Advance(2 * time.Second)
		if r := c.do("GET", "/api/v1/profile", nil); r.Status != 401 {
			t.Errorf("a second after expiry: got %d, want 401", r.Status)
		}
	})
}

// DESIGN.md section 13, "Clients cannot set what is not theirs".

func TestClientsCannotSetWhatIsNotTheirs(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		c := e.client().signUp("Elis", "elis@example.com")
		before := c.do("GET", "/api/v1/profile", nil).must(t, 200)
		for _, field := range []string{"id", "userId", "email", "role", "isAdmin", "createdAt", "updatedAt", "plan", "type"} {
			t.Run("profile "+field, func(t *testing.T) {
				body := map[string]any{"name": "Outro Nome", field: "x"}
				if field == "isAdmin" {
					body[field] = true
				}
				r := c.do("PATCH", "/api/v1/profile", body)
				if r.Status != 422 || r.ErrCode() != "invalid" {
					t.Errorf("got %d %s, want 422 invalid", r.Status, r.Body)
				}
			})
		}
		if after := c.do("GET", "/api/v1/profile", nil).must(t, 200); string(after.Body) != string(before.Body) {
			t.Errorf("profile changed: got %s, want %s", after.Body, before.Body)
		}
		if a := c.do("GET", "/api/v1/auth/access", nil).must(t, 200); a.JSON["isAdmin"] != false {
			t.Errorf("access: got %s", a.Body)
		}

		extras := []struct {
			name  string
			field string
			value any
		}{
			{"isAdmin", "isAdmin", true},
			{"role", "role", "admin"},
			{"type", "type", "premium"},
			{"id", "id", "0190aaaa-0000-7000-8000-000000000000"},
			{"userId", "userId", "0190aaaa-0000-7000-8000-000000000000"},
			{"isActive", "isActive", true},
		}
		for i, tc := range extras {
			t.Run("sign-up "+tc.name, func(t *testing.T) {
				email := fmt.Sprintf("intrusa%d@example.com", i)
				body := map[string]any{"name": "Intrusa", "email": email, "password": testPassword, "acceptedTerms": domain.TermsVersion, tc.field: tc.value}
				r := e.client().do("POST", "/api/v1/auth/signup", body)
				if r.Status != 422 || r.ErrCode() != "invalid" {
					t.Errorf("got %d %s, want 422 invalid", r.Status, r.Body)
				}
				if r := e.client().signIn(email, testPassword); r.Status != 400 {
					t.Errorf("an account was created anyway: sign-in got %d", r.Status)
				}
			})
		}
		// Without the extra field the same sign-up works, and grants nothing.
		nc := e.client().signUp("Intrusa", "intrusa0@example.com")
		if a := nc.do("GET", "/api/v1/auth/access", nil).must(t, 200); a.JSON["isAdmin"] != false {
			t.Errorf("access: got %s", a.Body)
		}
		if p := nc.do("GET", "/api/v1/plan", nil).must(t, 200); p.JSON["type"] != "free" {
			t.Errorf("plan: got %s", p.Body)
		}
	})
}

// DESIGN.md section 13, "Headers everywhere".

var wildcardRE = regexp.MustCompile(`\{[^}]+\}`)

func TestSecurityHeadersEverywhere(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		type target struct{ method, path string }
		var targets []target
		for _, rt := range e.api.Routes() {
			targets = append(targets, target{rt.Method, wildcardRE.ReplaceAllString(rt.Pattern, "0190aaaa-0000-7000-8000-000000000000")})
		}
		if len(targets) < 10 {
			t.Fatalf("got %d routes, want the whole table", len(targets))
		}
		targets = append(targets,
			target{"GET", "/api/v1/nao-existe"},
			target{"DELETE", "/api/v1/profile"},
			target{"GET", "/"},
			target{"GET", "/login"},
			target{"POST", "/"},
			target{"GET", "/assets/app-abc123.js"},
			target{"GET", "/assets/missing.js"},
			target{"GET", "/manifest.webmanifest"},
		)

		signedIn := e.client().signUp("Fê", "fe@example.com")
		for _, tg := range targets {
			for _, who := range []string{"anonymous", "signed in"} {
				tok := ""
				if who == "signed in" {
					tok = signedIn.token
					if strings.HasSuffix(tg.path, "/signout") {
						tok = e.client().signUp("Saída", "saida-"+strings.ToLower(who[:1])+"@example.com").token
					}
				}
				req, err := http.NewRequest(tg.method, e.srv.URL+tg.path, nil)
				if err != nil {
					t.Fatal(err)
				}
				req.Header.Set("Origin", "https://evil.example")
				if tok != "" {
					req.Header.Set("Authorization", "Bearer "+tok)
				}
				var r resp
				if tg.path == "/api/v1/events" && tok != "" {
					r = streamHead(t, req) // a stream never ends: read its head only
				} else {
					r = e.send(req)
				}
				where := fmt.Sprintf("%s %s (%s, %d)", tg.method, tg.path, who, r.Status)
				if r.Status >= 500 {
					t.Errorf("%s: got a 5xx: %s", where, r.Body)
				}
				checkSecurityHeaders(t, where, r)
			}
		}
	})
}

func checkSecurityHeaders(t *testing.T, where string, r resp) {
	t.Helper()
	csp := r.Header.Get("Content-Security-Policy")
	directives := map[string]string{}
	for _, d := range strings.Split(csp, ";") {
		name, value, _ := strings.Cut(strings.TrimSpace(d), " ")
		if name != "" {
			directives[name] = value
		}
	}
	for name, want := range map[string]string{"object-src": "'none'", "base-uri": "'none'", "frame-ancestors": "'none'"} {
		if directives[name] != want {
			t.Errorf("%s: CSP %s is %q, want %q (CSP %q)", where, name, directives[name], want, csp)
		}
	}
	script, ok := directives["script-src"]
	if !ok {
		script, ok = directives["default-src"]
	}
	if !ok || strings.Contains(script, "'unsafe-inline'") || strings.Contains(script, "'unsafe-eval'") || strings.Contains(script, "*") {
		t.Errorf("%s: script sources %q, want no inline scripts, eval or wildcards", where, script)
	}
	if got := r.Header.Get("X-Content-Type-Options"); got != "nosniff" {
		t.Errorf("%s: X-Content-Type-Options %q, want nosniff", where, got)
	}
	if r.Header.Get("Referrer-Policy") == "" {
		t.Errorf("%s: no Referrer-Policy", where)
	}
	if ct := r.Header.Get("Content-Type"); ct != "" {
		mt, params, err := mime.ParseMediaType(ct)
		if err != nil {
			t.Errorf("%s: bad Content-Type %q", where, ct)
		} else if (strings.HasPrefix(mt, "text/") || strings.Contains(mt, "json") || strings.HasSuffix(mt, "javascript")) && params["charset"] == "" {
			t.Errorf("%s: Content-Type %q has no charset", where, ct)
		}
	} else if len(r.Body) > 0 {
		t.Errorf("%s: a body with no Content-Type", where)
	}
	if acao := r.Header.Get("Access-Control-Allow-Origin"); acao == "*" || acao == "https://evil.example" {
		t.Errorf("%s: Access-Control-Allow-Origin %q", where, acao)
	}
}

// DESIGN.md section 13, "Nobody's personal data leaks into logs".

func TestNoPersonalDataInLogs(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		const (
			email       = "Lidia.Pessoal@Example.com"
			password    = "segredo-da-lidia-42"
			newPassword = "outro-segredo-da-lidia-43"
			wrong       = "tentativa-errada-44"
			unknown     = "desconhecida.pessoal@example.com"
		)
		var secrets []string
		keep := func(s ...string) { secrets = append(secrets, s...) }
		keep(email, strings.ToLower(email), password, newPassword, wrong, unknown,
			"91234-5678", "912345678", "11912345678", "5511912345678")

		c := e.client()
		r := c.do("POST", "/api/v1/auth/signup", map[string]string{"name": "Lídia", "email": email, "password": password, "acceptedTerms": domain.TermsVersion}).must(t, 201)
		c.adopt(r)
		keep(c.token, c.refreshCookie())
		c.do("POST", "/api/v1/auth/signup", map[string]string{"name": "Lídia", "email": email, "password": password, "acceptedTerms": domain.TermsVersion}).must(t, 409)
		c.do("POST", "/api/v1/auth/signup", map[string]string{"name": "Lídia", "email": unknown, "password": unknown, "acceptedTerms": domain.TermsVersion}).must(t, 422)
		e.client().do("POST", "/api/v1/auth/signin", map[string]string{"email": email, "password": wrong}).must(t, 400)
		e.client().do("POST", "/api/v1/auth/signin", map[string]string{"email": unknown, "password": wrong}).must(t, 400)
		const ip = "192.0.2.77" // a caller address is personal data too
		keep(ip)
		e.serve(directRequest(t, "POST", "/api/v1/auth/signin", ip, map[string]string{"email": email, "password": wrong})).must(t, 400)
		d := e.client()
		d.signIn(email, password).must(t, 200)
		keep(d.token, d.refreshCookie())
		c.do("PATCH", "/api/v1/profile", map[string]string{"phone": "(11) 91234-5678"}).must(t, 200)
		c.do("PATCH", "/api/v1/profile", map[string]string{"phone": "(11) 91234-567"}).must(t, 422)
		c.do("PUT", "/api/v1/auth/password", map[string]string{"currentPassword": wrong, "newPassword": newPassword}).must(t, 400)
		old := c.refreshCookie()
		c.adopt(c.do("POST", "/api/v1/auth/refresh", nil).must(t, 200))
		keep(c.token, c.refreshCookie())
		e.clock.Advance(11 * time.Second)
		e.refreshWith(old).must(t, 401) // reuse: logged as a warning

		m := recoverMail(t, e, strings.ToLower(email), 1)
		keep(m.Token)
		e.client().do("POST", "/api/v1/auth/recover", map[string]string{"email": unknown}).must(t, 200)
		e.client().do("POST", "/api/v1/auth/reset", map[string]string{"token": m.Token, "password": "123"}).must(t, 422)
		e.client().do("POST", "/api/v1/auth/reset", map[string]string{"token": m.Token, "password": newPassword}).must(t, 204)
		e.client().do("POST", "/api/v1/auth/reset", map[string]string{"token": m.Token, "password": newPassword}).must(t, 400)
		f := e.client()
		f.signIn(email, newPassword).must(t, 200)
		keep(f.token, f.refreshCookie())
		f.do("POST", "/api/v1/auth/signout", map[string]string{"scope": "global"}).must(t, 204)
		e.settle()

		logs := e.logBuf.String()
		if !strings.Contains(logs, `"route":"/api/v1/auth/signin"`) {
			t.Fatalf("the requests were not logged at all:\n%s", logs)
		}
		for _, s := range secrets {
			if s != "" && strings.Contains(logs, s) {
				t.Errorf("the log holds %q", s)
			}
		}
		for _, tok := range secrets {
			if strings.HasPrefix(tok, "eyJ") && strings.Count(tok, ".") == 2 { // a JWT: not even its signature
				if sig := tok[strings.LastIndexByte(tok, '.')+1:]; strings.Contains(logs, sig) {
					t.Errorf("the log holds an access token's signature")
				}
			}
		}
	})
}

func TestRefreshCookieIsSecureOverHTTPS(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		e.client().signUp("Gina", "gina@example.com")
		s := httpapi.New(httpapi.Options{App: e.app, DB: e.db, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), SPA: testSPA, SecureCookies: true})
		rec := httptest.NewRecorder()
		s.Handler().ServeHTTP(rec, directRequest(t, "POST", "/api/v1/auth/signin", "192.0.2.9", map[string]string{"email": "gina@example.com", "password": testPassword}))
		if rec.Code != 200 {
			t.Fatalf("got %d %s", rec.Code, rec.Body)
		}
		ck := refreshCookieOf(resp{Header: rec.Result().Header})
		if ck == nil || !ck.Secure || !ck.HttpOnly || ck.SameSite != http.SameSiteStrictMode {
			t.Errorf("got %v, want a Secure, HttpOnly, SameSite=Strict cookie", ck)
		}
	})
}

// DESIGN.md section 13, "Bad input never crashes": input that is odd but
// legal must be stored or refused alike on both engines (PostgreSQL refuses
// NULs and invalid UTF-8 that SQLite takes).
func TestOddInputIsNever5xx(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		c := e.client().signUp("Hilda", "hilda@example.com")
		bodies := []struct {
			name, method, path, body string
			status                   int
		}{
			{"NUL in a new name", "PATCH", "/api/v1/profile", `{"name":"Hil\u0000da"}`, 422},
			{"control character in a name", "PATCH", "/api/v1/profile", `{"name":"Hil\u0007da"}`, 422},
			{"NUL in the sign-up name", "POST", "/api/v1/auth/signup", `{"name":"I\u0000","email":"i@example.com","password":"cabelo-lindo-2026"}`, 422},
			{"NUL in the sign-in email", "POST", "/api/v1/auth/signin", `{"email":"hilda\u0000@example.com","password":"x"}`, 422},
			{"NUL alone as sign-in email", "POST", "/api/v1/auth/signin", `{"email":"\u0000","password":"x"}`, 422},
			{"lone surrogate in the sign-in email", "POST", "/api/v1/auth/signin", `{"email":"\ud800@example.com","password":"x"}`, 422},
			{"NUL in the recovery email", "POST", "/api/v1/auth/recover", `{"email":"hilda\u0000@example.com"}`, 422},
			{"NUL in the reset token", "POST", "/api/v1/auth/reset", `{"token":"a\u0000b","password":"cabelo-lindo-2027"}`, 422},
			{"NUL in a password", "POST", "/api/v1/auth/signin", `{"email":"hilda@example.com","password":"a\u0000b"}`, 422},
			{"NUL in the sign-out scope", "POST", "/api/v1/auth/signout", `{"scope":"lo\u0000cal"}`, 422},
		}
		for _, tc := range bodies {
			t.Run(tc.name, func(t *testing.T) {
				r := c.do(tc.method, tc.path, tc.body)
				if r.Status != tc.status {
					t.Errorf("got %d %s, want %d", r.Status, r.Body, tc.status)
				}
			})
		}
		if p := c.do("GET", "/api/v1/profile", nil).must(t, 200); p.JSON["name"] != "Hilda" {
			t.Errorf("name: got %v, want Hilda", p.JSON["name"])
		}

		agents := []struct{ name, ua string }{
			{"Latin-1 bytes", "Navegador \xe9\xe7\xe3o"},
			{"accent cut at byte 300", strings.Repeat("a", 299) + "é"},
			{"long multibyte", strings.Repeat("ção ", 200)},
		}
		for _, tc := range agents {
			t.Run("user agent "+tc.name, func(t *testing.T) {
				for _, path := range []string{"/api/v1/auth/signin", "/api/v1/auth/signup"} {
					body := `{"email":"hilda@example.com","password":"` + testPassword + `"}`
					want := 200
					if strings.HasSuffix(path, "signup") {
						body = `{"name":"UA","email":"ua-` + strconv.Itoa(len(tc.ua)) + `@example.com","password":"` + testPassword + `","acceptedTerms":"` + domain.TermsVersion + `"}`
						want = 201
					}
					req, err := http.NewRequest("POST", e.srv.URL+path, strings.NewReader(body))
					if err != nil {
						t.Fatal(err)
					}
					req.Header.Set("User-Agent", tc.ua)
					if r := e.send(req); r.Status != want {
						t.Errorf("%s: got %d %s, want %d", path, r.Status, r.Body, want)
					}
				}
			})
		}
	})
}

// streamHead sends req and returns the status and headers of a response
// that does not end, such as the event stream.
func streamHead(t *testing.T, req *http.Request) resp {
	t.Helper()
	ctx, cancel := context.WithCancel(req.Context())
	defer cancel()
	res, err := http.DefaultClient.Do(req.WithContext(ctx))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	return resp{Status: res.StatusCode, Header: res.Header}
}
