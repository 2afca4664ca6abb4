package httpapi_test

import (
	"bufio"
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"agendo/internal/domain"
	"agendo/internal/realtime"
	"agendo/internal/store"
)

// liveStream is an event stream as a dashboard reads it.
type liveStream struct {
	events chan string   // the data lines of its events
	done   chan struct{} // closed when the server ends the stream
	pings  atomic.Int32  // heartbeats received
}

// openStream opens an event stream on e with an access token and waits
// until the broker holds it.
func openStream(t *testing.T, e *env, token string) *liveStream {
	t.Helper()
	before := e.broker.Count()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, "GET", e.srv.URL+"/api/v1/events", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("stream: %v %v", err, res)
	}
	s := &liveStream{events: make(chan string, 16), done: make(chan struct{})}
	go func() {
		defer close(s.done)
		defer res.Body.Close()
		r := bufio.NewReader(res.Body)
		for {
			l, err := r.ReadString('\n')
			if err != nil {
				return
			}
			switch {
			case strings.HasPrefix(l, `data: {"type"`):
				s.events <- l
			case strings.HasPrefix(l, ": ping"):
				s.pings.Add(1)
			}
		}
	}()
	for deadline := time.Now().Add(5 * time.Second); e.broker.Count() <= before; {
		if time.Now().After(deadline) {
			t.Fatal("the stream was not subscribed within 5 s")
		}
		time.Sleep(2 * time.Millisecond)
	}
	return s
}

// expectEnded asserts that the server ends the stream within 5 s and that
// no event reached it.
func (s *liveStream) expectEnded(t *testing.T, name string) {
	t.Helper()
	select {
	case <-s.done:
	case <-time.After(5 * time.Second):
		t.Errorf("%s: the stream is still open 5 s after its session ended", name)
		return
	}
	select {
	case l := <-s.events:
		t.Errorf("%s: the ended stream received %q", name, l)
	default:
	}
}

// expectEvent asserts that the stream is open and receives typ about id.
func (s *liveStream) expectEvent(t *testing.T, name, typ, id string) {
	t.Helper()
	select {
	case l := <-s.events:
		if !strings.Contains(l, `"`+typ+`"`) || !strings.Contains(l, id) {
			t.Errorf("%s: event %q, want %s about %s", name, l, typ, id)
		}
	case <-s.done:
		t.Errorf("%s: the stream ended, want it open", name)
	case <-time.After(5 * time.Second):
		t.Errorf("%s: no %s event within 5 s", name, typ)
	}
}

// sessionEndings are the ways a session ends: A is the session watched, B
// the one acting (both the same owner's); aEnds and bEnd say whose session
// the way ends.
var sessionEndings = []struct {
	name        string
	end         func(t *testing.T, e *env, admin, a, b *client, email string)
	aEnds, bEnd bool
}{
	{"B signs out (local)", func(t *testing.T, e *env, _, _, b *client, _ string) {
		b.do("POST", "/api/v1/auth/signout", map[string]string{"scope": "local"}).must(t, 204)
	}, false, true},
	{"B signs out the others", func(t *testing.T, e *env, _, _, b *client, _ string) {
		b.do("POST", "/api/v1/auth/signout", map[string]string{"scope": "others"}).must(t, 204)
	}, true, false},
	{"B signs out everywhere", func(t *testing.T, e *env, _, _, b *client, _ string) {
		b.do("POST", "/api/v1/auth/signout", map[string]string{"scope": "global"}).must(t, 204)
	}, true, true},
	{"B changes the password", func(t *testing.T, e *env, _, _, b *client, _ string) {
		b.do("PUT", "/api/v1/auth/password", map[string]string{"currentPassword": testPassword, "newPassword": "tesoura-afiada-2027"}).must(t, 204)
	}, true, false},
	{"the password is reset by email", func(t *testing.T, e *env, _, _, _ *client, email string) {
		m := recoverMail(t, e, email, e.mail.Count()+1)
		e.client().do("POST", "/api/v1/auth/reset", map[string]string{"token": m.Token, "password": "tesoura-afiada-2027"}).must(t, 204)
	}, true, true},
	{"an admin locks the account", func(t *testing.T, e *env, admin, a, _ *client, _ string) {
		admin.do("POST", "/api/v1/admin/accounts/"+a.userID()+"/lock", map[string]string{"reason": "Pagamento contestado no cartão"}).must(t, 200)
	}, true, true},
	{"A's refresh token is replayed after its grace", func(t *testing.T, e *env, _, a, _ *client, _ string) {
		t0 := a.refreshCookie()
		a.do("POST", "/api/v1/auth/refresh", nil).must(t, 200)
		e.clock.Advance(11 * time.Second)
		if r := e.refreshWith(t0); r.ErrCode() != "refresh_token_already_used" {
			t.Fatalf("replay: got %d %s", r.Status, r.Body)
		}
	}, true, false},
	{"A signs out with its refresh cookie alone", func(t *testing.T, e *env, _, a, _ *client, _ string) {
		req, _ := http.NewRequest("POST", e.srv.URL+"/api/v1/auth/signout", nil)
		req.AddCookie(&http.Cookie{Name: "agendo_refresh", Value: a.refreshCookie()})
		e.send(req).must(t, 204)
	}, true, false},
	{"B asks for the account's deletion", func(t *testing.T, e *env, _, _, b *client, _ string) {
		b.do("POST", "/api/v1/account/deletion", map[string]string{"password": testPassword}).must(t, 201)
	}, true, false},
}

// Every way a session ends closes its event streams at once, and only its
// own: the stream of a session that lives on keeps receiving. A is the
// session watched, B the one acting (both the same owner's); then an event
// for the owner is sent, which only the live streams may get.
func TestEndedSessionsCloseTheirStreams(t *testing.T) {
	cases := sessionEndings
	eachEngine(t, func(t *testing.T, e *env) {
		admin := e.client().signUp("Admin Agendo", "admin@agendo.test")
		for i, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				email := fmt.Sprintf("dona-%d@example.com", i)
				a := e.client().signUp("Dona", email)
				b := e.client()
				b.signIn(email, testPassword).must(t, 200)
				streamA, streamB := openStream(t, e, a.token), openStream(t, e, b.token)
				c.end(t, e, admin, a, b, email)
				e.broker.Publish(a.userID(), realtime.Event{Type: domain.EventPlanUpdated, ID: "depois"})
				for _, s := range []struct {
					name   string
					stream *liveStream
					ends   bool
				}{{"A", streamA, c.aEnds}, {"B", streamB, c.bEnd}} {
					if s.ends {
						s.stream.expectEnded(t, s.name)
					} else {
						s.stream.expectEvent(t, s.name, domain.EventPlanUpdated, "depois")
					}
				}
			})
		}
	}, adminEnv)
}

// A session that ends without a word to the streams — revoked by hand in
// the database, or idle past its lifetime — still closes them at their next
// check, one heartbeat later; a live session's stream outlives many checks.
func TestStreamsCheckTheirSession(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		revoked := e.client().signUp("Revogada", "revogada@example.com")
		idle := e.client().signUp("Parada", "parada@example.com")
		live := e.client().signUp("Ativa", "ativa@example.com")
		revokedStream, liveStream := openStream(t, e, revoked.token), openStream(t, e, live.token)
		err := e.db.Write(context.Background(), func(tx *store.Tx) error {
			_, err := tx.RevokeUserSessions(context.Background(), revoked.userID(), "", e.clock.Now())
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		revokedStream.expectEnded(t, "revoked in the database")

		idleStream := openStream(t, e, idle.token)
		// Live keeps refreshing its session; the other one sits idle for 31 days.
		for _, days := range []int{20, 11} {
			e.clock.Advance(time.Duration(days) * 24 * time.Hour)
			live.do("POST", "/api/v1/auth/refresh", nil).must(t, 200)
		}
		idleStream.expectEnded(t, "idle past 30 days")

		for deadline := time.Now().Add(5 * time.Second); liveStream.pings.Load() < 3; {
			if time.Now().After(deadline) {
				t.Fatalf("the live stream got %d heartbeats in 5 s", liveStream.pings.Load())
			}
			time.Sleep(5 * time.Millisecond)
		}
		e.broker.Publish(live.userID(), realtime.Event{Type: domain.EventPlanUpdated, ID: "ainda"})
		liveStream.expectEvent(t, "live session", domain.EventPlanUpdated, "ainda")
	}, envOptions{streamHeartbeat: 20 * time.Millisecond})
}

// Two instances on one PostgreSQL: a password changed, then a lock, on the
// second instance close the owner's streams open on both, through NOTIFY,
// while the session that changed the password keeps its stream until the
// lock. The events sent meanwhile reach only the live stream.
func TestEndedSessionsCloseStreamsOnEveryInstance(t *testing.T) {
	first, second := twoInstances(t, adminEnv)
	s := openShop(t, first)
	second.clock.Set(mondayMorning)
	admin := second.client().signUp("Admin Agendo", "admin@agendo.test")
	other, changer := second.client(), second.client()
	other.signIn("paula@example.com", testPassword).must(t, 200)
	changer.signIn("paula@example.com", testPassword).must(t, 200)
	onFirst, otherOnSecond, changerOnFirst := openStream(t, first, s.owner.token), openStream(t, second, other.token), openStream(t, first, changer.token)

	changer.do("PUT", "/api/v1/auth/password", map[string]string{"currentPassword": testPassword, "newPassword": "tesoura-afiada-2027"}).must(t, 204)
	id := changer.do("POST", "/api/v1/appointments", appointmentBody(s.corte, s.ana, "2026-11-24", "10:00")).must(t, 201).JSON["id"].(string)
	onFirst.expectEnded(t, "the first instance's stream of another session")
	otherOnSecond.expectEnded(t, "the second instance's stream of another session")
	changerOnFirst.expectEvent(t, "the changer's stream", domain.EventAppointmentCreated, id)

	admin.do("POST", "/api/v1/admin/accounts/"+changer.userID()+"/lock", map[string]string{"reason": "Pagamento contestado no cartão"}).must(t, 200)
	admin.do("POST", "/api/v1/admin/accounts/"+changer.userID()+"/premium", map[string]string{"reason": "Cortesia de lançamento", "until": "2026-12-31"}).must(t, 200)
	changerOnFirst.expectEnded(t, "the changer's stream after the lock")
}
