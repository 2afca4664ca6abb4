package httpapi_test

import (
	"bytes"
	"cmp"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/url"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"agendo/internal/app"
	"agendo/internal/domain"
	"agendo/internal/store"
)

// reportFixture is an owner with a random history in a time zone with
// daylight saving, and what the brute force needs to recount it.
type reportFixture struct {
	c        *client
	userID   string
	pros     []domain.Professional
	services map[string]string
	st       domain.Store
}

// newReportFixture gives an owner (store in New York, whose clocks change
// on 2026-03-08 and 2026-11-01) three professionals with their own hours
// and commissions, four services, blocked times and n random appointments
// from 2025-09 to 2027-01, then changes some of them through the API so the
// summaries are moved by every kind of write.
func newReportFixture(t *testing.T, e *env, rng *rand.Rand, n int) reportFixture {
	t.Helper()
	// 03:30 UTC: still the 19th in New York.
	e.clock.Set(time.Date(2026, 11, 20, 3, 30, 0, 0, time.UTC))
	c := e.client().signUp("Dona do Salão", fmt.Sprintf("rel%d@example.com", rng.IntN(1e9)))
	c.premium()
	st := validStore("Salão Relatórios")
	st["timeZone"] = "America/New_York"
	st["workingHours"].(map[string]any)["sunday"] = map[string]any{"open": "09:00", "close": "18:00", "isOpen": false}
	c.do("PUT", "/api/v1/store", st).must(t, 200)
	var pros []string
	for i, pct := range []int{40, 35, 0} {
		body := professionalBody(fmt.Sprintf("Profissional %d", i+1))
		body["commissionPct"] = pct
		if i == 1 {
			wh := map[string]any{}
			for _, d := range domain.Weekdays {
				wh[d] = map[string]any{"open": "10:00", "close": "19:30", "isOpen": d != "monday"}
			}
			body["workingHours"] = wh
		}
		pros = append(pros, c.do("POST", "/api/v1/professionals", body).must(t, 201).JSON["id"].(string))
	}
	services := map[string]string{}
	var svcIDs []string
	for i, s := range []struct {
		name          string
		duration, fee int
	}{{"Corte", 30, 6000}, {"Escova", 45, 8000}, {"Coloração", 120, 25000}, {"Barba", 30, 4050}} {
		id := c.do("POST", "/api/v1/services", map[string]any{"name": s.name, "duration": s.duration, "price": s.fee,
			"professionalIds": pros[:1+i%3]}).must(t, 201).JSON["id"].(string)
		services[id] = s.name
		svcIDs = append(svcIDs, id)
	}
	for i := range 12 {
		day := time.Date(2026, 9, 1+rng.IntN(100), 0, 0, 0, 0, time.UTC).Format(time.DateOnly)
		start := 8*60 + rng.IntN(20)*30
		c.do("POST", "/api/v1/blocked-times", map[string]any{"professionalId": pros[i%3], "date": day,
			"startTime": fmt.Sprintf("%02d:%02d", start/60, start%60), "endTime": fmt.Sprintf("%02d:%02d", (start+90)/60, (start+90)%60)}).must(t, 201)
	}

	userID := c.userID()
	statuses := []string{"completed", "completed", "completed", "scheduled", "confirmed", "cancelled", "no_show"}
	var list []domain.Appointment
	first := time.Date(2025, 9, 1, 0, 0, 0, 0, time.UTC)
	for i := range n {
		a := domain.Appointment{
			ID: fmt.Sprintf("00000000-0000-4000-8000-%012d", i), ClientName: fmt.Sprintf("Cliente %d", rng.IntN(45)),
			ServiceID: svcIDs[rng.IntN(len(svcIDs))], ProfessionalID: pros[rng.IntN(3)],
			Date: first.AddDate(0, 0, rng.IntN(500)).Format(time.DateOnly), Time: fmt.Sprintf("%02d:%02d", 7+rng.IntN(14), 30*rng.IntN(2)),
			DurationMin: 30 * (1 + rng.IntN(4)), Status: statuses[rng.IntN(len(statuses))], Source: domain.Sources[rng.IntN(2)],
			CreatedAt: e.clock.Now(), UpdatedAt: e.clock.Now(),
		}
		a.ClientPhone = fmt.Sprintf("+55119%08d", 10000000+len(a.ClientName)*7+int(a.ClientName[len(a.ClientName)-1]))
		if rng.IntN(6) > 0 {
			p := int64(1000 + rng.IntN(30000))
			a.Price = &p
		}
		if rng.IntN(4) > 0 {
			m := domain.PaymentMethods[rng.IntN(len(domain.PaymentMethods))]
			a.PaymentMethod = &m
		}
		list = append(list, a)
	}
	if err := e.db.Write(context.Background(), func(tx *store.Tx) error { return tx.ImportAppointments(context.Background(), userID, list) }); err != nil {
		t.Fatal(err)
	}
	// Every kind of write moves the summaries: a visit done, a no-show, a
	// cancellation, the trash and back, a client renamed, a new visit.
	for i := range 25 {
		a := list[rng.IntN(len(list))]
		switch i % 5 {
		case 0, 1:
			c.do("PATCH", "/api/v1/appointments/"+a.ID+"/status", map[string]string{"status": []string{"completed", "no_show", "cancelled"}[rng.IntN(3)]})
		case 2:
			c.do("DELETE", "/api/v1/appointments/"+a.ID, nil)
		case 3:
			trash := c.do("GET", "/api/v1/trash", nil).must(t, 200).JSON["items"].([]any)
			if len(trash) > 0 {
				c.do("POST", "/api/v1/trash/"+trash[0].(map[string]any)["id"].(string)+"/restore", map[string]bool{"force": true})
			}
		case 4:
			c.do("PUT", "/api/v1/clients/"+strings.TrimPrefix(a.ClientPhone, "+"), map[string]string{"name": "Renomeada " + a.ClientName,
				"phone": fmt.Sprintf("(21) 9%04d-%04d", rng.IntN(10000), rng.IntN(10000))})
		}
	}
	body := appointmentBodyNamed("Cliente Nova", "(31) 98888-1234", svcIDs[0], pros[0], "2026-11-18", "10:00")
	body["status"], body["paymentMethod"] = "completed", "pix"
	c.do("POST", "/api/v1/appointments", body).must(t, 201)
	c.do("POST", "/api/v1/appointments", appointmentBodyNamed("Cliente de Hoje", "(31) 98888-4321", svcIDs[0], pros[0], "2026-11-19", "16:30")).must(t, 201)

	fx := reportFixture{c: c, userID: userID, services: services}
	err := e.db.Read(context.Background(), func(tx *store.Tx) error {
		var err error
		if fx.pros, err = tx.Professionals(context.Background(), userID); err != nil {
			return err
		}
		fx.st, err = tx.StoreByUser(context.Background(), userID)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return fx
}

// bruteReport recounts a report from every appointment, blocked time and
// page view, with none of the summaries.
func bruteReport(t *testing.T, e *env, fx reportFixture, from, to, proID string) app.Report {
	t.Helper()
	ctx := context.Background()
	var apps []domain.Appointment
	var blocked []domain.BlockedTime
	var views []store.PageView
	err := e.db.Read(ctx, func(tx *store.Tx) error {
		err := tx.EachAppointment(ctx, fx.userID, "0000-01-01", "9999-12-31", "", func(a domain.Appointment) error {
			apps = append(apps, a)
			return nil
		})
		if err != nil {
			return err
		}
		if blocked, err = tx.BlockedTimes(ctx, fx.userID, domain.BlockedTimeFilter{}); err != nil {
			return err
		}
		views, err = tx.PageViews(ctx, fx.st.ID, "0000-01-01", "9999-12-31")
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	loc, _ := time.LoadLocation(fx.st.TimeZone)
	today := e.clock.Now().In(loc).Format(time.DateOnly)
	f, _ := time.Parse(time.DateOnly, from)
	tt, _ := time.Parse(time.DateOnly, to)
	days := int(tt.Sub(f).Hours()/24) + 1
	prevFrom, prevTo := f.AddDate(0, 0, -days).Format(time.DateOnly), f.AddDate(0, 0, -1).Format(time.DateOnly)
	pros := fx.pros
	if proID != "" {
		pros = slices.DeleteFunc(slices.Clone(pros), func(p domain.Professional) bool { return p.ID != proID })
	}
	inScope := func(a domain.Appointment) bool { return proID == "" || a.ProfessionalID == proID }
	pct := map[string]int{}
	for _, p := range fx.pros {
		pct[p.ID] = p.CommissionPct
	}
	// First visits: each client's earliest completed appointment, and the
	// next later day with one.
	type visit struct{ date, pro, second string }
	firsts := map[string]*visit{}
	sorted := slices.Clone(apps)
	slices.SortFunc(sorted, func(a, b domain.Appointment) int {
		return cmp.Or(cmp.Compare(a.Date, b.Date), cmp.Compare(a.Time, b.Time), cmp.Compare(a.ID, b.ID))
	})
	for _, a := range sorted {
		if a.Status != "completed" {
			continue
		}
		v := firsts[a.ClientPhone]
		switch {
		case v == nil:
			firsts[a.ClientPhone] = &visit{date: a.Date, pro: a.ProfessionalID}
		case v.second == "" && a.Date > v.date:
			v.second = a.Date
		}
	}
	openMinutes := func(p domain.Professional, from, to string) int {
		n := 0
		for d := mustDate(from); !d.After(mustDate(to)); d = d.AddDate(0, 0, 1) {
			wd := domain.Weekdays[(int(d.Weekday())+6)%7]
			var minute [1440]bool
			mark := func(h domain.DayHours, v bool) {
				o, _ := domain.ParseClock(h.Open)
				c, _ := domain.ParseClock(h.Close)
				for m := o; m < c; m++ {
					minute[m] = v
				}
			}
			if sh := fx.st.WorkingHours[wd]; sh.IsOpen {
				mark(sh, true)
			}
			if p.WorkingHours != nil {
				ph := (*p.WorkingHours)[wd]
				for m := range minute {
					o, _ := domain.ParseClock(ph.Open)
					c, _ := domain.ParseClock(ph.Close)
					if !ph.IsOpen || m < o || m >= c {
						minute[m] = false
					}
				}
			}
			for _, b := range blocked {
				if b.ProfessionalID == p.ID && b.Date == d.Format(time.DateOnly) {
					mark(domain.DayHours{Open: b.StartTime, Close: b.EndTime}, false)
				}
			}
			for _, open := range minute {
				if open {
					n++
				}
			}
		}
		return n
	}
	figures := func(from, to string) app.ReportFigures {
		var r app.ReportFigures
		served := map[string]bool{}
		for _, a := range apps {
			if a.Date < from || a.Date > to || !inScope(a) {
				continue
			}
			r.Appointments++
			switch a.Status {
			case "scheduled":
				r.Scheduled++
			case "confirmed":
				r.Confirmed++
			case "completed":
				r.Completed++
				served[a.ClientPhone] = true
				if a.Price != nil {
					r.Revenue += *a.Price
				}
			case "cancelled":
				r.Cancelled++
			case "no_show":
				r.NoShow++
			}
			if a.Status != "cancelled" && a.Status != "no_show" {
				r.BookedMinutes += a.DurationMin
			}
			if a.Source == "public" {
				r.PublicBookings++
			} else {
				r.OwnerBookings++
			}
		}
		for _, p := range pros {
			r.OpenMinutes += openMinutes(p, from, to)
			for _, d := range dates(from, to) {
				var rev int64
				for _, a := range apps {
					if a.Date == d && a.ProfessionalID == p.ID && a.Status == "completed" && a.Price != nil {
						rev += *a.Price
					}
				}
				r.Commission += (rev*int64(p.CommissionPct) + 50) / 100
			}
		}
		if r.Completed > 0 {
			avg := (r.Revenue + int64(r.Completed)/2) / int64(r.Completed)
			r.AverageTicket = &avg
		}
		r.NoShowRate = rate(r.NoShow, r.Completed+r.NoShow)
		r.CancellationRate = rate(r.Cancelled, r.Appointments)
		r.Occupancy = rate(r.BookedMinutes, r.OpenMinutes)
		r.ClientsServed = len(served)
		for _, v := range firsts {
			if v.date >= from && v.date <= to && (proID == "" || v.pro == proID) {
				r.NewClients++
			}
		}
		r.ReturningClients = r.ClientsServed - r.NewClients
		for _, n := range []int{30, 60, 90} {
			rr := app.ReturnRate{Days: n}
			for _, v := range firsts {
				if v.date < from || v.date > to || (proID != "" && v.pro != proID) || mustDate(v.date).AddDate(0, 0, n).Format(time.DateOnly) > today {
					continue
				}
				rr.Clients++
				if v.second != "" && v.second <= mustDate(v.date).AddDate(0, 0, n).Format(time.DateOnly) {
					rr.Returned++
				}
			}
			rr.Rate = rate(rr.Returned, rr.Clients)
			r.Returns = append(r.Returns, rr)
		}
		seen := map[string]bool{}
		for _, v := range views {
			if v.Day >= from && v.Day <= to && v.Path != "/agendamento" && !seen[v.Day+v.VisitorHash] {
				seen[v.Day+v.VisitorHash] = true
				r.StoreVisits++
			}
		}
		r.VisitConversion = rate(r.PublicBookings, r.StoreVisits)
		return r
	}
	want := app.Report{From: from, To: to, PreviousFrom: prevFrom, PreviousTo: prevTo, Today: today, TimeZone: fx.st.TimeZone,
		ProfessionalID: proID, Current: figures(from, to), Previous: figures(prevFrom, prevTo)}
	switch {
	case days <= 31:
		want.Bucket = "day"
	case days <= 182:
		want.Bucket = "week"
	default:
		want.Bucket = "month"
	}
	bucketOf := func(date string) string {
		d := mustDate(date)
		switch want.Bucket {
		case "week":
			for d.Weekday() != time.Monday {
				d = d.AddDate(0, 0, -1)
			}
		case "month":
			d = d.AddDate(0, 0, 1-d.Day())
		}
		return max(d.Format(time.DateOnly), from)
	}
	want.Revenue = []app.RevenuePoint{}
	for _, d := range dates(from, to) {
		if b := bucketOf(d); len(want.Revenue) == 0 || want.Revenue[len(want.Revenue)-1].Start != b {
			want.Revenue = append(want.Revenue, app.RevenuePoint{Start: b})
		}
	}
	want.Professionals = []app.ProfessionalReport{}
	for _, p := range pros {
		pr := app.ProfessionalReport{ID: p.ID, Name: p.Name, CommissionPct: p.CommissionPct, OpenMinutes: openMinutes(p, from, to)}
		for _, d := range dates(from, to) {
			var rev int64
			for _, a := range apps {
				if a.Date != d || a.ProfessionalID != p.ID {
					continue
				}
				pr.Appointments++
				if a.Status == "completed" {
					pr.Completed++
					if a.Price != nil {
						rev += *a.Price
					}
				}
				if a.Status != "cancelled" && a.Status != "no_show" {
					pr.BookedMinutes += a.DurationMin
				}
			}
			pr.Revenue += rev
			pr.Commission += (rev*int64(p.CommissionPct) + 50) / 100
		}
		pr.Occupancy = rate(pr.BookedMinutes, pr.OpenMinutes)
		want.Professionals = append(want.Professionals, pr)
	}
	services := map[string]*app.ServiceReport{}
	payments := map[string]*app.PaymentReport{}
	var heat [7][24]int
	for _, a := range apps {
		if a.Date < from || a.Date > to || !inScope(a) {
			continue
		}
		if a.Status != "cancelled" && a.Status != "no_show" {
			heat[mustDate(a.Date).Weekday()][mustClock(a.Time)/60]++
		}
		if a.Status != "completed" {
			continue
		}
		var price int64
		if a.Price != nil {
			price = *a.Price
		}
		for i := range want.Revenue {
			if want.Revenue[i].Start == bucketOf(a.Date) {
				want.Revenue[i].Revenue += price
				want.Revenue[i].Completed++
			}
		}
		if services[a.ServiceID] == nil {
			services[a.ServiceID] = &app.ServiceReport{ID: a.ServiceID, Name: fx.services[a.ServiceID]}
		}
		services[a.ServiceID].Completed++
		services[a.ServiceID].Revenue += price
		key := ""
		if a.PaymentMethod != nil {
			key = *a.PaymentMethod
		}
		if payments[key] == nil {
			payments[key] = &app.PaymentReport{Method: a.PaymentMethod}
		}
		payments[key].Completed++
		payments[key].Revenue += price
	}
	want.Services = []app.ServiceReport{}
	for _, s := range services {
		want.Services = append(want.Services, *s)
	}
	slices.SortFunc(want.Services, func(a, b app.ServiceReport) int {
		return cmp.Or(cmp.Compare(b.Revenue, a.Revenue), cmp.Compare(a.Name, b.Name))
	})
	want.PaymentMethods = []app.PaymentReport{}
	for _, p := range payments {
		want.PaymentMethods = append(want.PaymentMethods, *p)
	}
	slices.SortFunc(want.PaymentMethods, func(a, b app.PaymentReport) int {
		return cmp.Or(cmp.Compare(b.Revenue, a.Revenue), cmp.Compare(deref(a.Method), deref(b.Method)))
	})
	want.Heatmap = []app.HeatCell{}
	for wd := range heat {
		for h, n := range heat[wd] {
			if n > 0 {
				want.Heatmap = append(want.Heatmap, app.HeatCell{Weekday: wd, Hour: h, Appointments: n})
			}
		}
	}
	return want
}

func rate(n, d int) *float64 {
	if d == 0 {
		return nil
	}
	r := float64(n) / float64(d)
	return &r
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

func mustDate(s string) time.Time {
	d, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return d
}

func mustClock(s string) int {
	m, ok := domain.ParseClock(s)
	if !ok {
		panic(s)
	}
	return m
}

func dates(from, to string) []string {
	var out []string
	for d := mustDate(from); !d.After(mustDate(to)); d = d.AddDate(0, 0, 1) {
		out = append(out, d.Format(time.DateOnly))
	}
	return out
}

func TestReportFiguresMatchABruteForceCount(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		rng := rand.New(rand.NewPCG(14, 2026))
		fx := newReportFixture(t, e, rng, 700)
		// Visits of the store page today (the store is published by its slug).
		slug := fx.c.do("GET", "/api/v1/store", nil).must(t, 200).JSON["slug"]
		for i := range 3 {
			r := directRequest(t, "POST", "/api/v1/analytics/pageview", fmt.Sprintf("203.0.113.%d", i+1), map[string]any{"path": fmt.Sprint("/store/", slug)})
			e.serve(r).must(t, 204)
		}
		periods := [][2]string{
			{"2026-11-19", "2026-11-19"}, // Hoje (the store's day, not UTC's)
			{"2026-11-13", "2026-11-19"}, // 7 dias
			{"2026-11-01", "2026-11-19"}, // este mês: the clocks went back on the 1st
			{"2026-10-01", "2026-10-31"}, // mês passado
			{"2026-03-01", "2026-03-15"}, // the clocks went forward on the 8th
			{"2025-12-01", "2026-11-30"}, // a year
			{"2026-05-10", "2026-08-20"}, // weeks
			{"2026-12-01", "2027-01-31"}, // ahead: booked, nothing done
		}
		for i := range 6 {
			from := time.Date(2025, 9, 1+rng.IntN(480), 0, 0, 0, 0, time.UTC)
			periods = append(periods, [2]string{from.Format(time.DateOnly), from.AddDate(0, 0, rng.IntN(200)).Format(time.DateOnly)})
			_ = i
		}
		for i, p := range periods {
			pro := ""
			if i%3 == 2 {
				pro = fx.pros[i%len(fx.pros)].ID
			}
			q := url.Values{"from": {p[0]}, "to": {p[1]}}
			if pro != "" {
				q.Set("professionalId", pro)
			}
			r := fx.c.do("GET", "/api/v1/reports?"+q.Encode(), nil).must(t, 200)
			var got app.Report
			if err := json.Unmarshal(r.Body, &got); err != nil {
				t.Fatal(err)
			}
			want := bruteReport(t, e, fx, p[0], p[1], pro)
			if !reflect.DeepEqual(got, want) {
				gj, _ := json.MarshalIndent(got, "", " ")
				wj, _ := json.MarshalIndent(want, "", " ")
				t.Errorf("period %v (professional %q):\n got %s\nwant %s", p, pro, gj, wj)
			}
			if want.Current.Appointments == 0 && i < 6 {
				t.Errorf("period %v has no appointments: the fixture does not exercise it", p)
			}
		}
	})
}

func TestReportsRefuseBadPeriodsAndOthersProfessionals(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		a := e.client().signUp("Ana", "ana-rel@example.com")
		fa := seedCatalogue(t, a)
		b := e.client().signUp("Bia", "bia-rel@example.com")
		seedCatalogue(t, b)
		for _, tc := range []struct{ query, message, field string }{
			{"from=2026-11-10&to=2026-11-01", "A data final não pode ser anterior à inicial", "to"},
			{"from=2023-01-01&to=2026-01-01", "O período pode ter no máximo 3 anos", "to"},
			{"from=2026-02-30&to=2026-03-01", "Informe uma data válida", "from"},
			{"from=ontem&to=2026-03-01", "Informe uma data válida", "from"},
			{"professionalId=" + fa["professionals"], "Profissional não encontrado", "professionalId"},
			{"professionalId=nao-existe", "Profissional não encontrado", "professionalId"},
		} {
			for _, path := range []string{"/api/v1/reports?", "/api/v1/reports/export?kind=appointments&"} {
				r := b.do("GET", path+tc.query, nil)
				if r.Status != 422 || r.ErrMessage() != tc.message || !strings.Contains(string(r.Body), `"`+tc.field+`"`) {
					t.Errorf("%s%s: got %d %s, want 422 %q on %s", path, tc.query, r.Status, r.Body, tc.message, tc.field)
				}
				if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/") {
					t.Errorf("%s%s: a refused export answered %s", path, tc.query, ct)
				}
			}
		}
		if r := b.do("GET", "/api/v1/reports/export?kind=planilha", nil); r.Status != 422 {
			t.Errorf("unknown export: got %d", r.Status)
		}
		// Exactly 3 years less a day is fine.
		b.do("GET", "/api/v1/reports?from=2023-01-02&to=2026-01-01", nil).must(t, 200)
	})
}

func TestReportExportsOpenInBrazilianSpreadsheets(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		rng := rand.New(rand.NewPCG(7, 1))
		fx := newReportFixture(t, e, rng, 150)
		body := appointmentBodyNamed("=HYPERLINK(\"x\") Joana; \"Jô\"", "(31) 97777-1234", serviceNamed(fx, "Barba"), fx.pros[0].ID, "2026-11-17", "09:00")
		body["status"], body["paymentMethod"] = "completed", "credit_card"
		fx.c.do("POST", "/api/v1/appointments", body).must(t, 201)

		parse := func(kind string) [][]string {
			t.Helper()
			r := fx.c.do("GET", "/api/v1/reports/export?kind="+kind+"&from=2026-11-01&to=2026-11-19", nil).must(t, 200)
			if ct := r.Header.Get("Content-Type"); ct != "text/csv; charset=utf-8" {
				t.Errorf("%s: Content-Type %q", kind, ct)
			}
			if cd := r.Header.Get("Content-Disposition"); !strings.Contains(cd, "attachment") || !strings.Contains(cd, "2026-11-01-a-2026-11-19.csv") {
				t.Errorf("%s: Content-Disposition %q", kind, cd)
			}
			if !bytes.HasPrefix(r.Body, []byte("\ufeff")) {
				t.Fatalf("%s: no UTF-8 byte order mark", kind)
			}
			cr := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(r.Body, []byte("\ufeff"))))
			cr.Comma = ';'
			rows, err := cr.ReadAll()
			if err != nil {
				t.Fatalf("%s: %v", kind, err)
			}
			return rows
		}
		rows := parse("appointments")
		if want := []string{"Data", "Horário", "Cliente", "Telefone", "Serviço", "Profissional", "Duração (min)", "Status", "Valor (R$)", "Pagamento", "Origem", "Observações"}; !slices.Equal(rows[0], want) {
			t.Errorf("header %q", rows[0])
		}
		found := false
		for _, row := range rows[1:] {
			if row[0] == "17/11/2026" && strings.Contains(row[2], "Joana") {
				found = true
				if row[2] != "'=HYPERLINK(\"x\") Joana; \"Jô\"" || row[3] != "(31) 97777-1234" || row[8] != "40,50" || row[9] != "Cartão de crédito" || row[7] != "Concluído" {
					t.Errorf("row %q", row)
				}
			}
		}
		want := bruteReport(t, e, fx, "2026-11-01", "2026-11-19", "")
		if !found || len(rows)-1 != want.Current.Appointments {
			t.Errorf("%d rows (found Joana: %v), want %d appointments", len(rows)-1, found, want.Current.Appointments)
		}
		rows = parse("commissions")
		if len(rows) != 1+len(fx.pros) {
			t.Fatalf("commissions: %d rows", len(rows))
		}
		for i, p := range want.Professionals {
			if rows[1+i][0] != p.Name || rows[1+i][3] != brl(p.Revenue) || rows[1+i][5] != brl(p.Commission) {
				t.Errorf("commission row %q, want %+v", rows[1+i], p)
			}
		}
		rows = parse("clients")
		completed := 0
		for _, row := range rows[1:] {
			var n int
			fmt.Sscan(row[3], &n)
			completed += n
			if row[5] != "" && !strings.HasSuffix(row[5], "/2026") {
				t.Errorf("last visit %q", row[5])
			}
		}
		if completed != want.Current.Completed {
			t.Errorf("clients export counts %d visits, want %d", completed, want.Current.Completed)
		}
	})
}

func serviceNamed(fx reportFixture, name string) string {
	for id, n := range fx.services {
		if n == name {
			return id
		}
	}
	panic(name)
}

func brl(cents int64) string { return fmt.Sprintf("%d,%02d", cents/100, cents%100) }

func TestReportsHoldOnlyTheirOwnersFigures(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		a := e.client().signUp("Ana", "ana-own@example.com")
		fa := seedCatalogue(t, a)
		body := appointmentBodyNamed("Cliente de Ana", "(11) 98888-7777", fa["services"], fa["professionals"], "2026-12-10", "10:00")
		body["status"] = "completed"
		a.do("POST", "/api/v1/appointments", body).must(t, 201)
		b := e.client().signUp("Bia", "bia-own@example.com")
		seedCatalogue(t, b)
		for _, c := range []struct {
			who  *client
			want int64
		}{{a, 5000}, {b, 0}} {
			r := c.who.do("GET", "/api/v1/reports?from=2026-12-01&to=2026-12-31", nil).must(t, 200)
			var got app.Report
			_ = json.Unmarshal(r.Body, &got)
			if got.Current.Revenue != c.want || (c.want == 0 && (got.Current.Appointments != 0 || len(got.Services) != 0)) {
				t.Errorf("%s's report: %s", c.who.user["email"], r.Body)
			}
			csv := c.who.do("GET", "/api/v1/reports/export?kind=clients&from=2026-12-01&to=2026-12-31", nil).must(t, 200)
			if strings.Contains(string(csv.Body), "Ana") != (c.want > 0) {
				t.Errorf("%s's export: %s", c.who.user["email"], csv.Body)
			}
		}
	})
}

// 'Concluir' sends how the client paid with the status change, and
// Relatórios count it under that method, not 'não informado'.
func TestCompletingWithAPaymentMethodCountsInTheReport(t *testing.T) {
	eachEngine(t, func(t *testing.T, e *env) {
		e.clock.Set(mondayMorning)
		owner := e.client().signUp("Paula Dona", "paula-pag@example.com")
		fx := seedCatalogue(t, owner)
		for i, method := range []string{"cash", "cash", "debit_card", ""} {
			id := owner.do("POST", "/api/v1/appointments",
				appointmentBody(fx["services"], fx["professionals"], "2026-11-20", fmt.Sprintf("%02d:00", 9+i))).must(t, 201).JSON["id"].(string)
			body := map[string]any{"status": "completed"}
			if method != "" {
				body["paymentMethod"] = method
			}
			if got := owner.do("PATCH", "/api/v1/appointments/"+id+"/status", body).must(t, 200).JSON["paymentMethod"]; method != "" && got != method {
				t.Errorf("completed with %s: got paymentMethod %v", method, got)
			}
		}
		r := owner.do("GET", "/api/v1/reports?from=2026-11-20&to=2026-11-20", nil).must(t, 200).JSON
		got := map[string]float64{}
		for _, m := range r["paymentMethods"].([]any) {
			m := m.(map[string]any)
			key, _ := m["method"].(string)
			got[key] = m["completed"].(float64)
		}
		if want := map[string]float64{"cash": 2, "debit_card": 1, "": 1}; fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("payment methods: got %v, want %v", got, want)
		}
	})
}
