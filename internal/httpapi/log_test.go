package httpapi_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"
)

// DESIGN.md section 13, "Nobody's personal data leaks into logs": every
// route of the table and every public page of the web app, driven with real
// values, leaves no path value, query string, phone, email, token or
// address in the log — only route patterns.
func TestLogsHoldRoutesNeverPathValues(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		s := openShop(t, e)
		b := e.client().do("POST", "/api/v1/public/stores/"+s.slug+"/bookings", s.booking(s.ana, "2026-11-24", "10:00")).must(t, 201).JSON
		token := b["token"].(string)
		apID := b["id"].(string)
		up := s.owner.upload("photo", pngBytes(t, 40, 30)).must(t, 201).JSON["id"].(string)
		gone := s.owner.do("POST", "/api/v1/appointments", appointmentBodyNamed("Lia Secreta", "(11) 97777-6666", s.corte, s.bruno, "2026-11-25", "15:00")).must(t, 201).JSON["id"].(string)
		trash := s.owner.do("DELETE", "/api/v1/appointments/"+gone, nil).must(t, 200).JSON["id"].(string)
		blk := s.owner.do("POST", "/api/v1/blocked-times", map[string]any{"professionalId": s.bruno, "date": "2026-12-24",
			"startTime": "12:00", "endTime": "13:00"}).must(t, 201).JSON["id"].(string)
		values := map[string]string{"{slug}": s.slug, "{token}": token, "{phone}": "+5511955554444"}
		idFor := func(pattern string) string {
			switch {
			case strings.HasPrefix(pattern, "/files/"):
				return up
			case strings.Contains(pattern, "/professionals/"):
				return s.ana
			case strings.Contains(pattern, "/services/"):
				return s.corte
			case strings.Contains(pattern, "/blocked-times/"):
				return blk
			case strings.Contains(pattern, "/trash/"):
				return trash
			}
			return apID
		}
		secrets := []string{token, s.slug, "5511955554444", "955554444", "95555-4444", "paula@example.com",
			"127.0.0.1", "segredo-na-busca", apID, up, s.ana, s.corte, blk, trash}

		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		for _, rt := range e.api.Routes() {
			if rt.Method == "DELETE" || rt.Pattern == "/api/v1/events" {
				continue // deletes would remove what later routes name; the stream never ends
			}
			path := rt.Pattern
			for k, v := range values {
				path = strings.ReplaceAll(path, k, v)
			}
			path = strings.ReplaceAll(path, "{id}", idFor(rt.Pattern))
			path += "?q=segredo-na-busca&from=2026-11-24"
			req, err := http.NewRequestWithContext(ctx, rt.Method, e.srv.URL+path, strings.NewReader(`{}`))
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Authorization", "Bearer "+s.owner.token)
			e.send(req)
		}
		for _, page := range []string{"/store/" + s.slug, "/profissional/" + s.ana, "/agendamento/" + token,
			"/dashboard/clients/+5511955554444", "/dashboard/clients/%2B5511955554444?aba=historico"} {
			e.client().do("GET", page, nil).must(t, 200)
		}
		e.settle()

		logs := e.logBuf.String()
		for _, want := range []string{`"route":"/api/v1/clients/{phone}"`, `"route":"/api/v1/public/bookings/{token}"`,
			`"route":"/store/{slug}"`, `"route":"/agendamento/{token}"`, `"route":"/dashboard/*"`} {
			if !strings.Contains(logs, want) {
				t.Errorf("the log lacks %s", want)
			}
		}
		for _, secret := range secrets {
			if strings.Contains(logs, secret) {
				t.Errorf("the log holds %q", secret)
			}
		}
	})
}
