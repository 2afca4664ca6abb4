package clientfile

import (
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// decodeText turns the bytes of a CSV or vCard into UTF-8 text without a BOM.
// It reports false when the result does not look like text.
func decodeText(data []byte) (string, bool) {
	var text string
	switch {
	case len(data) >= 2 && data[0] == 0xff && data[1] == 0xfe:
		text = decodeUTF16(data[2:], false)
	case len(data) >= 2 && data[0] == 0xfe && data[1] == 0xff:
		text = decodeUTF16(data[2:], true)
	default:
		data = trimUTF8BOM(data)
		if utf8.Valid(data) {
			text = string(data)
		} else {
			// Excel in Brazil saves "CSV (separado por vírgulas)" in Windows-1252.
			text = decodeWindows1252(data)
		}
	}
	return text, looksLikeText(text)
}

func trimUTF8BOM(b []byte) []byte {
	if len(b) >= 3 && b[0] == 0xef && b[1] == 0xbb && b[2] == 0xbf {
		return b[3:]
	}
	return b
}

func decodeUTF16(b []byte, bigEndian bool) string {
	u := make([]uint16, len(b)/2)
	for i := range u {
		if bigEndian {
			u[i] = uint16(b[2*i])<<8 | uint16(b[2*i+1])
		} else {
			u[i] = uint16(b[2*i+1])<<8 | uint16(b[2*i])
		}
	}
	s := string(utf16.Decode(u))
	// Some writers add a second BOM after the first.
	return strings.TrimPrefix(s, "\ufeff")
}

// cp1252 holds the code points of bytes 0x80–0x9F in Windows-1252; the rest of
// the bytes are Latin-1, equal to their code point. The five bytes Windows-1252
// leaves undefined map to the C1 controls, as browsers do.
var cp1252 = [32]rune{
	'\u20ac', '\u0081', '\u201a', '\u0192', '\u201e', '\u2026', '\u2020', '\u2021',
	'\u02c6', '\u2030', '\u0160', '\u2039', '\u0152', '\u008d', '\u017d', '\u008f',
	'\u0090', '\u2018', '\u2019', '\u201c', '\u201d', '\u2022', '\u2013', '\u2014',
	'\u02dc', '\u2122', '\u0161', '\u203a', '\u0153', '\u009d', '\u017e', '\u0178',
}

func decodeWindows1252(b []byte) string {
	var sb strings.Builder
	sb.Grow(len(b) + len(b)/8)
	for _, c := range b {
		switch {
		case c < 0x80:
			sb.WriteByte(c)
		case c < 0xa0:
			sb.WriteRune(cp1252[c-0x80])
		default:
			sb.WriteRune(rune(c))
		}
	}
	return sb.String()
}

// looksLikeText refuses NUL bytes anywhere and a sample dense in control
// characters, which is what binary files (images, old formats) look like once
// read as Windows-1252. A few stray controls in a real export are tolerated.
func looksLikeText(s string) bool {
	if strings.IndexByte(s, 0) >= 0 {
		return false
	}
	sample := s[:min(len(s), 64<<10)]
	controls := 0
	for i := 0; i < len(sample); i++ {
		c := sample[i]
		if (c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != '\v' && c != 0x1a) || c == 0x7f {
			controls++
		}
	}
	return controls*100 <= len(sample)
}

// normaliseNewlines turns CRLF and lone CR (old Mac exports) into LF.
func normaliseNewlines(s string) string {
	if strings.IndexByte(s, '\r') < 0 {
		return s
	}
	s = strings.ReplaceAll(s, "\r\n", "\n")
	return strings.ReplaceAll(s, "\r", "\n")
}
