package app

import (
	"context"
	"fmt"

	"agendo/internal/domain"
	"agendo/internal/store"
)

// Integrity checks the caller's own data (Configurações): SPEC.md section
// 5's rules and what a database can lose (domain.CheckIntegrity). Errors:
// internal, whose message is SPEC.md section 8's 'Erro ao verificar
// integridade dos dados'.
func (a *App) Integrity(ctx context.Context, p Principal) (domain.IntegrityReport, error) {
	return a.accountIntegrity(ctx, p.StoreID)
}

func (a *App) accountIntegrity(ctx context.Context, userID string) (domain.IntegrityReport, error) {
	var snap domain.IntegritySnapshot
	err := a.db.Read(ctx, func(tx *store.Tx) error {
		var err error
		snap, err = tx.Integrity(ctx, userID)
		return err
	})
	if err != nil {
		a.log.ErrorContext(ctx, "integrity check failed", "err", err)
		return domain.IntegrityReport{}, &domain.Error{Code: domain.CodeInternal, Message: domain.MsgIntegrityFailed}
	}
	return domain.CheckIntegrity(snap), nil
}

// AccountIntegrity is one account's findings in the admin's check.
type AccountIntegrity struct {
	AccountID string                 `json:"accountId" format:"uuid"`
	Email     string                 `json:"email"`
	Report    domain.IntegrityReport `json:"report"`
}

// PlatformIntegrity is the admin's check of every account: how many were
// checked and those with findings (never a salon's clients' names or
// phones: appointments are named by id, client summaries counted).
type PlatformIntegrity struct {
	Accounts   int                `json:"accounts"`
	WithIssues int                `json:"withIssues"`
	Items      []AccountIntegrity `json:"items"`
}

// integrityPage is how many accounts the admin's check reads ids of at once;
// each account is then checked in its own read transaction.
const integrityPage = 200

// PlatformIntegrity runs the integrity check over every account, each in
// its own bounded read, and audits it. Errors: forbidden (SPEC.md section
// 5's rule), internal ('Erro ao verificar integridade dos dados', audited
// as failed).
func (a *App) PlatformIntegrity(ctx context.Context, p Principal) (PlatformIntegrity, error) {
	const name = "Verificação de integridade"
	op := domain.AdminOperation{Name: name, Touches: []domain.DataKey{domain.KeyAccounts}}
	if err := a.CheckAdminOperation(ctx, p, op, string(domain.KeyAccounts)); err != nil {
		return PlatformIntegrity{}, err
	}
	out := PlatformIntegrity{Items: []AccountIntegrity{}}
	for after := ""; ; {
		var ids []string
		err := a.db.Read(ctx, func(tx *store.Tx) error {
			var err error
			ids, err = tx.AccountIDs(ctx, after, integrityPage)
			return err
		})
		if err == nil {
			for _, id := range ids {
				var r domain.IntegrityReport
				if r, err = a.accountIntegrity(ctx, id); err != nil {
					break
				}
				out.Accounts++
				if !r.OK {
					out.WithIssues++
					out.Items = append(out.Items, AccountIntegrity{AccountID: id, Email: a.emailOf(ctx, id), Report: r})
				}
			}
		}
		if err != nil {
			a.auditFailure(ctx, p, name+" falhou: "+domain.MsgIntegrityFailed, string(domain.KeyAccounts))
			return PlatformIntegrity{}, &domain.Error{Code: domain.CodeInternal, Message: domain.MsgIntegrityFailed}
		}
		if len(ids) < integrityPage {
			break
		}
		after = ids[len(ids)-1]
	}
	err := a.db.Write(ctx, func(tx *store.Tx) error {
		return tx.AddAudit(ctx, domain.AuditEntry{ID: newID(), Timestamp: a.Now(), AdminUserID: p.UserID,
			Action: fmt.Sprintf("%s: %d contas, %d com problemas", name, out.Accounts, out.WithIssues), DataAffected: string(domain.KeyAccounts), Success: true})
	})
	return out, err
}

// emailOf is an account's email for the admin's report; empty when unreadable.
func (a *App) emailOf(ctx context.Context, userID string) string {
	var email string
	_ = a.db.Read(ctx, func(tx *store.Tx) error {
		var err error
		email, err = tx.UserEmail(ctx, userID)
		return err
	})
	return email
}
