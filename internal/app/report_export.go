package app

import (
	"context"
	"io"
	"slices"
	"strconv"
	"strings"

	"agendo/internal/domain"
	"agendo/internal/store"
)

// Report exports: CSV that Brazilian spreadsheets open as they are — ';'
// between fields, a UTF-8 byte order mark, decimal commas ("1234,56") and
// dd/MM/yyyy dates — one file a kind.

// ReportExportQuery names an export and its period.
type ReportExportQuery struct {
	Kind           string `query:"kind,required" enum:"reportExport"`
	From           string `query:"from" format:"date" doc:"Primeiro dia do período (padrão: o dia 1º do mês corrente)"`
	To             string `query:"to" format:"date" doc:"Último dia do período (padrão: hoje)"`
	ProfessionalID string `query:"professionalId" doc:"Só os agendamentos deste profissional"`
}

// ExportReport writes the caller's export q as CSV to the writer open
// returns for the file's name; open is not called when q is refused.
// Errors: invalid (an unknown kind, and Report's).
func (a *App) ExportReport(ctx context.Context, p Principal, q ReportExportQuery, open func(filename string) io.Writer) error {
	if !slices.Contains(domain.ReportExports, q.Kind) {
		return domain.Invalid("Exportação desconhecida: use appointments, commissions ou clients", map[string]string{"kind": "Exportação desconhecida"})
	}
	var err error
	if q.ProfessionalID, err = p.narrow(q.ProfessionalID); err != nil {
		return err
	}
	return a.db.Read(ctx, func(tx *store.Tx) error {
		sc, err := a.reportScope(ctx, tx, p.StoreID, domain.ReportFilter{From: q.From, To: q.To, ProfessionalID: q.ProfessionalID})
		if err != nil {
			return err
		}
		v, err := a.phonesFor(ctx, tx, p)
		if err != nil {
			return err
		}
		names := map[string]string{}
		for _, s := range sc.services {
			names["s"+s.ID] = s.Name
		}
		for _, p := range sc.professionals {
			names["p"+p.ID] = p.Name
		}
		kinds := map[string]string{domain.ExportAppointments: "agendamentos", domain.ExportCommissions: "comissoes", domain.ExportClients: "clientes"}
		w := open("agendo-" + kinds[q.Kind] + "-" + sc.from + "-a-" + sc.to + ".csv")
		if _, err := io.WriteString(w, "\ufeff"); err != nil {
			return err
		}
		out := brCSV(w)
		switch q.Kind {
		case domain.ExportAppointments:
			_ = out.Write([]string{"Data", "Horário", "Cliente", "Telefone", "Serviço", "Profissional", "Duração (min)", "Status", "Valor (R$)", "Pagamento", "Origem", "Observações"})
			err = tx.EachAppointment(ctx, p.StoreID, sc.from, sc.to, q.ProfessionalID, func(ap domain.Appointment) error {
				price, method := "", ""
				if ap.Price != nil {
					price = domain.DecimalBR(*ap.Price)
				}
				if ap.PaymentMethod != nil {
					method = domain.PaymentNames[*ap.PaymentMethod]
				}
				return out.Write([]string{brDate(ap.Date), ap.Time, cell(ap.ClientName), v.text(ap.ClientPhone),
					cell(names["s"+ap.ServiceID]), cell(names["p"+ap.ProfessionalID]), strconv.Itoa(ap.DurationMin),
					domain.StatusNames[ap.Status], price, method, sourceName(ap.Source), cell(ap.Notes)})
			})
		case domain.ExportCommissions:
			_ = out.Write([]string{"Profissional", "Agendamentos", "Concluídos", "Faturamento (R$)", "Comissão (%)", "Comissão (R$)"})
			for _, pr := range sc.report(q.ProfessionalID).Professionals {
				_ = out.Write([]string{cell(pr.Name), strconv.Itoa(pr.Appointments), strconv.Itoa(pr.Completed),
					domain.DecimalBR(pr.Revenue), strconv.Itoa(pr.CommissionPct), domain.DecimalBR(pr.Commission)})
			}
		case domain.ExportClients:
			_ = out.Write([]string{"Cliente", "Telefone", "Agendamentos", "Concluídos", "Valor gasto (R$)", "Última visita"})
			clients := map[string]*exportClient{}
			var order []string
			err = tx.EachAppointment(ctx, p.StoreID, sc.from, sc.to, q.ProfessionalID, func(ap domain.Appointment) error {
				c := clients[ap.ClientPhone]
				if c == nil {
					c = &exportClient{}
					clients[ap.ClientPhone] = c
					order = append(order, ap.ClientPhone)
				}
				c.name = ap.ClientName // the latest name: rows come in date order
				c.appointments++
				if domain.Served(ap.Status) {
					c.completed++
					c.lastVisit = ap.Date
					c.spent += ap.Revenue()
				}
				return nil
			})
			slices.SortStableFunc(order, func(a, b string) int {
				return strings.Compare(strings.ToLower(clients[a].name), strings.ToLower(clients[b].name))
			})
			for _, phone := range order {
				c := clients[phone]
				last := ""
				if c.lastVisit != "" {
					last = brDate(c.lastVisit)
				}
				_ = out.Write([]string{cell(c.name), v.text(phone), strconv.Itoa(c.appointments), strconv.Itoa(c.completed), domain.DecimalBR(c.spent), last})
			}
		}
		if err != nil {
			return err
		}
		out.Flush()
		return out.Error()
	})
}

// exportClient is one client's period in the clients export.
type exportClient struct {
	name                    string
	appointments, completed int
	spent                   int64
	lastVisit               string
}
