package httpapi_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// DESIGN.md section 13, "Bad input never crashes": text PostgreSQL cannot
// store (a NUL, invalid UTF-8) is refused at the edge on both engines —
// in a path, a query parameter or a JSON field, signed in or not.

// badValues are path and query values that are not text a person types.
var badValues = []string{"%00", "a%00b", "%FF", "%C3%28", "%ED%A0%80", "nao-e-um-id"}

func TestUncleanInputIsRefusedAtTheEdge(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		owner := e.client().signUp("Irene", "irene@example.com")
		seedOwner(t, owner)
		anon := e.client()
		cases := []struct {
			name, method, path string
			body               any
			status             int
		}{
			{"NUL file id", "GET", "/files/%00", nil, 404},
			{"invalid UTF-8 file id", "GET", "/files/%FF/thumb", nil, 404},
			{"NUL store slug", "GET", "/api/v1/public/stores/%00", nil, 404},
			{"invalid UTF-8 store slug", "GET", "/api/v1/public/stores/%C3%28/availability", nil, 404},
			{"NUL professional page", "GET", "/api/v1/public/professionals/%00", nil, 404},
			{"NUL manage token", "GET", "/api/v1/public/bookings/%00", nil, 404},
			{"NUL in a public query", "GET", "/api/v1/public/stores/x/availability?serviceId=%00", nil, 422},
			{"NUL in the SPA path", "GET", "/store/%00", nil, 404},
		}
		for _, tc := range cases {
			t.Run("anonymous "+tc.name, func(t *testing.T) {
				if r := anon.do(tc.method, tc.path, tc.body); r.Status != tc.status {
					t.Errorf("got %d %s, want %d", r.Status, r.Body, tc.status)
				}
			})
		}
		signed := []struct {
			name, method, path string
			body               any
			status             int
		}{
			{"NUL in the appointment search", "GET", "/api/v1/appointments?q=%00", nil, 422},
			{"invalid UTF-8 in the appointment search", "GET", "/api/v1/appointments?q=%FF", nil, 422},
			{"NUL in a query name", "GET", "/api/v1/clients?%00=1", nil, 422},
			{"NUL appointment id", "GET", "/api/v1/appointments/%00", nil, 404},
			{"malformed appointment id", "PATCH", "/api/v1/appointments/abc/status", `{"status":"completed"}`, 404},
			{"NUL client phone", "GET", "/api/v1/clients/%00", nil, 404},
			{"NUL professionalId in a JSON body", "POST", "/api/v1/blocked-times",
				`{"professionalId":"\u0000","date":"2026-12-24","startTime":"12:00","endTime":"13:00"}`, 422},
			{"NUL inside a JSON list", "PUT", "/api/v1/professionals/00000000-0000-7000-8000-000000000000",
				`{"name":"X","role":"","specialties":["a\u0000"],"calendarType":"app","bookingInterval":30,"photos":[]}`, 422},
			{"invalid UTF-8 bytes in a name", "PATCH", "/api/v1/profile", "{\"name\":\"Ir\xe9ne\"}", 422},
			{"lone surrogate in a name", "PATCH", "/api/v1/profile", `{"name":"Ir\udc00ene"}`, 422},
		}
		for _, tc := range signed {
			t.Run(tc.name, func(t *testing.T) {
				r := owner.do(tc.method, tc.path, tc.body)
				if r.Status != tc.status {
					t.Fatalf("got %d %s, want %d", r.Status, r.Body, tc.status)
				}
				if r.Status == 422 && !strings.Contains(r.ErrMessage(), "Texto inválido") {
					t.Errorf("message: got %q, want one that says the text is invalid", r.ErrMessage())
				}
			})
		}
		if p := owner.do("GET", "/api/v1/profile", nil).must(t, 200); p.JSON["name"] != "Irene" {
			t.Errorf("the refused names changed the profile: name %v", p.JSON["name"])
		}

		// Every route of the table, each wildcard and query parameter
		// holding each bad value, signed in and anonymously: never 5xx.
		for _, rt := range e.api.Routes() {
			if rt.Pattern == "/api/v1/events" {
				continue // a stream; its query is covered below with the others
			}
			for _, v := range badValues {
				path := rt.Pattern
				for _, w := range []string{"{id}", "{slug}", "{phone}", "{token}"} {
					path = strings.ReplaceAll(path, w, v)
				}
				path += "?q=" + v + "&from=" + v + "&professionalId=" + v + "&serviceId=" + v
				body := `{"name":"` + v + `"}`
				for _, c := range []*client{owner, anon} {
					if r := c.do(rt.Method, path, body); r.Status >= 500 {
						t.Errorf("%s %s: got %d %s", rt.Method, path, r.Status, r.Body)
					}
				}
			}
		}
		req, err := http.NewRequest("GET", e.srv.URL+"/api/v1/events?x=%00", nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Authorization", "Bearer "+owner.token)
		if r := streamHead(t, req); r.Status != 422 {
			t.Errorf("events with a NUL query: got %d, want 422", r.Status)
		}
	})
}

// FuzzPathAndQuery sends arbitrary bytes as a path wildcard and a query
// value (a visit's 'more' among them), signed in and anonymously, on each
// engine: never 5xx.
func FuzzPathAndQuery(f *testing.F) {
	for _, s := range []string{"%00", "a%00b", "%FF", "%C3%28", "%ED%A0%80", "x", "+5511912345678", "..%2F..%2Fetc",
		"0190aaaa-0000-7000-8000-000000000000", "%E2%80%AE", strings.Repeat("%41", 300),
		"0190aaaa-0000-7000-8000-000000000000:any", "0190aaaa-0000-7000-8000-000000000000:0190aaaa-0000-7000-8000-000000000000,:", ",,,,"} {
		f.Add(s)
	}
	apis := fuzzAPIs(f)
	const ids = "serviceId=0190aaaa-0000-7000-8000-000000000000&professionalId=0190aaaa-0000-7000-8000-000000000000"
	f.Fuzz(func(t *testing.T, v string) {
		if strings.ContainsAny(v, "/?# ") || v == "." || v == ".." {
			return // not one path segment (the router cleans "." and ".." away, with a redirect)
		}
		for _, a := range apis {
			for _, path := range []string{"/files/" + v, "/api/v1/public/stores/" + v, "/api/v1/public/bookings/" + v,
				"/api/v1/public/professionals/" + v, "/api/v1/clients/" + v, "/api/v1/appointments/" + v,
				"/api/v1/appointments?q=" + v, "/api/v1/clients?q=" + v, "/store/" + v,
				// a visit's later services (issue 27), owner's and customer's
				"/api/v1/availability?from=2026-12-01&to=2026-12-01&" + ids + "&more=" + v,
				"/api/v1/public/stores/x/availability?" + ids + "&more=" + v} {
				if _, err := url.Parse(path); err != nil {
					continue // not a request a client could send
				}
				for _, tok := range []string{a.token, ""} {
					if r := a.do(t, "GET", path, tok, nil); r.Status >= 500 {
						t.Fatalf("GET %s: got %d %s", path, r.Status, r.Body)
					}
				}
			}
		}
	})
}
