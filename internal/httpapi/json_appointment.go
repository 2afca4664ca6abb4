package httpapi

import (
	"net/http"
	"strconv"
	"time"
	"unicode/utf8"

	"agendo/internal/app"
	"agendo/internal/domain"
)

// The appointment list and the by-id read are the API's hottest answers,
// and encoding/json's reflection was a quarter of a 50-row page. These
// write the same bytes by hand: the fields of domain.Appointment in its
// order, strings escaped as encoding/json escapes them (HTML characters,
// U+2028 and U+2029, invalid UTF-8 as U+FFFD), times as time.Time's
// MarshalJSON. TestAppointmentJSONIsEncodingJSONs and its fuzz target
// hold them to encoding/json; a field added to domain.Appointment fails
// that test until it is written here.

// writeAppointmentPage answers a page of appointments.
func writeAppointmentPage(w http.ResponseWriter, page app.AppointmentPage) {
	b := make([]byte, 0, 64+len(page.Items)*512)
	b, ok := appendAppointmentPage(b, page)
	if !ok {
		writeJSON(w, http.StatusOK, page)
		return
	}
	writeJSONBytes(w, http.StatusOK, b)
}

// writeAppointment answers one appointment.
func writeAppointment(w http.ResponseWriter, status int, ap domain.Appointment) {
	b, ok := appendAppointment(make([]byte, 0, 512), ap)
	if !ok {
		writeJSON(w, status, ap)
		return
	}
	writeJSONBytes(w, status, append(b, '\n'))
}

// writeJSONBytes is writeJSON for an answer already encoded (with the
// newline json.Encoder ends it with).
func writeJSONBytes(w http.ResponseWriter, status int, b []byte) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write(b)
}

// appendAppointmentPage appends page as json.Encoder writes it, newline
// included; false when a time cannot be written (encoding/json then says
// why).
func appendAppointmentPage(b []byte, page app.AppointmentPage) ([]byte, bool) {
	if page.Items == nil {
		b = append(b, `{"items":null`...)
	} else {
		b = append(b, `{"items":[`...)
		for i, ap := range page.Items {
			if i > 0 {
				b = append(b, ',')
			}
			var ok bool
			if b, ok = appendAppointment(b, ap); !ok {
				return nil, false
			}
		}
		b = append(b, ']')
	}
	b = append(b, `,"total":`...)
	b = strconv.AppendInt(b, int64(page.Total), 10)
	return append(b, "}\n"...), true
}

// appendAppointment appends ap as json.Marshal writes it.
func appendAppointment(b []byte, ap domain.Appointment) ([]byte, bool) {
	b = append(b, `{"id":`...)
	b = appendJSONString(b, ap.ID)
	b = append(b, `,"clientName":`...)
	b = appendJSONString(b, ap.ClientName)
	b = append(b, `,"clientPhone":`...)
	b = appendJSONString(b, ap.ClientPhone)
	b = append(b, `,"serviceId":`...)
	b = appendJSONString(b, ap.ServiceID)
	b = append(b, `,"professionalId":`...)
	b = appendJSONString(b, ap.ProfessionalID)
	b = append(b, `,"date":`...)
	b = appendJSONString(b, ap.Date)
	b = append(b, `,"time":`...)
	b = appendJSONString(b, ap.Time)
	b = append(b, `,"durationMin":`...)
	b = strconv.AppendInt(b, int64(ap.DurationMin), 10)
	b = append(b, `,"bufferBefore":`...)
	b = strconv.AppendInt(b, int64(ap.BufferBefore), 10)
	b = append(b, `,"bufferAfter":`...)
	b = strconv.AppendInt(b, int64(ap.BufferAfter), 10)
	b = append(b, `,"processingStart":`...)
	b = strconv.AppendInt(b, int64(ap.ProcessingStart), 10)
	b = append(b, `,"processingMin":`...)
	b = strconv.AppendInt(b, int64(ap.ProcessingMin), 10)
	b = append(b, `,"seriesId":`...)
	b = appendJSONString(b, ap.SeriesID)
	b = append(b, `,"visitId":`...)
	b = appendJSONString(b, ap.VisitID)
	b = append(b, `,"status":`...)
	b = appendJSONString(b, ap.Status)
	b = append(b, `,"paymentMethod":`...)
	if ap.PaymentMethod == nil {
		b = append(b, "null"...)
	} else {
		b = appendJSONString(b, *ap.PaymentMethod)
	}
	b = append(b, `,"price":`...)
	if ap.Price == nil {
		b = append(b, "null"...)
	} else {
		b = strconv.AppendInt(b, *ap.Price, 10)
	}
	b = append(b, `,"notes":`...)
	b = appendJSONString(b, ap.Notes)
	b = append(b, `,"source":`...)
	b = appendJSONString(b, ap.Source)
	b = append(b, `,"reminderSentAt":`...)
	ok := true
	if ap.ReminderSentAt == nil {
		b = append(b, "null"...)
	} else {
		b, ok = appendJSONTime(b, *ap.ReminderSentAt)
	}
	b = append(b, `,"createdAt":`...)
	b, ok1 := appendJSONTime(b, ap.CreatedAt)
	b = append(b, `,"updatedAt":`...)
	b, ok2 := appendJSONTime(b, ap.UpdatedAt)
	b = append(b, `,"createdBy":`...)
	b = appendJSONString(b, ap.CreatedBy)
	b = append(b, `,"updatedBy":`...)
	b = appendJSONString(b, ap.UpdatedBy)
	return append(b, '}'), ok && ok1 && ok2
}

// appendJSONTime appends t as time.Time's MarshalJSON does; false where
// MarshalJSON fails (a year outside 0–9999, an offset of 24 hours or more).
func appendJSONTime(b []byte, t time.Time) ([]byte, bool) {
	if y := t.Year(); y < 0 || y > 9999 {
		return b, false
	}
	if _, offset := t.Zone(); offset <= -24*3600 || offset >= 24*3600 {
		return b, false
	}
	b = append(b, '"')
	b = t.AppendFormat(b, time.RFC3339Nano)
	return append(b, '"'), true
}

const hexDigits = "0123456789abcdef"

// appendJSONString appends s quoted as encoding/json quotes it with its
// default HTML escaping.
func appendJSONString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
