package app

import (
	"archive/zip"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"strconv"
	"strings"
	"time"

	"agendo/internal/domain"
	"agendo/internal/realtime"
	"agendo/internal/store"
)

// The owner's own data (LGPD art. 18): a copy of all of it, and the
// account's deletion, with a window to change one's mind.

// AccountDeletionWindow is how long a deletion waits; signing in meanwhile
// cancels it.
const AccountDeletionWindow = 7 * 24 * time.Hour

// msgDeletionCancelled tells an owner who signs in during the window that
// the deletion is off.
const msgDeletionCancelled = "A exclusão da sua conta foi cancelada porque você entrou de novo. Seus dados continuam aqui."

// AccountDeletion is the state of the caller's account deletion.
type AccountDeletion struct {
	Pending     bool       `json:"pending"`
	RequestedAt *time.Time `json:"requestedAt"`
	DeleteAfter *time.Time `json:"deleteAfter" doc:"Quando a conta e todos os dados serão apagados; entrar antes disso cancela"`
}

// AccountDeletionInput confirms a deletion with the account's password.
type AccountDeletionInput struct {
	Password string `json:"password"`
}

func deletionOf(d store.AccountDeletion) AccountDeletion {
	return AccountDeletion{Pending: true, RequestedAt: &d.RequestedAt, DeleteAfter: &d.DeleteAfter}
}

// AccountDeletionStatus says whether the caller asked to delete the account.
// Errors: none besides internal.
func (a *App) AccountDeletionStatus(ctx context.Context, p Principal) (AccountDeletion, error) {
	var out AccountDeletion
	err := a.db.Read(ctx, func(tx *store.Tx) error {
		d, err := tx.PendingAccountDeletion(ctx, p.UserID)
		if errors.Is(err, domain.ErrNotFound) {
			return nil
		}
		out = deletionOf(d)
		return err
	})
	return out, err
}

// RequestAccountDeletion schedules the caller's account, and everything in
// it, for deletion in AccountDeletionWindow, after checking the password;
// the account's other sessions end. Errors: invalid (no password, a wrong
// one, a deletion already asked for), rate_limited (failed checks).
func (a *App) RequestAccountDeletion(ctx context.Context, p Principal, in AccountDeletionInput) (AccountDeletion, error) {
	if in.Password == "" {
		return AccountDeletion{}, domain.Invalid("Digite sua senha para confirmar a exclusão", map[string]string{"password": "Digite sua senha"})
	}
	pending, err := a.AccountDeletionStatus(ctx, p)
	if err != nil {
		return AccountDeletion{}, err
	}
	if pending.Pending {
		return AccountDeletion{}, alreadyDeleting(*pending.DeleteAfter)
	}
	var hash string
	err = a.db.Read(ctx, func(tx *store.Tx) error {
		var err error
		_, hash, err = tx.User(ctx, p.UserID)
		return err
	})
	if err != nil {
		return AccountDeletion{}, err
	}
	password := in.Password
	if len(password) > domain.MaxPasswordLen {
		password = password[:domain.MaxPasswordLen]
	}
	ok, err := a.passwordGate(ctx, p, func() (bool, error) { return a.hasher.Verify(ctx, password, hash) })
	if err != nil {
		return AccountDeletion{}, err
	}
	if !ok {
		return AccountDeletion{}, domain.Invalid("Senha incorreta", map[string]string{"password": "Senha incorreta"})
	}
	now := a.Now()
	d := store.AccountDeletion{RequestedAt: now, DeleteAfter: now.Add(AccountDeletionWindow)}
	err = a.db.Write(ctx, func(tx *store.Tx) error {
		if prev, err := tx.PendingAccountDeletion(ctx, p.UserID); err == nil {
			return alreadyDeleting(prev.DeleteAfter) // asked twice at once
		}
		if err := tx.RequestAccountDeletion(ctx, p.UserID, d); err != nil {
			return err
		}
		_, err := tx.RevokeUserSessions(ctx, p.UserID, p.SessionID, now)
		return err
	})
	if err != nil {
		return AccountDeletion{}, err
	}
	a.endStreams(p.UserID, realtime.Ended{Keep: p.SessionID})
	a.log.InfoContext(ctx, "account deletion requested", "user_id", p.UserID, "delete_after", d.DeleteAfter)
	return deletionOf(d), nil
}

// alreadyDeleting refuses a second deletion request.
func alreadyDeleting(after time.Time) error {
	return domain.Invalid("A exclusão desta conta já foi pedida e será feita em "+brDateTime(after)+
		". Para desistir, é só entrar de novo na sua conta.", nil)
}

// CancelAccountDeletion keeps the caller's account. Errors: invalid (no
// deletion was asked for).
func (a *App) CancelAccountDeletion(ctx context.Context, p Principal) error {
	return a.db.Write(ctx, func(tx *store.Tx) error {
		ok, err := tx.CancelAccountDeletion(ctx, p.UserID)
		if err == nil && !ok {
			return domain.Invalid("Nenhuma exclusão desta conta foi pedida", nil)
		}
		return err
	})
}

// deleteDueAccounts deletes, for good, the accounts whose window ended, and
// returns their ids.
func (a *App) deleteDueAccounts(ctx context.Context, tx *store.Tx) ([]string, error) {
	due, err := tx.DueAccountDeletions(ctx, a.Now())
	if err != nil {
		return nil, err
	}
	for _, id := range due {
		if err := tx.DeleteAccount(ctx, id); err != nil {
			return nil, err
		}
		a.log.InfoContext(ctx, "account deleted", "user_id", id)
	}
	return due, nil
}

// AccountExportPart is one kind of data in the account's export.
type accountExportPart struct {
	name  string // the file's name, without extension
	items any    // a slice of structs, or one struct
}

// ExportAccount writes everything of the caller's account as a zip to the
// writer open returns for the file's name: each kind as JSON and as CSV for
// Brazilian spreadsheets, the files' metadata and the images themselves.
// Errors: none besides internal.
func (a *App) ExportAccount(ctx context.Context, p Principal, open func(filename string) io.Writer) error {
	return a.db.Read(ctx, func(tx *store.Tx) error {
		profile, err := tx.Profile(ctx, p.UserID)
		if err != nil {
			return err
		}
		st, err := tx.StoreByUser(ctx, p.UserID)
		if err != nil && !errors.Is(err, domain.ErrNotFound) {
			return err
		}
		services, err := tx.Services(ctx, p.UserID)
		if err != nil {
			return err
		}
		pros, err := tx.Professionals(ctx, p.UserID)
		if err != nil {
			return err
		}
		var aps []domain.Appointment
		if err := tx.EachAppointment(ctx, p.UserID, "0000-01-01", "9999-12-31", "", func(ap domain.Appointment) error {
			aps = append(aps, ap)
			return nil
		}); err != nil {
			return err
		}
		trash, _, err := tx.Trash(ctx, p.UserID, time.Time{}, 1_000_000, 0)
		if err != nil {
			return err
		}
		blocked, err := tx.BlockedTimes(ctx, p.UserID, domain.BlockedTimeFilter{})
		if err != nil {
			return err
		}
		promos, err := tx.Promotions(ctx, p.UserID)
		if err != nil {
			return err
		}
		redemptions, err := tx.Redemptions(ctx, p.UserID)
		if err != nil {
			return err
		}
		clients, _, err := tx.Clients(ctx, p.UserID, domain.ClientFilter{Limit: 1_000_000})
		if err != nil {
			return err
		}
		files, err := tx.Files(ctx, p.UserID)
		if err != nil {
			return err
		}
		consents, err := tx.Consents(ctx, p.UserID)
		if err != nil {
			return err
		}
		exportedClients := make([]Client, len(clients))
		for i, c := range clients {
			exportedClients[i] = clientOf(c, nil)
		}
		parts := []accountExportPart{
			{"perfil", profile}, {"loja", st}, {"servicos", services}, {"profissionais", pros},
			{"agendamentos", aps}, {"lixeira", trash}, {"bloqueios", blocked}, {"promocoes", promos},
			{"premios-usados", redemptions}, {"clientes", exportedClients}, {"consentimentos", consents}, {"arquivos", files},
		}
		z := zip.NewWriter(open("agendo-meus-dados-" + a.Now().Format("2006-01-02") + ".zip"))
		for _, part := range parts {
			w, err := z.Create(part.name + ".json")
			if err != nil {
				return err
			}
			enc := json.NewEncoder(w)
			enc.SetIndent("", "  ")
			if err := enc.Encode(part.items); err != nil {
				return err
			}
			if w, err = z.Create(part.name + ".csv"); err != nil {
				return err
			}
			if err := writeTable(w, part.items); err != nil {
				return err
			}
		}
		for _, f := range files {
			_, data, err := tx.FileContent(ctx, f.ID, false)
			if err != nil {
				return err
			}
			ext := strings.TrimPrefix(f.ContentType, "image/")
			w, err := z.Create("arquivos/" + f.ID + "." + ext)
			if err != nil {
				return err
			}
			if _, err := w.Write(data); err != nil {
				return err
			}
		}
		return z.Close()
	})
}

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

// writeTable writes items (a slice of structs, or one struct) as CSV for
// Brazilian spreadsheets: a column a field (embedded structs' fields
// inline), money as "1234,56", dates as dd/MM/yyyy, instants in Brasília
// time, lists and objects as JSON text, every text cell formula-defused.
func writeTable(w io.Writer, items any) error {
	if _, err := io.WriteString(w, "\ufeff"); err != nil {
		return err
	}
	v := reflect.ValueOf(items)
	if v.Kind() != reflect.Slice {
		v = reflect.Append(reflect.MakeSlice(reflect.SliceOf(v.Type()), 0, 1), v)
	}
	cols := tableColumns(v.Type().Elem(), nil)
	out := brCSV(w)
	header := make([]string, len(cols))
	for i, c := range cols {
		header[i] = cmp.Or(columnNames[c.name], c.name)
	}
	_ = out.Write(header)
	for i := range v.Len() {
		row := make([]string, len(cols))
		for j, c := range cols {
			row[j] = tableCell(c.name, v.Index(i).FieldByIndex(c.index))
		}
		if err := out.Write(row); err != nil {
			return err
		}
	}
	out.Flush()
	return out.Error()
}

// tableColumn is a struct field writeTable writes: its JSON name and its
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

// tableCell writes one field's value for writeTable.
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
			return decimalBR(x)
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
