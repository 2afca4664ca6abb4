package domain_test

import (
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"agendo/internal/domain"
)

func TestNormalizePhone(t *testing.T) {
	cases := []struct {
		name, in, want string
		ok             bool
	}{
		{"mobile as typed", "(11) 91234-5678", "+5511912345678", true},
		{"mobile digits only", "11912345678", "+5511912345678", true},
		{"mobile with country code", "+55 11 91234-5678", "+5511912345678", true},
		{"mobile with country code, no plus", "5511912345678", "+5511912345678", true},
		{"mobile with dots", "11.91234.5678", "+5511912345678", true},
		{"mobile with trunk zero", "0 11 91234-5678", "+5511912345678", true},
		{"landline with trunk zero", "0 11 3456-7890", "+551134567890", true},
		{"landline as typed", "(21) 2345-6789", "+552123456789", true},
		{"landline with country code", "+55 (31) 3456-7890", "+553134567890", true},
		{"landline in DDD 55", "(55) 3222-1234", "+555532221234", true},
		{"mobile in DDD 55", "(55) 99123-4567", "+5555991234567", true},
		{"mobile in DDD 55 with country code", "+55 55 99123-4567", "+5555991234567", true},
		{"surrounding spaces", "  (11) 91234-5678 ", "+5511912345678", true},

		{"too short", "123", "", false},
		{"empty", "", "", false},
		{"mobile without DDD", "91234-5678", "", false},
		{"landline without DDD", "3456-7890", "", false},
		{"letters", "(11) 9123a-5678", "", false},
		{"words", "telefone", "", false},
		{"DDD starting with 0", "(01) 3456-7890", "", false},
		{"DDD 00", "(00) 91234-5678", "", false},
		{"DDD ending in 0", "(10) 91234-5678", "", false},
		{"mobile not starting with 9", "(11) 81234-5678", "", false},
		{"landline starting with 9", "(11) 9345-6789", "", false},
		{"landline starting with 6", "(11) 6345-6789", "", false},
		{"twelve digits", "119123456789", "", false},
		{"another country", "+1 (11) 91234-5678", "", false},
		{"too long", "+55 11 91234-56789", "", false},
		{"0800", "0800 123 4567", "", false},
		{"unicode digits", "(١١) ٩١٢٣٤-٥٦٧٨", "", false},
		{"slash", "11/91234-5678", "", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := domain.NormalizePhone(tc.in)
			if got != tc.want || ok != tc.ok {
				t.Errorf("NormalizePhone(%q): got %q, %v; want %q, %v", tc.in, got, ok, tc.want, tc.ok)
			}
		})
	}
}

func TestPhoneDigits(t *testing.T) {
	cases := []struct {
		name, in, want string
		ok             bool
	}{
		{"as typed", "+55 (11) 91234-5678", "5511912345678", true},
		{"dots, tab and no-break space", "11.9123\t4\u00a05678", "11912345678", true},
		{"part of a number", "1234", "1234", true},
		{"a name", "Ana 1234", "", false},
		{"a slash", "11/1234", "", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got, ok := domain.PhoneDigits(tc.in); got != tc.want || ok != tc.ok {
				t.Errorf("PhoneDigits(%q): got %q, %v; want %q, %v", tc.in, got, ok, tc.want, tc.ok)
			}
		})
	}
}

func TestFormatPhone(t *testing.T) {
	cases := []struct{ in, want string }{
		{"+5511912345678", "(11) 91234-5678"},
		{"+551134567890", "(11) 3456-7890"},
		{"+555532221234", "(55) 3222-1234"},
		{"+1234", "+1234"}, // not Brazilian: shown as stored
		{"", ""},
	}
	for _, tc := range cases {
		if got := domain.FormatPhone(tc.in); got != tc.want {
			t.Errorf("FormatPhone(%q): got %q, want %q", tc.in, got, tc.want)
		}
	}
}

var e164BR = regexp.MustCompile(`^\+55[1-9][1-9](9[0-9]{8}|[2-5][0-9]{7})$`)

// checkPhone asserts the properties of one NormalizePhone result.
func checkPhone(t *testing.T, in string) {
	t.Helper()
	got, ok := domain.NormalizePhone(in)
	if !ok {
		if got != "" {
			t.Errorf("NormalizePhone(%q): got %q with ok=false, want empty", in, got)
		}
		return
	}
	if !e164BR.MatchString(got) {
		t.Fatalf("NormalizePhone(%q): got %q, not a Brazilian E.164 number", in, got)
	}
	if again, ok := domain.NormalizePhone(got); !ok || again != got {
		t.Errorf("NormalizePhone(%q) = %q re-normalises to %q, %v", in, got, again, ok)
	}
	f := domain.FormatPhone(got)
	if f == got || !strings.HasPrefix(f, "(") {
		t.Errorf("FormatPhone(%q): got %q, want the (DD) NNNNN-NNNN form", got, f)
	}
	if back, ok := domain.NormalizePhone(f); !ok || back != got {
		t.Errorf("NormalizePhone(FormatPhone(%q) = %q): got %q, %v", got, f, back, ok)
	}
}

func FuzzNormalizePhone(f *testing.F) {
	for _, s := range []string{
		"(11) 91234-5678", "11912345678", "+55 11 91234-5678", "0 11 3456-7890", "(55) 3222-1234",
		"+55 55 99123-4567", "123", "91234-5678", "(01) 3456-7890", "abc", "", "+", "55", "0", "00000000000",
		"5555555555555", "(11) 9\u00a01234-5678",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { checkPhone(t, s) })
}

func TestSlugify(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"accents", "Salão Bela", "salao-bela"},
		{"spaces everywhere", "  Barbearia  do   Zé ", "barbearia-do-ze"},
		{"emoji", "Studio 💇\u200d♀️ Hair", "studio-hair"},
		{"punctuation", "Zé's Barber!!!", "zes-barber"},
		{"ampersand between spaces", "Cabelo & Cia.", "cabelo-cia"},
		{"hyphens and underscores", "--Beleza__Pura--", "beleza-pura"},
		{"upper-case accents", "ESTÉTICA ÇÃO", "estetica-cao"},
		{"digits", "Salão 24 Horas", "salao-24-horas"},
		{"tabs and newlines", "Unhas\t\nDa\u00a0Ana", "unhas-da-ana"},
		{"sharp s and ligatures", "Straße Œuvre Æther", "strasse-oeuvre-aether"},
		{"only punctuation", "!!! ??? ...", ""},
		{"empty", "", ""},
		{"non-Latin script", "美容院", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := domain.Slugify(tc.in); got != tc.want {
				t.Errorf("Slugify(%q): got %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

var slugShape = regexp.MustCompile(`^([a-z0-9]+(-[a-z0-9]+)*)?$`)

func FuzzSlugify(f *testing.F) {
	for _, s := range []string{"Salão Bela", "  Barbearia  do   Zé ", "Studio 💇 Hair", "-", "a--b", "ß", "İstanbul", "\xff\xfe", "K"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := domain.Slugify(s)
		if !slugShape.MatchString(got) {
			t.Fatalf("Slugify(%q): got %q, want only [a-z0-9] runs joined by single hyphens", s, got)
		}
		if again := domain.Slugify(got); again != got {
			t.Errorf("Slugify(Slugify(%q)): got %q, want %q", s, again, got)
		}
	})
}

func TestNormalizeEmail(t *testing.T) {
	cases := []struct {
		name, in, want string
		ok             bool
	}{
		{"lower-cased and trimmed", "  Maria@Example.COM ", "maria@example.com", true},
		{"plus and dots", "ana.paula+salao@mail.example.com.br", "ana.paula+salao@mail.example.com.br", true},
		{"empty", "", "", false},
		{"blank", "   ", "", false},
		{"no domain", "ana@", "ana@", false},
		{"no at", "ana.example.com", "ana.example.com", false},
		{"no dot in the domain", "ana@localhost", "ana@localhost", false},
		{"two ats", "ana@@example.com", "ana@@example.com", false},
		{"no local part", "@example.com", "@example.com", false},
		{"display name", "Ana <ana@example.com>", "ana <ana@example.com>", false},
		{"inner space", "ana maria@example.com", "ana maria@example.com", false},
		{"quoted local part", `"ana maria"@example.com`, `"ana maria"@example.com`, false},
		{"comment", "ana@example.com (Ana)", "ana@example.com (ana)", false},
		{"newline injection", "ana@example.com\nBcc: x@evil.example", "ana@example.com\nbcc: x@evil.example", false},
		{"NUL", "ana\x00@example.com", "ana\x00@example.com", false},
		{"254 characters", strings.Repeat("a", 64) + "@" + strings.Repeat("b", 185) + ".com", strings.Repeat("a", 64) + "@" + strings.Repeat("b", 185) + ".com", true},
		{"255 characters", strings.Repeat("a", 64) + "@" + strings.Repeat("b", 186) + ".com", strings.Repeat("a", 64) + "@" + strings.Repeat("b", 186) + ".com", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := domain.NormalizeEmail(tc.in)
			if ok != tc.ok || (tc.ok && got != tc.want) {
				t.Errorf("NormalizeEmail(%q): got %q, %v; want %q, %v", tc.in, got, ok, tc.want, tc.ok)
			}
		})
	}
}

func FuzzNormalizeEmail(f *testing.F) {
	for _, s := range []string{"Maria@Example.com", "ana@", "a@b.c", "Ana <ana@example.com>", `"x"@y.z`, "a@[127.0.0.1]", "\x00@a.b", "Ä@ß.de"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, ok := domain.NormalizeEmail(s)
		if !ok {
			return
		}
		if got != strings.ToLower(got) || got != strings.TrimSpace(got) || len(got) > domain.MaxEmailLen {
			t.Errorf("NormalizeEmail(%q): got %q, not lower-case, trimmed and at most %d bytes", s, got, domain.MaxEmailLen)
		}
		if strings.ContainsAny(got, " \t\r\n<>\"\x00") || strings.Count(got, "@") < 1 {
			t.Errorf("NormalizeEmail(%q): accepted %q", s, got)
		}
		if again, ok := domain.NormalizeEmail(got); !ok || again != got {
			t.Errorf("NormalizeEmail(%q) = %q re-normalises to %q, %v", s, got, again, ok)
		}
	})
}

func TestCleanName(t *testing.T) {
	cases := []struct {
		name, in, want string
		ok             bool
	}{
		{"spaces collapsed", "  Maria   Silva ", "Maria Silva", true},
		{"tabs and newlines", "Salão\tBela\n", "Salão Bela", true},
		{"accents kept", "José Ângelo", "José Ângelo", true},
		{"empty", "", "", false},
		{"blank", " \t\n ", "", false},
		{"120 runes", strings.Repeat("é", 120), strings.Repeat("é", 120), true},
		{"121 runes", strings.Repeat("é", 121), strings.Repeat("é", 121), false},
		{"invalid UTF-8", "Ana \xff", "Ana \xff", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := domain.CleanName(tc.in)
			if got != tc.want || ok != tc.ok {
				t.Errorf("CleanName(%q): got %q, %v; want %q, %v", tc.in, got, ok, tc.want, tc.ok)
			}
		})
	}
}

func FuzzCleanName(f *testing.F) {
	for _, s := range []string{"  Maria   Silva ", "", "\xff", strings.Repeat("a", 121), "a\u00a0b", "\u2028"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, ok := domain.CleanName(s)
		if !ok {
			return
		}
		if got == "" || got != strings.TrimSpace(got) || strings.Contains(got, "  ") ||
			!utf8.ValidString(got) || utf8.RuneCountInString(got) > domain.MaxNameLen {
			t.Errorf("CleanName(%q): accepted %q", s, got)
		}
		if again, ok := domain.CleanName(got); !ok || again != got {
			t.Errorf("CleanName(%q) = %q re-cleans to %q, %v", s, got, again, ok)
		}
	})
}

func TestErrorCode(t *testing.T) {
	cases := []struct {
		name string
		err  error
		want domain.Code
	}{
		{"nil", nil, ""},
		{"domain error", domain.ErrNotFound, domain.CodeNotFound},
		{"wrapped", wrap(domain.ErrUnauthorized), domain.CodeUnauthorized},
		{"anything else", errString("boom"), domain.CodeInternal},
	}
	for _, tc := range cases {
		if got := domain.ErrorCode(tc.err); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}

type errString string

func (e errString) Error() string { return string(e) }

type wrapped struct{ err error }

func (w wrapped) Error() string { return "wrapped: " + w.err.Error() }
func (w wrapped) Unwrap() error { return w.err }

func wrap(err error) error { return wrapped{err} }

func TestAnonymousPhonesAreNoPhones(t *testing.T) {
	var r [12]byte
	for i := range r {
		r[i] = byte(i * 37)
	}
	id := domain.AnonymousPhone(r)
	if !domain.IsAnonymousPhone(id) || strings.ContainsAny(id, "0123456789") {
		t.Errorf("AnonymousPhone: got %q", id)
	}
	if _, ok := domain.NormalizePhone(id); ok {
		t.Errorf("%q reads as a phone", id)
	}
	for _, s := range []string{"", "anon-", "anon-abcdefghijk", "anon-abcdefghijkL", "anon-abcdefghijk1", "+5511955554444", "xnon-abcdefghijkl"} {
		if domain.IsAnonymousPhone(s) {
			t.Errorf("IsAnonymousPhone(%q) = true", s)
		}
	}
	if k, ok := domain.ClientKey("(11) 95555-4444"); !ok || k != "+5511955554444" {
		t.Errorf("ClientKey: got %q %v", k, ok)
	}
	if k, ok := domain.ClientKey(id); !ok || k != id {
		t.Errorf("ClientKey(%q): got %q %v", id, k, ok)
	}
}

// A masked phone shows the DDD, a mobile's 9 and the last four digits, and
// carries the sealed phone; nothing else reads as one.
func TestMaskedPhone(t *testing.T) {
	m := domain.MaskedPhone("+5511912344321", "c2VsYWRv")
	if m != "m1194321.c2VsYWRv" {
		t.Errorf("MaskedPhone = %q", m)
	}
	if sealed, ok := domain.SealedPhone(m); !ok || sealed != "c2VsYWRv" {
		t.Errorf("SealedPhone(%q) = %q, %v", m, sealed, ok)
	}
	if got := domain.MaskPhone("+5511912344321"); got != "(11) 9••••-4321" {
		t.Errorf("MaskPhone(mobile) = %q", got)
	}
	if got := domain.MaskPhone("+551134564321"); got != "(11) ••••-4321" {
		t.Errorf("MaskPhone(landline) = %q", got)
	}
	for _, bad := range []string{"", "+5511912344321", "m1194321.", "m11a4321.x", "anon-abcdefghijkl", "m11.x", "x1194321.x"} {
		if _, ok := domain.SealedPhone(bad); ok {
			t.Errorf("SealedPhone(%q) read a masked phone", bad)
		}
	}
}

func FuzzSealedPhone(f *testing.F) {
	f.Add("m1194321.c2VsYWRv")
	f.Add("m114321.x")
	f.Fuzz(func(t *testing.T, s string) {
		sealed, ok := domain.SealedPhone(s)
		if ok && (sealed == "" || !strings.HasSuffix(s, "."+sealed) || s[0] != 'm') {
			t.Fatalf("SealedPhone(%q) = %q", s, sealed)
		}
	})
}
