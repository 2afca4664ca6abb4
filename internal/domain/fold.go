package domain

import "strings"

// accents maps accented Latin letters, in both cases, to their base letters.
// The domain package stays on the standard library, so this replaces a
// Unicode normaliser; it covers the letters Portuguese, Spanish and French
// names use.
var accents = strings.NewReplacer(
	"á", "a", "à", "a", "â", "a", "ã", "a", "ä", "a", "å", "a",
	"é", "e", "è", "e", "ê", "e", "ë", "e",
	"í", "i", "ì", "i", "î", "i", "ï", "i",
	"ó", "o", "ò", "o", "ô", "o", "õ", "o", "ö", "o",
	"ú", "u", "ù", "u", "û", "u", "ü", "u",
	"ç", "c", "ñ", "n", "ý", "y", "ÿ", "y", "ß", "ss", "æ", "ae", "œ", "oe", "ø", "o",
	"Á", "A", "À", "A", "Â", "A", "Ã", "A", "Ä", "A", "Å", "A",
	"É", "E", "È", "E", "Ê", "E", "Ë", "E",
	"Í", "I", "Ì", "I", "Î", "I", "Ï", "I",
	"Ó", "O", "Ò", "O", "Ô", "O", "Õ", "O", "Ö", "O",
	"Ú", "U", "Ù", "U", "Û", "U", "Ü", "U",
	"Ç", "C", "Ñ", "N", "Ý", "Y", "Æ", "AE", "Œ", "OE", "Ø", "O",
)

// FoldAccents drops the accents of s's letters, keeping their case:
// "Conceição" → "Conceicao". Slugs and Pix codes use it.
func FoldAccents(s string) string { return accents.Replace(s) }
