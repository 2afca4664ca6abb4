package httpapi_test

import (
	"fmt"
	"testing"

	"agendo/internal/httpapi"
)

// sessionInReadPaths gives each route that checks its session in its own
// read (Route.SessionInRead) a path that answers 200 to its owner.
func sessionInReadPaths(t *testing.T, e *env, owner *client) map[string]string {
	t.Helper()
	fx := seedCatalogue(t, owner)
	id := owner.do("POST", "/api/v1/appointments", appointmentBody(fx["services"], fx["professionals"], "2026-11-25", "10:00")).must(t, 201).JSON["id"].(string)
	paths := map[string]string{
		"GET /api/v1/appointments":      "/api/v1/appointments?from=2026-11-01&to=2026-11-30",
		"GET /api/v1/appointments/{id}": "/api/v1/appointments/" + id,
	}
	for _, rt := range e.api.Routes() {
		key := rt.Method + " " + rt.Pattern
		if !rt.SessionInRead {
			delete(paths, key)
			continue
		}
		if rt.Access != httpapi.User {
			t.Errorf("route %s checks its session in its read but is not a User route", key)
		}
		if _, ok := paths[key]; !ok {
			t.Errorf("route %s checks its session in its read and has no case here", key)
		}
	}
	return paths
}

// A route that checks the session in its own read transaction answers 401
// to the very next request after any way a session ends, and still serves
// the sessions that live on.
func TestSessionInReadRoutesRefuseAnEndedSession(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		e.clock.Set(mondayMorning)
		admin := e.client().signUp("Admin Agendo", "admin@agendo.test")
		for i, c := range sessionEndings {
			t.Run(c.name, func(t *testing.T) {
				email := fmt.Sprintf("dona-%d@example.com", i)
				a := e.client().signUp("Dona", email)
				b := e.client()
				b.signIn(email, testPassword).must(t, 200)
				paths := sessionInReadPaths(t, e, a)
				tokA, tokB := a.token, b.token
				for _, p := range paths {
					e.withToken(tokA).do("GET", p, nil).must(t, 200)
				}
				c.end(t, e, admin, a, b, email)
				for key, p := range paths {
					for _, s := range []struct {
						name  string
						token string
						ends  bool
					}{{"A", tokA, c.aEnds}, {"B", tokB, c.bEnd}} {
						want := 200
						if s.ends {
							want = 401
						}
						if r := e.withToken(s.token).do("GET", p, nil); r.Status != want {
							t.Errorf("%s, session %s: got %d %s, want %d", key, s.name, r.Status, r.Body, want)
						}
					}
				}
				// Answers that fail before the read: a live session hears why,
				// an ended one 401.
				for _, bad := range []struct {
					path string
					live int
				}{
					{"/api/v1/appointments/0194a000-0000-7000-8000-00000000dead", 404},
					{"/api/v1/appointments/nao-e-um-id", 404},
					{"/api/v1/appointments?from=ontem", 422},
					{"/api/v1/appointments?limit=muitos", 422},
				} {
					for _, s := range []struct {
						name  string
						token string
						ends  bool
					}{{"A", tokA, c.aEnds}, {"B", tokB, c.bEnd}} {
						want := bad.live
						if s.ends {
							want = 401
						}
						if r := e.withToken(s.token).do("GET", bad.path, nil); r.Status != want {
							t.Errorf("%s, session %s: got %d %s, want %d", bad.path, s.name, r.Status, r.Body, want)
						}
					}
				}
			})
		}
	}, adminEnv)
}

// Two instances share one PostgreSQL database: a session ended on one is
// refused by the other on the very next request (nothing cached on either).
func TestSessionInReadRoutesFollowAnEndOnAnotherInstance(t *testing.T) {
	first, second := twoInstances(t)
	first.clock.Set(mondayMorning)
	second.clock.Set(mondayMorning)
	owner := first.client().signUp("Dona", "dona@example.com")
	other := second.client()
	other.signIn("dona@example.com", testPassword).must(t, 200)
	paths := sessionInReadPaths(t, first, owner)
	for _, p := range paths {
		second.withToken(owner.token).do("GET", p, nil).must(t, 200)
	}
	owner.do("POST", "/api/v1/auth/signout", map[string]string{"scope": "local"}).must(t, 204)
	for key, p := range paths {
		if r := second.withToken(owner.token).do("GET", p, nil); r.Status != 401 {
			t.Errorf("%s after signing out on the other instance: got %d %s, want 401", key, r.Status, r.Body)
		}
		second.withToken(other.token).do("GET", p, nil).must(t, 200)
	}
	other.do("PUT", "/api/v1/auth/password", map[string]string{"currentPassword": testPassword, "newPassword": "tesoura-afiada-2027"}).must(t, 204)
	third := first.client()
	third.signIn("dona@example.com", "tesoura-afiada-2027").must(t, 200)
	other.do("PUT", "/api/v1/auth/password", map[string]string{"currentPassword": "tesoura-afiada-2027", "newPassword": "navalha-nova-2028"}).must(t, 204)
	for key, p := range paths {
		if r := first.withToken(third.token).do("GET", p, nil); r.Status != 401 {
			t.Errorf("%s after a password change on the other instance: got %d %s, want 401", key, r.Status, r.Body)
		}
	}
}
