package clientfile_test

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"agendo/internal/clientfile"
)

// xlsxOf builds a workbook with build and returns its bytes.
func xlsxOf(tb testing.TB, build func(f *excelize.File) error) []byte {
	tb.Helper()
	f := excelize.NewFile()
	defer f.Close()
	if err := build(f); err != nil {
		tb.Fatal(err)
	}
	buf, err := f.WriteToBuffer()
	if err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

// setAll sets cells in order, stopping at the first error.
func setAll(f *excelize.File, sheet string, cells ...any) error {
	for i := 0; i+1 < len(cells); i += 2 {
		if err := f.SetCellValue(sheet, cells[i].(string), cells[i+1]); err != nil {
			return err
		}
	}
	return nil
}

func styled(f *excelize.File, sheet, cell string, style *excelize.Style) error {
	id, err := f.NewStyle(style)
	if err != nil {
		return err
	}
	return f.SetCellStyle(sheet, cell, cell, id)
}

func TestReadXLSX(t *testing.T) {
	birthday := time.Date(1985, 3, 15, 0, 0, 0, 0, time.UTC)
	ddmmyyyy := "dd/mm/yyyy"
	data := xlsxOf(t, func(f *excelize.File) error {
		const sh = "Sheet1"
		err := setAll(f, sh,
			"A1", "Nome", "B1", "Celular", "C1", "Aniversário", "D1", "Obs",
			"A2", "Maria Conceição", "B2", 11912345678, "C2", birthday,
			"A3", "  Ana  ", "B3", float64(11988887777), "C3", birthday, "D3", 12.5,
			"A4", "Bia", "C4", time.Date(1990, 12, 1, 0, 0, 0, 0, time.UTC), "D4", 14.5/24,
			"B5", "11 97777-6666",
			"A7", "Carla", "B7", 1e20, "C7", true, "D7", 0.1+0.2,
		)
		if err != nil {
			return err
		}
		if err := styled(f, sh, "C2", &excelize.Style{NumFmt: 14}); err != nil {
			return err
		}
		if err := styled(f, sh, "C3", &excelize.Style{CustomNumFmt: &ddmmyyyy}); err != nil {
			return err
		}
		// C4 keeps the style SetCellValue gives a time.Time (m/d/yy h:mm).
		if err := styled(f, sh, "D4", &excelize.Style{NumFmt: 20}); err != nil {
			return err
		}
		return f.SetCellFormula(sh, "A5", `HYPERLINK("http://x")`)
	})

	got := mustRead(t, "clientes.xlsx", data)
	if got.Kind != clientfile.XLSX {
		t.Errorf("got kind %q, want %q", got.Kind, clientfile.XLSX)
	}
	wantHeader(t, got, "Nome", "Celular", "Aniversário", "Obs")
	wantRows(t, got, [][]string{
		{"Maria Conceição", "11912345678", "15/03/1985", ""},
		{"Ana", "11988887777", "15/03/1985", "12.5"},
		{"Bia", "", "01/12/1990", "14:30"},
		{`=HYPERLINK("http://x")`, "11 97777-6666", "", ""},
		{"Carla", "100000000000000000000", "VERDADEIRO", "0.3"},
	}, []int{2, 3, 4, 5, 7})
}

func TestReadXLSXFirstVisibleSheet(t *testing.T) {
	data := xlsxOf(t, func(f *excelize.File) error {
		if err := setAll(f, "Sheet1", "A1", "Lixo", "A2", "não importar"); err != nil {
			return err
		}
		idx, err := f.NewSheet("Clientes")
		if err != nil {
			return err
		}
		if err := setAll(f, "Clientes", "A1", "Nome", "B1", "Telefone", "A2", "Ana", "B2", "11912345678"); err != nil {
			return err
		}
		f.SetActiveSheet(idx)
		return f.SetSheetVisible("Sheet1", false)
	})
	got := mustRead(t, "clientes.xlsx", data)
	wantHeader(t, got, "Nome", "Telefone")
	wantRows(t, got, [][]string{{"Ana", "11912345678"}}, []int{2})
}

func TestReadXLSXTitleRowsAndGaps(t *testing.T) {
	data := xlsxOf(t, func(f *excelize.File) error {
		return setAll(f, "Sheet1",
			"A1", "Relatório de clientes",
			"A3", "Nome", "B3", "Celular", "D3", "E-mail", // C3 has no name
			"A4", "Ana", "B4", "11912345678", "C4", "x", "D4", "ana@example.com",
			"A6", "Bia", "B6", "11988887777",
		)
	})
	got := mustRead(t, "clientes.xlsx", data)
	wantHeader(t, got, "Nome", "Celular", "Coluna 3", "E-mail")
	wantRows(t, got, [][]string{
		{"Ana", "11912345678", "x", "ana@example.com"},
		{"Bia", "11988887777", "", ""},
	}, []int{4, 6})
}

// rewriteZip copies a zip, passing each file's body through edit.
func rewriteZip(tb testing.TB, data []byte, edit func(name string, body []byte) []byte) []byte {
	tb.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		tb.Fatal(err)
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			tb.Fatal(err)
		}
		body, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			tb.Fatal(err)
		}
		w, err := zw.Create(f.Name)
		if err != nil {
			tb.Fatal(err)
		}
		if _, err := w.Write(edit(f.Name, body)); err != nil {
			tb.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

// hostileSheet returns a small workbook whose sheet1.xml has extra XML
// spliced in: replace stands for the original "</sheetData>".
func hostileSheet(tb testing.TB, replace string) []byte {
	tb.Helper()
	base := xlsxOf(tb, func(f *excelize.File) error {
		return setAll(f, "Sheet1", "A1", "Nome", "B1", "Telefone", "A2", "Ana", "B2", "119")
	})
	return rewriteZip(tb, base, func(name string, body []byte) []byte {
		if name != "xl/worksheets/sheet1.xml" {
			return body
		}
		return bytes.Replace(body, []byte("</sheetData>"), []byte(replace), 1)
	})
}

func TestReadXLSXShapeBounds(t *testing.T) {
	merges := func(n int) string {
		var m strings.Builder
		fmt.Fprintf(&m, `</sheetData><mergeCells count="%d">`, n)
		for i := range n {
			fmt.Fprintf(&m, `<mergeCell ref="C%d:D%d"/>`, i+10, i+10)
		}
		m.WriteString("</mergeCells>")
		return m.String()
	}
	// A cell in the last column on each row: a tiny file excelize would
	// fill out to 16,384 cells a row.
	var far strings.Builder
	for i := 3; i < 3000; i++ {
		fmt.Fprintf(&far, `<row r="%d"><c r="A%d" t="inlineStr"><is><t>x</t></is></c><c r="XFD%d"><v>1</v></c></row>`, i, i, i)
	}
	far.WriteString("</sheetData>")

	got := mustRead(t, "clientes.xlsx", hostileSheet(t, merges(100)))
	wantRows(t, got, [][]string{{"Ana", "119"}}, []int{2})

	tests := []struct {
		name  string
		sheet string
	}{
		{"too many merged ranges", merges(30_001)},
		{"cells in the last column", far.String()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start := time.Now()
			wantRefusal(t, "clientes.xlsx", hostileSheet(t, tt.sheet), msgUnsupported)
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("refusing took %v, want it cheap", d)
			}
		})
	}
}

func TestReadXLSXZipBomb(t *testing.T) {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	zw.RegisterCompressor(zip.Deflate, func(w io.Writer) (io.WriteCloser, error) {
		return flate.NewWriter(w, flate.BestSpeed)
	})
	w, err := zw.Create("xl/workbook.xml")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write([]byte(`<workbook><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`)); err != nil {
		t.Fatal(err)
	}
	if w, err = zw.Create("xl/worksheets/sheet1.xml"); err != nil {
		t.Fatal(err)
	}
	spaces := bytes.Repeat([]byte(" "), 1<<20)
	for range 70 { // 70 MB of spaces deflate to well under 1 MB
		if _, err := w.Write(spaces); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if buf.Len() > clientfile.MaxBytes {
		t.Fatalf("bomb is %d bytes, want it under MaxBytes", buf.Len())
	}
	wantRefusal(t, "clientes.xlsx", buf.Bytes(), msgUnsupported)
}

func TestReadXLSXEmpty(t *testing.T) {
	headerOnly := xlsxOf(t, func(f *excelize.File) error {
		return setAll(f, "Sheet1", "A1", "Nome", "B1", "Telefone")
	})
	wantRefusal(t, "clientes.xlsx", headerOnly, msgEmpty)
	blank := xlsxOf(t, func(f *excelize.File) error { return nil })
	wantRefusal(t, "clientes.xlsx", blank, msgEmpty)
}
