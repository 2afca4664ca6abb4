package app

import (
	"context"
	"errors"
	"slices"

	"agendo/internal/domain"
	"agendo/internal/store"
)

// ClientConsent is a client's marketing consent: their current choice, the
// words the store asks with now, and every consent given or withdrawn.
type ClientConsent struct {
	Granted     bool             `json:"granted" doc:"A escolha mais recente do cliente; sem registro, false"`
	Text        string           `json:"text" doc:"O texto do consentimento, na versão atual"`
	TextVersion string           `json:"textVersion"`
	History     []domain.Consent `json:"history" doc:"Do mais antigo ao mais recente"`
}

// consentRecord is one consent of phone at the store of userID, with the
// words of the current version.
func (a *App) consentRecord(ctx context.Context, tx *store.Tx, userID, phone string, granted bool, source string) (domain.Consent, error) {
	st, err := tx.StoreByUser(ctx, userID)
	if err != nil && !errors.Is(err, domain.ErrNotFound) {
		return domain.Consent{}, err
	}
	text := domain.ConsentText(st.Name)
	if !granted {
		text = domain.WithdrawalText(st.Name)
	}
	c := domain.Consent{ID: newID(), ClientPhone: phone, Granted: granted, Source: source,
		TextVersion: domain.ConsentTextVersion, Text: text, CreatedAt: a.Now()}
	return c, tx.AddConsent(ctx, userID, c)
}

// clientConsent reads a client's consent in tx.
func clientConsent(ctx context.Context, tx *store.Tx, userID, phone string) (ClientConsent, error) {
	st, err := tx.StoreByUser(ctx, userID)
	if err != nil && !errors.Is(err, domain.ErrNotFound) {
		return ClientConsent{}, err
	}
	out := ClientConsent{Text: domain.ConsentText(st.Name), TextVersion: domain.ConsentTextVersion}
	out.History, err = tx.ClientConsents(ctx, userID, phone)
	if n := len(out.History); n > 0 {
		out.Granted = out.History[n-1].Granted
	}
	return out, err
}

// ClientConsent returns a client's marketing consent. Errors: not_found (a
// phone with no appointment).
func (a *App) ClientConsent(ctx context.Context, p Principal, phone string) (ClientConsent, error) {
	key, ok := a.clientKey(p, phone)
	if !ok {
		return ClientConsent{}, msgNoClient
	}
	var out ClientConsent
	err := a.db.Read(ctx, func(tx *store.Tx) error {
		if _, err := tx.ClientSummary(ctx, p.StoreID, key); err != nil {
			if errors.Is(err, domain.ErrNotFound) {
				return msgNoClient
			}
			return err
		}
		if err := servedBy(ctx, tx, p, key); errors.Is(err, domain.ErrNotFound) {
			return msgNoClient
		} else if err != nil {
			return err
		}
		var err error
		if out, err = clientConsent(ctx, tx, p.StoreID, key); err != nil {
			return err
		}
		v, err := a.phonesFor(ctx, tx, p)
		for i := range out.History {
			out.History[i].ClientPhone = v.phone(out.History[i].ClientPhone)
		}
		return err
	})
	return out, err
}

// RecordConsent records a consent the client gave or withdrew in person or
// on WhatsApp ('SAIR'). Errors: invalid (another source, an anonymised
// client), not_found (a phone with no appointment).
func (a *App) RecordConsent(ctx context.Context, p Principal, phone string, in domain.ConsentInput) (ClientConsent, error) {
	if !slices.Contains(domain.OwnerConsentSources, in.Source) {
		return ClientConsent{}, domain.Invalid("Diga onde o cliente respondeu: pessoalmente (in_person) ou pelo WhatsApp (whatsapp)",
			map[string]string{"source": "Use in_person ou whatsapp"})
	}
	phone = a.openPhone(p, phone)
	if domain.IsAnonymousPhone(phone) {
		return ClientConsent{}, domain.Invalid("Este cliente foi anonimizado: não há telefone para contatar", nil)
	}
	key, ok := domain.NormalizePhone(phone)
	if !ok {
		return ClientConsent{}, msgNoClient
	}
	var out ClientConsent
	err := a.db.Write(ctx, func(tx *store.Tx) error {
		if _, err := tx.ClientSummary(ctx, p.StoreID, key); err != nil {
			if errors.Is(err, domain.ErrNotFound) {
				return msgNoClient
			}
			return err
		}
		if err := servedBy(ctx, tx, p, key); errors.Is(err, domain.ErrNotFound) {
			return msgNoClient
		} else if err != nil {
			return err
		}
		if _, err := a.consentRecord(ctx, tx, p.StoreID, key, in.Granted, in.Source); err != nil {
			return err
		}
		var err error
		if out, err = clientConsent(ctx, tx, p.StoreID, key); err != nil {
			return err
		}
		v, err := a.phonesFor(ctx, tx, p)
		for i := range out.History {
			out.History[i].ClientPhone = v.phone(out.History[i].ClientPhone)
		}
		return err
	})
	if err == nil {
		a.publish(p.StoreID, domain.EventClientUpdated, key)
	}
	return out, err
}
