package domain_test

import (
	"encoding/json"
	"os"
	"testing"

	"agendo/internal/domain"
)

// readVectors decodes one of testdata's case files, which the web app's
// tests read too.
func readVectors(tb testing.TB, name string, v any) {
	tb.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		tb.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		tb.Fatalf("testdata/%s: %v", name, err)
	}
}

func TestPhoneVectors(t *testing.T) {
	var v struct {
		Phones []struct {
			Name, Input       string
			E164              *string
			Display, Whatsapp string
		}
		Messages []struct{ Name, Phone, Text, Whatsapp string }
	}
	readVectors(t, "phones.json", &v)
	if len(v.Phones) == 0 || len(v.Messages) == 0 {
		t.Fatal("testdata/phones.json: no cases")
	}
	for _, tc := range v.Phones {
		t.Run(tc.Name, func(t *testing.T) {
			want, wantOK := "", tc.E164 != nil
			if wantOK {
				want = *tc.E164
			}
			if got, ok := domain.NormalizePhone(tc.Input); got != want || ok != wantOK {
				t.Errorf("NormalizePhone(%q): got %q, %v; want %q, %v", tc.Input, got, ok, want, wantOK)
			}
			if got := domain.FormatPhone(tc.Input); got != tc.Display {
				t.Errorf("FormatPhone(%q): got %q, want %q", tc.Input, got, tc.Display)
			}
			if got := domain.WhatsAppLink(tc.Input, ""); got != tc.Whatsapp {
				t.Errorf("WhatsAppLink(%q, \"\"): got %q, want %q", tc.Input, got, tc.Whatsapp)
			}
		})
	}
	for _, tc := range v.Messages {
		t.Run(tc.Name, func(t *testing.T) {
			if got := domain.WhatsAppLink(tc.Phone, tc.Text); got != tc.Whatsapp {
				t.Errorf("WhatsAppLink(%q, %q): got %q, want %q", tc.Phone, tc.Text, got, tc.Whatsapp)
			}
		})
	}
}

// TestContactPhoneVectors: phones as other systems kept them, read as an
// import reads them (the web app's preview reads the same cases).
func TestContactPhoneVectors(t *testing.T) {
	var v struct {
		Contacts []struct {
			Name, Input, DDD, Problem string
			E164                      *string
		}
	}
	readVectors(t, "phones.json", &v)
	if len(v.Contacts) == 0 {
		t.Fatal("testdata/phones.json: no contact cases")
	}
	for _, tc := range v.Contacts {
		t.Run(tc.Name, func(t *testing.T) {
			want := ""
			if tc.E164 != nil {
				want = *tc.E164
			}
			if got, problem := domain.ReadContactPhone(tc.Input, tc.DDD); got != want || problem != tc.Problem {
				t.Errorf("ReadContactPhone(%q, %q): got %q, %q; want %q, %q", tc.Input, tc.DDD, got, problem, want, tc.Problem)
			}
		})
	}
	if got := domain.PhoneDDD("(19) 3456-7890"); got != "19" {
		t.Errorf("PhoneDDD = %q", got)
	}
	if got := domain.PhoneDDD(""); got != "" {
		t.Errorf("PhoneDDD of nothing = %q", got)
	}
}

// FuzzReadContactPhone: whatever a file holds, a phone read is one that
// NormalizePhone keeps as it is; anything else has its problem.
func FuzzReadContactPhone(f *testing.F) {
	for _, s := range []string{"+55 (11) 1234-5678", "8765-4321", "00351 912 345 678", "", "\u00a0"} {
		f.Add(s, "19")
	}
	f.Fuzz(func(t *testing.T, s, ddd string) {
		if len(ddd) != 2 || ddd[0] < '1' || ddd[0] > '9' || ddd[1] < '1' || ddd[1] > '9' {
			ddd = ""
		}
		e164, problem := domain.ReadContactPhone(s, ddd)
		if (e164 == "") == (problem == "") {
			t.Fatalf("ReadContactPhone(%q) = %q, %q", s, e164, problem)
		}
		if e164 != "" {
			if again, ok := domain.NormalizePhone(e164); !ok || again != e164 {
				t.Fatalf("ReadContactPhone(%q) = %q, which NormalizePhone reads as %q, %v", s, e164, again, ok)
			}
		}
	})
}
