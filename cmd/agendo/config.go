package main

import (
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"time"

	"agendo/internal/domain"
	"agendo/internal/mail"
)

// Config is the server configuration, read from the environment
// (DESIGN.md section 14). Every value is optional.
type Config struct {
	Addr                 string
	DatabaseURL          string
	BaseURL              string
	Secret               string
	SMTPURL              string
	BillingWebhookSecret string
	CheckoutURL          string
	BillingPortalURL     string
	AdminEmails          []string
	LogLevel             slog.Level
	// TrustedProxies are the peers whose X-Forwarded-For / Forwarded
	// headers name the caller (a reverse proxy in front of Agendo).
	TrustedProxies []netip.Prefix
	// MemoryLimit is the Go runtime's soft memory limit, set at start:
	// defaultMemoryLimit, or none of ours when GOMEMLIMIT is set (the
	// runtime reads that itself).
	MemoryLimit int64
	// PublicBookingsPerIP and PublicBookingsPerStore cap online bookings in
	// any 10 minutes (AGENDO_PUBLIC_BOOKING_LIMITS); zero keeps the app's
	// defaults. Raised only for load tests, which book thousands of times
	// from one address: never in production.
	PublicBookingsPerIP, PublicBookingsPerStore int
	// MaxStreamsPerUser bounds one account's open event streams on this
	// instance (AGENDO_MAX_STREAMS_PER_USER); zero keeps the default, 16.
	MaxStreamsPerUser int
	// MessageLease is how long an outbox worker holds the messages it
	// claimed (AGENDO_MESSAGE_LEASE); zero keeps the default, 2 minutes.
	MessageLease time.Duration
	// PushLocal lets Web Push endpoints be plain http on any address
	// (AGENDO_PUSH_LOCAL=1): for the end-to-end tests' push service
	// double, never in production.
	PushLocal bool
}

// unlimited is the booking limit AGENDO_PUBLIC_BOOKING_LIMITS=off sets:
// more than any load test books in 10 minutes.
const unlimited = 1 << 30

// defaultMemoryLimit makes the collector work harder as the heap nears it
// instead of letting it double between collections, which keeps bursts of
// image uploads inside DESIGN.md §12's 200 MB of RSS.
const defaultMemoryLimit = 150 << 20

// BillingSecrets are the webhook signing secrets: AGENDO_BILLING_WEBHOOK_SECRET
// split at commas, so an old and a new secret both verify during a rotation.
func (c Config) BillingSecrets() []string {
	var out []string
	for _, s := range strings.Split(c.BillingWebhookSecret, ",") {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// loadConfig reads the environment, applies defaults and validates.
func loadConfig(getenv func(string) string) (Config, error) {
	c := Config{
		Addr:                 or(getenv("AGENDO_ADDR"), ":8080"),
		DatabaseURL:          or(getenv("AGENDO_DATABASE_URL"), "./data/agendo.db"),
		BaseURL:              getenv("AGENDO_BASE_URL"),
		Secret:               getenv("AGENDO_SECRET"),
		SMTPURL:              getenv("AGENDO_SMTP_URL"),
		BillingWebhookSecret: getenv("AGENDO_BILLING_WEBHOOK_SECRET"),
		CheckoutURL:          getenv("AGENDO_CHECKOUT_URL"),
		BillingPortalURL:     getenv("AGENDO_BILLING_PORTAL_URL"),
	}
	if getenv("GOMEMLIMIT") == "" {
		c.MemoryLimit = defaultMemoryLimit
	}
	var errs []error
	if _, _, err := net.SplitHostPort(c.Addr); err != nil {
		errs = append(errs, fmt.Errorf("AGENDO_ADDR %q is not host:port (e.g. :8080)", c.Addr))
	}
	if c.BaseURL == "" {
		host, port, _ := net.SplitHostPort(c.Addr)
		if host == "" || host == "0.0.0.0" || host == "::" {
			host = "localhost"
		}
		c.BaseURL = "http://" + net.JoinHostPort(host, port)
	}
	if u, err := url.Parse(c.BaseURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		errs = append(errs, fmt.Errorf("AGENDO_BASE_URL %q must be an http(s) URL", c.BaseURL))
	}
	if c.Secret != "" && len(c.Secret) < 32 {
		errs = append(errs, errors.New("AGENDO_SECRET must have at least 32 characters"))
	}
	if c.SMTPURL != "" {
		if _, err := mail.NewSMTP(c.SMTPURL); err != nil {
			errs = append(errs, err)
		}
	}
	if c.CheckoutURL != "" {
		if u, err := url.Parse(c.CheckoutURL); err != nil || u.Scheme != "https" {
			errs = append(errs, fmt.Errorf("AGENDO_CHECKOUT_URL must be an https URL"))
		}
	}
	if c.BillingPortalURL != "" {
		if u, err := url.Parse(c.BillingPortalURL); err != nil || u.Scheme != "https" {
			errs = append(errs, fmt.Errorf("AGENDO_BILLING_PORTAL_URL must be an https URL"))
		}
	}
	for _, secret := range c.BillingSecrets() {
		if len(secret) < 16 {
			errs = append(errs, errors.New("AGENDO_BILLING_WEBHOOK_SECRET: each secret needs at least 16 characters (Stripe's whsec_…)"))
		}
	}
	for _, e := range strings.Split(getenv("AGENDO_ADMIN_EMAILS"), ",") {
		if strings.TrimSpace(e) == "" {
			continue
		}
		n, ok := domain.NormalizeEmail(e)
		if !ok {
			errs = append(errs, fmt.Errorf("AGENDO_ADMIN_EMAILS has an invalid address %q", strings.TrimSpace(e)))
			continue
		}
		c.AdminEmails = append(c.AdminEmails, n)
	}
	for _, p := range strings.Split(getenv("AGENDO_TRUSTED_PROXIES"), ",") {
		if p = strings.TrimSpace(p); p == "" {
			continue
		}
		prefix, err := parsePrefix(p)
		if err != nil {
			errs = append(errs, fmt.Errorf("AGENDO_TRUSTED_PROXIES has %q: %v (give your proxies' addresses or CIDRs, e.g. 10.0.0.0/8)", p, err))
			continue
		}
		c.TrustedProxies = append(c.TrustedProxies, prefix)
	}
	if v := getenv("AGENDO_PUBLIC_BOOKING_LIMITS"); v != "" {
		var err error
		if c.PublicBookingsPerIP, c.PublicBookingsPerStore, err = parseBookingLimits(v); err != nil {
			errs = append(errs, err)
		}
	}
	if v := getenv("AGENDO_MAX_STREAMS_PER_USER"); v != "" {
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil || n < 1 || n > 100_000 {
			errs = append(errs, fmt.Errorf("AGENDO_MAX_STREAMS_PER_USER %q must be a number from 1 to 100000", v))
		}
		c.MaxStreamsPerUser = n
	}
	if v := getenv("AGENDO_MESSAGE_LEASE"); v != "" {
		d, err := time.ParseDuration(strings.TrimSpace(v))
		if err != nil || d < time.Second || d > time.Hour {
			errs = append(errs, fmt.Errorf("AGENDO_MESSAGE_LEASE %q must be a duration from 1s to 1h, e.g. 2m", v))
		}
		c.MessageLease = d
	}
	switch v := getenv("AGENDO_PUSH_LOCAL"); v {
	case "", "0":
	case "1":
		c.PushLocal = true
	default:
		errs = append(errs, fmt.Errorf("AGENDO_PUSH_LOCAL %q must be 1 or unset", v))
	}
	if lvl := getenv("AGENDO_LOG_LEVEL"); lvl != "" {
		if err := c.LogLevel.UnmarshalText([]byte(lvl)); err != nil {
			errs = append(errs, fmt.Errorf("AGENDO_LOG_LEVEL %q must be debug, info, warn or error", lvl))
		}
	}
	return c, errors.Join(errs...)
}

// parseBookingLimits reads AGENDO_PUBLIC_BOOKING_LIMITS: "off", or
// "PER_IP/PER_STORE" (online bookings in any 10 minutes, e.g. 1000/10000).
func parseBookingLimits(v string) (perIP, perStore int, err error) {
	v = strings.TrimSpace(v)
	if v == "off" {
		return unlimited, unlimited, nil
	}
	ip, st, ok := strings.Cut(v, "/")
	perIP, err1 := strconv.Atoi(strings.TrimSpace(ip))
	perStore, err2 := strconv.Atoi(strings.TrimSpace(st))
	if !ok || err1 != nil || err2 != nil || perIP < 1 || perStore < 1 {
		return 0, 0, fmt.Errorf("AGENDO_PUBLIC_BOOKING_LIMITS %q must be off or PER_IP/PER_STORE, e.g. 1000/10000 (load tests only)", v)
	}
	return perIP, perStore, nil
}

// parsePrefix reads a CIDR, or a bare address as a prefix of one address.
func parsePrefix(s string) (netip.Prefix, error) {
	if strings.Contains(s, "/") {
		p, err := netip.ParsePrefix(s)
		if err == nil && p.Addr().Is4In6() && p.Bits() >= 96 { // ::ffff:10.0.0.0/104 is 10.0.0.0/8
			p = netip.PrefixFrom(p.Addr().Unmap(), p.Bits()-96)
		}
		if err == nil && p.Bits() == 0 {
			return p, errors.New("trusting every address lets any client name itself")
		}
		return p.Masked(), err
	}
	a, err := netip.ParseAddr(s)
	if err != nil {
		return netip.Prefix{}, err
	}
	return netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()), nil
}

func or(v, def string) string {
	if v == "" {
		return def
	}
	return v
}

// LogValue prints the configuration with secrets masked.
func (c Config) LogValue() slog.Value {
	return slog.GroupValue(
		slog.String("addr", c.Addr),
		slog.String("database", maskURL(c.DatabaseURL)),
		slog.String("base_url", c.BaseURL),
		slog.String("secret", mask(c.Secret, "generated, stored in the database")),
		slog.String("smtp", or(maskURL(c.SMTPURL), "none: emails go to the log")),
		slog.String("billing_webhook_secret", mask(c.BillingWebhookSecret, "not set")),
		slog.String("checkout_url", c.CheckoutURL),
		slog.String("billing_portal_url", c.BillingPortalURL),
		slog.Int("admin_emails", len(c.AdminEmails)),
		slog.String("log_level", c.LogLevel.String()),
		slog.Any("trusted_proxies", c.TrustedProxies),
		slog.Int64("memory_limit_mib", c.MemoryLimit>>20),
		slog.String("public_booking_limits", c.bookingLimits()),
	)
}

func (c Config) bookingLimits() string {
	switch {
	case c.PublicBookingsPerIP == 0:
		return "default"
	case c.PublicBookingsPerIP == unlimited && c.PublicBookingsPerStore == unlimited:
		return "off (load tests only)"
	}
	return fmt.Sprintf("%d/%d per 10 minutes (load tests only)", c.PublicBookingsPerIP, c.PublicBookingsPerStore)
}

func mask(s, empty string) string {
	if s == "" {
		return empty
	}
	return "********"
}

func maskURL(s string) string {
	u, err := url.Parse(s)
	if err != nil || u.User == nil {
		return s
	}
	if _, has := u.User.Password(); has {
		u.User = url.UserPassword(u.User.Username(), "xxxxx")
	}
	return u.String()
}
