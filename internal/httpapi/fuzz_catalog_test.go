package httpapi_test

import (
	"bytes"
	"encoding/json"
	"mime/multipart"
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
		`{"clientName":"\u0000","clientPhone":"+1 415","force":true}`, `{"status":"sumiu","paymentMethod":"ouro"}`,
		`{"clientName":"Maria","clientPhone":"11912345678","date":"2026-12-10","time":"10:00","more":[{"serviceId":"x","professionalId":"any"},{}]}`,
		`{"more":[{},{},{},{},{}]}`, `{"more":"corte"}`)
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

// publish gives the fuzz account a published store with one professional
// and one service, and answers the store's slug and a valid booking body.
func (a *fuzzAPI) publish(tb testing.TB) (slug, booking string) {
	tb.Helper()
	send := func(method, path string, v any) resp {
		raw, _ := json.Marshal(v)
		r := a.do(tb, method, path, a.token, raw)
		if r.Status >= 300 {
			tb.Fatalf("%s %s: %d %s", method, path, r.Status, r.Body)
		}
		return r
	}
	send("PUT", "/api/v1/store", validStore("Fuzz Studio"))
	pro := send("POST", "/api/v1/professionals", professionalBody("Ana")).JSON["id"].(string)
	svc := send("POST", "/api/v1/services", map[string]any{"name": "Corte", "duration": 30, "price": 3000,
		"professionalIds": []string{pro}}).JSON["id"].(string)
	slug = send("GET", "/api/v1/store", nil).JSON["slug"].(string)
	day := a.e.clock.Now().AddDate(0, 0, 2).Format("2006-01-02")
	return slug, `{"serviceId":"` + svc + `","professionalId":"any","date":"` + day + `","time":"10:00","clientName":"Maria","clientPhone":"(11) 91234-5678"}`
}

// FuzzPublicBookingBody sends arbitrary bodies to the public booking route.
func FuzzPublicBookingBody(f *testing.F) {
	apis := fuzzAPIs(f)
	slugs := make([]string, len(apis))
	var seed string
	for i, a := range apis {
		slugs[i], seed = a.publish(f)
	}
	addBodySeeds(f, seed,
		strings.Replace(seed, `"any"`, `"x"`, 1), strings.Replace(seed, `10:00`, `10:10`, 1),
		strings.Replace(seed, `(11) 91234-5678`, `+1 415 555 0100`, 1), `{"serviceId":"","professionalId":"any","notes":1}`,
		`{"clientName":"`+strings.Repeat("a", 500)+`","notes":"`+strings.Repeat("n", 600)+`"}`,
		strings.Replace(seed, `"any"`, `"any","more":[{"serviceId":"x","professionalId":"any"}]`, 1),
		strings.Replace(seed, `"any"`, `"any","more":[{},{},{},{}]`, 1))
	f.Fuzz(func(t *testing.T, body []byte) {
		for i, a := range apis {
			r := a.post(t, "/api/v1/public/stores/"+slugs[i]+"/bookings", "", body)
			checkAnswer(t, body, r, 201, 409, 413, 422, 429)
		}
	})
}

// FuzzMoveBookingBody sends arbitrary bodies to the manage link's move route.
func FuzzMoveBookingBody(f *testing.F) {
	apis := fuzzAPIs(f)
	paths := make([]string, len(apis))
	for i, a := range apis {
		slug, booking := a.publish(f)
		r := a.post(f, "/api/v1/public/stores/"+slug+"/bookings", "", []byte(booking))
		if r.Status != 201 {
			f.Fatalf("booking: %d %s", r.Status, r.Body)
		}
		paths[i] = "/api/v1/public/bookings/" + r.JSON["token"].(string)
	}
	addBodySeeds(f, `{"date":"2026-12-10","time":"11:00"}`, `{"date":"2026-02-30","time":"11:00"}`, `{"date":"","time":"99:99"}`)
	f.Fuzz(func(t *testing.T, body []byte) {
		for i, a := range apis {
			checkAnswer(t, body, a.do(t, "PUT", paths[i], "", body), 200, 409, 413, 422, 429)
		}
	})
}

// FuzzVisitMoveBody sends arbitrary bodies to move a whole visit.
func FuzzVisitMoveBody(f *testing.F) {
	addBodySeeds(f, `{"date":"2026-12-10","time":"11:00"}`, `{"date":"2026-02-30","time":"11:00","force":true}`,
		`{"date":"","time":"99:99"}`, `{"date":1}`)
	apis := fuzzAPIs(f)
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, a := range apis {
			checkAnswer(t, body, a.do(t, "PUT", "/api/v1/appointments/0190aaaa-0000-7000-8000-000000000000/visit", a.token, body), 404, 413, 422)
		}
	})
}

// FuzzManageToken sends arbitrary manage tokens.
func FuzzManageToken(f *testing.F) {
	for _, s := range []string{"", ".", "x.y", "0190aaaa-0000-7000-8000-000000000000.AAAAAAAAAAAAAAAAAAAAAA", "%00", "../../etc"} {
		f.Add(s)
	}
	apis := fuzzAPIs(f)
	f.Fuzz(func(t *testing.T, token string) {
		for _, a := range apis {
			checkToken(t, a, "GET", "/api/v1/public/bookings/", token, "", 404)
		}
	})
}

// FuzzPageViewBody sends arbitrary page views.
func FuzzPageViewBody(f *testing.F) {
	apis := fuzzAPIs(f)
	for _, a := range apis {
		a.publish(f)
	}
	addBodySeeds(f, `{"path":"/store/fuzz-studio","referrer":"https://instagram.com/x?y=1"}`, `{"path":"/profissional/x"}`,
		`{"path":"/agendamento/a.b"}`, `{"path":"/store/%zz"}`, `{"path":"/store/"}`, `{"path":1,"referrer":null}`)
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, a := range apis {
			checkAnswer(t, body, a.post(t, "/api/v1/analytics/pageview", "", body), 204, 413, 422, 429)
		}
	})
}

// FuzzClientBody sends arbitrary bodies to a new client and to a client's
// correction (records: birthdays, tags, a second phone).
func FuzzClientBody(f *testing.F) {
	addBodySeeds(f, `{"name":"Juliana","phone":"91234-5678","phone2":"3456-1234","email":"j@example.com","birthday":"15/03/1985","notes":"Alérgica","tags":["VIP"]}`,
		`{"name":"Maria","phone":"+1 415 555 0100","birthday":"31/02"}`, `{"name":"\u202eX","phone":"11912345678","tags":["a,b;c",""]}`,
		`{"name":"Maria","phone":"11912345678","tags":"VIP"}`, `{"name":"Maria","phone":"11912345678","birthday":null,"notes":null}`,
		`{"name":"Maria","phone":"11912345678","birthday":"--02-29","email":"=cmd|' /C calc'!A0"}`)
	apis := fuzzAPIs(f)
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, a := range apis {
			checkAnswer(t, body, a.do(t, "POST", "/api/v1/clients", a.token, body), 201, 413, 422)
			checkAnswer(t, body, a.do(t, "PUT", "/api/v1/clients/5511988887777", a.token, body), 200, 404, 413, 422)
		}
	})
}

// FuzzClientImport sends arbitrary files and column choices to an import's
// preview: a file the reader refuses, or a bad choice, is a 422 with its
// message, never a 500.
func FuzzClientImport(f *testing.F) {
	for _, seed := range []struct{ file, mapping string }{
		{"Nome;Celular\r\nAna;11 91234-5678\r\n", ""},
		{"Nome;Celular\r\nAna;11 91234-5678\r\n", `["name","phone"]`},
		{"Nome,Celular\n=1+1,+55 (11) 1234-5678\n", `["name","name"]`},
		{"BEGIN:VCARD\r\nFN:Ana\r\nTEL:11912345678\r\nEND:VCARD\r\n", `{`},
		{"PK\x03\x04", `["x"]`}, {"\xd0\xcf\x11\xe0", ""}, {"", ""},
	} {
		f.Add([]byte(seed.file), seed.mapping)
	}
	apis := fuzzAPIs(f)
	f.Fuzz(func(t *testing.T, file []byte, mapping string) {
		var body bytes.Buffer
		mw := multipart.NewWriter(&body)
		_ = mw.WriteField("mapping", mapping)
		fw, _ := mw.CreateFormFile("file", "clientes.csv")
		_, _ = fw.Write(file)
		_ = mw.Close()
		for _, a := range apis {
			req := directRequest(t, "POST", "/api/v1/client-imports/preview", a.ip(), body.Bytes())
			req.Header.Set("Content-Type", mw.FormDataContentType())
			req.Header.Set("Authorization", "Bearer "+a.token)
			checkAnswer(t, file, a.e.serve(req), 200, 422)
		}
	})
}
