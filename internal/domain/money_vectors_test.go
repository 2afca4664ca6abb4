package domain_test

import (
	"testing"

	"agendo/internal/domain"
)

func TestMoneyVectors(t *testing.T) {
	var v struct {
		Format []struct {
			Cents        int64
			Display, CSV string
		}
	}
	readVectors(t, "money.json", &v)
	if len(v.Format) == 0 {
		t.Fatal("testdata/money.json: no cases")
	}
	for _, tc := range v.Format {
		if got := domain.FormatBRL(tc.Cents); got != tc.Display {
			t.Errorf("FormatBRL(%d): got %q, want %q", tc.Cents, got, tc.Display)
		}
		if got := domain.DecimalBR(tc.Cents); got != tc.CSV {
			t.Errorf("DecimalBR(%d): got %q, want %q", tc.Cents, got, tc.CSV)
		}
	}
}
