// Package realtime fans events out to a user's open streams. Events carry
// only a type and an id; clients answer by refetching what changed.
package realtime

import "sync"

// Event is one change, e.g. {appointment.created, <id>}.
type Event struct {
	Type string `json:"type"`
	ID   string `json:"id"`
}

// Buffer is how many events a subscriber may fall behind before it is
// disconnected (it reconnects and refetches). Each open stream holds a
// buffer (32 bytes an event), so it is kept small.
const Buffer = 16

// Sub is one open stream of one user.
type Sub struct {
	userID string
	C      chan Event
	once   sync.Once
}

// Broker keeps each user's subscribers in this process.
type Broker struct {
	mu   sync.Mutex
	subs map[string]map[*Sub]struct{}
}

// NewBroker returns an empty broker.
func NewBroker() *Broker { return &Broker{subs: map[string]map[*Sub]struct{}{}} }

// Subscribe opens a stream for userID.
func (b *Broker) Subscribe(userID string) *Sub {
	s, _ := b.TrySubscribe(userID, 0)
	return s
}

// TrySubscribe opens a stream for userID unless the user already has max
// open (0: no bound), so one token cannot hold thousands of streams.
func (b *Broker) TrySubscribe(userID string, max int) (*Sub, bool) {
	s := &Sub{userID: userID, C: make(chan Event, Buffer)}
	b.mu.Lock()
	defer b.mu.Unlock()
	if max > 0 && len(b.subs[userID]) >= max {
		return nil, false
	}
	if b.subs[userID] == nil {
		b.subs[userID] = map[*Sub]struct{}{}
	}
	b.subs[userID][s] = struct{}{}
	return s, true
}

// Unsubscribe closes a stream; calling it twice is harmless.
func (b *Broker) Unsubscribe(s *Sub) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.dropLocked(s)
}

func (b *Broker) dropLocked(s *Sub) {
	if m := b.subs[s.userID]; m != nil {
		delete(m, s)
		if len(m) == 0 {
			delete(b.subs, s.userID)
		}
	}
	s.once.Do(func() { close(s.C) })
}

// Publish delivers e to every stream of userID without blocking; a stream
// whose buffer is full is closed.
func (b *Broker) Publish(userID string, e Event) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for s := range b.subs[userID] {
		select {
		case s.C <- e:
		default:
			b.dropLocked(s)
		}
	}
}

// CloseAll ends every stream (server shutdown).
func (b *Broker) CloseAll() {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, m := range b.subs {
		for s := range m {
			b.dropLocked(s)
		}
	}
}

// Count is how many streams are open.
func (b *Broker) Count() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	n := 0
	for _, m := range b.subs {
		n += len(m)
	}
	return n
}
