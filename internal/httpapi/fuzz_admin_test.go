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
