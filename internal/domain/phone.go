package domain

import "strings"

// Brazilian phones: how one is read, shown and linked to. The web app's
// lib/phone.ts follows the same rule; testdata/phones.json holds the cases
// both are tested against.

// NormalizePhone turns a Brazilian phone as typed — "(11) 91234-5678",
// "11912345678", "+55 11 91234-5678" — into E.164 digits with the country
// code, "+5511912345678". It accepts landlines (10 digits with DDD) and mobiles
// (11 digits, the ninth digit first). ok is false for anything else.
func NormalizePhone(s string) (e164 string, ok bool) {
	digits, ok := PhoneDigits(s)
	if !ok {
		return "", false
	}
	if len(digits) > 11 && strings.HasPrefix(digits, "55") {
		digits = digits[2:]
	}
	digits = strings.TrimPrefix(digits, "0") // trunk prefix "0 11 …"
	if len(digits) != 10 && len(digits) != 11 {
		return "", false
	}
	if digits[0] == '0' || digits[1] == '0' { // DDDs run 11–99
		return "", false
	}
	if len(digits) == 11 && digits[2] != '9' {
		return "", false
	}
	if len(digits) == 10 && (digits[2] < '2' || digits[2] > '5') { // landlines start 2–5
		return "", false
	}
	return "+55" + digits, true
}

// PhoneDigits is the digits of s when s is written as a phone is: digits
// and, between them, spaces (a no-break one too, as copied from a page or a
// contact card), tabs and the marks of "+55 (11) 91234-5678" and
// "11.91234.5678". ok is false when s holds anything else.
func PhoneDigits(s string) (digits string, ok bool) {
	var d strings.Builder
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			d.WriteRune(r)
		case strings.ContainsRune(" \u00a0\t()-.+", r):
		default:
			return "", false
		}
	}
	return d.String(), true
}

// FormatPhone shows a Brazilian phone, stored or as typed, the way Brazilians
// write it: "(11) 91234-5678", "(11) 3456-7890". Anything NormalizePhone
// does not read (a number from abroad, an erased client's id) is shown as
// given.
func FormatPhone(phone string) string {
	e164, ok := NormalizePhone(phone)
	if !ok {
		return phone
	}
	d := e164[3:]
	if len(d) == 11 {
		return "(" + d[:2] + ") " + d[2:7] + "-" + d[7:]
	}
	return "(" + d[:2] + ") " + d[2:6] + "-" + d[6:]
}

// WhatsAppLink is the wa.me address that opens a chat with phone, text typed
// in (none when text is empty). A Brazilian phone gets its country code; any
// other number is taken as already international, its digits as they are.
// text is escaped as JavaScript's encodeURIComponent does, spaces as %20, so
// a link reads the same whichever side built it.
func WhatsAppLink(phone, text string) string {
	number, ok := NormalizePhone(phone)
	if !ok {
		number = phone
	}
	var b strings.Builder
	b.WriteString("https://wa.me/")
	for _, r := range number {
		if r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	if text != "" {
		b.WriteString("?text=")
		for i := 0; i < len(text); i++ {
			if c := text[i]; 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-_.!~*'()", c) >= 0 {
				b.WriteByte(c)
			} else {
				b.WriteByte('%')
				b.WriteByte("0123456789ABCDEF"[c>>4])
				b.WriteByte("0123456789ABCDEF"[c&15])
			}
		}
	}
	return b.String()
}

// AnonymousName replaces an erased client's name (LGPD).
const AnonymousName = "Cliente removido"

// anonymousPrefix starts an erased client's anonymous id.
const anonymousPrefix = "anon-"

// AnonymousPhone turns 12 random bytes into the id that replaces an erased
// client's phone: "anon-" and 12 lowercase letters. It holds no digit, so
// it can be no phone (and carries none of the old one), and it is unique
// per client, so their history stays one client's.
func AnonymousPhone(random [12]byte) string {
	b := []byte(anonymousPrefix)
	for _, r := range random {
		b = append(b, 'a'+r%26)
	}
	return string(b)
}

// IsAnonymousPhone says whether s is an id AnonymousPhone makes.
func IsAnonymousPhone(s string) bool {
	if len(s) != len(anonymousPrefix)+12 || !strings.HasPrefix(s, anonymousPrefix) {
		return false
	}
	for _, c := range s[len(anonymousPrefix):] {
		if c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

// ClientKey returns the key a client's rows carry for phone as typed: its
// E.164 form, or an erased client's anonymous id as it is.
func ClientKey(phone string) (string, bool) {
	if IsAnonymousPhone(phone) {
		return phone, true
	}
	return NormalizePhone(phone)
}

// A client's phone hidden from a profissional (issue 26) is given to them as
// a masked phone: "m", the digits the mask shows (the DDD, a mobile's 9 and
// the last four), ".", and the phone sealed to the store (auth.Tokens.Seal).
// The web app shows it as "(11) 9••••-4321", and sends it back wherever a
// client's phone goes (a link, a booking); only the server opens it. One
// phone is one masked phone, so links and lists still name one client.

// MaxWhatsAppTextLen bounds a message a WhatsApp chat opens with: what a
// person would send, well under what a wa.me link carries.
const MaxWhatsAppTextLen = 1000

// MaskedPhone is the masked phone of e164, sealed as sealed.
func MaskedPhone(e164, sealed string) string {
	d := strings.TrimPrefix(e164, "+55")
	shown := d[:2]
	if len(d) == 11 {
		shown += "9"
	}
	return "m" + shown + d[len(d)-4:] + "." + sealed
}

// SealedPhone is the sealed part of a masked phone; ok is false for
// anything else.
func SealedPhone(s string) (sealed string, ok bool) {
	shown, sealed, ok := strings.Cut(s, ".")
	if !ok || len(shown) < 7 || len(shown) > 8 || shown[0] != 'm' || sealed == "" {
		return "", false
	}
	for _, r := range shown[1:] {
		if r < '0' || r > '9' {
			return "", false
		}
	}
	return sealed, true
}

// MaskPhone is how a masked phone reads: "(11) 9••••-4321", or
// "(11) ••••-4321" for a landline (e164 as NormalizePhone returns it).
func MaskPhone(e164 string) string {
	d := strings.TrimPrefix(e164, "+55")
	if len(d) == 11 {
		return "(" + d[:2] + ") 9••••-" + d[7:]
	}
	return "(" + d[:2] + ") ••••-" + d[len(d)-4:]
}

// The problems ReadContactPhone reports, as an import's preview shows them.
const (
	PhoneProblemEmpty   = "Sem telefone"
	PhoneProblemChars   = "O telefone tem letras ou símbolos"
	PhoneProblemForeign = "Telefone do exterior: o Agendo guarda só telefones do Brasil"
	PhoneProblemNoDDD   = "Telefone sem DDD, e a loja não tem telefone de onde tirar o DDD"
	PhoneProblemInvalid = "Não é um telefone do Brasil"
)

// ReadContactPhone reads a phone as another system or a phone's contacts
// kept it (issue 29): besides what NormalizePhone reads, a mobile from
// before the ninth digit ("+55 (11) 1234-5678" is "(11) 91234-5678"), and a number without DDD, which takes ddd (the store's). It
// answers the phone in E.164 or, when it reads none, the problem in
// Portuguese. A number from abroad is reported, not kept: every part of
// Agendo reads Brazilian phones.
func ReadContactPhone(s, ddd string) (e164, problem string) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", PhoneProblemEmpty
	}
	digits, ok := PhoneDigits(s)
	if !ok {
		return "", PhoneProblemChars
	}
	if strings.HasPrefix(digits, "00") { // the international prefix
		digits = digits[2:]
		if !strings.HasPrefix(digits, "55") {
			return "", PhoneProblemForeign
		}
	}
	if strings.HasPrefix(s, "+") && !strings.HasPrefix(digits, "55") {
		return "", PhoneProblemForeign
	}
	if len(digits) > 11 && strings.HasPrefix(digits, "55") {
		digits = digits[2:]
	}
	digits = strings.TrimPrefix(digits, "0")
	// Eight digits that are no landline's (those start 2–5) are a mobile's
	// from before the ninth digit.
	mobile := func(c byte) bool { return c < '2' || c > '5' }
	switch len(digits) {
	case 8, 9:
		if ddd == "" {
			return "", PhoneProblemNoDDD
		}
		if len(digits) == 8 && mobile(digits[0]) {
			digits = "9" + digits
		}
		digits = ddd + digits
	case 10:
		if mobile(digits[2]) {
			digits = digits[:2] + "9" + digits[2:]
		}
	}
	if e164, ok := NormalizePhone(digits); ok {
		return e164, ""
	}
	return "", PhoneProblemInvalid
}

// PhoneDDD is the area code of a Brazilian phone ("11" for "(11) 3456-7890"),
// or "" when phone is none.
func PhoneDDD(phone string) string {
	e164, ok := NormalizePhone(phone)
	if !ok {
		return ""
	}
	return e164[3:5]
}
