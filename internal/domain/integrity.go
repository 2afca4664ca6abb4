package domain

import (
	"fmt"
	"time"
)

// The integrity check (SPEC.md sections 5 and 8): the spec's rules — the
// user has an id and an email; each appointment an id, a client's name and
// a service; each service and professional an id and a name — plus what a
// database can really lose: appointments pointing at services or
// professionals that are gone, and summaries that no longer agree with the
// rows they sum.

// MaxIntegrityFindings bounds each kind of finding listed for one account.
const MaxIntegrityFindings = 20

// The check's messages (SPEC.md section 8, word for word, and Agendo's own).
const (
	MsgUserCorrupt     = "Dados do usuário corrompidos ou incompletos"
	MsgIntegrityFailed = "Erro ao verificar integridade dos dados"
)

// IntegritySnapshot is what the store found about one account; each list
// holds at most MaxIntegrityFindings ids or dates.
type IntegritySnapshot struct {
	UserID, Email           string
	IncompleteAppointments  []string // ids
	IncompleteServices      []string
	IncompleteProfessionals []string
	MissingService          []string // appointment ids
	MissingProfessional     []string
	DayDiffs                []string // dates whose report days disagree with the rows
	ReportDayDiffs          []string // dates whose report_days rows disagree
	ClientDiffs             int      // clients whose summary disagrees
	TotalsDiffer            bool
	Appointments            int // rows checked
	Services                int
	Professionals           int
}

// IntegrityReport is the result of the check of one account.
type IntegrityReport struct {
	OK            bool     `json:"ok"`
	Issues        []string `json:"issues" doc:"as mensagens, em português; vazia quando está tudo certo"`
	Appointments  int      `json:"appointments" doc:"agendamentos verificados"`
	Services      int      `json:"services"`
	Professionals int      `json:"professionals"`
}

// CheckIntegrity turns a snapshot into the messages an owner or an admin
// reads. The admin's report never carries a client's name or phone: a
// disagreeing client summary is counted, not named.
func CheckIntegrity(s IntegritySnapshot) IntegrityReport {
	var issues []string
	if s.UserID == "" || s.Email == "" {
		issues = append(issues, MsgUserCorrupt)
	}
	for _, id := range s.IncompleteAppointments {
		issues = append(issues, fmt.Sprintf("Agendamento %s com dados incompletos", id))
	}
	for _, id := range s.IncompleteServices {
		issues = append(issues, fmt.Sprintf("Serviço %s com dados incompletos", id))
	}
	for _, id := range s.IncompleteProfessionals {
		issues = append(issues, fmt.Sprintf("Profissional %s com dados incompletos", id))
	}
	for _, id := range s.MissingService {
		issues = append(issues, fmt.Sprintf("Agendamento %s aponta para um serviço que não existe", id))
	}
	for _, id := range s.MissingProfessional {
		issues = append(issues, fmt.Sprintf("Agendamento %s aponta para um profissional que não existe", id))
	}
	for _, d := range s.DayDiffs {
		issues = append(issues, fmt.Sprintf("O resumo do dia %s não confere com os agendamentos", brDate(d)))
	}
	for _, d := range s.ReportDayDiffs {
		issues = append(issues, fmt.Sprintf("O relatório do dia %s não confere com os agendamentos", brDate(d)))
	}
	if s.ClientDiffs > 0 {
		issues = append(issues, fmt.Sprintf("O resumo de %d cliente(s) não confere com os agendamentos", s.ClientDiffs))
	}
	if s.TotalsDiffer {
		issues = append(issues, "Os totais da conta não conferem com os agendamentos")
	}
	if issues == nil {
		issues = []string{}
	}
	return IntegrityReport{OK: len(issues) == 0, Issues: issues, Appointments: s.Appointments, Services: s.Services, Professionals: s.Professionals}
}

func brDate(d string) string {
	t, err := time.Parse(time.DateOnly, d)
	if err != nil {
		return d
	}
	return t.Format("02/01/2006")
}
