package domain

import (
	"strings"
	"testing"
)

func TestReadBirthday(t *testing.T) {
	for in, want := range map[string]string{
		"":                     "",
		"15/03/1985":           "1985-03-15",
		" 5/3/1985 ":           "1985-03-05",
		"15/03/85":             "1985-03-15",
		"15/03/05":             "2005-03-15",
		"15/03":                "--03-15",
		"29/02":                "--02-29",
		"29/02/2024":           "2024-02-29",
		"15-03-1985":           "1985-03-15",
		"15.03.1985":           "1985-03-15",
		"1985-03-15":           "1985-03-15",
		"1985-03-15T00:00:00Z": "1985-03-15",
		"19850315":             "1985-03-15",
		"--03-15":              "--03-15",
		"--0315":               "--03-15",
	} {
		got, ok := ReadBirthday(in)
		if !ok || got != want {
			t.Errorf("ReadBirthday(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	for _, in := range []string{"31/02/1990", "29/02/2023", "32/01", "15/13/1985", "00/01", "15/03/1885", "março", "15/03/198",
		"1985-3-15", "--1315", "15/03/1985/1", "=1+1", "١٥/٠٣", "+1/03", "15/+3"} {
		if got, ok := ReadBirthday(in); ok {
			t.Errorf("ReadBirthday(%q) = %q, want refused", in, got)
		}
	}
}

func TestFormatBirthday(t *testing.T) {
	for in, want := range map[string]string{"1985-03-15": "15/03/1985", "--03-15": "15/03", "": ""} {
		if got := FormatBirthday(in); got != want {
			t.Errorf("FormatBirthday(%q) = %q, want %q", in, got, want)
		}
		if got := BirthMonthDay(in); in != "" && got != "03-15" {
			t.Errorf("BirthMonthDay(%q) = %q", in, got)
		}
	}
}

func TestCleanTags(t *testing.T) {
	got, problem := CleanTags([]string{" VIP ", "noiva;  coloração", "vip", "", "Cliente   antiga"})
	if problem != "" || strings.Join(got, "|") != "VIP|noiva|coloração|Cliente antiga" {
		t.Fatalf("CleanTags = %q, %q", got, problem)
	}
	if _, problem := CleanTags([]string{strings.Repeat("a", MaxTagLen+1)}); problem == "" {
		t.Error("a long tag passed")
	}
	if _, problem := CleanTags(strings.Split("a,b,c,d,e,f,g,h,i,j,k", ",")); problem == "" {
		t.Error("eleven tags passed")
	}
	if _, problem := CleanTags([]string{"\u202etag"}); problem == "" {
		t.Error("a bidirectional override passed")
	}
}

func FuzzReadBirthday(f *testing.F) {
	for _, s := range []string{"15/03/1985", "--03-15", "19850315", "1985-03-15T00:00:00Z", "29/02", "15.3.85"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		iso, ok := ReadBirthday(s)
		if !ok || iso == "" {
			return
		}
		// What it returns reads back as itself, and as Brazilians write it.
		if again, ok := ReadBirthday(iso); !ok || again != iso {
			t.Fatalf("ReadBirthday(%q) = %q, which reads back as %q, %v", s, iso, again, ok)
		}
		if back, ok := ReadBirthday(FormatBirthday(iso)); !ok || back != iso {
			t.Fatalf("FormatBirthday(%q) = %q reads back as %q", iso, FormatBirthday(iso), back)
		}
	})
}
