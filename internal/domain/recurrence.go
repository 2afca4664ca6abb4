package domain

import (
	"fmt"
	"time"
)

// Bounds of a recurring series (issue 27).
const (
	MaxEveryWeeks  = 8
	MaxOccurrences = 52
)

// Recurrence is how an appointment repeats: every EveryWeeks weeks, or
// Monthly on the same weekday of the month (the 2nd Tuesday; the last one
// when the first date was a 5th), until a date (inclusive) or Count times
// in all, the first date included.
type Recurrence struct {
	EveryWeeks int    `json:"everyWeeks,omitempty" doc:"De 1 a 8 semanas; 0 com monthly"`
	Monthly    bool   `json:"monthly,omitempty" doc:"Todo mês, no mesmo dia da semana (a 2ª terça, por exemplo)"`
	Until      string `json:"until,omitempty" format:"date" doc:"A última data possível, ou vazio com count"`
	Count      int    `json:"count,omitempty" doc:"Quantas vezes ao todo, de 2 a 52, ou 0 com until"`
}

// Dates lists the series' dates from first ("YYYY-MM-DD", a valid date),
// or says what is wrong with the rule, a message per field.
func (r Recurrence) Dates(first string) ([]string, error) {
	pr := Problems{}
	switch {
	case r.Monthly && r.EveryWeeks != 0:
		pr.Add("everyWeeks", "Escolha repetir por semanas ou todo mês, não os dois")
	case !r.Monthly && (r.EveryWeeks < 1 || r.EveryWeeks > MaxEveryWeeks):
		pr.Add("everyWeeks", fmt.Sprintf("Repita a cada 1 a %d semanas", MaxEveryWeeks))
	}
	start, err := time.Parse(time.DateOnly, first)
	if err != nil {
		pr.Add("date", "Informe uma data válida")
	}
	var until time.Time
	switch {
	case r.Until == "" && r.Count == 0:
		pr.Add("count", "Diga até quando repetir: uma data ou um número de vezes")
	case r.Until != "" && r.Count != 0:
		pr.Add("count", "Escolha uma data final ou um número de vezes, não os dois")
	case r.Count != 0 && (r.Count < 2 || r.Count > MaxOccurrences):
		pr.Add("count", fmt.Sprintf("Repita de 2 a %d vezes", MaxOccurrences))
	case r.Until != "":
		if until, err = time.Parse(time.DateOnly, r.Until); err != nil {
			pr.Add("until", "Informe uma data válida")
		} else if r.Until <= first {
			pr.Add("until", "A data final precisa ser depois da primeira")
		}
	}
	if err := pr.Err(); err != nil {
		return nil, err
	}
	var out []string
	for i := 0; ; i++ {
		d := r.nth(start, i)
		if r.Count != 0 && i == r.Count || r.Until != "" && d.After(until) {
			break
		}
		if len(out) == MaxOccurrences {
			return nil, Invalid(fmt.Sprintf("Uma série pode ter até %d horários: escolha uma data final mais próxima", MaxOccurrences),
				map[string]string{"until": fmt.Sprintf("Até %d horários", MaxOccurrences)})
		}
		out = append(out, d.Format(time.DateOnly))
	}
	return out, nil
}

// nth is the series' i-th date (0 is start).
func (r Recurrence) nth(start time.Time, i int) time.Time {
	if !r.Monthly {
		return start.AddDate(0, 0, 7*r.EveryWeeks*i)
	}
	week := (start.Day() - 1) / 7 // 0 for the 1st weekday of the month … 4 for a 5th
	month := time.Date(start.Year(), start.Month()+time.Month(i), 1, 0, 0, 0, 0, time.UTC)
	first := month.AddDate(0, 0, (int(start.Weekday())-int(month.Weekday())+7)%7)
	d := first.AddDate(0, 0, 7*week)
	for d.Month() != month.Month() { // no 5th one this month: the last
		d = d.AddDate(0, 0, -7)
	}
	return d
}
