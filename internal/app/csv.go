package app

import (
	"cmp"
	"encoding/csv"
	"encoding/json"
	"io"
	"reflect"
	"strconv"
	"strings"
	"time"

	"agendo/internal/domain"
)

// CSV as Brazilian spreadsheets open it (';' between fields, CRLF, dates
// and money written the Brazilian way), and the table writer that turns a
// list of structs into one: the client's and the account's exports use it.

// columnNames are the CSV headers of the export's fields (their JSON
// names); a field not named here keeps its JSON name.
var columnNames = map[string]string{
	"id": "Id", "name": "Nome", "email": "Email", "phone": "Telefone", "avatar": "Foto", "description": "Descrição",
	"address": "Endereço", "logo": "Logo", "slug": "Endereço da página", "timeZone": "Fuso horário",
	"createdAt": "Criado em", "updatedAt": "Alterado em", "duration": "Duração (min)", "price": "Valor (R$)",
	"role": "Função", "specialties": "Especialidades", "commissionPct": "Comissão (%)", "clientName": "Cliente",
	"clientPhone": "Telefone do cliente", "serviceId": "Serviço (id)", "professionalId": "Profissional (id)",
	"date": "Data", "time": "Horário", "durationMin": "Duração (min)", "status": "Status", "paymentMethod": "Pagamento",
	"notes": "Observações", "source": "Origem", "deletedAt": "Excluído em", "startTime": "Início", "endTime": "Fim",
	"reason": "Motivo", "reward": "Prêmio", "startDate": "Início", "endDate": "Fim", "isActive": "Ativa",
	"promotionName": "Promoção", "appointmentCount": "Agendamentos", "completedAppointments": "Concluídos",
	"totalSpent": "Valor gasto (R$)", "lastVisit": "Última visita", "contentType": "Tipo", "size": "Tamanho (bytes)",
	"granted": "Aceitou", "textVersion": "Versão do texto", "text": "Texto", "targetValue": "Meta (R$)", "targetCount": "Meta (visitas)", "reminderSentAt": "Lembrete enviado em",
	"originalId": "Agendamento (id)", "kind": "Uso", "width": "Largura", "height": "Altura", "validDays": "Validade (dias)",
	"bookingInterval": "Intervalo (min)", "workingHours": "Horários", "photos": "Fotos", "type": "Tipo",
}

// moneyColumns hold cents, written "1234,56".
var moneyColumns = map[string]bool{"price": true, "totalSpent": true, "targetValue": true}

// table writes rows of one struct type as CSV for Brazilian spreadsheets:
// a column a field (embedded structs' fields inline), money as "1234,56",
// dates as dd/MM/yyyy, instants in Brasília time, lists and objects as JSON
// text, every text cell formula-defused.
type table struct {
	out  *csv.Writer
	cols []tableColumn
	cell []string
}

// newTable writes the byte order mark and the header of t's columns.
func newTable(w io.Writer, t reflect.Type) (*table, error) {
	if _, err := io.WriteString(w, "\ufeff"); err != nil {
		return nil, err
	}
	cols := tableColumns(t, nil)
	tb := &table{out: brCSV(w), cols: cols, cell: make([]string, len(cols))}
	for i, c := range cols {
		tb.cell[i] = cmp.Or(columnNames[c.name], c.name)
	}
	_ = tb.out.Write(tb.cell)
	return tb, nil
}

// row writes v, a struct of the table's type.
func (t *table) row(v reflect.Value) error {
	for j, c := range t.cols {
		t.cell[j] = tableCell(c.name, v.FieldByIndex(c.index))
	}
	return t.out.Write(t.cell)
}

// close flushes what the table buffered.
func (t *table) close() error {
	t.out.Flush()
	return t.out.Error()
}

// tableColumn is a struct field a table writes: its JSON name and its
// index path (through embedded structs).
type tableColumn struct {
	name  string
	index []int
}

// tableColumns lists t's JSON fields in order, embedded structs' inline.
func tableColumns(t reflect.Type, index []int) []tableColumn {
	var out []tableColumn
	for i := range t.NumField() {
		f := t.Field(i)
		idx := append(append([]int{}, index...), i)
		if f.Anonymous && f.Type.Kind() == reflect.Struct {
			out = append(out, tableColumns(f.Type, idx)...)
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if f.IsExported() && name != "-" && name != "" {
			out = append(out, tableColumn{name, idx})
		}
	}
	return out
}

// tableCell writes one field's value for a table.
func tableCell(name string, v reflect.Value) string {
	for v.Kind() == reflect.Pointer {
		if v.IsNil() {
			return ""
		}
		v = v.Elem()
	}
	switch x := v.Interface().(type) {
	case time.Time:
		if x.IsZero() {
			return ""
		}
		return brDateTime(x)
	case string:
		switch name {
		case "date", "startDate", "endDate", "lastVisit":
			return brDate(x)
		case "phone", "clientPhone":
			return domain.FormatPhone(x)
		case "status":
			return cmp.Or(domain.StatusNames[x], x)
		case "paymentMethod":
			return cmp.Or(domain.PaymentNames[x], x)
		case "source":
			return cmp.Or(consentSourceNames[x], sourceName(x))
		}
		return cell(x)
	case bool:
		if x {
			return "Sim"
		}
		return "Não"
	case int64:
		if moneyColumns[name] {
			return domain.DecimalBR(x)
		}
		return strconv.FormatInt(x, 10)
	case int:
		return strconv.Itoa(x)
	case []string:
		return cell(strings.Join(x, ", "))
	}
	b, _ := json.Marshal(v.Interface())
	return cell(string(b))
}

// consentSourceNames name where a consent was given, in Portuguese.
var consentSourceNames = map[string]string{domain.ConsentBookingPage: "Página de agendamento", domain.ConsentManageLink: "Link do agendamento",
	domain.ConsentInPerson: "Pessoalmente", domain.ConsentWhatsApp: "WhatsApp"}

// brCSV is a CSV writer for Brazilian spreadsheets: ';' and CRLF.
func brCSV(w io.Writer) *csv.Writer {
	out := csv.NewWriter(w)
	out.Comma = ';'
	out.UseCRLF = true
	return out
}

// sourceName names where an appointment was booked.
func sourceName(source string) string {
	if source == domain.SourcePublic {
		return "Página pública"
	}
	return "Salão"
}
