package realtime_test

import (
	"fmt"
	"slices"
	"sync"
	"testing"

	"agendo/internal/realtime"
)

func TestBrokerDeliversOnlyToTheUser(t *testing.T) {
	b := realtime.NewBroker()
	a1, a2, other := b.Subscribe("a", "a", "s1"), b.Subscribe("a", "a", "s2"), b.Subscribe("b", "b", "s3")
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
	s := b.Subscribe("a", "a", "s1")
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

// ended reports whether s has ended, taking what waits first.
func ended(s *realtime.Sub) bool {
	select {
	case <-s.Ready():
		_, open := s.Next()
		return !open
	default:
		return false
	}
}

// A session that ends closes its streams, and only its own: one session,
// every session but one, or every session of the user.
func TestBrokerEndsTheStreamsOfEndedSessions(t *testing.T) {
	for _, c := range []struct {
		name    string
		end     realtime.Ended
		endedOf []string // which of s1, s2, s3 end
	}{
		{"one session", realtime.Ended{Session: "s1"}, []string{"s1"}},
		{"all but one", realtime.Ended{Keep: "s2"}, []string{"s1", "s3"}},
		{"all", realtime.Ended{}, []string{"s1", "s2", "s3"}},
		{"an unknown session", realtime.Ended{Session: "s9"}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			b := realtime.NewBroker()
			subs := map[string]*realtime.Sub{}
			for _, id := range []string{"s1", "s2", "s3"} {
				subs[id] = b.Subscribe("a", "a", id)
			}
			other := b.Subscribe("b", "b", "s1") // another user's session with the same id
			b.EndSessions("a", c.end)
			for id, s := range subs {
				want := slices.Contains(c.endedOf, id)
				if got := ended(s); got != want {
					t.Errorf("%s ended: got %v, want %v", id, got, want)
				}
			}
			if ended(other) {
				t.Error("another user's stream ended")
			}
			if got, want := b.Count(), 4-len(c.endedOf); got != want {
				t.Errorf("count: got %d, want %d", got, want)
			}
		})
	}
}

// Events published while sessions end, from many goroutines, over several
// rounds: every stream of an ended session is closed and counted out, every
// other stream stays open and keeps receiving.
func TestBrokerEndsSessionsWhilePublishing(t *testing.T) {
	b := realtime.NewBroker()
	for round := range 10 {
		user := fmt.Sprint("u", round)
		var subs []*realtime.Sub
		for i := range 40 {
			subs = append(subs, b.Subscribe(user, user, fmt.Sprint("s", i%4)))
		}
		var wg sync.WaitGroup
		for range 8 {
			wg.Go(func() {
				for range 10 {
					b.Publish(user, realtime.Event{Type: "appointment.created"})
				}
			})
		}
		wg.Go(func() { b.EndSessions(user, realtime.Ended{Session: "s1"}) })
		wg.Go(func() { b.EndSessions(user, realtime.Ended{Session: "s3"}) })
		wg.Wait()
		for i, s := range subs {
			if open, want := drain(s), i%4 == 0 || i%4 == 2; open != want {
				t.Fatalf("round %d: stream %d of session s%d open %v, want %v", round, i, i%4, open, want)
			}
		}
		b.Publish(user, realtime.Event{Type: "plan.updated"})
		for i, s := range subs {
			if i%4 == 1 || i%4 == 3 {
				continue
			}
			<-s.Ready()
			if got, open := s.Next(); !open || len(got) != 1 || got[0].Type != "plan.updated" {
				t.Fatalf("round %d: stream %d after the end: %v (open %v)", round, i, got, open)
			}
		}
		b.EndSessions(user, realtime.Ended{})
	}
	if n := b.Count(); n != 0 {
		t.Errorf("count: got %d, want 0", n)
	}
}

// drain takes every event waiting on s and reports whether s is still open.
func drain(s *realtime.Sub) bool {
	for {
		select {
		case <-s.Ready():
			if _, open := s.Next(); !open {
				return false
			}
		default:
			return true
		}
	}
}

// A store's events reach every member's streams; ending one member's
// sessions closes only theirs, in every store they act in.
func TestBrokerServesATeam(t *testing.T) {
	b := realtime.NewBroker()
	owner, member := b.Subscribe("store", "owner", "s1"), b.Subscribe("store", "juliana", "s2")
	elsewhere := b.Subscribe("other-store", "juliana", "s3")
	b.Publish("store", realtime.Event{Type: "appointment.created", ID: "x"})
	for _, s := range []*realtime.Sub{owner, member} {
		<-s.Ready()
		if got, open := s.Next(); !open || len(got) != 1 {
			t.Errorf("got %v (open %v)", got, open)
		}
	}
	b.EndSessions("juliana", realtime.Ended{})
	for _, s := range []*realtime.Sub{member, elsewhere} {
		<-s.Ready()
		if _, open := s.Next(); open {
			t.Error("a removed member's stream is still open")
		}
	}
	if n := b.Count(); n != 1 {
		t.Errorf("count: got %d, want the owner's 1", n)
	}
}
