package httpapi_test

import (
	"net/url"
	"testing"
)

// FuzzReportQuery sends arbitrary periods, professionals and export kinds
// to the report and its export on each engine: a report or a Portuguese
// 422, never a 5xx, and a refused export writes no CSV.
func FuzzReportQuery(f *testing.F) {
	for _, s := range [][4]string{
		{"2026-11-01", "2026-11-30", "", "appointments"}, {"2026-11-30", "2026-11-01", "", "clients"},
		{"2020-01-01", "2026-01-01", "", "commissions"}, {"2026-02-30", "2026-03-01", "x", "planilha"},
		{"0000-01-01", "9999-12-31", "0190aaaa-0000-7000-8000-000000000000", ""}, {"\x00", "\xff", "\u202e", "appointments\x00"},
		{"2026-1-1", "+2026-01-01", "' OR 1=1 --", "clients"}, {"", "", "", ""},
	} {
		f.Add(s[0], s[1], s[2], s[3])
	}
	apis := fuzzAPIs(f)
	f.Fuzz(func(t *testing.T, from, to, pro, kind string) {
		q := url.Values{"from": {from}, "to": {to}, "professionalId": {pro}}
		for _, a := range apis {
			checkAnswer(t, q, a.do(t, "GET", "/api/v1/reports?"+q.Encode(), a.token, nil), 200, 422)
			q.Set("kind", kind)
			r := a.do(t, "GET", "/api/v1/reports/export?"+q.Encode(), a.token, nil)
			if r.Status == 200 {
				if r.Header.Get("Content-Type") != "text/csv; charset=utf-8" {
					t.Fatalf("%v: export answered %s", q, r.Header.Get("Content-Type"))
				}
				continue
			}
			checkAnswer(t, q, r, 422)
		}
	})
}
