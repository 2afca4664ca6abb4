package httpapi_test

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"agendo/internal/app"
	"agendo/internal/domain"
	"agendo/internal/store"
	"agendo/internal/store/storetest"
)

// Fuzz targets for every decoder of untrusted input the API has so far
// (DESIGN.md section 13, "Bad input never crashes"): each JSON body through
// its real handler, the refresh cookie and the bearer token. Every input
// goes to each engine (PostgreSQL too when AGENDO_TEST_DATABASE_URL is set:
// it refuses bytes SQLite stores). Seeds live in testdata/fuzz/<FuzzName>.

const fuzzEmail = "fuzz@example.com"

// fuzzAPI is one engine's API with a signed-up account.
type fuzzAPI struct {
	e       *env
	h       http.Handler
	userID  string
	token   string // an access token of the account
	refresh string // the first refresh token of that session
	calls   atomic.Int64
}

// fuzzAPIs starts the API on each engine.
func fuzzAPIs(f *testing.F) []*fuzzAPI {
	f.Helper()
	engines := []store.Engine{store.SQLite}
	if os.Getenv(storetest.EnvPostgres) != "" {
		engines = append(engines, store.Postgres)
	}
	var out []*fuzzAPI
	for _, eng := range engines {
		e := newFuzzEnv(f, storetest.Open(f, eng))
		a := &fuzzAPI{e: e, h: e.api.Handler()}
		r := a.post(f, "/api/v1/auth/signup", "", []byte(`{"name":"Fuzz","email":"`+fuzzEmail+`","password":"`+testPassword+`","acceptedTerms":"`+domain.TermsVersion+`"}`))
		if r.Status != 201 {
			f.Fatalf("%s: sign-up got %d %s", eng, r.Status, r.Body)
		}
		a.token = accessToken(f, r)
		a.userID = r.JSON["profile"].(map[string]any)["id"].(string)
		a.refresh = refreshCookieOf(r).Value
		out = append(out, a)
	}
	return out
}

// ip is a new caller address for each request, so per-IP limits stay out
// of the way of the code under test.
func (a *fuzzAPI) ip() string { return ipN(int(a.calls.Add(1))) }

func (a *fuzzAPI) post(tb testing.TB, path, token string, body []byte) resp {
	tb.Helper()
	return a.do(tb, "POST", path, token, body)
}

func (a *fuzzAPI) do(tb testing.TB, method, path, token string, body []byte) resp {
	tb.Helper()
	req := directRequest(tb, method, path, a.ip(), body)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	return a.e.serve(req)
}

// signIn opens a new session directly through the app.
func (a *fuzzAPI) signIn(tb testing.TB, password string) string {
	tb.Helper()
	res, err := a.e.app.SignIn(context.Background(), fuzzEmail, password, app.Meta{IP: a.ip()})
	if err != nil {
		tb.Fatalf("sign-in: %v", err)
	}
	return res.AccessToken
}

// checkAnswer asserts what every answer to untrusted input must be: a
// status from want (never 5xx), JSON, and the one error shape on errors.
func checkAnswer(t *testing.T, input any, r resp, want ...int) {
	t.Helper()
	if r.Status >= 500 || !slices.Contains(want, r.Status) {
		t.Fatalf("input %q: got %d %s, want one of %v", input, r.Status, r.Body, want)
	}
	if r.Status == http.StatusNoContent {
		if len(r.Body) != 0 {
			t.Fatalf("input %q: 204 with a body %q", input, r.Body)
		}
		return
	}
	if ct := r.Header.Get("Content-Type"); ct != "application/json; charset=utf-8" {
		t.Fatalf("input %q: got Content-Type %q", input, ct)
	}
	if r.JSON == nil {
		t.Fatalf("input %q: body is not a JSON object: %q", input, r.Body)
	}
	if r.Status < 400 {
		if _, isErr := r.JSON["error"]; isErr {
			t.Fatalf("input %q: success %d with an error body %s", input, r.Status, r.Body)
		}
		return
	}
	e, ok := r.JSON["error"].(map[string]any)
	if !ok || len(r.JSON) != 1 || r.ErrCode() == "" || r.ErrMessage() == "" {
		t.Fatalf("input %q: got %s, want {\"error\":{\"code\",\"message\",…}}", input, r.Body)
	}
	if r.Status == http.StatusTooManyRequests && r.Header.Get("Retry-After") == "" {
		t.Fatalf("input %q: 429 without Retry-After", input)
	}
	if _, leak := e["requestId"]; leak {
		t.Fatalf("input %q: a 4xx carries a request id: %s", input, r.Body)
	}
}

// addBodySeeds adds the JSON bodies every body target starts from.
func addBodySeeds(f *testing.F, extra ...string) {
	for _, s := range append([]string{
		``, `{}`, `null`, `[]`, `"x"`, `1`, `{"a":1}`, `{"email":1}`, `{"email":null}`,
		`{`, `{"email":"a@b.c"`, `{"email":"a@b.c"}{}`, `{"email":"a@b.c"} x`,
		`{"email":"\u0000"}`, `{"email":"\ud800"}`, "{\"email\":\"\xff\"}", `{"name":"` + strings.Repeat("á", 200) + `"}`,
		`{"id":"x","userId":"y","isAdmin":true}`, `[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]`,
	}, extra...) {
		f.Add([]byte(s))
	}
}

func FuzzSignInBody(f *testing.F) {
	addBodySeeds(f,
		`{"email":"`+fuzzEmail+`","password":"`+testPassword+`"}`,
		`{"email":"FUZZ@example.com ","password":"`+testPassword+`"}`,
		`{"email":"`+fuzzEmail+`","password":"errada"}`,
		`{"email":"ninguem@example.com","password":"x"}`,
		`{"email":"`+fuzzEmail+`","password":"`+strings.Repeat("p", 300)+`"}`,
		`{"email":"","password":""}`, `{"email":"a","password":1}`, `{"email":"\u0000","password":"x"}`, `{"Email":"`+fuzzEmail+`","PASSWORD":"x"}`,
	)
	apis := fuzzAPIs(f)
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, a := range apis {
			a.e.clock.Advance(time.Minute) // refills the per-account bucket
			r := a.post(t, "/api/v1/auth/signin", "", body)
			checkAnswer(t, body, r, 200, 400, 413, 422, 429)
			if r.Status == 200 {
				if s, _ := r.JSON["session"].(map[string]any); s["accessToken"] == "" || refreshCookieOf(r) == nil {
					t.Fatalf("input %q: 200 without a session: %s", body, r.Body)
				}
			}
		}
	})
}

func FuzzSignUpBody(f *testing.F) {
	addBodySeeds(f,
		`{"name":"Ana","email":"ana@example.com","password":"`+testPassword+`"}`,
		`{"name":"Ana","email":"`+fuzzEmail+`","password":"`+testPassword+`"}`,
		`{"name":"Ana","email":"ana@example.com","password":"12345678"}`,
		`{"name":"Ana","email":"ana@example.com","password":"`+testPassword+`","isAdmin":true}`,
		`{"name":" \t ","email":"b@example.com","password":"`+testPassword+`"}`,
		`{"name":"A\u0000","email":"c@example.com","password":"`+testPassword+`"}`,
	)
	apis := fuzzAPIs(f)
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, a := range apis {
			r := a.post(t, "/api/v1/auth/signup", "", body)
			checkAnswer(t, body, r, 201, 409, 413, 422, 429)
		}
	})
}

func FuzzProfileUpdateBody(f *testing.F) {
	addBodySeeds(f,
		`{"name":"Outro Nome"}`, `{"phone":"(11) 91234-5678"}`, `{"phone":""}`, `{"phone":"123"}`,
		`{"avatar":"/files/0190aaaa-0000-7000-8000-000000000000"}`, `{"avatar":""}`, `{"avatar":"https://evil.example/a.png"}`,
		`{"name":"Nome","email":"outro@example.com"}`, `{"name":null,"phone":null,"avatar":null}`, `{"name":"\u0000"}`,
		`{"name":"`+strings.Repeat("a", 121)+`"}`,
	)
	apis := fuzzAPIs(f)
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, a := range apis {
			r := a.do(t, "PATCH", "/api/v1/profile", a.token, body)
			checkAnswer(t, body, r, 200, 413, 422)
			if r.Status == 200 && (r.JSON["id"] != a.userID || r.JSON["email"] != fuzzEmail) {
				t.Fatalf("input %q: profile update changed what it may not: %s", body, r.Body)
			}
		}
	})
}

func FuzzSignOutBody(f *testing.F) {
	addBodySeeds(f, `{"scope":"local"}`, `{"scope":"others"}`, `{"scope":"global"}`, `{"scope":""}`,
		`{"scope":"LOCAL"}`, `{"scope":1}`, `{"scope":"local","x":1}`)
	apis := fuzzAPIs(f)
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, a := range apis {
			r := a.post(t, "/api/v1/auth/signout", a.token, body)
			checkAnswer(t, body, r, 204, 413, 422)
			if r.Status == 204 { // the session may be over: take a new one
				a.e.clock.Advance(time.Minute)
				a.token = a.signIn(t, testPassword)
			}
		}
	})
}

func FuzzRecoverBody(f *testing.F) {
	addBodySeeds(f, `{"email":"`+fuzzEmail+`"}`, `{"email":"ninguem@example.com"}`, `{"email":""}`,
		`{"email":"não é email"}`, `{"email":"a@b.c","x":1}`)
	apis := fuzzAPIs(f)
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, a := range apis {
			r := a.post(t, "/api/v1/auth/recover", "", body)
			checkAnswer(t, body, r, 200, 413, 422, 429)
		}
	})
}

func FuzzResetBody(f *testing.F) {
	addBodySeeds(f, `{"token":"","password":""}`, `{"token":"`+strings.Repeat("x", 43)+`","password":"`+testPassword+`"}`,
		`{"token":"`+strings.Repeat("x", 101)+`","password":"x"}`, `{"token":"x","password":"12345678"}`, `{"token":1}`)
	apis := fuzzAPIs(f)
	// A real link, so the success path is reached too.
	a := apis[0]
	if r := a.post(f, "/api/v1/auth/recover", "", []byte(`{"email":"`+fuzzEmail+`"}`)); r.Status != 200 {
		f.Fatalf("recover: got %d %s", r.Status, r.Body)
	}
	m := parseRecoveryMail(f, a.e.mail.Wait(f, 1, mailTimeout))
	f.Add([]byte(`{"token":"` + m.Token + `","password":"nova-senha-do-fuzz-1"}`))
	f.Add([]byte(`{"token":"` + m.Token + `","password":"123"}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, a := range apis {
			r := a.post(t, "/api/v1/auth/reset", "", body)
			checkAnswer(t, body, r, 204, 400, 413, 422)
		}
	})
}

func FuzzPasswordChangeBody(f *testing.F) {
	addBodySeeds(f,
		`{"currentPassword":"`+testPassword+`","newPassword":"nova-senha-do-fuzz-1"}`,
		`{"currentPassword":"errada","newPassword":"nova-senha-do-fuzz-1"}`,
		`{"currentPassword":"`+testPassword+`","newPassword":"12345678"}`,
		`{"currentPassword":"`+testPassword+`","newPassword":"`+fuzzEmail+`"}`,
		`{"currentPassword":"","newPassword":""}`, `{"currentPassword":1}`,
	)
	apis := fuzzAPIs(f)
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, a := range apis {
			a.e.clock.Advance(2 * time.Minute) // refills the per-account bucket (sign-in + change)
			tok := a.signIn(t, testPassword)
			r := a.do(t, "PUT", "/api/v1/auth/password", tok, body)
			checkAnswer(t, body, r, 204, 400, 413, 422, 429)
			if r.Status == 204 { // put the password back for the next input
				var in struct {
					NewPassword string `json:"newPassword"`
				}
				_ = json.Unmarshal(body, &in)
				p, err := a.e.app.Authenticate(context.Background(), tok)
				if err != nil {
					t.Fatalf("input %q: the caller's session ended with the change: %v", body, err)
				}
				if err := a.e.app.ChangePassword(context.Background(), p, in.NewPassword, testPassword); err != nil {
					t.Fatalf("restoring the password after %q: %v", body, err)
				}
			}
		}
	})
}

func FuzzRefreshCookie(f *testing.F) {
	for _, s := range []string{"", "x", strings.Repeat("a", 43), strings.Repeat("a", 42), strings.Repeat("a", 44),
		`"` + strings.Repeat("a", 41) + `"`, "a;b", "a b", "\x00", "é", strings.Repeat("é", 43), "%41%41", "=="} {
		f.Add(s)
	}
	apis := fuzzAPIs(f)
	for _, a := range apis {
		f.Add(a.refresh)
		f.Add(a.refresh + " ")
		f.Add(strings.ToUpper(a.refresh))
	}
	f.Fuzz(func(t *testing.T, value string) {
		for _, a := range apis {
			req := directRequest(t, "POST", "/api/v1/auth/refresh", a.ip(), nil)
			req.Header.Set("Cookie", "agendo_refresh="+value)
			r := a.e.serve(req)
			checkAnswer(t, value, r, 200, 401, 429)
			switch r.Status {
			case 200:
				if ck := refreshCookieOf(r); ck == nil || len(ck.Value) != 43 {
					t.Fatalf("cookie %q: 200 without a new refresh token", value)
				}
			case 401:
				if c := r.ErrCode(); c != "unauthorized" && c != "refresh_token_already_used" {
					t.Fatalf("cookie %q: 401 with code %q", value, c)
				}
			}
		}
	})
}

func FuzzBearerToken(f *testing.F) {
	for _, s := range []string{"", " ", "x", "a.b.c", "a.b", "....", "eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.",
		"eyJhbGciOiJIUzI1NiJ9.e30.AAAA", "\x00", "é.é.é", strings.Repeat("a.", 1000)} {
		f.Add(s)
	}
	apis := fuzzAPIs(f)
	for _, a := range apis {
		f.Add(a.token)
		f.Add(a.token[:len(a.token)-1])
		f.Add(" " + a.token + " ")
	}
	f.Fuzz(func(t *testing.T, tok string) {
		for _, a := range apis {
			req := directRequest(t, "GET", "/api/v1/profile", a.ip(), nil)
			req.Header.Set("Authorization", "Bearer "+tok)
			r := a.e.serve(req)
			checkAnswer(t, tok, r, 200, 401)
			if r.Status == 200 && r.JSON["id"] != a.userID {
				t.Fatalf("token %q: got someone else's profile %s", tok, r.Body)
			}
		}
	})
}

// checkToken sends token as the last segment of prefix (with suffix after
// it) and checks the answer is one of want. "." and "..", which the
// router cleans away before any handler, are skipped.
func checkToken(t *testing.T, a *fuzzAPI, method, prefix, token, suffix string, want ...int) {
	t.Helper()
	req := directRequest(t, method, prefix+"x"+suffix, a.ip(), nil)
	req.URL.Path = prefix + strings.ReplaceAll(token, "/", "") + suffix
	req.URL.RawPath = ""
	r := a.e.serve(req)
	if r.Status == http.StatusTemporaryRedirect || r.Status == http.StatusMovedPermanently {
		return
	}
	checkAnswer(t, token, r, want...)
}
