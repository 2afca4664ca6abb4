package auth_test

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"agendo/internal/auth"
)

// cheapHasher keeps these tests fast; production parameters get one test of
// their own.
func cheapHasher(tb testing.TB) *auth.Hasher {
	tb.Helper()
	return auth.NewHasherParams(64, 1)
}

func TestHasherRoundTrip(t *testing.T) {
	h := cheapHasher(t)
	ctx := context.Background()
	enc, err := h.Hash(ctx, "cabelo-lindo-2026")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(enc, "$argon2id$v=19$m=64,t=1,p=1$") {
		t.Errorf("got hash %q, want the PHC argon2id format with m=64,t=1,p=1", enc)
	}
	cases := []struct {
		name     string
		password string
		want     bool
	}{
		{"right password", "cabelo-lindo-2026", true},
		{"wrong password", "cabelo-lindo-2025", false},
		{"case matters", "CABELO-LINDO-2026", false},
		{"prefix", "cabelo-lindo-202", false},
		{"empty", "", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := h.Verify(ctx, tc.password, enc)
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("Verify(%q): got %v, want %v", tc.password, got, tc.want)
			}
		})
	}
}

func TestHasherSaltsEveryHash(t *testing.T) {
	h := cheapHasher(t)
	a, err := h.Hash(context.Background(), "mesma-senha-123")
	if err != nil {
		t.Fatal(err)
	}
	b, err := h.Hash(context.Background(), "mesma-senha-123")
	if err != nil {
		t.Fatal(err)
	}
	if a == b {
		t.Errorf("got the same hash twice (%q), want a fresh salt each time", a)
	}
}

func TestHasherVerifiesWithTheParametersInTheHash(t *testing.T) {
	ctx := context.Background()
	enc, err := cheapHasher(t).Hash(ctx, "trocar-parametros-1")
	if err != nil {
		t.Fatal(err)
	}
	// A hasher with other parameters still verifies old hashes, so raising
	// the cost later does not lock anyone out.
	other := auth.NewHasherParams(128, 2)
	if ok, err := other.Verify(ctx, "trocar-parametros-1", enc); err != nil || !ok {
		t.Errorf("got %v, %v; want true, nil", ok, err)
	}
}

func TestProductionHasherParameters(t *testing.T) {
	if testing.Short() {
		t.Skip("hashes with the production cost")
	}
	h := auth.NewHasher()
	enc, err := h.Hash(context.Background(), "producao-2026")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(enc, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Errorf("got %q, want OWASP's argon2id m=19 MiB, t=2, p=1", enc)
	}
	if ok, err := h.Verify(context.Background(), "producao-2026", enc); err != nil || !ok {
		t.Errorf("got %v, %v; want true, nil", ok, err)
	}
}

func TestHasherUnknownUserIsAFailureNotAnError(t *testing.T) {
	ok, err := cheapHasher(t).Verify(context.Background(), "qualquer-coisa", "")
	if ok || err != nil {
		t.Errorf("got %v, %v; want false, nil", ok, err)
	}
}

func TestHasherRejectsMalformedHashes(t *testing.T) {
	h := cheapHasher(t)
	good, err := h.Hash(context.Background(), "x")
	if err != nil {
		t.Fatal(err)
	}
	parts := strings.Split(good, "$")
	cases := []struct{ name, enc string }{
		{"bcrypt", "$2a$10$abcdefghijklmnopqrstuuO2RZ5bZ6gfc8cYm1dZ2mQfdNnIu6hVe"},
		{"argon2i", strings.Replace(good, "argon2id", "argon2i", 1)},
		{"too few parts", "$argon2id$v=19$m=64,t=1,p=1$c2FsdA"},
		{"bad parameters", strings.Join([]string{"", parts[1], parts[2], "m=x,t=1,p=1", parts[4], parts[5]}, "$")},
		{"bad salt", strings.Join([]string{"", parts[1], parts[2], parts[3], "!!!", parts[5]}, "$")},
		{"bad key", strings.Join([]string{"", parts[1], parts[2], parts[3], parts[4], "%%%"}, "$")},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ok, err := h.Verify(context.Background(), "x", tc.enc)
			if ok || err == nil {
				t.Errorf("got %v, %v; want false and an error", ok, err)
			}
		})
	}
}

func TestCheckPasswordReasons(t *testing.T) {
	cases := []struct {
		name, password, email string
		want                  []string
	}{
		{"good", "cabelo-lindo-2026", "ana@example.com", nil},
		{"seven characters", "abcdefg", "", []string{auth.ReasonLength}},
		{"eight characters", "abcdefgh", "", []string{auth.ReasonCommon}},
		{"eight uncommon characters", "tesoura!", "", nil},
		{"runes not bytes: seven accented", "ááááááá", "", []string{auth.ReasonLength}},
		{"runes not bytes: eight accented", "áááááááá", "", nil},
		{"256 bytes", strings.Repeat("x", 256), "", nil},
		{"257 bytes", strings.Repeat("x", 257), "", []string{auth.ReasonLength}},
		{"common", "12345678", "", []string{auth.ReasonCommon}},
		{"common, Portuguese", "senha123", "", []string{auth.ReasonCommon}},
		{"common, any case", "SeNhA123", "", []string{auth.ReasonCommon}},
		{"common and short", "", "", []string{auth.ReasonLength}},
		{"equals the email", "bia@example.com", "bia@example.com", []string{auth.ReasonEmail}},
		{"equals the email, any case", "Bia@Example.com", " BIA@example.com ", []string{auth.ReasonEmail}},
		{"equals the local part", "mariasilva", "mariasilva@example.com", []string{auth.ReasonEmail}},
		{"short and the local part", "bia", "bia@example.com", []string{auth.ReasonLength, auth.ReasonEmail}},
		{"contains the email is fine", "bia@example.com!!", "bia@example.com", nil},
		{"no email given", "bia@example.com", "", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := auth.CheckPassword(tc.password, tc.email)
			if !slices.Equal(got, tc.want) {
				t.Errorf("CheckPassword(%q, %q): got %v, want %v", tc.password, tc.email, got, tc.want)
			}
		})
	}
}

func TestWeakPasswordMessage(t *testing.T) {
	got := auth.WeakPasswordMessage([]string{auth.ReasonLength, auth.ReasonCommon, auth.ReasonEmail})
	want := "Senha fraca: use de 8 a 256 caracteres; esta senha é muito comum; a senha não pode ser igual ao seu email."
	if got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

var testKey = []byte(strings.Repeat("k", 32))

func mustTokens(tb testing.TB, key []byte) *auth.Tokens {
	tb.Helper()
	tk, err := auth.NewTokens(key)
	if err != nil {
		tb.Fatal(err)
	}
	return tk
}

func TestNewTokensWantsALongKey(t *testing.T) {
	if _, err := auth.NewTokens(make([]byte, 31)); err == nil {
		t.Error("31-byte key: got nil error, want one")
	}
	if _, err := auth.NewTokens(make([]byte, 32)); err != nil {
		t.Errorf("32-byte key: got %v, want nil", err)
	}
}

func TestTokensIssueAndVerify(t *testing.T) {
	tk := mustTokens(t, testKey)
	now := time.Date(2026, 3, 10, 12, 0, 0, 500_000_000, time.UTC)
	tok, exp, err := tk.Issue(auth.Claims{UserID: "user-1", SessionID: "session-1", Email: "ana@example.com", Store: "store-1", Role: "gerente"}, now)
	if err != nil {
		t.Fatal(err)
	}
	if want := time.Date(2026, 3, 10, 12, 15, 0, 0, time.UTC); !exp.Equal(want) {
		t.Errorf("expiry: got %v, want %v", exp, want)
	}
	c, err := tk.Verify(tok, now)
	if err != nil {
		t.Fatal(err)
	}
	if c.UserID != "user-1" || c.SessionID != "session-1" || c.Email != "ana@example.com" || c.Store != "store-1" ||
		c.Role != "gerente" || !c.ExpiresAt.Equal(exp) {
		t.Errorf("claims: got %+v", c)
	}

	cases := []struct {
		name string
		at   time.Time
		ok   bool
	}{
		{"just issued", now, true},
		{"a nanosecond before expiry", exp.Add(-time.Nanosecond), true},
		{"at expiry", exp, false},
		{"a second after expiry", exp.Add(time.Second), false},
		{"a second before it was issued", now.Add(-time.Second), false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tk.Verify(tok, tc.at)
			if (err == nil) != tc.ok {
				t.Errorf("Verify at %v: got error %v, want ok=%v", tc.at, err, tc.ok)
			}
		})
	}

	if _, err := mustTokens(t, []byte(strings.Repeat("x", 32))).Verify(tok, now); err == nil {
		t.Error("another key: got nil error, want one")
	}
}

func TestTokensRejectForgeries(t *testing.T) {
	tk := mustTokens(t, testKey)
	now := time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)
	claims := func(mod func(c jwt.MapClaims)) jwt.MapClaims {
		c := jwt.MapClaims{"sub": "user-1", "sid": "session-1", "email": "a@example.com",
			"iat": now.Unix(), "nbf": now.Unix(), "exp": now.Add(time.Minute).Unix()}
		if mod != nil {
			mod(c)
		}
		return c
	}
	sign := func(m jwt.SigningMethod, key any, c jwt.MapClaims) string {
		t.Helper()
		s, err := jwt.NewWithClaims(m, c).SignedString(key)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	cases := []struct {
		name  string
		token string
		ok    bool
	}{
		{"control: HS256 with the key", sign(jwt.SigningMethodHS256, testKey, claims(nil)), true},
		{"alg none", sign(jwt.SigningMethodNone, jwt.UnsafeAllowNoneSignatureType, claims(nil)), false},
		{"HS512 with the key", sign(jwt.SigningMethodHS512, testKey, claims(nil)), false},
		{"HS384 with the key", sign(jwt.SigningMethodHS384, testKey, claims(nil)), false},
		{"wrong key", sign(jwt.SigningMethodHS256, []byte(strings.Repeat("w", 32)), claims(nil)), false},
		{"no exp", sign(jwt.SigningMethodHS256, testKey, claims(func(c jwt.MapClaims) { delete(c, "exp") })), false},
		{"no subject", sign(jwt.SigningMethodHS256, testKey, claims(func(c jwt.MapClaims) { delete(c, "sub") })), false},
		{"no session", sign(jwt.SigningMethodHS256, testKey, claims(func(c jwt.MapClaims) { delete(c, "sid") })), false},
		{"nbf in the future", sign(jwt.SigningMethodHS256, testKey, claims(func(c jwt.MapClaims) { c["nbf"] = now.Add(time.Minute).Unix() })), false},
		{"expired a second ago", sign(jwt.SigningMethodHS256, testKey, claims(func(c jwt.MapClaims) { c["exp"] = now.Add(-time.Second).Unix() })), false},
		{"empty", "", false},
		{"garbage", "isto.nao.e-um-jwt", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tk.Verify(tc.token, now)
			if (err == nil) != tc.ok {
				t.Errorf("got error %v, want ok=%v", err, tc.ok)
			}
		})
	}
}

var base64URL = regexp.MustCompile(`^[A-Za-z0-9_-]{43}$`)

func TestRefreshValue(t *testing.T) {
	a := mustTokens(t, testKey)
	b := mustTokens(t, []byte(strings.Repeat("z", 32)))
	v := a.RefreshValue("0190-id-1")
	if !base64URL.MatchString(v) {
		t.Errorf("got %q, want 43 base64url characters (256 bits)", v)
	}
	if again := a.RefreshValue("0190-id-1"); again != v {
		t.Errorf("same id: got %q then %q, want the same value", v, again)
	}
	if other := a.RefreshValue("0190-id-2"); other == v {
		t.Error("another id: got the same value")
	}
	if other := b.RefreshValue("0190-id-1"); other == v {
		t.Error("another key: got the same value")
	}
}

func TestHashAndRandomToken(t *testing.T) {
	if got, want := auth.Hash("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"; got != want {
		t.Errorf("Hash(abc): got %s, want %s", got, want)
	}
	seen := map[string]bool{}
	for range 100 {
		tok := auth.RandomToken()
		if !base64URL.MatchString(tok) {
			t.Fatalf("got %q, want 43 base64url characters", tok)
		}
		if seen[tok] {
			t.Fatalf("got %q twice", tok)
		}
		seen[tok] = true
	}
}

func TestLimiterBurstRefillAndRetryAfter(t *testing.T) {
	t0 := time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)
	l := auth.NewLimiter(30, 5*time.Minute) // 0.1 token/s

	for i := range 30 {
		if ok, wait := l.Allow("1.2.3.4", t0); !ok || wait != 0 {
			t.Fatalf("attempt %d of the burst: got %v, %v; want true, 0", i+1, ok, wait)
		}
	}
	steps := []struct {
		name     string
		key      string
		at       time.Duration
		ok       bool
		wantWait time.Duration
	}{
		{"31st at once", "1.2.3.4", 0, false, 10 * time.Second},
		{"another key has its own bucket", "5.6.7.8", 0, true, 0},
		{"half a token later", "1.2.3.4", 5 * time.Second, false, 5 * time.Second},
		{"a token later", "1.2.3.4", 10 * time.Second, true, 0},
		{"right after spending it", "1.2.3.4", 10 * time.Second, false, 10 * time.Second},
		{"time going backwards refills nothing", "1.2.3.4", 9 * time.Second, false, 10 * time.Second},
		{"2.5 tokens later", "1.2.3.4", 35 * time.Second, true, 0},
		{"1.5 left", "1.2.3.4", 35 * time.Second, true, 0},
		{"0.5 left", "1.2.3.4", 35 * time.Second, false, 5 * time.Second},
	}
	for _, s := range steps {
		ok, wait := l.Allow(s.key, t0.Add(s.at))
		if ok != s.ok || (wait-s.wantWait).Abs() > time.Millisecond {
			t.Errorf("%s: got %v, %v; want %v, %v", s.name, ok, wait, s.ok, s.wantWait)
		}
	}

	// A long idle time refills the bucket to its burst, never beyond.
	later := t0.Add(24 * time.Hour)
	n := 0
	for {
		if ok, _ := l.Allow("1.2.3.4", later); !ok {
			break
		}
		n++
	}
	if n != 30 {
		t.Errorf("after a day: got %d allowed at once, want the burst of 30", n)
	}
}

func TestLimiterOnePerMinute(t *testing.T) {
	t0 := time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)
	l := auth.NewLimiter(1, time.Minute)
	steps := []struct {
		at   time.Duration
		ok   bool
		wait time.Duration
	}{
		{0, true, 0},
		{time.Second, false, 59 * time.Second},
		{59 * time.Second, false, time.Second},
		{60 * time.Second, true, 0},
		{61 * time.Second, false, 59 * time.Second},
	}
	for _, s := range steps {
		ok, wait := l.Allow("ana@example.com", t0.Add(s.at))
		if ok != s.ok || (wait-s.wait).Abs() > time.Millisecond {
			t.Errorf("at +%v: got %v, %v; want %v, %v", s.at, ok, wait, s.ok, s.wait)
		}
	}
}

func TestLimiterSweepKeepsDebtsAndForgetsFullBuckets(t *testing.T) {
	t0 := time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)
	l := auth.NewLimiter(2, time.Minute) // a token every 30 s
	l.Allow("idle", t0)
	l.Allow("idle", t0)
	l.Allow("busy", t0)
	l.Allow("busy", t0)
	if ok, _ := l.Allow("busy", t0.Add(30*time.Second)); !ok {
		t.Fatal("busy after 30 s: got false, want true")
	}
	// At +61 s the sweep runs: "idle" has been idle longer than a full
	// refill and may be dropped; "busy" still owes and must be kept.
	at := t0.Add(61 * time.Second)
	var got []bool
	for range 3 {
		ok, _ := l.Allow("busy", at)
		got = append(got, ok)
	}
	if want := []bool{true, false, false}; !slices.Equal(got, want) {
		t.Errorf("busy across the sweep: got %v, want %v", got, want)
	}
	got = got[:0]
	for range 3 {
		ok, _ := l.Allow("idle", at)
		got = append(got, ok)
	}
	if want := []bool{true, true, false}; !slices.Equal(got, want) {
		t.Errorf("idle across the sweep: got %v, want %v", got, want)
	}
}

func TestManageTokenRoundTripAndTampering(t *testing.T) {
	tk, err := auth.NewTokens([]byte("0123456789abcdef0123456789abcdef"))
	if err != nil {
		t.Fatal(err)
	}
	id := "019a-appointment"
	tok := tk.ManageToken(id)
	if got, ok := tk.VerifyManage(tok); !ok || got != id {
		t.Fatalf("VerifyManage(%q) = %q, %v", tok, got, ok)
	}
	other, _ := auth.NewTokens([]byte("another key, also 32 bytes long!"))
	flipped := []byte(tok)
	flipped[len(flipped)-1] ^= 1
	for _, bad := range []string{"", id, id + ".", "x" + tok, tok[:len(tok)-2], string(flipped), other.ManageToken(id),
		"other-id" + tok[len(id):]} {
		if _, ok := tk.VerifyManage(bad); ok {
			t.Errorf("VerifyManage(%q) accepted a token it did not issue", bad)
		}
	}
}

func FuzzVerifyManage(f *testing.F) {
	tk, _ := auth.NewTokens([]byte("0123456789abcdef0123456789abcdef"))
	f.Add(tk.ManageToken("abc"))
	f.Add("abc.def")
	f.Fuzz(func(t *testing.T, s string) {
		if id, ok := tk.VerifyManage(s); ok && tk.ManageToken(id) != s {
			t.Fatalf("accepted %q for %q", s, id)
		}
	})
}

// A device cookie proves a browser where one account's password was
// proved: it verifies for that account only, and cannot be altered.
func TestDeviceTokenIsBoundToItsAccount(t *testing.T) {
	tk, _ := auth.NewTokens([]byte("0123456789abcdef0123456789abcdef"))
	other, _ := auth.NewTokens([]byte("another key, also 32 bytes long!"))
	tok := tk.DeviceToken("user-a")
	id, ok := tk.VerifyDevice("user-a", tok)
	if !ok || id == "" {
		t.Fatalf("VerifyDevice(user-a, %q) = %q, %v", tok, id, ok)
	}
	if again := tk.DeviceToken("user-a"); again == tok {
		t.Error("two devices got the same token")
	}
	flipped := []byte(tok)
	flipped[len(flipped)-1] ^= 1
	cases := map[string]struct{ user, token string }{
		"another account": {"user-b", tok},
		"no account":      {"", tok},
		"a bit flipped":   {"user-a", string(flipped)},
		"another key":     {"user-a", other.DeviceToken("user-a")},
		"truncated":       {"user-a", tok[:len(tok)-1]},
		"no mac":          {"user-a", id},
		"another id":      {"user-a", strings.Repeat("A", 22) + tok[22:]},
		"empty":           {"user-a", ""},
		"padded base64":   {"user-a", tok + "="},
	}
	for name, c := range cases {
		if _, ok := tk.VerifyDevice(c.user, c.token); ok {
			t.Errorf("%s: VerifyDevice(%q, %q) accepted it", name, c.user, c.token)
		}
	}
}

// Pseudonyms name rate-limit keys without revealing them: stable for one
// key and value, different for different values and keys.
func TestPseudonym(t *testing.T) {
	tk, _ := auth.NewTokens([]byte("0123456789abcdef0123456789abcdef"))
	other, _ := auth.NewTokens([]byte("another key, also 32 bytes long!"))
	p := tk.Pseudonym("203.0.113.7")
	if p != tk.Pseudonym("203.0.113.7") || strings.Contains(p, "203") {
		t.Errorf("Pseudonym: got %q, want a stable value that does not show the address", p)
	}
	if p == tk.Pseudonym("203.0.113.8") || p == other.Pseudonym("203.0.113.7") {
		t.Error("two values, or two keys, gave one pseudonym")
	}
}

// A token checked once is remembered, never trusted beyond what it says:
// the same claims, refused outside its times, and a token differing by a
// byte is checked anew (and refused); many callers at once are safe.
func TestVerifiedTokensAreRememberedWithinTheirTimes(t *testing.T) {
	tk := mustTokens(t, testKey)
	now := time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)
	tok, exp, err := tk.Issue(auth.Claims{UserID: "user-1", SessionID: "session-1", Email: "ana@example.com", Store: "store-1", Role: "gerente"}, now)
	if err != nil {
		t.Fatal(err)
	}
	first, err := tk.Verify(tok, now)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			for j := range 100 {
				at := now.Add(time.Duration(i*100+j) * time.Second)
				c, err := tk.Verify(tok, at)
				if wantOK := at.Before(exp); (err == nil) != wantOK || (err == nil && c != first) {
					t.Errorf("at %v: got %+v %v, want ok=%v %+v", at, c, err, wantOK, first)
				}
			}
		})
	}
	wg.Wait()
	for _, at := range []time.Time{exp, now.Add(-time.Second)} {
		if _, err := tk.Verify(tok, at); err == nil {
			t.Errorf("remembered token at %v: got nil error, want one", at)
		}
	}
	forged := []byte(tok)
	if i := len(forged) - 2; forged[i] == 'A' { // a signature byte (the last char may hold only padding bits)
		forged[i] = 'B'
	} else {
		forged[i] = 'A'
	}
	if _, err := tk.Verify(string(forged), now); err == nil {
		t.Error("a token one byte off the remembered one: got nil error, want one")
	}
}

// A sealed phone opens in its own store only, seals alike every time (a
// link names one client), and opens nothing it did not make.
func TestSealOpensInItsScopeOnly(t *testing.T) {
	tk, _ := auth.NewTokens([]byte("0123456789abcdef0123456789abcdef"))
	other, _ := auth.NewTokens([]byte("another key, also 32 bytes long!"))
	phone := "+5511912345678"
	s := tk.Seal("store-a", phone)
	if again := tk.Seal("store-a", phone); again != s {
		t.Errorf("Seal is not deterministic: %q, then %q", s, again)
	}
	if tk.Seal("store-a", "+5511912345679") == s || tk.Seal("store-b", phone) == s {
		t.Error("another phone or store sealed to the same name")
	}
	if got, ok := tk.Open("store-a", s); !ok || got != phone {
		t.Fatalf("Open = %q, %v", got, ok)
	}
	flipped := []byte(s)
	flipped[len(flipped)-1] ^= 1
	for _, bad := range []struct{ scope, sealed string }{{"store-b", s}, {"store-a", string(flipped)}, {"store-a", s[:len(s)-2]},
		{"store-a", other.Seal("store-a", phone)}, {"store-a", ""}, {"store-a", phone}, {"store-a", s + "="}} {
		if v, ok := tk.Open(bad.scope, bad.sealed); ok {
			t.Errorf("Open(%q, %q) = %q: opened what it did not seal", bad.scope, bad.sealed, v)
		}
	}
}

func FuzzOpen(f *testing.F) {
	tk, _ := auth.NewTokens([]byte("0123456789abcdef0123456789abcdef"))
	f.Add("s", tk.Seal("s", "+5511912345678"))
	f.Add("s", "AAAA")
	f.Fuzz(func(t *testing.T, scope, sealed string) {
		if v, ok := tk.Open(scope, sealed); ok && tk.Seal(scope, v) != sealed {
			t.Fatalf("opened %q to %q, which seals otherwise", sealed, v)
		}
	})
}
