package httpapi_test

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"agendo/internal/store/storetest"
)

// Maria's data, at Studio Bela: three completed cortes (the card's reward
// used), one visit in the trash, one booked online with a note, a WhatsApp
// contact. Joana is another client, who must keep everything.
func seedMaria(t *testing.T, e *env) shop {
	t.Helper()
	s := openShop(t, e)
	promo := s.owner.do("POST", "/api/v1/promotions", map[string]any{"name": "3 cortes = 1 escova", "type": "count",
		"targetCount": 3, "serviceId": s.corte, "reward": "Escova grátis"}).must(t, 201).JSON
	s.visits(t, "Maria Souza", "(11) 95555-4444", s.corte, 30, 20, 10)
	s.visits(t, "Joana Lima", "(11) 96666-5555", s.corte, 12, 5)
	s.owner.do("POST", "/api/v1/promotions/"+promo["id"].(string)+"/redemptions", map[string]string{"clientPhone": "(11) 95555-4444"}).must(t, 201)
	gone := s.owner.do("POST", "/api/v1/appointments", appointmentBodyNamed("Maria Souza", "11955554444", s.escova, s.ana, "2026-11-16", "11:00")).must(t, 201).JSON
	s.owner.do("DELETE", "/api/v1/appointments/"+gone["id"].(string), nil).must(t, 200)
	day := e.clock.Now().AddDate(0, 0, 2).Format("2006-01-02")
	b := s.booking(s.ana, day, "14:00")
	b["notes"] = "Alérgica a amônia; se atrasar ligar no 11 95555-4444"
	e.client().do("POST", "/api/v1/public/stores/"+s.slug+"/bookings", b).must(t, 201)
	s.owner.do("POST", "/api/v1/whatsapp/contacted", map[string]string{"phone": "(11) 95555-4444"}).must(t, 204)
	return s
}

// A client's export holds their appointments, the trash and their rewards,
// as JSON and as CSV for Brazilian spreadsheets.
func TestAClientsExportHoldsEverythingAboutThem(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		s := seedMaria(t, e)
		x := s.owner.do("GET", "/api/v1/clients/(11)%2095555-4444/export", nil).must(t, 200)
		if x.JSON["name"] != "Maria Souza" || x.JSON["phone"] != "+5511955554444" || x.JSON["controller"] != "Studio Bela" ||
			len(x.JSON["appointments"].([]any)) != 4 || len(x.JSON["trash"].([]any)) != 1 || len(x.JSON["redemptions"].([]any)) != 1 {
			t.Fatalf("export: %s", x.Body)
		}
		if strings.Contains(string(x.Body), "Joana") || !strings.Contains(string(x.Body), `"serviceName":"Escova"`) {
			t.Errorf("export: %s", x.Body)
		}
		if got := x.Header.Get("Cache-Control"); got != "no-store" {
			t.Errorf("Cache-Control: got %q, want no-store", got)
		}
		c := s.owner.do("GET", "/api/v1/clients/5511955554444/export.csv", nil).must(t, 200)
		body := string(c.Body)
		for _, want := range []string{"\ufeffCliente;Telefone;Salão;Exportado em\r\n", "Maria Souza;(11) 95555-4444;Studio Bela;",
			"\r\nAgendamentos\r\n", "\r\nLixeira\r\n", ";Escova;Ana Lima;30;Agendado;30,00;;Salão;;", "Corte;Ana Lima;45;Concluído;45,90;",
			"\r\nPrêmios usados\r\n", ";3 cortes = 1 escova;Escova grátis\r\n", "23/11/2026", "Página pública;\"Alérgica a amônia; se"} {
			if !strings.Contains(body, want) {
				t.Errorf("CSV lacks %q:\n%s", want, body)
			}
		}
		if cd := c.Header.Get("Content-Disposition"); !strings.Contains(cd, "agendo-cliente-5511955554444.csv") {
			t.Errorf("Content-Disposition: %q", cd)
		}
		for _, path := range []string{"/api/v1/clients/(11)%2091111-2222/export", "/api/v1/clients/(11)%2091111-2222/export.csv"} {
			if r := s.owner.do("GET", path, nil); r.Status != 404 || r.ErrMessage() != "Nenhum agendamento com este telefone: nada foi alterado" {
				t.Errorf("%s: got %d %s", path, r.Status, r.Body)
			}
		}
	})
}

// Anonymising a client leaves no trace of their phone or name anywhere in
// the database, keeps every figure of the reports, and keeps them one client.
func TestAnonymisingAClientLeavesNoTraceAndReportsUnchanged(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		s := seedMaria(t, e)
		report := "/api/v1/reports?from=2026-10-01&to=2026-12-31"
		before := s.owner.do("GET", report, nil).must(t, 200).Body
		dashboard := s.owner.do("GET", "/api/v1/dashboard", nil).must(t, 200).JSON
		clients := s.owner.do("GET", "/api/v1/clients", nil).must(t, 200).JSON["total"]

		// The scan finds what is there: Maria is in every table that holds clients.
		if found := traces(t, e, "955554444", "Maria Souza"); !strings.Contains(found, "appointments") || !strings.Contains(found, "deleted_appointments") ||
			!strings.Contains(found, "clients") || !strings.Contains(found, "redemptions") || !strings.Contains(found, "whatsapp_contacts") {
			t.Fatalf("before: found Maria only in %s", found)
		}
		r := s.owner.do("POST", "/api/v1/clients/(11)%2095555-4444/anonymize", nil).must(t, 200).JSON
		anon, _ := r["phone"].(string)
		if !strings.HasPrefix(anon, "anon-") || r["name"] != "Cliente removido" || r["appointments"] != float64(4) || r["trash"] != float64(1) {
			t.Fatalf("anonymise: %v", r)
		}
		if left := traces(t, e, "95555-4444", "955554444", "Maria Souza", "Alérgica"); len(left) > 0 {
			t.Errorf("traces left: %v", left)
		}
		if after := s.owner.do("GET", report, nil).must(t, 200).Body; !bytes.Equal(before, after) {
			t.Errorf("the report changed:\nbefore %s\nafter  %s", before, after)
		}
		d := s.owner.do("GET", "/api/v1/dashboard", nil).must(t, 200).JSON
		if d["monthRevenue"] != dashboard["monthRevenue"] || d["clients"] != dashboard["clients"] {
			t.Errorf("dashboard: got %v, want %v", d, dashboard)
		}
		if got := s.owner.do("GET", "/api/v1/clients", nil).must(t, 200).JSON["total"]; got != clients {
			t.Errorf("clients: got %v, want %v", got, clients)
		}
		// Still one client, under the anonymous id: the history, the visits,
		// what was spent.
		c := s.owner.do("GET", "/api/v1/clients/"+anon, nil).must(t, 200).JSON
		if c["name"] != "Cliente removido" || c["appointmentCount"] != float64(4) || c["completedAppointments"] != float64(3) ||
			c["totalSpent"] != float64(3*4590) {
			t.Errorf("the anonymised client: %v", c)
		}
		list := s.owner.do("GET", "/api/v1/clients?q=removido", nil).must(t, 200).JSON
		if list["total"] != float64(1) {
			t.Errorf("listed: %v", list)
		}
		joana := s.owner.do("GET", "/api/v1/clients/5511966665555", nil).must(t, 200).JSON
		if joana["name"] != "Joana Lima" || joana["appointmentCount"] != float64(2) {
			t.Errorf("Joana: %v", joana)
		}
		// Bad input: nothing changes.
		for _, tc := range []struct {
			path   string
			status int
			msg    string
		}{
			{"/api/v1/clients/(11)%2095555-4444/anonymize", 404, "Nenhum agendamento com este telefone: nada foi alterado"},
			{"/api/v1/clients/(11)%2091111-2222/anonymize", 404, "Nenhum agendamento com este telefone: nada foi alterado"},
			{"/api/v1/clients/" + anon + "/anonymize", 422, "Este cliente já foi anonimizado"},
			{"/api/v1/clients/anon-123/anonymize", 404, "Não encontrado"},
		} {
			if r := s.owner.do("POST", tc.path, nil); r.Status != tc.status || r.ErrMessage() != tc.msg {
				t.Errorf("%s: got %d %s, want %d %q", tc.path, r.Status, r.Body, tc.status, tc.msg)
			}
		}
		if after := s.owner.do("GET", report, nil).must(t, 200).Body; !bytes.Equal(before, after) {
			t.Errorf("a refused erasure changed the report")
		}
		if got := s.owner.do("GET", "/api/v1/clients/"+anon, nil).must(t, 200).JSON["appointmentCount"]; got != float64(4) {
			t.Errorf("a refused erasure changed the client: %v", got)
		}
	})
}

// traces scans every row of every table for each text (spaces and the
// marks around phone digits ignored) and names the tables holding any.
func traces(t *testing.T, e *env, texts ...string) string {
	t.Helper()
	strip := strings.NewReplacer(" ", "", "-", "", "(", "", ")", "", ".", "")
	var found []string
	for table, rows := range storetest.Rows(t, e.db) {
		for _, row := range rows {
			for _, text := range texts {
				if strings.Contains(strip.Replace(row), strip.Replace(text)) {
					found = append(found, table+": "+text)
				}
			}
		}
	}
	slices.Sort(found)
	return strings.Join(slices.Compact(found), ", ")
}
