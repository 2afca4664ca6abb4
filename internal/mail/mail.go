// Package mail sends Agendo's transactional email over SMTP, or writes it to
// the log when no SMTP server is configured.
package mail

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"log/slog"
	"mime"
	"net"
	"net/smtp"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// Message is one email: plain text, and when HTML is set, the same in
// HTML as its alternative. ID, when set, is its Message-ID's local part
// (the same message sent again keeps it, so a mailbox can tell the two
// are one), and Unsubscribe the address that stops such messages
// (List-Unsubscribe, with RFC 8058's one click).
type Message struct {
	To          string
	Subject     string
	Body        string
	HTML        string
	ID          string
	Unsubscribe string
}

// Sender delivers messages.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// SMTP sends through one server, configured by a URL:
// smtp://user:pass@host:587?from=Agendo%20%3Cnao-responda@exemplo.com%3E
// (STARTTLS when the server offers it) or smtps://… (TLS from the start).
type SMTP struct {
	addr     string
	host     string
	from     string
	fromAddr string
	auth     smtp.Auth
	implicit bool
}

// NewSMTP parses an SMTP URL.
func NewSMTP(raw string) (*SMTP, error) {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "smtp" && u.Scheme != "smtps") || u.Hostname() == "" {
		return nil, errors.New("AGENDO_SMTP_URL must look like smtp://user:pass@host:587?from=nao-responda@exemplo.com")
	}
	s := &SMTP{host: u.Hostname(), implicit: u.Scheme == "smtps"}
	port := u.Port()
	if port == "" {
		port = map[bool]string{true: "465", false: "587"}[s.implicit]
	}
	s.addr = net.JoinHostPort(s.host, port)
	s.from = u.Query().Get("from")
	if s.from == "" {
		s.from = "Agendo <nao-responda@" + s.host + ">"
	}
	s.fromAddr = s.from
	if i, j := strings.LastIndexByte(s.from, '<'), strings.LastIndexByte(s.from, '>'); i >= 0 && j > i {
		s.fromAddr = s.from[i+1 : j]
	}
	if u.User != nil {
		pass, _ := u.User.Password()
		s.auth = smtp.PlainAuth("", u.User.Username(), pass, s.host)
	}
	return s, nil
}

// Send delivers m, giving up after 30 s.
func (s *SMTP) Send(ctx context.Context, m Message) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", s.addr)
	if err != nil {
		return fmt.Errorf("smtp dial: %w", err)
	}
	if dl, ok := ctx.Deadline(); ok {
		_ = conn.SetDeadline(dl)
	}
	if s.implicit {
		conn = tls.Client(conn, &tls.Config{ServerName: s.host, MinVersion: tls.VersionTLS12})
	}
	c, err := smtp.NewClient(conn, s.host)
	if err != nil {
		conn.Close()
		return fmt.Errorf("smtp hello: %w", err)
	}
	defer c.Close()
	if ok, _ := c.Extension("STARTTLS"); ok && !s.implicit {
		if err := c.StartTLS(&tls.Config{ServerName: s.host, MinVersion: tls.VersionTLS12}); err != nil {
			return fmt.Errorf("smtp starttls: %w", err)
		}
	}
	if s.auth != nil {
		if err := c.Auth(s.auth); err != nil {
			return fmt.Errorf("smtp auth: %w", err)
		}
	}
	if err := c.Mail(s.fromAddr); err != nil {
		return fmt.Errorf("smtp mail from: %w", err)
	}
	if err := c.Rcpt(m.To); err != nil {
		return fmt.Errorf("smtp rcpt: %w", err)
	}
	w, err := c.Data()
	if err != nil {
		return fmt.Errorf("smtp data: %w", err)
	}
	if _, err := w.Write(format(s.from, m)); err != nil {
		return fmt.Errorf("smtp write: %w", err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("smtp end data: %w", err)
	}
	return c.Quit()
}

// format builds the message; the SMTP data writer adds CRLFs and dot-stuffing.
func format(from string, m Message) []byte {
	var b strings.Builder
	b.WriteString("From: " + from + "\n")
	b.WriteString("To: " + m.To + "\n")
	b.WriteString("Subject: " + mime.QEncoding.Encode("utf-8", m.Subject) + "\n")
	b.WriteString("Date: " + time.Now().Format(time.RFC1123Z) + "\n")
	if m.ID != "" {
		b.WriteString("Message-ID: <" + m.ID + "@" + domainOf(from) + ">\n")
	}
	if m.Unsubscribe != "" {
		b.WriteString("List-Unsubscribe: <" + m.Unsubscribe + ">\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\n")
	}
	b.WriteString("MIME-Version: 1.0\n")
	text := strings.ReplaceAll(m.Body, "\r\n", "\n")
	if m.HTML == "" {
		b.WriteString("Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\n")
		b.WriteString(text)
		return []byte(b.String())
	}
	boundary := "agendo-" + strconv.FormatInt(time.Now().UnixNano(), 36)
	b.WriteString("Content-Type: multipart/alternative; boundary=\"" + boundary + "\"\n\n")
	for _, part := range []struct{ kind, body string }{{"text/plain", text}, {"text/html", strings.ReplaceAll(m.HTML, "\r\n", "\n")}} {
		b.WriteString("--" + boundary + "\nContent-Type: " + part.kind + "; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\n")
		b.WriteString(part.body + "\n")
	}
	b.WriteString("--" + boundary + "--\n")
	return []byte(b.String())
}

// domainOf is the domain of the address in from ("Agendo <x@d>" or "x@d").
func domainOf(from string) string {
	if i := strings.LastIndexByte(from, '@'); i >= 0 {
		return strings.TrimRight(from[i+1:], ">")
	}
	return "agendo"
}

// Log "sends" by writing the message body to the log: for running locally
// without an SMTP server. The recipient is not logged.
type Log struct{ Logger *slog.Logger }

// Send logs m.
func (l Log) Send(_ context.Context, m Message) error {
	l.Logger.Info("email not sent: no AGENDO_SMTP_URL configured", "subject", m.Subject, "body", m.Body)
	return nil
}
