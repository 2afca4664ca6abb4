import { formatBRL, parseBRL } from './money'

const ptDate = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric' })

/**
 * formatDate formats a Date, an ISO instant or a wall-clock date ("2025-03-07") as dd/MM/yyyy.
 * A wall-clock date is rewritten as it stands, so it never shifts a day across time zones;
 * instants are shown in the browser's time zone.
 */
export function formatDate(value: Date | string) {
  if (typeof value === 'string') {
    const wallClock = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
    if (wallClock) return `${wallClock[3]}/${wallClock[2]}/${wallClock[1]}`
  }
  const date = typeof value === 'string' ? new Date(value) : value
  return Number.isNaN(date.getTime()) ? '' : ptDate.format(date)
}

/** The highest price a form accepts, in cents (R$ 100.000,00). */
export const MAX_PRICE_CENTS = 10_000_000

export type PriceParse = { ok: true; cents: number | null } | { ok: false; error: string }

export const PRICE_INVALID = 'Informe o preço em reais, como 45,90'
export const PRICE_NEGATIVE = 'O preço não pode ser negativo'
export const PRICE_TOO_HIGH = `O preço máximo é ${formatBRL(MAX_PRICE_CENTS)}`

/**
 * parsePrice reads a price field (lib/money's parseBRL): cents from 0 to MAX_PRICE_CENTS, or null
 * when the field is empty (no price); a negative or too high price has its own message.
 */
export function parsePrice(text: string): PriceParse {
  const cents = parseBRL(text)
  if (cents === undefined) return { ok: true, cents: null }
  if (cents === null) return { ok: false, error: PRICE_INVALID }
  if (cents < 0) return { ok: false, error: PRICE_NEGATIVE }
  if (cents > MAX_PRICE_CENTS) return { ok: false, error: PRICE_TOO_HIGH }
  return { ok: true, cents }
}

/** formatDuration shows minutes as "45 min", "1h", "1h 30min". */
export function formatDuration(minutes: number) {
  const m = Math.max(0, Math.round(minutes))
  if (m < 60) return `${m} min`
  const h = Math.floor(m / 60)
  const rest = m % 60
  return rest === 0 ? `${h}h` : `${h}h ${rest}min`
}

/** countLabel writes a count with its noun in the right number: "1 agendamento", "3 agendamentos". */
export function countLabel(count: number, singular: string, plural: string) {
  return `${count.toLocaleString('pt-BR')} ${count === 1 ? singular : plural}`
}

/**
 * waitLabel says how long to wait, from a Retry-After in seconds, in the largest unit that
 * fits and rounded up: 1 → "1 segundo", 45 → "45 segundos", 61 → "2 minutos", 3600 → "1 hora".
 */
export function waitLabel(seconds: number) {
  const secs = Math.max(1, Math.ceil(seconds))
  if (secs < 60) return countLabel(secs, 'segundo', 'segundos')
  const minutes = Math.ceil(secs / 60)
  if (minutes < 60) return countLabel(minutes, 'minuto', 'minutos')
  return countLabel(Math.ceil(minutes / 60), 'hora', 'horas')
}

/** formatTimeRange joins two "HH:mm" times with an en dash: "12:00–13:00". */
export function formatTimeRange(start: string, end: string) {
  return `${start}–${end}`
}

// Made on first use: a formatter built at load time would stay in every page's bundle.
let percent: Intl.NumberFormat | undefined

/** formatPercent writes a rate from 0 to 1 as a percentage: 0.1234 → "12,3%", 0.5 → "50%". */
export function formatPercent(rate: number) {
  percent ??= new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 1 })
  return percent.format(rate)
}
