package clientfile

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// readCSV reads text already decoded to UTF-8 with LF line endings.
func readCSV(text string) (Table, error) {
	comma, skipped := sepHint(text)
	if skipped > 0 {
		text = text[skipped:]
	} else {
		comma = guessComma(text)
	}
	lineOffset := 0
	if skipped > 0 {
		lineOffset = 1
	}

	r := csv.NewReader(strings.NewReader(text))
	r.Comma = comma
	r.LazyQuotes = true // exports quote carelessly: `Maria "Mari" Silva`
	r.FieldsPerRecord = -1
	b := builder{kind: CSV}
	for {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			line := 0
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				line = pe.StartLine
			}
			return Table{}, refuse(fmt.Sprintf(msgBadLine, line+lineOffset))
		}
		line, _ := r.FieldPos(0)
		if err := b.add(rec, line+lineOffset); err != nil {
			return Table{}, err
		}
	}
	return b.table()
}

// sepHint reads Excel's "sep=;" first line, returning the delimiter and the
// length of the line to skip (0 when there is no hint).
func sepHint(text string) (rune, int) {
	end := strings.IndexByte(text, '\n')
	if end < 0 {
		end = len(text)
	}
	line := strings.TrimSpace(text[:end])
	line = strings.Trim(line, `"`)
	if len(line) < 5 || !strings.EqualFold(line[:4], "sep=") {
		return 0, 0
	}
	c, size := utf8.DecodeRuneInString(line[4:])
	if c == '"' || c == utf8.RuneError || 4+size != len(line) {
		return 0, 0
	}
	if end < len(text) {
		end++
	}
	return c, end
}

// guessComma picks the delimiter that appears most, outside quotes, in the
// first non-empty line: ';' from Brazilian Excel, ',' elsewhere, tab from
// "Unicode text" exports. Ties go to ';', the Brazilian default.
func guessComma(text string) rune {
	for text != "" {
		end := strings.IndexByte(text, '\n')
		if end < 0 {
			end = len(text)
		}
		line := text[:end]
		text = text[min(end+1, len(text)):]
		if strings.TrimSpace(line) == "" {
			continue
		}
		var semi, comma, tab int
		quoted := false
		for i := 0; i < len(line); i++ {
			switch line[i] {
			case '"':
				quoted = !quoted
			case ';':
				if !quoted {
					semi++
				}
			case ',':
				if !quoted {
					comma++
				}
			case '\t':
				if !quoted {
					tab++
				}
			}
		}
		switch {
		case semi > 0 && semi >= comma && semi >= tab:
			return ';'
		case tab > comma:
			return '\t'
		default:
			return ','
		}
	}
	return ','
}
