// Package realtime fans events out to the open streams of a store's team. Events carry
// only a type and an id; clients answer by refetching what changed.
package realtime

import "sync"

// Event is one change, e.g. {appointment.created, <id>}.
type Event struct {
	Type string `json:"type" enum:"event"`
	ID   string `json:"id"`
	// Professional is the professional record the change is about (an
	// appointment's, a blocked time's), if any: a profissional's streams
	// hear only the changes about their own.
	Professional string `json:"professionalId,omitempty"`
}

// Buffer is how many events a subscriber may fall behind before it is
// disconnected (it reconnects and refetches).
const Buffer = 100

// Sub is one open stream of one person's session in one store. Its events wait in a
// queue that takes memory only while events wait: an idle stream, the
// common one, holds none of it.
type Sub struct {
	storeID      string
	userID       string
	sessionID    string
	professional string        // a profissional's own record: only its events
	ready        chan struct{} // a signal that events wait or the stream ended
	mu           sync.Mutex
	queue        []Event
	closed       bool
}

// Ready receives when Next has something to say: events, or the end.
func (s *Sub) Ready() <-chan struct{} { return s.ready }

// Next takes the waiting events, oldest first; open is false once the
// stream has ended and nothing waits.
func (s *Sub) Next() (events []Event, open bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	events, s.queue = s.queue, nil
	return events, len(events) > 0 || !s.closed
}

// push queues e unless Buffer events already wait; false means the
// subscriber fell behind.
func (s *Sub) push(e Event) bool {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return true
	}
	if len(s.queue) >= Buffer {
		s.mu.Unlock()
		return false
	}
	s.queue = append(s.queue, e)
	s.mu.Unlock()
	select {
	case s.ready <- struct{}{}:
	default: // a signal already waits
	}
	return true
}

func (s *Sub) close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.closed {
		s.closed = true
		close(s.ready)
	}
}

// Broker keeps the subscribers in this process, by store (whose events
// they receive) and by person (whose ended sessions close them).
type Broker struct {
	mu     sync.Mutex
	subs   map[string]map[*Sub]struct{} // by store
	byUser map[string]map[*Sub]struct{}
}

// NewBroker returns an empty broker.
func NewBroker() *Broker {
	return &Broker{subs: map[string]map[*Sub]struct{}{}, byUser: map[string]map[*Sub]struct{}{}}
}

// Who is a stream's listener: a person's session in a store and, for a
// profissional, their professional record (the only one whose events they
// hear).
type Who struct {
	Store, User, Session, Professional string
}

// Subscribe opens a stream of storeID's events for userID's session
// sessionID.
func (b *Broker) Subscribe(storeID, userID, sessionID string) *Sub {
	s, _ := b.TrySubscribe(Who{Store: storeID, User: userID, Session: sessionID}, 0)
	return s
}

// TrySubscribe opens a stream of w.Store's events for w unless the person
// already has max open (0: no bound), so one token cannot hold thousands
// of streams.
func (b *Broker) TrySubscribe(w Who, max int) (*Sub, bool) {
	s := &Sub{storeID: w.Store, userID: w.User, sessionID: w.Session, professional: w.Professional,
		ready: make(chan struct{}, 1)}
	b.mu.Lock()
	defer b.mu.Unlock()
	if max > 0 && len(b.byUser[w.User]) >= max {
		return nil, false
	}
	add(b.subs, w.Store, s)
	add(b.byUser, w.User, s)
	return s, true
}

func add(m map[string]map[*Sub]struct{}, key string, s *Sub) {
	if m[key] == nil {
		m[key] = map[*Sub]struct{}{}
	}
	m[key][s] = struct{}{}
}

func drop(m map[string]map[*Sub]struct{}, key string, s *Sub) {
	if set := m[key]; set != nil {
		delete(set, s)
		if len(set) == 0 {
			delete(m, key)
		}
	}
}

// Unsubscribe closes a stream; calling it twice is harmless.
func (b *Broker) Unsubscribe(s *Sub) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.dropLocked(s)
}

func (b *Broker) dropLocked(s *Sub) {
	drop(b.subs, s.storeID, s)
	drop(b.byUser, s.userID, s)
	s.close()
}

// Publish delivers e to every stream of storeID without blocking; a
// stream whose buffer is full is closed.
func (b *Broker) Publish(storeID string, e Event) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for s := range b.subs[storeID] {
		if s.professional != "" && e.Professional != s.professional {
			continue
		}
		if !s.push(e) {
			b.dropLocked(s)
		}
	}
}

// Ended names sessions of one user that have ended: Session alone, or,
// when Session is empty, every session but Keep (all of them when Keep is
// empty too).
type Ended struct {
	Session string `json:"s,omitempty"`
	Keep    string `json:"k,omitempty"`
}

func (e Ended) covers(sessionID string) bool {
	if e.Session != "" {
		return sessionID == e.Session
	}
	return e.Keep == "" || sessionID != e.Keep
}

// EndSessions closes userID's streams of the sessions e names, in every
// store: a signed-out or revoked session hears nothing more.
func (b *Broker) EndSessions(userID string, e Ended) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for s := range b.byUser[userID] {
		if e.covers(s.sessionID) {
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
