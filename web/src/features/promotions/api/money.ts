import { parseBRL } from '@/lib/money'

/** The most a card or a level may ask a client to spend, in cents (R$ 1.000.000,00, as the server allows). */
export const MAX_SPEND_CENTS = 100_000_000

/**
 * parseReais reads what a card or a level asks a client to spend, typed as a price is (lib/money's
 * parseBRL: "500", "1.500,90", "R$ 500", "500.5"), and answers cents from 0 to MAX_SPEND_CENTS
 * (null otherwise; empty is 0). Unlike a price, what a card asks for may pass what one service
 * costs.
 */
export function parseReais(text: string): number | null {
  const cents = parseBRL(text)
  if (cents === undefined) return 0
  return cents !== null && cents >= 0 && cents <= MAX_SPEND_CENTS ? cents : null
}
