package httpapi_test

import (
	"encoding/json"
	"strings"
	"testing"
)

func FuzzStoreBody(f *testing.F) {
	seed, _ := json.Marshal(validStore("Salão Bela"))
	addBodySeeds(f, string(seed), `{"name":"x"}`, `{"workingHours":{"monday":{"open":"25:00"}}}`,
		`{"heroGradient":"url(javascript:alert(1))"}`, `{"minNoticeMin":-1}`, `{"timeZone":"../../etc/passwd"}`)
	apis := fuzzAPIs(f)
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, a := range apis {
			checkAnswer(t, body, a.do(t, "PUT", "/api/v1/store", a.token, body), 200, 409, 413, 422)
		}
	})
}

func FuzzProfessionalBody(f *testing.F) {
	seed, _ := json.Marshal(professionalBody("Carla"))
	addBodySeeds(f, string(seed), `{"name":"A","bookingInterval":-5}`, `{"name":"A","calendarType":"google","googleCalendarEmbed":"javascript:1"}`,
		`{"name":"A","photos":["/files/../../etc"]}`, `{"name":"A","specialties":["`+"\u0000"+`"]}`)
	apis := fuzzAPIs(f)
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, a := range apis {
			checkAnswer(t, body, a.do(t, "POST", "/api/v1/professionals", a.token, body), 201, 413, 422)
		}
	})
}

func FuzzServiceBody(f *testing.F) {
	addBodySeeds(f, `{"name":"Corte","duration":30,"price":4590}`, `{"name":"Corte","duration":30,"price":1e30}`,
		`{"name":"Corte","duration":30.5}`, `{"name":"Corte","duration":30,"professionalIds":["x","x"]}`)
	apis := fuzzAPIs(f)
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, a := range apis {
			checkAnswer(t, body, a.do(t, "POST", "/api/v1/services", a.token, body), 201, 413, 422)
		}
	})
}

// FuzzUploadBody sends arbitrary bytes as a multipart upload.
func FuzzUploadBody(f *testing.F) {
	const boundary = "fz"
	f.Add([]byte("--fz\r\nContent-Disposition: form-data; name=\"kind\"\r\n\r\nphoto\r\n--fz\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.png\"\r\n\r\n\x89PNG\r\n\x1a\n\r\n--fz--\r\n"))
	f.Add([]byte("--fz\r\n\r\n--fz--"))
	f.Add([]byte("garbage"))
	apis := fuzzAPIs(f)
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, a := range apis {
			req := directRequest(t, "POST", "/api/v1/files", a.ip(), body)
			req.Header.Set("Content-Type", "multipart/form-data; boundary="+boundary)
			req.Header.Set("Authorization", "Bearer "+a.token)
			checkAnswer(t, body, a.e.serve(req), 201, 413, 422)
		}
	})
}

func FuzzAppointmentBody(f *testing.F) {
	addBodySeeds(f, `{"clientName":"Maria","clientPhone":"(11) 91234-5678","serviceId":"x","professionalId":"y","date":"2026-12-10","time":"10:00"}`,
		`{"clientName":"Maria","clientPhone":"11912345678","date":"2026-02-30","time":"24:00"}`,
		`{"clientName":"\u0000","clientPhone":"+1 415","force":true}`, `{"status":"sumiu","paymentMethod":"ouro"}`)
	apis := fuzzAPIs(f)
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, a := range apis {
			checkAnswer(t, body, a.do(t, "POST", "/api/v1/appointments", a.token, body), 201, 409, 413, 422)
		}
	})
}

// FuzzClientPath sends arbitrary phones as the client path segment.
func FuzzClientPath(f *testing.F) {
	for _, s := range []string{"5511912345678", "(11) 91234-5678", "", "../../etc", "%00"} {
		f.Add(s)
	}
	apis := fuzzAPIs(f)
	f.Fuzz(func(t *testing.T, phone string) {
		for _, a := range apis {
			req := directRequest(t, "GET", "/api/v1/clients/x", a.ip(), nil)
			req.URL.Path = "/api/v1/clients/" + strings.ReplaceAll(phone, "/", "")
			req.URL.RawPath = ""
			req.Header.Set("Authorization", "Bearer "+a.token)
			r := a.e.serve(req)
			if r.Status >= 500 {
				t.Fatalf("phone %q: got %d %s", phone, r.Status, r.Body)
			}
		}
	})
}
