package app

import (
	"context"

	"agendo/internal/domain"
	"agendo/internal/store"
)

// Authorize lets p through to a route (method and pattern, e.g. "GET
// /api/v1/reports") that needs permission: p's role in the store must grant
// it (domain.RolePermissions). A refusal is audited as failed — who, the
// route and the role, nothing more — at most once a minute for each person
// and route (per instance), so a member cannot fill the log. Errors:
// forbidden ('Operação não autorizada por questões de segurança').
func (a *App) Authorize(ctx context.Context, p Principal, permission, route string) error {
	if domain.Can(p.Role, permission) {
		return nil
	}
	// A route that checks the session in its own read (p unchecked) would
	// refuse an ended session with 401: so does its refusal.
	if p.unchecked {
		if err := a.db.Read(ctx, func(tx *store.Tx) error { return checkSession(ctx, tx, p) }); err != nil {
			return err
		}
	}
	return a.refuse(ctx, p, route, msgRouteRefused, "route:"+route+" role:"+p.Role)
}

const msgRouteRefused = "Acesso negado: a função do membro não permite esta ação"

// refuse answers forbidden to p's request for route, auditing the refusal
// (action, about data) at most once a minute for each person and route.
func (a *App) refuse(ctx context.Context, p Principal, route, action, data string) error {
	if first, _ := a.limits.routeRefusals.Allow(p.UserID+" "+route, a.Now()); first {
		a.auditFailure(ctx, p, action, data)
	}
	return domain.ErrForbidden
}
