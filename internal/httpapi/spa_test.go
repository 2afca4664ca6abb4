package httpapi

import (
	"strings"
	"testing"
)

func TestAcceptsEncoding(t *testing.T) {
	for _, tc := range []struct {
		header, enc string
		want        bool
	}{
		{"gzip, deflate, br, zstd", "br", true},
		{"gzip, deflate", "br", false},
		{"", "gzip", false},
		{"GZIP", "gzip", true},
		{"br;q=0", "br", false},
		{"br;Q=0", "br", false},
		{"br; q=0.000", "br", false},
		{"br;q=0.001", "br", true},
		{"br;q=1.0", "br", true},
		{"*", "br", true},
		{"*;q=0", "br", false},
		{"*, br;q=0", "br", false},
		{"br;q=0.5, *;q=0", "br", true},
		{"identity", "gzip", false},
	} {
		if got := acceptsEncoding(tc.header, tc.enc); got != tc.want {
			t.Errorf("acceptsEncoding(%q, %q) = %v, want %v", tc.header, tc.enc, got, tc.want)
		}
	}
}

// FuzzAcceptsEncoding feeds the header parser arbitrary input: it must not
// panic, and it never admits a coding the header does not mention.
func FuzzAcceptsEncoding(f *testing.F) {
	for _, s := range []string{"gzip, deflate, br", "br;q=0", "*;q=0.5", ";;,,q=", "br;q=0, *"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, header string) {
		lower := strings.ToLower(header)
		if acceptsEncoding(header, "br") && !strings.Contains(lower, "br") && !strings.Contains(header, "*") {
			t.Errorf("%q admits br", header)
		}
		if acceptsEncoding(header+",br;q=0", "br") && !strings.Contains(lower, "br") {
			t.Errorf("%q: br;q=0 admits br", header)
		}
	})
}
