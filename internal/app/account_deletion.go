package app

import (
	"context"
	"errors"
	"time"

	"agendo/internal/domain"
	"agendo/internal/realtime"
	"agendo/internal/store"
)

// The owner's account deletion (LGPD art. 18): asked for with the password,
// carried out after a window to change one's mind, cancelled by signing in.

// AccountDeletionWindow is how long a deletion waits; signing in meanwhile
// cancels it.
const AccountDeletionWindow = 7 * 24 * time.Hour

// msgDeletionCancelled tells an owner who signs in during the window that
// the deletion is off.
const msgDeletionCancelled = "A exclusão da sua conta foi cancelada porque você entrou de novo. Seus dados continuam aqui."

// AccountDeletion is the state of the caller's account deletion.
type AccountDeletion struct {
	Pending     bool       `json:"pending"`
	RequestedAt *time.Time `json:"requestedAt"`
	DeleteAfter *time.Time `json:"deleteAfter" doc:"Quando a conta e todos os dados serão apagados; entrar antes disso cancela"`
}

// AccountDeletionInput confirms a deletion with the account's password.
type AccountDeletionInput struct {
	Password string `json:"password"`
}

func deletionOf(d store.AccountDeletion) AccountDeletion {
	return AccountDeletion{Pending: true, RequestedAt: &d.RequestedAt, DeleteAfter: &d.DeleteAfter}
}

// AccountDeletionStatus says whether the caller asked to delete the account.
// Errors: none besides internal.
func (a *App) AccountDeletionStatus(ctx context.Context, p Principal) (AccountDeletion, error) {
	var out AccountDeletion
	err := a.db.Read(ctx, func(tx *store.Tx) error {
		d, err := tx.PendingAccountDeletion(ctx, p.UserID)
		if errors.Is(err, domain.ErrNotFound) {
			return nil
		}
		out = deletionOf(d)
		return err
	})
	return out, err
}

// RequestAccountDeletion schedules the caller's account, and everything in
// it, for deletion in AccountDeletionWindow, after checking the password;
// the account's other sessions end. Errors: invalid (no password, a wrong
// one, a deletion already asked for), rate_limited (failed checks).
func (a *App) RequestAccountDeletion(ctx context.Context, p Principal, in AccountDeletionInput) (AccountDeletion, error) {
	if in.Password == "" {
		return AccountDeletion{}, domain.Invalid("Digite sua senha para confirmar a exclusão", map[string]string{"password": "Digite sua senha"})
	}
	pending, err := a.AccountDeletionStatus(ctx, p)
	if err != nil {
		return AccountDeletion{}, err
	}
	if pending.Pending {
		return AccountDeletion{}, alreadyDeleting(*pending.DeleteAfter)
	}
	var hash string
	err = a.db.Read(ctx, func(tx *store.Tx) error {
		var err error
		_, hash, err = tx.User(ctx, p.UserID)
		return err
	})
	if err != nil {
		return AccountDeletion{}, err
	}
	password := in.Password
	if len(password) > domain.MaxPasswordLen {
		password = password[:domain.MaxPasswordLen]
	}
	ok, err := a.passwordGate(ctx, p, func() (bool, error) { return a.hasher.Verify(ctx, password, hash) })
	if err != nil {
		return AccountDeletion{}, err
	}
	if !ok {
		return AccountDeletion{}, domain.Invalid("Senha incorreta", map[string]string{"password": "Senha incorreta"})
	}
	now := a.Now()
	d := store.AccountDeletion{RequestedAt: now, DeleteAfter: now.Add(AccountDeletionWindow)}
	err = a.db.Write(ctx, func(tx *store.Tx) error {
		if prev, err := tx.PendingAccountDeletion(ctx, p.UserID); err == nil {
			return alreadyDeleting(prev.DeleteAfter) // asked twice at once
		}
		if err := tx.RequestAccountDeletion(ctx, p.UserID, d); err != nil {
			return err
		}
		_, err := tx.RevokeUserSessions(ctx, p.UserID, p.SessionID, now)
		return err
	})
	if err != nil {
		return AccountDeletion{}, err
	}
	a.endStreams(p.UserID, realtime.Ended{Keep: p.SessionID})
	a.log.InfoContext(ctx, "account deletion requested", "user_id", p.UserID, "delete_after", d.DeleteAfter)
	return deletionOf(d), nil
}

// alreadyDeleting refuses a second deletion request.
func alreadyDeleting(after time.Time) error {
	return domain.Invalid("A exclusão desta conta já foi pedida e será feita em "+brDateTime(after)+
		". Para desistir, é só entrar de novo na sua conta.", nil)
}

// CancelAccountDeletion keeps the caller's account. Errors: invalid (no
// deletion was asked for).
func (a *App) CancelAccountDeletion(ctx context.Context, p Principal) error {
	return a.db.Write(ctx, func(tx *store.Tx) error {
		ok, err := tx.CancelAccountDeletion(ctx, p.UserID)
		if err == nil && !ok {
			return domain.Invalid("Nenhuma exclusão desta conta foi pedida", nil)
		}
		return err
	})
}

// deleteDueAccounts deletes, for good, the accounts whose window ended, and
// returns their ids.
func (a *App) deleteDueAccounts(ctx context.Context, tx *store.Tx) ([]string, error) {
	due, err := tx.DueAccountDeletions(ctx, a.Now())
	if err != nil {
		return nil, err
	}
	for _, id := range due {
		if err := tx.DeleteAccount(ctx, id); err != nil {
			return nil, err
		}
		a.log.InfoContext(ctx, "account deleted", "user_id", id)
	}
	return due, nil
}
