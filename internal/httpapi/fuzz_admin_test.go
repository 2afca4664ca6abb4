package httpapi_test

import (
	"context"
	"testing"
)

// fuzzAdminAPIs is fuzzAPIs with the fuzz account made an admin.
func fuzzAdminAPIs(f *testing.F) []*fuzzAPI {
	f.Helper()
	apis := fuzzAPIs(f)
	for _, a := range apis {
		if err := a.e.app.GrantAdmin(context.Background(), fuzzEmail); err != nil {
			f.Fatal(err)
		}
	}
	return apis
}

func FuzzHelpSettingsBody(f *testing.F) {
	addBodySeeds(f, `{"websiteUrl":"https://ajuda.agendo.com.br","whatsappNumber":"(11) 91234-5678"}`,
		`{"websiteUrl":"","whatsappNumber":""}`, `{"websiteUrl":"http://x","whatsappNumber":"1"}`,
		`{"websiteUrl":"https://user:pw@x.com","whatsappNumber":"+55 (11) 3333-4444"}`,
		`{"websiteUrl":"javascript:alert(1)","whatsappNumber":"\u0000"}`, `{"websiteUrl":12,"whatsappNumber":[]}`)
	apis := fuzzAdminAPIs(f)
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, a := range apis {
			checkAnswer(t, body, a.do(t, "PUT", "/api/v1/admin/help-settings", a.token, body), 200, 413, 422)
		}
	})
}

func FuzzAccountActionBody(f *testing.F) {
	addBodySeeds(f, `{"reason":"Pedido da dona por telefone"}`, `{"reason":""}`, `{"reason":"abc"}`,
		`{"reason":"`+"\u202e"+`xxxxxx"}`, `{"reason":12}`, `{"reason":"ok ok ok","until":"2026-12-31"}`)
	apis := fuzzAdminAPIs(f)
	// The fuzz account's own: a lock is refused (oneself), an unlock and a
	// reset email are allowed; none may answer 5xx.
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, a := range apis {
			for _, act := range []string{"lock", "unlock", "password-reset"} {
				checkAnswer(t, body, a.do(t, "POST", "/api/v1/admin/accounts/"+a.userID+"/"+act, a.token, body), 200, 413, 422)
			}
		}
	})
}

func FuzzGrantPremiumBody(f *testing.F) {
	addBodySeeds(f, `{"reason":"Cortesia de lançamento","until":"2099-01-01"}`, `{"reason":"Cortesia","until":"2026-02-30"}`,
		`{"reason":"Cortesia de lançamento","until":""}`, `{"reason":"Cortesia de lançamento","until":"31/12/2026"}`,
		`{"reason":"Cortesia de lançamento","until":"0001-01-01"}`, `{"until":"9999-12-31"}`)
	apis := fuzzAdminAPIs(f)
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, a := range apis {
			checkAnswer(t, body, a.do(t, "POST", "/api/v1/admin/accounts/"+a.userID+"/premium", a.token, body), 200, 413, 422)
		}
	})
}
