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
