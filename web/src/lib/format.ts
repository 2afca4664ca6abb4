const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })

/** formatBRL formats integer cents as Brazilian reais: 123456 → "R$ 1.234,56". */
export function formatBRL(cents: number) {
  return brl.format(Math.round(cents) / 100)
}

/** keepMoneyTogether: "R$ 500,00" in a sentence never breaks between the symbol and the amount. */
export function keepMoneyTogether(text: string) {
  return text.replaceAll('R$ ', 'R$\u00a0')
}

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

const decimalBR = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** formatCentsInput writes cents the way a price is typed: 123456 → "1.234,56". */
export function formatCentsInput(cents: number | null | undefined) {
  return cents === null || cents === undefined ? '' : decimalBR.format(Math.round(cents) / 100)
}

/** The highest price a form accepts, in cents (R$ 100.000,00). */
export const MAX_PRICE_CENTS = 10_000_000

export type PriceParse = { ok: true; cents: number | null } | { ok: false; error: string }

export const PRICE_INVALID = 'Informe o preço em reais, como 45,90'
export const PRICE_NEGATIVE = 'O preço não pode ser negativo'
export const PRICE_TOO_HIGH = `O preço máximo é ${formatBRL(MAX_PRICE_CENTS)}`

/**
 * parsePrice reads a price typed in Brazilian style and answers cents (×100, rounded):
 * "45,90" → 4590, "1.234,56" → 123456, "10" → 1000, "0,5" → 50. "R$" is ignored; a dot
 * followed by one or two digits ("45.90") is read as the decimal point. Empty means no price.
 */
export function parsePrice(text: string): PriceParse {
  let value = text.trim().replace(/^R\$\s*/i, '')
  if (value === '') return { ok: true, cents: null }
  const negative = value.startsWith('-')
  if (negative) value = value.slice(1)

  let reais: string
  let centavos = ''
  if (/^(\d{1,3}(\.\d{3})+|\d+),\d{1,2}$/.test(value)) {
    ;[reais = '', centavos = ''] = value.split(',')
    reais = reais.replaceAll('.', '')
  } else if (/^\d{1,3}(\.\d{3})+$/.test(value)) {
    reais = value.replaceAll('.', '')
  } else if (/^\d+(\.\d{1,2})?$/.test(value)) {
    ;[reais = '', centavos = ''] = value.split('.')
  } else {
    return { ok: false, error: PRICE_INVALID }
  }
  const cents = Math.round(Number(`${reais}.${centavos || '0'}`) * 100)
  if (negative && cents > 0) return { ok: false, error: PRICE_NEGATIVE }
  if (!Number.isSafeInteger(cents) || cents > MAX_PRICE_CENTS) return { ok: false, error: PRICE_TOO_HIGH }
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
let compactBRL: Intl.NumberFormat | undefined
let percent: Intl.NumberFormat | undefined

/** formatCompactBRL writes cents short, for a chart's axis: 120000 → "R$ 1,2 mil", 50000 → "R$ 500". */
export function formatCompactBRL(cents: number) {
  compactBRL ??= new Intl.NumberFormat('pt-BR', {
    style: 'currency',
    currency: 'BRL',
    notation: 'compact',
    minimumFractionDigits: 0,
    maximumFractionDigits: 1,
  })
  return compactBRL.format(Math.round(cents) / 100)
}

/** formatPercent writes a rate from 0 to 1 as a percentage: 0.1234 → "12,3%", 0.5 → "50%". */
export function formatPercent(rate: number) {
  percent ??= new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 1 })
  return percent.format(rate)
}
