package clientfile

import (
	"strconv"
	"strings"
)

// builder collects the rows of any format into a Table: the first non-blank
// row is the header, blank rows are skipped, cells are trimmed.
type builder struct {
	kind      Kind
	header    []string // as in the file, trimmed; "" where a column has no name
	synthetic bool     // the file has no header row: its first row was already data
	rows      [][]string
	lines     []int

	// Rows of a single cell above the header, held until the next row tells
	// a report's title ("Relatório de clientes") from a one-column list.
	pending      [][]string
	pendingLines []int
}

// add takes one row of the file; it owns cells from then on.
func (b *builder) add(cells []string, line int) error {
	filled := 0
	for i, c := range cells {
		cells[i] = strings.TrimSpace(c)
		if cells[i] != "" {
			filled++
		}
	}
	if filled == 0 {
		return nil
	}
	if b.header != nil || b.synthetic {
		return b.addRow(cells, line)
	}
	data := looksLikeData(cells)
	if filled == 1 && !data && len(b.pending) < 2 {
		b.pending = append(b.pending, cells)
		b.pendingLines = append(b.pendingLines, line)
		return nil
	}
	if len(b.pending) > 0 {
		wide := filled >= 2 && !pendingNamesAField(b.pending)
		switch {
		case wide && !data && namesAField(cells):
			b.pending, b.pendingLines = nil, nil // titles, not clients
			b.header = cells
			return nil
		case wide && data:
			// No header at all: keep the single cells as rows (a title among
			// them is shown to the owner, a client is not lost).
			b.synthetic = true
			pending, lines := b.pending, b.pendingLines
			b.pending, b.pendingLines = nil, nil
			for i := range pending {
				if err := b.addRow(pending[i], lines[i]); err != nil {
					return err
				}
			}
		default:
			if err := b.flushPending(); err != nil {
				return err
			}
		}
		return b.addRow(cells, line)
	}
	if data {
		// A list typed straight into a spreadsheet often has no header:
		// taking its first client for the header would lose her unnoticed.
		b.synthetic = true
		return b.addRow(cells, line)
	}
	b.header = cells
	return nil
}

// flushPending settles held rows as a one-column header and its data.
func (b *builder) flushPending() error {
	pending, lines := b.pending, b.pendingLines
	b.pending, b.pendingLines = nil, nil
	if len(pending) == 0 {
		return nil
	}
	b.header = pending[0]
	for i := 1; i < len(pending); i++ {
		if err := b.addRow(pending[i], lines[i]); err != nil {
			return err
		}
	}
	return nil
}

func (b *builder) addRow(cells []string, line int) error {
	if len(b.rows) == MaxRows {
		return refuse(msgTooManyRows)
	}
	b.rows = append(b.rows, cells)
	b.lines = append(b.lines, line)
	return nil
}

func pendingNamesAField(rows [][]string) bool {
	for _, r := range rows {
		if namesAField(r) {
			return true
		}
	}
	return false
}

func namesAField(cells []string) bool {
	for _, c := range cells {
		if guessOne(c) != None {
			return true
		}
	}
	return false
}

func (b *builder) table() (Table, error) {
	if err := b.flushPending(); err != nil {
		return Table{}, err
	}
	if len(b.rows) == 0 {
		return Table{}, refuse(msgEmpty)
	}
	width := len(b.header)
	if b.synthetic {
		for _, r := range b.rows {
			n := len(r)
			for n > 0 && r[n-1] == "" {
				n--
			}
			width = max(width, n)
		}
	}
	// Drop trailing columns with neither a name nor data: Excel ends lines with
	// ";;;" when some row once had more cells.
	for width > 0 {
		i := width - 1
		if i < len(b.header) && b.header[i] != "" {
			break
		}
		used := false
		for _, r := range b.rows {
			if i < len(r) && r[i] != "" {
				used = true
				break
			}
		}
		if used {
			break
		}
		width--
	}

	header := make([]string, width)
	for i := range header {
		if i < len(b.header) {
			header[i] = b.header[i]
		}
		if header[i] == "" {
			header[i] = "Coluna " + strconv.Itoa(i+1)
		}
	}
	for i, r := range b.rows {
		switch {
		case len(r) < width:
			padded := make([]string, width)
			copy(padded, r)
			b.rows[i] = padded
		case len(r) > width:
			// Cells past the last named column are dropped even when not empty:
			// they have no name to map to, and a row's columns must line up
			// with the header.
			b.rows[i] = r[:width:width]
		}
	}
	return Table{Kind: b.kind, Header: header, Rows: b.rows, Lines: b.lines}, nil
}

// looksLikeData reports whether a first row holds a client rather than column
// names: no header name has an e-mail, a phone number or a date in it.
func looksLikeData(cells []string) bool {
	for _, c := range cells {
		if isEmailLike(c) || isPhoneLike(c) || isDateLike(c) {
			return true
		}
	}
	return false
}

func isEmailLike(s string) bool {
	at := strings.IndexByte(s, '@')
	return at > 0 && strings.IndexByte(s[at:], '.') > 1 && !strings.ContainsAny(s, " \t")
}

func isPhoneLike(s string) bool {
	digits := 0
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case strings.ContainsRune(" +-().", r):
		default:
			return false
		}
	}
	return digits >= 8
}

// isDateLike matches d/m/yyyy and dd/mm/yy shapes.
func isDateLike(s string) bool {
	parts := strings.Split(s, "/")
	if len(parts) != 3 {
		return false
	}
	for i, p := range parts {
		if p == "" || len(p) > 4 || (i < 2 && len(p) > 2) {
			return false
		}
		for _, r := range p {
			if r < '0' || r > '9' {
				return false
			}
		}
	}
	return true
}
