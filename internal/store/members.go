package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"agendo/internal/domain"
)

// Membership returns userID's role in storeID and the professional record a
// profissional is linked to. Errors: not_found (not a member; the owner is
// not a row).
func (t *Tx) Membership(ctx context.Context, storeID, userID string) (role string, professionalID *string, err error) {
	err = t.queryRow(ctx, `SELECT role, professional_id FROM members WHERE store_id = $1 AND user_id = $2`+t.forUpdate(),
		storeID, userID).Scan(&role, &professionalID)
	return role, professionalID, wrap("read membership", err)
}

// Memberships lists the stores userID is a member of (not their own), by
// when they joined, with each store's name.
func (t *Tx) Memberships(ctx context.Context, userID string) ([]domain.Membership, error) {
	rows, err := t.query(ctx, `
		SELECT m.store_id, COALESCE(s.name, ''), m.role
		FROM members m LEFT JOIN stores s ON s.user_id = m.store_id
		WHERE m.user_id = $1 ORDER BY m.created_at, m.store_id`, userID)
	if err != nil {
		return nil, wrap("list memberships", err)
	}
	defer rows.Close()
	out := []domain.Membership{}
	for rows.Next() {
		var m domain.Membership
		if err := rows.Scan(&m.StoreID, &m.StoreName, &m.Role); err != nil {
			return nil, wrap("scan membership", err)
		}
		out = append(out, m)
	}
	return out, wrap("list memberships", rows.Err())
}

// Members lists storeID's members (not its owner), by when they joined.
func (t *Tx) Members(ctx context.Context, storeID string) ([]domain.Member, error) {
	rows, err := t.query(ctx, `
		SELECT m.user_id, p.name, u.email, m.role, m.professional_id, m.created_at
		FROM members m JOIN users u ON u.id = m.user_id JOIN profiles p ON p.id = m.user_id
		WHERE m.store_id = $1 ORDER BY m.created_at, m.user_id`, storeID)
	if err != nil {
		return nil, wrap("list members", err)
	}
	defer rows.Close()
	out := []domain.Member{}
	for rows.Next() {
		var m domain.Member
		if err := rows.Scan(&m.UserID, &m.Name, &m.Email, &m.Role, &m.ProfessionalID, &m.CreatedAt); err != nil {
			return nil, wrap("scan member", err)
		}
		out = append(out, m)
	}
	return out, wrap("list members", rows.Err())
}

// AddMember makes userID a member of storeID. Errors: conflict (already a
// member, or the professional already has a login).
func (t *Tx) AddMember(ctx context.Context, storeID, userID, role string, professionalID *string, invitedBy string, now time.Time) error {
	_, err := t.exec(ctx, `INSERT INTO members (store_id, user_id, role, professional_id, invited_by, created_at)
		VALUES ($1, $2, $3, $4, $5, $6)`, storeID, userID, role, professionalID, invitedBy, now)
	if constraintOf(err) == uniqueViolation {
		return errMemberTaken
	}
	return wrap("add member", err)
}

var errMemberTaken = &domain.Error{Code: domain.CodeConflict,
	Message: "Esta pessoa já faz parte da equipe, ou este profissional já tem um acesso"}

// SetMember changes a member's role and linked professional. Errors:
// not_found, conflict (the professional already has a login).
func (t *Tx) SetMember(ctx context.Context, storeID, userID, role string, professionalID *string) error {
	err := t.execOne(ctx, "set member",
		`UPDATE members SET role = $3, professional_id = $4 WHERE store_id = $1 AND user_id = $2`,
		storeID, userID, role, professionalID)
	if constraintOf(err) == uniqueViolation {
		return errMemberTaken
	}
	return err
}

// RemoveMember takes userID off storeID's team. Errors: not_found.
func (t *Tx) RemoveMember(ctx context.Context, storeID, userID string) error {
	if err := t.execOne(ctx, "remove member", `DELETE FROM members WHERE store_id = $1 AND user_id = $2`, storeID, userID); err != nil {
		return err
	}
	// Their phones hear no more of the store's bookings, and their calendar
	// apps read no more of its agenda.
	if _, err := t.exec(ctx, `DELETE FROM push_subscriptions WHERE user_id = $1 AND member_id = $2`, storeID, userID); err != nil {
		return wrap("remove member's phones", err)
	}
	_, err := t.exec(ctx, `DELETE FROM calendar_feeds WHERE user_id = $1 AND member_id = $2`, storeID, userID)
	return wrap("remove member's calendar feeds", err)
}

// RevokeStoreSessions ends userID's live sessions in storeID and returns
// their ids, so their event streams can end too.
func (t *Tx) RevokeStoreSessions(ctx context.Context, storeID, userID string, now time.Time) ([]string, error) {
	rows, err := t.query(ctx, `UPDATE sessions SET revoked_at = $3
		WHERE store_id = $1 AND user_id = $2 AND revoked_at IS NULL RETURNING id`, storeID, userID, now)
	if err != nil {
		return nil, wrap("revoke store sessions", err)
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, wrap("revoke store sessions", err)
		}
		ids = append(ids, id)
	}
	return ids, wrap("revoke store sessions", rows.Err())
}

const invitationColumns = `id, role, professional_id, name, email, invited_by, created_at, expires_at,
	accepted_at, accepted_by, revoked_at`

func scanInvitation(sc interface{ Scan(...any) error }) (domain.Invitation, error) {
	var i domain.Invitation
	err := sc.Scan(&i.ID, &i.Role, &i.ProfessionalID, &i.Name, &i.Email, &i.InvitedBy, &i.CreatedAt, &i.ExpiresAt,
		&i.AcceptedAt, &i.AcceptedBy, &i.RevokedAt)
	return i, err
}

// CreateInvitation stores inv for storeID under the hash of its secret.
func (t *Tx) CreateInvitation(ctx context.Context, storeID, tokenHash string, inv domain.Invitation) error {
	_, err := t.exec(ctx, `INSERT INTO invitations (id, store_id, token_hash, role, professional_id, name, email,
		invited_by, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
		inv.ID, storeID, tokenHash, inv.Role, inv.ProfessionalID, inv.Name, inv.Email, inv.InvitedBy,
		inv.CreatedAt, inv.ExpiresAt)
	return wrap("create invitation", err)
}

// Invitations lists storeID's invitations created since since, newest first.
func (t *Tx) Invitations(ctx context.Context, storeID string, since time.Time) ([]domain.Invitation, error) {
	rows, err := t.query(ctx, `SELECT `+invitationColumns+` FROM invitations
		WHERE store_id = $1 AND created_at >= $2 ORDER BY created_at DESC, id`+limit(domain.MaxInvitationsListed),
		storeID, since)
	if err != nil {
		return nil, wrap("list invitations", err)
	}
	defer rows.Close()
	out := []domain.Invitation{}
	for rows.Next() {
		i, err := scanInvitation(rows)
		if err != nil {
			return nil, wrap("scan invitation", err)
		}
		out = append(out, i)
	}
	return out, wrap("list invitations", rows.Err())
}

// PendingInvitations counts storeID's invitations sent since since and
// not yet accepted or revoked: the bound on how many a store keeps open.
func (t *Tx) PendingInvitations(ctx context.Context, storeID string, since time.Time) (int, error) {
	var n int
	err := t.queryRow(ctx, `SELECT COUNT(*) FROM invitations WHERE store_id = $1 AND created_at >= $2
		AND accepted_at IS NULL AND revoked_at IS NULL`, storeID, since).Scan(&n)
	return n, wrap("count invitations", err)
}

// InvitationByHash finds an invitation by the hash of its secret, with its
// store. Errors: not_found.
func (t *Tx) InvitationByHash(ctx context.Context, tokenHash string) (storeID string, inv domain.Invitation, err error) {
	row := t.queryRow(ctx, `SELECT store_id, `+invitationColumns+` FROM invitations WHERE token_hash = $1`, tokenHash)
	var i domain.Invitation
	err = row.Scan(&storeID, &i.ID, &i.Role, &i.ProfessionalID, &i.Name, &i.Email, &i.InvitedBy, &i.CreatedAt,
		&i.ExpiresAt, &i.AcceptedAt, &i.AcceptedBy, &i.RevokedAt)
	return storeID, i, wrap("read invitation", err)
}

// SpendInvitation marks invitation id accepted by userID if it is still
// open at now: one statement, so of two acceptances only one spends it.
// Errors: not_found (accepted, revoked or expired meanwhile).
func (t *Tx) SpendInvitation(ctx context.Context, id, userID string, now time.Time) error {
	return t.execOne(ctx, "spend invitation", `UPDATE invitations SET accepted_at = $3, accepted_by = $2
		WHERE id = $1 AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > $3`, id, userID, now)
}

// RevokeInvitation cancels storeID's open invitation id. Errors: not_found
// (no such invitation in the store, or already accepted or revoked).
func (t *Tx) RevokeInvitation(ctx context.Context, storeID, id string, now time.Time) error {
	return t.execOne(ctx, "revoke invitation", `UPDATE invitations SET revoked_at = $3
		WHERE store_id = $1 AND id = $2 AND accepted_at IS NULL AND revoked_at IS NULL`, storeID, id, now)
}

// TeamSettings returns storeID's team settings (the defaults when never
// changed).
func (t *Tx) TeamSettings(ctx context.Context, storeID string) (domain.TeamSettings, error) {
	var s domain.TeamSettings
	err := t.queryRow(ctx, `SELECT professionals_see_phones FROM team_settings WHERE store_id = $1`, storeID).
		Scan(&s.ProfessionalsSeePhones)
	if errors.Is(err, sql.ErrNoRows) {
		return domain.TeamSettings{}, nil
	}
	return s, wrap("read team settings", err)
}

// SetTeamSettings saves storeID's team settings.
func (t *Tx) SetTeamSettings(ctx context.Context, storeID string, s domain.TeamSettings) error {
	_, err := t.exec(ctx, `
		INSERT INTO team_settings (store_id, professionals_see_phones) VALUES ($1, $2)
		ON CONFLICT (store_id) DO UPDATE SET professionals_see_phones = excluded.professionals_see_phones`,
		storeID, s.ProfessionalsSeePhones)
	return wrap("save team settings", err)
}

// OwnerProfessional is the professional record storeID's owner serves
// clients as (nil when none).
func (t *Tx) OwnerProfessional(ctx context.Context, storeID string) (*string, error) {
	var pro *string
	err := t.queryRow(ctx, `SELECT owner_professional_id FROM team_settings WHERE store_id = $1`, storeID).Scan(&pro)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return pro, wrap("read the owner's agenda", err)
}

// SetOwnerProfessional links storeID's owner to professionalID (nil: none).
func (t *Tx) SetOwnerProfessional(ctx context.Context, storeID string, professionalID *string) error {
	_, err := t.exec(ctx, `
		INSERT INTO team_settings (store_id, owner_professional_id) VALUES ($1, $2)
		ON CONFLICT (store_id) DO UPDATE SET owner_professional_id = excluded.owner_professional_id`,
		storeID, professionalID)
	return wrap("save the owner's agenda", err)
}

// ProfessionalHasLogin reports whether a member of storeID other than
// userID is linked to professionalID.
func (t *Tx) ProfessionalHasLogin(ctx context.Context, storeID, professionalID, userID string) (bool, error) {
	var n int
	err := t.queryRow(ctx, `SELECT COUNT(*) FROM members WHERE store_id = $1 AND professional_id = $2 AND user_id <> $3`,
		storeID, professionalID, userID).Scan(&n)
	return n > 0, wrap("find the professional's login", err)
}
