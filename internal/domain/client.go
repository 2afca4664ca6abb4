package domain

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Client records (issue 29): what the salon writes down about a client,
// beside the figures their appointments give.

// Bounds of a client's record.
const (
	MaxClientNotesLen = 2000
	MaxTags           = 10
	MaxTagLen         = 30
)

// ImportStatuses are what an import does with a row of the file; ImportKinds
// the files it reads.
var (
	ImportStatuses = []string{"new", "duplicate", "repeated", "invalid"}
	ImportKinds    = []string{"csv", "xlsx", "vcard"}
)

// ClientRecord is what the salon writes down about a client. Phone2 is a
// second phone (a landline, another mobile), kept in E.164.
type ClientRecord struct {
	Phone2   string   `json:"phone2" doc:"Outro telefone (fixo, outro celular), em E.164; vazio quando não há"`
	Email    string   `json:"email"`
	Birthday string   `json:"birthday" doc:"AAAA-MM-DD, ou --MM-DD quando o ano não é conhecido; vazio quando não há"`
	Notes    string   `json:"notes"`
	Tags     []string `json:"tags"`
}

// ReadBirthday reads a birthday as Brazilians write it — 15/03/1985,
// 15/03/85, 15/03, 15-03-1985, 15.03.1985 — or in ISO 8601 (1985-03-15,
// --03-15, --0315, 19850315), and returns it as "YYYY-MM-DD", or "--MM-DD"
// without the year ("" for blank). A two-digit year is of this century up
// to 30, of the last one after. ok is false for what is no day of a year.
func ReadBirthday(s string) (iso string, ok bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", true
	}
	if t, _, found := strings.Cut(s, "T"); found && len(t) >= 8 { // a time after the date: 1985-03-15T00:00:00Z
		s = t
	}
	var y, m, d int
	var err error
	num := func(v string) int {
		if err != nil {
			return 0
		}
		if v == "" || strings.Trim(v, "0123456789") != "" { // Atoi takes a sign
			err = strconv.ErrSyntax
			return 0
		}
		n, _ := strconv.Atoi(v)
		return n
	}
	switch {
	case strings.HasPrefix(s, "--"): // --03-15, --0315
		md := strings.ReplaceAll(s[2:], "-", "")
		if len(md) != 4 {
			return "", false
		}
		m, d = num(md[:2]), num(md[2:])
	case len(s) == 8 && !strings.ContainsAny(s, "/-."): // 19850315
		y, m, d = num(s[:4]), num(s[4:6]), num(s[6:])
	case len(s) == 10 && s[4] == '-' && s[7] == '-': // 1985-03-15
		y, m, d = num(s[:4]), num(s[5:7]), num(s[8:])
	default: // 15/03/1985, 15/03/85, 15/03, 15-03-1985, 15.03.1985
		parts := strings.FieldsFunc(s, func(r rune) bool { return r == '/' || r == '-' || r == '.' })
		if len(parts) < 2 || len(parts) > 3 || len(parts[0]) > 2 || len(parts[1]) > 2 {
			return "", false
		}
		d, m = num(parts[0]), num(parts[1])
		if len(parts) == 3 {
			switch len(parts[2]) {
			case 2:
				y = num(parts[2])
				if y <= 30 {
					y += 2000
				} else {
					y += 1900
				}
			case 4:
				y = num(parts[2])
			default:
				return "", false
			}
		}
	}
	if err != nil || m < 1 || m > 12 || d < 1 {
		return "", false
	}
	if y == 0 {
		// Without the year, 29 February is a day of a leap year.
		if d > time.Date(2000, time.Month(m)+1, 0, 0, 0, 0, 0, time.UTC).Day() {
			return "", false
		}
		return fmt.Sprintf("--%02d-%02d", m, d), true
	}
	if y < 1900 || y > 2100 || d > time.Date(y, time.Month(m)+1, 0, 0, 0, 0, 0, time.UTC).Day() {
		return "", false
	}
	return fmt.Sprintf("%04d-%02d-%02d", y, m, d), true
}

// BirthMonthDay is a birthday's "MM-DD" ("" for none).
func BirthMonthDay(birthday string) string {
	if len(birthday) < 5 {
		return ""
	}
	return birthday[len(birthday)-5:]
}

// FormatBirthday writes a birthday as Brazilians read it: 15/03/1985, or
// 15/03 without the year.
func FormatBirthday(birthday string) string {
	md := BirthMonthDay(birthday)
	if md == "" {
		return ""
	}
	out := md[3:] + "/" + md[:2]
	if !strings.HasPrefix(birthday, "--") {
		out += "/" + birthday[:4]
	}
	return out
}

// CleanTags trims tags, collapses their spaces, splits any that hold a
// comma or a semicolon (how lists are written in a cell), and drops blanks
// and repeats (ignoring case). problem is set when one is too long or
// there are too many.
func CleanTags(in []string) (tags []string, problem string) {
	tags = []string{}
	for _, raw := range in {
		for _, t := range strings.FieldsFunc(raw, func(r rune) bool { return r == ',' || r == ';' }) {
			t = strings.Join(strings.Fields(t), " ")
			if t == "" || slices.ContainsFunc(tags, func(o string) bool { return strings.EqualFold(o, t) }) {
				continue
			}
			if c, ok := CleanName(t); !ok || utf8.RuneCountInString(c) > MaxTagLen {
				return tags, fmt.Sprintf("Cada etiqueta pode ter até %d caracteres", MaxTagLen)
			}
			tags = append(tags, t)
		}
	}
	if len(tags) > MaxTags {
		return tags, fmt.Sprintf("Use até %d etiquetas", MaxTags)
	}
	return tags, ""
}

// CheckClientRecord cleans r in place — the second phone read as a
// contact's (ReadContactPhone, with the store's ddd), the email, the
// birthday, the notes and the tags — and adds what is wrong to p under
// their field names.
func CheckClientRecord(r *ClientRecord, ddd string, p Problems) {
	if s := strings.TrimSpace(r.Phone2); s != "" {
		e164, problem := ReadContactPhone(s, ddd)
		if problem != "" {
			p.Add("phone2", problem)
		}
		r.Phone2 = e164
	} else {
		r.Phone2 = ""
	}
	if s := strings.TrimSpace(r.Email); s != "" {
		e, ok := NormalizeEmail(s)
		if !ok {
			p.Add("email", "E-mail inválido")
		}
		r.Email = e
	} else {
		r.Email = ""
	}
	b, ok := ReadBirthday(r.Birthday)
	if !ok {
		p.Add("birthday", "Data de aniversário inválida: use dia/mês ou dia/mês/ano, como 15/03 ou 15/03/1985")
	}
	r.Birthday = b
	notes, ok := CleanText(r.Notes, MaxClientNotesLen)
	if !ok {
		p.Add("notes", fmt.Sprintf("As observações podem ter até %d caracteres, sem caracteres de controle", MaxClientNotesLen))
	}
	r.Notes = notes
	tags, problem := CleanTags(r.Tags)
	if problem != "" {
		p.Add("tags", problem)
	}
	r.Tags = tags
}
