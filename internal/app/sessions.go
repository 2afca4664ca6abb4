package app

import (
	"cmp"
	"context"
	"errors"
	"time"

	"agendo/internal/domain"
	"agendo/internal/realtime"
	"agendo/internal/store"
)

// Sessions: who is calling, checked on every request (the token, then the
// session's row, inside the request's own read where a route asks), and the
// event streams that end with a session, on every instance.

// sessionIdleTTL is how long a session lives unused (DESIGN.md section 5).
const sessionIdleTTL = 30 * 24 * time.Hour

// msgSessionEnded is SPEC.md section 8's answer to a request of an ended session.
const msgSessionEnded = "Sessão encerrada. Entre novamente."

// endStreams closes the event streams of userID's sessions that ended, on
// every instance. Every use-case that ends sessions calls it after commit;
// a stream whose message is lost still ends at its next SessionLive check.
func (a *App) endStreams(userID string, e realtime.Ended) {
	if a.events != nil {
		a.events.EndSessions(userID, e)
	}
}

// SessionLive says whether p's session may still receive events: not
// revoked, not idle past its lifetime, p's own. An open event stream asks
// it at every heartbeat. Errors: none besides internal.
func (a *App) SessionLive(ctx context.Context, p Principal) (bool, error) {
	var s store.Session
	err := a.db.Read(ctx, func(tx *store.Tx) error {
		var err error
		s, err = tx.Session(ctx, p.SessionID)
		return err
	})
	if errors.Is(err, domain.ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return s.RevokedAt == nil && s.UserID == p.UserID && a.Now().Sub(s.RefreshedAt) <= sessionIdleTTL, nil
}

// Authenticate checks an access token and that its session is still open.
// Errors: unauthorized (a bad or expired token, an ended session).
func (a *App) Authenticate(ctx context.Context, token string) (Principal, error) {
	p, err := a.AuthenticateToken(token)
	if err != nil {
		return Principal{}, err
	}
	if err := a.db.Read(ctx, func(tx *store.Tx) error { return checkSession(ctx, tx, p) }); err != nil {
		return Principal{}, err
	}
	p.unchecked = false
	return p, nil
}

// AuthenticateToken checks an access token's signature and expiry only. The
// session it names is checked by the use-case's own read transaction
// (readAs), which saves a request a transaction of its own: only for the
// routes whose use-cases read through readAs, before anything else
// (httpapi's Route.SessionInRead). Errors: unauthorized.
func (a *App) AuthenticateToken(token string) (Principal, error) {
	c, err := a.tokens.Verify(token, a.Now())
	if err != nil {
		return Principal{}, domain.ErrUnauthorized
	}
	// Tokens issued before teams name no store: their person's own.
	return Principal{UserID: c.UserID, StoreID: cmp.Or(c.Store, c.UserID), SessionID: c.SessionID, Email: c.Email, Name: c.Name,
		Role: cmp.Or(c.Role, domain.RoleOwner), ProfessionalID: c.Professional, unchecked: true}, nil
}

// checkSession refuses p when its session was revoked (sign-out, password
// change or reset, admin lock, account deletion) or is not p's. Read in the
// same transaction as what the request then reads, so nothing read after it
// is newer than the check: a revocation committed before the request began
// is seen, on any instance. Errors: unauthorized, internal.
func checkSession(ctx context.Context, tx *store.Tx, p Principal) error {
	owner, err := tx.OpenSessionOwner(ctx, p.SessionID)
	if errors.Is(err, domain.ErrNotFound) {
		return sessionEnded(p, "")
	}
	if err != nil {
		return err
	}
	return sessionEnded(p, owner)
}

// sessionEnded is the rule: p's session is open while it names p's user
// (owner is the user of p's session while it is open, else "").
func sessionEnded(p Principal, owner string) error {
	if owner == "" || owner != p.UserID {
		return &domain.Error{Code: domain.CodeUnauthorized, Message: msgSessionEnded}
	}
	return nil
}

// CheckSession checks p's session when the request's authentication left
// that to the use-case's read (AuthenticateToken) and the request ends
// before such a read (a malformed query or id, a refused input): so an
// ended session hears 401 from every answer, not only from those that
// read. Errors: unauthorized, internal.
func (a *App) CheckSession(ctx context.Context, p Principal) error {
	if !p.unchecked {
		return nil
	}
	return a.db.Read(ctx, func(tx *store.Tx) error { return checkSession(ctx, tx, p) })
}

// readAs runs fn in a read transaction for p, checking p's session first
// when the request's authentication left that to this read.
func (a *App) readAs(ctx context.Context, p Principal, fn func(*store.Tx) error) error {
	return a.db.Read(ctx, func(tx *store.Tx) error {
		if p.unchecked {
			if err := checkSession(ctx, tx, p); err != nil {
				return err
			}
		}
		return fn(tx)
	})
}
