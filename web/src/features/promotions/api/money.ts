/** The most a card or a level may ask a client to spend, in cents (R$ 1.000.000,00, as the server allows). */
export const MAX_SPEND_CENTS = 100_000_000

/**
 * parseReais reads reais typed in Brazilian style, as a service's price is ("500", "500,00",
 * "1.500,90", "R$ 500"; "500.5" reads as 500,50), and answers cents from 0 to MAX_SPEND_CENTS
 * (null otherwise; empty is 0). Unlike a price, what a card asks for may pass what one service
 * costs.
 */
export function parseReais(text: string): number | null {
  const value = text.trim().replace(/^R\$\s*/i, '')
  if (value === '') return 0
  const comma = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/.exec(value)
  const dot = comma ? null : /^(\d+)\.(\d{1,2})$/.exec(value)
  const match = comma ?? dot
  if (!match) return null
  const reais = (match[1] ?? '').replaceAll('.', '')
  const centavos = match[2] ?? ''
  const cents = Number(reais) * 100 + Number(centavos.padEnd(2, '0'))
  return Number.isSafeInteger(cents) && cents <= MAX_SPEND_CENTS ? cents : null
}
