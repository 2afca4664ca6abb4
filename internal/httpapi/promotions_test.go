package httpapi_test

import (
	"fmt"
	"strings"
	"testing"

	"agendo/internal/domain"
)

// visits books n past appointments of name/phone with service svc and
// marks them completed.
func (s shop) visits(t *testing.T, name, phone, svc string, days ...int) {
	t.Helper()
	for _, d := range days {
		date := mondayMorning.AddDate(0, 0, -d).Format("2006-01-02")
		ap := s.owner.do("POST", "/api/v1/appointments", appointmentBodyNamed(name, phone, svc, s.ana, date, "10:00")).must(t, 201).JSON
		s.owner.do("PATCH", "/api/v1/appointments/"+ap["id"].(string)+"/status", map[string]string{"status": "completed"}).must(t, 200)
	}
}

// The owner's loyalty card end to end: who earned it and who is one visit
// away, the reward used (once), undone and used again, the card restarting.
func TestALoyaltyCardIsEarnedUsedAndRestarts(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		s := openShop(t, e)
		promo := s.owner.do("POST", "/api/v1/promotions", map[string]any{"name": "3 cortes = 1 escova", "type": "count",
			"targetCount": 3, "serviceId": s.corte, "reward": "Escova grátis"}).must(t, 201).JSON
		id := promo["id"].(string)
		if promo["isActive"] != true {
			t.Fatalf("a new promotion is active: %v", promo)
		}
		s.visits(t, "Maria Souza", "(11) 95555-4444", s.corte, 30, 20, 10, 5) // 4 cortes
		s.visits(t, "Joana Lima", "(11) 96666-5555", s.corte, 15, 8)          // 2 cortes
		s.visits(t, "Joana Lima", "(11) 96666-5555", s.escova, 3)             // not this card's service

		list := s.owner.do("GET", "/api/v1/promotions", nil).must(t, 200)
		if !strings.Contains(string(list.Body), `"earned":1`) || !strings.Contains(string(list.Body), `"oneVisitAway":1`) {
			t.Errorf("summary: %s", list.Body)
		}
		cards := s.owner.do("GET", "/api/v1/promotions/"+id+"/clients", nil).must(t, 200).JSON["cards"].([]any)
		maria, joana := cards[0].(map[string]any), cards[1].(map[string]any)
		if maria["name"] != "Maria Souza" || maria["earned"] != true || maria["appointments"] != float64(4) ||
			joana["earned"] != false || joana["missingVisits"] != float64(1) || joana["oneVisitAway"] != true {
			t.Fatalf("cards: %v", cards)
		}

		used := s.owner.do("POST", "/api/v1/promotions/"+id+"/redemptions", map[string]string{"clientPhone": "(11) 95555-4444"}).must(t, 201).JSON
		if used["reward"] != "Escova grátis" {
			t.Errorf("redemption: %v", used)
		}
		// The fourth corte counts for the next card; one card was used.
		again := s.owner.do("POST", "/api/v1/promotions/"+id+"/redemptions", map[string]string{"clientPhone": "(11) 95555-4444"})
		if again.Status != 409 || again.ErrMessage() != "Este cliente ainda não ganhou o prêmio desta promoção" {
			t.Errorf("a second use: %d %s", again.Status, again.Body)
		}
		rewards := s.owner.do("GET", "/api/v1/clients/5511955554444/rewards", nil).must(t, 200).JSON
		if len(rewards["earned"].([]any)) != 0 || len(rewards["redemptions"].([]any)) != 1 ||
			rewards["cards"].([]any)[0].(map[string]any)["card"].(map[string]any)["appointments"] != float64(1) {
			t.Errorf("after the use: %v", rewards)
		}
		s.owner.do("DELETE", "/api/v1/redemptions/"+used["id"].(string), nil).must(t, 204)
		rewards = s.owner.do("GET", "/api/v1/clients/5511955554444/rewards", nil).must(t, 200).JSON
		if len(rewards["earned"].([]any)) != 1 || len(rewards["redemptions"].([]any)) != 0 {
			t.Errorf("after the undo: %v", rewards)
		}
		s.owner.do("POST", "/api/v1/promotions/"+id+"/redemptions", map[string]string{"clientPhone": "(11) 95555-4444"}).must(t, 201)

		// A new number keeps the used rewards: the card does not start over.
		s.owner.do("PUT", "/api/v1/clients/5511955554444", map[string]string{"name": "Maria Souza", "phone": "(11) 97777-0000"}).must(t, 200)
		moved := s.owner.do("GET", "/api/v1/clients/5511977770000/rewards", nil).must(t, 200).JSON
		if len(moved["earned"].([]any)) != 0 || len(moved["redemptions"].([]any)) != 1 {
			t.Errorf("after a phone change: %v", moved)
		}

		// Switched off, the card has no clients; the edit keeps its id.
		off := s.owner.do("PUT", "/api/v1/promotions/"+id, map[string]any{"name": "3 cortes = 1 escova", "type": "count",
			"targetCount": 3, "serviceId": s.corte, "reward": "Escova grátis", "isActive": false}).must(t, 200).JSON
		if off["id"] != id || off["isActive"] != false {
			t.Errorf("edit: %v", off)
		}
		if c := s.owner.do("GET", "/api/v1/promotions/"+id+"/clients", nil).must(t, 200).JSON["cards"].([]any); len(c) != 0 {
			t.Errorf("an inactive promotion's cards: %v", c)
		}
		s.owner.do("DELETE", "/api/v1/promotions/"+id, nil).must(t, 204)
		s.owner.do("GET", "/api/v1/promotions/"+id+"/clients", nil).must(t, 404)
	})
}

func TestPromotionsAndLevelsRefuseBadInput(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		s := openShop(t, e)
		for name, body := range map[string]map[string]any{
			"target 0":            {"name": "Cartão", "type": "count", "targetCount": 0, "reward": "Escova"},
			"negative target":     {"name": "Cartão", "type": "count", "targetCount": -2, "reward": "Escova"},
			"value without value": {"name": "Cartão", "type": "value", "reward": "Hidratação"},
			"unknown service":     {"name": "Cartão", "type": "count", "targetCount": 5, "reward": "Escova", "serviceId": "0194a000-0000-7000-8000-000000000001"},
			"period backwards":    {"name": "Cartão", "type": "count", "targetCount": 5, "reward": "Escova", "startDate": "2026-12-01", "endDate": "2026-11-01"},
		} {
			r := s.owner.do("POST", "/api/v1/promotions", body)
			if r.Status != 422 || r.ErrMessage() == "" {
				t.Errorf("%s: got %d %s", name, r.Status, r.Body)
			}
		}
		if n := len(jsonList(t, s.owner.do("GET", "/api/v1/promotions", nil).must(t, 200))); n != 0 {
			t.Errorf("refused promotions were saved: %d", n)
		}
		overlap := domain.DefaultGamification()
		overlap.Levels[2].MinAppointments = 4 // Ouro below Prata's 6
		badColour := domain.DefaultGamification()
		badColour.Levels[0].Color = "marrom"
		for name, g := range map[string]domain.Gamification{"overlapping": overlap, "colour": badColour} {
			r := s.owner.do("PUT", "/api/v1/gamification", g)
			if r.Status != 422 || r.ErrMessage() == "" {
				t.Errorf("%s levels: got %d %s", name, r.Status, r.Body)
			}
		}
		if g := s.owner.do("GET", "/api/v1/gamification", nil).must(t, 200).JSON; g["levels"].([]any)[2].(map[string]any)["minAppointments"] != float64(16) {
			t.Errorf("refused levels were saved: %v", g)
		}
	})
}

// The customer sees their level and cards on their booking's link as the
// owner's settings allow, and nothing when they are off.
func TestTheManageLinkShowsLoyaltyAsTheOwnerAllows(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		s := openShop(t, e)
		s.owner.do("POST", "/api/v1/promotions", map[string]any{"name": "3 cortes = 1 escova", "type": "count",
			"targetCount": 3, "reward": "Escova grátis"}).must(t, 201)
		s.visits(t, "Maria Souza", "(11) 95555-4444", s.corte, 30, 20, 10, 9, 8, 7) // 6 visits: Prata
		b := e.client().do("POST", "/api/v1/public/stores/"+s.slug+"/bookings", s.booking(s.ana, "2026-11-26", "10:00")).must(t, 201).JSON
		link := "/api/v1/public/bookings/" + b["token"].(string)
		l := e.client().do("GET", link, nil).must(t, 200).JSON["loyalty"].(map[string]any)
		if l["level"].(map[string]any)["name"] != "Prata" || l["nextMilestone"].(map[string]any)["text"] != "Próximo nível: faltam 10 visitas ou R$ 224,60" ||
			l["totalSpent"] != nil || len(l["promotions"].([]any)) != 1 {
			t.Errorf("loyalty with the defaults: %v", l)
		}
		g := domain.DefaultGamification()
		g.ShowTotalSpent, g.ShowNextMilestone, g.ShowPromotions = true, false, false
		s.owner.do("PUT", "/api/v1/gamification", g).must(t, 200)
		l = e.client().do("GET", link, nil).must(t, 200).JSON["loyalty"].(map[string]any)
		if l["totalSpent"] != float64(6*4590) || l["nextMilestone"] != nil || len(l["promotions"].([]any)) != 0 {
			t.Errorf("loyalty with spent on, milestone and cards off: %v", l)
		}
		g.Enabled = false
		s.owner.do("PUT", "/api/v1/gamification", g).must(t, 200)
		if l := e.client().do("GET", link, nil).must(t, 200).JSON["loyalty"]; l != nil {
			t.Errorf("loyalty off: %v", l)
		}
		// The store page never shows it.
		if page := e.client().do("GET", "/api/v1/public/stores/"+s.slug, nil).must(t, 200); strings.Contains(string(page.Body), "Maria") {
			t.Errorf("the store page names a client: %s", page.Body)
		}
	})
}

// WhatsApp lists: a client not seen for 30 days is listed with a prefilled
// wa.me link, and leaves the list for 7 days once contacted.
func TestWhatsAppListsHideContactedClients(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		s := openShop(t, e)
		s.visits(t, "Maria Souza", "(11) 95555-4444", s.corte, 40)
		s.visits(t, "Joana Lima", "(11) 96666-5555", s.corte, 5)
		// Both agreed to news, in person (TestWhatsAppListsHoldOnlyClientsWhoConsented).
		for _, phone := range []string{"5511955554444", "5511966665555"} {
			s.owner.do("POST", "/api/v1/clients/"+phone+"/consent", map[string]any{"granted": true, "source": "in_person"}).must(t, 201)
		}
		l := s.owner.do("GET", "/api/v1/whatsapp/lists?kind=inactive&days=30", nil).must(t, 200).JSON
		items := l["items"].([]any)
		if len(items) != 1 {
			t.Fatalf("inactive for 30 days: %v", l)
		}
		m := items[0].(map[string]any)
		want := fmt.Sprintf("Olá, Maria! Sentimos sua falta no Studio Bela. Que tal agendar seu próximo horário? http://agendo.test/store/%s", s.slug)
		if m["message"] != want || !strings.HasPrefix(m["link"].(string), "https://wa.me/5511955554444?text=Ol%C3%A1%2C%20Maria") {
			t.Errorf("contact: %v\nwant message %q", m, want)
		}
		s.owner.do("POST", "/api/v1/whatsapp/contacted", map[string]string{"phone": "(11) 95555-4444"}).must(t, 204)
		l = s.owner.do("GET", "/api/v1/whatsapp/lists?kind=inactive&days=30", nil).must(t, 200).JSON
		if len(l["items"].([]any)) != 0 || l["hidden"] != float64(1) {
			t.Errorf("after contacting: %v", l)
		}
		e.clock.Set(mondayMorning.AddDate(0, 0, 8))
		s.owner.signIn("paula@example.com", testPassword).must(t, 200)
		if l := s.owner.do("GET", "/api/v1/whatsapp/lists?kind=inactive&days=30", nil).must(t, 200).JSON; len(l["items"].([]any)) != 1 {
			t.Errorf("8 days later: %v", l)
		}
		// Relatórios' 'Clientes para reativar' asks for 90 days too: Maria
		// was last seen 48 days ago.
		if l := s.owner.do("GET", "/api/v1/whatsapp/lists?kind=inactive&days=90", nil).must(t, 200).JSON; len(l["items"].([]any)) != 0 {
			t.Errorf("inactive for 90 days: %v", l)
		}
		for _, bad := range []string{"kind=todos", "kind=inactive&days=10", "kind=inactive&days=120", "kind=level&level=Platina"} {
			if r := s.owner.do("GET", "/api/v1/whatsapp/lists?"+bad, nil); r.Status != 422 || r.ErrMessage() == "" {
				t.Errorf("%s: got %d %s", bad, r.Status, r.Body)
			}
		}
		if l := s.owner.do("GET", "/api/v1/whatsapp/lists?kind=level&level=Bronze", nil).must(t, 200).JSON; len(l["items"].([]any)) != 2 {
			t.Errorf("Bronze clients: %v", l)
		}
	})
}
