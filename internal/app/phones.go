package app

import (
	"context"

	"agendo/internal/domain"
	"agendo/internal/store"
)

// Clients' phones and the profissionais (issue 26): unless the store shows
// them (domain.TeamSettings), a profissional is given each client's phone
// masked (domain.MaskedPhone): "(11) 9••••-4321" on screen, and a name of
// the phone that only this server opens. Every use-case that returns a
// client's phone passes it through the caller's phones; every one that
// takes one opens a masked phone first (openPhone), so a profissional
// books, opens a client and sends a WhatsApp message without the number.

// phones is how one caller is shown clients' phones: as stored, or masked
// when seal is set.
type phones struct {
	seal func(e164 string) string
}

// phonesFor reads how p is shown clients' phones: the store's setting,
// read only for a profissional.
func (a *App) phonesFor(ctx context.Context, tx *store.Tx, p Principal) (phones, error) {
	if !domain.OwnScope(p.Role) {
		return phones{}, nil
	}
	s, err := tx.TeamSettings(ctx, p.StoreID)
	if err != nil || s.ProfessionalsSeePhones {
		return phones{}, err
	}
	return phones{seal: func(e164 string) string { return a.tokens.Seal(p.StoreID, e164) }}, nil
}

// phone is a client's phone as the caller sees it. An anonymised client's
// id is no phone, and is shown as it is.
func (v phones) phone(s string) string {
	if v.seal == nil {
		return s
	}
	e164, ok := domain.NormalizePhone(s)
	if !ok {
		return s
	}
	return domain.MaskedPhone(e164, v.seal(e164))
}

// text is a client's phone as a spreadsheet the caller downloads writes it.
func (v phones) text(s string) string {
	if e164, ok := domain.NormalizePhone(s); ok && v.seal != nil {
		return domain.MaskPhone(e164)
	}
	return domain.FormatPhone(s)
}

// hidden reports whether the caller is shown masked phones.
func (v phones) hidden() bool { return v.seal != nil }

func (v phones) appointment(ap *domain.Appointment) { ap.ClientPhone = v.phone(ap.ClientPhone) }

// showPhones masks ap's client phone as p is shown it.
func (a *App) showPhones(ctx context.Context, tx *store.Tx, p Principal, ap *domain.Appointment) error {
	v, err := a.phonesFor(ctx, tx, p)
	v.appointment(ap)
	return err
}

func (v phones) appointments(aps []domain.Appointment) {
	for i := range aps {
		v.appointment(&aps[i])
	}
}

// openPhone is the phone a masked phone of p's store names, or s as it is
// (which a masked phone of another store, or a forged one, then fails to
// be).
func (a *App) openPhone(p Principal, s string) string {
	sealed, ok := domain.SealedPhone(s)
	if !ok {
		return s
	}
	if e164, ok := a.tokens.Open(p.StoreID, sealed); ok {
		return e164
	}
	return s
}

// clientKey is the client a client route's phone names: a phone as typed
// or stored, an anonymised client's id, or a masked phone of p's store.
func (a *App) clientKey(p Principal, phone string) (string, bool) {
	return domain.ClientKey(a.openPhone(p, phone))
}
