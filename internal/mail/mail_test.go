package mail_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"agendo/internal/mail"
	"agendo/internal/mail/mailtest"
)

func TestSMTPDeliversOverARealConversation(t *testing.T) {
	srv := mailtest.Start(t)
	s, err := mail.NewSMTP(srv.URL())
	if err != nil {
		t.Fatal(err)
	}
	body := "Olá!\n.linha que começa com ponto\nfim"
	if err := s.Send(context.Background(), mail.Message{To: "ana@example.com", Subject: "Redefinição de senha", Body: body}); err != nil {
		t.Fatal(err)
	}
	m := srv.Wait(t, 1, 5*time.Second)
	if m.From != "nao-responda@agendo.test" || len(m.To) != 1 || m.To[0] != "ana@example.com" {
		t.Errorf("envelope: got from %q to %v", m.From, m.To)
	}
	if !strings.Contains(m.Data, "Subject: =?utf-8?q?Redefini=C3=A7=C3=A3o_de_senha?=") {
		t.Errorf("subject not Q-encoded UTF-8: %q", m.Data)
	}
	if !strings.Contains(m.Data, "\r\n.linha que começa com ponto\r\n") {
		t.Errorf("dot-stuffed line not restored: %q", m.Data)
	}
}

func TestNewSMTPRejectsBadURLs(t *testing.T) {
	for _, raw := range []string{"", "http://x", "smtp://", "::"} {
		if _, err := mail.NewSMTP(raw); err == nil {
			t.Errorf("NewSMTP(%q): got nil error", raw)
		}
	}
}
