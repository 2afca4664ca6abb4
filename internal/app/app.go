// Package app holds Agendo's use-cases. Each exported method is one
// transaction; authorization and business rules are decided here, once, for
// both database engines. Events are published only after commit.
package app

import (
	"cmp"
	"context"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"
	"golang.org/x/sync/semaphore"

	"agendo/internal/auth"
	"agendo/internal/domain"
	"agendo/internal/mail"
	"agendo/internal/media"
	"agendo/internal/push"
	"agendo/internal/realtime"
	"agendo/internal/store"
)

// Config holds what the use-cases need from the server configuration.
type Config struct {
	// BaseURL prefixes links in emails, e.g. https://agendo.com.br.
	BaseURL string
	// AdminEmails are granted the admin role when they sign up.
	AdminEmails []string
	// PublicBookingsPerIP and PublicBookingsPerStore cap online bookings in
	// any 10 minutes; zero means 10 per IP and 100 per store.
	PublicBookingsPerIP, PublicBookingsPerStore int
	// UploadsPerAccount caps image uploads per account in any 10 minutes
	// and UploadQuota the bytes of images an account keeps; zero means
	// DefaultUploadsPerAccount and DefaultUploadQuota.
	UploadsPerAccount int
	UploadQuota       int64
	// CheckoutURL is the Stripe Payment Link 'Assinar Premium' opens and
	// BillingPortalURL the customer portal 'Gerenciar assinatura' opens.
	CheckoutURL, BillingPortalURL string
	// BillingSecrets are the webhook signing secrets (several during a
	// rotation); none refuses every delivery.
	BillingSecrets []string
	// PushClient posts Web Push messages; nil means one that reaches
	// public addresses only. PushLocal lets endpoints be plain http on any
	// address: for tests' push service doubles, never in production.
	PushClient *http.Client
	PushLocal  bool
	// MessageLease is how long a worker holds the messages it claimed;
	// zero means domain.MessageLease.
	MessageLease time.Duration
	// Media bounds image decoding; zero values mean one decode per core
	// within media.DefaultBudget.
	Media media.Options
}

// App is the use-case layer.
type App struct {
	db     *store.DB
	hasher *auth.Hasher
	tokens *auth.Tokens
	mailer mail.Sender
	log    *slog.Logger
	cfg    Config
	now    func() time.Time

	events Publisher

	limits  limits
	uploads uploads
	// catalogs caches published catalogues by slug (public.go).
	catalogs sync.Map
	// busy caches professionals' busy times for public availability
	// (public.go), busyEntries counts its stores.
	busy        sync.Map
	busyEntries atomic.Int64
	bg          sync.WaitGroup
	// exports holds a token for each account export running
	// (MaxConcurrentExports).
	exports chan struct{}
	// imports holds a token for each file of clients being read
	// (MaxConcurrentImports).
	imports chan struct{}
	// vapid caches the VAPID keys once read (push.go).
	vapid atomic.Pointer[push.Keys]
}

// The locks (store.Tx.Lock) of the use-cases that read and then write on
// the strength of it: each takes its lock before it reads, so on PostgreSQL
// two of them are decided one after the other (docs/decisions.md, "Correct
// under concurrency"). All but the last are keyed by the owner (own store by
// the person who is to own it).
const (
	lockFreeLimit       = "free limit"       // the appointments a free plan allows
	lockLoyalty         = "loyalty"          // a reward earned, then redeemed
	lockPromotions      = "promotions"       // MaxPromotions
	lockUploads         = "uploads"          // the images' quota
	lockTeam            = "team"             // MaxPendingInvitations, a member rewritten
	lockCalendarFeeds   = "calendar feeds"   // MaxCalendarFeeds, keyed by store and member
	lockOwnStore        = "own store"        // a person's own salon, made once (ensureOwnStore)
	lockBillingCustomer = "billing customer" // keyed by the provider's customer id
)

// Deps are the concrete parts App is built from.
type Deps struct {
	DB     *store.DB
	Hasher *auth.Hasher
	Tokens *auth.Tokens
	Mailer mail.Sender
	Logger *slog.Logger
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Events receives realtime events after each commit; nil drops them.
	Events Publisher
}

// New returns an App.
func New(d Deps, cfg Config) *App {
	now := d.Now
	if now == nil {
		now = time.Now
	}
	cfg.BaseURL = strings.TrimRight(cfg.BaseURL, "/")
	return &App{
		db: d.DB, hasher: d.Hasher, tokens: d.Tokens, mailer: d.Mailer, log: d.Logger, cfg: cfg, now: now, events: d.Events,
		limits: limits{
			signIn:            newRate("signin", 30, 5*time.Minute, true),
			signUp:            newRate("signup", 30, 5*time.Minute, true),
			refresh:           newRate("refresh", 150, 5*time.Minute, true),
			recoverIP:         newRate("recover", 30, 5*time.Minute, true),
			recoverEmail:      newRate("recover-email", 1, time.Minute, true),
			passwords:         newRate("password", 50, time.Hour, false),
			passwordsKnown:    newRate("password-known", 5, time.Hour, false),
			passwordsKnownAll: newRate("password-known-all", 25, time.Hour, false),
			publicBookIP:      newRate("book-ip", cmp.Or(cfg.PublicBookingsPerIP, 10), 10*time.Minute, true),
			publicBookStore:   newRate("book-store", cmp.Or(cfg.PublicBookingsPerStore, 100), 10*time.Minute, true),
			publicChange:      newRate("manage", 30, 10*time.Minute, true),
			pageViews:         auth.NewLimiter(120, time.Minute),
			pageViewsStore:    auth.NewLimiter(120, time.Minute),
			refusedDeliveries: auth.NewLimiter(30, 10*time.Minute),
			routeRefusals:     auth.NewLimiter(1, time.Minute),
		},
		uploads: newUploads(cfg),
		exports: make(chan struct{}, MaxConcurrentExports),
		imports: make(chan struct{}, MaxConcurrentImports),
	}
}

// Close waits for background work (emails being sent) to finish.
func (a *App) Close() { a.bg.Wait() }

// BaseURL is the address the server is reached at, without a trailing slash.
func (a *App) BaseURL() string { return a.cfg.BaseURL }

// Now returns the current instant in UTC, from the injected clock, to the
// microsecond: what PostgreSQL keeps, so a value reads back as written.
func (a *App) Now() time.Time { return a.now().UTC().Truncate(time.Microsecond) }

// goBackground runs fn after the request has been answered.
func (a *App) goBackground(fn func(ctx context.Context)) {
	a.bg.Add(1)
	go func() {
		defer a.bg.Done()
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		fn(ctx)
	}()
}

func newID() string { return uuid.Must(uuid.NewV7()).String() }

// Principal is the signed-in user making a request.
type Principal struct {
	// UserID is the person: their profile, password, sessions, admin
	// rights, and the actor the audit log names.
	UserID string
	// StoreID is the store acted in (its owner's user id, the key of
	// every store table): what every store read and write takes.
	StoreID   string
	SessionID string
	Email     string
	// Name is the person's name, as the access token carries it: the
	// author an appointment they write records.
	Name string
	// Role is the person's role in StoreID (domain.Roles), which every
	// route's permission is checked against (Authorize).
	Role string
	// ProfessionalID is a profissional's own professional record: their
	// lists, figures and details are those that name it (scope).
	ProfessionalID string
	// unchecked is set when only the access token was verified
	// (AuthenticateToken): the use-case's own read checks the session
	// (readAs) before it reads anything else.
	unchecked bool
}

// Owner is userID acting in their own store, as its owner: what tools
// and tests that act for an account without a session use.
func Owner(userID, email string) Principal {
	return Principal{UserID: userID, StoreID: userID, Email: email, Role: domain.RoleOwner}
}

// Meta describes where a request comes from, for rate limits and sessions.
type Meta struct {
	IP        string
	UserAgent string
	// Device is the browser's device cookie (auth.Tokens.DeviceToken), if
	// any: it makes the browser a known caller of its account.
	Device string
}

// Publisher delivers realtime events, and ends the streams of sessions
// that ended; App calls it only after commit.
type Publisher interface {
	Publish(userID string, e realtime.Event)
	EndSessions(userID string, e realtime.Ended)
}

func (a *App) publish(storeID, typ, id string) {
	a.publishAbout(storeID, "", typ, id)
}

// publishAbout publishes a change about professionalID's agenda: only
// that professional's own streams, and the whole store's, hear it.
func (a *App) publishAbout(storeID, professionalID, typ, id string) {
	if a.events != nil {
		a.events.Publish(storeID, realtime.Event{Type: typ, ID: id, Professional: professionalID})
	}
}

func newUploads(cfg Config) uploads {
	return uploads{
		perAccount: auth.NewLimiter(cmp.Or(cfg.UploadsPerAccount, DefaultUploadsPerAccount), 10*time.Minute),
		quota:      cmp.Or(cfg.UploadQuota, DefaultUploadQuota),
		reading:    semaphore.NewWeighted(uploadReadBudget),
		media:      media.New(cfg.Media),
	}
}
