package httpapi_test

import (
	"strings"
	"testing"
)

// The WhatsApp lists hold only clients whose latest word is a yes: given on
// the booking form, in person or on the manage link; 'SAIR' (recorded by
// the owner, or unticked on the manage link) takes them off. Each consent
// keeps when, where and which text.
func TestWhatsAppListsHoldOnlyClientsWhoConsented(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		s := openShop(t, e)
		s.visits(t, "Maria Souza", "(11) 95555-4444", s.corte, 40)
		s.visits(t, "Joana Lima", "(11) 96666-5555", s.corte, 45)
		inactive := func() map[string]any {
			return s.owner.do("GET", "/api/v1/whatsapp/lists?kind=inactive&days=30", nil).must(t, 200).JSON
		}
		listed := func() string {
			var names []string
			for _, it := range inactive()["items"].([]any) {
				names = append(names, it.(map[string]any)["name"].(string))
			}
			return strings.Join(names, ", ")
		}
		if l := inactive(); len(l["items"].([]any)) != 0 || l["withoutConsent"] != float64(2) {
			t.Fatalf("nobody consented yet: %v", l)
		}

		// Maria books online and ticks the box.
		day := e.clock.Now().AddDate(0, 0, 2).Format("2006-01-02")
		b := s.booking(s.ana, day, "14:00")
		b["marketingConsent"] = true
		booked := e.client().do("POST", "/api/v1/public/stores/"+s.slug+"/bookings", b).must(t, 201).JSON
		if booked["marketingConsent"] != true || booked["consentText"] != "Quero receber novidades de Studio Bela pelo WhatsApp" {
			t.Errorf("booking: %v", booked)
		}
		// She has something booked now, so she is not inactive; the level list has her.
		if l := s.owner.do("GET", "/api/v1/whatsapp/lists?kind=level&level=Bronze", nil).must(t, 200).JSON; len(l["items"].([]any)) != 1 || l["withoutConsent"] != float64(1) {
			t.Errorf("Bronze: %v", l)
		}
		c := s.owner.do("GET", "/api/v1/clients/5511955554444/consent", nil).must(t, 200).JSON
		h := c["history"].([]any)
		if c["granted"] != true || len(h) != 1 || h[0].(map[string]any)["source"] != "booking_page" ||
			h[0].(map[string]any)["text"] != "Quero receber novidades de Studio Bela pelo WhatsApp" || h[0].(map[string]any)["textVersion"] != "2026-11-v1" ||
			h[0].(map[string]any)["createdAt"] != "2026-11-23T12:00:00Z" {
			t.Errorf("Maria's consent: %v", c)
		}

		// Joana says yes at the counter: she is listed. Then she writes SAIR.
		s.owner.do("POST", "/api/v1/clients/(11)%2096666-5555/consent", map[string]any{"granted": true, "source": "in_person"}).must(t, 201)
		if got := listed(); got != "Joana Lima" {
			t.Errorf("after Joana's yes: %q", got)
		}
		out := s.owner.do("POST", "/api/v1/clients/5511966665555/consent", map[string]any{"granted": false, "source": "whatsapp"}).must(t, 201).JSON
		if out["granted"] != false || len(out["history"].([]any)) != 2 {
			t.Errorf("after SAIR: %v", out)
		}
		if got := listed(); got != "" {
			t.Errorf("after Joana's SAIR: %q", got)
		}

		// Maria unticks on her manage link.
		token := booked["token"].(string)
		if g := e.client().do("GET", "/api/v1/public/bookings/"+token, nil).must(t, 200).JSON; g["marketingConsent"] != true {
			t.Errorf("manage link: %v", g["marketingConsent"])
		}
		if g := e.client().do("PUT", "/api/v1/public/bookings/"+token+"/consent", map[string]bool{"granted": false}).must(t, 200).JSON; g["marketingConsent"] != false {
			t.Errorf("after unticking: %v", g["marketingConsent"])
		}
		h = s.owner.do("GET", "/api/v1/clients/5511955554444/consent", nil).must(t, 200).JSON["history"].([]any)
		if len(h) != 2 || h[1].(map[string]any)["source"] != "manage_link" || h[1].(map[string]any)["granted"] != false {
			t.Errorf("Maria's history: %v", h)
		}
		if l := s.owner.do("GET", "/api/v1/whatsapp/lists?kind=level&level=Bronze", nil).must(t, 200).JSON; len(l["items"].([]any)) != 0 {
			t.Errorf("Bronze after Maria unticked: %v", l)
		}

		// The export carries the proof.
		x := s.owner.do("GET", "/api/v1/clients/5511955554444/export.csv", nil).must(t, 200)
		if !strings.Contains(string(x.Body), "23/11/2026 09:00;Aceitou;Página de agendamento;Quero receber novidades de Studio Bela pelo WhatsApp;2026-11-v1") {
			t.Errorf("export: %s", x.Body)
		}

		// Bad input: a source the owner cannot claim, a stranger, an erased client.
		for _, tc := range []struct {
			path   string
			body   map[string]any
			status int
			msg    string
		}{
			{"/api/v1/clients/5511955554444/consent", map[string]any{"granted": true, "source": "booking_page"}, 422,
				"Diga onde o cliente respondeu: pessoalmente (in_person) ou pelo WhatsApp (whatsapp)"},
			{"/api/v1/clients/5511955554444/consent", map[string]any{"granted": true}, 422,
				"Diga onde o cliente respondeu: pessoalmente (in_person) ou pelo WhatsApp (whatsapp)"},
			{"/api/v1/clients/5511911112222/consent", map[string]any{"granted": true, "source": "in_person"}, 404,
				"Nenhum agendamento com este telefone: nada foi alterado"},
		} {
			if r := s.owner.do("POST", tc.path, tc.body); r.Status != tc.status || r.ErrMessage() != tc.msg {
				t.Errorf("%v: got %d %s", tc.body, r.Status, r.Body)
			}
		}
		if n := len(s.owner.do("GET", "/api/v1/clients/5511955554444/consent", nil).must(t, 200).JSON["history"].([]any)); n != 2 {
			t.Errorf("a refused consent was recorded: %d", n)
		}
		anon := s.owner.do("POST", "/api/v1/clients/5511955554444/anonymize", nil).must(t, 200).JSON["phone"].(string)
		if r := s.owner.do("POST", "/api/v1/clients/"+anon+"/consent", map[string]any{"granted": true, "source": "in_person"}); r.Status != 422 {
			t.Errorf("consent of an erased client: %d %s", r.Status, r.Body)
		}
		if c := s.owner.do("GET", "/api/v1/clients/"+anon+"/consent", nil).must(t, 200).JSON; len(c["history"].([]any)) != 0 {
			t.Errorf("the erased client's consents stay: %v", c)
		}
		if r := e.client().do("PUT", "/api/v1/public/bookings/"+token+"/consent", map[string]bool{"granted": true}); r.Status != 422 {
			t.Errorf("manage link of an erased client: %d %s", r.Status, r.Body)
		}
	})
}
