// Wall-clock dates ("2026-12-12") and times ("14:30") in the store's time zone. Arithmetic
// runs on UTC midnights so no day is ever skipped or repeated across a DST change.

export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo'

const WEEKDAY_NAMES = ['domingo', 'segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado']
const WEEKDAY_SHORT = ['Dom', 'Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb']
const MONTHS = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
]

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** isValidDate checks "YYYY-MM-DD" and that the day exists (2026-02-30 does not). */
export function isValidDate(value: string) {
  const m = DATE.exec(value)
  if (!m) return false
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3])
}

function utc(date: string) {
  const [y = 1970, m = 1, d = 1] = date.split('-').map(Number)
  return new Date(Date.UTC(y, m - 1, d))
}

function iso(d: Date) {
  return d.toISOString().slice(0, 10)
}

/** nowIn answers the date and time on the wall clock of a time zone. */
export function nowIn(timeZone: string = DEFAULT_TIME_ZONE, now = new Date()) {
  let parts: Intl.DateTimeFormatPart[]
  try {
    parts = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(now)
  } catch {
    return nowIn(DEFAULT_TIME_ZONE, now)
  }
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00'
  return { date: `${get('year')}-${get('month')}-${get('day')}`, time: `${get('hour')}:${get('minute')}` }
}

/** todayIn is the wall-clock date of a time zone, "2026-12-12". */
export function todayIn(timeZone?: string, now = new Date()) {
  return nowIn(timeZone, now).date
}

export function addDays(date: string, days: number) {
  const d = utc(date)
  d.setUTCDate(d.getUTCDate() + days)
  return iso(d)
}

/** weekday: 0 Sunday … 6 Saturday. */
export function weekday(date: string) {
  return utc(date).getUTCDay()
}

/** startOfWeek is the Monday of the date's week. */
export function startOfWeek(date: string) {
  return addDays(date, -((weekday(date) + 6) % 7))
}

export function weekdayName(date: string) {
  return WEEKDAY_NAMES[weekday(date)] ?? ''
}

export function weekdayShort(date: string) {
  return WEEKDAY_SHORT[weekday(date)] ?? ''
}

/** dayMonth: "12/12". */
export function dayMonth(date: string) {
  return `${date.slice(8, 10)}/${date.slice(5, 7)}`
}

/** longDate: "sábado, 12 de dezembro de 2026". */
export function longDate(date: string) {
  const d = utc(date)
  return `${weekdayName(date)}, ${d.getUTCDate()} de ${MONTHS[d.getUTCMonth()]} de ${d.getUTCFullYear()}`
}

/** weekRange: "7 a 13 de dezembro de 2026", or across months "29 de dezembro a 4 de janeiro". */
export function weekRange(from: string, to: string) {
  const a = utc(from)
  const b = utc(to)
  const end = `${b.getUTCDate()} de ${MONTHS[b.getUTCMonth()]} de ${b.getUTCFullYear()}`
  if (a.getUTCMonth() === b.getUTCMonth()) return `${a.getUTCDate()} a ${end}`
  const start = `${a.getUTCDate()} de ${MONTHS[a.getUTCMonth()]}`
  return a.getUTCFullYear() === b.getUTCFullYear()
    ? `${start} a ${end}`
    : `${start} de ${a.getUTCFullYear()} a ${end}`
}

/** toMinutes: "14:30" → 870. */
export function toMinutes(time: string) {
  const [h = 0, m = 0] = time.split(':').map(Number)
  return h * 60 + m
}

/** fromMinutes: 870 → "14:30". */
export function fromMinutes(minutes: number) {
  const m = Math.max(0, Math.min(24 * 60, Math.round(minutes)))
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`
}

/** formatDateTime: an instant as "12/12/2026 às 14:30" in the browser's zone. */
export function formatDateTime(instant: string) {
  const d = new Date(instant)
  if (Number.isNaN(d.getTime())) return ''
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} às ${pad(d.getHours())}:${pad(d.getMinutes())}`
}

/** formatTimestamp: an instant as "12/12/2026 14:30" in the browser's zone (logs and history). */
export function formatTimestamp(instant: string) {
  return formatDateTime(instant).replace(' às ', ' ')
}
