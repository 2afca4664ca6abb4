package app_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"agendo/internal/app"
	"agendo/internal/domain"
	"agendo/internal/store"
	"agendo/internal/store/storetest"
)

// latin1 encodes s as Windows-1252, as Brazilian Excel saves a CSV.
func latin1(t testing.TB, s string) []byte {
	t.Helper()
	out := make([]byte, 0, len(s))
	for _, r := range s {
		if r > 0xff {
			t.Fatalf("%q is not Latin-1", r)
		}
		out = append(out, byte(r))
	}
	return out
}

// messyCSV is a client list as a salon's old system exports it: Latin-1,
// ';', CRLF, phones in every format, a duplicate, a formula.
const messyCSV = "Nome;Celular;Telefone;E-mail;Data de Nascimento;Observações;Tags\r\n" +
	"Ana Paula Conceição;11 91234-5678;;ana@exemplo.com.br;15/03/1985;Alérgica a amônia;VIP, noiva\r\n" +
	"Bruna Lima;+55 (11) 1234-5678;;;;;\r\n" + // Ana's phone without the ninth digit
	"Carla Dias;98765-4321;;;;\"Prefere manhã; chega cedo\";\r\n" + // no DDD: the store's
	"\"=HYPERLINK(\"\"http://exemplo.com\"\";\"\"Clique\"\")\";11 95555-0000;;;;;\r\n" +
	"Maria Souza;(11) 98888-7777;;;;;\r\n" + // a client already
	"Sem Telefone;;;;;;\r\n" +
	"Diego Martín;+1 415 555 0100;;;;;\r\n" +
	"Élaine Gonçalves;;(21) 3333-4444;email-ruim;31/02/1990;;\r\n" + // a landline only, a bad email and birthday
	"\r\n"

// TestAMessyClientListIsPreviewedImportedAndUndone: the preview reads a
// Latin-1 CSV and says row by row what the import will do, writing
// nothing; the import adds the new clients at once; the undo deletes them,
// but the one who booked since; a second undo, or one after 7 days, is
// refused.
func TestAMessyClientListIsPreviewedImportedAndUndone(t *testing.T) {
	storetest.Run(t, func(t *testing.T, db *store.DB) {
		a, clock := newApp(t, db)
		ctx := context.Background()
		s := openSalon(t, a, "importa@example.com") // the store's phone is (11) 3456-7890
		s.book(t, a, "(11) 98888-7777", day(1), "10:00", "")
		file := latin1(t, messyCSV)

		pv, err := a.PreviewImport(ctx, s.owner, "C:\\Users\\Dona\\clientes antigos.csv", file, "")
		if err != nil {
			t.Fatal(err)
		}
		if pv.FileName != "clientes antigos.csv" || pv.Kind != "csv" || strings.Join(pv.Mapping, ",") != "name,phone,phone2,email,birthday,notes,tags" {
			t.Fatalf("preview: %q %q %q", pv.FileName, pv.Kind, pv.Mapping)
		}
		var got []string
		for _, r := range pv.Rows {
			got = append(got, fmt.Sprintf("%d %s %s %s %s|%s", r.Line, r.Status, r.Name, r.Phone, r.Existing, strings.Join(append(r.Problems, r.Warnings...), "; ")))
		}
		want := []string{
			"2 new Ana Paula Conceição +5511912345678 |",
			"3 repeated Bruna Lima +5511912345678 linha 2|",
			"4 new Carla Dias +5511987654321 |",
			"5 invalid  +5511955550000 |Fórmula de planilha na coluna Nome (=HYPERLINK(\"http://exemplo.com…): a linha não entra; Sem nome",
			"6 duplicate Maria Souza +5511988887777 Maria Souza|",
			"7 invalid Sem Telefone  |Sem telefone",
			"8 invalid Diego Martín  |Telefone do exterior: o Agendo guarda só telefones do Brasil",
			"9 new Élaine Gonçalves +552133334444 |E-mail ignorado: email-ruim não é um e-mail; Aniversário ignorado: 31/02/1990 não é uma data",
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Fatalf("rows:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		if pv.New != 3 || pv.Duplicates != 1 || pv.Repeated != 1 || pv.Invalid != 3 {
			t.Fatalf("counts: %+v", pv)
		}
		if n := clientCount(t, a, s.owner); n != 1 {
			t.Fatalf("the preview wrote: %d clients", n)
		}

		res, err := a.ImportClients(ctx, s.owner, "clientes antigos.csv", file, "")
		if err != nil {
			t.Fatal(err)
		}
		if res.Added != 3 || res.Duplicates != 1 || res.Invalid != 3 || !res.CanUndo || !res.UndoUntil.Equal(res.CreatedAt.AddDate(0, 0, 7)) {
			t.Fatalf("import: %+v", res)
		}
		if n := clientCount(t, a, s.owner); n != 4 {
			t.Fatalf("clients after the import: %d", n)
		}
		d, err := a.ClientHistory(ctx, s.owner, "+5511912345678")
		if err != nil || d.Name != "Ana Paula Conceição" || d.Record.Notes != "Alérgica a amônia" || d.Record.Birthday != "1985-03-15" ||
			strings.Join(d.Record.Tags, ",") != "VIP,noiva" || d.Record.Email != "ana@exemplo.com.br" {
			t.Fatalf("imported client: %+v %+v %v", d.Client, d.Record, err)
		}
		healthy(t, a, s.owner)

		// The same file again: nothing new.
		if _, err := a.ImportClients(ctx, s.owner, "clientes antigos.csv", file, ""); err == nil {
			t.Fatal("the same file imported twice")
		}

		// Carla books before the undo: she stays.
		if _, err := a.CreateAppointment(ctx, s.owner, domain.AppointmentInput{ClientName: "Carla", ClientPhone: "(11) 98765-4321",
			ServiceID: s.corte, ProfessionalID: s.ana, Date: day(2), Time: "10:00", Force: true}); err != nil {
			t.Fatal(err)
		}
		undone, err := a.UndoClientImport(ctx, s.owner, res.ID)
		if err != nil || undone.Removed != 2 || undone.Kept != 1 {
			t.Fatalf("undo: %+v %v", undone, err)
		}
		if n := clientCount(t, a, s.owner); n != 2 {
			t.Fatalf("clients after the undo: %d", n)
		}
		if _, err := a.ClientHistory(ctx, s.owner, "+5511912345678"); !errors.Is(err, domain.ErrNotFound) {
			t.Fatalf("Ana after the undo: %v", err)
		}
		healthy(t, a, s.owner)
		var de *domain.Error
		if _, err := a.UndoClientImport(ctx, s.owner, res.ID); !errors.As(err, &de) || de.Message != "Esta importação já foi desfeita" {
			t.Fatalf("second undo: %v", err)
		}
		list, err := a.ListClientImports(ctx, s.owner)
		if err != nil || len(list.Items) != 1 || list.Items[0].UndoneAt == nil || list.Items[0].CanUndo {
			t.Fatalf("imports: %+v %v", list, err)
		}

		// An import of a vCard, undone too late.
		vcf := "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Fernanda Rocha\r\nTEL;TYPE=CELL:+55 11 97777-1212\r\nBDAY:--0720\r\nNOTE:Cliente desde 2019\r\nEND:VCARD\r\n"
		res, err = a.ImportClients(ctx, s.owner, "contatos.vcf", []byte(vcf), "")
		if err != nil || res.Added != 1 {
			t.Fatalf("vCard: %+v %v", res, err)
		}
		d, err = a.ClientHistory(ctx, s.owner, "+5511977771212")
		if err != nil || d.Record.Birthday != "--07-20" || d.Record.Notes != "Cliente desde 2019" {
			t.Fatalf("vCard client: %+v %v", d.Record, err)
		}
		clock.set(clock.Now().AddDate(0, 0, 8))
		if _, err := a.UndoClientImport(ctx, s.owner, res.ID); !errors.As(err, &de) || !strings.Contains(de.Message, "7 dias") {
			t.Fatalf("late undo: %v", err)
		}
		if _, err := a.UndoClientImport(ctx, s.owner, "nao-existe"); !errors.Is(err, domain.ErrNotFound) {
			t.Fatalf("unknown import: %v", err)
		}
	})
}

// TestAnImportMapsColumnsAndRefusesBadFiles: a mapping chosen by the owner
// replaces the guess; a bad mapping, a binary file and an empty one are
// refused with their messages, and nothing is written.
func TestAnImportMapsColumnsAndRefusesBadFiles(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		ctx := context.Background()
		s := openSalon(t, a, "mapa@example.com")
		file := []byte("Cliente,Contato,Info\nJoana Prado,11 96666-1234,aniversário 10/10\n")
		pv, err := a.PreviewImport(ctx, s.owner, "lista.csv", file, `["name","phone","notes"]`)
		if err != nil || pv.New != 1 || pv.Rows[0].Notes != "aniversário 10/10" {
			t.Fatalf("mapped: %+v %v", pv, err)
		}
		var de *domain.Error
		for mapping, msg := range map[string]string{
			`["name","name",""]`:           `As colunas "Cliente" e "Contato" estão no mesmo campo: escolha um campo para cada coluna`,
			`["nome"]`:                     "Campo desconhecido na escolha das colunas",
			`["name","phone","notes","x"]`: "A escolha das colunas não corresponde ao arquivo: escolha o arquivo de novo",
			`{`:                            "A escolha das colunas não corresponde ao arquivo: escolha o arquivo de novo",
		} {
			if _, err := a.ImportClients(ctx, s.owner, "lista.csv", file, mapping); !errors.As(err, &de) || de.Message != msg {
				t.Errorf("mapping %s: %v", mapping, err)
			}
		}
		for name, data := range map[string][]byte{
			"foto.png":     {0x89, 'P', 'N', 'G', 0, 0, 0, 0, 1, 2, 3},
			"vazio.csv":    {},
			"antigo.xls":   {0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1},
			"so-cabecalho": []byte("Nome;Telefone\r\n"),
		} {
			if _, err := a.ImportClients(ctx, s.owner, name, data, ""); !errors.As(err, &de) || de.Code != domain.CodeInvalid {
				t.Errorf("%s: %v", name, err)
			}
		}
		if n := clientCount(t, a, s.owner); n != 0 {
			t.Fatalf("refusals wrote %d clients", n)
		}
	})
}

// BenchmarkImport5000 previews and imports 5,000 clients, then undoes the
// import, on each engine (issue 29 asks for 5,000 rows in 5 s or less):
//
//	go test -run '^$' -bench Import5000 -benchtime 3x ./internal/app
//	(and with AGENDO_TEST_DATABASE_URL for PostgreSQL)
func BenchmarkImport5000(b *testing.B) {
	var file strings.Builder
	file.WriteString("Nome;Celular;E-mail;Aniversário;Observações\r\n")
	for i := range 5000 {
		fmt.Fprintf(&file, "Cliente Número %d da Silva;(11) 9%04d-%04d;cliente%d@exemplo.com.br;%02d/%02d/1990;Prefere horários pela manhã\r\n",
			i, i/10000, i%10000, i, i%28+1, i%12+1)
	}
	data := latin1(b, file.String())
	engines := []store.Engine{store.SQLite}
	if os.Getenv(storetest.EnvPostgres) != "" {
		engines = append(engines, store.Postgres)
	}
	for _, e := range engines {
		b.Run(string(e), func(b *testing.B) {
			db := storetest.Open(b, e)
			a, _ := newApp(b, db)
			ctx := context.Background()
			s := openSalon(b, a, "bench-import@example.com")
			b.ResetTimer()
			for range b.N {
				start := time.Now()
				pv, err := a.PreviewImport(ctx, s.owner, "clientes.csv", data, "")
				if err != nil || pv.New != 5000 {
					b.Fatalf("preview: %d new, %v", pv.New, err)
				}
				preview := time.Since(start)
				res, err := a.ImportClients(ctx, s.owner, "clientes.csv", data, "")
				if err != nil || res.Added != 5000 {
					b.Fatalf("import: %+v %v", res, err)
				}
				imported := time.Since(start) - preview
				if _, err := a.UndoClientImport(ctx, s.owner, res.ID); err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(preview.Milliseconds()), "preview-ms")
				b.ReportMetric(float64(imported.Milliseconds()), "import-ms")
			}
		})
	}
}

// TestAnUndoRacesBookingsAndItself: four undos of one import at once, while
// twenty of its clients book: one undo runs, every client either goes or
// stays with her booking, and the counts stay true.
func TestAnUndoRacesBookingsAndItself(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		ctx := context.Background()
		s := openSalon(t, a, "desfaz@example.com")
		s.premium(t, db)
		var file strings.Builder
		file.WriteString("Nome;Celular\n")
		for i := range 200 {
			fmt.Fprintf(&file, "Cliente %d;(11) 9%04d-%04d\n", i, 7000+i/10000, i%10000)
		}
		res, err := a.ImportClients(ctx, s.owner, "lista.csv", []byte(file.String()), "")
		if err != nil || res.Added != 200 {
			t.Fatalf("import: %+v %v", res, err)
		}
		var wg sync.WaitGroup
		undos := make(chan app.ImportUndone, 4)
		for range 4 {
			wg.Go(func() {
				if u, err := a.UndoClientImport(ctx, s.owner, res.ID); err == nil {
					undos <- u
				}
			})
		}
		for i := range 20 {
			wg.Go(func() {
				if _, err := a.CreateAppointment(ctx, s.owner, domain.AppointmentInput{ClientName: "Agendou", ClientPhone: fmt.Sprintf("(11) 97000-%04d", i),
					ServiceID: s.corte, ProfessionalID: s.ana, Date: day(1 + i/8), Time: hhmm(i % 8 * 60), Force: true}); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		close(undos)
		var done []app.ImportUndone
		for u := range undos {
			done = append(done, u)
		}
		if len(done) != 1 || done[0].Removed+done[0].Kept != 200 || done[0].Kept > 20 {
			t.Fatalf("undos: %+v", done)
		}
		if n := clientCount(t, a, s.owner); n != 20 {
			t.Fatalf("clients: %d, want the 20 who booked", n)
		}
		healthy(t, a, s.owner)
	})
}

// TestAnExcelWorkbookIsImported: an XLSX as a salon's old system exports
// it, its phone typed as a number and its birthday as a date, imports as
// the CSV does.
func TestAnExcelWorkbookIsImported(t *testing.T) {
	eachEngine(t, func(t *testing.T, db *store.DB, a *app.App) {
		ctx := context.Background()
		s := openSalon(t, a, "planilha@example.com")
		f := excelize.NewFile()
		defer f.Close()
		sheet := f.GetSheetName(0)
		for cell, v := range map[string]any{"A1": "Nome", "B1": "Celular", "C1": "Aniversário", "D1": "Observações",
			"A2": "Conceição Aparecida", "B2": 11912345678, "C2": time.Date(1985, 3, 15, 0, 0, 0, 0, time.UTC), "D2": "Prefere sábado"} {
			if err := f.SetCellValue(sheet, cell, v); err != nil {
				t.Fatal(err)
			}
		}
		style, err := f.NewStyle(&excelize.Style{NumFmt: 14})
		if err != nil {
			t.Fatal(err)
		}
		if err := f.SetCellStyle(sheet, "C2", "C2", style); err != nil {
			t.Fatal(err)
		}
		buf, err := f.WriteToBuffer()
		if err != nil {
			t.Fatal(err)
		}
		res, err := a.ImportClients(ctx, s.owner, "clientes.xlsx", buf.Bytes(), "")
		if err != nil || res.Added != 1 {
			t.Fatalf("import: %+v %v", res, err)
		}
		d, err := a.ClientHistory(ctx, s.owner, "+5511912345678")
		if err != nil || d.Name != "Conceição Aparecida" || d.Record.Birthday != "1985-03-15" || d.Record.Notes != "Prefere sábado" {
			t.Fatalf("client: %+v %+v %v", d.Client, d.Record, err)
		}
	})
}
