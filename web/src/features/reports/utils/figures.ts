// How a figure moved against the period before: money and counts in percent ("↑ 12%"), rates in
// percentage points ("↑ 3,2 pontos": a rate from 10% to 13,2%), coloured by whether the move is
// good for the salon.

/** Sense says which way is good: more revenue is, more no-shows is not, commissions are neither. */
export type Sense = 'more-is-better' | 'less-is-better' | 'neutral'

export type Tone = 'good' | 'bad' | 'neutral'

export type Change =
  /** The period before was zero (or had no base for a rate): nothing to compare with. */
  | { kind: 'no-base' }
  /** The figure itself has no value this period (a rate with no base). */
  | { kind: 'none' }
  | { kind: 'change'; direction: 'up' | 'down' | 'same'; text: string; spoken: string; tone: Tone }

const number = (digits: number) =>
  new Intl.NumberFormat('pt-BR', { minimumFractionDigits: digits, maximumFractionDigits: digits })
const oneDecimal = number(1)

function tone(direction: 'up' | 'down' | 'same', sense: Sense): Tone {
  if (direction === 'same' || sense === 'neutral') return 'neutral'
  return (direction === 'up') === (sense === 'more-is-better') ? 'good' : 'bad'
}

const SAME = { text: 'sem variação', spoken: 'sem variação' }

/**
 * relativeChange compares money or counts: "↑ 12%", "↓ 3,5%" (one decimal under 10%), "sem
 * variação"; no base when the period before was zero.
 */
export function relativeChange(current: number, previous: number, sense: Sense): Change {
  if (previous === 0) return { kind: 'no-base' }
  const ratio = (current - previous) / Math.abs(previous)
  const pct = Math.abs(ratio) * 100
  const digits = pct < 10 ? 1 : 0
  const shown = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: digits }).format(pct)
  if (Number(pct.toFixed(digits)) === 0) return { kind: 'change', direction: 'same', ...SAME, tone: 'neutral' }
  const direction = ratio > 0 ? 'up' : 'down'
  return {
    kind: 'change',
    direction,
    text: `${direction === 'up' ? '↑' : '↓'} ${shown}%`,
    spoken: `${direction === 'up' ? 'alta' : 'queda'} de ${shown}%`,
    tone: tone(direction, sense),
  }
}

/**
 * pointsChange compares rates (0 to 1) in percentage points: "↑ 3,2 pontos", "↓ 1,5 ponto"
 * (singular under 2, as Portuguese has it), "sem
 * variação"; no base when the rate before had none, nothing when this period's has none.
 */
export function pointsChange(current: number | null, previous: number | null, sense: Sense): Change {
  if (previous === null) return { kind: 'no-base' }
  if (current === null) return { kind: 'none' }
  const points = (current - previous) * 100
  const shown = oneDecimal.format(Math.abs(points))
  if (Number(Math.abs(points).toFixed(1)) === 0) return { kind: 'change', direction: 'same', ...SAME, tone: 'neutral' }
  const direction = points > 0 ? 'up' : 'down'
  return {
    kind: 'change',
    direction,
    text: `${direction === 'up' ? '↑' : '↓'} ${shown} ${Number(Math.abs(points).toFixed(1)) < 2 ? 'ponto' : 'pontos'}`,
    spoken: `${direction === 'up' ? 'alta' : 'queda'} de ${shown} pontos percentuais`,
    tone: tone(direction, sense),
  }
}
