package httpapi_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/binary"
	"encoding/json"
	"hash/crc32"
	"image"
	"image/png"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"agendo/internal/app"
	"agendo/internal/auth"
	"agendo/internal/domain"
	"agendo/internal/httpapi"
	"agendo/internal/mail"
	"agendo/internal/mail/mailtest"
	"agendo/internal/realtime"
	"agendo/internal/store"
	"agendo/internal/store/storetest"
)

// clock is a settable test clock.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Set(t time.Time) {
	c.mu.Lock()
	c.t = t
	c.mu.Unlock()
}

func (c *clock) Advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// env is one running API over a fresh database.
type env struct {
	t      *testing.T
	tb     testing.TB // t, or the fuzz target's F
	db     *store.DB
	app    *app.App
	api    *httpapi.Server
	srv    *httptest.Server
	clock  *clock
	mail   *mailtest.Server
	logBuf *syncBuffer
	broker *realtime.Broker
}

type envOptions struct {
	hasher      *auth.Hasher
	adminEmails []string
	// publicPerIP and publicPerStore override the online-booking limits.
	publicPerIP, publicPerStore int
	// trustedProxies and https configure the server as behind a proxy.
	trustedProxies []netip.Prefix
	https          bool
	// uploadQuota overrides the bytes of images an account may keep.
	uploadQuota int64
	// pgEvents, a PostgreSQL URL, sends events through LISTEN/NOTIFY as
	// instances sharing one database do.
	pgEvents string
	// clock, when set, is the instance's clock: instances sharing one
	// database share it, as machines kept in time do.
	clock *clock
	// streamHeartbeat shortens the event streams' pings and session checks.
	streamHeartbeat time.Duration
}

// testSPA stands in for the built web app.
var testSPA = fstest.MapFS{
	"index.html":           {Data: []byte(`<!doctype html><html lang="pt-BR"><head><title>Agendo</title></head><body><div id="root"></div></body></html>`)},
	"assets/app-abc123.js": {Data: []byte(`console.log("app")`)},
	// The web build writes these beside every compressible asset.
	"assets/app-abc123.js.br": {Data: []byte("brotli bytes")},
	"assets/app-abc123.js.gz": {Data: gzipped(`console.log("app")`)},
	"manifest.webmanifest":    {Data: []byte(`{"name":"Agendo"}`)},
	"icon.svg":                {Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>`)},
	// The part of Vite's manifest the public pages' preloads read.
	".vite/manifest.json": {Data: []byte(`{
		"index.html": {"file": "assets/app-abc123.js", "imports": ["_react.js"]},
		"_react.js": {"file": "assets/react-1.js"},
		"src/app/routes/public/store.tsx": {"file": "assets/store-1.js", "imports": ["index.html", "_react.js", "_catalog.js"], "css": ["assets/store-1.css"]},
		"src/app/routes/public/loaders.ts": {"file": "assets/loaders-1.js", "imports": ["index.html"]},
		"_catalog.js": {"file": "assets/catalog-1.js"}
	}`)},
}

func gzipped(s string) []byte {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	_, _ = io.WriteString(w, s)
	_ = w.Close()
	return b.Bytes()
}

// newEnv starts the API on db with a real SMTP listener and a test clock.
func newEnv(t *testing.T, db *store.DB, opts ...envOptions) *env {
	t.Helper()
	var o envOptions
	if len(opts) > 0 {
		o = opts[0]
	}
	if o.hasher == nil {
		o.hasher = auth.NewHasherParams(64, 1) // cheap: these tests are not about hashing cost
	}
	e := &env{t: t, tb: t, db: db, clock: o.clock, mail: mailtest.Start(t), logBuf: &syncBuffer{}}
	if e.clock == nil {
		e.clock = &clock{t: time.Now().UTC()}
	}
	log := slog.New(slog.NewJSONHandler(e.logBuf, &slog.HandlerOptions{Level: slog.LevelDebug}))
	tokens, err := auth.NewTokens([]byte(strings.Repeat("k", 32)))
	if err != nil {
		t.Fatal(err)
	}
	sender, err := mail.NewSMTP(e.mail.URL())
	if err != nil {
		t.Fatal(err)
	}
	e.broker = realtime.NewBroker()
	var events app.Publisher = e.broker
	if o.pgEvents != "" {
		ctx, cancel := context.WithCancel(context.Background())
		t.Cleanup(cancel)
		bridge := realtime.NewPostgres(o.pgEvents, e.broker, log)
		ready := make(chan struct{})
		go bridge.Run(ctx, ready)
		select {
		case <-ready:
		case <-time.After(10 * time.Second):
			t.Fatal("the PostgreSQL event bridge did not start")
		}
		events = bridge
	}
	e.app = app.New(app.Deps{DB: db, Hasher: o.hasher, Tokens: tokens, Mailer: sender, Logger: log, Now: e.clock.Now, Events: events},
		app.Config{BaseURL: "http://agendo.test", AdminEmails: o.adminEmails,
			PublicBookingsPerIP: o.publicPerIP, PublicBookingsPerStore: o.publicPerStore, UploadQuota: o.uploadQuota,
			CheckoutURL: "https://buy.stripe.com/test_agendo", BillingPortalURL: "https://billing.stripe.com/p/login/test_agendo",
			BillingSecrets: []string{testBillingSecretOld, testBillingSecret}})
	e.api = httpapi.New(httpapi.Options{App: e.app, DB: db, Logger: log, SPA: testSPA, Broker: e.broker,
		TrustedProxies: o.trustedProxies, SecureCookies: o.https, StreamHeartbeat: o.streamHeartbeat})
	e.srv = httptest.NewServer(contractHandler(t, e.api.Handler()))
	t.Cleanup(func() {
		e.srv.Close()
		e.app.Close()
	})
	return e
}

// eachEngine runs fn against a fresh API on every engine, the engines in
// parallel (storetest.Run: nothing after it may read what fn wrote).
func eachEngine(t *testing.T, fn func(t *testing.T, e *env), opts ...envOptions) {
	t.Helper()
	storetest.Run(t, func(t *testing.T, db *store.DB) { fn(t, newEnv(t, db, opts...)) })
}

// eachEngineSerially is eachEngine for a test that measures the process
// (its heap, its timings): one engine after the other, alone.
func eachEngineSerially(t *testing.T, fn func(t *testing.T, e *env), opts ...envOptions) {
	t.Helper()
	storetest.RunSerially(t, func(t *testing.T, db *store.DB) { fn(t, newEnv(t, db, opts...)) })
}

// client is a browser-like caller: a cookie jar and, once signed in, an
// access token.
type client struct {
	e     *env
	http  *http.Client
	token string
	user  map[string]any
}

func (e *env) client() *client {
	jar, _ := cookiejar.New(nil)
	return &client{e: e, http: &http.Client{Jar: jar}}
}

// resp is a decoded response.
type resp struct {
	Status int
	Header http.Header
	Body   []byte
	JSON   map[string]any
}

// ErrCode is the error code of an error response.
func (r resp) ErrCode() string {
	if e, ok := r.JSON["error"].(map[string]any); ok {
		s, _ := e["code"].(string)
		return s
	}
	return ""
}

// ErrMessage is the message of an error response.
func (r resp) ErrMessage() string {
	if e, ok := r.JSON["error"].(map[string]any); ok {
		s, _ := e["message"].(string)
		return s
	}
	return ""
}

// do sends a request; body may be nil, a string (sent raw) or a value
// (sent as JSON).
func (c *client) do(method, path string, body any) resp {
	c.e.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	case []byte:
		rd = bytes.NewReader(b)
	default:
		raw, err := json.Marshal(b)
		if err != nil {
			c.e.t.Fatal(err)
		}
		rd = bytes.NewReader(raw)
	}
	req, err := http.NewRequestWithContext(context.Background(), method, c.e.srv.URL+path, rd)
	if err != nil {
		c.e.t.Fatal(err)
	}
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	res, err := c.http.Do(req)
	if err != nil {
		c.e.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	out := resp{Status: res.StatusCode, Header: res.Header, Body: raw}
	_ = json.Unmarshal(raw, &out.JSON)
	return out
}

// must fails the test unless r has status want.
func (r resp) must(t *testing.T, want int) resp {
	t.Helper()
	if r.Status != want {
		t.Fatalf("got status %d, want %d; body %s", r.Status, want, r.Body)
	}
	return r
}

// adopt takes the session of a sign-in/sign-up/refresh response.
func (c *client) adopt(r resp) {
	c.e.t.Helper()
	s, ok := r.JSON["session"].(map[string]any)
	if !ok {
		c.e.t.Fatalf("no session in %s", r.Body)
	}
	c.token, _ = s["accessToken"].(string)
	c.user, _ = s["user"].(map[string]any)
}

// userID is the signed-in user's id.
func (c *client) userID() string { s, _ := c.user["id"].(string); return s }

const testPassword = "cabelo-lindo-2026"

// signUp creates an account and signs the client in.
func (c *client) signUp(name, email string) *client {
	c.e.t.Helper()
	r := c.do("POST", "/api/v1/auth/signup", map[string]string{"name": name, "email": email, "password": testPassword, "acceptedTerms": domain.TermsVersion}).must(c.e.t, 201)
	c.adopt(r)
	return c
}

// signIn signs the client in.
func (c *client) signIn(email, password string) resp {
	c.e.t.Helper()
	r := c.do("POST", "/api/v1/auth/signin", map[string]string{"email": email, "password": password})
	if r.Status == 200 {
		c.adopt(r)
	}
	return r
}

// refreshCookie is the client's current refresh token.
func (c *client) refreshCookie() string {
	req, _ := http.NewRequest("POST", c.e.srv.URL+"/api/v1/auth/refresh", nil)
	for _, ck := range c.http.Jar.Cookies(req.URL) {
		if ck.Name == "agendo_refresh" {
			return ck.Value
		}
	}
	return ""
}

// withRefresh returns a cookie-less client presenting refresh token value.
func (e *env) refreshWith(value string) resp {
	e.t.Helper()
	req, _ := http.NewRequest("POST", e.srv.URL+"/api/v1/auth/refresh", nil)
	req.AddCookie(&http.Cookie{Name: "agendo_refresh", Value: value})
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	out := resp{Status: res.StatusCode, Header: res.Header, Body: raw}
	_ = json.Unmarshal(raw, &out.JSON)
	return out
}

// syncBuffer is a goroutine-safe log sink.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// --- Helpers for the session, security and fuzz tests. ---

// settle waits until the background work started so far (recovery emails)
// has finished, so a test can count what was sent without sleeping.
func (e *env) settle() { e.app.Close() }

// tryRefresh is refreshWith for goroutines: it reports errors instead of
// failing the test.
func (e *env) tryRefresh(value string) (resp, error) {
	req, err := http.NewRequest("POST", e.srv.URL+"/api/v1/auth/refresh", nil)
	if err != nil {
		return resp{}, err
	}
	req.AddCookie(&http.Cookie{Name: "agendo_refresh", Value: value})
	return e.roundTrip(req)
}

// send performs req over the loopback listener with no cookie jar.
func (e *env) send(req *http.Request) resp {
	e.t.Helper()
	r, err := e.roundTrip(req)
	if err != nil {
		e.t.Fatal(err)
	}
	return r
}

func (e *env) roundTrip(req *http.Request) (resp, error) {
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return resp{}, err
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	if err != nil {
		return resp{}, err
	}
	out := resp{Status: res.StatusCode, Header: res.Header, Body: raw}
	_ = json.Unmarshal(raw, &out.JSON)
	return out, nil
}

// serve hands req straight to the handler, with no network in between, so a
// test can choose the caller's address (req.RemoteAddr).
func (e *env) serve(req *http.Request) resp {
	rec := httptest.NewRecorder()
	contractHandler(e.tb, e.api.Handler()).ServeHTTP(rec, req)
	out := resp{Status: rec.Code, Header: rec.Result().Header, Body: rec.Body.Bytes()}
	_ = json.Unmarshal(out.Body, &out.JSON)
	return out
}

// directRequest builds a request for serve coming from ip. body is sent as
// is when it is a string or []byte, as JSON otherwise; nil sends none.
func directRequest(tb testing.TB, method, path, ip string, body any) *http.Request {
	tb.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	case []byte:
		rd = bytes.NewReader(b)
	default:
		raw, err := json.Marshal(b)
		if err != nil {
			tb.Fatal(err)
		}
		rd = bytes.NewReader(raw)
	}
	req := httptest.NewRequest(method, path, rd)
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.RemoteAddr = ip + ":40000" // IPv4 only
	return req
}

// withToken returns a cookie-less client that presents access token tok.
func (e *env) withToken(tok string) *client {
	c := e.client()
	c.token = tok
	return c
}

// refreshCookieOf is the refresh cookie a response sets, or nil.
func refreshCookieOf(r resp) *http.Cookie {
	for _, c := range (&http.Response{Header: r.Header}).Cookies() {
		if c.Name == "agendo_refresh" {
			return c
		}
	}
	return nil
}

// accessToken is the access token of a session response.
func accessToken(tb testing.TB, r resp) string {
	tb.Helper()
	s, _ := r.JSON["session"].(map[string]any)
	tok, _ := s["accessToken"].(string)
	if tok == "" {
		tb.Fatalf("no access token in %s", r.Body)
	}
	return tok
}

// newFuzzEnv is newEnv for fuzz targets: no *testing.T, so the client
// helpers are unavailable; fuzz targets call serve.
func newFuzzEnv(tb testing.TB, db *store.DB) *env {
	tb.Helper()
	e := &env{tb: tb, db: db, clock: &clock{t: time.Now().UTC()}, mail: mailtest.Start(tb), logBuf: &syncBuffer{}}
	if t, ok := tb.(*testing.T); ok {
		e.t = t
	}
	log := slog.New(slog.NewJSONHandler(e.logBuf, &slog.HandlerOptions{Level: slog.LevelDebug}))
	tokens, err := auth.NewTokens([]byte(strings.Repeat("k", 32)))
	if err != nil {
		tb.Fatal(err)
	}
	sender, err := mail.NewSMTP(e.mail.URL())
	if err != nil {
		tb.Fatal(err)
	}
	e.app = app.New(app.Deps{DB: db, Hasher: auth.NewHasherParams(64, 1), Tokens: tokens, Mailer: sender, Logger: log, Now: e.clock.Now},
		app.Config{BaseURL: "http://agendo.test", UploadsPerAccount: 1 << 30}) // a fuzzer uploads far more than 30 times
	e.api = httpapi.New(httpapi.Options{App: e.app, DB: db, Logger: log, SPA: testSPA})
	tb.Cleanup(e.app.Close)
	return e
}

// upload posts an image as multipart/form-data to POST /api/v1/files.
func (c *client) upload(kind string, data []byte) resp {
	c.e.t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	_ = mw.WriteField("kind", kind)
	fw, _ := mw.CreateFormFile("file", "foto.png")
	_, _ = fw.Write(data)
	_ = mw.Close()
	req, _ := http.NewRequest("POST", c.e.srv.URL+"/api/v1/files", &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	res, err := c.http.Do(req)
	if err != nil {
		c.e.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	out := resp{Status: res.StatusCode, Header: res.Header, Body: raw}
	_ = json.Unmarshal(raw, &out.JSON)
	return out
}

// importFile sends a file of clients to an import route (preview or
// import), with the mapping when not empty.
func (c *client) importFile(path, name string, data []byte, mapping string) resp {
	c.e.t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	if mapping != "" {
		_ = mw.WriteField("mapping", mapping)
	}
	fw, _ := mw.CreateFormFile("file", name)
	_, _ = fw.Write(data)
	_ = mw.Close()
	req, _ := http.NewRequest("POST", c.e.srv.URL+path, &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	res, err := c.http.Do(req)
	if err != nil {
		c.e.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	out := resp{Status: res.StatusCode, Header: res.Header, Body: raw}
	_ = json.Unmarshal(raw, &out.JSON)
	return out
}

// pngBytes is an opaque w×h PNG.
func pngBytes(t testing.TB, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = 200
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func jsonUnmarshal(b []byte, v any) error { return json.Unmarshal(b, v) }

// pngHeaderBytes is a PNG whose header claims w×h, with no pixels.
func pngHeaderBytes(w, h uint32) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8], ihdr[9] = 8, 6
	_ = binary.Write(&b, binary.BigEndian, uint32(len(ihdr)))
	chunk := append([]byte("IHDR"), ihdr...)
	b.Write(chunk)
	_ = binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(chunk))
	return b.Bytes()
}
