package httpapi_test

import (
	"strings"
	"testing"
)

func FuzzReminderSettingsBody(f *testing.F) {
	addBodySeeds(f, `{"email":true,"dayBefore":"18:00","hoursBefore":[2],"quietFrom":"21:00","quietTo":"08:00","note":"Chegue 5 min antes"}`,
		`{"dayBefore":"25:00"}`, `{"hoursBefore":[-1,1e9]}`, `{"quietFrom":"21:00","quietTo":"21:00"}`, `{"note":null}`,
		`{"hoursBefore":"2"}`)
	apis := fuzzAPIs(f)
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, a := range apis {
			checkAnswer(t, body, a.do(t, "PUT", "/api/v1/store/reminders", a.token, body), 200, 413, 422)
		}
	})
}

// FuzzReminderToken sends arbitrary reminder links to their three routes.
func FuzzReminderToken(f *testing.F) {
	for _, s := range []string{"", "x", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "%00", "../../etc", strings.Repeat("A", 5000)} {
		f.Add(s)
	}
	apis := fuzzAPIs(f)
	f.Fuzz(func(t *testing.T, token string) {
		for _, a := range apis {
			for _, route := range []struct{ method, suffix string }{{"GET", ""}, {"POST", "/confirm"}, {"POST", "/stop"}} {
				checkToken(t, a, route.method, "/api/v1/public/reminders/", token, route.suffix, 404, 429)
			}
		}
	})
}

func FuzzPushSubscriptionBody(f *testing.F) {
	addBodySeeds(f, `{"endpoint":"https://push.example/1","p256dh":"BDY0IEDqD9EtjDVWUHw5EsikGopFQNF3SD_O0TXpXL3sk79LxXHdQIizuvEwp_JXKBwBkh8ZWVN6NJl_8wFZfM0","auth":"AAAAAAAAAAAAAAAAAAAAAA"}`,
		`{"endpoint":"javascript:alert(1)"}`, `{"endpoint":"https://x","p256dh":"AAAA","auth":""}`, `{"endpoint":1}`)
	apis := fuzzAPIs(f)
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, a := range apis {
			checkAnswer(t, body, a.do(t, "POST", "/api/v1/push/subscriptions", a.token, body), 200, 413, 422)
			checkAnswer(t, body, a.do(t, "POST", "/api/v1/push/subscriptions/stop", a.token, body), 200, 413, 422)
		}
	})
}

// FuzzCalendarFeedBody: whatever names the agenda, a feed is made or refused
// in Portuguese (after ten, every request is refused).
func FuzzCalendarFeedBody(f *testing.F) {
	addBodySeeds(f, `{"professionalId":""}`, `{"professionalId":"00000000-0000-0000-0000-000000000000"}`,
		`{"professionalId":"nao-e-um-id"}`, `{"professionalId":7}`, `{}`)
	apis := fuzzAPIs(f)
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, a := range apis {
			checkAnswer(t, body, a.do(t, "POST", "/api/v1/calendar-feeds", a.token, body), 201, 413, 422)
		}
	})
}

// FuzzCalendarToken sends arbitrary feed addresses.
func FuzzCalendarToken(f *testing.F) {
	for _, s := range []string{"", "x", "forjado", "%00", strings.Repeat("A", 5000)} {
		f.Add(s)
	}
	apis := fuzzAPIs(f)
	f.Fuzz(func(t *testing.T, token string) {
		for _, a := range apis {
			checkToken(t, a, "GET", "/api/v1/public/calendars/", token, "", 404, 429)
		}
	})
}

// FuzzWaitlistBody sends arbitrary bodies to a store's waitlist.
func FuzzWaitlistBody(f *testing.F) {
	apis := fuzzAPIs(f)
	slugs := make([]string, len(apis))
	for i, a := range apis {
		slugs[i], _ = a.publish(f)
	}
	addBodySeeds(f, `{"serviceId":"x","professionalId":"any","date":"2026-12-10","clientName":"Ana","clientPhone":"11912345678"}`,
		`{"serviceId":"x","professionalId":"any","date":"2026-02-30","clientName":"","clientPhone":"+1 415"}`,
		`{"date":"1999-01-01","clientEmail":"nao-e-email"}`, `{"professionalId":7}`)
	f.Fuzz(func(t *testing.T, body []byte) {
		for i, a := range apis {
			checkAnswer(t, body, a.post(t, "/api/v1/public/stores/"+slugs[i]+"/waitlist", "", body), 201, 404, 413, 422, 429)
		}
	})
}

// FuzzWaitlistToken sends arbitrary offer links, to see and to claim.
func FuzzWaitlistToken(f *testing.F) {
	for _, s := range []string{"", "x", "forjado", "%00", strings.Repeat("A", 5000)} {
		f.Add(s)
	}
	apis := fuzzAPIs(f)
	f.Fuzz(func(t *testing.T, token string) {
		for _, a := range apis {
			checkToken(t, a, "GET", "/api/v1/public/waitlist/", token, "", 404, 429)
			checkToken(t, a, "POST", "/api/v1/public/waitlist/", token, "/claim", 404, 429)
		}
	})
}
