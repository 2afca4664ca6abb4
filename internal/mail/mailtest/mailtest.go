// Package mailtest runs a real SMTP listener on loopback for tests: it
// speaks enough of RFC 5321 for net/smtp and keeps what it receives.
package mailtest

import (
	"bufio"
	"net"
	"strings"
	"sync"
	"testing"
	"time"
)

// Mail is one received message.
type Mail struct {
	From string
	To   []string
	Data string // headers and body, CRLFs as received
}

// Server is an SMTP listener.
type Server struct {
	ln   net.Listener
	mu   sync.Mutex
	got  []Mail
	cond chan struct{}
	// refuse is how many messages are still to be refused (Refuse).
	refuse int
	// slow delays the answer to each message (Slow).
	slow time.Duration
}

// Slow makes the server take d to answer each message, as a distant one
// does: a client killed meanwhile leaves it received but unanswered.
func (s *Server) Slow(d time.Duration) {
	s.mu.Lock()
	s.slow = d
	s.mu.Unlock()
}

// Refuse answers the next n messages with a temporary failure (451), as
// a busy server does: they are not kept.
func (s *Server) Refuse(n int) {
	s.mu.Lock()
	s.refuse = n
	s.mu.Unlock()
}

// All returns every message received so far.
func (s *Server) All() []Mail {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Mail(nil), s.got...)
}

// Start listens on a random loopback port until the test ends.
func Start(tb testing.TB) *Server {
	tb.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	s := &Server{ln: ln, cond: make(chan struct{}, 1)}
	go s.accept()
	tb.Cleanup(func() { ln.Close() })
	return s
}

// URL is the AGENDO_SMTP_URL that reaches this server.
func (s *Server) URL() string {
	return "smtp://" + s.ln.Addr().String() + "?from=Agendo%20%3Cnao-responda@agendo.test%3E"
}

// Wait returns the nth message (1-based) once it has arrived, or fails the
// test after timeout.
func (s *Server) Wait(tb testing.TB, n int, timeout time.Duration) Mail {
	tb.Helper()
	deadline := time.After(timeout)
	for {
		s.mu.Lock()
		if len(s.got) >= n {
			m := s.got[n-1]
			s.mu.Unlock()
			return m
		}
		s.mu.Unlock()
		select {
		case <-s.cond:
		case <-deadline:
			tb.Fatalf("mailtest: message %d did not arrive within %s", n, timeout)
		}
	}
}

// Count is how many messages arrived so far.
func (s *Server) Count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.got)
}

func (s *Server) accept() {
	for {
		c, err := s.ln.Accept()
		if err != nil {
			return
		}
		go s.serve(c)
	}
}

func (s *Server) serve(c net.Conn) {
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(30 * time.Second))
	r := bufio.NewReader(c)
	say := func(line string) { _, _ = c.Write([]byte(line + "\r\n")) }
	say("220 mailtest ESMTP")
	var m Mail
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return
		}
		cmd := strings.ToUpper(strings.TrimSpace(line))
		switch {
		case strings.HasPrefix(cmd, "EHLO"), strings.HasPrefix(cmd, "HELO"):
			say("250-mailtest\r\n250 8BITMIME")
		case strings.HasPrefix(cmd, "MAIL FROM:"):
			m = Mail{From: addr(line)}
			say("250 OK")
		case strings.HasPrefix(cmd, "RCPT TO:"):
			m.To = append(m.To, addr(line))
			say("250 OK")
		case cmd == "DATA":
			say("354 End data with <CR><LF>.<CR><LF>")
			var b strings.Builder
			for {
				l, err := r.ReadString('\n')
				if err != nil {
					return
				}
				if l == ".\r\n" || l == ".\n" {
					break
				}
				b.WriteString(strings.TrimPrefix(l, "."))
			}
			m.Data = b.String()
			s.mu.Lock()
			slow := s.slow
			s.mu.Unlock()
			time.Sleep(slow)
			s.mu.Lock()
			refused := s.refuse > 0
			if refused {
				s.refuse--
			} else {
				s.got = append(s.got, m)
			}
			s.mu.Unlock()
			if refused {
				say("451 Try again later")
				continue
			}
			select {
			case s.cond <- struct{}{}:
			default:
			}
			say("250 OK: queued")
		case cmd == "RSET", cmd == "NOOP":
			say("250 OK")
		case cmd == "QUIT":
			say("221 Bye")
			return
		default:
			say("502 Command not implemented")
		}
	}
}

func addr(line string) string {
	i, j := strings.IndexByte(line, '<'), strings.LastIndexByte(line, '>')
	if i < 0 || j < i {
		return ""
	}
	return line[i+1 : j]
}
