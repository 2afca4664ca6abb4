package app

import (
	"context"
	"errors"
	"time"

	"agendo/internal/auth"
	"agendo/internal/domain"
	"agendo/internal/store"
)

// Where a person acts (their seat in a store) and the invitation that
// makes them a member: what opening a session and signing up need, below
// the team's page (team.go), which uses both.

const (
	msgInvitationUnknown = "Convite não encontrado. Peça um novo link a quem convidou você."
	msgInvitationUsed    = "Este convite já foi usado. Entre com a sua conta para acessar o salão."
	msgInvitationRevoked = "Este convite foi cancelado. Peça um novo link a quem convidou você."
	msgInvitationExpired = "Este convite expirou (ele vale por 72 horas). Peça um novo link a quem convidou você."
	msgOwnInvitation     = "Você já é o dono deste salão."
	// An invitation as a professional record the owner has since taken as their own agenda.
	msgInvitationProTaken = "Este convite não vale mais: o profissional dele já tem acesso ao salão. Peça um novo link a quem convidou você."
)

// homeSeat is where a person's sessions open: their own store when they
// have one, else the first team they joined (an account created from an
// invitation has no store of its own), else their own, made as a
// sign-up makes it when they never had one.
func homeSeat(ctx context.Context, tx *store.Tx, userID string, now time.Time) (domain.Seat, error) {
	if _, err := tx.StoreByUser(ctx, userID); !errors.Is(err, domain.ErrNotFound) {
		if err != nil {
			return domain.Seat{}, err
		}
		return ownSeat(ctx, tx, userID)
	}
	ms, err := tx.Memberships(ctx, userID)
	if err != nil {
		return domain.Seat{}, err
	}
	if len(ms) == 0 { // off every team they joined: their own seat, made now
		return domain.OwnSeat(userID), ensureOwnStore(ctx, tx, userID, now)
	}
	return seatIn(ctx, tx, userID, ms[0].StoreID)
}

// ensureOwnStore gives userID the salon and plan a sign-up gets, when they
// have none: someone who joined with an invitation, once off every team,
// has an account like any other.
func ensureOwnStore(ctx context.Context, tx *store.Tx, userID string, now time.Time) error {
	// Two sign-ins on two devices, or leaving two teams at once, would
	// both find none: the second waits, then finds the first's.
	if err := tx.Lock(ctx, lockOwnStore, userID); err != nil {
		return err
	}
	if _, err := tx.StoreByUser(ctx, userID); !errors.Is(err, domain.ErrNotFound) {
		return err
	}
	return createOwnStore(ctx, tx, userID, now)
}

// createOwnStore makes userID the salon and plan a sign-up makes.
func createOwnStore(ctx context.Context, tx *store.Tx, userID string, now time.Time) error {
	if err := tx.CreateStore(ctx, domain.NewStore(newID(), userID, now)); err != nil {
		return err
	}
	return tx.EnsurePlan(ctx, userID, now)
}

// ownSeat is userID's seat in their own store, with the professional
// record they serve clients as, when they linked one ('Minha agenda').
func ownSeat(ctx context.Context, tx *store.Tx, userID string) (domain.Seat, error) {
	s := domain.OwnSeat(userID)
	var err error
	s.ProfessionalID, err = tx.OwnerProfessional(ctx, userID)
	return s, err
}

// seatIn is userID's seat in storeID. Errors: unauthorized (not a member).
func seatIn(ctx context.Context, tx *store.Tx, userID, storeID string) (domain.Seat, error) {
	if storeID == userID {
		return ownSeat(ctx, tx, userID)
	}
	role, pro, err := tx.Membership(ctx, storeID, userID)
	if errors.Is(err, domain.ErrNotFound) {
		return domain.Seat{}, domain.ErrUnauthorized
	}
	return domain.Seat{StoreID: storeID, Role: role, ProfessionalID: pro}, err
}

// openInvitation reads the invitation whose link carries token, refusing
// one that cannot be accepted at now. Errors: invalid_token.
func openInvitation(ctx context.Context, tx *store.Tx, token string, now time.Time) (string, domain.Invitation, error) {
	if token == "" || len(token) > 100 {
		return "", domain.Invitation{}, &domain.Error{Code: domain.CodeInvalidToken, Message: msgInvitationUnknown}
	}
	storeID, inv, err := tx.InvitationByHash(ctx, auth.Hash(token))
	if errors.Is(err, domain.ErrNotFound) {
		return "", inv, &domain.Error{Code: domain.CodeInvalidToken, Message: msgInvitationUnknown}
	}
	if err != nil {
		return "", inv, err
	}
	msg := map[string]string{domain.InvitationAccepted: msgInvitationUsed, domain.InvitationRevoked: msgInvitationRevoked,
		domain.InvitationExpired: msgInvitationExpired}[inv.StateAt(now)]
	if msg != "" {
		return "", inv, &domain.Error{Code: domain.CodeInvalidToken, Message: msg}
	}
	return storeID, inv, nil
}

// join spends the invitation token for userID and makes them a member, in
// tx, returning their seat in the store. Errors: invalid_token, invalid
// (the owner's own invitation), conflict (already a member; the
// professional already has a login).
func join(ctx context.Context, tx *store.Tx, token, userID string, now time.Time) (domain.Seat, error) {
	storeID, inv, err := openInvitation(ctx, tx, token, now)
	if err != nil {
		return domain.Seat{}, err
	}
	if storeID == userID {
		return domain.Seat{}, domain.Invalid(msgOwnInvitation, nil)
	}
	if inv.ProfessionalID != nil {
		// The owner may have linked this record to their own login since the
		// invitation was written (LinkOwnAgenda, under the same lock).
		if err := tx.Lock(ctx, lockTeam, storeID); err != nil {
			return domain.Seat{}, err
		}
		if own, err := tx.OwnerProfessional(ctx, storeID); err != nil {
			return domain.Seat{}, err
		} else if own != nil && *own == *inv.ProfessionalID {
			return domain.Seat{}, &domain.Error{Code: domain.CodeInvalidToken, Message: msgInvitationProTaken}
		}
	}
	// One statement spends it: of two acceptances racing, one finds it gone.
	if err := tx.SpendInvitation(ctx, inv.ID, userID, now); errors.Is(err, domain.ErrNotFound) {
		return domain.Seat{}, &domain.Error{Code: domain.CodeInvalidToken, Message: msgInvitationUsed}
	} else if err != nil {
		return domain.Seat{}, err
	}
	if err := tx.AddMember(ctx, storeID, userID, inv.Role, inv.ProfessionalID, inv.InvitedBy, now); err != nil {
		return domain.Seat{}, err
	}
	err = tx.AddAudit(ctx, domain.AuditEntry{ID: newID(), Timestamp: now, AdminUserID: userID,
		Action: "Entrar na equipe", DataAffected: "invitation:" + inv.ID + " role:" + inv.Role, Success: true})
	return domain.Seat{StoreID: storeID, Role: inv.Role, ProfessionalID: inv.ProfessionalID}, err
}
