package store_test

import (
	"fmt"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"agendo/internal/domain"
	"agendo/internal/schedule"
	"agendo/internal/store"
	"agendo/internal/store/storetest"
)

// A store with a long history changes statuses and renames a client while
// another store takes bookings, on a database the product made and never
// analysed. Every statement the writer ran reads the history through an
// index that narrows it to one day, client, professional or appointment,
// never to the owner alone: in issue 22, SQLite (which, without
// statistics, takes user_id = ? for a selective key) re-aggregated a day
// through the (user_id) prefix of another index, 100,000 rows, and every
// other store's bookings waited behind its one writer. The summaries of
// both stores stay exact and every booking succeeds.
func TestBigStoreWritesReadOnlyWhatTheyChange(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		// The plans do not depend on the size (there are no statistics):
		// the history is long where writing it is cheap.
		size := 10_000
		switch {
		case raceEnabled:
			size = 300
		case db.Engine == store.Postgres:
			size = 1_000
		}
		now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
		big, small := "0194a000-0000-7000-8000-00000000000a", "0194a000-0000-7000-8000-00000000000b"
		pros, svcs := map[string][]string{}, map[string][]string{}
		err := db.Write(ctx, func(tx *store.Tx) error {
			for i, u := range []string{big, small} {
				if err := tx.CreateUser(ctx, domain.User{ID: u, Email: fmt.Sprintf("dona%d@example.com", i), CreatedAt: now}, "h"); err != nil {
					return err
				}
				for j := range 10 {
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
				svcs[u] = []string{s.ID}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		history := storetest.History(t, db, big, pros[big], svcs[big], now.AddDate(0, 0, 30-size/140), size)

		const rounds, customers, each = 3, 4, 5
		booked := 0
		for round := range rounds {
			var wg sync.WaitGroup
			errs := make(chan error, 1+customers*each)
			wg.Go(func() { // the big store's owner, as SetAppointmentStatus and UpdateClient write
				for op := range 6 {
					ap := history[(round*6+op)*7+3] // i%7 == 3: scheduled (storetest.History)
					err := db.Write(ctx, func(tx *store.Tx) error {
						if op == 5 {
							_, err := tx.RenameClient(ctx, big, ap.ClientPhone, fmt.Sprintf("Cliente renomeada %d", round), ap.ClientPhone)
							return err
						}
						for _, s := range []string{domain.StatusCompleted, domain.StatusScheduled, domain.StatusConfirmed} {
							cur, err := tx.Appointment(ctx, big, ap.ID)
							if err != nil {
								return err
							}
							cur.Status, cur.UpdatedAt = s, now
							if err := tx.SaveAppointment(ctx, big, cur, false); err != nil {
								return err
							}
						}
						return nil
					})
					if err != nil {
						errs <- fmt.Errorf("big store, round %d, write %d: %w", round, op, err)
						return
					}
				}
			})
			for c := range customers { // the other store's customers, as book writes
				wg.Go(func() {
					for k := range each {
						i := (round*customers+c)*each + k
						price := int64(4000)
						ap := domain.Appointment{ID: fmt.Sprintf("0194a000-0000-7000-8000-1%011d", i), ClientName: "Cliente",
							ClientPhone: fmt.Sprintf("+55119%08d", i), ServiceID: svcs[small][0], ProfessionalID: pros[small][i%10],
							Date: "2026-11-25", Time: fmt.Sprintf("%02d:%02d", 8+i/10/2, i/10%2*30), DurationMin: 30,
							Status: domain.StatusScheduled, Price: &price, Source: domain.SourcePublic, CreatedAt: now, UpdatedAt: now}
						err := db.Write(ctx, func(tx *store.Tx) error {
							if err := tx.LockProfessional(ctx, small, ap.ProfessionalID); err != nil {
								return err
							}
							busy, err := tx.Busy(ctx, ap.ProfessionalID, ap.Date, ap.Date, ap.ID)
							if err != nil {
								return err
							}
							start, _ := domain.ParseClock(ap.Time)
							for _, b := range busy {
								if schedule.Overlaps(start, start+30, b.Start, b.End) {
									return fmt.Errorf("%s %s taken", ap.ProfessionalID, ap.Time)
								}
							}
							return tx.SaveAppointment(ctx, small, ap, true)
						})
						if err != nil {
							errs <- fmt.Errorf("other store, booking %d: %w", i, err)
							return
						}
					}
				})
			}
			wg.Wait()
			close(errs)
			for err := range errs {
				t.Error(err)
			}
			booked += customers * each
		}

		err = db.Read(ctx, func(tx *store.Tx) error {
			for _, u := range []string{big, small} {
				s, err := tx.Integrity(ctx, u)
				if err != nil {
					return err
				}
				if len(s.DayDiffs)+len(s.ReportDayDiffs)+s.ClientDiffs > 0 || s.TotalsDiffer {
					t.Errorf("%s: summaries differ from the appointments: %+v", u, s)
				}
			}
			got, err := tx.Totals(ctx, small)
			if got.Appointments != booked {
				t.Errorf("other store: got %d appointments, want %d", got.Appointments, booked)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}

		if db.Engine == store.SQLite {
			checkWriterPlans(t, db)
		}
	})
}

// historyStep is a step of a plan that reads a table growing with the
// salon's history, with what narrows it.
var historyStep = regexp.MustCompile(`^(SCAN|SEARCH) (appointments|owner_days|clients|report_days|a)\b(.*)$`)

// narrowing finds, in a step's search terms, an equality that picks one
// day, client, professional or appointment (user_id and status pick the
// owner's whole history, or all of its visits), or a closed date range.
var narrowing = regexp.MustCompile(`\b(date|client_phone|phone|professional_id|id)=\?|date>\? AND date<\?`)

// ofOneOwner finds the statements scoped to one owner (the others, such as
// RebuildSummaries', read every row by design).
var ofOneOwner = regexp.MustCompile(`\buser_id = \$\d`)

// checkWriterPlans fails for each statement of one owner the writer has run
// whose plan reads appointments or a summary table other than through a
// narrowing index.
func checkWriterPlans(t *testing.T, db *store.DB) {
	t.Helper()
	queries := db.WriterQueriesForTest()
	checked := 0
	for _, q := range queries {
		if !ofOneOwner.MatchString(q) {
			continue
		}
		plan, err := db.PlanForTest(ctx, q)
		if err != nil {
			t.Fatalf("plan of %s: %v", q, err)
		}
		for _, step := range plan {
			m := historyStep.FindStringSubmatch(step)
			if m == nil {
				continue
			}
			checked++
			if m[1] == "SCAN" || !narrowing.MatchString(m[3]) {
				t.Errorf("%s\nis planned as %q: it reads the owner's whole history", strings.Join(strings.Fields(q), " "), step)
			}
		}
	}
	if checked < 10 {
		t.Fatalf("only %d steps over the history among the writer's %d statements", checked, len(queries))
	}
}

// Optimize gives a history the planner's statistics, never its value
// samples (also where a full ANALYZE took them), and the summary writes
// stay on their indexes with the statistics too. On PostgreSQL it has
// nothing to do.
func TestOptimizeKeepsStatisticsWithoutSamples(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
		u := "0194a000-0000-7000-8000-00000000000a"
		pros, svc := storetest.Owner(t, db, u, now)
		history := storetest.History(t, db, u, pros, []string{svc}, now.AddDate(0, 0, -2), 300)
		if err := db.Optimize(ctx); err != nil {
			t.Fatal(err)
		}
		if db.Engine != store.SQLite {
			return
		}
		w := db.Pools()["writer"]
		count := func(q string) int {
			var n int
			if err := w.QueryRow(q).Scan(&n); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
			return n
		}
		const stats = `SELECT count(*) FROM sqlite_stat1 WHERE idx IN ('appointments_day', 'appointments_client')`
		const samples = `SELECT count(*) FROM sqlite_stat4`
		if got := count(stats); got != 2 {
			t.Errorf("statistics of the day and client indexes: got %d, want 2", got)
		}
		if _, err := w.Exec("PRAGMA analysis_limit = 0; ANALYZE"); err != nil { // a full analysis, as the bench seeding ran
			t.Fatal(err)
		}
		if count(samples) == 0 {
			t.Fatal("a full ANALYZE took no samples: the check below proves nothing")
		}
		if err := db.Optimize(ctx); err != nil {
			t.Fatal(err)
		}
		if got := count(samples); got != 0 {
			t.Errorf("value samples after Optimize: got %d, want none", got)
		}
		err := db.Write(ctx, func(tx *store.Tx) error {
			ap := history[3] // scheduled
			ap.Status = domain.StatusCompleted
			if err := tx.SaveAppointment(ctx, u, ap, false); err != nil {
				return err
			}
			_, err := tx.RenameClient(ctx, u, ap.ClientPhone, "Cliente renomeada", ap.ClientPhone)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		checkWriterPlans(t, db)
	})
}
