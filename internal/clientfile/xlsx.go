package clientfile

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/xuri/excelize/v2"
)

// Zip-bomb guards: a 10 MB upload may not unpack to more than this in all,
// nor keep more than this of one sheet in memory (excelize spills bigger
// sheets to a temporary file it removes on Close).
const (
	xlsxUnzipLimit    = 64 << 20
	xlsxUnzipXMLLimit = 16 << 20
)

// isXLSX tells an Excel workbook from other ZIPs (an .ods, a .docx, photos).
func isXLSX(data []byte) bool {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return false
	}
	for _, f := range zr.File {
		if strings.EqualFold(f.Name, "xl/workbook.xml") {
			return true
		}
	}
	return false
}

// Limits on a worksheet's shape. excelize loads a sheet into a dense grid
// before any cell can be looked up: a 30 KB file with a cell in column XFD on
// each of 3,000 rows becomes 49 million cells (13 GB and a minute of CPU).
// A real client list is far inside these.
const (
	maxGridCells  = 1_000_000 // cells once every row is filled up to its last cell
	maxMerges     = 30_000    // each cell lookup walks them all
	maxUnnumbered = 30_000    // rows without r="…", renumbered in quadratic time
)

// maxCols bounds the columns read: no client list has more, and each cell
// lookup scans its row.
const maxCols = 256

// sheetShape is what checkWorkbook measures of one worksheet.
type sheetShape struct {
	rowsWithCells int
	unnumbered    int
	merges        int
	grid          int
}

func (s sheetShape) tooBig() bool {
	return s.grid > maxGridCells || s.merges > maxMerges || s.unnumbered > maxUnnumbered
}

// checkWorkbook refuses a workbook that would unzip past the limit or whose
// sheets excelize would blow up in memory, streaming each sheet once.
func checkWorkbook(data []byte) error {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return refuse(msgUnsupported)
	}
	// archive/zip holds each file to its declared size as it reads, so the
	// sum refuses a bomb before anything is inflated.
	var declared uint64
	for _, f := range zr.File {
		declared += f.UncompressedSize64
	}
	if declared > xlsxUnzipLimit {
		return refuse(msgUnsupported)
	}
	for _, f := range zr.File {
		if !strings.HasPrefix(strings.ToLower(f.Name), "xl/worksheets/") || !strings.HasSuffix(strings.ToLower(f.Name), ".xml") {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			return refuse(msgUnsupported)
		}
		shape, err := scanSheet(rc)
		rc.Close()
		switch {
		case shape.tooBig() && shape.rowsWithCells > MaxRows:
			return refuse(msgTooManyRows)
		case shape.tooBig(), err != nil:
			return refuse(msgUnsupported)
		}
	}
	return nil
}

// scanSheet measures a worksheet's XML, stopping as soon as it is too big.
func scanSheet(r io.Reader) (sheetShape, error) {
	d := xml.NewDecoder(r)
	d.Strict = false
	var (
		s           sheetShape
		cells, last int
		inRow       bool
	)
	endRow := func() {
		if inRow {
			s.grid += max(cells, last)
			if cells > 0 {
				s.rowsWithCells++
			}
		}
		inRow, cells, last = false, 0, 0
	}
	for !s.tooBig() {
		tok, err := d.RawToken()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return s, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch t.Name.Local {
			case "row":
				endRow()
				inRow = true
				if attr(t, "r") == "" {
					s.unnumbered++
				}
			case "c":
				cells++
				last = max(last, columnOf(attr(t, "r")))
			case "mergeCell":
				s.merges++
			}
		case xml.EndElement:
			if t.Name.Local == "row" {
				endRow()
			}
		}
	}
	endRow()
	return s, nil
}

func attr(e xml.StartElement, name string) string {
	for _, a := range e.Attr {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

// columnOf reads the column number of a reference like "XFD12" (16384).
func columnOf(ref string) int {
	col := 0
	for i := 0; i < len(ref) && col <= 1<<20; i++ {
		c := ref[i] | 0x20
		if c < 'a' || c > 'z' {
			break
		}
		col = col*26 + int(c-'a'+1)
	}
	return col
}

func readXLSX(data []byte) (t Table, err error) {
	// excelize parses untrusted XML deep inside; a malformed workbook must
	// refuse the file, not take the server down.
	defer func() {
		if recover() != nil {
			t, err = Table{}, refuse(msgUnsupported)
		}
	}()

	if err := checkWorkbook(data); err != nil {
		return Table{}, err
	}
	f, err := excelize.OpenReader(bytes.NewReader(data), excelize.Options{
		UnzipSizeLimit:    xlsxUnzipLimit,
		UnzipXMLSizeLimit: xlsxUnzipXMLLimit,
	})
	if err != nil {
		return Table{}, refuse(msgUnsupported)
	}
	defer f.Close()

	sheet := firstVisibleSheet(f)
	if sheet == "" {
		return Table{}, refuse(msgEmpty)
	}
	rows, err := f.Rows(sheet)
	if err != nil {
		return Table{}, refuse(msgUnsupported)
	}
	defer rows.Close()

	x := xlsxReader{f: f, sheet: sheet, styles: map[int]numKind{}}
	if props, err := f.GetWorkbookProps(); err == nil && props.Date1904 != nil {
		x.date1904 = *props.Date1904
	}
	b := builder{kind: XLSX}
	// Each Next is one row number, blank rows included, so counting calls
	// gives the row number Excel shows.
	for rowNum := 1; rows.Next(); rowNum++ {
		raw, err := rows.Columns(excelize.Options{RawCellValue: true})
		if err != nil {
			return Table{}, refuse(msgUnsupported)
		}
		if len(raw) == 0 {
			continue
		}
		// Cells past the header are dropped by the builder: skip their lookups.
		width := maxCols
		if b.header != nil {
			width = len(b.header)
		}
		cells := make([]string, min(len(raw), width))
		for i, v := range raw[:len(cells)] {
			if cells[i], err = x.cell(i+1, rowNum, v); err != nil {
				return Table{}, refuse(msgUnsupported)
			}
		}
		if err := b.add(cells, rowNum); err != nil {
			return Table{}, err
		}
	}
	if rows.Error() != nil {
		return Table{}, refuse(msgUnsupported)
	}
	return b.table()
}

func firstVisibleSheet(f *excelize.File) string {
	list := f.GetSheetList()
	for _, name := range list {
		if visible, err := f.GetSheetVisible(name); err == nil && visible {
			return name
		}
	}
	if len(list) > 0 {
		return list[0]
	}
	return ""
}

// numKind is how a number format shows a number.
type numKind int

const (
	numPlain numKind = iota
	numDate
	numTime
)

type xlsxReader struct {
	f        *excelize.File
	sheet    string
	date1904 bool
	styles   map[int]numKind // by style index
}

// cell turns the raw value v of a cell into the text the owner expects:
// formulas as "=…" (so the caller refuses them as it does in CSV), dates as
// dd/mm/yyyy, numbers in full digits (a phone typed as a number).
func (x *xlsxReader) cell(col, row int, v string) (string, error) {
	ref, err := excelize.CoordinatesToCellName(col, row)
	if err != nil {
		return "", err
	}
	formula, err := x.f.GetCellFormula(x.sheet, ref)
	if err != nil {
		return "", err
	}
	if formula != "" {
		return "=" + formula, nil
	}
	if v == "" {
		return "", nil
	}
	typ, err := x.f.GetCellType(x.sheet, ref)
	if err != nil {
		return "", err
	}
	switch typ {
	case excelize.CellTypeUnset, excelize.CellTypeNumber:
		n, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil || math.IsInf(n, 0) || math.IsNaN(n) {
			return v, nil
		}
		style, err := x.f.GetCellStyle(x.sheet, ref)
		if err != nil {
			return "", err
		}
		switch x.numKind(style) {
		case numDate:
			if t, err := excelize.ExcelDateToTime(n, x.date1904); err == nil {
				return t.Format("02/01/2006"), nil
			}
		case numTime:
			if t, err := excelize.ExcelDateToTime(n, x.date1904); err == nil {
				if t.Second() != 0 {
					return t.Format("15:04:05"), nil
				}
				return t.Format("15:04"), nil
			}
		}
		return formatNumber(n), nil
	case excelize.CellTypeDate:
		// ISO 8601 in the cell itself (t="d"), written by some tools.
		if len(v) >= 10 {
			if t, err := time.Parse("2006-01-02", v[:10]); err == nil {
				return t.Format("02/01/2006"), nil
			}
		}
		return v, nil
	case excelize.CellTypeBool:
		switch v {
		case "1":
			return "VERDADEIRO", nil
		case "0":
			return "FALSO", nil
		}
	}
	return v, nil
}

// formatNumber writes n in full digits: 11912345678, never 1.19E+10. Excel
// keeps 15 significant digits, so rounding there hides binary noise
// (0.30000000000000004 → 0.3).
func formatNumber(n float64) string {
	if r, err := strconv.ParseFloat(strconv.FormatFloat(n, 'g', 15, 64), 64); err == nil {
		n = r
	}
	return strconv.FormatFloat(n, 'f', -1, 64)
}

func (x *xlsxReader) numKind(style int) numKind {
	if k, ok := x.styles[style]; ok {
		return k
	}
	k := numPlain
	if st, err := x.f.GetStyle(style); err == nil && st != nil {
		if st.CustomNumFmt != nil {
			k = classifyNumFmt(*st.CustomNumFmt)
		} else {
			k = builtInNumKind(st.NumFmt)
		}
	}
	x.styles[style] = k
	return k
}

// builtInNumKind classifies Excel's built-in number formats: 14–17 and 22 show
// a date (14 is the locale's short date, dd/mm/yyyy in Brazil), 18–21 and
// 45–47 only a time of day or a duration.
func builtInNumKind(id int) numKind {
	switch {
	case id >= 14 && id <= 17, id == 22:
		return numDate
	case id >= 18 && id <= 21, id >= 45 && id <= 47:
		return numTime
	}
	return numPlain
}

// classifyNumFmt reads a custom format code such as `dd/mm/yyyy`,
// `[$-416]d" de "mmmm` or `#,##0.00 "dias"`: only its first section counts,
// and quoted text, escaped characters and [brackets] are not format letters.
func classifyNumFmt(code string) numKind {
	var letters strings.Builder
	quoted := false
scan:
	for i := 0; i < len(code); i++ {
		c := code[i]
		switch {
		case quoted:
			quoted = c != '"'
		case c == '"':
			quoted = true
		case c == '\\', c == '_', c == '*':
			i++ // the next character is literal (or padding)
		case c == '[':
			end := strings.IndexByte(code[i:], ']')
			if end < 0 {
				break scan
			}
			// Elapsed time ([h]:mm, [mm]:ss) is a duration; [$-416], [Red]
			// and conditions are not format letters.
			inner := strings.ToLower(code[i+1 : i+end])
			if strings.Trim(inner, "hms") == "" && inner != "" {
				letters.WriteByte('h')
			}
			i += end
		case c == ';':
			break scan
		default:
			letters.WriteByte(c | 0x20) // ASCII lower case; other bytes are never format letters
		}
	}
	s := strings.NewReplacer("am/pm", "", "a/p", "").Replace(letters.String())
	switch {
	case strings.ContainsAny(s, "dy"):
		return numDate
	case strings.ContainsAny(s, "hs"):
		return numTime // "m" next to h or s is minutes
	case strings.Contains(s, "m"):
		return numDate // "mmm" alone is a month name
	}
	return numPlain
}
