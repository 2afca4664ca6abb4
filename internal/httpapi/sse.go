package httpapi

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"time"

	"agendo/internal/app"
	"agendo/internal/domain"
	"agendo/internal/realtime"
)

// SSE timings (DESIGN.md section 6).
const (
	sseHeartbeat   = 25 * time.Second
	sseMaxLifetime = time.Hour
	// sseWriteTimeout drops a client that has stopped reading: its events
	// wait in its subscription's buffer meanwhile.
	sseWriteTimeout = 10 * time.Second
	// defaultMaxStreamsPerUser bounds one account's open streams on an
	// instance: a salon's phones, tablets and tabs, with room to spare.
	defaultMaxStreamsPerUser = 16
)

var (
	sseConnected = []byte("event: connected\ndata: {}\n\n")
	ssePing      = []byte(": ping\n\n")
)

// GET /api/v1/events
//
// A Server-Sent Events stream of the caller's changes. The first event is
// "connected"; a comment every 25 s keeps proxies from closing it; after an
// hour, or when the subscriber falls behind, or at shutdown, the stream ends
// and the client reconnects. It belongs to the caller's session: when that
// ends (signed out, revoked, locked, idle) the stream closes — at once on
// the broker's word, at the latest at its next heartbeat, which checks the
// session — and the reconnection meets 401.
//
// An idle stream must cost little (DESIGN.md section 12: 10,000 open
// dashboards on one instance). Over HTTP/1.1 the handler takes the
// connection over and returns, so the request's goroutine, its grown stack
// and net/http's buffers are freed: what stays is the connection, one
// goroutine that writes events and one that notices the client leaving,
// both with small stacks. Where the connection cannot be taken over
// (HTTP/2), the handler's goroutine serves the stream itself.
func (s *Server) handleEvents(w http.ResponseWriter, r *http.Request) {
	p := principal(r.Context())
	sub, ok := s.broker.TrySubscribe(realtime.Who{Store: p.StoreID, User: p.UserID, Session: p.SessionID, Professional: p.Scope()}, s.maxStreams)
	if !ok {
		s.writeError(w, r, &domain.Error{Code: domain.CodeRateLimited, RetryAfterSeconds: 30,
			Message: "Muitas janelas do Agendo abertas ao mesmo tempo. Feche algumas e tente de novo."})
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/event-stream; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	rc := http.NewResponseController(w)
	conn, rw, err := rc.Hijack()
	if err != nil {
		defer s.broker.Unsubscribe(sub)
		_ = rc.SetWriteDeadline(time.Time{}) // a stream outlives the server's write timeout
		w.WriteHeader(http.StatusOK)
		write := func(p []byte) error {
			if _, err := w.Write(p); err != nil {
				return err
			}
			return rc.Flush()
		}
		if write(sseConnected) == nil {
			s.stream(p, sub, write, r.Context().Done())
		}
		return
	}
	// The body ends when the connection does: no length, no chunks.
	h.Set("Connection", "close")
	_ = conn.SetDeadline(time.Time{})
	rw.WriteString("HTTP/1.1 200 OK\r\n")
	h.Write(rw)
	rw.WriteString("\r\n")
	rw.Write(sseConnected)
	_ = conn.SetWriteDeadline(time.Now().Add(sseWriteTimeout))
	if err := rw.Flush(); err != nil {
		s.broker.Unsubscribe(sub)
		conn.Close()
		return
	}
	gone := make(chan struct{})
	go awaitHangUp(conn, gone)
	go func() {
		defer conn.Close()
		defer s.broker.Unsubscribe(sub)
		s.stream(p, sub, func(b []byte) error {
			_ = conn.SetWriteDeadline(time.Now().Add(sseWriteTimeout))
			_, err := conn.Write(b)
			return err
		}, gone)
	}()
}

// awaitHangUp closes gone when the client closes conn (or conn is closed
// here): a client sends nothing on a stream, so a read ends only then.
func awaitHangUp(conn net.Conn, gone chan<- struct{}) {
	var b [1]byte
	for {
		if _, err := conn.Read(b[:]); err != nil {
			break
		}
	}
	close(gone)
}

// stream writes sub's events with write until the client leaves (gone),
// the stream has lived sseMaxLifetime, a write fails, p's session has ended,
// or the broker closes sub (it fell behind, its session ended, or the server
// is stopping).
func (s *Server) stream(p app.Principal, sub *realtime.Sub, write func([]byte) error, gone <-chan struct{}) {
	// One timer a stream: it beats, and the stream ends at the first beat
	// past its lifetime.
	opened := time.Now()
	beat := time.NewTimer(s.heartbeat)
	defer beat.Stop()
	for {
		select {
		case <-gone:
			return
		case <-beat.C:
			if time.Since(opened) >= sseMaxLifetime || !s.sessionLive(p) {
				return
			}
			beat.Reset(s.heartbeat)
			if write(ssePing) != nil {
				return
			}
		case <-sub.Ready():
			events, open := sub.Next()
			if !open {
				return
			}
			for _, e := range events {
				if write(s.sseEvent(e)) != nil {
					return
				}
			}
		}
	}
}

// sessionLive checks a stream's session at its heartbeat, so a session that
// ended without the broker hearing of it (a message lost between instances,
// an idle session's expiry) ends its streams within one heartbeat. When the
// database cannot say, the stream goes on until the next beat.
func (s *Server) sessionLive(p app.Principal) bool {
	ctx, cancel := context.WithTimeout(context.Background(), sseWriteTimeout)
	defer cancel()
	live, err := s.app.SessionLive(ctx, p)
	if err != nil {
		s.log.Warn("event stream: session check failed", "err", err)
		return true
	}
	return live
}

// sentEvent is an event as a stream sends it.
type sentEvent struct {
	e   realtime.Event
	msg []byte
}

// sseEvent formats e for a stream. The last one formatted is kept: a
// fan-out to an owner's streams formats it once, not once a stream. The
// bytes are shared: writers never modify them.
func (s *Server) sseEvent(e realtime.Event) []byte {
	if last := s.lastEvent.Load(); last != nil && last.e == e {
		return last.msg
	}
	data, _ := json.Marshal(e)
	msg := append(append(append(append([]byte("event: "), e.Type...), "\ndata: "...), data...), "\n\n"...)
	s.lastEvent.Store(&sentEvent{e: e, msg: msg})
	return msg
}
