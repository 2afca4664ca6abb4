package store

import (
	"context"
	"strconv"
	"strings"
	"time"

	"agendo/internal/domain"
)

// The platform admin's accounts: a page of them with the summaries'
// figures, one account's plan history, locks and Premium granted by hand.

const accountColumns = `u.id, COALESCE(p.name, ''), u.email, COALESCE(s.name, ''), COALESCE(s.slug, ''),
	COALESCE(pl.type, 'free'), COALESCE(pl.is_active, TRUE), pl.subscribed_at, pl.expires_at, pl.status_reason, pl.cancel_at, pl.granted_until,
	COALESCE((SELECT SUM(t.appointments) FROM professional_totals t WHERE t.user_id = u.id), 0),
	COALESCE((SELECT SUM(` + dayTotal + `) FROM report_days d WHERE d.user_id = u.id AND d.date >= $1 AND d.date <= $2), 0),
	u.last_sign_in_at, u.created_at, u.locked_at, u.locked_reason,
	EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.id AND r.role = 'admin')`

const accountFrom = ` FROM users u
	LEFT JOIN profiles p ON p.id = u.id
	LEFT JOIN stores s ON s.user_id = u.id
	LEFT JOIN user_plans pl ON pl.user_id = u.id`

func scanAccount(sc interface{ Scan(...any) error }) (domain.Account, error) {
	var a domain.Account
	err := sc.Scan(&a.ID, &a.Name, &a.Email, &a.StoreName, &a.StoreSlug,
		&a.Plan.Type, &a.Plan.IsActive, &a.Plan.SubscribedAt, &a.Plan.ExpiresAt, &a.Plan.StatusReason, &a.Plan.CancelAt, &a.Plan.GrantedUntil,
		&a.Appointments, &a.Last30Days, &a.LastSignInAt, &a.CreatedAt, &a.LockedAt, &a.LockedReason, &a.IsAdmin)
	return a, err
}

// likeEscape makes s a LIKE pattern matching it anywhere, its wildcards
// taken literally (ESCAPE '!').
func likeEscape(s string) string {
	r := strings.NewReplacer("!", "!!", "%", "!%", "_", "!_")
	return "%" + r.Replace(s) + "%"
}

// Accounts lists a page of accounts, newest first, with their appointments
// in total and dated from..to (professional_totals and report_days: never a scan
// of appointments). now decides which granted Premiums still hold for the
// plan filter.
func (t *Tx) Accounts(ctx context.Context, f domain.AccountFilter, from, to string, now time.Time) ([]domain.Account, int, error) {
	args := []any{from, to}
	// $1 and $2 are the columns' period; the count names them too, so both
	// statements take the same arguments (PostgreSQL refuses unused ones).
	where := []string{`$1 <> ''`, `$2 <> ''`}
	arg := func(v any) string {
		args = append(args, v)
		return "$" + strconv.Itoa(len(args))
	}
	if q := strings.TrimSpace(f.Search); q != "" {
		n := arg(likeEscape(strings.ToLower(q)))
		slug := arg(likeEscape(domain.Slugify(q)))
		where = append(where, `(LOWER(p.name) LIKE `+n+` ESCAPE '!' OR LOWER(u.email) LIKE `+n+` ESCAPE '!' OR LOWER(s.name) LIKE `+n+` ESCAPE '!' OR s.slug LIKE `+slug+` ESCAPE '!')`)
	}
	// Premium as domain.EffectivePlan reads it: active, or granted by hand.
	premium := func() string {
		return `((pl.type = 'premium' AND pl.is_active) OR pl.granted_until > ` + arg(now) + `)`
	}
	switch f.Plan {
	case domain.PlanPremium:
		where = append(where, premium())
	case domain.PlanFree:
		where = append(where, `NOT COALESCE(`+premium()+`, FALSE)`)
	}
	if f.Locked {
		where = append(where, `u.locked_at IS NOT NULL`)
	}
	cond := " WHERE " + strings.Join(where, " AND ")
	var total int
	if err := t.queryRow(ctx, `SELECT COUNT(*)`+accountFrom+cond, args...).Scan(&total); err != nil {
		return nil, 0, wrap("count accounts", err)
	}
	off := arg(f.Offset)
	rows, err := t.query(ctx, `SELECT `+accountColumns+accountFrom+cond+` ORDER BY u.created_at DESC, u.id DESC`+limit(f.Limit)+` OFFSET `+off, args...)
	if err != nil {
		return nil, 0, wrap("list accounts", err)
	}
	defer rows.Close()
	out := []domain.Account{}
	for rows.Next() {
		a, err := scanAccount(rows)
		if err != nil {
			return nil, 0, wrap("list accounts", err)
		}
		out = append(out, a)
	}
	return out, total, wrap("list accounts", rows.Err())
}

// Account returns one account as Accounts lists it; none is not found.
func (t *Tx) Account(ctx context.Context, id, from, to string) (domain.Account, error) {
	a, err := scanAccount(t.queryRow(ctx, `SELECT `+accountColumns+accountFrom+` WHERE u.id = $3`, from, to, id))
	return a, wrap("read account", err)
}

// PlanHistory lists the newest applied billing events of an account.
func (t *Tx) PlanHistory(ctx context.Context, userID string, n int) ([]domain.PlanEvent, error) {
	rows, err := t.query(ctx, `SELECT received_at, type, kind, CASE WHEN type = $2 THEN payload ELSE '' END
		FROM webhook_events WHERE user_id = $1 AND result = 'applied'
		ORDER BY received_at DESC, id DESC`+limit(n), userID, domain.BillingAdminGrant)
	if err != nil {
		return nil, wrap("list plan history", err)
	}
	defer rows.Close()
	out := []domain.PlanEvent{}
	for rows.Next() {
		var e domain.PlanEvent
		if err := rows.Scan(&e.At, &e.Type, &e.Kind, &e.Note); err != nil {
			return nil, wrap("list plan history", err)
		}
		out = append(out, e)
	}
	return out, wrap("list plan history", rows.Err())
}

// LockUser locks an account with the admin's reason and ends its sessions;
// none is not found.
func (t *Tx) LockUser(ctx context.Context, userID, reason string, now time.Time) error {
	if err := t.execOne(ctx, "lock user", `UPDATE users SET locked_at = $2, locked_reason = $3, updated_at = $2 WHERE id = $1`,
		userID, now, reason); err != nil {
		return err
	}
	_, err := t.RevokeUserSessions(ctx, userID, "", now)
	return err
}

// UnlockUser unlocks an account; none is not found.
func (t *Tx) UnlockUser(ctx context.Context, userID string, now time.Time) error {
	return t.execOne(ctx, "unlock user", `UPDATE users SET locked_at = NULL, locked_reason = '', updated_at = $2 WHERE id = $1`, userID, now)
}

// TouchSignIn records when a user signed in.
func (t *Tx) TouchSignIn(ctx context.Context, userID string, now time.Time) error {
	_, err := t.exec(ctx, `UPDATE users SET last_sign_in_at = $2 WHERE id = $1`, userID, now)
	return wrap("touch sign-in", err)
}

// GrantPremium sets the end of a Premium granted by hand, creating the plan
// row when needed; the rest of the row (the provider's state) stays.
func (t *Tx) GrantPremium(ctx context.Context, userID string, until, now time.Time) error {
	if err := t.EnsurePlan(ctx, userID, now); err != nil {
		return err
	}
	return t.execOne(ctx, "grant premium", `UPDATE user_plans SET granted_until = $2, updated_at = $3 WHERE user_id = $1`, userID, until, now)
}
