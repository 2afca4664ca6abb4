package realtime_test

import (
	"testing"

	"agendo/internal/realtime"
)

func TestBrokerDeliversOnlyToTheUser(t *testing.T) {
	b := realtime.NewBroker()
	a1, a2, other := b.Subscribe("a"), b.Subscribe("a"), b.Subscribe("b")
	b.Publish("a", realtime.Event{Type: "appointment.created", ID: "x"})
	for _, s := range []*realtime.Sub{a1, a2} {
		<-s.Ready()
		if got, open := s.Next(); !open || len(got) != 1 || got[0].ID != "x" {
			t.Errorf("got %v (open %v)", got, open)
		}
	}
	select {
	case <-other.Ready():
		got, _ := other.Next()
		t.Errorf("user b got a's events %v", got)
	default:
	}
	b.Unsubscribe(a1)
	b.Unsubscribe(a1)
	<-a1.Ready()
	if _, open := a1.Next(); open {
		t.Error("unsubscribed stream still open")
	}
	if n := b.Count(); n != 2 {
		t.Errorf("count: got %d, want 2", n)
	}
}

func TestBrokerDropsSlowSubscribers(t *testing.T) {
	b := realtime.NewBroker()
	s := b.Subscribe("a")
	for range realtime.Buffer + 1 {
		b.Publish("a", realtime.Event{Type: "t"})
	}
	n := 0
	for range s.Ready() {
		got, open := s.Next()
		if !open {
			break
		}
		n += len(got)
	}
	if n != realtime.Buffer {
		t.Errorf("got %d buffered events, want %d and then a closed stream", n, realtime.Buffer)
	}
	if b.Count() != 0 {
		t.Error("slow subscriber still counted")
	}
}
