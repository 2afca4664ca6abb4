package domain_test

import (
	"errors"
	"testing"
	"time"

	"agendo/internal/domain"
)

func TestReminderTimes(t *testing.T) {
	sp, _ := time.LoadLocation("America/Sao_Paulo")
	at := func(d, hm string) time.Time {
		v, err := time.ParseInLocation("2006-01-02 15:04", d+" "+hm, sp)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	base := domain.DefaultReminderSettings()
	for _, c := range []struct {
		name  string
		hours []int
		day   string
		start time.Time
		now   time.Time
		want  []string
	}{
		{"the day before at 18:00", nil, "18:00", at("2026-03-04", "10:00"), at("2026-03-02", "09:00"), []string{"03/03 18:00"}},
		{"booked after the day-before time: none", nil, "18:00", at("2026-03-04", "10:00"), at("2026-03-03", "19:00"), nil},
		{"2 h before, outside the quiet hours", []int{2}, "", at("2026-03-04", "14:00"), at("2026-03-02", "09:00"), []string{"04/03 12:00"}},
		{"2 h before a 09:00 falls at 07:00: at the quiet hours' end", []int{2}, "", at("2026-03-04", "09:00"), at("2026-03-02", "09:00"), []string{"04/03 08:00"}},
		{"2 h before an 08:00 would be too late at 08:00: the evening before", []int{2}, "", at("2026-03-04", "08:00"), at("2026-03-02", "09:00"), []string{"03/03 20:59"}},
		{"12 h before a 10:00 falls at 22:00: at 08:00", []int{12}, "", at("2026-03-04", "10:00"), at("2026-03-02", "09:00"), []string{"04/03 08:00"}},
		{"the day before and 12 h before", []int{12}, "08:00", at("2026-03-05", "09:00"), at("2026-03-02", "09:00"), []string{"04/03 08:00", "05/03 08:00"}},
		{"two that meet are one", []int{12}, "18:00", at("2026-03-04", "06:00"), at("2026-03-02", "09:00"), []string{"03/03 18:00"}},
		{"both, earliest first", []int{2}, "18:00", at("2026-03-04", "15:00"), at("2026-03-02", "09:00"), []string{"03/03 18:00", "04/03 13:00"}},
	} {
		s := base
		s.HoursBefore, s.DayBefore = c.hours, c.day
		s, err := domain.CleanReminderSettings(s)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, v := range domain.ReminderTimes(s, c.start, c.now) {
			got = append(got, v.In(sp).Format("02/01 15:04"))
		}
		if len(got) != len(c.want) || (len(got) > 0 && got[0] != c.want[0]) || (len(got) > 1 && got[1] != c.want[1]) {
			t.Errorf("%s: got %v, want %v", c.name, got, c.want)
		}
	}
}

func TestCleanReminderSettingsRefusesInPortuguese(t *testing.T) {
	s := domain.DefaultReminderSettings()
	s.HoursBefore, s.DayBefore, s.QuietFrom, s.QuietTo = []int{5}, "25:00", "22:00", "22:00"
	_, err := domain.CleanReminderSettings(s)
	var de *domain.Error
	if !errors.As(err, &de) || de.Fields["hoursBefore"] == "" || de.Fields["dayBefore"] == "" || de.Fields["quietTo"] == "" {
		t.Fatalf("got %v", err)
	}
}

func TestReminderTitle(t *testing.T) {
	sp, _ := time.LoadLocation("America/Sao_Paulo")
	start := time.Date(2026, 3, 4, 10, 0, 0, 0, sp)
	if got := domain.ReminderTitle(start, time.Date(2026, 3, 3, 21, 0, 0, 0, time.UTC), "Escova progressiva", "Juliana", "Salão Beleza Pura"); got != "Amanhã 10:00 — Escova progressiva com Juliana no Salão Beleza Pura" {
		t.Errorf("got %q", got)
	}
	if got := domain.ReminderTitle(start, time.Date(2026, 3, 4, 11, 0, 0, 0, time.UTC), "Corte", "", "Barbearia do Zé"); got != "Hoje 10:00 — Corte na Barbearia do Zé" {
		t.Errorf("got %q", got)
	}
	if got := domain.ReminderTitle(start, time.Date(2026, 3, 1, 11, 0, 0, 0, time.UTC), "Corte", "Ana", ""); got != "04/03 10:00 — Corte com Ana" {
		t.Errorf("got %q", got)
	}
}
