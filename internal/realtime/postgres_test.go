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
	userOn2, otherOn2 := b2.Subscribe("u-1"), b2.Subscribe("u-2")
	userOn1 := b1.Subscribe("u-1")
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
