package store_test

import (
	"testing"
	"time"

	"agendo/internal/domain"
	"agendo/internal/store"
	"agendo/internal/store/storetest"
)

// Every write of a store's appointments or blocked times moves its agenda
// version or the professional's, in the writing transaction: the
// busy-times cache of every instance trusts the two.
func TestEveryAgendaWriteMovesTheAgendaVersion(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
		u := "0194a000-0000-7000-8000-00000000000a"
		slug := "studio-bela"
		st := domain.NewStore("s1", u, now)
		st.Slug = &slug
		pro := domain.Professional{ID: "p1", Name: "Ana", Specialties: []string{}, Photos: []string{}, CalendarType: "app", BookingInterval: 30}
		svc := domain.Service{ID: "s1", Name: "Corte", Duration: 30, ProfessionalIDs: []string{"p1"}}
		err := db.Write(ctx, func(tx *store.Tx) error {
			if err := tx.CreateUser(ctx, domain.User{ID: u, Email: "dona@example.com", CreatedAt: now}, "h"); err != nil {
				return err
			}
			if err := tx.CreateStore(ctx, st); err != nil {
				return err
			}
			if err := tx.SaveProfessional(ctx, u, pro, now, true); err != nil {
				return err
			}
			return tx.SaveService(ctx, u, svc, now, true)
		})
		if err != nil {
			t.Fatal(err)
		}
		price := int64(4000)
		ap := func(id, tm string) domain.Appointment {
			return domain.Appointment{ID: id, ClientName: "Maria", ClientPhone: "+5511955554444", ServiceID: "s1", ProfessionalID: "p1",
				Date: "2026-11-25", Time: tm, DurationMin: 30, Status: "scheduled", Price: &price, Source: "owner", CreatedAt: now, UpdatedAt: now}
		}
		moved := ap("a1", "11:00")
		block := domain.BlockedTime{ID: "b1", ProfessionalID: "p1", Date: "2026-11-25", StartTime: "12:00", EndTime: "13:00"}
		writes := []struct {
			name string
			fn   func(tx *store.Tx) error
		}{
			{"a booking", func(tx *store.Tx) error { return tx.SaveAppointment(ctx, u, ap("a1", "10:00"), true) }},
			{"an edit", func(tx *store.Tx) error { return tx.SaveAppointment(ctx, u, moved, false) }},
			{"a move to the trash", func(tx *store.Tx) error { return tx.MoveToTrash(ctx, u, "a1", "t1", now) }},
			{"an import", func(tx *store.Tx) error {
				return tx.ImportAppointments(ctx, u, []domain.Appointment{ap("a2", "10:00"), ap("a3", "14:00")})
			}},
			{"a blocked time", func(tx *store.Tx) error { return tx.SaveBlockedTime(ctx, u, block, now, true) }},
			{"a blocked time's edit", func(tx *store.Tx) error {
				block.EndTime = "13:30"
				return tx.SaveBlockedTime(ctx, u, block, now, false)
			}},
			{"a blocked time's removal", func(tx *store.Tx) error { return tx.DeleteBlockedTime(ctx, u, "b1") }},
			{"a professional's blocked times removed", func(tx *store.Tx) error {
				_, err := tx.DeleteBlockedTimesOf(ctx, u, "p1")
				return err
			}},
			{"a professional's appointments removed", func(tx *store.Tx) error {
				_, err := tx.DeleteAppointmentsOf(ctx, u, "p1", "")
				return err
			}},
		}
		version := func() int64 {
			var v store.Versions
			var pros map[string]int64
			if err := db.Read(ctx, func(tx *store.Tx) error {
				var err error
				if _, v, err = tx.StoreVersions(ctx, slug); err != nil {
					return err
				}
				pros, err = tx.AgendaVersions(ctx, u)
				return err
			}); err != nil {
				t.Fatal(err)
			}
			return v.Agenda + pros["p1"]
		}
		for _, w := range writes {
			before := version()
			if err := db.Write(ctx, w.fn); err != nil {
				t.Fatalf("%s: %v", w.name, err)
			}
			if after := version(); after <= before {
				t.Errorf("%s left the agenda version at %d", w.name, after)
			}
		}
	})
}
