package domain

import (
	"cmp"
	"slices"
	"time"
)

// Promotion types (SPEC.md "Promotion"): a card stamped by visits, or one
// filled by what the client spends.
const (
	PromotionCount = "count"
	PromotionValue = "value"
)

// PromotionTypes lists the promotion types.
var PromotionTypes = []string{PromotionCount, PromotionValue}

// Bounds of a promotion's fields.
const (
	MaxPromotionName   = 80
	MaxRewardLen       = 80
	MaxTargetCount     = 1000
	MaxRewardValidDays = 365
)

// Promotion is a loyalty card: "10 cortes = 1 escova grátis" (count, with
// the service whose visits count) or "R$ 500 gastos = hidratação" (value).
// Visits count between StartDate and EndDate when they are set; a reward
// earned stays valid ValidDays days (0: until used).
type Promotion struct {
	ID          string    `json:"id" format:"uuid"`
	Name        string    `json:"name"`
	Type        string    `json:"type" enum:"promotionType"`
	TargetCount int       `json:"targetCount" doc:"Visitas que ganham o prêmio (tipo count)"`
	TargetValue int64     `json:"targetValue" doc:"Centavos gastos que ganham o prêmio (tipo value)"`
	ServiceID   *string   `json:"serviceId" format:"uuid" doc:"Só as visitas deste serviço contam (tipo count)"`
	Reward      string    `json:"reward"`
	StartDate   *string   `json:"startDate" format:"date"`
	EndDate     *string   `json:"endDate" format:"date"`
	ValidDays   int       `json:"validDays" doc:"Dias que o prêmio vale depois de ganho; 0: até ser usado"`
	IsActive    bool      `json:"isActive"`
	CreatedAt   time.Time `json:"createdAt"`
}

// PromotionInput is what an owner sets on a promotion. IsActive left out
// is true.
type PromotionInput struct {
	Name        string  `json:"name" max:"promotionName"`
	Type        string  `json:"type" enum:"promotionType"`
	TargetCount int     `json:"targetCount,omitempty" max:"targetCount"`
	TargetValue int64   `json:"targetValue,omitempty"`
	ServiceID   *string `json:"serviceId,omitempty" format:"uuid"`
	Reward      string  `json:"reward" max:"reward"`
	StartDate   *string `json:"startDate,omitempty" format:"date"`
	EndDate     *string `json:"endDate,omitempty" format:"date"`
	ValidDays   int     `json:"validDays,omitempty" max:"rewardValidDays"`
	IsActive    *bool   `json:"isActive,omitempty"`
}

// CleanPromotion checks an owner's promotion and returns it cleaned; the
// service, when given, is checked against the owner's catalogue by the
// caller. A count promotion keeps no value and a value one no count or
// service.
func CleanPromotion(in PromotionInput) (Promotion, error) {
	p := Problems{}
	var out Promotion
	var ok bool
	if out.Name, ok = CleanText(in.Name, MaxPromotionName); !ok || out.Name == "" {
		p.Add("name", "Dê um nome à promoção (até 80 caracteres)")
	}
	if out.Reward, ok = CleanText(in.Reward, MaxRewardLen); !ok || out.Reward == "" {
		p.Add("reward", "Diga qual é o prêmio, por exemplo: Escova grátis (até 80 caracteres)")
	}
	out.Type = in.Type
	switch in.Type {
	case PromotionCount:
		if in.TargetCount < 1 || in.TargetCount > MaxTargetCount {
			p.Add("targetCount", "Informe de 1 a 1.000 visitas para ganhar o prêmio")
		}
		out.TargetCount = in.TargetCount
		if in.ServiceID != nil && *in.ServiceID != "" {
			id := *in.ServiceID
			out.ServiceID = &id
		}
	case PromotionValue:
		if in.TargetValue < 1 || in.TargetValue > MaxPriceCents*10 {
			p.Add("targetValue", "Informe quanto o cliente precisa gastar, de R$ 0,01 a R$ 1.000.000,00")
		}
		out.TargetValue = in.TargetValue
	default:
		p.Add("type", "Escolha o tipo: por visitas (count) ou por valor gasto (value)")
	}
	for _, d := range []struct {
		field string
		v     *string
		into  **string
	}{{"startDate", in.StartDate, &out.StartDate}, {"endDate", in.EndDate, &out.EndDate}} {
		if d.v == nil || *d.v == "" {
			continue
		}
		if !ValidDate(*d.v) {
			p.Add(d.field, "Use uma data válida (AAAA-MM-DD)")
			continue
		}
		v := *d.v
		*d.into = &v
	}
	if out.StartDate != nil && out.EndDate != nil && *out.EndDate < *out.StartDate {
		p.Add("endDate", "O fim da promoção não pode ser antes do início")
	}
	if in.ValidDays < 0 || in.ValidDays > MaxRewardValidDays {
		p.Add("validDays", "O prêmio vale de 0 (até ser usado) a 365 dias")
	}
	out.ValidDays = in.ValidDays
	out.IsActive = in.IsActive == nil || *in.IsActive
	return out, p.Err()
}

// Visit is what eligibility reads of one appointment.
type Visit struct {
	Phone     string // normalised (E.164)
	Name      string
	ServiceID string
	Date      string // YYYY-MM-DD
	Time      string // HH:MM
	Status    string
	Price     int64 // cents; 0 when the appointment has none
}

// at is the visit's moment as it sorts: "YYYY-MM-DD HH:MM".
func (v Visit) at() string { return v.Date + " " + v.Time }

// Progress is one client's card for one promotion: the visits and the
// amount that count (since their last redemption of it), whether they have
// earned the reward, and what is missing when not.
type Progress struct {
	Phone        string `json:"phone"`
	Name         string `json:"name"`
	Appointments int    `json:"appointments" doc:"Visitas que contam para este cartão"`
	Value        int64  `json:"value" doc:"Centavos que contam para este cartão"`
	Earned       bool   `json:"earned"`
	// EarnedOn is the date of the visit that earned the reward, ExpiresOn
	// the last day it can be used ("" when it does not expire).
	EarnedOn  *string `json:"earnedOn" format:"date"`
	ExpiresOn *string `json:"expiresOn" format:"date"`
	// MissingVisits (count) and MissingValue (value, cents) are what the
	// client still needs; zero once earned.
	MissingVisits int    `json:"missingVisits"`
	MissingValue  int64  `json:"missingValue"`
	OneVisitAway  bool   `json:"oneVisitAway" doc:"Falta uma visita (ou o valor de uma visita média) para o prêmio"`
	LastVisit     string `json:"lastVisit" format:"date"`
	// CountedUntil is the moment ("YYYY-MM-DD HH:MM") of the visit that
	// earned the reward: a redemption restarts the card after it, so the
	// visits beyond it count for the next one.
	CountedUntil string `json:"-"`
}

// PromotionCards applies SPEC.md section 5's eligibility, refined as a real
// loyalty card (docs/decisions.md): only an active promotion has cards;
// only completed visits count, within the promotion's dates, of its service
// for a count promotion with one; clients are grouped by phone; a client's
// card restarts after their last redemption of the promotion (restarted
// maps a phone to the moment, "YYYY-MM-DD HH:MM", of the visit that
// redemption used), and after a reward that expired unused (ValidDays after
// the visit that earned it, today being the store's date). It returns every
// client with a visit that counts, those who earned the reward included,
// by visits that count, most first (then value, then phone).
func PromotionCards(p Promotion, visits []Visit, restarted map[string]string, today string) []Progress {
	if !p.IsActive {
		return []Progress{}
	}
	byPhone := map[string][]Visit{}
	for _, v := range visits {
		if !Served(v.Status) || v.Phone == "" {
			continue
		}
		if p.StartDate != nil && v.Date < *p.StartDate || p.EndDate != nil && v.Date > *p.EndDate {
			continue
		}
		if p.Type == PromotionCount && p.ServiceID != nil && v.ServiceID != *p.ServiceID {
			continue
		}
		if from, ok := restarted[v.Phone]; ok && v.at() <= from {
			continue
		}
		byPhone[v.Phone] = append(byPhone[v.Phone], v)
	}
	out := make([]Progress, 0, len(byPhone))
	for phone, vs := range byPhone {
		slices.SortFunc(vs, func(a, b Visit) int { return cmp.Compare(a.at(), b.at()) })
		c := Progress{Phone: phone}
		for _, v := range vs {
			c.Name, c.LastVisit = v.Name, v.Date
			c.Appointments++
			c.Value += max(v.Price, 0)
			if c.Earned || !p.reached(c.Appointments, c.Value) {
				continue
			}
			on := v.Date
			c.Earned, c.EarnedOn, c.CountedUntil = true, &on, v.at()
			if p.ValidDays > 0 {
				until := addDays(v.Date, p.ValidDays)
				c.ExpiresOn = &until
				if today > until { // lost unused: a new card starts after it
					c = Progress{Phone: phone, Name: c.Name, LastVisit: c.LastVisit}
				}
			}
		}
		if c.Appointments == 0 {
			continue
		}
		if !c.Earned {
			switch p.Type {
			case PromotionCount:
				c.MissingVisits = p.TargetCount - c.Appointments
				c.OneVisitAway = c.MissingVisits == 1
			case PromotionValue:
				c.MissingValue = p.TargetValue - c.Value
				average := c.Value / int64(c.Appointments)
				c.OneVisitAway = average > 0 && c.MissingValue <= average
			}
		}
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, b Progress) int {
		return cmp.Or(cmp.Compare(b.Appointments, a.Appointments), cmp.Compare(b.Value, a.Value), cmp.Compare(a.Phone, b.Phone))
	})
	return out
}

// reached reports whether visits and value fill the card.
func (p Promotion) reached(visits int, value int64) bool {
	switch p.Type {
	case PromotionCount:
		return p.TargetCount > 0 && visits >= p.TargetCount
	case PromotionValue:
		return p.TargetValue > 0 && value >= p.TargetValue
	}
	return false
}

// addDays is date plus n days, as YYYY-MM-DD.
func addDays(date string, n int) string {
	d, err := time.Parse(time.DateOnly, date)
	if err != nil {
		return date
	}
	return d.AddDate(0, 0, n).Format(time.DateOnly)
}

// Eligible keeps the cards whose reward is earned (SPEC.md section 5's
// eligible clients), in the same order.
func Eligible(cards []Progress) []Progress {
	out := []Progress{}
	for _, c := range cards {
		if c.Earned {
			out = append(out, c)
		}
	}
	return out
}

// Redemption is a reward handed out: the client's card for the promotion
// restarts after the visits it used (up to CountedUntil).
type Redemption struct {
	ID            string    `json:"id" format:"uuid"`
	PromotionID   string    `json:"promotionId" format:"uuid"`
	PromotionName string    `json:"promotionName"`
	ClientPhone   string    `json:"clientPhone"`
	AppointmentID *string   `json:"appointmentId" format:"uuid"`
	Reward        string    `json:"reward"`
	CountedUntil  string    `json:"-"`
	CreatedAt     time.Time `json:"createdAt"`
}

// RedemptionInput marks a client's reward as used, optionally on the
// appointment where it was used.
type RedemptionInput struct {
	ClientPhone   string  `json:"clientPhone"`
	AppointmentID *string `json:"appointmentId,omitempty" format:"uuid"`
}
