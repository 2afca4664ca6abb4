package app

import (
	"context"
	"errors"
	"net/url"

	"agendo/internal/domain"
	"agendo/internal/store"
)

// Settings keys of the admin's plan and webhook configurations.
const (
	settingPlanConfig    = "plan_config"
	settingWebhookConfig = "webhook_config"
)

// planConfig returns the admin's plan configuration, or the default.
func (a *App) planConfig(ctx context.Context, tx *store.Tx) (domain.PlanConfig, error) {
	c := domain.DefaultPlanConfig()
	err := tx.Setting(ctx, settingPlanConfig, &c)
	if errors.Is(err, domain.ErrNotFound) {
		return domain.DefaultPlanConfig(), nil
	}
	return c, err
}

// webhookConfig returns the admin's webhook configuration, or the default.
func (a *App) webhookConfig(ctx context.Context, tx *store.Tx) (domain.WebhookConfig, error) {
	var c domain.WebhookConfig
	err := tx.Setting(ctx, settingWebhookConfig, &c)
	if errors.Is(err, domain.ErrNotFound) {
		return domain.DefaultWebhookConfig(), nil
	}
	if err != nil {
		return c, err
	}
	c, _ = domain.CleanWebhookConfig(c) // kinds added since it was saved start on
	return c, nil
}

// checkLimit refuses a new appointment for userID when the plan is held to
// the free limit and the agenda already holds that many (SPEC.md sections
// 4, 8, 9; docs/decisions.md says what counts). customer selects the
// message: the owner is told the limit; a customer is sent to WhatsApp.
func (a *App) checkLimit(ctx context.Context, tx *store.Tx, userID string, customer bool) error {
	full, limit, err := a.atLimit(ctx, tx, userID, true)
	if err != nil || !full {
		return err
	}
	if customer {
		return &domain.Error{Code: domain.CodePlanLimit, Message: domain.MsgStoreLimit}
	}
	return &domain.Error{Code: domain.CodePlanLimit, Message: domain.LimitMessage(limit)}
}

// acceptsBookings is whether userID's store takes a new booking now: what
// checkLimit will answer, read ahead for the public pages.
func (a *App) acceptsBookings(ctx context.Context, tx *store.Tx, userID string) (bool, error) {
	full, _, err := a.atLimit(ctx, tx, userID, false)
	return !full, err
}

// limited is whether userID's plan is held to the free limit now.
func (a *App) limited(ctx context.Context, tx *store.Tx, userID string) (bool, error) {
	plan, err := tx.Plan(ctx, userID)
	if errors.Is(err, domain.ErrNotFound) {
		plan = domain.UserPlan{Type: domain.PlanFree, IsActive: true} // the row is created on first read
	} else if err != nil {
		return false, err
	}
	return domain.Limited(domain.EffectivePlan(plan, a.Now())), nil
}

// atLimit is whether userID's plan is held to the free limit and the
// agenda already holds that many, with the limit. lock takes the free
// limit's lock first, for a writer about to add on the strength of it.
func (a *App) atLimit(ctx context.Context, tx *store.Tx, userID string, lock bool) (bool, int, error) {
	if held, err := a.limited(ctx, tx, userID); err != nil || !held {
		return false, 0, err
	}
	if lock {
		if err := tx.Lock(ctx, lockFreeLimit, userID); err != nil {
			return false, 0, err
		}
	}
	cfg, err := a.planConfig(ctx, tx)
	if err != nil {
		return false, 0, err
	}
	n, err := tx.AppointmentCount(ctx, userID)
	if err != nil {
		return false, 0, err
	}
	return n >= cfg.FreeLimit, cfg.FreeLimit, nil
}

// PlanOverview is everything Planos shows: the caller's plan and usage, both
// plans as the admin configured them, and where to pay or manage the
// subscription.
type PlanOverview struct {
	Plan   domain.UserPlan   `json:"plan"`
	Usage  domain.PlanUsage  `json:"usage"`
	Config domain.PlanConfig `json:"config"`
	// CheckoutURL is the Stripe Payment Link with client_reference_id and
	// prefilled_email; empty when AGENDO_CHECKOUT_URL is not set.
	CheckoutURL string `json:"checkoutUrl"`
	// PortalURL is Stripe's customer portal; empty when not set.
	PortalURL string `json:"portalUrl"`
}

// PlanOverview returns the caller's plan page. Errors: none of its own
// (internal on a database failure).
func (a *App) PlanOverview(ctx context.Context, p Principal) (PlanOverview, error) {
	plan, err := a.Plan(ctx, p)
	if err != nil {
		return PlanOverview{}, err
	}
	out := PlanOverview{Plan: plan, PortalURL: a.cfg.BillingPortalURL}
	err = a.db.Read(ctx, func(tx *store.Tx) error {
		if out.Config, err = a.planConfig(ctx, tx); err != nil {
			return err
		}
		n, err := tx.AppointmentCount(ctx, p.UserID)
		out.Usage = domain.Usage(plan, n, out.Config.FreeLimit)
		return err
	})
	if a.cfg.CheckoutURL != "" {
		out.CheckoutURL = checkoutLink(a.cfg.CheckoutURL, p.UserID, p.Email)
	}
	return out, err
}

// checkoutLink adds the user's id and email to a Stripe Payment Link.
func checkoutLink(base, userID, email string) string {
	u, err := url.Parse(base)
	if err != nil {
		return base
	}
	q := u.Query()
	q.Set("client_reference_id", userID)
	if email != "" {
		q.Set("prefilled_email", email)
	}
	u.RawQuery = q.Encode()
	return u.String()
}

// ContinueFree clears the status reason of a plan that became free when a
// subscription ended, so the owner goes on with the free plan (the type
// never changes from the client). Errors: conflict when the plan is not
// free with such a reason.
func (a *App) ContinueFree(ctx context.Context, p Principal) (domain.UserPlan, error) {
	var plan domain.UserPlan
	err := a.db.Write(ctx, func(tx *store.Tx) error {
		if err := tx.LockPlan(ctx, p.UserID); err != nil {
			return err
		}
		s, err := tx.PlanState(ctx, p.UserID)
		if err != nil {
			return err
		}
		next, ok := domain.ContinueFree(s.UserPlan)
		if !ok {
			return domain.Errorf(domain.CodeConflict, "Seu plano não tem pendências: nada a mudar.")
		}
		s.UserPlan = next
		if err := tx.SavePlanState(ctx, p.UserID, s, a.Now()); err != nil {
			return err
		}
		plan = next
		return tx.AddAudit(ctx, domain.AuditEntry{ID: newID(), Timestamp: a.Now(), AdminUserID: p.UserID,
			Action: "Continuar no plano gratuito", DataAffected: "user_plan:" + p.UserID, Success: true})
	})
	if err != nil {
		return domain.UserPlan{}, err
	}
	a.publish(p.UserID, domain.EventPlanUpdated, p.UserID)
	return plan, nil
}

// ConfigWarnings are the warnings of a configuration change, for the admin
// to confirm before saving.
type ConfigWarnings struct {
	Warnings []string `json:"warnings"`
}

// adminSetting is one of the admin's configurations: its settings key, its
// name in the audit log, and how it is read, checked and warned about.
type adminSetting[T any] struct {
	key, name string
	touches   domain.DataKey // what saving it touches (domain.CheckAdminOperation)
	read      func(a *App, ctx context.Context, tx *store.Tx) (T, error)
	clean     func(T) (T, error)
	warn      func(old, next T) []string
}

var (
	planSetting = adminSetting[domain.PlanConfig]{key: settingPlanConfig, name: "Configuração de planos", touches: domain.KeyPlanConfig,
		read: (*App).planConfig, clean: domain.CleanPlanConfig, warn: domain.PlanConfigWarnings}
	webhookSetting = adminSetting[domain.WebhookConfig]{key: settingWebhookConfig, name: "Configuração de webhooks", touches: domain.KeyWebhookConfig,
		read: (*App).webhookConfig, clean: domain.CleanWebhookConfig, warn: domain.WebhookConfigWarnings}
	helpSetting = adminSetting[domain.HelpSettings]{key: settingHelp, name: "Configuração de ajuda", touches: domain.KeyHelpSettings,
		read: (*App).helpSettings, clean: domain.CleanHelpSettings, warn: func(_, _ domain.HelpSettings) []string { return nil }}
)

func (s adminSetting[T]) get(ctx context.Context, a *App) (T, error) {
	var v T
	err := a.db.Read(ctx, func(tx *store.Tx) error {
		var err error
		v, err = s.read(a, ctx, tx)
		return err
	})
	return v, err
}

// preview checks next and lists its warnings against the saved value.
func (s adminSetting[T]) preview(ctx context.Context, a *App, next T) (ConfigWarnings, error) {
	next, err := s.clean(next)
	if err != nil {
		return ConfigWarnings{}, err
	}
	old, err := s.get(ctx, a)
	return ConfigWarnings{Warnings: orEmpty(s.warn(old, next))}, err
}

// save checks and saves next with its audit entry; a refused value is
// audited as failed.
func (s adminSetting[T]) save(ctx context.Context, a *App, p Principal, next T) (T, error) {
	var zero T
	if err := a.CheckAdminOperation(ctx, p, domain.AdminOperation{Name: s.name, Touches: []domain.DataKey{s.touches}}, s.key); err != nil {
		return zero, err
	}
	next, err := s.clean(next)
	if err != nil {
		a.auditFailure(ctx, p, s.name+" recusada: "+err.(*domain.Error).Message, s.key)
		return zero, err
	}
	err = a.db.Write(ctx, func(tx *store.Tx) error {
		if err := tx.PutSetting(ctx, s.key, next, a.Now()); err != nil {
			return err
		}
		return tx.AddAudit(ctx, domain.AuditEntry{ID: newID(), Timestamp: a.Now(), AdminUserID: p.UserID,
			Action: s.name + " alterada", DataAffected: s.key, Success: true})
	})
	return next, err
}

// PlanConfig returns the admin's plan configuration. Errors: none besides
// internal (the route admits admins only).
func (a *App) PlanConfig(ctx context.Context) (domain.PlanConfig, error) {
	return planSetting.get(ctx, a)
}

// PreviewPlanConfig checks next and lists the SPEC.md section 5 warnings
// against the saved configuration. Errors: invalid (field errors).
func (a *App) PreviewPlanConfig(ctx context.Context, next domain.PlanConfig) (ConfigWarnings, error) {
	return planSetting.preview(ctx, a, next)
}

// SavePlanConfig saves the plan configuration with its audit entry.
// Errors: invalid (field errors; audited as failed).
func (a *App) SavePlanConfig(ctx context.Context, p Principal, next domain.PlanConfig) (domain.PlanConfig, error) {
	return planSetting.save(ctx, a, p, next)
}

// WebhookConfig returns the admin's webhook configuration, with the address
// to register at Stripe. Errors: none besides internal.
func (a *App) WebhookConfig(ctx context.Context) (domain.WebhookSettings, error) {
	c, err := webhookSetting.get(ctx, a)
	return a.webhookSettings(c), err
}

// webhookSettings is c with this server's billing webhook address.
func (a *App) webhookSettings(c domain.WebhookConfig) domain.WebhookSettings {
	return domain.WebhookSettings{WebhookConfig: c, WebhookURL: domain.BillingWebhookURL(a.cfg.BaseURL)}
}

// PreviewWebhookConfig checks next and lists the SPEC.md section 5
// warnings against the saved configuration. Errors: invalid.
func (a *App) PreviewWebhookConfig(ctx context.Context, next domain.WebhookConfig) (ConfigWarnings, error) {
	return webhookSetting.preview(ctx, a, next)
}

// SaveWebhookConfig saves the webhook configuration with its audit entry.
// Errors: invalid (audited as failed).
func (a *App) SaveWebhookConfig(ctx context.Context, p Principal, next domain.WebhookConfig) (domain.WebhookSettings, error) {
	c, err := webhookSetting.save(ctx, a, p, next)
	return a.webhookSettings(c), err
}

// DeliveryPage is a page of the webhook log.
type DeliveryPage struct {
	Items []domain.WebhookDelivery `json:"items"`
	Total int                      `json:"total"`
}

// WebhookDeliveries lists the webhook log, newest first, emails masked.
// Errors: invalid (limit or offset out of range).
func (a *App) WebhookDeliveries(ctx context.Context, f domain.WebhookDeliveryFilter) (DeliveryPage, error) {
	if f.Limit == 0 {
		f.Limit = 50
	}
	if f.Limit < 1 || f.Limit > 100 || f.Offset < 0 {
		return DeliveryPage{}, domain.Invalid("Página inválida", map[string]string{"limit": "Use de 1 a 100 itens por página"})
	}
	var out DeliveryPage
	err := a.db.Read(ctx, func(tx *store.Tx) error {
		var err error
		out.Items, out.Total, err = tx.Deliveries(ctx, f)
		return err
	})
	for i := range out.Items {
		out.Items[i].User = domain.MaskEmail(out.Items[i].User)
	}
	return out, err
}

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

// SaveHelpSettings saves the help dialog's configuration with its audit
// entry; every owner's help dialog reads it on its next opening. Errors:
// invalid (a website that is not https, a WhatsApp that is not a phone;
// audited as failed, nothing saved).
func (a *App) SaveHelpSettings(ctx context.Context, p Principal, next domain.HelpSettings) (domain.HelpSettings, error) {
	return helpSetting.save(ctx, a, p, next)
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
