package httpapi_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"image"
	"image/jpeg"
	"strings"
	"testing"
	"time"

	"agendo/internal/domain"
	"agendo/internal/store"
)

func TestStoreProfileAndSlug(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		a := e.client().signUp("Ana", "ana@example.com")
		st := a.do("PUT", "/api/v1/store", validStore("Salão Bela Vista")).must(t, 200).JSON
		if st["slug"] != "salao-bela-vista" || st["phone"] != "+551134567890" {
			t.Errorf("store: slug %v phone %v", st["slug"], st["phone"])
		}
		sm := st["socialMedia"].(map[string]any)
		if sm["instagram"] != "salao" || sm["whatsapp"] != "+5511912345678" {
			t.Errorf("social media normalised: got %v", sm)
		}
		// Saving again with the same name keeps the address.
		if again := a.do("PUT", "/api/v1/store", validStore("Salão Bela Vista")).must(t, 200).JSON; again["slug"] != "salao-bela-vista" {
			t.Errorf("slug changed on resave: %v", again["slug"])
		}
		// Another store with the same name gets a numbered address.
		b := e.client().signUp("Bia", "bia@example.com")
		if st := b.do("PUT", "/api/v1/store", validStore("Salão  Bela Vista!")).must(t, 200).JSON; st["slug"] != "salao-bela-vista-2" {
			t.Errorf("second slug: got %v", st["slug"])
		}
		if o := a.do("GET", "/api/v1/onboarding", nil).must(t, 200).JSON; o["complete"] != false ||
			o["steps"].(map[string]any)["store"] != true || o["steps"].(map[string]any)["professional"] != false {
			t.Errorf("onboarding after store: %v", o)
		}
	})
}

func TestStoreProfileRejectsBadInput(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		a := e.client().signUp("Ana", "ana@example.com")
		a.do("PUT", "/api/v1/store", validStore("Salão Original")).must(t, 200)
		mod := func(f func(m map[string]any)) map[string]any { m := validStore("Outro nome"); f(m); return m }
		day := func(open, close string, isOpen bool) map[string]any {
			return map[string]any{"open": open, "close": close, "isOpen": isOpen}
		}
		cases := []struct {
			name  string
			body  map[string]any
			field string
		}{
			{"closing before opening", mod(func(m map[string]any) { m["workingHours"].(map[string]any)["monday"] = day("18:00", "09:00", true) }), "workingHours.monday"},
			{"hour 25", mod(func(m map[string]any) { m["workingHours"].(map[string]any)["friday"] = day("25:00", "26:00", true) }), "workingHours.friday"},
			{"six days", mod(func(m map[string]any) { delete(m["workingHours"].(map[string]any), "sunday") }), "workingHours"},
			{"booking flow", mod(func(m map[string]any) { m["bookingFlow"] = "random" }), "bookingFlow"},
			{"gradient with script", mod(func(m map[string]any) { m["heroGradient"] = "url(javascript:alert(1))" }), "heroGradient"},
			{"time zone", mod(func(m map[string]any) { m["timeZone"] = "Marte/Olympus" }), "timeZone"},
			{"negative notice", mod(func(m map[string]any) { m["minNoticeMin"] = -5 }), "minNoticeMin"},
			{"absurd horizon", mod(func(m map[string]any) { m["horizonDays"] = 5000 }), "horizonDays"},
			{"phone", mod(func(m map[string]any) { m["phone"] = "12345" }), "phone"},
			{"facebook elsewhere", mod(func(m map[string]any) { m["socialMedia"].(map[string]any)["facebook"] = "https://evil.example/page" }), "socialMedia.facebook"},
			{"pix without key", mod(func(m map[string]any) {
				m["paymentSettings"] = map[string]any{"acceptedMethods": []string{"pix"}, "pixKey": "", "pixKeyType": "cpf", "pixReceiverName": "Ana", "pixCity": "SAO PAULO"}
			}), "paymentSettings.pixKey"},
			{"pix key of the wrong type", mod(func(m map[string]any) {
				m["paymentSettings"] = map[string]any{"acceptedMethods": []string{"pix"}, "pixKey": "123", "pixKeyType": "cpf", "pixReceiverName": "Ana", "pixCity": "SAO PAULO"}
			}), "paymentSettings.pixKey"},
			{"unknown method", mod(func(m map[string]any) {
				m["paymentSettings"] = map[string]any{"acceptedMethods": []string{"bitcoin"}, "pixKey": "", "pixKeyType": "", "pixReceiverName": "", "pixCity": ""}
			}), "paymentSettings.acceptedMethods"},
			{"logo not uploaded", mod(func(m map[string]any) { m["logo"] = "/files/01a20113-90f5-77b0-af3f-50f1928876ed" }), "logo"},
			{"name too long", mod(func(m map[string]any) { m["name"] = strings.Repeat("x", 121) }), "name"},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				r := a.do("PUT", "/api/v1/store", tc.body)
				if r.Status != 422 {
					t.Fatalf("got %d %s, want 422", r.Status, r.Body)
				}
				fields, _ := r.JSON["error"].(map[string]any)["fields"].(map[string]any)
				if fields[tc.field] == nil || r.ErrMessage() == "" {
					t.Errorf("got fields %v, want one for %s", fields, tc.field)
				}
			})
		}
		if st := a.do("GET", "/api/v1/store", nil).JSON; st["name"] != "Salão Original" {
			t.Errorf("rejected updates changed the store: %v", st["name"])
		}
	})
}

func TestProfessionalsAndServices(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		a := e.client().signUp("Ana", "ana@example.com")
		photo := a.upload("photo", pngBytes(t, 30, 30)).must(t, 201).JSON["url"].(string)
		p1 := a.do("POST", "/api/v1/professionals", professionalBody("Carla", photo)).must(t, 201).JSON
		e.clock.Advance(time.Second)
		body := professionalBody("Diego")
		body["specialties"] = []string{"Barba", "barba", " Degradê "}
		body["calendarType"] = "google"
		body["googleCalendarEmbed"] = "https://calendar.google.com/calendar/embed?src=diego%40gmail.com"
		delete(body, "bookingInterval") // left out: the default
		p2 := a.do("POST", "/api/v1/professionals", body).must(t, 201).JSON
		if fmt.Sprint(p2["specialties"]) != "[Barba Degradê]" || p2["bookingInterval"] != float64(30) {
			t.Errorf("professional cleaned: specialties %v interval %v", p2["specialties"], p2["bookingInterval"])
		}
		list := a.do("GET", "/api/v1/professionals", nil).must(t, 200)
		var names []string
		for _, it := range jsonList(t, list) {
			names = append(names, it["name"].(string))
		}
		if strings.Join(names, ",") != "Carla,Diego" {
			t.Errorf("professionals by created_at: got %v", names)
		}

		svc := a.do("POST", "/api/v1/services", map[string]any{"name": "Corte feminino", "description": "Com escova",
			"duration": 60, "price": 12990, "professionalIds": []string{p1["id"].(string), p2["id"].(string)}}).must(t, 201).JSON
		if svc["price"] != float64(12990) || len(svc["professionalIds"].([]any)) != 2 {
			t.Errorf("service: %v", svc)
		}
		upd := a.do("PUT", "/api/v1/services/"+svc["id"].(string), map[string]any{"name": "Corte", "description": "",
			"duration": 45, "price": nil, "professionalIds": []string{p1["id"].(string)}}).must(t, 200).JSON
		if upd["price"] != nil || upd["createdAt"] != svc["createdAt"] {
			t.Errorf("updated service: %v", upd)
		}

		bad := []struct {
			name, path string
			body       map[string]any
			field      string
		}{
			{"embed from another site", "/api/v1/professionals", func() map[string]any {
				b := professionalBody("Eva")
				b["calendarType"] = "google"
				b["googleCalendarEmbed"] = "https://evil.example/calendar/embed?x"
				return b
			}(), "googleCalendarEmbed"},
			{"google without embed", "/api/v1/professionals", func() map[string]any {
				b := professionalBody("Eva")
				b["calendarType"] = "google"
				return b
			}(), "googleCalendarEmbed"},
			{"interval of 1000", "/api/v1/professionals", func() map[string]any { b := professionalBody("Eva"); b["bookingInterval"] = 1000; return b }(), "bookingInterval"},
			{"commission 150", "/api/v1/professionals", func() map[string]any { b := professionalBody("Eva"); b["commissionPct"] = 150; return b }(), "commissionPct"},
			{"empty name", "/api/v1/professionals", professionalBody("  "), "name"},
			{"negative duration", "/api/v1/services", map[string]any{"name": "X", "duration": -30}, "duration"},
			{"absurd duration", "/api/v1/services", map[string]any{"name": "X", "duration": 100000}, "duration"},
			{"negative price", "/api/v1/services", map[string]any{"name": "X", "duration": 30, "price": -100}, "price"},
			{"absurd price", "/api/v1/services", map[string]any{"name": "X", "duration": 30, "price": 99999999999}, "price"},
			{"unknown professional", "/api/v1/services", map[string]any{"name": "X", "duration": 30, "professionalIds": []string{"nao-existe"}}, "professionalIds"},
		}
		for _, tc := range bad {
			t.Run(tc.name, func(t *testing.T) {
				r := a.do("POST", tc.path, tc.body)
				fields, _ := r.JSON["error"].(map[string]any)["fields"].(map[string]any)
				if r.Status != 422 || fields[tc.field] == nil {
					t.Errorf("got %d %s, want 422 on %s", r.Status, r.Body, tc.field)
				}
			})
		}
		if n := len(jsonList(t, a.do("GET", "/api/v1/professionals", nil))); n != 2 {
			t.Errorf("rejected professionals were saved: %d listed", n)
		}
		if n := len(jsonList(t, a.do("GET", "/api/v1/services", nil))); n != 1 {
			t.Errorf("rejected services were saved: %d listed", n)
		}
		if o := a.do("GET", "/api/v1/onboarding", nil).JSON; o["steps"].(map[string]any)["service"] != true {
			t.Errorf("onboarding: %v", o)
		}
	})
}

func TestBlockedTimes(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		a := e.client().signUp("Ana", "ana@example.com")
		pid := a.do("POST", "/api/v1/professionals", professionalBody("Carla")).must(t, 201).JSON["id"].(string)
		for _, d := range []string{"2026-12-26", "2026-12-24"} {
			a.do("POST", "/api/v1/blocked-times", map[string]any{"professionalId": pid, "date": d, "startTime": "08:00", "endTime": "12:00", "reason": "Consulta"}).must(t, 201)
		}
		list := jsonList(t, a.do("GET", "/api/v1/blocked-times?professionalId="+pid, nil).must(t, 200))
		if len(list) != 2 || list[0]["date"] != "2026-12-24" {
			t.Fatalf("blocked times by date: %v", list)
		}
		if got := jsonList(t, a.do("GET", "/api/v1/blocked-times?from=2026-12-25&to=2026-12-31", nil)); len(got) != 1 {
			t.Errorf("range filter: got %d", len(got))
		}
		id := list[0]["id"].(string)
		edited := a.do("PUT", "/api/v1/blocked-times/"+id, map[string]any{"professionalId": pid, "date": "2026-12-24", "startTime": "13:00", "endTime": "14:30", "reason": ""}).must(t, 200).JSON
		if edited["startTime"] != "13:00" || edited["reason"] != nil {
			t.Errorf("edited: %v", edited)
		}
		for name, body := range map[string]map[string]any{
			"end before start": {"professionalId": pid, "date": "2026-12-24", "startTime": "14:00", "endTime": "13:00"},
			"February 30":      {"professionalId": pid, "date": "2026-02-30", "startTime": "10:00", "endTime": "11:00"},
			"hour 24":          {"professionalId": pid, "date": "2026-12-24", "startTime": "23:00", "endTime": "24:00"},
		} {
			if r := a.do("POST", "/api/v1/blocked-times", body); r.Status != 422 {
				t.Errorf("%s: got %d", name, r.Status)
			}
		}
		a.do("GET", "/api/v1/blocked-times?from=ontem", nil).must(t, 422)
		a.do("DELETE", "/api/v1/blocked-times/"+id, nil).must(t, 204)
		a.do("DELETE", "/api/v1/blocked-times/"+id, nil).must(t, 404)
	})
}

// addAppointment books straight in the store (the appointment API comes
// with the agenda issue).
func addAppointment(t *testing.T, e *env, userID, serviceID, professionalID, date string) {
	t.Helper()
	err := e.db.Write(context.Background(), func(tx *store.Tx) error {
		now := time.Now().UTC()
		return tx.SaveAppointment(context.Background(), userID, domain.Appointment{ID: fmt.Sprintf("ap-%d", time.Now().UnixNano()),
			ClientName: "Maria", ClientPhone: "+5511912345678", ServiceID: serviceID, ProfessionalID: professionalID,
			Date: date, Time: "10:00", DurationMin: 30, Status: "scheduled", Source: "owner", CreatedAt: now, UpdatedAt: now}, true)
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestDeletingCascades(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		a := e.client().signUp("Ana", "ana@example.com")
		p1 := a.do("POST", "/api/v1/professionals", professionalBody("Carla")).must(t, 201).JSON["id"].(string)
		p2 := a.do("POST", "/api/v1/professionals", professionalBody("Diego")).must(t, 201).JSON["id"].(string)
		s1 := a.do("POST", "/api/v1/services", map[string]any{"name": "Corte", "duration": 30, "professionalIds": []string{p1, p2}}).must(t, 201).JSON["id"].(string)
		s2 := a.do("POST", "/api/v1/services", map[string]any{"name": "Barba", "duration": 30, "professionalIds": []string{p1}}).must(t, 201).JSON["id"].(string)
		addAppointment(t, e, a.userID(), s1, p1, "2026-12-01")
		addAppointment(t, e, a.userID(), s2, p1, "2026-12-02")
		addAppointment(t, e, a.userID(), s1, p2, "2026-12-03")
		a.do("POST", "/api/v1/blocked-times", map[string]any{"professionalId": p1, "date": "2026-12-24", "startTime": "08:00", "endTime": "12:00"}).must(t, 201)

		imp := a.do("GET", "/api/v1/professionals/"+p1+"/impact", nil).must(t, 200).JSON
		if imp["appointments"] != float64(2) || imp["blockedTimes"] != float64(1) || imp["services"] != float64(2) {
			t.Errorf("impact of Carla: %v", imp)
		}
		a.do("DELETE", "/api/v1/professionals/"+p1, nil).must(t, 204)
		for _, s := range jsonList(t, a.do("GET", "/api/v1/services", nil)) {
			if strings.Contains(fmt.Sprint(s["professionalIds"]), p1) {
				t.Errorf("service %v still lists the deleted professional", s["name"])
			}
		}
		if got := jsonList(t, a.do("GET", "/api/v1/blocked-times", nil)); len(got) != 0 {
			t.Errorf("blocked times left: %v", got)
		}
		if n := countAppointments(t, e); n != 1 {
			t.Errorf("appointments after deleting Carla: got %d, want 1", n)
		}
		if imp := a.do("GET", "/api/v1/services/"+s1+"/impact", nil).must(t, 200).JSON; imp["appointments"] != float64(1) {
			t.Errorf("impact of Corte: %v", imp)
		}
		a.do("DELETE", "/api/v1/services/"+s1, nil).must(t, 204)
		if n := countAppointments(t, e); n != 0 {
			t.Errorf("appointments after deleting Corte: got %d, want 0", n)
		}
		a.do("GET", "/api/v1/professionals/"+p1+"/impact", nil).must(t, 404)
	})
}

func countAppointments(t *testing.T, e *env) int {
	t.Helper()
	var n int
	err := e.db.Read(context.Background(), func(tx *store.Tx) error {
		var err error
		n, err = tx.CountAllAppointments(context.Background())
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func jsonList(t *testing.T, r resp) []map[string]any {
	t.Helper()
	var out []map[string]any
	if err := jsonUnmarshal(r.Body, &out); err != nil {
		t.Fatalf("not a JSON list: %s", r.Body)
	}
	return out
}

func TestUploads(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		a := e.client().signUp("Ana", "ana@example.com")
		// A JPEG with GPS data in its EXIF comes back without it.
		var jpg bytes.Buffer
		_ = jpeg.Encode(&jpg, image.NewRGBA(image.Rect(0, 0, 60, 40)), nil)
		exif := append([]byte("Exif\x00\x00"), []byte("GPSLatitude -23.5505")...)
		seg := []byte{0xFF, 0xE1, 0, 0}
		binary.BigEndian.PutUint16(seg[2:], uint16(len(exif)+2))
		withExif := append(append(append([]byte{}, jpg.Bytes()[:2]...), append(seg, exif...)...), jpg.Bytes()[2:]...)
		up := a.upload("photo", withExif).must(t, 201).JSON
		if up["width"] != float64(60) || up["contentType"] != "image/jpeg" {
			t.Errorf("upload: %v", up)
		}
		for _, u := range []string{up["url"].(string), up["thumbUrl"].(string)} {
			r := e.client().do("GET", u, nil).must(t, 200)
			if bytes.Contains(r.Body, []byte("GPSLatitude")) {
				t.Errorf("%s keeps EXIF", u)
			}
			h := r.Header
			if h.Get("X-Content-Type-Options") != "nosniff" || !strings.Contains(h.Get("Content-Security-Policy"), "sandbox") ||
				h.Get("Content-Type") != "image/jpeg" || !strings.Contains(h.Get("Cache-Control"), "immutable") {
				t.Errorf("%s headers: %v", u, h)
			}
		}

		big := make([]byte, 5<<20+1)
		copy(big, pngBytes(t, 10, 10))
		if r := a.upload("photo", big); r.Status != 413 || r.ErrCode() != "payload_too_large" {
			t.Errorf("5 MiB + 1: got %d %s", r.Status, r.Body)
		}
		for name, data := range map[string][]byte{
			"HTML renamed":     []byte("<html><script>alert(1)</script></html>"),
			"PDF renamed .jpg": []byte("%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj"),
			"giant dimensions": pngHeaderBytes(50000, 50000),
		} {
			if r := a.upload("photo", data); r.Status != 422 || r.ErrMessage() == "" {
				t.Errorf("%s: got %d %s", name, r.Status, r.Body)
			}
		}
		if r := a.upload("wallpaper", pngBytes(t, 10, 10)); r.Status != 422 {
			t.Errorf("unknown kind: got %d", r.Status)
		}
		e.client().do("GET", "/files/nao-existe", nil).must(t, 404)
		// The avatar takes an uploaded file.
		av := a.upload("avatar", pngBytes(t, 200, 200)).must(t, 201).JSON["url"].(string)
		if p := a.do("PATCH", "/api/v1/profile", map[string]any{"avatar": av}).must(t, 200).JSON; p["avatar"] != av {
			t.Errorf("avatar: %v", p["avatar"])
		}
	})
}
