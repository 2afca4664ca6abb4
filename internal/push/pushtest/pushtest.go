// Package pushtest runs a push service double on loopback for tests: it
// hands out subscriptions whose private keys it keeps, checks each push's
// VAPID token, decrypts it as the browser would, and keeps what it read.
package pushtest

import (
	"crypto/ecdh"
	"crypto/rand"
	"encoding/base64"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"agendo/internal/push"
)

// Push is one message the double received.
type Push struct {
	Endpoint string
	Payload  []byte
	TTL      string
	Topic    string
	Urgency  string
	Subject  string // the VAPID token's sub
}

// Service is the double.
type Service struct {
	srv  *httptest.Server
	mu   sync.Mutex
	keys map[string]browser // by endpoint
	gone map[string]bool
	got  []Push
	cond chan struct{}
}

type browser struct {
	key    *ecdh.PrivateKey
	auth   []byte
	server string // the applicationServerKey it subscribed with
}

// Start runs the double until the test ends.
func Start(tb testing.TB) *Service {
	tb.Helper()
	s := &Service{keys: map[string]browser{}, gone: map[string]bool{}, cond: make(chan struct{}, 1)}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	tb.Cleanup(s.srv.Close)
	return s
}

// Subscribe makes a subscription for the application server whose public
// key is serverKey, as a browser's PushManager would: pushes signed with
// another key are refused (403), as push services do.
func (s *Service) Subscribe(tb testing.TB, serverKey string) push.Subscription {
	tb.Helper()
	key, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		tb.Fatal(err)
	}
	auth := make([]byte, 16)
	_, _ = rand.Read(auth)
	id := make([]byte, 12)
	_, _ = rand.Read(id)
	endpoint := s.srv.URL + "/push/" + base64.RawURLEncoding.EncodeToString(id)
	s.mu.Lock()
	s.keys[endpoint] = browser{key, auth, serverKey}
	s.mu.Unlock()
	b64 := base64.RawURLEncoding
	return push.Subscription{Endpoint: endpoint, P256dh: b64.EncodeToString(key.PublicKey().Bytes()), Auth: b64.EncodeToString(auth)}
}

// Forget makes the service answer 410 Gone for endpoint, as when the
// person revoked the permission.
func (s *Service) Forget(endpoint string) {
	s.mu.Lock()
	s.gone[endpoint] = true
	s.mu.Unlock()
}

// All returns what arrived so far.
func (s *Service) All() []Push {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Push(nil), s.got...)
}

// Wait returns the nth push (1-based) once it arrived, or fails the test.
func (s *Service) Wait(tb testing.TB, n int, timeout time.Duration) Push {
	tb.Helper()
	deadline := time.After(timeout)
	for {
		if all := s.All(); len(all) >= n {
			return all[n-1]
		}
		select {
		case <-s.cond:
		case <-deadline:
			tb.Fatalf("pushtest: push %d did not arrive within %s", n, timeout)
		}
	}
}

func (s *Service) serve(w http.ResponseWriter, r *http.Request) {
	endpoint := s.srv.URL + r.URL.Path
	s.mu.Lock()
	b, known := s.keys[endpoint]
	gone := s.gone[endpoint]
	s.mu.Unlock()
	switch {
	case r.Method != http.MethodPost:
		http.Error(w, "method", http.StatusMethodNotAllowed)
		return
	case !known:
		http.Error(w, "unknown subscription", http.StatusNotFound)
		return
	case gone:
		http.Error(w, "gone", http.StatusGone)
		return
	case r.Header.Get("Content-Encoding") != "aes128gcm" || r.Header.Get("TTL") == "":
		http.Error(w, "headers", http.StatusBadRequest)
		return
	}
	auth := r.Header.Get("Authorization")
	t, k, ok := strings.Cut(strings.TrimPrefix(auth, "vapid t="), ", k=")
	if !ok {
		http.Error(w, "no vapid", http.StatusUnauthorized)
		return
	}
	claims, err := push.VerifyToken(t, k)
	if err != nil || k != b.server || claims["aud"] != s.srv.URL || claims["exp"] == nil {
		http.Error(w, "bad vapid", http.StatusForbidden)
		return
	}
	body, _ := io.ReadAll(io.LimitReader(r.Body, 8192))
	payload, err := push.Decrypt(b.key, b.auth, body)
	if err != nil {
		http.Error(w, "cannot decrypt: "+err.Error(), http.StatusBadRequest)
		return
	}
	sub, _ := claims["sub"].(string)
	s.mu.Lock()
	s.got = append(s.got, Push{Endpoint: endpoint, Payload: payload, TTL: r.Header.Get("TTL"), Topic: r.Header.Get("Topic"),
		Urgency: r.Header.Get("Urgency"), Subject: sub})
	s.mu.Unlock()
	select {
	case s.cond <- struct{}{}:
	default:
	}
	w.WriteHeader(http.StatusCreated)
}
