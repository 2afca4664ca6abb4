package app

import (
	"context"
	"errors"

	"agendo/internal/domain"
	"agendo/internal/store"
)

// Admin settings: the plan configuration, the webhook configuration and the
// help channels, each a JSON setting read with its default, previewed with
// its warnings and saved with an audit line.

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

// SaveHelpSettings saves the help dialog's configuration with its audit
// entry; every owner's help dialog reads it on its next opening. Errors:
// invalid (a website that is not https, a WhatsApp that is not a phone;
// audited as failed, nothing saved).
func (a *App) SaveHelpSettings(ctx context.Context, p Principal, next domain.HelpSettings) (domain.HelpSettings, error) {
	return helpSetting.save(ctx, a, p, next)
}

// settingHelp is the settings key of the help dialog's configuration.
const settingHelp = "help"

// HelpSettings returns the help dialog's configuration, or the defaults.
// Errors: none besides internal.
func (a *App) HelpSettings(ctx context.Context) (domain.HelpSettings, error) {
	return helpSetting.get(ctx, a)
}

// helpSettings reads the help dialog's configuration, or the defaults.
func (a *App) helpSettings(ctx context.Context, tx *store.Tx) (domain.HelpSettings, error) {
	h := domain.DefaultHelpSettings
	err := tx.Setting(ctx, settingHelp, &h)
	if errors.Is(err, domain.ErrNotFound) {
		return domain.DefaultHelpSettings, nil
	}
	return h, err
}
