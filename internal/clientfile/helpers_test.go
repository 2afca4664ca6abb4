package clientfile_test

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"

	"agendo/internal/clientfile"
)

func mustRead(tb testing.TB, name string, data []byte) clientfile.Table {
	tb.Helper()
	t, err := clientfile.Read(name, data)
	if err != nil {
		tb.Fatalf("Read(%q): got error %v, want none", name, err)
	}
	checkShape(tb, t)
	return t
}

// checkShape asserts what every successful Read promises.
func checkShape(tb testing.TB, t clientfile.Table) {
	tb.Helper()
	if len(t.Rows) == 0 {
		tb.Fatalf("got no rows, want at least one")
	}
	if len(t.Lines) != len(t.Rows) {
		tb.Fatalf("got %d lines for %d rows, want one per row", len(t.Lines), len(t.Rows))
	}
	for i, r := range t.Rows {
		if len(r) != len(t.Header) {
			tb.Fatalf("row %d: got %d cells, want %d (len(Header))", i, len(r), len(t.Header))
		}
		if i > 0 && t.Lines[i] <= t.Lines[i-1] {
			tb.Fatalf("Lines not strictly increasing: %v", t.Lines)
		}
	}
	if t.Lines[0] < 1 {
		tb.Fatalf("got first line %d, want >= 1", t.Lines[0])
	}
}

func wantRefusal(tb testing.TB, name string, data []byte, msg string) {
	tb.Helper()
	_, err := clientfile.Read(name, data)
	var e *clientfile.Error
	if !errors.As(err, &e) {
		tb.Fatalf("Read(%q): got error %v, want *clientfile.Error", name, err)
	}
	if e.Message != msg {
		tb.Fatalf("Read(%q): got message %q, want %q", name, e.Message, msg)
	}
}

func wantRows(tb testing.TB, t clientfile.Table, rows [][]string, lines []int) {
	tb.Helper()
	if !slices.EqualFunc(t.Rows, rows, slices.Equal) {
		tb.Errorf("got rows\n%q\nwant\n%q", t.Rows, rows)
	}
	if lines != nil && !slices.Equal(t.Lines, lines) {
		tb.Errorf("got lines %v, want %v", t.Lines, lines)
	}
}

func wantHeader(tb testing.TB, t clientfile.Table, header ...string) {
	tb.Helper()
	if !slices.Equal(t.Header, header) {
		tb.Errorf("got header %q, want %q", t.Header, header)
	}
}

func utf16Bytes(s string, bigEndian bool) []byte {
	var b []byte
	if bigEndian {
		b = []byte{0xfe, 0xff}
	} else {
		b = []byte{0xff, 0xfe}
	}
	for _, u := range utf16.Encode([]rune(s)) {
		if bigEndian {
			b = append(b, byte(u>>8), byte(u))
		} else {
			b = append(b, byte(u), byte(u>>8))
		}
	}
	return b
}

func crlf(s string) string { return strings.ReplaceAll(s, "\n", "\r\n") }

const (
	msgUnsupported = "Este arquivo não é uma planilha CSV ou XLSX nem um vCard (.vcf). Exporte os clientes do outro sistema em CSV e tente de novo."
	msgOldExcel    = "Planilhas do Excel antigo (.xls) não são lidas: abra no Excel ou no Google Planilhas e salve como .xlsx ou CSV."
	msgTooBig      = "O arquivo tem mais de 10 MB. Divida a lista em arquivos menores e importe um de cada vez."
	msgTooManyRows = "O arquivo tem mais de 20.000 linhas. Divida a lista em arquivos menores e importe um de cada vez."
	msgEmpty       = "O arquivo está vazio: nenhum cliente para importar."
)
