package app

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"agendo/internal/domain"
	"agendo/internal/mail"
	"agendo/internal/realtime"
	"agendo/internal/store"
)

// The platform admin's accounts (Admin Clientes): every account with the
// summaries' figures, and the actions on an account — a password-reset
// email, lock and unlock, Premium granted by hand — each with a required
// reason, under SPEC.md section 5's rule and audited. No impersonation, and
// never a salon's clients.

// AccountPage is a page of accounts, newest first.
type AccountPage struct {
	Items []domain.Account `json:"items"`
	Total int              `json:"total"`
}

// AccountDetail is one account with its usage against the free limit and
// its plan history (the applied billing events, newest first).
type AccountDetail struct {
	Account     domain.Account     `json:"account"`
	Usage       domain.PlanUsage   `json:"usage"`
	PlanHistory []domain.PlanEvent `json:"planHistory"`
}

// AccountActionInput is an admin action on an account: why.
type AccountActionInput struct {
	Reason string `json:"reason" example:"Pedido da dona por telefone em 24/11" max:"adminReason"`
}

// GrantPremiumInput grants Premium until a day (inclusive), and says why.
type GrantPremiumInput struct {
	Reason string `json:"reason" example:"Cortesia pela indicação de três salões" max:"adminReason"`
	Until  string `json:"until" example:"2026-12-31" doc:"o último dia de Premium (aaaa-mm-dd)"`
}

// planHistoryShown is how many billing events an account's detail lists.
const planHistoryShown = 50

// last30 is the period of the accounts' "last 30 days": today and the 29
// days before, in Agendo's default time zone.
func (a *App) last30() (from, to string) {
	loc, err := time.LoadLocation(domain.DefaultTimeZone)
	if err != nil {
		loc = time.UTC
	}
	today := a.Now().In(loc)
	return today.AddDate(0, 0, -29).Format(time.DateOnly), today.Format(time.DateOnly)
}

// Accounts lists a page of accounts. Errors: invalid (a page or plan out of
// range).
func (a *App) Accounts(ctx context.Context, f domain.AccountFilter) (AccountPage, error) {
	if f.Limit == 0 {
		f.Limit = 20
	}
	if f.Limit < 1 || f.Limit > 100 || f.Offset < 0 {
		return AccountPage{}, domain.Invalid("Página inválida", map[string]string{"limit": "Use de 1 a 100 itens por página"})
	}
	if f.Plan != "" && f.Plan != domain.PlanFree && f.Plan != domain.PlanPremium {
		return AccountPage{}, domain.Invalid("Plano inválido", map[string]string{"plan": "Escolha free ou premium"})
	}
	if len([]rune(f.Search)) > 100 {
		return AccountPage{}, domain.Invalid("Busca longa demais", map[string]string{"q": "Busque com até 100 caracteres"})
	}
	from, to := a.last30()
	var out AccountPage
	err := a.db.Read(ctx, func(tx *store.Tx) error {
		var err error
		out.Items, out.Total, err = tx.Accounts(ctx, f, from, to, a.Now())
		return err
	})
	for i := range out.Items {
		out.Items[i].Plan = domain.EffectivePlan(out.Items[i].Plan, a.Now())
	}
	return out, err
}

// Account returns one account's detail. Errors: not_found.
func (a *App) Account(ctx context.Context, id string) (AccountDetail, error) {
	var out AccountDetail
	err := a.db.Read(ctx, func(tx *store.Tx) error {
		var err error
		out, err = a.accountDetail(ctx, tx, id)
		return err
	})
	return out, err
}

func (a *App) accountDetail(ctx context.Context, tx *store.Tx, id string) (AccountDetail, error) {
	from, to := a.last30()
	acc, err := tx.Account(ctx, id, from, to)
	if err != nil {
		return AccountDetail{}, err
	}
	acc.Plan = domain.EffectivePlan(acc.Plan, a.Now())
	cfg, err := a.planConfig(ctx, tx)
	if err != nil {
		return AccountDetail{}, err
	}
	history, err := tx.PlanHistory(ctx, id, planHistoryShown)
	if err != nil {
		return AccountDetail{}, err
	}
	for i, e := range history {
		if e.Type == domain.BillingAdminGrant {
			var g grantRecord
			if json.Unmarshal([]byte(e.Note), &g) == nil {
				history[i].Note = "Premium até " + g.Until + " — " + g.Reason
			}
		}
	}
	return AccountDetail{Account: acc, Usage: domain.Usage(acc.Plan, acc.Appointments, cfg.FreeLimit), PlanHistory: history}, nil
}

// grantRecord is the payload of the billing event a grant records.
type grantRecord struct {
	Until       string `json:"until"`
	Reason      string `json:"reason"`
	AdminUserID string `json:"adminUserId"`
}

// accountAction runs one admin action on account id: the reason is
// required, the operation must pass SPEC.md section 5's rule, and do runs
// in one transaction with the audit entry. A refused action — one on an
// unknown account too — is audited as failed and changes nothing. It answers the account's detail as it is
// after the action.
func (a *App) accountAction(ctx context.Context, p Principal, id, name string, reason string,
	check func() error, do func(tx *store.Tx, reason string) error) (AccountDetail, error) {
	data := "account:" + id
	op := domain.AdminOperation{Name: name, Touches: []domain.DataKey{domain.KeyAccounts}}
	if err := a.CheckAdminOperation(ctx, p, op, data); err != nil {
		return AccountDetail{}, err
	}
	reason, err := domain.CleanReason(reason)
	if err == nil && check != nil {
		err = check()
	}
	if err != nil {
		if de := (*domain.Error)(nil); errors.As(err, &de) {
			a.auditFailure(ctx, p, name+" recusada: "+de.Message, data)
		}
		return AccountDetail{}, err
	}
	var out AccountDetail
	err = a.db.Write(ctx, func(tx *store.Tx) error {
		if _, err := tx.Account(ctx, id, "", ""); err != nil {
			return err
		}
		if err := do(tx, reason); err != nil {
			return err
		}
		if err := tx.AddAudit(ctx, domain.AuditEntry{ID: newID(), Timestamp: a.Now(), AdminUserID: p.UserID,
			Action: name + " — motivo: " + reason, DataAffected: data, Success: true}); err != nil {
			return err
		}
		out, err = a.accountDetail(ctx, tx, id)
		return err
	})
	if errors.Is(err, domain.ErrNotFound) {
		// No such account: nothing was written, and the attempt is on
		// record about the id as the admin gave it.
		a.auditFailure(ctx, p, name+" recusada: conta não encontrada", data)
	}
	return out, err
}

// SendAccountPasswordReset emails the account the recovery flow's link.
// Errors: invalid (no reason), not_found.
func (a *App) SendAccountPasswordReset(ctx context.Context, p Principal, id string, in AccountActionInput) (AccountDetail, error) {
	var msg mail.Message
	out, err := a.accountAction(ctx, p, id, "Email de redefinição de senha enviado", in.Reason, nil, func(tx *store.Tx, _ string) error {
		u, _, err := tx.User(ctx, id)
		if err != nil {
			return err
		}
		msg, err = a.recoveryMail(ctx, tx, u, a.Now())
		return err
	})
	if err != nil {
		return AccountDetail{}, err
	}
	if err := a.mailer.Send(ctx, msg); err != nil {
		a.log.ErrorContext(ctx, "password reset email of an admin failed", "err", redactEmails(err.Error()))
		return AccountDetail{}, domain.Errorf(domain.CodeInternal, "O email não pôde ser enviado agora. Tente novamente em alguns minutos.")
	}
	return out, nil
}

// LockAccount locks an account and ends its sessions: it cannot sign in
// or refresh until unlocked. Errors: invalid (no reason, one's own
// account), not_found.
func (a *App) LockAccount(ctx context.Context, p Principal, id string, in AccountActionInput) (AccountDetail, error) {
	selfCheck := func() error {
		if id == p.UserID {
			return domain.Invalid(domain.MsgLockSelf, nil)
		}
		return nil
	}
	out, err := a.accountAction(ctx, p, id, "Conta bloqueada", in.Reason, selfCheck, func(tx *store.Tx, reason string) error {
		return tx.LockUser(ctx, id, reason, a.Now())
	})
	if err == nil {
		a.endStreams(id, realtime.Ended{})
	}
	return out, err
}

// UnlockAccount unlocks an account. Errors: invalid (no reason), not_found.
func (a *App) UnlockAccount(ctx context.Context, p Principal, id string, in AccountActionInput) (AccountDetail, error) {
	return a.accountAction(ctx, p, id, "Conta desbloqueada", in.Reason, nil, func(tx *store.Tx, _ string) error {
		return tx.UnlockUser(ctx, id, a.Now())
	})
}

// GrantPremium makes an account Premium until the end of a day, over the
// billing webhook's state (domain.EffectivePlan), recorded as an applied
// billing event of the account and audited. Errors: invalid (no reason, a
// day not after today or too far), not_found.
func (a *App) GrantPremium(ctx context.Context, p Principal, id string, in GrantPremiumInput) (AccountDetail, error) {
	loc, err := time.LoadLocation(domain.DefaultTimeZone)
	if err != nil {
		loc = time.UTC
	}
	var until time.Time
	check := func() error {
		var err error
		until, err = domain.GrantEnd(in.Until, a.Now(), loc)
		return err
	}
	out, err := a.accountAction(ctx, p, id, "Premium concedido até "+in.Until, in.Reason, check, func(tx *store.Tx, reason string) error {
		now := a.Now()
		if err := tx.GrantPremium(ctx, id, until, now); err != nil {
			return err
		}
		payload, err := json.Marshal(grantRecord{Until: until.AddDate(0, 0, -1).Format("02/01/2006"), Reason: reason, AdminUserID: p.UserID})
		if err != nil {
			return err
		}
		_, err = tx.ClaimDelivery(ctx, store.Delivery{ID: newID(), Type: domain.BillingAdminGrant, UserID: id,
			Result: domain.WebhookApplied, Payload: string(payload), EventAt: &now, ReceivedAt: now})
		return err
	})
	if err == nil {
		a.publish(id, domain.EventPlanUpdated, id)
	}
	return out, err
}

// IsAdmin reports whether the caller has the admin role. Errors: none
// besides internal.
func (a *App) IsAdmin(ctx context.Context, p Principal) (bool, error) {
	var ok bool
	err := a.db.Read(ctx, func(tx *store.Tx) error {
		var err error
		ok, err = tx.HasRole(ctx, p.UserID, domain.RoleAdmin)
		return err
	})
	return ok, err
}

// RequireAdmin lets only admins through to an admin route (method and
// pattern, e.g. "GET /api/v1/admin/audit"). Anyone else is refused, and the
// refusal is audited as failed — the user's id, the route, the time,
// nothing more — at most once a minute for each user and route (per
// instance), so a non-admin cannot fill the log. Errors: forbidden.
func (a *App) RequireAdmin(ctx context.Context, p Principal, route string) error {
	ok, err := a.IsAdmin(ctx, p)
	if err != nil || ok {
		return err
	}
	return a.refuse(ctx, p, route, msgAdminRouteRefused, "admin_route:"+route)
}

const msgAdminRouteRefused = "Acesso negado: rota de administrador pedida por uma conta sem permissão"

// GrantAdmin gives the account with email the admin role.
func (a *App) GrantAdmin(ctx context.Context, email string) error {
	email, ok := domain.NormalizeEmail(email)
	if !ok {
		return domain.Invalid(msgInvalidEmail, nil)
	}
	return a.db.Write(ctx, func(tx *store.Tx) error {
		u, _, err := tx.Credentials(ctx, email)
		if errors.Is(err, domain.ErrNotFound) {
			return domain.Errorf(domain.CodeNotFound, "Nenhuma conta com o email %s", email)
		}
		if err != nil {
			return err
		}
		return tx.GrantRole(ctx, u.ID, domain.RoleAdmin, a.Now())
	})
}

// GrantConfiguredAdmins grants the admin role to every existing account
// listed in AGENDO_ADMIN_EMAILS (those not yet signed up get it at sign-up).
func (a *App) GrantConfiguredAdmins(ctx context.Context) error {
	for _, e := range a.cfg.AdminEmails {
		if err := a.GrantAdmin(ctx, e); err != nil && domain.ErrorCode(err) != domain.CodeNotFound {
			return err
		}
	}
	return nil
}
