package store_test

import (
	"fmt"
	"strconv"
	"testing"
	"time"

	"agendo/internal/domain"
	"agendo/internal/store"
	"agendo/internal/store/storetest"
)

// What an appointment counts for is decided once, in the domain
// (domain.Served, domain.Decided, domain.Appointment.Revenue); the SQL that
// says the same over rows must agree with it for every status, with a
// price, a zero price and none.
func TestTheRevenueRuleIsOneInGoAndSQL(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
		const u = "0194a000-0000-7000-8000-0000000000r1"
		pro := domain.Professional{ID: u + "-p", Name: "Pro", Specialties: []string{}, Photos: []string{},
			CalendarType: "app", BookingInterval: 30}
		svc := domain.Service{ID: u + "-s", Name: "Corte", Duration: 30, ProfessionalIDs: []string{pro.ID}}
		price, zero := int64(4550), int64(0)
		var cases []domain.Appointment
		for i, status := range domain.Statuses {
			for j, p := range []*int64{&price, &zero, nil} {
				cases = append(cases, domain.Appointment{ID: fmt.Sprintf("%s-a%d%d", u, i, j), ClientName: "Ana",
					ClientPhone: "+5511912345678", ServiceID: svc.ID, ProfessionalID: pro.ID, Date: "2026-11-23",
					Time: fmt.Sprintf("%02d:%02d", 8+i, j*20), DurationMin: 15, Status: status, Price: p,
					Source: domain.SourceOwner, CreatedAt: now, UpdatedAt: now})
			}
		}
		err := db.Write(ctx, func(tx *store.Tx) error {
			if err := tx.CreateUser(ctx, domain.User{ID: u, Email: "regras@example.com", CreatedAt: now}, "h"); err != nil {
				return err
			}
			if err := tx.SaveProfessional(ctx, u, pro, now, true); err != nil {
				return err
			}
			if err := tx.SaveService(ctx, u, svc, now, true); err != nil {
				return err
			}
			for _, a := range cases {
				if err := tx.SaveAppointment(ctx, u, a, true); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range cases {
			var rows []string
			err := db.Read(ctx, func(tx *store.Tx) (err error) {
				rows, err = tx.QueryRowsForTest(ctx, `SELECT CASE WHEN `+store.ServedSQLForTest+` THEN 1 ELSE 0 END,
					CASE WHEN `+store.DecidedSQLForTest+` THEN 1 ELSE 0 END, `+store.RevenueSQLForTest+`
					FROM appointments WHERE id = $1`, a.ID)
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			want := fmt.Sprint(b(domain.Served(a.Status)), b(domain.Decided(a.Status)), a.Revenue())
			if len(rows) != 1 || rows[0] != want {
				t.Errorf("%s with price %s: SQL says served, decided, revenue = %v; the domain says %s",
					a.Status, priceText(a.Price), rows, want)
			}
		}
	})
}

func b(v bool) int {
	if v {
		return 1
	}
	return 0
}

func priceText(p *int64) string {
	if p == nil {
		return "none"
	}
	return strconv.FormatInt(*p, 10)
}
