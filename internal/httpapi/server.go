// Package httpapi is Agendo's HTTP edge: the route table, JSON in and out,
// authentication of requests, the SPA and files. It never touches SQL.
package httpapi

import (
	"cmp"
	"context"
	"crypto/rand"
	"encoding/hex"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"agendo/internal/app"
	"agendo/internal/realtime"
)

// Server serves the API, the files and the SPA.
type Server struct {
	app     *app.App
	db      Database
	log     *slog.Logger
	spa     fs.FS
	secure  bool
	proxies []netip.Prefix
	metrics *metrics
	mux     *http.ServeMux
	routes  []Route
	broker  *realtime.Broker
	build   Build
	// maxStreams bounds one account's open event streams.
	maxStreams int
	// heartbeat is the interval of a stream's pings and session checks.
	heartbeat time.Duration
	// lastEvent is the event streams formatted last (sse.go).
	lastEvent atomic.Pointer[sentEvent]
	// openAPIJSON is the OpenAPI document, built on first request.
	openAPIJSON func() []byte
}

// Options configure a Server.
type Options struct {
	App    *app.App
	DB     Database
	Logger *slog.Logger
	// SPA is the built web app (index.html and assets); nil serves a note.
	SPA fs.FS
	// SecureCookies says the site is served over HTTPS (AGENDO_BASE_URL is
	// https): cookies are Secure and every answer carries HSTS.
	SecureCookies bool
	// TrustedProxies are the reverse proxies whose forwarding headers name
	// the caller; from any other peer those headers are ignored.
	TrustedProxies []netip.Prefix
	// Broker feeds the event streams; the App publishes into it.
	Broker *realtime.Broker
	// Build names the running build.
	Build Build
	// MaxStreamsPerUser bounds one account's open event streams on this
	// instance; zero means 16 (load tests raise it).
	MaxStreamsPerUser int
	// StreamHeartbeat is how often an event stream pings its client and
	// checks its session; zero means 25 s (tests shorten it).
	StreamHeartbeat time.Duration
}

// New builds the server and its route table.
func New(o Options) *Server {
	s := &Server{app: o.App, db: o.DB, log: o.Logger, spa: o.SPA, secure: o.SecureCookies, proxies: o.TrustedProxies, broker: o.Broker, build: o.Build,
		maxStreams: cmp.Or(o.MaxStreamsPerUser, defaultMaxStreamsPerUser), heartbeat: cmp.Or(o.StreamHeartbeat, sseHeartbeat)}
	if s.broker == nil {
		s.broker = realtime.NewBroker()
	}
	s.metrics = newMetrics(s.build, o.DB, s.broker)
	s.routes = s.routeTable()
	s.openAPIJSON = sync.OnceValue(s.openAPIDocument)
	s.mux = http.NewServeMux()
	for _, rt := range s.routes {
		s.mux.Handle(rt.Method+" "+rt.Pattern, s.guard(rt))
	}
	s.mux.Handle("/", s.spaHandler())
	return s
}

// Routes returns the route table (for the OpenAPI document and tests).
func (s *Server) Routes() []Route { return s.routes }

// Handler returns the whole HTTP handler with its middleware.
func (s *Server) Handler() http.Handler {
	return s.withRequestID(s.withLogging(s.withRecover(s.securityHeaders(s.withCleanInput(s.mux)))))
}

type ctxKey int

const (
	keyRequestID ctxKey = iota
	keyPrincipal
)

func requestID(ctx context.Context) string {
	id, _ := ctx.Value(keyRequestID).(string)
	return id
}

func principal(ctx context.Context) app.Principal {
	p, _ := ctx.Value(keyPrincipal).(app.Principal)
	return p
}

func (s *Server) withRequestID(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b := make([]byte, 8)
		_, _ = rand.Read(b)
		id := hex.EncodeToString(b)
		w.Header().Set("X-Request-Id", id)
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), keyRequestID, id)))
	})
}

// statusWriter remembers the status for logs and metrics and passes Flush
// through for streams.
type statusWriter struct {
	http.ResponseWriter
	status int
	bytes  int64
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(b)
	w.bytes += int64(n)
	return n, err
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func (w *statusWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// withLogging logs each request and records its metrics under its route
// (logRoute): never the path itself, whose values may be a client's phone
// or a customer's manage token, nor the query string or the caller's
// address.
func (s *Server) withLogging(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w}
		s.metrics.inFlight.Inc()
		aborted := true
		// Deferred: a download cut short ends its handler with
		// http.ErrAbortHandler, and is counted and logged all the same.
		defer func() {
			s.metrics.inFlight.Dec()
			if sw.status == 0 {
				sw.status = http.StatusOK
			}
			d := time.Since(start)
			route, method := logRoute(r), knownMethod(r.Method)
			s.metrics.observe(method, route, sw.status, d)
			level := slog.LevelInfo
			switch {
			case sw.status >= 500:
				level = slog.LevelError
			case aborted: // why was logged where it happened
				level = slog.LevelWarn
			}
			attrs := []slog.Attr{
				slog.String("request_id", requestID(r.Context())),
				slog.String("method", method),
				slog.String("route", route),
				slog.Int("status", sw.status),
				slog.Int64("bytes", sw.bytes),
				slog.Duration("duration", d),
			}
			if aborted {
				attrs = append(attrs, slog.Bool("aborted", true))
			}
			s.log.LogAttrs(r.Context(), level, "request", attrs...)
		}()
		next.ServeHTTP(sw, r)
		aborted = false
	})
}

// knownMethod is r.Method when it is a standard one, else "OTHER": a
// client may send any token as a method, and metrics keep one series per
// label.
func knownMethod(m string) string {
	switch m {
	case "GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS":
		return m
	}
	return "OTHER"
}

// spaSections are the web app's top-level paths a log may name.
var spaSections = map[string]bool{"dashboard": true, "login": true, "register": true,
	"forgot-password": true, "reset-password": true}

// logRoute names what r asked for without any value of its path: the route
// pattern ("/api/v1/clients/{phone}"), or for the web app its page family
// ("/store/{slug}", "/dashboard/*", "/assets/*").
func logRoute(r *http.Request) string {
	if r.Pattern != "" && r.Pattern != "/" {
		_, pattern, _ := strings.Cut(r.Pattern, " ")
		return pattern
	}
	p := r.URL.Path
	for _, pg := range publicPages {
		if strings.HasPrefix(p, pg.prefix) {
			return pg.prefix + "{" + pg.param + "}"
		}
	}
	section, _, deeper := strings.Cut(strings.TrimPrefix(p, "/"), "/")
	switch {
	case p == "/":
		return "/"
	case section == "api" || section == "files" || section == "assets":
		return "/" + section + "/*"
	case spaSections[section] && !deeper:
		return "/" + section
	case spaSections[section]:
		return "/" + section + "/*"
	case !deeper && isWebFile(section):
		return "/" + section
	}
	return "/*"
}

// isWebFile reports whether name is one of the web app's fixed root files
// (robots.txt, icon.svg, manifest.webmanifest …).
func isWebFile(name string) bool {
	switch name {
	case "robots.txt", "icon.svg", "favicon.ico", "manifest.webmanifest", "index.html", "apple-touch-icon.png",
		"icon-192.png", "icon-512.png", "icon-maskable-512.png", "icon-maskable.svg":
		return true
	}
	return false
}

func (s *Server) withRecover(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.log.ErrorContext(r.Context(), "panic", "value", v, "stack", string(debug.Stack()),
					"request_id", requestID(r.Context()))
				s.writeError(w, r, errPanic)
			}
		}()
		next.ServeHTTP(w, r)
	})
}

type panicError struct{}

func (panicError) Error() string { return "panic" }

var errPanic error = panicError{}

// contentSecurityPolicy allows no inline script anywhere. Inline styles are
// allowed because the toaster injects its stylesheet at run time.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; " +
	"frame-src https://calendar.google.com https://www.google.com; manifest-src 'self'; " +
	"object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

func (s *Server) securityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", contentSecurityPolicy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
		if s.secure || r.TLS != nil {
			h.Set("Strict-Transport-Security", "max-age=31536000; includeSubDomains")
		}
		next.ServeHTTP(w, r)
	})
}

// clientIP is the caller's address: the connection's peer, or, when the
// peer is a trusted proxy, the address its forwarding header names. The
// header is read right to left, skipping our own proxies, so an address a
// client wrote into it itself is never believed (it would dodge rate
// limits).
func (s *Server) clientIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	peer, err := netip.ParseAddr(host)
	if err != nil || !s.trusted(peer) {
		return host
	}
	hops := forwardedFor(r.Header)
	for i := len(hops) - 1; i >= 0; i-- {
		a, ok := parseHop(hops[i])
		if !ok {
			break // garbage: believe no further than our last proxy
		}
		if !s.trusted(a) {
			return a.String()
		}
		peer = a
	}
	return peer.String()
}

func (s *Server) trusted(a netip.Addr) bool {
	a = a.Unmap()
	for _, p := range s.proxies {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// forwardedFor lists the addresses of X-Forwarded-For, nearest last. Only
// that header is read, the one every common proxy writes: a proxy that
// writes one forwarding header passes the others through from the client,
// so believing a second one would let a client name itself.
func forwardedFor(h http.Header) []string {
	var hops []string
	for _, v := range h.Values("X-Forwarded-For") {
		for _, hop := range strings.Split(v, ",") {
			hops = append(hops, strings.TrimSpace(hop))
		}
	}
	return hops
}

// parseHop reads one hop: an address, "[v6]:port", "v4:port" or "[v6]".
func parseHop(s string) (netip.Addr, bool) {
	if a, err := netip.ParseAddr(s); err == nil {
		return a.Unmap(), true
	}
	if ap, err := netip.ParseAddrPort(s); err == nil {
		return ap.Addr().Unmap(), true
	}
	if a, err := netip.ParseAddr(strings.Trim(s, "[]")); err == nil && strings.HasPrefix(s, "[") {
		return a.Unmap(), true
	}
	return netip.Addr{}, false
}

// bearer extracts the token of an "Authorization: Bearer …" header.
func bearer(r *http.Request) string {
	h := r.Header.Get("Authorization")
	if len(h) > 7 && strings.EqualFold(h[:7], "bearer ") {
		return strings.TrimSpace(h[7:])
	}
	return ""
}
