package app

import (
	"context"
	"errors"
	"strings"

	"agendo/internal/domain"
	"agendo/internal/store"
)

const msgInvalidPhone = "Informe um telefone brasileiro com DDD, como (11) 91234-5678"

// Profile returns the caller's profile. Errors: none besides internal.
func (a *App) Profile(ctx context.Context, p Principal) (domain.Profile, error) {
	var out domain.Profile
	err := a.db.Read(ctx, func(tx *store.Tx) error {
		var err error
		out, err = tx.Profile(ctx, p.UserID)
		return err
	})
	return out, err
}

// UpdateProfile changes the caller's name, phone or avatar. An empty phone
// or avatar clears it. Errors: invalid (a bad name or phone, an avatar the
// caller did not upload).
func (a *App) UpdateProfile(ctx context.Context, p Principal, u domain.ProfileUpdate) (domain.Profile, error) {
	fields := map[string]string{}
	var name, phone *string
	if u.Name != nil {
		n, ok := domain.CleanName(*u.Name)
		if !ok {
			fields["name"] = "Informe seu nome (até 120 caracteres)"
		}
		name = &n
	}
	if u.Phone != nil {
		ph := strings.TrimSpace(*u.Phone)
		if ph != "" {
			e164, ok := domain.NormalizePhone(ph)
			if !ok {
				fields["phone"] = msgInvalidPhone
			}
			ph = e164
		}
		phone = &ph
	}
	if u.Avatar != nil && *u.Avatar != "" && !validFileRef(*u.Avatar) {
		fields["avatar"] = "Imagem inválida"
	}
	if len(fields) > 0 {
		return domain.Profile{}, domain.Invalid(firstMessage(fields), fields)
	}
	var out domain.Profile
	err := a.db.Write(ctx, func(tx *store.Tx) error {
		cur, err := tx.Profile(ctx, p.UserID)
		if err != nil {
			return err
		}
		if name != nil {
			cur.Name = *name
		}
		if phone != nil {
			cur.Phone = nilIfEmpty(*phone)
		}
		if u.Avatar != nil {
			if err := a.checkOwnFiles(ctx, tx, p.UserID, "avatar", u.Avatar); err != nil {
				return err
			}
			cur.Avatar = nilIfEmpty(*u.Avatar)
		}
		if err := tx.UpdateProfile(ctx, cur, a.Now()); err != nil {
			return err
		}
		out = cur
		return nil
	})
	return out, err
}

// validFileRef accepts a path to a file this server stores (/files/{id}).
func validFileRef(s string) bool {
	id, ok := strings.CutPrefix(s, "/files/")
	if !ok || len(id) != 36 {
		return false
	}
	for _, r := range id {
		if !(r >= '0' && r <= '9' || r >= 'a' && r <= 'f' || r == '-') {
			return false
		}
	}
	return true
}

func nilIfEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// firstMessage picks one field message for the error's summary, stably.
func firstMessage(fields map[string]string) string {
	best := ""
	for k := range fields {
		if best == "" || k < best {
			best = k
		}
	}
	return fields[best]
}

// Store returns the caller's store. Errors: none besides internal.
func (a *App) Store(ctx context.Context, p Principal) (domain.Store, error) {
	var s domain.Store
	err := a.db.Read(ctx, func(tx *store.Tx) error {
		var err error
		s, err = tx.StoreByUser(ctx, p.UserID)
		return err
	})
	if errors.Is(err, domain.ErrNotFound) {
		// Accounts made before stores existed: create the empty row now.
		now := a.Now()
		s = domain.NewStore(newID(), p.UserID, now)
		err = a.db.Write(ctx, func(tx *store.Tx) error {
			if cur, err := tx.StoreByUser(ctx, p.UserID); err == nil {
				s = cur
				return nil
			}
			return tx.CreateStore(ctx, s)
		})
	}
	return s, err
}

// Plan returns the caller's plan, creating the free, active row when none
// exists (SPEC.md section 4). Errors: none besides internal.
func (a *App) Plan(ctx context.Context, p Principal) (domain.UserPlan, error) {
	var plan domain.UserPlan
	err := a.db.Read(ctx, func(tx *store.Tx) error {
		var err error
		plan, err = tx.Plan(ctx, p.UserID)
		return err
	})
	if errors.Is(err, domain.ErrNotFound) {
		err = a.db.Write(ctx, func(tx *store.Tx) error {
			if err := tx.EnsurePlan(ctx, p.UserID, a.Now()); err != nil {
				return err
			}
			var err error
			plan, err = tx.Plan(ctx, p.UserID)
			return err
		})
	}
	return domain.EffectivePlan(plan, a.Now()), err
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
	if first, _ := a.limits.adminRefusals.Allow(p.UserID+" "+route, a.Now()); first {
		a.auditFailure(ctx, p, msgAdminRouteRefused, "admin_route:"+route)
	}
	return domain.ErrForbidden
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
