package store_test

import (
	"cmp"
	"fmt"
	"maps"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
	"time"

	"agendo/internal/domain"
	"agendo/internal/store"
	"agendo/internal/store/storetest"
)

// The summaries equal a full re-aggregation of the appointments after every
// write of a random sequence: bookings, edits (phone, date, status, price),
// moves to the trash, cascades, client renames — for two owners.
func TestSummariesMatchAFullAggregation(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
		owners := []string{"0194a000-0000-7000-8000-00000000000a", "0194a000-0000-7000-8000-00000000000b"}
		pros := map[string][]string{}
		svcs := map[string]string{}
		err := db.Write(ctx, func(tx *store.Tx) error {
			for i, u := range owners {
				if err := tx.CreateUser(ctx, domain.User{ID: u, Email: fmt.Sprintf("dona%d@example.com", i), CreatedAt: now}, "h"); err != nil {
					return err
				}
				for j := range 2 {
					p := domain.Professional{ID: fmt.Sprintf("%s-p%d", u, j), Name: "Pro", Specialties: []string{}, Photos: []string{},
						CalendarType: "app", BookingInterval: 30}
					if err := tx.SaveProfessional(ctx, u, p, now, true); err != nil {
						return err
					}
					pros[u] = append(pros[u], p.ID)
				}
				s := domain.Service{ID: u + "-s", Name: "Corte", Duration: 30, ProfessionalIDs: pros[u]}
				if err := tx.SaveService(ctx, u, s, now, true); err != nil {
					return err
				}
				svcs[u] = s.ID
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(1, 2))
		phones := []string{"+5511900000001", "+5511900000002", "+5511900000003", "+5511900000004"}
		dates := []string{"2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23"}
		names := []string{"Ana", "Bia", "Carla Souza", "Ênio"}
		live := map[string][]string{} // owner → appointment ids
		seq := 0
		for step := range 500 {
			u := owners[rng.IntN(2)]
			var op string
			err := db.Write(ctx, func(tx *store.Tx) error {
				ids := live[u]
				switch r := rng.IntN(10); {
				case r < 4 || len(ids) == 0:
					op = "book"
					seq++
					price := int64(rng.IntN(3) * 2500)
					a := domain.Appointment{ID: fmt.Sprintf("%s-a%04d", u, seq), ClientName: names[rng.IntN(4)],
						ClientPhone: phones[rng.IntN(4)], ServiceID: svcs[u], ProfessionalID: pros[u][rng.IntN(2)],
						Date: dates[rng.IntN(4)], Time: fmt.Sprintf("%02d:00", 8+rng.IntN(10)), DurationMin: 30,
						Status: domain.Statuses[rng.IntN(len(domain.Statuses))], Price: &price, Source: domain.SourceOwner,
						CreatedAt: now, UpdatedAt: now}
					live[u] = append(ids, a.ID)
					return tx.SaveAppointment(ctx, u, a, true)
				case r < 7:
					op = "edit"
					a, err := tx.Appointment(ctx, u, ids[rng.IntN(len(ids))])
					if err != nil {
						return err
					}
					switch rng.IntN(7) {
					case 0:
						a.ClientPhone, a.ClientName = phones[rng.IntN(4)], names[rng.IntN(4)]
					case 1:
						a.Date = dates[rng.IntN(4)]
					case 2:
						a.Status = domain.Statuses[rng.IntN(len(domain.Statuses))]
					case 3:
						a.ProfessionalID = pros[u][rng.IntN(2)]
					case 4:
						a.Time = fmt.Sprintf("%02d:30", 8+rng.IntN(10))
					case 5:
						m := domain.PaymentMethods[rng.IntN(len(domain.PaymentMethods))]
						a.PaymentMethod = &m
					default:
						p := int64(rng.IntN(5) * 1000)
						a.Price = &p
					}
					return tx.SaveAppointment(ctx, u, a, false)
				case r < 8:
					op = "trash"
					i := rng.IntN(len(ids))
					live[u] = append(ids[:i:i], ids[i+1:]...)
					return tx.MoveToTrash(ctx, u, ids[i], fmt.Sprintf("trash-%d", step), now)
				case r < 9:
					op = "rename"
					_, err := tx.RenameClient(ctx, u, phones[rng.IntN(4)], names[rng.IntN(4)], phones[rng.IntN(4)])
					return err
				default:
					op = "cascade"
					p := pros[u][rng.IntN(2)]
					if _, err := tx.DeleteAppointmentsOf(ctx, u, p, ""); err != nil {
						return err
					}
					var keep []string
					for _, id := range ids {
						if _, err := tx.Appointment(ctx, u, id); err == nil {
							keep = append(keep, id)
						}
					}
					live[u] = keep
					return nil
				}
			})
			if err != nil {
				t.Fatalf("step %d %s: %v", step, op, err)
			}
			for _, u := range owners {
				got, want := append(summaries(t, db, u, false), reportSummaries(t, db, u, false)...),
					append(summaries(t, db, u, true), reportSummaries(t, db, u, true)...)
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("step %d (%s) owner %s:\nsummaries   %v\naggregation %v", step, op, u[len(u)-1:], got, want)
				}
			}
		}
		// The rebuild gives the same summaries.
		before := append(summaries(t, db, owners[0], false), reportSummaries(t, db, owners[0], false)...)
		if err := db.Write(ctx, func(tx *store.Tx) error { return tx.RebuildSummaries(ctx) }); err != nil {
			t.Fatal(err)
		}
		if after := append(summaries(t, db, owners[0], false), reportSummaries(t, db, owners[0], false)...); !reflect.DeepEqual(before, after) {
			t.Errorf("rebuild changed the summaries:\n%v\n%v", before, after)
		}
	})
}

// summaries reads an owner's summaries, or (aggregate) computes them from
// the appointments, as rows of text.
func summaries(t *testing.T, db *store.DB, userID string, aggregate bool) []string {
	t.Helper()
	var out []string
	queries := []string{
		`SELECT 'client', phone, latest, name_key, appointments, completed, decided, spent, last_visit FROM clients WHERE user_id = $1 ORDER BY phone`,
		`SELECT 'day', date, SUM(scheduled + confirmed + completed + cancelled + no_show), SUM(scheduled + confirmed + completed),
			SUM(completed), SUM(completed + cancelled + no_show), CAST(SUM(revenue) AS BIGINT), '', '' FROM report_days WHERE user_id = $1 GROUP BY date ORDER BY date`,
		`SELECT 'totals', SUM(appointments), SUM(completed), SUM(decided), SUM(clients), '', '', '', '' FROM professional_totals
			WHERE user_id = $1 HAVING SUM(appointments) > 0`,
	}
	if aggregate {
		queries = []string{
			`SELECT 'client', client_phone, MAX(date || ' ' || time || '|' || client_name), LOWER(SUBSTR(MAX(date || ' ' || time || '|' || client_name), 18)),
				COUNT(*), SUM(CASE WHEN status = 'completed' THEN 1 ELSE 0 END),
				SUM(CASE WHEN status IN ('completed', 'cancelled', 'no_show') THEN 1 ELSE 0 END),
				SUM(CASE WHEN status = 'completed' THEN COALESCE(price, 0) ELSE 0 END),
				COALESCE(MAX(CASE WHEN status = 'completed' THEN date END), '')
			FROM appointments WHERE user_id = $1 GROUP BY client_phone ORDER BY client_phone`,
			`SELECT 'day', date, COUNT(*), SUM(CASE WHEN status IN ('cancelled', 'no_show') THEN 0 ELSE 1 END),
				SUM(CASE WHEN status = 'completed' THEN 1 ELSE 0 END),
				SUM(CASE WHEN status IN ('completed', 'cancelled', 'no_show') THEN 1 ELSE 0 END),
				SUM(CASE WHEN status = 'completed' THEN COALESCE(price, 0) ELSE 0 END), '', ''
			FROM appointments WHERE user_id = $1 GROUP BY date ORDER BY date`,
			`SELECT 'totals', COUNT(*), SUM(CASE WHEN status = 'completed' THEN 1 ELSE 0 END),
				SUM(CASE WHEN status IN ('completed', 'cancelled', 'no_show') THEN 1 ELSE 0 END), COUNT(DISTINCT client_phone), '', '', '', ''
			FROM appointments WHERE user_id = $1 HAVING COUNT(*) > 0`,
		}
	}
	err := db.Read(ctx, func(tx *store.Tx) error {
		for _, q := range queries {
			rows, err := tx.QueryRowsForTest(ctx, q, userID)
			if err != nil {
				return err
			}
			out = append(out, rows...)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// reportSummaries reads an owner's report days and first visits, or
// (aggregate) folds them from every appointment, as rows of text.
func reportSummaries(t *testing.T, db *store.DB, userID string, aggregate bool) []string {
	t.Helper()
	var out []string
	err := db.Read(ctx, func(tx *store.Tx) error {
		if !aggregate {
			days, err := tx.ReportDays(ctx, userID, "0000-01-01", "9999-12-31", "", true)
			for _, d := range days {
				out = append(out, fmt.Sprintf("report %+v", d))
			}
			if err != nil {
				return err
			}
			rows, err := tx.QueryRowsForTest(ctx, `SELECT 'first', phone, first_visit, first_pro, second_visit, '', '', ''
				FROM clients WHERE user_id = $1 AND first_visit <> '' ORDER BY phone`, userID)
			out = append(out, rows...)
			return err
		}
		byDay := map[[2]string]*store.ReportDay{}
		var keys [][2]string
		type visit struct{ date, time, id, pro, second string }
		firsts := map[string]*visit{}
		var all []domain.Appointment
		err := tx.EachAppointment(ctx, userID, "0000-01-01", "9999-12-31", "", func(a domain.Appointment) error {
			all = append(all, a)
			k := [2]string{a.Date, a.ProfessionalID}
			if byDay[k] == nil {
				byDay[k] = &store.ReportDay{Date: a.Date, ProfessionalID: a.ProfessionalID}
				keys = append(keys, k)
			}
			byDay[k].Add(a)
			if a.Status == domain.StatusCompleted && firsts[a.ClientPhone] == nil {
				firsts[a.ClientPhone] = &visit{date: a.Date, time: a.Time, id: a.ID, pro: a.ProfessionalID}
			}
			return nil
		})
		slices.SortFunc(keys, func(a, b [2]string) int { return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1])) })
		for _, k := range keys {
			d := *byDay[k]
			if d.Services == nil {
				d.Services, d.Payments = map[string]store.Tally{}, map[string]store.Tally{}
			}
			out = append(out, fmt.Sprintf("report %+v", d))
		}
		for _, a := range all {
			if v := firsts[a.ClientPhone]; a.Status == domain.StatusCompleted && a.Date > v.date && (v.second == "" || a.Date < v.second) {
				v.second = a.Date
			}
		}
		for _, phone := range slices.Sorted(maps.Keys(firsts)) {
			v := firsts[phone]
			out = append(out, fmt.Sprint("first", phone, v.date, v.pro, v.second, "", "", ""))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
