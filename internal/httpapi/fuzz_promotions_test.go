package httpapi_test

import (
	"encoding/json"
	"strings"
	"testing"

	"agendo/internal/domain"
)

func FuzzPromotionBody(f *testing.F) {
	addBodySeeds(f, `{"name":"10 cortes = 1 escova","type":"count","targetCount":10,"reward":"Escova grátis"}`,
		`{"name":"R$ 500 = hidratação","type":"value","targetValue":50000,"reward":"Hidratação","validDays":30}`,
		`{"name":"x","type":"count","targetCount":1e30,"reward":"y"}`, `{"name":"x","type":"value","targetValue":-1,"reward":"y"}`,
		`{"name":"x","type":"count","targetCount":3,"reward":"y","startDate":"2026-02-30","serviceId":"nao-e-uuid"}`,
		`{"name":"\u0000","type":"pontos","reward":"`+"\u202e"+`"}`)
	apis := fuzzAPIs(f)
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, a := range apis {
			checkAnswer(t, body, a.do(t, "POST", "/api/v1/promotions", a.token, body), 201, 413, 422)
		}
	})
}

func FuzzRedemptionBody(f *testing.F) {
	apis := fuzzAPIs(f)
	paths := make([]string, len(apis))
	for i, a := range apis {
		r := a.do(f, "POST", "/api/v1/promotions", a.token, []byte(`{"name":"Cartão","type":"count","targetCount":1,"reward":"Escova"}`))
		if r.Status != 201 {
			f.Fatalf("promotion: %d %s", r.Status, r.Body)
		}
		paths[i] = "/api/v1/promotions/" + r.JSON["id"].(string) + "/redemptions"
	}
	addBodySeeds(f, `{"clientPhone":"(11) 95555-4444"}`, `{"clientPhone":"+1 415 555 0100","appointmentId":"x"}`,
		`{"clientPhone":""}`, `{"clientPhone":"(11) 95555-4444","appointmentId":"0194a000-0000-7000-8000-000000000001"}`)
	f.Fuzz(func(t *testing.T, body []byte) {
		for i, a := range apis {
			checkAnswer(t, body, a.do(t, "POST", paths[i], a.token, body), 404, 409, 413, 422)
		}
	})
}

func FuzzGamificationBody(f *testing.F) {
	seed, _ := json.Marshal(domain.DefaultGamification())
	addBodySeeds(f, string(seed), `{"enabled":true,"levels":[]}`,
		`{"levels":[{"name":"Ouro","color":"#FFF","bgColor":"red","minAppointments":-1,"minValue":1e40,"icon":"skull"}]}`,
		`{"levels":[{"name":"A","color":"#000000","bgColor":"#FFFFFF","minAppointments":5,"icon":"star"},{"name":"a","color":"#000000","bgColor":"#FFFFFF","minAppointments":5,"icon":"star"}]}`)
	apis := fuzzAPIs(f)
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, a := range apis {
			checkAnswer(t, body, a.do(t, "PUT", "/api/v1/gamification", a.token, body), 200, 413, 422)
		}
	})
}

func FuzzWhatsAppContactedBody(f *testing.F) {
	addBodySeeds(f, `{"phone":"(11) 95555-4444"}`, `{"phone":""}`, `{"phone":"`+"\u0000"+`"}`, `{"phone":12}`)
	apis := fuzzAPIs(f)
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, a := range apis {
			checkAnswer(t, body, a.do(t, "POST", "/api/v1/whatsapp/contacted", a.token, body), 204, 413, 422)
		}
	})
}

func FuzzAccountDeletionBody(f *testing.F) {
	addBodySeeds(f, `{"password":"`+testPassword+`"}`, `{"password":""}`, `{"password":"errada"}`, `{"password":12}`,
		`{"password":"`+strings.Repeat("x", 5000)+`"}`)
	apis := fuzzAPIs(f)
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, a := range apis {
			checkAnswer(t, body, a.do(t, "POST", "/api/v1/account/deletion", a.token, body), 201, 413, 422, 429)
		}
	})
}

func FuzzConsentBody(f *testing.F) {
	addBodySeeds(f, `{"granted":true,"source":"in_person"}`, `{"granted":false,"source":"whatsapp"}`,
		`{"granted":"sim","source":"booking_page"}`, `{"source":""}`, `{"granted":null,"source":12}`)
	apis := fuzzAPIs(f)
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, a := range apis {
			// No client has this phone: a valid body is 404, a bad one 422.
			checkAnswer(t, body, a.do(t, "POST", "/api/v1/clients/5511955554444/consent", a.token, body), 404, 413, 422)
		}
	})
}

func FuzzManageLinkConsentBody(f *testing.F) {
	addBodySeeds(f, `{"granted":true}`, `{"granted":false}`, `{"granted":"true"}`, `{"granted":1}`)
	apis := fuzzAPIs(f)
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, a := range apis {
			checkAnswer(t, body, a.do(t, "PUT", "/api/v1/public/bookings/0194a000-0000-7000-8000-000000000001.Zm9yamFkbw/consent", "", body), 404, 413, 422, 429)
		}
	})
}
