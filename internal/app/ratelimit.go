package app

import (
	"context"
	"errors"
	"time"

	"agendo/internal/auth"
	"agendo/internal/domain"
	"agendo/internal/store"
)

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

// Password guessing (DESIGN.md section 5, issue 22). Only failed checks
// count. Each account has a budget that every caller shares: 50 at once,
// one more every 72 s, so at most 100 in any 60 minutes whatever the
// addresses. A stranger who spends it cannot lock the owner out: a known
// caller — a browser where the password was proved before (its device
// cookie), or a signed-in session — then has 5 checks of its own (one more
// every 12 min), within 25 for all of the account's known callers together
// (one more every 144 s: at most 50 in any 60 minutes). So an account sees
// at most 150 failed checks in any 60 minutes, whatever the addresses and
// devices. A new browser during a spray gets in after a reset by email,
// which makes it known.
//
// takePasswordCheck takes, in tx, the token one password check of account
// needs: from the account's budget, or when that is spent and known names
// a known caller, from that caller's and the known callers' budgets. It
// returns what it took, to give back if the password is right.
func (a *App) takePasswordCheck(ctx context.Context, tx *store.Tx, account, known string) ([]hit, error) {
	acct := hit{a.limits.passwords, account}
	err := a.takeShared(ctx, tx, acct)
	if err == nil {
		return []hit{acct}, nil
	}
	if known == "" || domain.ErrorCode(err) != domain.CodeRateLimited {
		return nil, err
	}
	own, all := hit{a.limits.passwordsKnown, account + "|" + known}, hit{a.limits.passwordsKnownAll, account}
	errKnown := a.takeShared(ctx, tx, own, all)
	if errKnown == nil {
		return []hit{own, all}, nil
	}
	var e1, e2 *domain.Error
	if errors.As(err, &e1) && errors.As(errKnown, &e2) && e2.RetryAfterSeconds < e1.RetryAfterSeconds {
		return nil, errKnown // the sooner of the two waits
	}
	return nil, err
}

// giveBack returns the tokens taken for took: what they counted did not
// happen (a password that was right, a booking not made).
func (a *App) giveBack(ctx context.Context, tx *store.Tx, took []hit) error {
	takes := make([]store.Take, len(took))
	for i, h := range took {
		takes[i] = a.take(h)
	}
	return tx.GiveBackTokens(ctx, takes...)
}

// passwordGate runs check, a password check of the signed-in account, under
// the failed-check budgets; the session is a known caller.
func (a *App) passwordGate(ctx context.Context, p Principal, check func() (bool, error)) (bool, error) {
	var took []hit
	err := a.db.WriteRelaxed(ctx, func(tx *store.Tx) error {
		var err error
		took, err = a.takePasswordCheck(ctx, tx, p.Email, "session:"+p.SessionID)
		return err
	})
	if err != nil {
		return false, err
	}
	ok, err := check()
	if err != nil || ok {
		a.giveBackNow(ctx, took)
	}
	return ok, err
}

// giveBackNow gives back took in a write of its own, even when the
// request was cancelled meanwhile. A failure is logged, not returned: the
// caller's answer stands, and the bucket refills on its own.
func (a *App) giveBackNow(ctx context.Context, took []hit) {
	ctx = context.WithoutCancel(ctx)
	if err := a.db.WriteAside(ctx, func(tx *store.Tx) error { return a.giveBack(ctx, tx, took) }); err != nil {
		a.log.Error("giving back rate tokens failed", "err", err)
	}
}
