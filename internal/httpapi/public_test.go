package httpapi_test

import (
	"bufio"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"agendo/internal/store"
)

// mondayMorning is 09:00 of Monday 2026-11-23 in São Paulo (UTC−3).
var mondayMorning = time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)

// shop is a published store with two professionals.
type shop struct {
	owner         *client
	slug          string
	ana, bruno    string // professionals
	corte, escova string // services: Corte (both, 45 min, R$ 45,90), Escova (Ana only)
	hidden        string // a service nobody performs
	storeID       string
}

// openShop publishes "Studio Bela" with Pix, open every day 09:00–18:00,
// one hour of notice and 60 days of horizon; the clock is Monday 09:00.
func openShop(t *testing.T, e *env) shop {
	t.Helper()
	e.clock.Set(mondayMorning)
	owner := e.client().signUp("Paula Dona", "paula@example.com")
	owner.premium() // these tests book past the free limit; billing_test.go covers it
	st := validStore("Studio Bela")
	st["paymentSettings"] = map[string]any{"acceptedMethods": []string{"pix", "cash"}, "pixKey": "pix@studiobela.com.br",
		"pixKeyType": "email", "pixReceiverName": "Paula Dona", "pixCity": "São Paulo"}
	owner.do("PUT", "/api/v1/store", st).must(t, 200)
	mine := owner.do("GET", "/api/v1/store", nil).must(t, 200).JSON
	slug := mine["slug"].(string)
	ana := owner.do("POST", "/api/v1/professionals", professionalBody("Ana Lima")).must(t, 201).JSON["id"].(string)
	bruno := owner.do("POST", "/api/v1/professionals", professionalBody("Bruno Alves")).must(t, 201).JSON["id"].(string)
	svc := func(name string, duration, price int, pros ...string) string {
		if pros == nil {
			pros = []string{}
		}
		return owner.do("POST", "/api/v1/services", map[string]any{"name": name, "description": "", "duration": duration,
			"price": price, "professionalIds": pros}).must(t, 201).JSON["id"].(string)
	}
	return shop{owner: owner, slug: slug, storeID: mine["id"].(string), ana: ana, bruno: bruno,
		corte: svc("Corte", 45, 4590, ana, bruno), escova: svc("Escova", 30, 3000, ana), hidden: svc("Sem equipe", 30, 1000)}
}

func (s shop) booking(pro, date, tm string) map[string]any {
	return map[string]any{"serviceId": s.corte, "professionalId": pro, "date": date, "time": tm,
		"clientName": "Maria Souza", "clientPhone": "(11) 95555-4444", "notes": ""}
}

// ownerBooks books a walk-in through the owner's API.
func (s shop) ownerBooks(t *testing.T, pro, date, tm string) {
	t.Helper()
	s.owner.do("POST", "/api/v1/appointments", appointmentBodyNamed("Cliente Antigo", "(21) 97777-1111", s.corte, pro, date, tm)).must(t, 201)
}

func (s shop) appointmentCount(t *testing.T) int {
	t.Helper()
	r := s.owner.do("GET", "/api/v1/appointments?from=2026-01-01&to=2027-12-31&limit=200", nil).must(t, 200)
	return int(r.JSON["total"].(float64))
}

func times(t *testing.T, r resp, date string) []string {
	t.Helper()
	for _, d := range r.JSON["days"].([]any) {
		day := d.(map[string]any)
		if day["date"] == date {
			var out []string
			for _, tm := range day["times"].([]any) {
				out = append(out, tm.(string))
			}
			return out
		}
	}
	t.Fatalf("no day %s in %s", date, r.Body)
	return nil
}

func TestPublicStorePageShowsOnlyWhatIsPublic(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		s := openShop(t, e)
		s.ownerBooks(t, s.ana, "2026-11-24", "09:00")
		r := e.client().do("GET", "/api/v1/public/stores/"+s.slug, nil).must(t, 200)
		st := r.JSON["store"].(map[string]any)
		if st["name"] != "Studio Bela" || st["today"] != "2026-11-23" || st["pixEnabled"] != true {
			t.Errorf("store: %v", st)
		}
		services := r.JSON["services"].([]any)
		if len(services) != 2 {
			t.Errorf("services: want Corte and Escova (not the one nobody performs), got %v", services)
		}
		if n := len(r.JSON["professionals"].([]any)); n != 2 {
			t.Errorf("professionals: %d", n)
		}
		for _, secret := range []string{"pix@studiobela", "pixKey", "Cliente Antigo", "97777", "commissionPct", "userId", "paula@example.com"} {
			if strings.Contains(string(r.Body), secret) {
				t.Errorf("the public page shows %q: %s", secret, r.Body)
			}
		}
		nf := e.client().do("GET", "/api/v1/public/stores/nao-existe", nil).must(t, 404)
		if nf.ErrMessage() != "Loja não encontrada" {
			t.Errorf("unknown slug: %s", nf.Body)
		}
		pro := e.client().do("GET", "/api/v1/public/professionals/"+s.ana, nil).must(t, 200)
		if got := len(pro.JSON["services"].([]any)); got != 2 || pro.JSON["professional"].(map[string]any)["name"] != "Ana Lima" {
			t.Errorf("professional page: %s", pro.Body)
		}
		brunoPage := e.client().do("GET", "/api/v1/public/professionals/"+s.bruno, nil).must(t, 200)
		if got := len(brunoPage.JSON["services"].([]any)); got != 1 {
			t.Errorf("Bruno performs only Corte: %s", brunoPage.Body)
		}
		e.client().do("GET", "/api/v1/public/professionals/0190aaaa-0000-7000-8000-000000000000", nil).must(t, 404)
	})
}

func TestPublicAvailabilityAppliesEveryRule(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		s := openShop(t, e)
		s.ownerBooks(t, s.ana, "2026-11-24", "10:00")
		s.owner.do("POST", "/api/v1/blocked-times", map[string]any{"professionalId": s.ana, "date": "2026-11-24",
			"startTime": "12:00", "endTime": "13:00", "reason": "Almoço"}).must(t, 201)
		c := e.client()
		q := func(pro string) resp {
			return c.do("GET", "/api/v1/public/stores/"+s.slug+"/availability?serviceId="+s.corte+"&professionalId="+pro+"&from=2026-11-23&days=2", nil).must(t, 200)
		}
		ana := times(t, q(s.ana), "2026-11-24")
		for _, taken := range []string{"09:30", "10:00", "10:30", "11:30", "12:00", "12:30"} {
			if slices.Contains(ana, taken) {
				t.Errorf("Ana is offered at %s though busy: %v", taken, ana)
			}
		}
		if !slices.Contains(ana, "09:00") || !slices.Contains(ana, "13:00") || slices.Contains(ana, "17:30") {
			t.Errorf("Ana's day: %v", ana)
		}
		// Today: nothing before 10:00 (one hour of notice from 09:00).
		today := times(t, q(s.ana), "2026-11-23")
		if len(today) == 0 || today[0] != "10:00" {
			t.Errorf("today starts at %v, want 10:00", today)
		}
		// "any" unites Ana and Bruno: Bruno is free at 10:00.
		if anyTimes := times(t, q("any"), "2026-11-24"); !slices.Contains(anyTimes, "10:00") || !slices.Contains(anyTimes, "12:00") {
			t.Errorf("any: %v", anyTimes)
		}
		beyond := c.do("GET", "/api/v1/public/stores/"+s.slug+"/availability?serviceId="+s.corte+"&professionalId=any&from=2027-01-21&days=3", nil).must(t, 200)
		if got := times(t, beyond, "2027-01-23"); len(got) != 0 {
			t.Errorf("beyond the 60-day horizon: %v", got)
		}
		for _, bad := range []string{
			"serviceId=" + s.escova + "&professionalId=" + s.bruno, // Bruno does not perform Escova
			"serviceId=" + s.hidden + "&professionalId=any",
			"serviceId=" + s.corte + "&professionalId=any&days=40",
			"serviceId=" + s.corte + "&professionalId=any&from=2026-02-30",
		} {
			r := c.do("GET", "/api/v1/public/stores/"+s.slug+"/availability?"+bad, nil)
			if r.Status != 422 || r.ErrMessage() == "" {
				t.Errorf("%s: got %d %s", bad, r.Status, r.Body)
			}
		}
	})
}

// events opens c's event stream and returns the data lines it receives.
func events(t *testing.T, e *env, c *client) <-chan string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, "GET", e.srv.URL+"/api/v1/events", nil)
	req.Header.Set("Authorization", "Bearer "+c.token)
	res, err := http.DefaultClient.Do(req)
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("stream: %v %v", err, res)
	}
	out := make(chan string, 16)
	go func() {
		r := bufio.NewReader(res.Body)
		for {
			l, err := r.ReadString('\n')
			if err != nil {
				return
			}
			if strings.HasPrefix(l, `data: {"type"`) {
				out <- l
			}
		}
	}()
	deadline := time.Now().Add(5 * time.Second)
	for e.broker.Count() == 0 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	return out
}

func expectEvent(t *testing.T, ch <-chan string, typ, id string) {
	t.Helper()
	select {
	case l := <-ch:
		if !strings.Contains(l, `"`+typ+`"`) || !strings.Contains(l, id) {
			t.Errorf("event %q, want %s for %s", l, typ, id)
		}
	case <-time.After(5 * time.Second): // waited out only when it fails
		t.Fatalf("no %s event within 5 s", typ)
	}
}

func TestPublicBookingWithAnyProfessional(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		s := openShop(t, e)
		s.ownerBooks(t, s.ana, "2026-11-24", "15:00") // Ana already has a client that day
		live := events(t, e, s.owner)
		customer := e.client()

		first := customer.do("POST", "/api/v1/public/stores/"+s.slug+"/bookings", s.booking("any", "2026-11-24", "10:00")).must(t, 201).JSON
		if pro := first["professional"].(map[string]any); pro["name"] != "Bruno Alves" {
			t.Errorf("any picked %v, want Bruno (fewer appointments that day)", pro)
		}
		if first["status"] != "scheduled" || first["clientPhone"] != "+5511955554444" || first["token"] == "" || first["canChange"] != true {
			t.Errorf("booking: %v", first)
		}
		pix, _ := first["pix"].(map[string]any)
		if code, _ := pix["code"].(string); !strings.HasPrefix(code, "000201") || !strings.Contains(code, "540545.90") ||
			!strings.Contains(code, "pix@studiobela.com.br") || pix["amount"] != 4590.0 {
			t.Errorf("pix: %v", pix)
		}
		expectEvent(t, live, "appointment.booked", first["id"].(string))

		// The owner sees it, marked as an online booking.
		ap := s.owner.do("GET", "/api/v1/appointments/"+first["id"].(string), nil).must(t, 200).JSON
		if ap["source"] != "public" || ap["clientName"] != "Maria Souza" || ap["professionalId"] != s.bruno {
			t.Errorf("the owner sees %v", ap)
		}
		// Bruno is now taken at 10:00: the next "any" goes to Ana, then nobody is left.
		second := customer.do("POST", "/api/v1/public/stores/"+s.slug+"/bookings", s.booking("any", "2026-11-24", "10:00")).must(t, 201).JSON
		if second["professional"].(map[string]any)["name"] != "Ana Lima" {
			t.Errorf("second any: %v", second["professional"])
		}
		third := customer.do("POST", "/api/v1/public/stores/"+s.slug+"/bookings", s.booking("any", "2026-11-24", "10:00")).must(t, 409)
		if third.ErrMessage() != "Este horário acabou de ser reservado. Escolha outro horário." {
			t.Errorf("409 message: %s", third.Body)
		}
		if n := s.appointmentCount(t); n != 3 {
			t.Errorf("appointments: %d, want 3", n)
		}
	})
}

func TestPublicBookingRejectsBadInput(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		s := openShop(t, e)
		s.ownerBooks(t, s.ana, "2026-11-24", "09:00")
		other := seedCatalogue(t, e.client().signUp("Outra Dona", "outra@example.com"))
		before := s.appointmentCount(t)
		with := func(change map[string]any) map[string]any {
			b := s.booking(s.ana, "2026-11-24", "11:00")
			for k, v := range change {
				b[k] = v
			}
			return b
		}
		cases := []struct {
			name   string
			body   map[string]any
			status int
			want   string
		}{
			{"slot just taken", with(map[string]any{"time": "09:00"}), 409, "acabou de ser reservado"},
			{"overlapping the taken slot", with(map[string]any{"time": "09:30"}), 409, "acabou de ser reservado"},
			{"after closing", with(map[string]any{"time": "19:00"}), 422, "fora do expediente"},
			{"ending after closing", with(map[string]any{"time": "17:30"}), 422, "fora do expediente"},
			{"off the booking interval", with(map[string]any{"time": "11:10"}), 422, "fora do expediente"},
			{"in the past", with(map[string]any{"date": "2026-11-22"}), 422, "já passou"},
			{"inside the minimum notice", with(map[string]any{"date": "2026-11-23", "time": "09:30"}), 422, "1 hora de antecedência"},
			{"beyond the horizon", with(map[string]any{"date": "2027-02-01"}), 422, "até 60 dias"},
			{"a service the professional does not perform", with(map[string]any{"serviceId": s.escova, "professionalId": s.bruno}), 422, "não realiza"},
			{"a service nobody performs", with(map[string]any{"serviceId": s.hidden}), 422, "Serviço não encontrado"},
			{"another store's service", with(map[string]any{"serviceId": other["services"]}), 422, "Serviço não encontrado"},
			{"another store's professional", with(map[string]any{"professionalId": other["professionals"]}), 422, "Profissional não encontrado"},
			{"a phone that is not Brazilian", with(map[string]any{"clientPhone": "+1 415 555 0100"}), 422, ""},
			{"a short phone", with(map[string]any{"clientPhone": "12345"}), 422, ""},
			{"an empty name", with(map[string]any{"clientName": "   "}), 422, ""},
			{"an impossible date", with(map[string]any{"date": "2026-02-30"}), 422, ""},
			{"an impossible time", with(map[string]any{"time": "24:30"}), 422, ""},
		}
		c := e.client()
		for _, tc := range cases {
			r := c.do("POST", "/api/v1/public/stores/"+s.slug+"/bookings", tc.body)
			if r.Status != tc.status || r.ErrMessage() == "" || !strings.Contains(r.ErrMessage(), tc.want) {
				t.Errorf("%s: got %d %s, want %d %q", tc.name, r.Status, r.Body, tc.status, tc.want)
			}
		}
		c.do("POST", "/api/v1/public/stores/nao-existe/bookings", s.booking(s.ana, "2026-11-24", "11:00")).must(t, 404)
		c.do("POST", "/api/v1/public/stores/"+s.slug+"/bookings", `{"serviceId": 1}`).must(t, 422)
		if n := s.appointmentCount(t); n != before {
			t.Errorf("bad input saved something: %d appointments, want %d", n, before)
		}
	}, envOptions{publicPerIP: 1000})
}

func TestManageLinkShowsMovesAndCancels(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		s := openShop(t, e)
		live := events(t, e, s.owner)
		customer := e.client()
		b := customer.do("POST", "/api/v1/public/stores/"+s.slug+"/bookings", s.booking(s.ana, "2026-11-24", "10:00")).must(t, 201).JSON
		expectEvent(t, live, "appointment.booked", b["id"].(string))
		tok := b["token"].(string)
		base := "/api/v1/public/bookings/" + tok

		got := e.client().do("GET", base, nil).must(t, 200).JSON
		if got["id"] != b["id"] || got["service"].(map[string]any)["name"] != "Corte" {
			t.Errorf("manage page: %v", got)
		}
		tampered := tok[:len(tok)-1] + map[bool]string{true: "A", false: "B"}[!strings.HasSuffix(tok, "A")]
		if r := e.client().do("GET", "/api/v1/public/bookings/"+tampered, nil).must(t, 404); !strings.Contains(r.ErrMessage(), "Link inválido") {
			t.Errorf("tampered token: %s", r.Body)
		}
		e.client().do("POST", "/api/v1/public/bookings/"+tampered+"/cancel", nil).must(t, 404)

		// Its own slot counts as free when moving.
		avail := e.client().do("GET", base+"/availability?from=2026-11-24&days=1", nil).must(t, 200)
		if !slices.Contains(times(t, avail, "2026-11-24"), "10:00") {
			t.Errorf("moving: own slot not offered: %s", avail.Body)
		}
		moved := e.client().do("PUT", base, map[string]string{"date": "2026-11-24", "time": "11:00"}).must(t, 200).JSON
		if moved["time"] != "11:00" {
			t.Errorf("moved: %v", moved)
		}
		expectEvent(t, live, "appointment.updated", b["id"].(string))
		public := func() []string {
			return times(t, e.client().do("GET", "/api/v1/public/stores/"+s.slug+"/availability?serviceId="+s.corte+
				"&professionalId="+s.ana+"&from=2026-11-24&days=1", nil).must(t, 200), "2026-11-24")
		}
		if ts := public(); !slices.Contains(ts, "10:00") || slices.Contains(ts, "11:00") {
			t.Errorf("after moving to 11:00: %v", ts)
		}
		s.ownerBooks(t, s.ana, "2026-11-24", "14:00")
		e.client().do("PUT", base, map[string]string{"date": "2026-11-24", "time": "14:00"}).must(t, 409)

		ics := e.client().do("GET", base+"/calendar.ics", nil).must(t, 200)
		for _, want := range []string{"BEGIN:VCALENDAR\r\n", "DTSTART:20261124T140000Z", "DTEND:20261124T144500Z",
			"SUMMARY:Corte — Studio Bela", "http://agendo.test/agendamento/"} {
			if !strings.Contains(strings.ReplaceAll(string(ics.Body), "\r\n ", ""), want) {
				t.Errorf("ics lacks %q:\n%s", want, ics.Body)
			}
		}
		if ct := ics.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/calendar") {
			t.Errorf("ics content type %q", ct)
		}

		cancelled := e.client().do("POST", base+"/cancel", nil).must(t, 200).JSON
		if cancelled["status"] != "cancelled" || cancelled["canChange"] != false || cancelled["pix"] != nil {
			t.Errorf("cancelled: %v", cancelled)
		}
		if !slices.Contains(public(), "11:00") {
			t.Error("a cancelled slot is not offered again")
		}
		if r := e.client().do("POST", base+"/cancel", nil).must(t, 422); !strings.Contains(r.ErrMessage(), "cancelado") {
			t.Errorf("cancel twice: %s", r.Body)
		}
		e.client().do("PUT", base, map[string]string{"date": "2026-11-25", "time": "11:00"}).must(t, 422)
	})
}

func TestManageLinkClosesAtTheMinimumNotice(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		s := openShop(t, e)
		b := e.client().do("POST", "/api/v1/public/stores/"+s.slug+"/bookings", s.booking(s.ana, "2026-11-23", "11:00")).must(t, 201).JSON
		e.clock.Advance(61 * time.Minute) // 10:01: less than an hour before 11:00
		base := "/api/v1/public/bookings/" + b["token"].(string)
		if got := e.client().do("GET", base, nil).must(t, 200).JSON; got["canChange"] != false {
			t.Errorf("canChange after the deadline: %v", got)
		}
		r := e.client().do("POST", base+"/cancel", nil).must(t, 422)
		if !strings.Contains(r.ErrMessage(), "até 1 hora antes") {
			t.Errorf("late cancel: %s", r.Body)
		}
		e.client().do("PUT", base, map[string]string{"date": "2026-11-24", "time": "11:00"}).must(t, 422)
		s.owner.signIn("paula@example.com", testPassword) // the clock moved past the access token
		if ap := s.owner.do("GET", "/api/v1/appointments/"+b["id"].(string), nil).must(t, 200).JSON; ap["status"] != "scheduled" || ap["time"] != "11:00" {
			t.Errorf("a late change went through: %v", ap)
		}
	})
}

func TestPublicBookingsAreRateLimited(t *testing.T) {
	storeLimit := envOptions{publicPerIP: 1000, publicPerStore: 3}
	eachEngine(t, func(t *testing.T, e *env) {
		s := openShop(t, e)
		c := e.client()
		for i := range 10 {
			r := c.do("POST", "/api/v1/public/stores/"+s.slug+"/bookings", s.booking("any", "2026-11-25", fmt.Sprintf("%02d:00", 9+i)))
			if r.Status == 429 {
				t.Fatalf("booking %d refused: %s", i+1, r.Body)
			}
		}
		r := c.do("POST", "/api/v1/public/stores/"+s.slug+"/bookings", s.booking("any", "2026-11-26", "10:00")).must(t, 429)
		if r.Header.Get("Retry-After") == "" || !strings.Contains(r.ErrMessage(), "Muitas tentativas") {
			t.Errorf("11th booking: %v %s", r.Header, r.Body)
		}
	})
	eachEngine(t, func(t *testing.T, e *env) {
		s := openShop(t, e)
		for i := range 3 {
			e.client().do("POST", "/api/v1/public/stores/"+s.slug+"/bookings", s.booking("any", "2026-11-25", fmt.Sprintf("%02d:00", 9+i))).must(t, 201)
		}
		e.client().do("POST", "/api/v1/public/stores/"+s.slug+"/bookings", s.booking("any", "2026-11-25", "14:00")).must(t, 429)
	}, storeLimit)
}

func TestPageViewsKeepNoPersonalData(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		s := openShop(t, e)
		b := e.client().do("POST", "/api/v1/public/stores/"+s.slug+"/bookings", s.booking(s.ana, "2026-11-24", "10:00")).must(t, 201).JSON
		c := e.client()
		for _, v := range []map[string]string{
			{"path": "/store/" + s.slug, "referrer": "https://l.instagram.com/?u=https%3A%2F%2Fx&e=maria%40example.com"},
			{"path": "/store/" + url.PathEscape(s.slug), "referrer": ""},
			{"path": "/profissional/" + s.ana, "referrer": "nada"},
			{"path": "/agendamento/" + b["token"].(string), "referrer": ""},
		} {
			c.do("POST", "/api/v1/analytics/pageview", v).must(t, 204)
		}
		for _, bad := range []string{"/dashboard", "/store/nao-existe", "/agendamento/forjado", "/profissional/x"} {
			c.do("POST", "/api/v1/analytics/pageview", map[string]string{"path": bad, "referrer": ""}).must(t, 422)
		}
		views := pageViews(t, e, s.storeID)
		if len(views) != 4 {
			t.Fatalf("page views: %v", views)
		}
		for _, v := range views {
			row := strings.Join(v, "|")
			for _, secret := range []string{"127.0.0.1", b["token"].(string), "maria", "Go-http-client", "?"} {
				if strings.Contains(row, secret) {
					t.Errorf("a page view keeps %q: %s", secret, row)
				}
			}
		}
		if views[0][1] != "https://l.instagram.com" || views[3][0] != "/agendamento" {
			t.Errorf("views: %v", views)
		}
		if views[0][2] != views[1][2] || len(views[0][2]) != 32 {
			t.Errorf("one visitor, one hash: %v", views)
		}
	})
}

// pageViews reads a store's page views as [path, referrer, visitor hash].
func pageViews(t *testing.T, e *env, storeID string) [][]string {
	t.Helper()
	var out [][]string
	err := e.db.Read(context.Background(), func(tx *store.Tx) error {
		vs, err := tx.PageViews(context.Background(), storeID, "2026-01-01", "2027-12-31")
		for _, v := range vs {
			out = append(out, []string{v.Path, v.Referrer, v.VisitorHash, v.Day, v.ID})
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestPublicPagesCarryTheirLinkPreview: a store's link shared on WhatsApp or
// Instagram shows its name and description from the HTML alone; a manage
// link names nothing and stays out of search engines.
func TestPublicPagesCarryTheirLinkPreview(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		s := openShop(t, e)
		c := e.client()
		page := string(c.do("GET", "/store/"+s.slug, nil).must(t, 200).Body)
		for _, want := range []string{
			`<title>Studio Bela · Agende seu horário</title>`,
			`<meta name="description" content="Cortes e cuidados">`,
			`<meta property="og:title" content="Studio Bela">`,
			`<meta property="og:url" content="http://agendo.test/store/` + s.slug + `">`,
			`<link rel="preload" as="fetch" crossorigin href="/api/v1/public/stores/` + s.slug + `">`,
		} {
			if !strings.Contains(page, want) {
				t.Errorf("store page lacks %s:\n%s", want, page)
			}
		}
		if strings.Count(page, "<title>") != 1 || strings.Contains(page, "<title>Agendo</title>") {
			t.Errorf("store page keeps the app's title:\n%s", page)
		}

		pro := string(c.do("GET", "/profissional/"+s.ana, nil).must(t, 200).Body)
		if !strings.Contains(pro, `<title>Ana Lima · Studio Bela</title>`) ||
			!strings.Contains(pro, `content="Cabeleireira. Agende seu horário com Ana Lima em Studio Bela."`) {
			t.Errorf("professional page preview:\n%s", pro)
		}

		b := c.do("POST", "/api/v1/public/stores/"+s.slug+"/bookings", s.booking(s.ana, "2026-11-24", "10:00")).must(t, 201).JSON
		m := c.do("GET", "/agendamento/"+b["token"].(string), nil).must(t, 200)
		if m.Header.Get("X-Robots-Tag") != "noindex" {
			t.Errorf("manage page X-Robots-Tag %q", m.Header.Get("X-Robots-Tag"))
		}
		manage := string(m.Body)
		if !strings.Contains(manage, `<meta name="robots" content="noindex">`) || strings.Contains(manage, "Maria") ||
			strings.Contains(manage, "og:") {
			t.Errorf("manage page head:\n%s", manage)
		}

		// Unknown stores keep the app's head; the app shows its not-found page.
		unknown := string(c.do("GET", "/store/nao-existe", nil).must(t, 200).Body)
		if !strings.Contains(unknown, "<title>Agendo</title>") || strings.Contains(unknown, "og:") {
			t.Errorf("unknown store head:\n%s", unknown)
		}
	})
}

// TestStoreHeroMatchesTheApp: the hero the server paints (prerender.go) uses
// only classes the app's store page uses, so the two look the same and the
// page taking over does not jump; and it escapes what the owner typed.
func TestStoreHeroMatchesTheApp(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		s := openShop(t, e)
		st := validStore(`Studio <b>Bela</b>`)
		st["description"] = `Cortes & "cor"`
		s.owner.do("PUT", "/api/v1/store", st).must(t, 200)
		slug := s.owner.do("GET", "/api/v1/store", nil).must(t, 200).JSON["slug"].(string)
		page := string(e.client().do("GET", "/store/"+slug, nil).must(t, 200).Body)
		for _, want := range []string{
			`<div id="root"><div data-prerendered class="pb-20 sm:pb-0"><header`,
			`style="background-image: linear-gradient(135deg, #7c3aed 0%, #a855f7 100%)"`,
			`sm:text-3xl">Studio &lt;b&gt;Bela&lt;/b&gt;</h1>`,
			`<p class="mt-2 max-w-xl text-white/90">Cortes &amp; &#34;cor&#34;</p>`,
			`<span aria-hidden="true">S&lt;</span>`, // the initials, escaped too
			`Agendar horário</span>`,
			`WhatsApp</span>`,
		} {
			if !strings.Contains(page, want) {
				t.Errorf("store page lacks %s:\n%s", want, page)
			}
		}
		tsx, err := os.ReadFile("../../web/src/features/public/components/store-page.tsx")
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range regexp.MustCompile(`class="([^"]*)"`).FindAllStringSubmatch(page, -1) {
			for _, class := range strings.Fields(m[1]) {
				if !strings.Contains(string(tsx), class) {
					t.Errorf("the painted hero uses %q, which store-page.tsx does not", class)
				}
			}
		}
	})
}

// What a Prometheus scrape shows after one online booking and one clash.
func TestMetricsCountBookingsAndLatency(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		s := openShop(t, e)
		customer := e.client()
		customer.do("POST", "/api/v1/public/stores/"+s.slug+"/bookings", s.booking(s.ana, "2026-11-24", "10:00")).must(t, 201)
		customer.do("POST", "/api/v1/public/stores/"+s.slug+"/bookings", s.booking(s.ana, "2026-11-24", "10:00")).must(t, 409)
		scrape := string(e.client().do("GET", "/metrics", nil).must(t, 200).Body)
		for _, want := range []string{
			`agendo_bookings_total{outcome="created",source="public"} 1`,
			`agendo_bookings_total{outcome="conflict",source="public"} 1`,
			`agendo_bookings_total{outcome="created",source="owner"} 0`,
			`agendo_http_request_duration_seconds_count{code="2xx",method="POST",route="/api/v1/public/stores/{slug}/bookings"} 1`,
			`agendo_http_request_duration_seconds_bucket{code="4xx",method="POST",route="/api/v1/public/stores/{slug}/bookings",le="+Inf"} 1`,
			`agendo_http_requests_in_flight 1`, // the scrape itself
			`agendo_sse_subscribers 0`,
			`agendo_build_info{commit="",go="",version=""} 1`,
			"go_goroutines ",
			"go_sql_open_connections{db_name=",
			"process_resident_memory_bytes ",
		} {
			if !strings.Contains(scrape, want) {
				t.Errorf("the scrape lacks %s", want)
			}
		}
		if strings.Contains(scrape, s.slug) {
			t.Error("the scrape names a store's slug")
		}
	})
}

// Public availability is served from a cache of busy times; every kind of
// write of the agenda shows on the next request (DESIGN.md section 12).
func TestPublicAvailabilityFollowsEveryAgendaWrite(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		s := openShop(t, e)
		c := e.client()
		ana := func() []string {
			t.Helper()
			return times(t, c.do("GET", "/api/v1/public/stores/"+s.slug+"/availability?serviceId="+s.corte+
				"&professionalId="+s.ana+"&from=2026-11-23&days=7", nil).must(t, 200), "2026-11-25")
		}
		offered := func(tm string, want bool, after string) {
			t.Helper()
			if got := slices.Contains(ana(), tm); got != want {
				t.Errorf("after %s: %s offered = %v, want %v", after, tm, got, want)
			}
		}
		offered("10:00", true, "nothing")
		b := c.do("POST", "/api/v1/public/stores/"+s.slug+"/bookings", s.booking(s.ana, "2026-11-25", "10:00")).must(t, 201).JSON
		offered("10:00", false, "an online booking")
		c.do("POST", "/api/v1/public/bookings/"+b["token"].(string)+"/cancel", nil).must(t, 200)
		offered("10:00", true, "the customer's cancellation")

		ap := s.owner.do("POST", "/api/v1/appointments", appointmentBodyNamed("Cliente Antigo", "(21) 97777-1111", s.corte, s.ana, "2026-11-25", "14:00")).must(t, 201).JSON
		offered("14:00", false, "the owner's booking")
		moved := appointmentBodyNamed("Cliente Antigo", "(21) 97777-1111", s.corte, s.ana, "2026-11-25", "15:00")
		s.owner.do("PUT", "/api/v1/appointments/"+ap["id"].(string), moved).must(t, 200)
		offered("14:00", true, "a move away")
		offered("15:00", false, "a move to")
		trashed := s.owner.do("DELETE", "/api/v1/appointments/"+ap["id"].(string), nil).must(t, 200).JSON
		offered("15:00", true, "a deletion")
		s.owner.do("POST", "/api/v1/trash/"+trashed["id"].(string)+"/restore", nil).must(t, 201)
		offered("15:00", false, "a restore")

		bt := s.owner.do("POST", "/api/v1/blocked-times", map[string]any{"professionalId": s.ana, "date": "2026-11-25",
			"startTime": "08:00", "endTime": "09:30", "reason": "Médico"}).must(t, 201).JSON
		offered("09:00", false, "a blocked time")
		s.owner.do("DELETE", "/api/v1/blocked-times/"+bt["id"].(string), nil).must(t, 204)
		offered("09:00", true, "the blocked time's removal")
	})
}

// TestStorePageIsCompressed: the store page's HTML, made per request, goes
// gzip-compressed to a browser that accepts it, and plain to one that does not.
func TestStorePageIsCompressed(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		s := openShop(t, e)
		get := func(accept string) *http.Response {
			req, _ := http.NewRequest("GET", e.srv.URL+"/store/"+s.slug, nil)
			req.Header.Set("Accept-Encoding", accept) // set by hand: the transport then leaves the body as sent
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { res.Body.Close() })
			return res
		}
		res := get("gzip, deflate, br")
		if res.Header.Get("Content-Encoding") != "gzip" || !strings.Contains(res.Header.Get("Vary"), "Accept-Encoding") {
			t.Fatalf("store page headers %v", res.Header)
		}
		zr, err := gzip.NewReader(res.Body)
		if err != nil {
			t.Fatal(err)
		}
		page, err := io.ReadAll(zr)
		if err != nil || !strings.Contains(string(page), "data-prerendered") {
			t.Fatalf("gunzipped page (%v):\n%s", err, page)
		}
		plain := get("identity")
		body, _ := io.ReadAll(plain.Body)
		if plain.Header.Get("Content-Encoding") != "" || !strings.Contains(string(body), "data-prerendered") {
			t.Fatalf("identity page %v:\n%s", plain.Header, body)
		}
	})
}
