package realtime

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
)

// channel is the PostgreSQL NOTIFY channel of Agendo's events.
const channel = "agendo_events"

// wire is one notification: an event for a store (UserID is the store's
// id, its owner's user id, as it was before teams), or the end of some of
// a person's sessions.
type wire struct {
	UserID string `json:"u,omitempty"`
	Event  Event  `json:"e"`
	// End closes streams instead of delivering an event. It carries its own
	// user id, and "u" stays empty, so an instance of an earlier version
	// (during a rolling upgrade) ignores it rather than sending an empty
	// event.
	End *endWire `json:"end,omitempty"`
}

type endWire struct {
	UserID string `json:"u"`
	Ended
}

// deliver hands w to this instance's streams.
func (p *Postgres) deliver(w wire) {
	switch {
	case w.End != nil && w.End.UserID != "":
		p.local.EndSessions(w.End.UserID, w.End.Ended)
	case w.UserID != "":
		p.local.Publish(w.UserID, w.Event)
	}
}

// Postgres publishes events through PostgreSQL NOTIFY, and delivers what
// any instance notified to this instance's broker, so several instances
// behind a load balancer share their events without another server.
type Postgres struct {
	url    string
	local  *Broker
	log    *slog.Logger
	notify chan wire
}

// NewPostgres bridges local to the database at url.
func NewPostgres(url string, local *Broker, log *slog.Logger) *Postgres {
	return &Postgres{url: url, local: local, log: log, notify: make(chan wire, 1024)}
}

// Publish queues e for NOTIFY; it never blocks a request. When the queue is
// full the event is delivered locally only (clients also refetch on
// reconnect).
func (p *Postgres) Publish(storeID string, e Event) {
	p.queue(wire{UserID: storeID, Event: e})
}

// EndSessions closes, on every instance, userID's streams of the sessions e
// names. Like Publish it never blocks; when the queue is full only this
// instance hears it, and the other instances' streams end at their next
// check of the session.
func (p *Postgres) EndSessions(userID string, e Ended) {
	p.queue(wire{End: &endWire{UserID: userID, Ended: e}})
}

func (p *Postgres) queue(w wire) {
	select {
	case p.notify <- w:
	default:
		p.log.Warn("realtime: notify queue full; delivering locally only")
		p.deliver(w)
	}
}

// Run listens and notifies until ctx ends, reconnecting with backoff.
// ready, when not nil, is closed once the first LISTEN is in place.
func (p *Postgres) Run(ctx context.Context, ready chan<- struct{}) {
	backoff := 200 * time.Millisecond
	for ctx.Err() == nil {
		err := p.session(ctx, ready)
		ready = nil
		if ctx.Err() != nil {
			return
		}
		p.log.Error("realtime: postgres bridge lost; reconnecting", "err", err, "in", backoff)
		select {
		case <-ctx.Done():
			return
		case <-time.After(backoff):
		}
		backoff = min(backoff*2, 10*time.Second)
	}
}

// session holds two connections: one that LISTENs, one that NOTIFYs.
func (p *Postgres) session(ctx context.Context, ready chan<- struct{}) error {
	listen, err := pgx.Connect(ctx, p.url)
	if err != nil {
		return err
	}
	defer listen.Close(context.WithoutCancel(ctx))
	send, err := pgx.Connect(ctx, p.url)
	if err != nil {
		return err
	}
	defer send.Close(context.WithoutCancel(ctx))
	if _, err := listen.Exec(ctx, "LISTEN "+channel); err != nil {
		return err
	}
	if ready != nil {
		close(ready)
	}
	// The sender ends before the connections close (the defers below run
	// first), and a failed send ends the wait for notifications.
	sctx, cancel := context.WithCancel(ctx)
	errc := make(chan error, 1)
	done := make(chan struct{})
	defer func() {
		cancel()
		<-done
	}()
	go func() {
		defer close(done)
		for {
			select {
			case <-sctx.Done():
				return
			case w := <-p.notify:
				payload, _ := json.Marshal(w)
				if _, err := send.Exec(sctx, "SELECT pg_notify($1, $2)", channel, string(payload)); err != nil {
					p.deliver(w) // at least this instance's streams hear it
					errc <- err
					cancel()
					return
				}
			}
		}
	}()
	for {
		n, err := listen.WaitForNotification(sctx)
		if err != nil {
			select {
			case e := <-errc:
				return errors.Join(err, e)
			default:
				return err
			}
		}
		var w wire
		if json.Unmarshal([]byte(n.Payload), &w) == nil {
			p.deliver(w)
		}
	}
}
