package httpapi

import (
	"bytes"
	"encoding/json"
	"net/http/httptest"
	"testing"
	"time"

	"agendo/internal/app"
	"agendo/internal/domain"
)

// encodingJSON is what writeJSON writes for v.
func encodingJSON(t *testing.T, v any) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := json.NewEncoder(&buf).Encode(v); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func sampleAppointment() domain.Appointment {
	price, method := int64(4590), "pix"
	reminded := time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)
	return domain.Appointment{ID: "0194a000-0000-7000-8000-000000000001", ClientName: "Maria <Souza> & \"filhos\"",
		ClientPhone: "+5511912345678", ServiceID: "s1", ProfessionalID: "p1", Date: "2026-11-25", Time: "10:00",
		DurationMin: 45, Status: domain.StatusConfirmed, PaymentMethod: &method, Price: &price,
		Notes: "linha 1\nlinha 2\t\u2028\x01 ção \xff", Source: domain.SourcePublic, ReminderSentAt: &reminded,
		CreatedAt: time.Date(2026, 11, 23, 12, 0, 0, 123456000, time.UTC), UpdatedAt: time.Date(2026, 11, 23, 9, 30, 0, 0, time.FixedZone("", -3*3600)),
		CreatedBy: "Rita <Recepção>", UpdatedBy: "Juliana \"Ju\" Prado",
		Timing: domain.Timing{BufferBefore: 10, BufferAfter: 15, ProcessingStart: 30, ProcessingMin: 40}, SeriesID: "serie-<1>"}
}

// The hand-written answers are encoding/json's bytes: a field added to
// domain.Appointment, or a change of escaping, fails here.
func TestAppointmentJSONIsEncodingJSONs(t *testing.T) {
	full := sampleAppointment()
	bare := domain.Appointment{}
	cases := []struct {
		name string
		page app.AppointmentPage
	}{
		{"empty page", app.AppointmentPage{Items: []domain.Appointment{}}},
		{"nil items", app.AppointmentPage{}},
		{"one full, one bare", app.AppointmentPage{Items: []domain.Appointment{full, bare}, Total: 1234}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			writeAppointmentPage(rec, tc.page)
			if want := encodingJSON(t, tc.page); !bytes.Equal(rec.Body.Bytes(), want) {
				t.Errorf("page: got\n%s\nwant\n%s", rec.Body, want)
			}
			for _, ap := range tc.page.Items {
				rec := httptest.NewRecorder()
				writeAppointment(rec, 200, ap)
				if want := encodingJSON(t, ap); !bytes.Equal(rec.Body.Bytes(), want) {
					t.Errorf("one: got\n%s\nwant\n%s", rec.Body, want)
				}
				if got := rec.Header().Get("Content-Type"); got != "application/json; charset=utf-8" {
					t.Errorf("Content-Type: got %q", got)
				}
			}
		})
	}
}

// A time encoding/json refuses is left to it, so the answer fails as before.
func TestAppointmentJSONLeavesUnwritableTimesToEncodingJSON(t *testing.T) {
	for _, at := range []time.Time{time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(2026, 1, 1, 0, 0, 0, 0, time.FixedZone("", 24*3600))} {
		ap := sampleAppointment()
		ap.UpdatedAt = at
		if _, ok := appendAppointment(nil, ap); ok {
			t.Errorf("%v: written, want it left to encoding/json", at)
		}
	}
}

func FuzzAppointmentJSON(f *testing.F) {
	a := sampleAppointment()
	f.Add(a.ClientName, a.Notes, a.ClientPhone, 45, int64(4590), true, int64(1764000000123456789), -3*3600)
	f.Add("", "\u2029<>&'\"\\/\x00\x1f\x7f", "", -1, int64(-5), false, int64(0), 0)
	f.Fuzz(func(t *testing.T, name, notes, phone string, duration int, price int64, some bool, nanos int64, offset int) {
		ap := sampleAppointment()
		ap.ClientName, ap.Notes, ap.ClientPhone, ap.Status, ap.DurationMin = name, notes, phone, notes, duration
		ap.CreatedBy, ap.UpdatedBy = name, notes
		ap.CreatedAt = time.Unix(0, nanos).In(time.FixedZone("", offset%(26*3600)))
		if some {
			ap.Price, ap.PaymentMethod = &price, &name
		} else {
			ap.Price, ap.PaymentMethod, ap.ReminderSentAt = nil, nil, nil
		}
		want, err := json.Marshal(ap)
		got, ok := appendAppointment(nil, ap)
		if (err == nil) != ok {
			t.Fatalf("encoding/json error %v, hand-written ok %v", err, ok)
		}
		if ok && !bytes.Equal(got, want) {
			t.Errorf("got\n%s\nwant\n%s", got, want)
		}
	})
}
