package app

import (
	"context"
	"fmt"
	"math"
	"time"

	"agendo/internal/auth"
	"agendo/internal/domain"
	"agendo/internal/store"
)

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
	r := &rate{name: name, burst: int64(burst), interval: per.Microseconds() / int64(burst)}
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

func (a *App) take(h hit) store.Take {
	return store.Take{Key: h.rate.name + ":" + a.tokens.Pseudonym(h.key), Interval: h.rate.interval}
}

// allowHere takes a token from this instance's bucket of r.
func (a *App) allowHere(r *rate, key string) error {
	return a.allow(r.here, key)
}

func (a *App) allow(l *auth.Limiter, key string) error {
	if ok, wait := l.Allow(key, a.Now()); !ok {
		return rateLimited(wait)
	}
	return nil
}

// takeShared takes a token for each hit from the database's buckets in tx,
// in one statement. When any bucket is over its burst, every token is given
// back and the answer is rate_limited with the wait for the next one.
func (a *App) takeShared(ctx context.Context, tx *store.Tx, hits ...hit) error {
	now := a.Now().UnixMicro()
	takes := make([]store.Take, len(hits))
	for i, h := range hits {
		takes[i] = a.take(h)
	}
	tats, err := tx.TakeTokens(ctx, now, takes...)
	if err != nil {
		return err
	}
	// A bucket is over when its next free instant (tat) lies more than a
	// whole burst ahead of now (the generic cell rate algorithm).
	var over int64
	for i, h := range hits {
		over = max(over, tats[i]-now-h.rate.burst*h.rate.interval)
	}
	if over <= 0 {
		return nil
	}
	if err := tx.GiveBackTokens(ctx, takes...); err != nil {
		return err
	}
	return rateLimited(time.Duration(over) * time.Microsecond)
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
