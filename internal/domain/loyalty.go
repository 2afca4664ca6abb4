package domain

import (
	"fmt"
	"regexp"
	"strings"
)

// Level is a tier of an owner's loyalty programme (SPEC.md "Gamification
// settings"). A client reaches it with MinAppointments completed visits, or
// by spending MinValue cents when MinValue is above zero.
type Level struct {
	Name            string `json:"name" max:"levelName"`
	Color           string `json:"color" doc:"Cor do texto, #RRGGBB"`
	BgColor         string `json:"bgColor" doc:"Cor do fundo, #RRGGBB"`
	MinAppointments int    `json:"minAppointments"`
	MinValue        int64  `json:"minValue" doc:"Centavos"`
	Icon            string `json:"icon" enum:"levelIcon"`
}

// WhatsAppLists are the owner's lists of clients to write to: not seen
// for a while, with a reward to use, of a loyalty level, with a birthday
// this week.
var WhatsAppLists = []string{"inactive", "reward", "level", "birthday"}

// LevelIcons are the icons a level may show.
var LevelIcons = []string{"medal", "award", "star", "gem", "crown", "sparkles", "heart"}

// Gamification is what an owner's clients see of the loyalty programme on
// their booking's manage page, and the levels (SPEC.md "Gamification
// settings").
type Gamification struct {
	Enabled            bool    `json:"enabled"`
	ShowLoyaltyLevel   bool    `json:"showLoyaltyLevel"`
	ShowTotalSpent     bool    `json:"showTotalSpent"`
	ShowCompletionRate bool    `json:"showCompletionRate"`
	ShowPromotions     bool    `json:"showPromotions"`
	ShowNextMilestone  bool    `json:"showNextMilestone"`
	Levels             []Level `json:"levels" max:"levels"`
}

// Bounds of the loyalty levels.
const (
	MaxLevels       = 10
	MaxLevelNameLen = 30
)

// DefaultGamification is SPEC.md section 9's levels (Bronze 1/0, Prata
// 6/20000, Ouro 16/50000, Diamante 30/100000, VIP 50/200000), shown to the
// client with their progress; what they spent and how often they came are
// the owner's choice to show.
func DefaultGamification() Gamification {
	return Gamification{Enabled: true, ShowLoyaltyLevel: true, ShowPromotions: true, ShowNextMilestone: true,
		Levels: []Level{
			{"Bronze", "#92400E", "#FEF3C7", 1, 0, "medal"},
			{"Prata", "#374151", "#F3F4F6", 6, 20000, "award"},
			{"Ouro", "#854D0E", "#FEF9C3", 16, 50000, "star"},
			{"Diamante", "#1E40AF", "#DBEAFE", 30, 100000, "gem"},
			{"VIP", "#6B21A8", "#F3E8FF", 50, 200000, "crown"},
		}}
}

var hexColor = regexp.MustCompile(`^#[0-9A-Fa-f]{6}$`)

// CleanGamification checks an owner's settings: 1 to 10 levels with
// distinct names, colours as #RRGGBB, a known icon, and thresholds that
// climb — each level needs more visits than the one below it, and no less
// money.
func CleanGamification(in Gamification) (Gamification, error) {
	p := Problems{}
	out := in
	if len(in.Levels) == 0 || len(in.Levels) > MaxLevels {
		p.Add("levels", "Tenha de 1 a 10 níveis")
		return out, p.Err()
	}
	out.Levels = make([]Level, len(in.Levels))
	seen := map[string]bool{}
	for i, l := range in.Levels {
		key := fmt.Sprintf("levels.%d", i)
		name, ok := CleanName(l.Name)
		if !ok || len([]rune(name)) > MaxLevelNameLen {
			p.Add(key+".name", "Dê um nome ao nível (até 30 caracteres)")
		} else if seen[strings.ToLower(name)] {
			p.Add(key+".name", "Dois níveis não podem ter o mesmo nome")
		}
		seen[strings.ToLower(name)] = true
		if !hexColor.MatchString(l.Color) {
			p.Add(key+".color", "Use uma cor no formato #RRGGBB")
		}
		if !hexColor.MatchString(l.BgColor) {
			p.Add(key+".bgColor", "Use uma cor no formato #RRGGBB")
		}
		if !contains(LevelIcons, l.Icon) {
			p.Add(key+".icon", "Escolha um dos ícones oferecidos")
		}
		if l.MinAppointments < 0 || l.MinAppointments > 10_000 {
			p.Add(key+".minAppointments", "Informe de 0 a 10.000 visitas")
		}
		if l.MinValue < 0 || l.MinValue > MaxPriceCents*10 {
			p.Add(key+".minValue", "Informe um valor de R$ 0,00 a R$ 1.000.000,00")
		}
		if i > 0 {
			prev := in.Levels[i-1]
			if l.MinAppointments <= prev.MinAppointments || l.MinValue < prev.MinValue {
				p.Add(key+".minAppointments", fmt.Sprintf("Os níveis se sobrepõem: %s precisa de mais visitas que o nível abaixo e de um valor igual ou maior", orLevel(name, i)))
			}
		}
		out.Levels[i] = Level{Name: name, Color: strings.ToUpper(l.Color), BgColor: strings.ToUpper(l.BgColor),
			MinAppointments: l.MinAppointments, MinValue: l.MinValue, Icon: l.Icon}
	}
	return out, p.Err()
}

func orLevel(name string, i int) string {
	if name != "" {
		return name
	}
	return fmt.Sprintf("o nível %d", i+1)
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// Reaches reports whether a client with visits completed and spent cents
// reaches l.
func (l Level) Reaches(visits int, spent int64) bool {
	return visits >= l.MinAppointments || l.MinValue > 0 && spent >= l.MinValue
}

// LevelOf returns the index of the highest level a client reaches, or -1
// below the first.
func LevelOf(levels []Level, visits int, spent int64) int {
	at := -1
	for i, l := range levels {
		if l.Reaches(visits, spent) {
			at = i
		}
	}
	return at
}

// Milestone is what a client misses for their next level: visits, or
// money when the level can be reached by spending.
type Milestone struct {
	Level         string `json:"level"`
	MissingVisits int    `json:"missingVisits"`
	MissingValue  int64  `json:"missingValue" doc:"Centavos; 0 quando o nível só se alcança por visitas"`
	Text          string `json:"text" doc:"Por exemplo: Próximo nível: faltam 3 visitas ou R$ 120,00"`
}

// NextMilestone returns what a client misses for the level above theirs,
// or nil at the top.
func NextMilestone(levels []Level, visits int, spent int64) *Milestone {
	next := LevelOf(levels, visits, spent) + 1
	if next >= len(levels) {
		return nil
	}
	l := levels[next]
	m := &Milestone{Level: l.Name, MissingVisits: max(l.MinAppointments-visits, 0)}
	if l.MinValue > 0 {
		m.MissingValue = max(l.MinValue-spent, 0)
	}
	verb := "faltam "
	if m.MissingVisits == 1 {
		verb = "falta "
	}
	m.Text = "Próximo nível: " + verb + visitsText(m.MissingVisits)
	if m.MissingValue > 0 {
		m.Text += " ou " + FormatBRL(m.MissingValue)
	}
	return m
}

func visitsText(n int) string {
	if n == 1 {
		return "1 visita"
	}
	return fmt.Sprintf("%d visitas", n)
}
