// Command agendo runs Agendo: the JSON API, the files and the embedded web
// app in one binary.
//
//	agendo [serve]           run the server (migrates first)
//	agendo migrate           apply database migrations and exit
//	agendo admin grant EMAIL give an account the admin role
//	agendo backup PATH       copy a SQLite database, online, to a new file
//	agendo version           print the version, commit and Go version
//	agendo openapi           print the API's OpenAPI document
package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"sync"
	"syscall"
	"time"
	_ "time/tzdata" // store time zones work on machines without zoneinfo

	"agendo/internal/app"
	"agendo/internal/auth"
	"agendo/internal/domain"
	"agendo/internal/httpapi"
	"agendo/internal/mail"
	"agendo/internal/realtime"
	"agendo/internal/store"
	"agendo/web"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args, os.Getenv, os.Stdout)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "agendo:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, getenv func(string) string, stdout io.Writer) error {
	cmd := "serve"
	if len(args) > 1 {
		cmd = args[1]
	}
	switch cmd { // the commands that need no configuration
	case "version", "-v", "--version":
		fmt.Fprintln(stdout, build.String())
		return nil
	case "openapi":
		_, err := stdout.Write(httpapi.OpenAPI(build.Version))
		return err
	case "help", "-h", "--help":
		fmt.Fprintln(stdout, usage)
		return nil
	}
	cfg, err := loadConfig(getenv)
	if err != nil {
		return fmt.Errorf("invalid configuration:\n%w", err)
	}
	log := slog.New(slog.NewJSONHandler(stdout, &slog.HandlerOptions{Level: cfg.LogLevel}))
	switch cmd {
	case "serve":
		return serve(ctx, cfg, log, nil)
	case "migrate":
		db, err := openDB(ctx, cfg, log)
		if err != nil {
			return err
		}
		return db.Close()
	case "admin":
		if len(args) != 4 || args[2] != "grant" {
			return errors.New("usage: agendo admin grant EMAIL")
		}
		db, err := openDB(ctx, cfg, log)
		if err != nil {
			return err
		}
		defer db.Close()
		a, err := newApp(ctx, cfg, db, log, nil)
		if err != nil {
			return err
		}
		if err := a.GrantAdmin(ctx, args[3]); err != nil {
			var de *domain.Error
			if errors.As(err, &de) {
				return errors.New(de.Message)
			}
			return err
		}
		fmt.Fprintf(stdout, "%s agora é administrador.\n", args[3])
		return nil
	case "backup":
		if len(args) != 3 {
			return errors.New("usage: agendo backup PATH")
		}
		db, err := store.Open(ctx, cfg.DatabaseURL) // no migration: a backup copies what is there
		if err != nil {
			return err
		}
		defer db.Close()
		if err := db.Backup(ctx, args[2]); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "Cópia de segurança gravada em %s.\n", args[2])
		return nil
	case "rebuild-summaries":
		db, err := openDB(ctx, cfg, log)
		if err != nil {
			return err
		}
		defer db.Close()
		if err := db.Write(ctx, func(tx *store.Tx) error { return tx.RebuildSummaries(ctx) }); err != nil {
			return err
		}
		if err := db.Optimize(ctx); err != nil { // every summary row was written anew
			return err
		}
		fmt.Fprintln(stdout, "Resumos de clientes e do painel recalculados.")
		return nil
	}
	return fmt.Errorf("unknown command %q\n%s", cmd, usage)
}

const usage = `usage: agendo [command]
  serve              run the server (the default; migrates first)
  migrate            apply database migrations and exit
  admin grant EMAIL  give an account the admin role
  backup PATH        copy the SQLite database, while the server runs, to a new file
  rebuild-summaries  recompute the client and dashboard summaries from the appointments
  version            print the version
  openapi            print the API's OpenAPI document

environment (README.md says more):
  AGENDO_ADDR                    address to listen on (:8080)
  AGENDO_DATABASE_URL            a SQLite file (./data/agendo.db) or a postgres:// URL
  AGENDO_BASE_URL                public address, for links in emails and calendar files
  AGENDO_SECRET                  key that signs access tokens (generated and kept in the database)
  AGENDO_SMTP_URL                smtp:// or smtps:// server for emails (none: written to the log)
  AGENDO_BILLING_WEBHOOK_SECRET  Stripe's webhook signing secrets, comma-separated
  AGENDO_CHECKOUT_URL            the Stripe Payment Link behind 'Assinar Premium'
  AGENDO_BILLING_PORTAL_URL      Stripe's customer portal link behind 'Gerenciar assinatura'
  AGENDO_ADMIN_EMAILS            comma-separated emails that get the admin role
  AGENDO_TRUSTED_PROXIES         comma-separated CIDRs of reverse proxies trusted for X-Forwarded-For
  AGENDO_LOG_LEVEL               debug, info (the default), warn or error
  AGENDO_PUBLIC_BOOKING_LIMITS   load tests only: off, or PER_IP/PER_STORE online bookings in 10 min
  AGENDO_MAX_STREAMS_PER_USER    realtime streams one account may hold on one instance (16)
  AGENDO_MESSAGE_LEASE           how long a worker holds the reminders it is sending (2m)
  AGENDO_PUSH_LOCAL              tests only: 1 lets Web Push go to plain http on local addresses`

func openDB(ctx context.Context, cfg Config, log *slog.Logger) (*store.DB, error) {
	db, err := store.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return nil, err
	}
	applied, err := db.Migrate(ctx)
	if err != nil {
		db.Close()
		return nil, err
	}
	if len(applied) > 0 {
		log.Info("migrations applied", "migrations", strings.Join(applied, ","))
	}
	// Also after the migrations, which may rebuild indexes and summaries.
	if err := db.Optimize(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("planner statistics: %w", err)
	}
	return db, nil
}

// signingKey is AGENDO_SECRET, or a random key generated once and kept in
// the database so every instance and restart agrees on it.
func signingKey(ctx context.Context, cfg Config, db *store.DB) ([]byte, error) {
	if cfg.Secret != "" {
		return []byte(cfg.Secret), nil
	}
	var key string
	err := db.Write(ctx, func(tx *store.Tx) error {
		if err := tx.Setting(ctx, "token_secret", &key); err == nil {
			return nil
		} else if !errors.Is(err, domain.ErrNotFound) {
			return err
		}
		b := make([]byte, 32)
		if _, err := rand.Read(b); err != nil {
			return err
		}
		key = hex.EncodeToString(b)
		return tx.PutSetting(ctx, "token_secret", key, time.Now().UTC())
	})
	return []byte(key), err
}

func newApp(ctx context.Context, cfg Config, db *store.DB, log *slog.Logger, events app.Publisher) (*app.App, error) {
	key, err := signingKey(ctx, cfg, db)
	if err != nil {
		return nil, fmt.Errorf("signing key: %w", err)
	}
	tokens, err := auth.NewTokens(key)
	if err != nil {
		return nil, err
	}
	var mailer mail.Sender = mail.Log{Logger: log}
	if cfg.SMTPURL != "" {
		if mailer, err = mail.NewSMTP(cfg.SMTPURL); err != nil {
			return nil, err
		}
	}
	return app.New(app.Deps{DB: db, Hasher: auth.NewHasher(), Tokens: tokens, Mailer: mailer, Logger: log, Events: events},
		app.Config{BaseURL: cfg.BaseURL, AdminEmails: cfg.AdminEmails, CheckoutURL: cfg.CheckoutURL,
			BillingPortalURL: cfg.BillingPortalURL, BillingSecrets: cfg.BillingSecrets(),
			PublicBookingsPerIP: cfg.PublicBookingsPerIP, PublicBookingsPerStore: cfg.PublicBookingsPerStore,
			MessageLease: cfg.MessageLease, PushLocal: cfg.PushLocal}), nil
}

// serve runs the HTTP server until ctx ends, then shuts down gracefully:
// stop accepting, finish in-flight requests, close streams. ready, when not
// nil, receives the bound address.
func serve(ctx context.Context, cfg Config, log *slog.Logger, ready chan<- string) error {
	log.Info("starting agendo", "version", build.Version, "commit", build.Commit, "config", cfg)
	if cfg.MemoryLimit > 0 {
		debug.SetMemoryLimit(cfg.MemoryLimit)
	}
	if cfg.PublicBookingsPerIP != 0 {
		log.Warn("online-booking rate limits changed by AGENDO_PUBLIC_BOOKING_LIMITS: for load tests only, never in production",
			"limits", cfg.bookingLimits())
	}
	db, err := openDB(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer db.Close()
	broker := realtime.NewBroker()
	var events app.Publisher = broker
	if db.Engine == store.Postgres {
		// Several instances may share the database: events cross through NOTIFY.
		bridge := realtime.NewPostgres(cfg.DatabaseURL, broker, log)
		go bridge.Run(ctx, nil)
		events = bridge
	}
	a, err := newApp(ctx, cfg, db, log, events)
	if err != nil {
		return err
	}
	defer a.Close()
	if err := a.GrantConfiguredAdmins(ctx); err != nil {
		return fmt.Errorf("grant admins: %w", err)
	}
	api := httpapi.New(httpapi.Options{App: a, DB: db, Logger: log, SPA: web.FS(), Broker: broker, Build: httpapi.Build(build),
		SecureCookies: strings.HasPrefix(cfg.BaseURL, "https://"), TrustedProxies: cfg.TrustedProxies,
		MaxStreamsPerUser: cfg.MaxStreamsPerUser})
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return err
	}
	srv := &http.Server{
		Handler:           api.Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       60 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    64 << 10,
	}
	srv.RegisterOnShutdown(broker.CloseAll) // event streams end so Shutdown can finish
	// The background workers end before the database closes (the defers
	// run last first): a write of theirs in flight at shutdown finishes.
	var workers sync.WaitGroup
	defer workers.Wait()
	ctx, stopWorkers := context.WithCancel(ctx)
	defer stopWorkers()
	workers.Go(func() { purgeTrash(ctx, a, log) })
	workers.Go(func() { a.RunOutbox(ctx, app.WorkerName(), messagePeriod) }) // reminders, notices, the waitlist's offers
	workers.Go(func() { keepStatistics(ctx, db, log, time.Hour) })
	log.Info("listening", "addr", ln.Addr().String(), "url", cfg.BaseURL)
	if ready != nil {
		ready <- ln.Addr().String()
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 25*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	return nil
}

// messagePeriod is how often the outbox's worker looks for messages due.
const messagePeriod = 5 * time.Second

// purgeTrash empties trash items older than 30 days (and expired page-view
// salts), hourly.
func purgeTrash(ctx context.Context, a *app.App, log *slog.Logger) {
	t := time.NewTicker(time.Hour)
	defer t.Stop()
	for {
		if err := a.PurgeExpired(ctx); err != nil && ctx.Err() == nil {
			log.Error("purge trash", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// keepStatistics refreshes the query planner's statistics every period
// (store.DB.Optimize; openDB did it at start): they follow the salons'
// histories as they grow.
func keepStatistics(ctx context.Context, db *store.DB, log *slog.Logger, period time.Duration) {
	t := time.NewTicker(period)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if err := db.Optimize(ctx); err != nil && ctx.Err() == nil {
			log.Error("planner statistics", "err", err)
		}
	}
}
