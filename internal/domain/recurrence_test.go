package domain

import (
	"errors"
	"slices"
	"testing"
)

func TestRecurrenceDates(t *testing.T) {
	for _, tc := range []struct {
		name  string
		r     Recurrence
		first string
		want  []string
	}{
		{"every 3 weeks, 4 times", Recurrence{EveryWeeks: 3, Count: 4}, "2026-12-01",
			[]string{"2026-12-01", "2026-12-22", "2027-01-12", "2027-02-02"}},
		{"weekly until a date, inclusive", Recurrence{EveryWeeks: 1, Until: "2026-12-22"}, "2026-12-01",
			[]string{"2026-12-01", "2026-12-08", "2026-12-15", "2026-12-22"}},
		// 2026-12-08 is the 2nd Tuesday of December.
		{"monthly on the 2nd Tuesday", Recurrence{Monthly: true, Count: 3}, "2026-12-08",
			[]string{"2026-12-08", "2027-01-12", "2027-02-09"}},
		// 2026-12-29 is the 5th Tuesday: January 2027 has none, so its last (the 26th).
		{"monthly on a 5th Tuesday falls back to the last", Recurrence{Monthly: true, Count: 3}, "2026-12-29",
			[]string{"2026-12-29", "2027-01-26", "2027-02-23"}},
		{"52 times is the most", Recurrence{EveryWeeks: 1, Count: 52}, "2026-12-01", nil},
	} {
		got, err := tc.r.Dates(tc.first)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if tc.want == nil {
			if len(got) != 52 || got[51] != "2027-11-23" {
				t.Fatalf("%s: %d dates, last %s", tc.name, len(got), got[len(got)-1])
			}
			continue
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: got %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestRecurrenceRefusals(t *testing.T) {
	for _, tc := range []struct {
		r     Recurrence
		field string
	}{
		{Recurrence{EveryWeeks: 0, Count: 3}, "everyWeeks"},
		{Recurrence{EveryWeeks: 9, Count: 3}, "everyWeeks"},
		{Recurrence{EveryWeeks: 1, Monthly: true, Count: 3}, "everyWeeks"},
		{Recurrence{EveryWeeks: 1}, "count"},
		{Recurrence{EveryWeeks: 1, Count: 1}, "count"},
		{Recurrence{EveryWeeks: 1, Count: 53}, "count"},
		{Recurrence{EveryWeeks: 1, Count: 3, Until: "2027-01-01"}, "count"},
		{Recurrence{EveryWeeks: 1, Until: "2026-12-01"}, "until"},
		{Recurrence{EveryWeeks: 1, Until: "2026-13-01"}, "until"},
		{Recurrence{EveryWeeks: 1, Until: "2028-01-01"}, "until"}, // 57 weeks
	} {
		_, err := tc.r.Dates("2026-12-01")
		var de *Error
		if !errors.As(err, &de) || de.Fields[tc.field] == "" {
			t.Errorf("%+v: got %v, want a message on %s", tc.r, err, tc.field)
		}
	}
}

// Any rule from any date either is refused or gives 1 to 52 dates, in
// increasing order, the first being the date asked.
func FuzzRecurrenceDates(f *testing.F) {
	f.Add(3, false, "", 6, "2026-12-01")
	f.Add(0, true, "2027-06-30", 0, "2026-12-29")
	f.Add(1, false, "2027-12-31", 0, "2026-02-29")
	f.Fuzz(func(t *testing.T, every int, monthly bool, until string, count int, first string) {
		got, err := Recurrence{EveryWeeks: every, Monthly: monthly, Until: until, Count: count}.Dates(first)
		if err != nil {
			if ErrorCode(err) != CodeInvalid {
				t.Fatalf("refused with %v", err)
			}
			return
		}
		if len(got) < 1 || len(got) > MaxOccurrences || got[0] != first {
			t.Fatalf("%d dates from %s: %v", len(got), first, got)
		}
		for i := 1; i < len(got); i++ {
			if got[i] <= got[i-1] || !ValidDate(got[i]) {
				t.Fatalf("dates out of order or invalid: %v", got)
			}
		}
	})
}
