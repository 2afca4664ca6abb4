package httpapi

import (
	"net/http"
	"net/http/httptest"
	"net/netip"
	"testing"
)

func proxied(peer string, header ...string) *http.Request {
	r := httptest.NewRequest("GET", "/", nil)
	r.RemoteAddr = peer
	for i := 0; i+1 < len(header); i += 2 {
		r.Header.Add(header[i], header[i+1])
	}
	return r
}

func TestClientIPBelievesOnlyTrustedProxies(t *testing.T) {
	s := &Server{proxies: []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("fd00::/8")}}
	for _, tc := range []struct {
		name string
		r    *http.Request
		want string
	}{
		{"no proxy", proxied("203.0.113.9:5000", "X-Forwarded-For", "1.2.3.4"), "203.0.113.9"},
		{"proxy, one hop", proxied("10.0.0.2:5000", "X-Forwarded-For", "198.51.100.7"), "198.51.100.7"},
		{"client's own header is left of the real hop", proxied("10.0.0.2:5000", "X-Forwarded-For", "6.6.6.6, 198.51.100.7"), "198.51.100.7"},
		{"two proxies", proxied("10.0.0.2:5000", "X-Forwarded-For", "198.51.100.7, 10.1.1.1"), "198.51.100.7"},
		{"header lines joined", proxied("10.0.0.2:5000", "X-Forwarded-For", "6.6.6.6", "X-Forwarded-For", "198.51.100.8"), "198.51.100.8"},
		{"garbage hop", proxied("10.0.0.2:5000", "X-Forwarded-For", "198.51.100.7, nonsense"), "10.0.0.2"},
		{"proxy without header", proxied("10.0.0.2:5000"), "10.0.0.2"},
		{"all hops ours", proxied("10.0.0.2:5000", "X-Forwarded-For", "10.3.3.3"), "10.3.3.3"},
		{"X-Forwarded-For IPv6 with port", proxied("[fd00::1]:5000", "X-Forwarded-For", "[2001:db8::7]:80, 10.0.0.3"), "2001:db8::7"},
		// A proxy writes one header and passes the others through: only
		// X-Forwarded-For is read, so a client's own Forwarded names nothing.
		{"Forwarded is not read", proxied("10.0.0.2:5000", "Forwarded", `for=6.6.6.6`), "10.0.0.2"},
		{"IPv4-mapped peer", proxied("[::ffff:10.0.0.2]:5000", "X-Forwarded-For", "198.51.100.7"), "198.51.100.7"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := s.clientIP(tc.r); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// FuzzForwardedHeaders: forwarding headers are untrusted input; whatever
// they hold, the caller's address is an address, and from an untrusted peer
// it is the peer's.
func FuzzForwardedHeaders(f *testing.F) {
	for _, seed := range [][2]string{
		{"198.51.100.7", ""}, {"6.6.6.6, 198.51.100.7", ""}, {"", `for="[2001:db8::7]:80"`},
		{", , ,", "for=;for=\"\""}, {"[::1]", "for=unknown"}, {"1.2.3.4:80", `for="_hidden"`}, {"\x00", "\xff"},
	} {
		f.Add(seed[0], seed[1], true)
	}
	s := &Server{proxies: []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}}
	f.Fuzz(func(t *testing.T, xff, fwd string, trusted bool) {
		peer := "203.0.113.1"
		if trusted {
			peer = "10.0.0.1"
		}
		r := proxied(peer+":1234", "X-Forwarded-For", xff, "Forwarded", fwd)
		got := s.clientIP(r)
		if _, err := netip.ParseAddr(got); err != nil {
			t.Fatalf("xff %q forwarded %q: got %q, not an address", xff, fwd, got)
		}
		if !trusted && got != peer {
			t.Fatalf("untrusted peer: got %q, want %q", got, peer)
		}
	})
}
