package realtime_test

import (
	"context"
	"io"
	"log/slog"
	"os"
	"testing"
	"time"

	"agendo/internal/realtime"
)

// Two instances sharing one PostgreSQL: an event published on one reaches
// the other's subscribers (and only the right user's).
func TestPostgresBridgeCrossesInstances(t *testing.T) {
	url := os.Getenv("AGENDO_TEST_DATABASE_URL")
	if url == "" {
		t.Skip("AGENDO_TEST_DATABASE_URL not set")
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	b1, b2 := realtime.NewBroker(), realtime.NewBroker()
	p1, p2 := realtime.NewPostgres(url, b1, log), realtime.NewPostgres(url, b2, log)
	r1, r2 := make(chan struct{}), make(chan struct{})
	go p1.Run(ctx, r1)
	go p2.Run(ctx, r2)
	<-r1
	<-r2
	userOn2, otherOn2 := b2.Subscribe("u-1", "u-1", "s-1"), b2.Subscribe("u-2", "u-2", "s-2")
	userOn1 := b1.Subscribe("u-1", "u-1", "s-1")
	p1.Publish("u-1", realtime.Event{Type: "appointment.created", ID: "a-1"})
	for name, s := range map[string]*realtime.Sub{"instance 2": userOn2, "instance 1": userOn1} {
		select {
		case <-s.Ready():
			if got, _ := s.Next(); len(got) != 1 || got[0].ID != "a-1" || got[0].Type != "appointment.created" {
				t.Errorf("%s: got %v", name, got)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: no event within 5 s", name)
		}
	}
	select {
	case <-otherOn2.Ready():
		e, _ := otherOn2.Next()
		t.Errorf("another user got %v", e)
	case <-time.After(100 * time.Millisecond):
	}
}

// A session ended on one instance closes its streams on the other, and only
// its own: the message crosses through the same NOTIFY channel as events.
func TestPostgresBridgeEndsSessionsOnEveryInstance(t *testing.T) {
	url := os.Getenv("AGENDO_TEST_DATABASE_URL")
	if url == "" {
		t.Skip("AGENDO_TEST_DATABASE_URL not set")
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	b1, b2 := realtime.NewBroker(), realtime.NewBroker()
	p1, p2 := realtime.NewPostgres(url, b1, log), realtime.NewPostgres(url, b2, log)
	r1, r2 := make(chan struct{}), make(chan struct{})
	go p1.Run(ctx, r1)
	go p2.Run(ctx, r2)
	<-r1
	<-r2
	revokedOn2, keptOn2, otherUserOn2 := b2.Subscribe("u-1", "u-1", "s-1"), b2.Subscribe("u-1", "u-1", "s-2"), b2.Subscribe("u-2", "u-2", "s-1")
	revokedOn1 := b1.Subscribe("u-1", "u-1", "s-1")
	p1.EndSessions("u-1", realtime.Ended{Session: "s-1"})
	for name, s := range map[string]*realtime.Sub{"instance 2": revokedOn2, "instance 1": revokedOn1} {
		select {
		case <-s.Ready():
			if got, open := s.Next(); open {
				t.Errorf("%s: the ended session's stream is open (got %v)", name, got)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: the stream did not end within 5 s", name)
		}
	}
	// The end and a later event travel in order: the kept streams hear the
	// event, so by then they would have heard a wrong end too.
	p1.Publish("u-1", realtime.Event{Type: "plan.updated", ID: "u-1"})
	p1.Publish("u-2", realtime.Event{Type: "plan.updated", ID: "u-2"})
	for name, s := range map[string]*realtime.Sub{"another session": keptOn2, "another user": otherUserOn2} {
		select {
		case <-s.Ready():
			if got, open := s.Next(); !open || len(got) != 1 {
				t.Errorf("%s: got %v (open %v)", name, got, open)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: no event within 5 s", name)
		}
	}
	if n := b2.Count(); n != 2 {
		t.Errorf("instance 2 count: got %d, want 2", n)
	}
}
