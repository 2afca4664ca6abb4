package push_test

import (
	"context"
	"crypto/ecdh"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"agendo/internal/push"
	"agendo/internal/push/pushtest"
)

func TestAPushIsSignedEncryptedAndReadByTheBrowsersKey(t *testing.T) {
	svc := pushtest.Start(t)
	keys, err := push.GenerateKeys()
	if err != nil {
		t.Fatal(err)
	}
	again, err := push.ParseKeys(keys.Private())
	if err != nil || again.Public() != keys.Public() {
		t.Fatalf("keys do not read back: %v", err)
	}
	s := &push.Sender{Keys: again, Subject: "mailto:nao-responda@agendo.test", Local: true, Client: http.DefaultClient}
	sub := svc.Subscribe(t, keys.Public())
	payload := []byte(`{"title":"Amanhã 10:00 — Escova progressiva com Juliana no Salão Beleza Pura"}`)
	if err := s.Send(context.Background(), sub, push.Message{Payload: payload, TTL: time.Hour, Topic: "abc", Urgency: "normal"}); err != nil {
		t.Fatal(err)
	}
	got := svc.Wait(t, 1, time.Second)
	if string(got.Payload) != string(payload) || got.TTL != "3600" || got.Topic != "abc" || got.Subject != "mailto:nao-responda@agendo.test" {
		t.Errorf("got %+v", got)
	}
	svc.Forget(sub.Endpoint)
	if err := s.Send(context.Background(), sub, push.Message{Payload: payload}); !errors.Is(err, push.ErrGone) {
		t.Errorf("a revoked subscription: %v", err)
	}
	if err := s.Send(context.Background(), sub, push.Message{Payload: []byte(strings.Repeat("x", push.MaxPayload+1))}); err == nil {
		t.Error("an oversized payload was sent")
	}
	// Another server's key does not pass as this one's.
	other, _ := push.GenerateKeys()
	stranger := &push.Sender{Keys: other, Subject: "mailto:x@y", Local: true, Client: http.DefaultClient}
	if err := stranger.Send(context.Background(), svc.Subscribe(t, keys.Public()), push.Message{Payload: payload}); err == nil || errors.Is(err, push.ErrGone) {
		t.Errorf("a push signed by another key: %v", err)
	}
}

// The endpoint is whatever a browser sent: the default client reaches no
// address of the server's own network, and plain http is refused.
func TestPushesReachPublicAddressesOnly(t *testing.T) {
	svc := pushtest.Start(t)
	keys, _ := push.GenerateKeys()
	sub := svc.Subscribe(t, keys.Public())
	https := sub
	https.Endpoint = "https" + strings.TrimPrefix(sub.Endpoint, "http")
	if err := (&push.Sender{Keys: keys, Subject: "mailto:x@y"}).Send(context.Background(), https, push.Message{Payload: []byte("x")}); err == nil || !strings.Contains(err.Error(), "not a public address") {
		t.Errorf("a loopback endpoint: %v", err)
	}
	if err := (&push.Sender{Keys: keys, Subject: "mailto:x@y"}).Send(context.Background(), sub, push.Message{Payload: []byte("x")}); err == nil || !strings.Contains(err.Error(), "https") {
		t.Errorf("a plain http endpoint: %v", err)
	}
}

func TestSubscriptionCheck(t *testing.T) {
	for _, s := range []push.Subscription{
		{},
		{Endpoint: "javascript:alert(1)", P256dh: "x", Auth: "y"},
		{Endpoint: "https://push.example/1", P256dh: "AAAA", Auth: "AAAAAAAAAAAAAAAAAAAAAA"},
	} {
		if s.Check(true) == nil {
			t.Errorf("%+v passed", s)
		}
	}
}

// FuzzDecrypt reads arbitrary bodies as pushes: refused, never a panic.
func FuzzDecrypt(f *testing.F) {
	key, _ := ecdh.P256().GenerateKey(rand.Reader)
	sub := push.Subscription{Endpoint: "https://push.example/1", P256dh: base64.RawURLEncoding.EncodeToString(key.PublicKey().Bytes()),
		Auth: "AAAAAAAAAAAAAAAAAAAAAA"}
	good, _ := push.Encrypt(sub, []byte("olá"))
	f.Add(good)
	f.Add([]byte("not a push"))
	f.Fuzz(func(t *testing.T, body []byte) {
		_, _ = push.Decrypt(key, make([]byte, 16), body)
	})
}
