package app

import (
	"archive/zip"
	"bytes"
	"cmp"
	"context"
	"encoding/csv"
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

// MaxConcurrentExports bounds the account exports one instance runs at
// once: each holds a database reader (SQLite's pool has four) and CPU for as
// long as the owner's history takes to write.
const MaxConcurrentExports = 2

// errExportBusy refuses an account export while MaxConcurrentExports run.
var errExportBusy = &domain.Error{Code: domain.CodeRateLimited, RetryAfterSeconds: 10,
	Message: "Outra exportação está em andamento. Tente de novo em instantes."}

// ExportAccount writes everything of the caller's account as a zip to the
// writer open returns for the file's name: each kind as JSON and as CSV for
// Brazilian spreadsheets, the files' metadata and the images themselves.
// Rows go from the database to the writer one at a time, inside one
// snapshot, so the export's memory does not grow with the account's
// history. An error after open was called leaves the zip unfinished.
// Errors: rate_limited (MaxConcurrentExports already running).
func (a *App) ExportAccount(ctx context.Context, p Principal, open func(filename string) io.Writer) error {
	select {
	case a.exports <- struct{}{}:
	default:
		return errExportBusy
	}
	defer func() { <-a.exports }()
	return a.db.ReadSnapshot(ctx, func(tx *store.Tx) error {
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
		promos, err := tx.Promotions(ctx, p.UserID)
		if err != nil {
			return err
		}
		files, err := tx.Files(ctx, p.UserID)
		if err != nil {
			return err
		}
		z := zip.NewWriter(open("agendo-meus-dados-" + a.Now().Format("2006-01-02") + ".zip"))
		// The kinds that grow with the history are read as they are
		// written, twice (the JSON, then the CSV); the catalogue's lists
		// are short (at most 500 of each).
		uid := p.UserID
		parts := []func() error{
			func() error { return exportOne(z, "perfil", profile) },
			func() error { return exportOne(z, "loja", st) },
			func() error { return exportList(z, "servicos", "[]", eachOf(services)) },
			func() error { return exportList(z, "profissionais", "[]", eachOf(pros)) },
			// An account without appointments has always exported null here.
			func() error {
				return exportList(z, "agendamentos", "null", func(fn func(domain.Appointment) error) error {
					return tx.EachAppointment(ctx, uid, "0000-01-01", "9999-12-31", "", fn)
				})
			},
			func() error {
				return exportList(z, "lixeira", "[]", func(fn func(domain.DeletedAppointment) error) error {
					return tx.EachTrash(ctx, uid, fn)
				})
			},
			func() error {
				return exportList(z, "bloqueios", "[]", func(fn func(domain.BlockedTime) error) error {
					return tx.EachBlockedTime(ctx, uid, fn)
				})
			},
			func() error { return exportList(z, "promocoes", "[]", eachOf(promos)) },
			func() error {
				return exportList(z, "premios-usados", "[]", func(fn func(domain.Redemption) error) error {
					return tx.EachRedemption(ctx, uid, fn)
				})
			},
			func() error {
				return exportList(z, "clientes", "[]", func(fn func(Client) error) error {
					return tx.EachClient(ctx, uid, func(c store.ClientRow) error { return fn(clientOf(c, nil)) })
				})
			},
			func() error {
				return exportList(z, "consentimentos", "[]", func(fn func(domain.Consent) error) error {
					return tx.EachConsent(ctx, uid, fn)
				})
			},
			func() error { return exportList(z, "arquivos", "[]", eachOf(files)) },
		}
		for _, part := range parts {
			if err := part(); err != nil {
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

// eachOf goes over a list already in memory like the store's Each methods.
func eachOf[T any](list []T) func(func(T) error) error {
	return func(fn func(T) error) error {
		for _, v := range list {
			if err := fn(v); err != nil {
				return err
			}
		}
		return nil
	}
}

// exportOne writes one struct as name.json and name.csv (one row).
func exportOne(z *zip.Writer, name string, v any) error {
	w, err := z.Create(name + ".json")
	if err != nil {
		return err
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return err
	}
	if w, err = z.Create(name + ".csv"); err != nil {
		return err
	}
	t, err := newTable(w, reflect.TypeOf(v))
	if err != nil {
		return err
	}
	if err := t.row(reflect.ValueOf(v)); err != nil {
		return err
	}
	return t.close()
}

// exportList writes the rows each goes over as name.json, a JSON array
// written an element at a time (empty when there is none), and as
// name.csv, a row at a time; each is called once for each file.
func exportList[T any](z *zip.Writer, name, empty string, each func(func(T) error) error) error {
	w, err := z.Create(name + ".json")
	if err != nil {
		return err
	}
	arr := newJSONArray(w)
	if err := each(func(v T) error { return arr.add(v) }); err != nil {
		return err
	}
	if err := arr.close(empty); err != nil {
		return err
	}
	if w, err = z.Create(name + ".csv"); err != nil {
		return err
	}
	t, err := newTable(w, reflect.TypeFor[T]())
	if err != nil {
		return err
	}
	if err := each(func(v T) error { return t.row(reflect.ValueOf(v)) }); err != nil {
		return err
	}
	return t.close()
}

// jsonArray writes a JSON array an element at a time, byte for byte as
// json.Encoder with SetIndent("", "  ") writes the whole slice.
type jsonArray struct {
	w   io.Writer
	buf bytes.Buffer
	enc *json.Encoder
	n   int
}

func newJSONArray(w io.Writer) *jsonArray {
	a := &jsonArray{w: w}
	a.enc = json.NewEncoder(&a.buf)
	a.enc.SetIndent("  ", "  ") // an element's lines sit one level in
	return a
}

// add writes v as the array's next element.
func (a *jsonArray) add(v any) error {
	a.buf.Reset()
	if a.n == 0 {
		a.buf.WriteString("[\n  ")
	} else {
		a.buf.WriteString(",\n  ")
	}
	a.n++
	if err := a.enc.Encode(v); err != nil {
		return err
	}
	a.buf.Truncate(a.buf.Len() - 1) // Encode's newline
	_, err := a.w.Write(a.buf.Bytes())
	return err
}

// close ends the array; with no element it writes empty ("[]", or "null"
// for what was a nil slice) instead.
func (a *jsonArray) close(empty string) error {
	end := "\n]\n"
	if a.n == 0 {
		end = empty + "\n"
	}
	_, err := io.WriteString(a.w, end)
	return err
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
