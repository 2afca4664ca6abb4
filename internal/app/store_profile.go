package app

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"time"

	"agendo/internal/domain"
	"agendo/internal/store"
)

// The store profile: the owner's salon as its public page shows it — name,
// slug, contacts, hours, booking flow, payment settings and Pix key.

// StoreInput is what an owner sets on the store profile (a full replace).
type StoreInput struct {
	Name            string                 `json:"name" max:"text"`
	Description     string                 `json:"description" max:"description"`
	Phone           string                 `json:"phone"`
	Address         string                 `json:"address" max:"address"`
	Logo            *string                `json:"logo"`
	BookingFlow     string                 `json:"bookingFlow" enum:"bookingFlow"`
	HeroGradient    string                 `json:"heroGradient"`
	WorkingHours    domain.WorkingHours    `json:"workingHours"`
	SocialMedia     domain.SocialMedia     `json:"socialMedia"`
	PaymentSettings domain.PaymentSettings `json:"paymentSettings"`
	TimeZone        string                 `json:"timeZone"`
	MinNoticeMin    int                    `json:"minNoticeMin" max:"minNoticeMin"`
	HorizonDays     int                    `json:"horizonDays" max:"horizonDays"`
}

// UpdateStore validates and saves the caller's store profile. The slug
// follows the name (DESIGN.md section 1), made unique with -2, -3 …. Errors:
// invalid (a bad field, a logo the caller did not upload), conflict (no free
// address for the name, or another store took it meanwhile).
func (a *App) UpdateStore(ctx context.Context, p Principal, in StoreInput) (domain.Store, error) {
	pr := domain.Problems{}
	name, ok := domain.CleanText(in.Name, domain.MaxTextLen)
	if !ok {
		pr.Add("name", "Use um nome de loja com até 120 caracteres visíveis")
	}
	desc, ok := domain.CleanText(in.Description, domain.MaxDescriptionLen)
	if !ok {
		pr.Add("description", fmt.Sprintf("A descrição pode ter até %d caracteres", domain.MaxDescriptionLen))
	}
	phone := strings.TrimSpace(in.Phone)
	if phone != "" {
		if e, ok := domain.NormalizePhone(phone); ok {
			phone = e
		} else {
			pr.Add("phone", msgInvalidPhone)
		}
	}
	addr, ok := domain.CleanText(in.Address, domain.MaxAddressLen)
	if !ok {
		pr.Add("address", fmt.Sprintf("O endereço pode ter até %d caracteres", domain.MaxAddressLen))
	}
	if !slices.Contains(domain.BookingFlows, in.BookingFlow) {
		pr.Add("bookingFlow", "Escolha a ordem do agendamento: serviço primeiro ou profissional primeiro")
	}
	if !domain.ValidHeroGradient(in.HeroGradient) {
		pr.Add("heroGradient", "Escolha um degradê válido")
	}
	domain.CheckWorkingHours(in.WorkingHours, "workingHours", pr)
	social := checkSocial(in.SocialMedia, pr)
	pay := checkPayment(in.PaymentSettings, pr)
	if _, err := time.LoadLocation(in.TimeZone); in.TimeZone == "" || err != nil || !strings.Contains(in.TimeZone, "/") {
		pr.Add("timeZone", "Escolha um fuso horário válido")
	}
	if in.MinNoticeMin < 0 || in.MinNoticeMin > domain.MaxMinNoticeMin {
		pr.Add("minNoticeMin", fmt.Sprintf("A antecedência mínima deve ficar entre 0 e %d minutos (%d dias)", domain.MaxMinNoticeMin, domain.MaxMinNoticeMin/(24*60)))
	}
	if in.HorizonDays < 1 || in.HorizonDays > domain.MaxHorizonDays {
		pr.Add("horizonDays", fmt.Sprintf("O horizonte de agendamento deve ficar entre 1 e %d dias", domain.MaxHorizonDays))
	}
	if in.Logo != nil && *in.Logo != "" && !validFileRef(*in.Logo) {
		pr.Add("logo", "Imagem inválida")
	}
	if err := pr.Err(); err != nil {
		return domain.Store{}, err
	}
	var out domain.Store
	err := a.db.Write(ctx, func(tx *store.Tx) error {
		cur, err := tx.StoreByUser(ctx, p.StoreID)
		if errors.Is(err, domain.ErrNotFound) {
			cur = domain.NewStore(newID(), p.StoreID, a.Now())
			err = tx.CreateStore(ctx, cur)
		}
		if err != nil {
			return err
		}
		if err := a.checkOwnFiles(ctx, tx, p.StoreID, "logo", in.Logo); err != nil {
			return err
		}
		slug, err := a.uniqueSlug(ctx, tx, name, cur)
		if err != nil {
			return err
		}
		cur.Name, cur.Description, cur.Phone, cur.Address = name, desc, phone, addr
		cur.Logo = nilIfEmptyPtr(in.Logo)
		cur.BookingFlow, cur.HeroGradient, cur.WorkingHours = in.BookingFlow, in.HeroGradient, in.WorkingHours
		cur.SocialMedia, cur.PaymentSettings = social, pay
		cur.TimeZone, cur.MinNoticeMin, cur.HorizonDays = in.TimeZone, in.MinNoticeMin, in.HorizonDays
		cur.Slug = slug
		cur.UpdatedAt = a.Now()
		if err := tx.UpdateStore(ctx, cur); err != nil {
			return err
		}
		out = cur
		return nil
	})
	return out, err
}

func (a *App) uniqueSlug(ctx context.Context, tx *store.Tx, name string, cur domain.Store) (*string, error) {
	if name == "" {
		return nil, nil
	}
	base := domain.Slugify(name)
	if base == "" {
		base = "loja"
	}
	if cur.Slug != nil && (*cur.Slug == base || strings.HasPrefix(*cur.Slug, base+"-") && isSuffixNumber(strings.TrimPrefix(*cur.Slug, base+"-"))) {
		return cur.Slug, nil // same name: keep the address people already have
	}
	for i := 1; i < 1000; i++ {
		slug := base
		if i > 1 {
			slug = fmt.Sprintf("%s-%d", base, i)
		}
		taken, err := tx.SlugTaken(ctx, slug, cur.ID)
		if err != nil {
			return nil, err
		}
		if !taken {
			return &slug, nil
		}
	}
	return nil, domain.Errorf(domain.CodeConflict, "Não foi possível criar um endereço para esta loja; tente outro nome")
}

func isSuffixNumber(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

func checkSocial(s domain.SocialMedia, pr domain.Problems) domain.SocialMedia {
	ig := strings.TrimSpace(s.Instagram)
	if ig != "" {
		ig = strings.TrimPrefix(strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(ig, "https://"), "www."), "/"), "instagram.com/")
		ig = strings.TrimPrefix(ig, "@")
		if ok, _ := regexp.MatchString(`^[A-Za-z0-9._]{1,30}$`, ig); !ok {
			pr.Add("socialMedia.instagram", "Informe o usuário do Instagram, como @salaobela")
		}
	}
	fb := strings.TrimSpace(s.Facebook)
	if fb != "" {
		if !strings.Contains(fb, "://") {
			fb = "https://" + fb
		}
		u, err := url.Parse(fb)
		if err != nil || u.Scheme != "https" || !(u.Host == "facebook.com" || strings.HasSuffix(u.Host, ".facebook.com")) || len(fb) > 200 {
			pr.Add("socialMedia.facebook", "Informe o endereço da página no Facebook, como facebook.com/salaobela")
		}
	}
	wa := strings.TrimSpace(s.Whatsapp)
	if wa != "" {
		if e, ok := domain.NormalizePhone(wa); ok {
			wa = e
		} else {
			pr.Add("socialMedia.whatsapp", msgInvalidPhone)
		}
	}
	return domain.SocialMedia{Instagram: ig, Facebook: fb, Whatsapp: wa}
}

func checkPayment(p domain.PaymentSettings, pr domain.Problems) domain.PaymentSettings {
	out := domain.PaymentSettings{AcceptedMethods: []string{}}
	for _, m := range p.AcceptedMethods {
		if !slices.Contains(domain.StorePaymentMethods, m) {
			pr.Add("paymentSettings.acceptedMethods", "Forma de pagamento desconhecida")
		} else if !slices.Contains(out.AcceptedMethods, m) {
			out.AcceptedMethods = append(out.AcceptedMethods, m)
		}
	}
	if !slices.Contains(out.AcceptedMethods, "pix") {
		return out
	}
	key := strings.TrimSpace(p.PixKey)
	switch {
	case key == "":
		pr.Add("paymentSettings.pixKey", "Informe a chave Pix")
	case !slices.Contains(domain.PixKeyTypes, p.PixKeyType):
		pr.Add("paymentSettings.pixKeyType", "Escolha o tipo da chave Pix")
	case !validPixKey(p.PixKeyType, key):
		pr.Add("paymentSettings.pixKey", "A chave Pix não corresponde ao tipo escolhido")
	}
	name, ok := domain.CleanText(p.PixReceiverName, domain.MaxPixReceiverLen)
	if !ok || name == "" {
		pr.Add("paymentSettings.pixReceiverName", fmt.Sprintf("Informe o nome do recebedor (até %d caracteres)", domain.MaxPixReceiverLen))
	}
	city, ok := domain.CleanText(p.PixCity, domain.MaxPixCityLen)
	if !ok || city == "" {
		pr.Add("paymentSettings.pixCity", fmt.Sprintf("Informe a cidade do recebedor (até %d caracteres)", domain.MaxPixCityLen))
	}
	out.PixKey, out.PixKeyType, out.PixReceiverName, out.PixCity = normalizePixKey(p.PixKeyType, key), p.PixKeyType, name, city
	return out
}

func validPixKey(kind, key string) bool {
	switch kind {
	case "cpf":
		return len(digits(key)) == 11
	case "cnpj":
		return len(digits(key)) == 14
	case "email":
		_, ok := domain.NormalizeEmail(key)
		return ok && len(key) <= domain.MaxPixKeyLen
	case "phone":
		_, ok := domain.NormalizePhone(key)
		return ok
	case "random":
		ok, _ := regexp.MatchString(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`, key)
		return ok
	}
	return false
}

func normalizePixKey(kind, key string) string {
	switch kind {
	case "cpf", "cnpj":
		return digits(key)
	case "email":
		e, _ := domain.NormalizeEmail(key)
		return e
	case "phone":
		e, _ := domain.NormalizePhone(key)
		return e
	case "random":
		return strings.ToLower(key)
	}
	return key
}

// Store returns the caller's store. Errors: none besides internal.
func (a *App) Store(ctx context.Context, p Principal) (domain.Store, error) {
	var s domain.Store
	err := a.db.Read(ctx, func(tx *store.Tx) error {
		var err error
		s, err = tx.StoreByUser(ctx, p.StoreID)
		return err
	})
	if errors.Is(err, domain.ErrNotFound) {
		// Accounts made before stores existed: create the empty row now.
		now := a.Now()
		s = domain.NewStore(newID(), p.StoreID, now)
		err = a.db.Write(ctx, func(tx *store.Tx) error {
			if cur, err := tx.StoreByUser(ctx, p.StoreID); err == nil {
				s = cur
				return nil
			}
			return tx.CreateStore(ctx, s)
		})
	}
	return s, err
}
