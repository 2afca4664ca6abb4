package clientfile_test

import (
	"fmt"
	"strings"
	"testing"

	"agendo/internal/clientfile"
)

// latin1CSV is what Excel in Brazil saves as "CSV (separado por vírgulas)":
// Windows-1252, ';', CRLF, with the usual mess.
var latin1CSV = []byte("Nome;Telefone;Observa\xe7\xf5es\r\n" +
	"Jo\xe3o da Silva;(11) 91234-5678;\"Cliente antiga; prefere\r\nmanh\xe3\"\r\n" +
	";;\r\n" + // a blank row
	"Maria Concei\xe7\xe3o;11988887777\r\n" + // a short row
	"  Ana  ; 11 97777-6666 ;\x93VIP\x94 \x96 paga em \x80 \r\n")

func TestReadLatin1CSV(t *testing.T) {
	got := mustRead(t, "clientes.csv", latin1CSV)
	if got.Kind != clientfile.CSV {
		t.Errorf("got kind %q, want %q", got.Kind, clientfile.CSV)
	}
	wantHeader(t, got, "Nome", "Telefone", "Observações")
	wantRows(t, got, [][]string{
		{"João da Silva", "(11) 91234-5678", "Cliente antiga; prefere\nmanhã"},
		{"Maria Conceição", "11988887777", ""},
		{"Ana", "11 97777-6666", "“VIP” – paga em €"},
	}, []int{2, 5, 6})
}

func TestReadCSVEncodingsAndDelimiters(t *testing.T) {
	tests := []struct {
		name   string
		data   []byte
		header []string
		rows   [][]string
		lines  []int
	}{
		{
			name:   "utf-8 with BOM and commas",
			data:   []byte("\ufeffNome,Telefone,E-mail\nJoão,11912345678,joao@example.com\n"),
			header: []string{"Nome", "Telefone", "E-mail"},
			rows:   [][]string{{"João", "11912345678", "joao@example.com"}},
			lines:  []int{2},
		},
		{
			name:   "utf-16le with BOM (Excel Unicode text)",
			data:   utf16Bytes(crlf("Nome\tTelefone\nJoão Conceição\t11912345678\n"), false),
			header: []string{"Nome", "Telefone"},
			rows:   [][]string{{"João Conceição", "11912345678"}},
			lines:  []int{2},
		},
		{
			name:   "utf-16be with BOM",
			data:   utf16Bytes("Nome;Telefone\nAçucena;11912345678\n", true),
			header: []string{"Nome", "Telefone"},
			rows:   [][]string{{"Açucena", "11912345678"}},
			lines:  []int{2},
		},
		{
			name:   "sep= hint line honoured and skipped",
			data:   []byte(crlf("sep=,\nNome,Observações\nAna,\"gosta; de chá\"\nBia,a;b\n")),
			header: []string{"Nome", "Observações"},
			rows:   [][]string{{"Ana", "gosta; de chá"}, {"Bia", "a;b"}},
			lines:  []int{3, 4},
		},
		{
			name:   "tab separated",
			data:   []byte("Nome\tTelefone\tObs\nAna Paula\t11 91234-5678\tcliente, desde 2019\n"),
			header: []string{"Nome", "Telefone", "Obs"},
			rows:   [][]string{{"Ana Paula", "11 91234-5678", "cliente, desde 2019"}},
			lines:  []int{2},
		},
		{
			name:   "semicolon wins over commas in quotes",
			data:   []byte("\"Nome, completo\";Telefone\n\"Silva, Ana\";119\n"),
			header: []string{"Nome, completo", "Telefone"},
			rows:   [][]string{{"Silva, Ana", "119"}},
			lines:  []int{2},
		},
		{
			name:   "valid utf-8 kept as is",
			data:   []byte("Nome;Obs\nJosé Ñandú;café ☕ 😀 – “ok”\n"),
			header: []string{"Nome", "Obs"},
			rows:   [][]string{{"José Ñandú", "café ☕ 😀 – “ok”"}},
			lines:  []int{2},
		},
		{
			name:   "old mac CR line endings",
			data:   []byte("Nome;Telefone\rAna;119\r\rBia;118\r"),
			header: []string{"Nome", "Telefone"},
			rows:   [][]string{{"Ana", "119"}, {"Bia", "118"}},
			lines:  []int{2, 4},
		},
		{
			name:   "formula kept for the caller to refuse",
			data:   []byte("Nome;Telefone\n=HYPERLINK(\"http://x\");119\n\"=1+1\";118\n"),
			header: []string{"Nome", "Telefone"},
			rows:   [][]string{{"=HYPERLINK(\"http://x\")", "119"}, {"=1+1", "118"}},
			lines:  []int{2, 3},
		},
		{
			name:   "empty header names and trailing empty columns",
			data:   []byte("Nome;;Telefone;;;\nAna;x;119;;;\nBia;;118\n"),
			header: []string{"Nome", "Coluna 2", "Telefone"},
			rows:   [][]string{{"Ana", "x", "119"}, {"Bia", "", "118"}},
			lines:  []int{2, 3},
		},
		{
			name:   "unnamed trailing column with data is kept",
			data:   []byte("Nome;Telefone;\nAna;119;VIP\n"),
			header: []string{"Nome", "Telefone", "Coluna 3"},
			rows:   [][]string{{"Ana", "119", "VIP"}},
			lines:  []int{2},
		},
		{
			name:   "longer row trimmed to the header",
			data:   []byte("Nome,Telefone\nAna,119,sobra\n"),
			header: []string{"Nome", "Telefone"},
			rows:   [][]string{{"Ana", "119"}},
			lines:  []int{2},
		},
		{
			name:   "no header row: first row is a client",
			data:   []byte("Ana Silva;(11) 91234-5678;ana@example.com\nBia;11988887777\n"),
			header: []string{"Coluna 1", "Coluna 2", "Coluna 3"},
			rows:   [][]string{{"Ana Silva", "(11) 91234-5678", "ana@example.com"}, {"Bia", "11988887777", ""}},
			lines:  []int{1, 2},
		},
		{
			name:   "blank lines before the header",
			data:   []byte("\n \n;;\nNome;Telefone\nAna;119\n"),
			header: []string{"Nome", "Telefone"},
			rows:   [][]string{{"Ana", "119"}},
			lines:  []int{5},
		},
		{
			name:   "report title rows above the header",
			data:   []byte("Relatório de clientes;;\nGerado em 01/02/2024 às 10:00;;\n;;\nNome;Telefone;Obs\nAna;119;x\n"),
			header: []string{"Nome", "Telefone", "Obs"},
			rows:   [][]string{{"Ana", "119", "x"}},
			lines:  []int{5},
		},
		{
			name:   "one column with a row of two later",
			data:   []byte("Nome\nAna\nBia,obs\n"),
			header: []string{"Nome"},
			rows:   [][]string{{"Ana"}, {"Bia"}},
			lines:  []int{2, 3},
		},
		{
			name:   "a title above a list without header",
			data:   []byte("Minhas clientes;\nAna;11912345678\nBia;11988887777\n"),
			header: []string{"Coluna 1", "Coluna 2"},
			rows:   [][]string{{"Minhas clientes", ""}, {"Ana", "11912345678"}, {"Bia", "11988887777"}},
			lines:  []int{1, 2, 3},
		},
		{
			name:   "single column",
			data:   []byte("Nome\nAna\nBia\n"),
			header: []string{"Nome"},
			rows:   [][]string{{"Ana"}, {"Bia"}},
			lines:  []int{2, 3},
		},
		{
			name:   "an .xls that is really tab-separated text",
			data:   []byte("Nome\tCelular\nAna\t119\n"),
			header: []string{"Nome", "Celular"},
			rows:   [][]string{{"Ana", "119"}},
			lines:  []int{2},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			name := "clientes.csv"
			if strings.HasPrefix(tt.name, "an .xls") {
				name = "clientes.xls"
			}
			got := mustRead(t, name, tt.data)
			wantHeader(t, got, tt.header...)
			wantRows(t, got, tt.rows, tt.lines)
		})
	}
}

func TestReadRowLimit(t *testing.T) {
	csv := func(rows int) []byte {
		var b strings.Builder
		b.WriteString("Nome;Telefone\n")
		for i := range rows {
			fmt.Fprintf(&b, "Cliente %d;119%08d\n", i, i)
		}
		return []byte(b.String())
	}
	got := mustRead(t, "clientes.csv", csv(clientfile.MaxRows))
	if len(got.Rows) != clientfile.MaxRows {
		t.Errorf("got %d rows, want %d", len(got.Rows), clientfile.MaxRows)
	}
	wantRefusal(t, "clientes.csv", csv(clientfile.MaxRows+1), msgTooManyRows)
}

func csv5000() []byte {
	var b strings.Builder
	b.WriteString("Nome;Celular;Telefone;E-mail;Data de Nascimento;Observações\r\n")
	for i := range 5000 {
		fmt.Fprintf(&b, "Cliente Número %d;(11) 9%04d-%04d;;cliente%d@example.com;%02d/%02d/19%02d;\"prefere manhã; traz a filha\"\r\n",
			i, i%10000, i, i, i%28+1, i%12+1, i%100)
	}
	return []byte(b.String())
}

func BenchmarkReadCSV5000(b *testing.B) {
	data := csv5000()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		t, err := clientfile.Read("clientes.csv", data)
		if err != nil || len(t.Rows) != 5000 {
			b.Fatalf("got %d rows, %v; want 5000 rows", len(t.Rows), err)
		}
	}
}
