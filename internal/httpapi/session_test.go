package httpapi_test

import (
	"agendo/internal/domain"

	"io"
	"mime"
	"net/http"
	netmail "net/mail"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"agendo/internal/mail/mailtest"
)

// DESIGN.md section 13, "Stolen refresh tokens are useless".

func TestRefreshReuseAfterGraceRevokesTheFamily(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		c := e.client().signUp("Ana", "ana@example.com")
		bystander := e.client()
		bystander.signIn("ana@example.com", testPassword).must(t, 200)

		tokens := []string{c.refreshCookie()}
		for i := 1; i <= 3; i++ {
			e.clock.Advance(time.Second)
			c.adopt(c.do("POST", "/api/v1/auth/refresh", nil).must(t, 200))
			tok := c.refreshCookie()
			if tok == "" || tok == tokens[i-1] {
				t.Fatalf("rotation %d: got refresh token %q, want a new one", i, tok)
			}
			tokens = append(tokens, tok)
		}
		c.do("GET", "/api/v1/profile", nil).must(t, 200)

		e.clock.Advance(11 * time.Second) // t2 was spent 11 s ago, t0 13 s ago
		r := e.refreshWith(tokens[0])
		if r.Status != 401 || r.ErrCode() != "refresh_token_already_used" {
			t.Fatalf("reuse of t0: got %d %s, want 401 refresh_token_already_used", r.Status, r.Body)
		}
		if ck := refreshCookieOf(r); ck == nil || ck.Value != "" || ck.MaxAge >= 0 {
			t.Errorf("reuse of t0: got cookie %v, want the refresh cookie cleared", ck)
		}

		for i, tok := range tokens {
			if r := e.refreshWith(tok); r.Status != 401 {
				t.Errorf("t%d after the reuse: got %d %s, want 401", i, r.Status, r.Body)
			}
		}
		if r := c.do("GET", "/api/v1/profile", nil); r.Status != 401 {
			t.Errorf("access token of the revoked session: got %d, want 401", r.Status)
		}
		// The family is the session: the account's other session lives on.
		bystander.do("GET", "/api/v1/profile", nil).must(t, 200)
		bystander.do("POST", "/api/v1/auth/refresh", nil).must(t, 200)
	})
}

func TestRefreshReuseInsideGraceReturnsTheCurrentToken(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		c := e.client().signUp("Bia", "bia@example.com")
		t0 := c.refreshCookie()
		c.do("POST", "/api/v1/auth/refresh", nil).must(t, 200)
		t1 := c.refreshCookie()

		// The response carrying t1 was "lost": the client retries with t0.
		e.clock.Advance(5 * time.Second)
		r := e.refreshWith(t0).must(t, 200)
		if ck := refreshCookieOf(r); ck == nil || ck.Value != t1 {
			t.Fatalf("retry with t0 inside the grace: got cookie %v, want the current token t1 %q", ck, t1)
		}
		e.withToken(accessToken(t, r)).do("GET", "/api/v1/profile", nil).must(t, 200)

		// t1 is still the live token.
		c.do("POST", "/api/v1/auth/refresh", nil).must(t, 200)
		t2 := c.refreshCookie()
		if t2 == t1 {
			t.Fatal("t1 did not rotate")
		}
		e.clock.Advance(9 * time.Second) // t1 spent 9 s ago, t0 14 s ago
		r = e.refreshWith(t1).must(t, 200)
		if ck := refreshCookieOf(r); ck == nil || ck.Value != t2 {
			t.Fatalf("retry with t1 inside the grace: got cookie %v, want the newest token t2 %q", ck, t2)
		}
		if r := e.refreshWith(t0); r.Status != 401 || r.ErrCode() != "refresh_token_already_used" {
			t.Fatalf("t0 after its grace: got %d %s, want 401 refresh_token_already_used", r.Status, r.Body)
		}
		if r := e.refreshWith(t2); r.Status != 401 {
			t.Errorf("t2 after the family was revoked: got %d, want 401", r.Status)
		}
	})
}

func TestConcurrentRefreshesMakeAtMostOneToken(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		c := e.client().signUp("Carla", "carla@example.com")
		t0 := c.refreshCookie()

		const n = 20
		results := make([]resp, n)
		errs := make([]error, n)
		start := make(chan struct{})
		var wg sync.WaitGroup
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				results[i], errs[i] = e.tryRefresh(t0)
			}()
		}
		close(start)
		wg.Wait()

		values := map[string]int{}
		for i, r := range results {
			if errs[i] != nil {
				t.Fatalf("request %d: %v", i, errs[i])
			}
			if r.Status != 200 { // never a 5xx, nor a refusal
				t.Errorf("request %d: got %d %s, want 200", i, r.Status, r.Body)
				continue
			}
			ck := refreshCookieOf(r)
			if ck == nil || ck.Value == "" {
				t.Errorf("request %d: no refresh cookie", i)
				continue
			}
			values[ck.Value]++
		}
		if len(values) != 1 {
			t.Fatalf("got %d distinct new tokens (%v), want exactly 1", len(values), values)
		}
		for v := range values {
			if v == t0 {
				t.Fatal("got t0 back, want its successor")
			}
			e.refreshWith(v).must(t, 200)
		}
	})
}

// DESIGN.md section 13, "Sign-out means signed out".

// session is one signed-in device: its access token and refresh token.
type session struct {
	c       *client
	refresh string
}

// signInN opens n sessions of the account email.
func signInN(t *testing.T, e *env, email string, n int) []session {
	t.Helper()
	out := make([]session, n)
	for i := range out {
		c := e.client()
		c.signIn(email, testPassword).must(t, 200)
		out[i] = session{c: c, refresh: c.refreshCookie()}
	}
	return out
}

// checkAlive asserts whether each session still works, by its access token
// and by its refresh token.
func checkAlive(t *testing.T, e *env, sessions []session, want []bool) {
	t.Helper()
	for i, s := range sessions {
		wantAccess, wantRefresh := 401, 401
		if want[i] {
			wantAccess, wantRefresh = 200, 200
		}
		if r := e.withToken(s.c.token).do("GET", "/api/v1/profile", nil); r.Status != wantAccess {
			t.Errorf("session %d access token: got %d, want %d", i, r.Status, wantAccess)
		}
		if r := e.refreshWith(s.refresh); r.Status != wantRefresh {
			t.Errorf("session %d refresh token: got %d %s, want %d", i, r.Status, r.Body, wantRefresh)
		}
	}
}

func TestSignOutScopes(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		cases := []struct {
			scope       string
			alive       []bool
			keepsCookie bool
		}{
			{"local", []bool{false, true, true}, false},
			{"others", []bool{true, false, false}, true},
			{"global", []bool{false, false, false}, false},
		}
		for _, tc := range cases {
			t.Run(tc.scope, func(t *testing.T) {
				email := "escopo-" + tc.scope + "@example.com"
				owner := e.client().signUp("Dona", email)
				owner.do("POST", "/api/v1/auth/signout", nil).must(t, 204)

				sessions := signInN(t, e, email, 3)
				sessions[0].c.do("POST", "/api/v1/auth/signout", map[string]string{"scope": tc.scope}).must(t, 204)
				if got := sessions[0].c.refreshCookie() != ""; got != tc.keepsCookie {
					t.Errorf("caller still holds a refresh cookie: got %v, want %v", got, tc.keepsCookie)
				}
				checkAlive(t, e, sessions, tc.alive)
			})
		}
	})
}

func TestSignOutRejectsAnUnknownScope(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		c := e.client().signUp("Eva", "eva@example.com")
		r := c.do("POST", "/api/v1/auth/signout", map[string]string{"scope": "everywhere"})
		if r.Status != 422 || r.ErrCode() != "invalid" {
			t.Fatalf("got %d %s, want 422 invalid", r.Status, r.Body)
		}
		c.do("GET", "/api/v1/profile", nil).must(t, 200)
	})
}

func TestPasswordChangeEndsTheOtherSessions(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		e.client().signUp("Fabi", "fabi@example.com")
		sessions := signInN(t, e, "fabi@example.com", 3)
		caller := sessions[0].c

		cases := []struct {
			name          string
			current, next string
			status        int
			code, message string
		}{
			{"wrong current password", "nao-e-essa-123", "nova-senha-forte-1", 400, "invalid_credentials", "Senha atual incorreta"},
			{"weak new password", testPassword, "12345678", 422, "weak_password", ""},
			{"missing new password", testPassword, "", 422, "invalid", ""},
		}
		for _, tc := range cases {
			r := caller.do("PUT", "/api/v1/auth/password", map[string]string{"currentPassword": tc.current, "newPassword": tc.next})
			if r.Status != tc.status || r.ErrCode() != tc.code || (tc.message != "" && r.ErrMessage() != tc.message) {
				t.Errorf("%s: got %d %s, want %d %s %q", tc.name, r.Status, r.Body, tc.status, tc.code, tc.message)
			}
		}
		// Refused changes end nothing.
		for i, s := range sessions {
			if r := s.c.do("GET", "/api/v1/profile", nil); r.Status != 200 {
				t.Fatalf("session %d after refused changes: got %d, want 200", i, r.Status)
			}
		}

		caller.do("PUT", "/api/v1/auth/password", map[string]string{"currentPassword": testPassword, "newPassword": "nova-senha-forte-1"}).must(t, 204)
		checkAlive(t, e, sessions, []bool{true, false, false})

		if r := e.client().signIn("fabi@example.com", testPassword); r.Status != 400 {
			t.Errorf("old password: got %d, want 400", r.Status)
		}
		e.client().signIn("fabi@example.com", "nova-senha-forte-1").must(t, 200)
	})
}

func TestSignOutWithAnExpiredAccessToken(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		t.Run("refresh cookie only", func(t *testing.T) {
			c := e.client().signUp("Gabi", "gabi@example.com")
			rt := c.refreshCookie()
			e.clock.Advance(16 * time.Minute)
			c.token = "" // the client dropped its expired token
			c.do("POST", "/api/v1/auth/signout", nil).must(t, 204)
			if r := e.refreshWith(rt); r.Status != 401 {
				t.Errorf("refresh after sign-out: got %d %s, want 401", r.Status, r.Body)
			}
		})
		t.Run("expired bearer and refresh cookie", func(t *testing.T) {
			// The web client sends whatever token it holds (api-client.ts).
			c := e.client().signUp("Helena", "helena@example.com")
			rt := c.refreshCookie()
			e.clock.Advance(16 * time.Minute)
			r := c.do("POST", "/api/v1/auth/signout", nil)
			alive := e.refreshWith(rt).Status == 200
			if r.Status != 204 || alive {
				t.Errorf("sign-out with an expired bearer token: got %d %s, session alive=%v; want 204 and the session ended",
					r.Status, r.Body, alive)
			}
		})
	})
}

// Recovery (DESIGN.md section 5).

// recoveryMail is a decoded password-recovery email.
type recoveryMail struct {
	To, Subject, Body, Token string
}

var resetLinkRE = regexp.MustCompile(`http://agendo\.test/reset-password\?token=([A-Za-z0-9_%.~-]+)`)

// decodeMail reads a received message: its one recipient, decoded
// subject and body.
func decodeMail(tb testing.TB, m mailtest.Mail) recoveryMail {
	tb.Helper()
	msg, err := netmail.ReadMessage(strings.NewReader(m.Data))
	if err != nil {
		tb.Fatalf("unreadable email: %v\n%s", err, m.Data)
	}
	subject, err := new(mime.WordDecoder).DecodeHeader(msg.Header.Get("Subject"))
	if err != nil {
		tb.Fatalf("subject: %v", err)
	}
	body, _ := io.ReadAll(msg.Body)
	out := recoveryMail{Subject: subject, Body: string(body)}
	if len(m.To) == 1 {
		out.To = m.To[0]
	}
	return out
}

// parseRecoveryMail decodes a received message and finds its reset link.
func parseRecoveryMail(tb testing.TB, m mailtest.Mail) recoveryMail {
	tb.Helper()
	out := decodeMail(tb, m)
	var err error
	match := resetLinkRE.FindStringSubmatch(out.Body)
	if match == nil {
		tb.Fatalf("no reset link in the email body:\n%s", out.Body)
	}
	if out.Token, err = url.QueryUnescape(match[1]); err != nil {
		tb.Fatalf("reset token: %v", err)
	}
	return out
}

const mailTimeout = 10 * time.Second

// recoverMail asks for a recovery email for email and returns it as the
// nth message received.
func recoverMail(t *testing.T, e *env, email string, n int) recoveryMail {
	t.Helper()
	e.client().do("POST", "/api/v1/auth/recover", map[string]string{"email": email}).must(t, 200)
	m := parseRecoveryMail(t, e.mail.Wait(t, n, mailTimeout))
	if m.To != email {
		t.Fatalf("recovery email %d: got recipient %q, want %q", n, m.To, email)
	}
	return m
}

func TestRecoveryAnswersAlikeAndMailsOnlyRealAccounts(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		e.client().signUp("Iara Souza", "iara@example.com")
		c := e.client()
		unknown := c.do("POST", "/api/v1/auth/recover", map[string]string{"email": "ninguem@example.com"}).must(t, 200)
		known := c.do("POST", "/api/v1/auth/recover", map[string]string{"email": "IARA@example.com"}).must(t, 200)
		if string(known.Body) != string(unknown.Body) {
			t.Errorf("bodies differ: known %s, unknown %s", known.Body, unknown.Body)
		}
		m := parseRecoveryMail(t, e.mail.Wait(t, 1, mailTimeout))
		e.settle()
		if n := e.mail.Count(); n != 1 {
			t.Fatalf("got %d emails, want 1 (none for the unknown address)", n)
		}
		if m.To != "iara@example.com" {
			t.Errorf("recipient: got %q, want iara@example.com", m.To)
		}
		if m.Subject != "Redefinição de senha do Agendo" {
			t.Errorf("subject: got %q, want %q", m.Subject, "Redefinição de senha do Agendo")
		}
		if !strings.Contains(m.Body, "Olá, Iara!") {
			t.Errorf("body does not greet by first name:\n%s", m.Body)
		}
		if len(m.Token) != 43 {
			t.Errorf("token: got %d characters, want 43", len(m.Token))
		}

		// Within the minute: same answer, no second email.
		again := c.do("POST", "/api/v1/auth/recover", map[string]string{"email": "iara@example.com"}).must(t, 200)
		if string(again.Body) != string(known.Body) {
			t.Errorf("rate-limited answer differs: %s", again.Body)
		}
		e.settle()
		if n := e.mail.Count(); n != 1 {
			t.Fatalf("second request within a minute: got %d emails, want 1", n)
		}

		e.clock.Advance(61 * time.Second)
		m2 := recoverMail(t, e, "iara@example.com", 2)
		if m2.Token == m.Token {
			t.Error("second email has the same token")
		}

		if r := c.do("POST", "/api/v1/auth/recover", map[string]string{"email": "não é email"}); r.Status != 422 {
			t.Errorf("malformed address: got %d, want 422", r.Status)
		}
	})
}

func TestResetPassword(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		const email = "joana@example.com"
		const newPassword = "tesoura-afiada-77"
		e.client().signUp("Joana", email)
		sessions := signInN(t, e, email, 2)

		first := recoverMail(t, e, email, 1)
		e.clock.Advance(61 * time.Second)
		link := recoverMail(t, e, email, 2)

		bad := []struct {
			name     string
			token    string
			password string
			status   int
			code     string
			reasons  []string
		}{
			{"common password", link.Token, "12345678", 422, "weak_password", []string{"common"}},
			{"short password", link.Token, "curta", 422, "weak_password", []string{"length"}},
			{"password equal to the email", link.Token, email, 422, "weak_password", []string{"email"}},
			{"unknown token", strings.Repeat("x", 43), newPassword, 400, "invalid_token", nil},
			{"empty token", "", newPassword, 400, "invalid_token", nil},
			{"huge token", strings.Repeat("x", 5000), newPassword, 400, "invalid_token", nil},
		}
		for _, tc := range bad {
			t.Run(tc.name, func(t *testing.T) {
				r := e.client().do("POST", "/api/v1/auth/reset", map[string]string{"token": tc.token, "password": tc.password})
				if r.Status != tc.status || r.ErrCode() != tc.code {
					t.Fatalf("got %d %s, want %d %s", r.Status, r.Body, tc.status, tc.code)
				}
				if tc.code == "invalid_token" && r.ErrMessage() != "Link inválido ou expirado. Solicite um novo." {
					t.Errorf("message: got %q", r.ErrMessage())
				}
				if tc.reasons != nil {
					got, _ := r.JSON["error"].(map[string]any)["reasons"].([]any)
					if len(got) != len(tc.reasons) || got[0] != tc.reasons[0] {
						t.Errorf("reasons: got %v, want %v", got, tc.reasons)
					}
				}
			})
		}
		// Refused resets changed nothing.
		checkAlive(t, e, sessions, []bool{true, true})
		sessions = signInN(t, e, email, 2)

		e.client().do("POST", "/api/v1/auth/reset", map[string]string{"token": link.Token, "password": newPassword}).must(t, 204)
		checkAlive(t, e, sessions, []bool{false, false})
		if r := e.client().signIn(email, testPassword); r.Status != 400 || r.ErrCode() != "invalid_credentials" {
			t.Errorf("old password: got %d %s, want 400 invalid_credentials", r.Status, r.Body)
		}
		e.client().signIn(email, newPassword).must(t, 200)

		for name, tok := range map[string]string{"the same link again": link.Token, "an older link": first.Token} {
			r := e.client().do("POST", "/api/v1/auth/reset", map[string]string{"token": tok, "password": "outra-senha-boa-9"})
			if r.Status != 400 || r.ErrCode() != "invalid_token" || r.ErrMessage() != "Link inválido ou expirado. Solicite um novo." {
				t.Errorf("%s: got %d %s, want 400 invalid_token", name, r.Status, r.Body)
			}
		}
		e.client().signIn(email, newPassword).must(t, 200)
	})
}

func TestResetLinksExpireAfterAnHour(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		e.client().signUp("Kátia", "katia@example.com")
		cases := []struct {
			name   string
			age    time.Duration
			status int
		}{
			{"59 minutes old", 59 * time.Minute, 204},
			{"60 minutes and a second old", 60*time.Minute + time.Second, 400},
		}
		for i, tc := range cases {
			e.clock.Advance(2 * time.Minute) // past the one-email-a-minute limit
			m := recoverMail(t, e, "katia@example.com", i+1)
			e.clock.Advance(tc.age)
			r := e.client().do("POST", "/api/v1/auth/reset", map[string]string{"token": m.Token, "password": "relogio-de-areia-" + string(rune('a'+i))})
			if r.Status != tc.status {
				t.Errorf("%s: got %d %s, want %d", tc.name, r.Status, r.Body, tc.status)
			}
			if tc.status == 400 && r.ErrCode() != "invalid_token" {
				t.Errorf("%s: got code %s, want invalid_token", tc.name, r.ErrCode())
			}
		}
	})
}

func TestRefreshCookieAttributes(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		c := e.client()
		signUp := c.do("POST", "/api/v1/auth/signup", map[string]string{"name": "Lia", "email": "lia@example.com", "password": testPassword, "acceptedTerms": domain.TermsVersion}).must(t, 201)
		refresh := c.do("POST", "/api/v1/auth/refresh", nil).must(t, 200)
		c.adopt(refresh)
		signOut := c.do("POST", "/api/v1/auth/signout", nil).must(t, 204)
		for name, r := range map[string]resp{"sign-up": signUp, "refresh": refresh, "sign-out": signOut} {
			ck := refreshCookieOf(r)
			if ck == nil {
				t.Errorf("%s: no refresh cookie set", name)
				continue
			}
			if !ck.HttpOnly || ck.SameSite != http.SameSiteStrictMode || ck.Path != "/api/v1/auth" {
				t.Errorf("%s: got HttpOnly=%v SameSite=%v Path=%q, want HttpOnly, Strict, /api/v1/auth (%s)",
					name, ck.HttpOnly, ck.SameSite, ck.Path, ck.Raw)
			}
			if name == "sign-out" && (ck.MaxAge >= 0 || ck.Value != "") {
				t.Errorf("sign-out: got %s, want the cookie cleared", ck.Raw)
			}
			if name != "sign-out" && ck.MaxAge != 30*24*3600 {
				t.Errorf("%s: got Max-Age %d, want 30 days", name, ck.MaxAge)
			}
		}
	})
}

// A visitor's start-up refresh carries no refresh cookie: it is no session,
// answered 204 with nothing set, not a 401 the browser logs as a failure.
// A cookie that is there but names no live session is still 401.
func TestRefreshWithoutACookieIsNoSession(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		visitor := e.client()
		r := visitor.do("POST", "/api/v1/auth/refresh", nil)
		if r.Status != http.StatusNoContent || len(r.Body) != 0 {
			t.Fatalf("refresh without a cookie: got %d %q, want 204 and no body", r.Status, r.Body)
		}
		if ck := refreshCookieOf(r); ck != nil {
			t.Errorf("refresh without a cookie: got cookie %s, want none set", ck.Raw)
		}

		for name, value := range map[string]string{"empty": "", "unknown": strings.Repeat("a", 43)} {
			r := e.refreshWith(value)
			if r.Status != 401 {
				t.Errorf("%s cookie: got %d %s, want 401", name, r.Status, r.Body)
			}
			if ck := refreshCookieOf(r); name == "unknown" && (ck == nil || ck.MaxAge >= 0) {
				t.Errorf("%s cookie: got %v, want the refresh cookie cleared", name, ck)
			}
		}

		// Signed out, the browser holds no cookie again: no session, quietly.
		c := e.client().signUp("Rita", "rita@example.com")
		c.do("POST", "/api/v1/auth/signout", nil).must(t, 204)
		c.do("POST", "/api/v1/auth/refresh", nil).must(t, 204)
	})
}
