// Money in reais, held as integer cents: how it is written and read. The one home of the rule
// on this side; the server's is internal/domain/money.go, and both are tested against
// internal/domain/testdata/money.json. The public store page loads this module on first paint,
// so it stays small, imports nothing and builds nothing it does not need at load.

let brl: Intl.NumberFormat | undefined
let decimal: Intl.NumberFormat | undefined
let compact: Intl.NumberFormat | undefined

/** formatBRL writes cents as reais: 123456 → "R$ 1.234,56" (a no-break space after "R$"). */
export function formatBRL(cents: number) {
  brl ??= new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })
  return brl.format(Math.round(cents) / 100)
}

/** formatCentsInput writes cents the way a price is typed: 123456 → "1.234,56"; none is ''. */
export function formatCentsInput(cents: number | null | undefined) {
  if (cents === null || cents === undefined) return ''
  decimal ??= new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
  return decimal.format(Math.round(cents) / 100)
}

/** formatCompactBRL writes cents short, for a chart's axis: 120000 → "R$ 1,2 mil", 50000 → "R$ 500". */
export function formatCompactBRL(cents: number) {
  compact ??= new Intl.NumberFormat('pt-BR', {
    style: 'currency',
    currency: 'BRL',
    notation: 'compact',
    minimumFractionDigits: 0,
    maximumFractionDigits: 1,
  })
  return compact.format(Math.round(cents) / 100)
}

/** keepMoneyTogether: "R$ 500,00" in a sentence never breaks between the symbol and the amount. */
export function keepMoneyTogether(text: string) {
  return text.replaceAll('R$ ', 'R$\u00a0')
}

/**
 * parseBRL reads an amount typed the Brazilian way and answers cents: "45,90" → 4590,
 * "1.234,56" → 123456, "1234,5" → 123450, "R$ 10" → 1000, "1.234" → 123400. A dot followed by
 * one or two digits is a decimal point ("45.90" → 4590); a leading "-" makes it negative. It
 * answers undefined when nothing was typed (blank, or "R$" alone) and null when the text is no
 * amount. Each field decides what range it takes.
 */
export function parseBRL(text: string): number | null | undefined {
  let value = text.trim().replace(/^R\$\s*/i, '')
  if (value === '') return undefined
  const negative = value.startsWith('-')
  if (negative) value = value.slice(1)
  const match =
    /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/.exec(value) ?? /^(\d+)\.(\d{1,2})$/.exec(value)
  if (!match) return null
  const cents = Number((match[1] ?? '').replaceAll('.', '')) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
  return negative && cents > 0 ? -cents : cents
}
