package app

import (
	"fmt"
	"math"
	"time"

	"golang.org/x/sync/semaphore"

	"agendo/internal/auth"
	"agendo/internal/domain"
	"agendo/internal/media"
)

// What one instance bounds, beside the database: the rates of DESIGN.md
// section 5 (held in the database, with a quick copy here), the uploads,
// the account exports and the imports in flight. Declared here, below App, which holds them;
// taken by ratelimit.go's methods.

// MaxConcurrentExports bounds the account exports one instance runs at
// once: each holds a database reader (SQLite's pool has four) and CPU for as
// long as the owner's history takes to write.
const MaxConcurrentExports = 2

// MaxConcurrentImports bounds the files of clients one instance reads at
// once (client_import.go): each up to clientfile.MaxBytes, several times
// that in memory while read.
const MaxConcurrentImports = 2

// limits are the rate limits of DESIGN.md section 5. Those a rate holds
// are kept in the database (every instance sees them, a restart keeps
// them); the Limiters are this instance's alone.
type limits struct {
	signIn, signUp, refresh, recoverIP, recoverEmail *rate
	// Failed password checks (takePasswordCheck): per account from anyone,
	// per known caller, and all of an account's known callers together.
	passwords, passwordsKnown, passwordsKnownAll *rate
	// Public pages: bookings per IP and per store, manage-link changes per
	// IP.
	publicBookIP, publicBookStore, publicChange *rate
	// pageViews bounds the views one IP sends a minute, and pageViewsStore
	// the views one store's counts can gain.
	pageViews, pageViewsStore *auth.Limiter
	// refusedDeliveries bounds the refused webhook deliveries one address
	// can add to the admin's log.
	refusedDeliveries *auth.Limiter
	// routeRefusals bounds the audit entries a person's refused requests
	// add (an admin route without being an admin, a route their role does
	// not allow): one a minute per person and route.
	routeRefusals *auth.Limiter
}

// rate is one limit of DESIGN.md section 5: for each key, a token bucket of
// burst tokens refilled one every per/burst. The bucket every instance
// sees, and a restart keeps, is a row of the database (store.TakeTokens),
// taken inside a transaction the use-case already opens where it has one;
// here, when set, is this instance's copy, a quick answer to a flood that
// costs no database work.
type rate struct {
	name     string // the key's prefix in the database
	burst    int64
	interval int64 // microseconds between tokens
	here     *auth.Limiter
}

func newRate(name string, burst int, per time.Duration, local bool) *rate {
	// At least a microsecond: a burst of more tokens than per has
	// microseconds (AGENDO_PUBLIC_BOOKING_LIMITS=off) would otherwise
	// refill none and refuse whoever comes a moment after another.
	r := &rate{name: name, burst: int64(burst), interval: max(1, per.Microseconds()/int64(burst))}
	if local {
		r.here = auth.NewLimiter(burst, per)
	}
	return r
}

// hit is one event counted against a rate for a key.
type hit struct {
	rate *rate
	key  string
}

func rateLimited(wait time.Duration) error {
	secs := int(math.Ceil(wait.Seconds()))
	if secs < 1 {
		secs = 1
	}
	return &domain.Error{Code: domain.CodeRateLimited, RetryAfterSeconds: secs,
		Message: fmt.Sprintf("Muitas tentativas. Tente novamente em %s.", humanWait(secs))}
}

func humanWait(secs int) string {
	switch {
	case secs <= 1:
		return "1 segundo"
	case secs < 60:
		return fmt.Sprintf("%d segundos", secs)
	}
	m := (secs + 59) / 60
	if m == 1 {
		return "1 minuto"
	}
	return fmt.Sprintf("%d minutos", m)
}

// Upload limits. A salon shows a logo, an avatar and up to 10 photos for each
// professional: with ten professionals that is about a hundred images of
// 300–500 KB at display size with their thumbnails, ~45 MB.
const (
	// DefaultUploadsPerAccount caps uploads per account in any 10 minutes.
	DefaultUploadsPerAccount = 30
	// DefaultUploadQuota is the bytes of images an account may keep.
	DefaultUploadQuota = 64 << 20
	// uploadReadBudget is the memory the uploads being received may hold
	// at once: three files of 5 MiB. Others wait before their body is read.
	uploadReadBudget = 3 * uploadMaxBody
	uploadMaxBody    = media.MaxBytes + 64<<10
	uploadMaxWait    = 20 * time.Second
	// unusedFileGrace is how long an image nothing shows is kept: time to
	// upload it, then save the form that uses it.
	unusedFileGrace = 24 * time.Hour
)

// uploads holds what bounds image uploads: per account, a rate and a quota;
// for the server, the memory of the files being read and of the decodes.
type uploads struct {
	perAccount *auth.Limiter
	quota      int64
	reading    *semaphore.Weighted
	media      *media.Processor
}
