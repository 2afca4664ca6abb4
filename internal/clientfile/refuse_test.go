package clientfile_test

import (
	"archive/zip"
	"bytes"
	"math/rand/v2"
	"testing"

	"agendo/internal/clientfile"
)

func zipOf(tb testing.TB, files map[string]string) []byte {
	tb.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for name, body := range files {
		w, err := zw.Create(name)
		if err != nil {
			tb.Fatal(err)
		}
		if _, err := w.Write([]byte(body)); err != nil {
			tb.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

func randomBytes(n int) []byte {
	r := rand.New(rand.NewChaCha8([32]byte{'a', 'g', 'e', 'n', 'd', 'o'}))
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

func TestReadRefusals(t *testing.T) {
	oleHeader := []byte("\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1")
	tests := []struct {
		name     string
		fileName string
		data     []byte
		msg      string
	}{
		{"random binary", "clientes.csv", randomBytes(4096), msgUnsupported},
		{"random binary without NULs", "clientes.csv", bytes.ReplaceAll(randomBytes(4096), []byte{0}, []byte{1}), msgUnsupported},
		{"pdf", "clientes.pdf", []byte("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n"), msgUnsupported},
		{"png", "print.png", append([]byte("\x89PNG\r\n\x1a\n"), randomBytes(64)...), msgUnsupported},
		{"jpeg", "foto.jpg", append([]byte("\xff\xd8\xff\xe0\x00\x10JFIF"), randomBytes(64)...), msgUnsupported},
		{"old xls", "clientes.xls", append(oleHeader, make([]byte, 504)...), msgOldExcel},
		{"old xls named csv", "clientes.csv", append(oleHeader, make([]byte, 504)...), msgOldExcel},
		{"html table named xls", "relatorio.xls", []byte("<html><body><table><tr><td>Nome</td></tr></table></body></html>"), msgOldExcel},
		{"html named csv", "clientes.csv", []byte("<!DOCTYPE html>\n<html><body>Erro 500</body></html>"), msgUnsupported},
		{"zip without workbook", "clientes.xlsx", zipOf(t, map[string]string{"word/document.xml": "<w:document/>"}), msgUnsupported},
		{"ods", "clientes.ods", zipOf(t, map[string]string{"mimetype": "application/vnd.oasis.opendocument.spreadsheet", "content.xml": "<office:document-content/>"}), msgUnsupported},
		{"broken zip", "clientes.xlsx", []byte("PK\x03\x04 not really a zip"), msgUnsupported},
		{"workbook.xml but not a workbook", "clientes.xlsx", zipOf(t, map[string]string{"xl/workbook.xml": "<nope"}), msgUnsupported},
		{"NUL in text", "clientes.csv", []byte("Nome;Telefone\nAna\x00;119\n"), msgUnsupported},
		{"too big", "clientes.csv", bytes.Repeat([]byte("a"), clientfile.MaxBytes+1), msgTooBig},
		{"empty", "clientes.csv", nil, msgEmpty},
		{"blank lines only", "clientes.csv", []byte("\r\n \r\n\t\r\n"), msgEmpty},
		{"BOM only", "clientes.csv", []byte("\ufeff"), msgEmpty},
		{"header only", "clientes.csv", []byte("Nome;Telefone;E-mail\r\n"), msgEmpty},
		{"header and blank rows", "clientes.csv", []byte("Nome;Telefone\r\n;;\r\n  ;\r\n"), msgEmpty},
		{"vcard without usable cards", "contatos.vcf", []byte("BEGIN:VCARD\nVERSION:3.0\nEMAIL:a@b.c\nEND:VCARD\n"), msgEmpty},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantRefusal(t, tt.fileName, tt.data, tt.msg)
		})
	}
}

func TestReadAcceptsExactlyMaxBytes(t *testing.T) {
	head := "Nome;Obs\nAna;"
	data := append([]byte(head), bytes.Repeat([]byte("x"), clientfile.MaxBytes-len(head))...)
	got := mustRead(t, "clientes.csv", data)
	if n := len(got.Rows[0][1]); n != clientfile.MaxBytes-len(head) {
		t.Errorf("got a cell of %d bytes, want %d", n, clientfile.MaxBytes-len(head))
	}
}
