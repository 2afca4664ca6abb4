package clientfile_test

import (
	"errors"
	"testing"

	"github.com/xuri/excelize/v2"

	"agendo/internal/clientfile"
)

func FuzzRead(f *testing.F) {
	f.Add("clientes.csv", latin1CSV)
	f.Add("clientes.csv", []byte("\ufeffNome,Telefone\nAna,119\n"))
	f.Add("clientes.txt", utf16Bytes("Nome\tTelefone\r\nAna\t119\r\n", false))
	f.Add("clientes.csv", []byte("sep=;\nNome;Obs\nAna;\"a\nb\"\n"))
	f.Add("clientes.csv", []byte("Relatório\n\nNome;Telefone;;\n;\nAna;119;x;y\n"))
	f.Add("contatos.vcf", []byte(sampleVCF))
	f.Add("contatos.vcf", []byte("BEGIN:VCARD\nN;QUOTED-PRINTABLE:=C3=A3=\n=\nEND:VCARD\n"))
	f.Add("clientes.pdf", []byte("%PDF-1.7\n"))
	f.Add("clientes.xls", []byte("\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"))
	f.Add("clientes.xlsx", xlsxOf(f, func(x *excelize.File) error {
		if err := setAll(x, "Sheet1", "A1", "Nome", "B1", "Telefone", "A2", "Ana", "B2", 11912345678); err != nil {
			return err
		}
		return x.SetCellFormula("Sheet1", "A3", "1+1")
	}))

	f.Fuzz(func(t *testing.T, name string, data []byte) {
		got, err := clientfile.Read(name, data)
		if err != nil {
			var e *clientfile.Error
			if !errors.As(err, &e) || e.Message == "" {
				t.Fatalf("got error %#v, want *clientfile.Error with a message", err)
			}
			return
		}
		checkShape(t, got)
		switch got.Kind {
		case clientfile.CSV, clientfile.XLSX, clientfile.VCard:
		default:
			t.Fatalf("got kind %q", got.Kind)
		}
		if len(got.Rows) > clientfile.MaxRows {
			t.Fatalf("got %d rows, want at most %d", len(got.Rows), clientfile.MaxRows)
		}
	})
}
