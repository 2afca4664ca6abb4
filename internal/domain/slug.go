package domain

import (
	"strings"
	"unicode"
)

// Slugify turns a store name into its URL slug (DESIGN.md section 1): lower
// case, diacritics folded, whitespace to hyphens, anything outside [a-z0-9-]
// dropped, hyphens collapsed and trimmed. "Salão Bela" → "salao-bela".
func Slugify(name string) string {
	s := FoldAccents(strings.ToLower(name))
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
