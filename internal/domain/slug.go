package domain

import (
	"strings"
	"unicode"
)

// fold maps accented Latin letters to their base letter. The domain package
// stays on the standard library, so this replaces a Unicode normaliser; it
// covers the letters Portuguese, Spanish and French names use.
var fold = strings.NewReplacer(
	"á", "a", "à", "a", "â", "a", "ã", "a", "ä", "a", "å", "a",
	"é", "e", "è", "e", "ê", "e", "ë", "e",
	"í", "i", "ì", "i", "î", "i", "ï", "i",
	"ó", "o", "ò", "o", "ô", "o", "õ", "o", "ö", "o",
	"ú", "u", "ù", "u", "û", "u", "ü", "u",
	"ç", "c", "ñ", "n", "ý", "y", "ÿ", "y", "ß", "ss", "æ", "ae", "œ", "oe", "ø", "o",
)

// Slugify turns a store name into its URL slug (DESIGN.md section 1): lower
// case, diacritics folded, whitespace to hyphens, anything outside [a-z0-9-]
// dropped, hyphens collapsed and trimmed. "Salão Bela" → "salao-bela".
func Slugify(name string) string {
	s := fold.Replace(strings.ToLower(name))
	var b strings.Builder
	lastHyphen := true // drop leading hyphens
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
			lastHyphen = false
		case unicode.IsSpace(r) || r == '-' || r == '_':
			if !lastHyphen {
				b.WriteByte('-')
				lastHyphen = true
			}
		}
	}
	return strings.TrimRight(b.String(), "-")
}
