package domain

import "time"

// ReportFilter selects a report: a period of at most MaxReportYears, in
// the store's time zone, and optionally one professional.
type ReportFilter struct {
	From           string `query:"from" format:"date" doc:"Primeiro dia do período (padrão: o dia 1º do mês corrente)"`
	To             string `query:"to" format:"date" doc:"Último dia do período (padrão: hoje)"`
	ProfessionalID string `query:"professionalId" doc:"Só os números deste profissional"`
}

// MaxReportYears bounds a report's period.
const MaxReportYears = 3

// Report buckets: how the revenue line groups its days.
const (
	BucketDay   = "day"
	BucketWeek  = "week"
	BucketMonth = "month"
)

// ReportBuckets are the groupings of the revenue line.
var ReportBuckets = []string{BucketDay, BucketWeek, BucketMonth}

// ReportPeriod checks the period from..to ("YYYY-MM-DD", inclusive) and
// returns the period of the same length just before it, and the bucket the
// revenue line uses (days up to 31 days, weeks up to 26 weeks, else months).
// Errors: invalid (a date that is not one, an end before the start, longer
// than MaxReportYears).
func ReportPeriod(from, to string) (prevFrom, prevTo, bucket string, err error) {
	p := Problems{}
	if !ValidDate(from) {
		p.Add("from", "Informe uma data válida")
	}
	if !ValidDate(to) {
		p.Add("to", "Informe uma data válida")
	}
	if err := p.Err(); err != nil {
		return "", "", "", err
	}
	f, _ := time.Parse(time.DateOnly, from)
	t, _ := time.Parse(time.DateOnly, to)
	if t.Before(f) {
		return "", "", "", Invalid("A data final não pode ser anterior à inicial", map[string]string{"to": "Escolha um dia igual ou posterior ao inicial"})
	}
	if !t.Before(f.AddDate(MaxReportYears, 0, 0)) {
		return "", "", "", Invalid("O período pode ter no máximo 3 anos", map[string]string{"to": "Escolha um período de até 3 anos"})
	}
	days := int(t.Sub(f).Hours()/24) + 1
	prevTo = f.AddDate(0, 0, -1).Format(time.DateOnly)
	prevFrom = f.AddDate(0, 0, -days).Format(time.DateOnly)
	switch {
	case days <= 31:
		bucket = BucketDay
	case days <= 26*7:
		bucket = BucketWeek
	default:
		bucket = BucketMonth
	}
	return prevFrom, prevTo, bucket, nil
}

// BucketStart is the first day of the bucket date falls in: itself, the
// Monday of its week, or the first of its month.
func BucketStart(bucket string, date time.Time) time.Time {
	switch bucket {
	case BucketWeek:
		return date.AddDate(0, 0, -((int(date.Weekday()) + 6) % 7))
	case BucketMonth:
		return time.Date(date.Year(), date.Month(), 1, 0, 0, 0, 0, time.UTC)
	}
	return date
}

// Report exports (CSV).
const (
	ExportAppointments = "appointments"
	ExportCommissions  = "commissions"
	ExportClients      = "clients"
)

// ReportExports are the kinds of export.
var ReportExports = []string{ExportAppointments, ExportCommissions, ExportClients}
