package clientfile

import (
	"bytes"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// vcardHeader is the fixed header of a table read from vCards.
var vcardHeader = []string{"Nome", "Telefone", "Telefone 2", "E-mail", "Aniversário", "Observações", "Tags"}

// readVCard reads vCard 2.1 (old phones), 3.0 and 4.0 from text already
// decoded to UTF-8 with LF line endings. Each card is one row; Lines holds the
// card's 1-based position in the file, counting skipped cards too.
func readVCard(text string) (Table, error) {
	b := builder{kind: VCard, header: slices.Clone(vcardHeader)}
	var (
		c     *card
		depth int // an AGENT may nest a whole card inside another (2.1)
		index int
		err   error
	)
	eachProperty(text, func(p property) bool {
		switch {
		case p.name == "BEGIN" && strings.EqualFold(strings.TrimSpace(p.value), "VCARD"):
			depth++
			if depth == 1 {
				index++
				c = &card{}
			}
		case p.name == "END" && strings.EqualFold(strings.TrimSpace(p.value), "VCARD"):
			if depth == 1 {
				err = c.addTo(&b, index)
				c = nil
			}
			depth = max(0, depth-1)
		case depth == 1:
			c.set(p)
		}
		return err == nil
	})
	if err != nil {
		return Table{}, err
	}
	if c != nil { // the last card lacks END:VCARD
		if err := c.addTo(&b, index); err != nil {
			return Table{}, err
		}
	}
	return b.table()
}

// card is what one vCard holds for a client.
type card struct {
	fn, n  string
	phones []phone
	email  string
	bday   string
	notes  []string
	tags   []string
}

type phone struct {
	number string
	cell   bool
}

func (c *card) set(p property) {
	switch p.name {
	case "FN":
		if c.fn == "" {
			c.fn = strings.TrimSpace(p.text())
		}
	case "N":
		if c.n == "" {
			// family; given; additional; prefix; suffix
			parts := p.parts()
			for len(parts) < 3 {
				parts = append(parts, "")
			}
			var name []string
			for _, s := range []string{parts[1], parts[2], parts[0]} {
				if s = strings.TrimSpace(s); s != "" {
					name = append(name, s)
				}
			}
			c.n = strings.Join(name, " ")
		}
	case "TEL":
		v := strings.TrimSpace(p.text())
		if len(v) >= 4 && strings.EqualFold(v[:4], "tel:") {
			v = strings.TrimSpace(v[4:])
		}
		if v != "" {
			c.phones = append(c.phones, phone{number: v, cell: p.hasType("CELL", "MOBILE", "IPHONE")})
		}
	case "EMAIL":
		if c.email == "" {
			v := strings.TrimSpace(p.text())
			if len(v) >= 7 && strings.EqualFold(v[:7], "mailto:") {
				v = v[7:]
			}
			c.email = v
		}
	case "BDAY":
		if c.bday == "" {
			c.bday = vcardDate(p.text(), p.param("X-APPLE-OMIT-YEAR"))
		}
	case "NOTE":
		if v := strings.TrimSpace(p.text()); v != "" {
			c.notes = append(c.notes, v)
		}
	case "CATEGORIES":
		if v := strings.TrimSpace(p.text()); v != "" {
			c.tags = append(c.tags, v)
		}
	}
}

// addTo adds the card as a row unless it has neither a name nor a phone.
func (c *card) addTo(b *builder, index int) error {
	name := c.fn
	if name == "" {
		name = c.n
	}
	// The first cell phone, else the first phone; then the next other number.
	first := -1
	for i, p := range c.phones {
		if p.cell {
			first = i
			break
		}
	}
	if first < 0 && len(c.phones) > 0 {
		first = 0
	}
	var tel1, tel2 string
	if first >= 0 {
		tel1 = c.phones[first].number
		for i, p := range c.phones {
			// Phones often repeat a number under two types (CELL and PREF).
			if i != first && digits(p.number) != digits(tel1) {
				tel2 = p.number
				break
			}
		}
	}
	if name == "" && tel1 == "" {
		return nil
	}
	row := []string{name, tel1, tel2, c.email, c.bday, strings.Join(c.notes, "\n"), strings.Join(c.tags, ",")}
	return b.add(row, index)
}

func digits(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, s)
}

// vcardDate turns a BDAY into dd/mm/yyyy, or dd/mm when the year is unknown
// (--0315, --03-15, or Apple's placeholder year). Anything else is kept as is
// for the caller to judge.
func vcardDate(v, omitYear string) string {
	s := strings.TrimSpace(v)
	if i := strings.IndexAny(s, "Tt"); i >= 0 {
		s = s[:i] // 1985-03-15T00:00:00Z
	}
	var y, m, d string
	switch {
	case strings.HasPrefix(s, "--"):
		md := strings.ReplaceAll(s[2:], "-", "")
		if len(md) != 4 {
			return strings.TrimSpace(v)
		}
		m, d = md[:2], md[2:]
	case strings.Count(s, "-") == 2:
		parts := strings.Split(s, "-")
		y, m, d = parts[0], parts[1], parts[2]
	case len(s) == 8:
		y, m, d = s[:4], s[4:6], s[6:]
	default:
		return strings.TrimSpace(v)
	}
	month, err1 := strconv.Atoi(m)
	day, err2 := strconv.Atoi(d)
	year, err3 := strconv.Atoi(y)
	if err1 != nil || err2 != nil || (y != "" && (err3 != nil || len(y) != 4)) || month < 1 || month > 12 || day < 1 {
		return strings.TrimSpace(v)
	}
	// Apple writes 1604 for "no year"; others write 0000.
	if y == omitYear || year == 1604 || year == 0 {
		y = ""
	}
	check := 2000 // a leap year, so 29/02 without a year stands
	if y != "" {
		check = year
	}
	if t := time.Date(check, time.Month(month), day, 0, 0, 0, 0, time.UTC); t.Day() != day {
		return strings.TrimSpace(v)
	}
	if y == "" {
		return twoDigits(day) + "/" + twoDigits(month)
	}
	return twoDigits(day) + "/" + twoDigits(month) + "/" + y
}

func twoDigits(n int) string {
	if n < 10 {
		return "0" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// property is one content line of a vCard: group.NAME;PARAM=…:value.
type property struct {
	name   string   // upper case, group removed
	params []string // raw "KEY=VALUE" or bare 2.1 values ("CELL", "QUOTED-PRINTABLE")
	value  string   // raw: escapes and encodings not yet undone
}

// param returns the value of parameter key, case-insensitive.
func (p property) param(key string) string {
	for _, kv := range p.params {
		if k, v, ok := strings.Cut(kv, "="); ok && strings.EqualFold(k, key) {
			return strings.Trim(v, `"`)
		}
	}
	return ""
}

// hasType reports whether any TYPE (TYPE=CELL, type="cell,voice", or a bare
// 2.1 "CELL") is one of types.
func (p property) hasType(types ...string) bool {
	for _, kv := range p.params {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			v = k
		} else if !strings.EqualFold(k, "TYPE") {
			continue
		}
		for _, t := range strings.Split(strings.Trim(v, `"`), ",") {
			for _, want := range types {
				if strings.EqualFold(strings.TrimSpace(t), want) {
					return true
				}
			}
		}
	}
	return false
}

func (p property) quotedPrintable() bool {
	return strings.EqualFold(p.param("ENCODING"), "QUOTED-PRINTABLE") || p.hasType("QUOTED-PRINTABLE")
}

// binary reports properties whose value is image, sound or key data.
func (p property) binary() bool {
	switch p.name {
	case "PHOTO", "LOGO", "SOUND", "KEY":
		return true
	}
	enc := p.param("ENCODING")
	return strings.EqualFold(enc, "B") || strings.EqualFold(enc, "BASE64") || p.hasType("BASE64")
}

// text is the value decoded and unescaped.
func (p property) text() string {
	return unescape(p.decode(p.value))
}

// parts splits a structured value (N) at unescaped ';', decoding each part.
func (p property) parts() []string {
	var parts []string
	start := 0
	for i := 0; i < len(p.value); i++ {
		switch p.value[i] {
		case '\\':
			i++
		case ';':
			parts = append(parts, unescape(p.decode(p.value[start:i])))
			start = i + 1
		}
	}
	return append(parts, unescape(p.decode(p.value[start:])))
}

func (p property) decode(s string) string {
	if !p.quotedPrintable() {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '=' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			b = append(b, unhex(s[i+1])<<4|unhex(s[i+2]))
			i += 2
			continue
		}
		b = append(b, s[i])
	}
	// CHARSET=UTF-8 on phones; old desktop exports wrote ISO-8859-1.
	if utf8.Valid(b) {
		return normaliseNewlines(string(b)) // =0D=0A
	}
	return normaliseNewlines(decodeWindows1252(b))
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'A' && c <= 'F' || c >= 'a' && c <= 'f'
}

func unhex(c byte) byte {
	switch {
	case c >= 'a':
		return c - 'a' + 10
	case c >= 'A':
		return c - 'A' + 10
	}
	return c - '0'
}

// unescape undoes \\ \; \, and \n.
func unescape(s string) string {
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
			if s[i] == 'n' || s[i] == 'N' {
				b.WriteByte('\n')
			} else {
				b.WriteByte(s[i])
			}
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// eachProperty calls fn with each content line of text, unfolded: a line
// starting with a space or tab continues the one before (RFC 6350), and in
// quoted-printable a line ending in '=' continues on the next (2.1). The
// continuation lines of binary values (PHOTO) are skipped without being
// copied. Lines that are not properties are ignored. It stops when fn
// returns false.
func eachProperty(text string, fn func(property) bool) {
	var (
		cur    property
		have   bool   // cur holds a property
		skip   bool   // cur is binary: drop it and its continuations
		qp     bool   // cur is quoted-printable
		joined []byte // cur's value, once a continuation has been added
	)
	flush := func() bool {
		if !have || skip {
			return true
		}
		if joined != nil {
			cur.value = string(joined)
			joined = nil
		}
		return fn(cur)
	}
	for text != "" {
		end := strings.IndexByte(text, '\n')
		if end < 0 {
			end = len(text)
		}
		line := text[:end]
		text = text[min(end+1, len(text)):]

		if have && !skip && qp && softBreak(cur.value, joined) && !isCardBoundary(line) {
			if joined == nil {
				joined = []byte(cur.value)
			}
			joined = bytes.TrimRight(joined, " \t")
			joined = append(joined[:len(joined)-1], line...)
			continue
		}
		if have && line != "" && (line[0] == ' ' || line[0] == '\t') {
			if !skip {
				if joined == nil {
					joined = []byte(cur.value)
				}
				joined = append(joined, line[1:]...)
			}
			continue
		}
		if !flush() {
			return
		}
		cur, have = parseLine(line)
		skip = have && cur.binary()
		qp = have && cur.quotedPrintable()
	}
	flush()
}

// softBreak reports whether a quoted-printable value (s, or b once joined)
// ends in '=', meaning it goes on in the next line.
func softBreak(s string, b []byte) bool {
	if b != nil {
		b = bytes.TrimRight(b, " \t")
		return len(b) > 0 && b[len(b)-1] == '='
	}
	return strings.HasSuffix(strings.TrimRight(s, " \t"), "=")
}

// isCardBoundary guards against a stray '=' at the end of a card's last
// value swallowing END:VCARD.
func isCardBoundary(line string) bool {
	line = strings.TrimSpace(line)
	return strings.EqualFold(line, "END:VCARD") || strings.EqualFold(line, "BEGIN:VCARD")
}

// parseLine splits "group.NAME;PARAM=x;PARAM2:value"; it reports false for a
// line that is not a property.
func parseLine(line string) (property, bool) {
	colon := -1
	quoted := false
scan:
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case '"':
			quoted = !quoted
		case ':':
			if !quoted {
				colon = i
				break scan
			}
		}
	}
	if colon <= 0 {
		return property{}, false
	}
	head := line[:colon]
	var segs []string
	start := 0
	quoted = false
	for i := 0; i < len(head); i++ {
		switch head[i] {
		case '"':
			quoted = !quoted
		case ';':
			if !quoted {
				segs = append(segs, head[start:i])
				start = i + 1
			}
		}
	}
	segs = append(segs, head[start:])
	name := segs[0]
	var params []string
	for _, p := range segs[1:] {
		if p = strings.TrimSpace(p); p != "" {
			params = append(params, p)
		}
	}
	if dot := strings.LastIndexByte(name, '.'); dot >= 0 {
		name = name[dot+1:] // item1.TEL
	}
	name = strings.ToUpper(strings.TrimSpace(name))
	if name == "" {
		return property{}, false
	}
	return property{name: name, params: params, value: line[colon+1:]}, true
}
