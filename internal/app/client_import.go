package app

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"agendo/internal/clientfile"
	"agendo/internal/domain"
	"agendo/internal/store"
)

// Importing clients (issue 29): a salon switching in from a notebook,
// Trinks, Booksy or Google Contacts brings its client list as a file. The
// preview reads it, maps its columns and says, row by row, who is new, who
// is already a client (the same phone, however it is written), who repeats
// an earlier row and what is wrong; the import adds the new ones in one
// transaction and can be undone for ImportUndoDays. The file is sent again
// for each step: nothing of it is kept on the server.

// ImportUndoDays is how long an import can be undone.
const ImportUndoDays = 7

// The statuses of a row of an import.
const (
	ImportNew       = "new"       // imported
	ImportDuplicate = "duplicate" // the phone is a client's already: left as it is
	ImportRepeated  = "repeated"  // the phone of an earlier row of the file
	ImportInvalid   = "invalid"   // not imported, for the reasons given
)

// ImportFields are the fields a column maps to ("" leaves it out).
var ImportFields = []string{"", string(clientfile.Name), string(clientfile.FirstName), string(clientfile.LastName),
	string(clientfile.Phone), string(clientfile.Phone2), string(clientfile.Email), string(clientfile.Birthday),
	string(clientfile.Notes), string(clientfile.Tags)}

// ImportRow is one row of the file, read.
type ImportRow struct {
	Line     int      `json:"line" doc:"A linha do arquivo (no vCard, o número do contato)"`
	Status   string   `json:"status" enum:"importStatus"`
	Name     string   `json:"name"`
	Phone    string   `json:"phone" doc:"Em E.164; vazio quando não se lê um telefone"`
	Phone2   string   `json:"phone2"`
	Email    string   `json:"email"`
	Birthday string   `json:"birthday" doc:"AAAA-MM-DD, ou --MM-DD sem o ano"`
	Notes    string   `json:"notes"`
	Tags     []string `json:"tags"`
	Problems []string `json:"problems" doc:"Por que a linha não entra (status invalid)"`
	Warnings []string `json:"warnings" doc:"O que foi deixado de fora de uma linha que entra (um e-mail ou aniversário ilegível)"`
	Existing string   `json:"existing" doc:"O nome do cliente que já tem o telefone (duplicate), ou a linha que já o trouxe (repeated)"`
}

// ImportPreview is a file read and checked, before anything is written.
type ImportPreview struct {
	FileName   string      `json:"fileName"`
	Kind       string      `json:"kind" enum:"importKind"`
	Header     []string    `json:"header"`
	Samples    [][]string  `json:"samples" doc:"Até 3 valores de exemplo de cada coluna"`
	Mapping    []string    `json:"mapping" doc:"O campo de cada coluna (vazio: não importada)"`
	Rows       []ImportRow `json:"rows"`
	New        int         `json:"new"`
	Duplicates int         `json:"duplicates"`
	Repeated   int         `json:"repeated"`
	Invalid    int         `json:"invalid"`
}

// ImportResult is an import done, and whether it can still be undone.
type ImportResult struct {
	store.ClientImport
	Duplicates int       `json:"duplicates"`
	Repeated   int       `json:"repeated"`
	Invalid    int       `json:"invalid"`
	UndoUntil  time.Time `json:"undoUntil"`
	CanUndo    bool      `json:"canUndo"`
}

// ImportUndone says what an undo did.
type ImportUndone struct {
	Removed int `json:"removed" doc:"Clientes apagados"`
	Kept    int `json:"kept" doc:"Clientes que ficaram porque já agendaram depois da importação"`
}

// ClientImports are the latest imports.
type ClientImports struct {
	Items []ImportResult `json:"items"`
}

// readImport reads the file and maps its columns: mappingJSON (a list of
// ImportFields by column) when given, else the guess. Errors: invalid (a
// file refused, a bad mapping).
func readImport(name string, data []byte, mappingJSON string) (clientfile.Table, []clientfile.Field, error) {
	if len(data) == 0 {
		return clientfile.Table{}, nil, domain.Invalid("Escolha o arquivo com os clientes", map[string]string{"file": "Escolha um arquivo"})
	}
	t, err := clientfile.Read(name, data)
	var fe *clientfile.Error
	if errors.As(err, &fe) {
		return t, nil, domain.Invalid(fe.Message, map[string]string{"file": fe.Message})
	} else if err != nil {
		return t, nil, err
	}
	fields := clientfile.Guess(t.Header)
	if strings.TrimSpace(mappingJSON) == "" {
		return t, fields, nil
	}
	var mapping []string
	if err := json.Unmarshal([]byte(mappingJSON), &mapping); err != nil || len(mapping) > len(t.Header) {
		return t, nil, domain.Invalid("A escolha das colunas não corresponde ao arquivo: escolha o arquivo de novo",
			map[string]string{"mapping": "Escolha inválida"})
	}
	fields = make([]clientfile.Field, len(t.Header))
	seen := map[string]int{}
	for i, f := range mapping {
		if !slices.Contains(ImportFields, f) {
			return t, nil, domain.Invalid("Campo desconhecido na escolha das colunas", map[string]string{"mapping": "Campo desconhecido"})
		}
		if j, dup := seen[f]; dup && f != "" {
			msg := fmt.Sprintf("As colunas %q e %q estão no mesmo campo: escolha um campo para cada coluna", t.Header[j], t.Header[i])
			return t, nil, domain.Invalid(msg, map[string]string{"mapping": msg})
		}
		seen[f] = i
		fields[i] = clientfile.Field(f)
	}
	return t, fields, nil
}

// isFormula tells a spreadsheet formula (=, @, or + and - before what no
// phone or number starts with), which a later spreadsheet would run.
func isFormula(s string) bool {
	if s == "" {
		return false
	}
	switch s[0] {
	case '=', '@':
		return true
	case '+', '-':
		r, _ := utf8.DecodeRuneInString(s[1:])
		return !(r >= '0' && r <= '9' || r == ' ' || r == '(' || r == utf8.RuneError)
	}
	return false
}

// fieldNames name the fields in the rows' messages.
var fieldNames = map[clientfile.Field]string{
	clientfile.Name: "Nome", clientfile.FirstName: "Nome", clientfile.LastName: "Sobrenome", clientfile.Phone: "Telefone",
	clientfile.Phone2: "Outro telefone", clientfile.Email: "E-mail", clientfile.Birthday: "Aniversário",
	clientfile.Notes: "Observações", clientfile.Tags: "Etiquetas",
}

// readRow reads one row as a client, cleaned, with its problems (it is
// not imported) and warnings (what is left out of it).
func readRow(cells []string, fields []clientfile.Field, ddd string) ImportRow {
	var r ImportRow
	var first, last, phone, phone2, email, birthday, notes []string
	var tags []string
	for i, f := range fields {
		if f == clientfile.None || i >= len(cells) || cells[i] == "" {
			continue
		}
		v := cells[i]
		if isFormula(v) {
			r.Problems = append(r.Problems, fmt.Sprintf("Fórmula de planilha na coluna %s (%s): a linha não entra",
				fieldNames[f], clip(v, 30)))
			continue
		}
		switch f {
		case clientfile.Name, clientfile.FirstName:
			first = append(first, v)
		case clientfile.LastName:
			last = append(last, v)
		case clientfile.Phone:
			phone = append(phone, v)
		case clientfile.Phone2:
			phone2 = append(phone2, v)
		case clientfile.Email:
			email = append(email, v)
		case clientfile.Birthday:
			birthday = append(birthday, v)
		case clientfile.Notes:
			notes = append(notes, v)
		case clientfile.Tags:
			tags = append(tags, v)
		}
	}
	name, ok := domain.CleanName(strings.Join(append(first, last...), " "))
	switch {
	case name == "":
		r.Problems = append(r.Problems, "Sem nome")
	case !ok:
		r.Problems = append(r.Problems, "Nome inválido (até 120 caracteres)")
	}
	r.Name = name
	// A row with only another phone (a landline) has it as its phone.
	if len(phone) == 0 && len(phone2) > 0 {
		phone, phone2 = phone2[:1], phone2[1:]
	}
	var problem string
	r.Phone, problem = domain.ReadContactPhone(strings.Join(phone, " "), ddd)
	if problem != "" {
		r.Problems = append(r.Problems, problem)
	}
	if len(phone2) > 0 {
		p2, problem := domain.ReadContactPhone(phone2[0], ddd)
		if problem != "" {
			r.Warnings = append(r.Warnings, "Outro telefone ignorado: "+lowerFirst(problem))
		} else if p2 != r.Phone {
			r.Phone2 = p2
		}
	}
	if len(email) > 0 {
		if e, ok := domain.NormalizeEmail(email[0]); ok {
			r.Email = e
		} else {
			r.Warnings = append(r.Warnings, "E-mail ignorado: "+clip(email[0], 40)+" não é um e-mail")
		}
	}
	if len(birthday) > 0 {
		if b, ok := domain.ReadBirthday(birthday[0]); ok {
			r.Birthday = b
		} else {
			r.Warnings = append(r.Warnings, "Aniversário ignorado: "+clip(birthday[0], 20)+" não é uma data")
		}
	}
	if n := strings.Join(notes, "\n"); n != "" {
		if utf8.RuneCountInString(n) > domain.MaxClientNotesLen {
			n = string([]rune(n)[:domain.MaxClientNotesLen])
			r.Warnings = append(r.Warnings, fmt.Sprintf("Observações cortadas em %d caracteres", domain.MaxClientNotesLen))
		}
		if clean, ok := domain.CleanText(n, domain.MaxClientNotesLen); ok {
			r.Notes = clean
		} else {
			r.Warnings = append(r.Warnings, "Observações ignoradas: têm caracteres de controle")
		}
	}
	r.Tags, problem = domain.CleanTags(tags)
	if problem != "" {
		r.Tags = slices.DeleteFunc(r.Tags, func(t string) bool { return utf8.RuneCountInString(t) > domain.MaxTagLen })
		r.Tags = r.Tags[:min(len(r.Tags), domain.MaxTags)]
		r.Warnings = append(r.Warnings, fmt.Sprintf("Etiquetas: ficaram as %d primeiras de até %d caracteres", len(r.Tags), domain.MaxTagLen))
	}
	if len(r.Problems) > 0 {
		r.Status = ImportInvalid
	}
	return r
}

// clip shortens s to n characters for a message.
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n]) + "…"
}

// lowerFirst lowercases a message's first letter, to follow a colon.
func lowerFirst(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	return strings.ToLower(string(r)) + s[size:]
}

// checkImport reads every row and marks the duplicates (of clients and of
// earlier rows) in tx.
func checkImport(ctx context.Context, tx *store.Tx, storeID, name string, t clientfile.Table, fields []clientfile.Field) (ImportPreview, error) {
	out := ImportPreview{FileName: name, Kind: string(t.Kind), Header: t.Header, Rows: make([]ImportRow, len(t.Rows))}
	out.Mapping = make([]string, len(fields))
	for i, f := range fields {
		out.Mapping[i] = string(f)
	}
	out.Samples = make([][]string, len(t.Header))
	for c := range t.Header {
		out.Samples[c] = []string{}
		for _, row := range t.Rows {
			if len(out.Samples[c]) == 3 {
				break
			}
			if c < len(row) && row[c] != "" {
				out.Samples[c] = append(out.Samples[c], clip(row[c], 60))
			}
		}
	}
	ddd, err := storeDDD(ctx, tx, storeID)
	if err != nil {
		return out, err
	}
	var phones []string
	firstLine := map[string]int{}
	for i, cells := range t.Rows {
		r := readRow(cells, fields, ddd)
		r.Line = t.Lines[i]
		if r.Status == "" {
			if line, seen := firstLine[r.Phone]; seen {
				r.Status, r.Existing = ImportRepeated, fmt.Sprintf("linha %d", line)
			} else {
				firstLine[r.Phone] = r.Line
				phones = append(phones, r.Phone)
			}
		}
		out.Rows[i] = r
	}
	known, err := tx.ClientNames(ctx, storeID, phones)
	if err != nil {
		return out, err
	}
	for i := range out.Rows {
		r := &out.Rows[i]
		if r.Status == "" {
			if existing, ok := known[r.Phone]; ok {
				r.Status, r.Existing = ImportDuplicate, existing
			} else {
				r.Status = ImportNew
			}
		}
		if r.Tags == nil {
			r.Tags = []string{}
		}
		if r.Problems == nil {
			r.Problems = []string{}
		}
		if r.Warnings == nil {
			r.Warnings = []string{}
		}
		switch r.Status {
		case ImportNew:
			out.New++
		case ImportDuplicate:
			out.Duplicates++
		case ImportRepeated:
			out.Repeated++
		default:
			out.Invalid++
		}
	}
	return out, nil
}

// beginImport takes one of the instance's places to read a file. Errors:
// rate_limited when they stay taken.
func (a *App) beginImport(ctx context.Context) (func(), error) {
	ctx, cancel := context.WithTimeout(ctx, uploadMaxWait)
	defer cancel()
	select {
	case a.imports <- struct{}{}:
		return func() { <-a.imports }, nil
	case <-ctx.Done():
		return nil, &domain.Error{Code: domain.CodeRateLimited, RetryAfterSeconds: 10,
			Message: "Muitas importações ao mesmo tempo. Tente de novo em alguns segundos."}
	}
}

// openImport refuses a profissional, takes one of the instance's places to
// read a file and reads it; release gives the place back. Errors:
// forbidden, rate_limited, those of readImport.
func (a *App) openImport(ctx context.Context, p Principal, name string, data []byte, mapping string) (clientfile.Table, []clientfile.Field, func(), error) {
	if p.own() != "" {
		return clientfile.Table{}, nil, nil, domain.ErrForbidden
	}
	release, err := a.beginImport(ctx)
	if err != nil {
		return clientfile.Table{}, nil, nil, err
	}
	t, fields, err := readImport(name, data, mapping)
	if err != nil {
		release()
		return t, nil, nil, err
	}
	return t, fields, release, nil
}

// PreviewImport reads a file of clients and says what importing it would
// do, writing nothing. Errors: forbidden (a profissional), invalid (a file
// refused whole, a bad mapping), rate_limited.
func (a *App) PreviewImport(ctx context.Context, p Principal, name string, data []byte, mapping string) (ImportPreview, error) {
	t, fields, release, err := a.openImport(ctx, p, name, data, mapping)
	if err != nil {
		return ImportPreview{}, err
	}
	defer release()
	var out ImportPreview
	err = a.db.Read(ctx, func(tx *store.Tx) error {
		out, err = checkImport(ctx, tx, p.StoreID, cleanFileName(name), t, fields)
		return err
	})
	return out, err
}

// cleanFileName is a file's name as the list of imports shows it.
func cleanFileName(name string) string {
	name = name[strings.LastIndexAny(name, `/\`)+1:]
	if clean, ok := domain.CleanName(name); ok {
		return clean
	}
	return "clientes"
}

// ImportClients adds the new clients of a file, all in one transaction
// (the rows the preview would mark new, read again now), and records the
// import for its undo. Errors: forbidden (a profissional), invalid (a file
// refused whole, a bad mapping, nothing new to import), rate_limited.
func (a *App) ImportClients(ctx context.Context, p Principal, name string, data []byte, mapping string) (ImportResult, error) {
	t, fields, release, err := a.openImport(ctx, p, name, data, mapping)
	if err != nil {
		return ImportResult{}, err
	}
	defer release()
	now := a.Now()
	out := ImportResult{ClientImport: store.ClientImport{ID: newID(), FileName: cleanFileName(name), CreatedAt: now}}
	err = a.db.Write(ctx, func(tx *store.Tx) error {
		pv, err := checkImport(ctx, tx, p.StoreID, out.FileName, t, fields)
		if err != nil {
			return err
		}
		var add []store.NewClient
		for _, r := range pv.Rows {
			if r.Status == ImportNew {
				add = append(add, store.NewClient{Phone: r.Phone, Name: r.Name, Record: domain.ClientRecord{
					Phone2: r.Phone2, Email: r.Email, Birthday: r.Birthday, Notes: r.Notes, Tags: r.Tags}})
			}
		}
		if len(add) == 0 {
			return domain.Invalid("Nenhum cliente novo para importar: confira as colunas escolhidas e as linhas com erro", nil)
		}
		added, err := tx.AddClients(ctx, p.StoreID, out.ID, add)
		if err != nil {
			return err
		}
		// A client added since the preview read (by hand, by a booking)
		// is a duplicate now.
		out.Added, out.Duplicates, out.Repeated, out.Invalid = len(added), pv.Duplicates+len(add)-len(added), pv.Repeated, pv.Invalid
		return tx.AddClientImport(ctx, p.StoreID, p.UserID, out.ClientImport)
	})
	if err != nil {
		return ImportResult{}, err
	}
	a.undoable(&out)
	a.log.InfoContext(ctx, "clients imported", "user_id", p.StoreID, "import", out.ID, "added", out.Added,
		"duplicates", out.Duplicates, "invalid", out.Invalid)
	a.publish(p.StoreID, domain.EventClientUpdated, "")
	return out, nil
}

// undoable sets until when an import can be undone, and whether it can.
func (a *App) undoable(r *ImportResult) {
	r.UndoUntil = r.CreatedAt.AddDate(0, 0, ImportUndoDays)
	r.CanUndo = r.UndoneAt == nil && a.Now().Before(r.UndoUntil)
}

// ListClientImports returns the latest imports (20). Errors: forbidden (a
// profissional).
func (a *App) ListClientImports(ctx context.Context, p Principal) (ClientImports, error) {
	if p.own() != "" {
		return ClientImports{}, domain.ErrForbidden
	}
	out := ClientImports{Items: []ImportResult{}}
	err := a.db.Read(ctx, func(tx *store.Tx) error {
		list, err := tx.ClientImports(ctx, p.StoreID, 20)
		for _, c := range list {
			r := ImportResult{ClientImport: c}
			a.undoable(&r)
			out.Items = append(out.Items, r)
		}
		return err
	})
	return out, err
}

// UndoClientImport deletes the clients an import added, but those who
// booked since, within ImportUndoDays. Errors: forbidden (a profissional),
// not_found, invalid (undone already, or too late).
func (a *App) UndoClientImport(ctx context.Context, p Principal, id string) (ImportUndone, error) {
	if p.own() != "" {
		return ImportUndone{}, domain.ErrForbidden
	}
	var out ImportUndone
	err := a.db.Write(ctx, func(tx *store.Tx) error {
		now := a.Now()
		ok, err := tx.MarkImportUndone(ctx, p.StoreID, id, now.AddDate(0, 0, -ImportUndoDays), now)
		if err != nil {
			return err
		}
		if !ok {
			c, err := tx.ClientImport(ctx, p.StoreID, id)
			if err != nil {
				return err
			}
			if c.UndoneAt != nil {
				return domain.Invalid("Esta importação já foi desfeita", nil)
			}
			return domain.Invalid(fmt.Sprintf("Passaram os %d dias para desfazer esta importação", ImportUndoDays), nil)
		}
		out.Removed, out.Kept, err = tx.UndoClientImport(ctx, p.StoreID, id)
		return err
	})
	if err != nil {
		return ImportUndone{}, err
	}
	a.log.InfoContext(ctx, "client import undone", "user_id", p.StoreID, "import", id, "removed", out.Removed, "kept", out.Kept)
	a.publish(p.StoreID, domain.EventClientUpdated, "")
	return out, nil
}
