package httpapi_test

import (
	"bufio"
	"context"
	"net/http"
	"strings"
	"testing"
	"time"
)

func TestAppointmentsBookListAndConflicts(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		a := e.client().signUp("Ana", "ana@example.com")
		fx := seedCatalogue(t, a)
		svc, pro := fx["services"], fx["professionals"]
		ap := a.do("POST", "/api/v1/appointments", appointmentBody(svc, pro, "2026-12-10", "10:00")).must(t, 201).JSON
		if ap["durationMin"] != float64(30) || ap["price"] != float64(5000) || ap["clientPhone"] != "+5511912345678" || ap["status"] != "scheduled" {
			t.Errorf("booked: %v", ap)
		}
		// 10:15 overlaps 10:00–10:30: a conflict the owner must confirm.
		r := a.do("POST", "/api/v1/appointments", appointmentBody(svc, pro, "2026-12-10", "10:15"))
		if r.Status != 409 || !strings.Contains(r.ErrMessage(), "Confirme") {
			t.Fatalf("overlap: got %d %s", r.Status, r.Body)
		}
		forced := appointmentBody(svc, pro, "2026-12-10", "10:15")
		forced["force"] = true
		a.do("POST", "/api/v1/appointments", forced).must(t, 201)
		a.do("POST", "/api/v1/appointments", appointmentBody(svc, pro, "2026-12-09", "09:00")).must(t, 201)

		page := a.do("GET", "/api/v1/appointments?from=2026-12-01&to=2026-12-31&limit=2", nil).must(t, 200).JSON
		items := page["items"].([]any)
		if page["total"] != float64(3) || len(items) != 2 || items[0].(map[string]any)["date"] != "2026-12-09" {
			t.Errorf("page: %v", page)
		}
		if got := a.do("GET", "/api/v1/appointments?q=%2811%29%2091234", nil).must(t, 200).JSON; got["total"] != float64(3) {
			t.Errorf("phone search: %v", got["total"])
		}
		// Free times skip the taken ones.
		days := jsonList(t, a.do("GET", "/api/v1/availability?professionalId="+pro+"&serviceId="+svc+"&from=2026-12-10&to=2026-12-10", nil).must(t, 200))
		times := days[0]["times"].([]any)
		if len(times) == 0 || times[0] != "09:00" || strings.Contains(strings.Trim(strings.ReplaceAll(strings.Join(strs(times), ","), " ", ""), ","), "10:00") {
			t.Errorf("availability: %v", times)
		}

		other := a.do("POST", "/api/v1/professionals", professionalBody("Outro")).must(t, 201).JSON["id"].(string)
		bad := []struct {
			name  string
			body  map[string]any
			field string
		}{
			{"unknown service", appointmentBody("nao-existe", pro, "2026-12-10", "11:00"), "serviceId"},
			{"unknown professional", appointmentBody(svc, "nao-existe", "2026-12-10", "11:00"), "professionalId"},
			{"professional who does not perform it", appointmentBody(svc, other, "2026-12-10", "11:00"), "professionalId"},
			{"February 30", appointmentBody(svc, pro, "2026-02-30", "11:00"), "date"},
			{"hour 24", appointmentBody(svc, pro, "2026-12-10", "24:00"), "time"},
			{"minute 60", appointmentBody(svc, pro, "2026-12-10", "10:60"), "time"},
			{"empty name", appointmentBodyNamed("  ", "(11) 91234-5678", svc, pro, "2026-12-10", "11:00"), "clientName"},
			{"foreign phone", appointmentBodyNamed("Rita", "+1 415 555 0100", svc, pro, "2026-12-10", "11:00"), "clientPhone"},
			{"ends after midnight", appointmentBody(svc, pro, "2026-12-10", "23:45"), "time"},
		}
		for _, tc := range bad {
			t.Run(tc.name, func(t *testing.T) {
				r := a.do("POST", "/api/v1/appointments", tc.body)
				fields, _ := r.JSON["error"].(map[string]any)["fields"].(map[string]any)
				if r.Status != 422 || fields[tc.field] == nil {
					t.Errorf("got %d %s, want 422 on %s", r.Status, r.Body, tc.field)
				}
			})
		}
		if got := a.do("GET", "/api/v1/appointments", nil).JSON["total"]; got != float64(3) {
			t.Errorf("rejected bookings were saved: total %v", got)
		}

		// One tap: cancel frees the slot, so 10:15's neighbour can take it.
		id := ap["id"].(string)
		st := a.do("PATCH", "/api/v1/appointments/"+id+"/status", map[string]any{"status": "completed", "paymentMethod": "pix"}).must(t, 200).JSON
		if st["status"] != "completed" || st["paymentMethod"] != "pix" {
			t.Errorf("status: %v", st)
		}
		a.do("PATCH", "/api/v1/appointments/"+id+"/status", map[string]any{"status": "sumiu"}).must(t, 422)
		// The one-tap change follows the workflow: a completed appointment is
		// reopened before it can be cancelled; keeping the status is allowed.
		closed := a.do("PATCH", "/api/v1/appointments/"+id+"/status", map[string]any{"status": "cancelled"}).must(t, 409)
		if want := "Não é possível mudar de “Concluído” para “Cancelado”. Reabra o agendamento primeiro."; closed.ErrMessage() != want {
			t.Errorf("completed → cancelled: got %q, want %q", closed.ErrMessage(), want)
		}
		a.do("PATCH", "/api/v1/appointments/"+id+"/status", map[string]any{"status": "completed", "paymentMethod": "cash"}).must(t, 200)
		a.do("PATCH", "/api/v1/appointments/"+id+"/status", map[string]any{"status": "scheduled"}).must(t, 200)
		a.do("PATCH", "/api/v1/appointments/"+id+"/status", map[string]any{"status": "confirmed"}).must(t, 200)
		a.do("PATCH", "/api/v1/appointments/"+id+"/status", map[string]any{"status": "scheduled"}).must(t, 409)
		a.do("PATCH", "/api/v1/appointments/"+id+"/status", map[string]any{"status": "completed", "paymentMethod": "pix"}).must(t, 200)
		if rm := a.do("POST", "/api/v1/appointments/"+id+"/reminder", nil).must(t, 200).JSON; rm["reminderSentAt"] == nil {
			t.Errorf("reminder not recorded: %v", rm)
		}
	})
}

func strs(v []any) []string {
	out := make([]string, len(v))
	for i, x := range v {
		out[i], _ = x.(string)
	}
	return out
}

func TestTrashDeleteRestoreAndPurge(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		a := e.client().signUp("Ana", "ana@example.com")
		fx := seedCatalogue(t, a)
		ap := a.do("POST", "/api/v1/appointments", appointmentBody(fx["services"], fx["professionals"], "2026-12-10", "10:00")).must(t, 201).JSON
		del := a.do("DELETE", "/api/v1/appointments/"+ap["id"].(string), nil).must(t, 200).JSON
		if del["originalId"] != ap["id"] || del["clientName"] != "Maria Souza" {
			t.Errorf("trash item: %v", del)
		}
		a.do("GET", "/api/v1/appointments/"+ap["id"].(string), nil).must(t, 404)
		trash := a.do("GET", "/api/v1/trash", nil).must(t, 200).JSON
		if trash["total"] != float64(1) || trash["retentionDays"] != float64(30) {
			t.Errorf("trash: %v", trash)
		}
		// Undo: restore gives a new id and empties the trash.
		back := a.do("POST", "/api/v1/trash/"+del["id"].(string)+"/restore", nil).must(t, 201).JSON
		if back["id"] == ap["id"] || back["date"] != "2026-12-10" || back["price"] != float64(5000) {
			t.Errorf("restored: %v", back)
		}
		if got := a.do("GET", "/api/v1/trash", nil).JSON["total"]; got != float64(0) {
			t.Errorf("trash after restore: %v", got)
		}

		// A restore whose insert fails (the service is gone) changes nothing.
		del2 := a.do("DELETE", "/api/v1/appointments/"+back["id"].(string), nil).must(t, 200).JSON
		svc2 := a.do("POST", "/api/v1/services", map[string]any{"name": "Barba", "duration": 30, "professionalIds": []string{fx["professionals"]}}).must(t, 201).JSON["id"].(string)
		ap3 := a.do("POST", "/api/v1/appointments", appointmentBody(svc2, fx["professionals"], "2026-12-11", "10:00")).must(t, 201).JSON
		del3 := a.do("DELETE", "/api/v1/appointments/"+ap3["id"].(string), nil).must(t, 200).JSON
		a.do("DELETE", "/api/v1/services/"+svc2, nil).must(t, 204)
		if r := a.do("POST", "/api/v1/trash/"+del3["id"].(string)+"/restore", nil); r.Status != 422 {
			t.Errorf("restore of a deleted service's appointment: got %d %s", r.Status, r.Body)
		}
		if got := a.do("GET", "/api/v1/trash", nil).JSON["total"]; got != float64(2) {
			t.Errorf("failed restore lost the trash item: total %v", got)
		}
		a.do("DELETE", "/api/v1/trash/"+del2["id"].(string), nil).must(t, 204)
		a.do("DELETE", "/api/v1/trash/"+del2["id"].(string), nil).must(t, 404)

		// After 30 days the trash empties itself.
		e.clock.Advance(31 * 24 * time.Hour)
		a.signIn("ana@example.com", testPassword)
		if got := a.do("GET", "/api/v1/trash", nil).must(t, 200).JSON["total"]; got != float64(0) {
			t.Errorf("trash after 31 days: %v", got)
		}
	})
}

func TestClientsAggregateAndRename(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		a := e.client().signUp("Ana", "ana@example.com")
		fx := seedCatalogue(t, a)
		book := func(name, phone, date, status string) {
			id := a.do("POST", "/api/v1/appointments", appointmentBodyNamed(name, phone, fx["services"], fx["professionals"], date, "10:00")).must(t, 201).JSON["id"].(string)
			if status != "scheduled" {
				a.do("PATCH", "/api/v1/appointments/"+id+"/status", map[string]string{"status": status}).must(t, 200)
			}
		}
		// One client typed two ways, plus another.
		book("Maria", "(11) 91234-5678", "2026-12-01", "completed")
		book("Maria S.", "11912345678", "2026-12-02", "completed")
		book("Maria S.", "+55 11 91234-5678", "2026-12-03", "no_show")
		book("João", "(21) 99876-5432", "2026-12-04", "scheduled")
		page := a.do("GET", "/api/v1/clients?sort=appointments", nil).must(t, 200).JSON
		items := page["items"].([]any)
		if page["total"] != float64(2) || len(items) != 2 {
			t.Fatalf("clients: %v", page)
		}
		m := items[0].(map[string]any)
		if m["name"] != "Maria S." || m["appointmentCount"] != float64(3) || m["completedAppointments"] != float64(2) ||
			m["totalSpent"] != float64(10000) || m["completionRate"] != float64(67) || m["lastVisit"] != "2026-12-02" || m["loyaltyLevel"] != "Bronze" {
			t.Errorf("Maria: %v", m)
		}
		if got := a.do("GET", "/api/v1/clients?q=jo%C3%A3o", nil).JSON["total"]; got != float64(1) {
			t.Errorf("search: %v", got)
		}
		// Renaming with a new phone moves every appointment along.
		a.do("PUT", "/api/v1/clients/5511912345678", map[string]string{"name": "Maria Souza", "phone": "(11) 90000-1111"}).must(t, 200)
		d := a.do("GET", "/api/v1/clients/%2811%29%2090000-1111", nil).must(t, 200).JSON
		if d["name"] != "Maria Souza" || len(d["appointments"].([]any)) != 3 {
			t.Errorf("after rename: %v", d)
		}
		a.do("GET", "/api/v1/clients/5511912345678", nil).must(t, 404)
		for name, body := range map[string]map[string]string{
			"empty name":  {"name": " ", "phone": "(11) 90000-1111"},
			"empty phone": {"name": "Maria", "phone": ""},
			"bad phone":   {"name": "Maria", "phone": "123"},
		} {
			if r := a.do("PUT", "/api/v1/clients/5511900001111", body); r.Status != 422 {
				t.Errorf("%s: got %d", name, r.Status)
			}
		}
		dash := a.do("GET", "/api/v1/dashboard", nil).must(t, 200).JSON
		usage := dash["usage"].(map[string]any)
		if usage["count"] != float64(4) || usage["limit"] != float64(10) || usage["progress"] != float64(40) || usage["remaining"] != float64(6) {
			t.Errorf("usage: %v", usage)
		}
		if dash["clients"] != float64(2) || len(dash["nextDays"].([]any)) != 7 {
			t.Errorf("dashboard: %v", dash)
		}
	})
}

func TestEventsReachOnlyTheirOwner(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		a := e.client().signUp("Ana", "ana@example.com")
		b := e.client().signUp("Bia", "bia@example.com")
		fx := seedCatalogue(t, a)
		open := func(c *client) (*bufio.Reader, context.CancelFunc) {
			ctx, cancel := context.WithCancel(context.Background())
			req, _ := http.NewRequestWithContext(ctx, "GET", e.srv.URL+"/api/v1/events", nil)
			req.Header.Set("Authorization", "Bearer "+c.token)
			res, err := http.DefaultClient.Do(req)
			if err != nil || res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/event-stream") {
				t.Fatalf("stream: %v %v", err, res)
			}
			r := bufio.NewReader(res.Body)
			if l, _ := r.ReadString('\n'); l != "event: connected\n" {
				t.Fatalf("first line %q", l)
			}
			return r, cancel
		}
		ra, cancelA := open(a)
		defer cancelA()
		_, cancelB := open(b)
		defer cancelB()
		deadline := time.Now().Add(5 * time.Second)
		for e.broker.Count() < 2 && time.Now().Before(deadline) {
			time.Sleep(5 * time.Millisecond)
		}
		ap := a.do("POST", "/api/v1/appointments", appointmentBody(fx["services"], fx["professionals"], "2026-12-10", "10:00")).must(t, 201).JSON
		got := make(chan string, 1)
		go func() {
			for {
				l, err := ra.ReadString('\n')
				if err != nil {
					return
				}
				if strings.HasPrefix(l, "data: {\"type\"") {
					got <- l
					return
				}
			}
		}()
		select {
		case l := <-got:
			if !strings.Contains(l, `"appointment.created"`) || !strings.Contains(l, ap["id"].(string)) {
				t.Errorf("event: %q", l)
			}
		case <-time.After(5 * time.Second):
			t.Fatal("no event within 5 s")
		}
	})
}
