package store

import (
	"context"
	"fmt"
	"time"

	"agendo/internal/domain"
)

// CreateUser inserts a user with its password hash. A taken email is a
// conflict.
func (t *Tx) CreateUser(ctx context.Context, u domain.User, passwordHash string) error {
	_, err := t.exec(ctx,
		`INSERT INTO users (id, email, password_hash, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)`,
		u.ID, u.Email, passwordHash, u.CreatedAt)
	if constraintOf(err) == uniqueViolation {
		return &domain.Error{Code: domain.CodeEmailExists, Message: "Já existe uma conta com este email"}
	}
	if err != nil {
		return fmt.Errorf("insert user: %w", err)
	}
	return nil
}

// Credentials returns the user with email and their password hash.
func (t *Tx) Credentials(ctx context.Context, email string) (domain.User, string, error) {
	var u domain.User
	var hash string
	err := t.queryRow(ctx,
		`SELECT id, email, password_hash, created_at, locked_at FROM users WHERE email = $1`, email).
		Scan(&u.ID, &u.Email, &hash, &u.CreatedAt, &u.LockedAt)
	if err != nil {
		return u, "", wrap("read credentials", err)
	}
	return u, hash, nil
}

// User returns the user with id.
func (t *Tx) User(ctx context.Context, id string) (domain.User, string, error) {
	var u domain.User
	var hash string
	err := t.queryRow(ctx,
		`SELECT id, email, password_hash, created_at, locked_at FROM users WHERE id = $1`, id).
		Scan(&u.ID, &u.Email, &hash, &u.CreatedAt, &u.LockedAt)
	if err != nil {
		return u, "", wrap("read user", err)
	}
	return u, hash, nil
}

// SetPasswordHash replaces a user's password hash.
func (t *Tx) SetPasswordHash(ctx context.Context, userID, hash string, now time.Time) error {
	return t.execOne(ctx, "set password hash", `UPDATE users SET password_hash = $2, updated_at = $3 WHERE id = $1`, userID, hash, now)
}

// CreateProfile inserts a profile row.
func (t *Tx) CreateProfile(ctx context.Context, p domain.Profile, now time.Time) error {
	_, err := t.exec(ctx,
		`INSERT INTO profiles (id, name, email, phone, avatar, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6)`,
		p.ID, p.Name, p.Email, p.Phone, p.Avatar, now)
	if err != nil {
		return fmt.Errorf("insert profile: %w", err)
	}
	return nil
}

// Profile returns the profile of user id.
func (t *Tx) Profile(ctx context.Context, id string) (domain.Profile, error) {
	var p domain.Profile
	err := t.queryRow(ctx,
		`SELECT id, name, email, phone, avatar FROM profiles WHERE id = $1`, id).
		Scan(&p.ID, &p.Name, &p.Email, &p.Phone, &p.Avatar)
	return p, wrap("read profile", err)
}

// UpdateProfile writes name, phone and avatar (the only columns an update
// may touch, SPEC.md section 3).
func (t *Tx) UpdateProfile(ctx context.Context, p domain.Profile, now time.Time) error {
	return t.execOne(ctx, "update profile",
		`UPDATE profiles SET name = $2, phone = $3, avatar = $4, updated_at = $5 WHERE id = $1`,
		p.ID, p.Name, p.Phone, p.Avatar, now)
}

// Session is a signed-in device: the family of its refresh tokens.
type Session struct {
	ID     string
	UserID string
	// StoreID is the store the session acts in: the person's own (their
	// user id) or one they are a member of.
	StoreID     string
	UserAgent   string
	CreatedAt   time.Time
	RefreshedAt time.Time
	RevokedAt   *time.Time
}

// CreateSession inserts a session.
func (t *Tx) CreateSession(ctx context.Context, s Session) error {
	_, err := t.exec(ctx,
		`INSERT INTO sessions (id, user_id, store_id, user_agent, created_at, refreshed_at) VALUES ($1, $2, $3, $4, $5, $5)`,
		s.ID, s.UserID, s.StoreID, s.UserAgent, s.CreatedAt)
	if err != nil {
		return fmt.Errorf("insert session: %w", err)
	}
	return nil
}

// Session returns the session with id.
func (t *Tx) Session(ctx context.Context, id string) (Session, error) {
	var s Session
	err := t.queryRow(ctx,
		`SELECT id, user_id, store_id, user_agent, created_at, refreshed_at, revoked_at FROM sessions WHERE id = $1`, id).
		Scan(&s.ID, &s.UserID, &s.StoreID, &s.UserAgent, &s.CreatedAt, &s.RefreshedAt, &s.RevokedAt)
	return s, wrap("read session", err)
}

// openSessionOwner is the user whose session $N is open (not revoked).
const openSessionOwner = `SELECT user_id FROM sessions WHERE id = $%d AND revoked_at IS NULL`

// OpenSessionOwner returns the user session id belongs to while it is open
// (not revoked): what authenticating a request needs. Errors: not_found
// (no such session, or revoked).
func (t *Tx) OpenSessionOwner(ctx context.Context, id string) (string, error) {
	var userID string
	err := t.queryRow(ctx, fmt.Sprintf(openSessionOwner, 1), id).Scan(&userID)
	return userID, wrap("read session", err)
}

// TouchSession records a refresh.
func (t *Tx) TouchSession(ctx context.Context, id string, now time.Time) error {
	return t.execOne(ctx, "touch session", `UPDATE sessions SET refreshed_at = $2 WHERE id = $1`, id, now)
}

// RevokeSession ends one session.
func (t *Tx) RevokeSession(ctx context.Context, id string, now time.Time) error {
	_, err := t.exec(ctx, `UPDATE sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL`, id, now)
	return wrap("revoke session", err)
}

// RevokeUserSessions ends every live session of userID except keepID (which
// may be empty) and returns how many it ended.
func (t *Tx) RevokeUserSessions(ctx context.Context, userID, keepID string, now time.Time) (int64, error) {
	res, err := t.exec(ctx,
		`UPDATE sessions SET revoked_at = $3 WHERE user_id = $1 AND id <> $2 AND revoked_at IS NULL`,
		userID, keepID, now)
	if err != nil {
		return 0, fmt.Errorf("revoke sessions: %w", err)
	}
	return rowsAffected("revoke sessions", res)
}

// RefreshToken is one link of a session's rotation chain. Only its hash is
// stored.
type RefreshToken struct {
	ID        string
	SessionID string
	TokenHash string
	ParentID  *string
	CreatedAt time.Time
	UsedAt    *time.Time
}

// CreateRefreshToken inserts a refresh token.
func (t *Tx) CreateRefreshToken(ctx context.Context, rt RefreshToken) error {
	_, err := t.exec(ctx,
		`INSERT INTO refresh_tokens (id, session_id, token_hash, parent_id, created_at) VALUES ($1, $2, $3, $4, $5)`,
		rt.ID, rt.SessionID, rt.TokenHash, rt.ParentID, rt.CreatedAt)
	if err != nil {
		return fmt.Errorf("insert refresh token: %w", err)
	}
	return nil
}

// RefreshTokenByHash finds a refresh token by the hash of its value.
func (t *Tx) RefreshTokenByHash(ctx context.Context, hash string) (RefreshToken, error) {
	var rt RefreshToken
	err := t.queryRow(ctx,
		`SELECT id, session_id, token_hash, parent_id, created_at, used_at FROM refresh_tokens WHERE token_hash = $1`, hash).
		Scan(&rt.ID, &rt.SessionID, &rt.TokenHash, &rt.ParentID, &rt.CreatedAt, &rt.UsedAt)
	return rt, wrap("read refresh token", err)
}

// LatestRefreshToken returns the newest token of a session.
func (t *Tx) LatestRefreshToken(ctx context.Context, sessionID string) (RefreshToken, error) {
	var rt RefreshToken
	err := t.queryRow(ctx,
		`SELECT id, session_id, token_hash, parent_id, created_at, used_at FROM refresh_tokens
		 WHERE session_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1`, sessionID).
		Scan(&rt.ID, &rt.SessionID, &rt.TokenHash, &rt.ParentID, &rt.CreatedAt, &rt.UsedAt)
	return rt, wrap("read latest refresh token", err)
}

// UseRefreshToken marks a token used. It reports false when another request
// used it first, so one token yields at most one successor.
func (t *Tx) UseRefreshToken(ctx context.Context, id string, now time.Time) (bool, error) {
	res, err := t.exec(ctx, `UPDATE refresh_tokens SET used_at = $2 WHERE id = $1 AND used_at IS NULL`, id, now)
	if err != nil {
		return false, fmt.Errorf("use refresh token: %w", err)
	}
	n, err := rowsAffected("use refresh token", res)
	return n == 1, err
}

// PasswordReset is a pending recovery link; only its hash is stored.
type PasswordReset struct {
	TokenHash string
	UserID    string
	CreatedAt time.Time
	ExpiresAt time.Time
	UsedAt    *time.Time
}

// CreatePasswordReset inserts a recovery token.
func (t *Tx) CreatePasswordReset(ctx context.Context, pr PasswordReset) error {
	_, err := t.exec(ctx,
		`INSERT INTO password_resets (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)`,
		pr.TokenHash, pr.UserID, pr.CreatedAt, pr.ExpiresAt)
	if err != nil {
		return fmt.Errorf("insert password reset: %w", err)
	}
	return nil
}

// PasswordReset finds a recovery token by hash.
func (t *Tx) PasswordReset(ctx context.Context, hash string) (PasswordReset, error) {
	var pr PasswordReset
	err := t.queryRow(ctx,
		`SELECT token_hash, user_id, created_at, expires_at, used_at FROM password_resets WHERE token_hash = $1`, hash).
		Scan(&pr.TokenHash, &pr.UserID, &pr.CreatedAt, &pr.ExpiresAt, &pr.UsedAt)
	return pr, wrap("read password reset", err)
}

// UsePasswordResets marks every pending recovery token of a user used, so a
// link works once and a reset voids older links.
func (t *Tx) UsePasswordResets(ctx context.Context, userID string, now time.Time) error {
	_, err := t.exec(ctx, `UPDATE password_resets SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL`, userID, now)
	return wrap("use password resets", err)
}

// GrantRole gives userID a role; granting twice is harmless.
func (t *Tx) GrantRole(ctx context.Context, userID, role string, now time.Time) error {
	_, err := t.exec(ctx,
		`INSERT INTO user_roles (user_id, role, created_at) VALUES ($1, $2, $3) ON CONFLICT (user_id, role) DO NOTHING`,
		userID, role, now)
	if constraintOf(err) == foreignKeyViolation {
		return domain.ErrNotFound
	}
	return wrap("grant role", err)
}

// HasRole reports whether userID has role.
func (t *Tx) HasRole(ctx context.Context, userID, role string) (bool, error) {
	var n int
	err := t.queryRow(ctx, `SELECT COUNT(*) FROM user_roles WHERE user_id = $1 AND role = $2`, userID, role).Scan(&n)
	return n > 0, wrap("read role", err)
}

// EnsurePlan creates the free, active plan row when none exists.
func (t *Tx) EnsurePlan(ctx context.Context, userID string, now time.Time) error {
	_, err := t.exec(ctx,
		`INSERT INTO user_plans (user_id, type, is_active, updated_at) VALUES ($1, 'free', TRUE, $2)
		 ON CONFLICT (user_id) DO NOTHING`, userID, now)
	return wrap("ensure plan", err)
}

// Plan returns a user's plan row.
func (t *Tx) Plan(ctx context.Context, userID string) (domain.UserPlan, error) {
	s, err := t.PlanState(ctx, userID)
	return s.UserPlan, err
}

// execOne runs a statement that must touch exactly one row; none is not
// found. op names the operation in an unexpected error.
func (t *Tx) execOne(ctx context.Context, op, query string, args ...any) error {
	res, err := t.exec(ctx, query, args...)
	if err != nil {
		return wrap(op, err)
	}
	n, err := rowsAffected(op, res)
	if err != nil {
		return err
	}
	if n == 0 {
		return domain.ErrNotFound
	}
	return nil
}

// RefreshChain is a refresh token with its session, user and profile: all a
// refresh needs, read in one query.
type RefreshChain struct {
	Token   RefreshToken
	Session Session
	User    domain.User
	Profile domain.Profile
}

// RefreshChainByHash finds a refresh token by the hash of its value, joined
// with its session, user and profile.
func (t *Tx) RefreshChainByHash(ctx context.Context, hash string) (RefreshChain, error) {
	var c RefreshChain
	err := t.queryRow(ctx, `
		SELECT r.id, r.session_id, r.token_hash, r.parent_id, r.created_at, r.used_at,
		       s.id, s.user_id, s.store_id, s.user_agent, s.created_at, s.refreshed_at, s.revoked_at,
		       u.id, u.email, u.created_at, u.locked_at,
		       p.id, p.name, p.email, p.phone, p.avatar
		FROM refresh_tokens r
		JOIN sessions s ON s.id = r.session_id
		JOIN users u ON u.id = s.user_id
		JOIN profiles p ON p.id = s.user_id
		WHERE r.token_hash = $1`, hash).
		Scan(&c.Token.ID, &c.Token.SessionID, &c.Token.TokenHash, &c.Token.ParentID, &c.Token.CreatedAt, &c.Token.UsedAt,
			&c.Session.ID, &c.Session.UserID, &c.Session.StoreID, &c.Session.UserAgent, &c.Session.CreatedAt, &c.Session.RefreshedAt, &c.Session.RevokedAt,
			&c.User.ID, &c.User.Email, &c.User.CreatedAt, &c.User.LockedAt,
			&c.Profile.ID, &c.Profile.Name, &c.Profile.Email, &c.Profile.Phone, &c.Profile.Avatar)
	return c, wrap("read refresh chain", err)
}

// UserSessions lists userID's newest sessions, at most limit, newest
// first: their personal data's copy (LGPD).
func (t *Tx) UserSessions(ctx context.Context, userID string, limit int) ([]Session, error) {
	rows, err := t.query(ctx, `SELECT id, user_id, store_id, user_agent, created_at, refreshed_at, revoked_at FROM sessions
		WHERE user_id = $1 ORDER BY created_at DESC, id LIMIT $2`, userID, limit)
	if err != nil {
		return nil, wrap("list sessions", err)
	}
	defer rows.Close()
	out := []Session{}
	for rows.Next() {
		var s Session
		if err := rows.Scan(&s.ID, &s.UserID, &s.StoreID, &s.UserAgent, &s.CreatedAt, &s.RefreshedAt, &s.RevokedAt); err != nil {
			return nil, wrap("scan session", err)
		}
		out = append(out, s)
	}
	return out, wrap("list sessions", rows.Err())
}
