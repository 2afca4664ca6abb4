package httpapi

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"agendo/internal/domain"
)

// SSE timings (DESIGN.md section 6).
const (
	sseHeartbeat   = 25 * time.Second
	sseMaxLifetime = time.Hour
	// defaultMaxStreamsPerUser bounds one account's open streams on an
	// instance: a salon's phones, tablets and tabs, with room to spare.
	defaultMaxStreamsPerUser = 16
)

// GET /api/v1/events
//
// A Server-Sent Events stream of the caller's changes. The first event is
// "connected"; a comment every 25 s keeps proxies from closing it; after an
// hour, or when the subscriber falls behind, or at shutdown, the stream ends
// and the client reconnects.
func (s *Server) handleEvents(w http.ResponseWriter, r *http.Request) {
	sub, ok := s.broker.TrySubscribe(principal(r.Context()).UserID, s.maxStreams)
	if !ok {
		s.writeError(w, r, &domain.Error{Code: domain.CodeRateLimited, RetryAfterSeconds: 30,
			Message: "Muitas janelas do Agendo abertas ao mesmo tempo. Feche algumas e tente de novo."})
		return
	}
	defer s.broker.Unsubscribe(sub)
	rc := http.NewResponseController(w)
	h := w.Header()
	h.Set("Content-Type", "text/event-stream; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	_ = rc.SetWriteDeadline(time.Time{}) // a stream outlives the server's write timeout
	w.WriteHeader(http.StatusOK)
	fmt.Fprint(w, "event: connected\ndata: {}\n\n")
	if err := rc.Flush(); err != nil {
		return
	}
	beat := time.NewTicker(sseHeartbeat)
	defer beat.Stop()
	end := time.NewTimer(sseMaxLifetime)
	defer end.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-end.C:
			return
		case <-beat.C:
			fmt.Fprint(w, ": ping\n\n")
		case e, ok := <-sub.C:
			if !ok {
				return
			}
			data, _ := json.Marshal(e)
			fmt.Fprintf(w, "event: %s\ndata: %s\n\n", e.Type, data)
		}
		if err := rc.Flush(); err != nil {
			return
		}
	}
}
