package app

import (
	"context"
	"errors"

	"agendo/internal/domain"
	"agendo/internal/store"
)

// The audit log: the admin's list of what was done, the check that an admin
// operation is allowed (recorded when refused), and the line a refusal
// leaves.

// AuditLog lists a page of audit entries, newest first (at most
// domain.AuditPageMax). Errors: invalid (limit out of range, a cursor that
// names no entry).
func (a *App) AuditLog(ctx context.Context, f domain.AuditFilter) ([]domain.AuditEntry, error) {
	if f.Limit == 0 {
		f.Limit = 10
	}
	if f.Limit < 1 || f.Limit > domain.AuditPageMax {
		return nil, domain.Invalid("Página inválida", map[string]string{"limit": "Use de 1 a 100 itens"})
	}
	if len(f.Cursor) > 100 {
		return nil, domain.Invalid(msgAuditCursor, map[string]string{"cursor": msgAuditCursor})
	}
	var out []domain.AuditEntry
	err := a.db.Read(ctx, func(tx *store.Tx) error {
		var err error
		out, err = tx.Audit(ctx, f)
		return err
	})
	if errors.Is(err, domain.ErrNotFound) {
		return nil, domain.Invalid(msgAuditCursor, map[string]string{"cursor": msgAuditCursor})
	}
	return out, err
}

const msgAuditCursor = "Página inválida: esta entrada do histórico não existe. Recomece da primeira página."

// CheckAdminOperation applies SPEC.md section 5's rule to op, the one gate
// every admin write passes first: a refused operation is audited as failed,
// about data, and its error ('Operação negada: …', forbidden) returned.
func (a *App) CheckAdminOperation(ctx context.Context, p Principal, op domain.AdminOperation, data string) error {
	err := domain.CheckAdminOperation(op)
	if err != nil {
		a.auditFailure(ctx, p, err.(*domain.Error).Message, data)
	}
	return err
}

// auditFailure records a refused admin operation in its own transaction
// (the refused one wrote nothing); a failure to record is logged.
func (a *App) auditFailure(ctx context.Context, p Principal, action, data string) {
	err := a.db.Write(ctx, func(tx *store.Tx) error {
		return tx.AddAudit(ctx, domain.AuditEntry{ID: newID(), Timestamp: a.Now(), AdminUserID: p.UserID,
			Action: action, DataAffected: data, Success: false})
	})
	if err != nil && a.log != nil {
		a.log.ErrorContext(ctx, "audit entry not recorded", "err", err, "action", action)
	}
}

func orEmpty(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
