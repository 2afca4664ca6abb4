package app

import (
	"context"
	"strings"

	"agendo/internal/domain"
	"agendo/internal/store"
)

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
