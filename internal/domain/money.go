package domain

import "strconv"

// Money in reais is held as integer cents. How it is written is this file's
// rule; the web app's lib/money.ts follows it, and testdata/money.json holds
// the cases both are tested against. The API takes and gives cents, so the
// server reads no amount typed by a person.

// FormatBRL writes cents as reais the way Brazilians read them, for a
// sentence: 123456 → "R$ 1.234,56", -2999 → "-R$ 29,99".
func FormatBRL(cents int64) string {
	sign, reais, centavos := splitCents(cents)
	var b []byte
	for i := range len(reais) {
		if i > 0 && (len(reais)-i)%3 == 0 {
			b = append(b, '.')
		}
		b = append(b, reais[i])
	}
	return sign + "R$ " + string(b) + "," + centavos
}

// DecimalBR writes cents as a spreadsheet set to Portuguese reads a number,
// for an export's cell: 123456 → "1234,56", no symbol and no thousands
// separator.
func DecimalBR(cents int64) string {
	sign, reais, centavos := splitCents(cents)
	return sign + reais + "," + centavos
}

// splitCents is cents' sign ("-" or ""), whole reais and two-digit centavos.
func splitCents(cents int64) (sign, reais, centavos string) {
	u := uint64(cents)
	if cents < 0 {
		sign, u = "-", -u
	}
	c := u % 100
	return sign, strconv.FormatUint(u/100, 10), string([]byte{byte('0' + c/10), byte('0' + c%10)})
}
