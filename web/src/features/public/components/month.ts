import { addDays, longDate, weekday, weekdayShort } from '@/lib/dates'
import { weekdayKey, type WorkingHours } from '@/lib/working-hours'

// The month calendar's arithmetic, on "YYYY-MM-DD" strings.

/** monthOf: "2026-11-28" → "2026-11". */
export const monthOf = (date: string) => date.slice(0, 7)

export function daysInMonth(month: string) {
  const [y = 1970, m = 1] = month.split('-').map(Number)
  return new Date(Date.UTC(y, m, 0)).getUTCDate()
}

/** addMonths: ("2026-11", 2) → "2027-01". */
export function addMonths(month: string, n: number) {
  const [y = 1970, m = 1] = month.split('-').map(Number)
  return new Date(Date.UTC(y, m - 1 + n, 1)).toISOString().slice(0, 7)
}

/** monthLabel: "2026-11" → "novembro de 2026". */
export function monthLabel(month: string) {
  return longDate(`${month}-01`).replace(/^.*?, 1 de /, '')
}

/**
 * monthWindow is the availability request for a month: from its first bookable day (today
 * in the current month) to its end, at most 31 days.
 */
export function monthWindow(month: string, today: string) {
  const first = `${month}-01`
  const from = first < today ? today : first
  const days = daysInMonth(month) - Number(from.slice(8, 10)) + 1
  return { from, days: Math.max(1, Math.min(31, days)) }
}

/** monthCells: the month's days in a Sunday-first grid, null for the blanks before the 1st. */
export function monthCells(month: string): (string | null)[] {
  const first = `${month}-01`
  const cells: (string | null)[] = Array.from({ length: weekday(first) }, () => null)
  for (let i = 0; i < daysInMonth(month); i++) cells.push(addDays(first, i))
  return cells
}

/** dayLabel: "sábado, 28 de novembro" (no year: bookings are at most months away). */
export function dayLabel(date: string) {
  return longDate(date).replace(/ de \d{4}$/, '')
}

/** shortDayLabel: "Sáb, 28/11". */
export function shortDayLabel(date: string) {
  return `${weekdayShort(date)}, ${date.slice(8, 10)}/${date.slice(5, 7)}`
}

/** closedOn answers whether the store's weekly hours keep it closed all day on a date. */
export function closedOn(hours: WorkingHours) {
  return (date: string) => hours[weekdayKey(date)]?.isOpen === false
}

/**
 * dayNote is what a day cell says under its number and after its name: today is 'Hoje', a day
 * the store does not open is 'Fechado' (only the name says both).
 */
export function dayNote(date: string, today: string, closed: boolean) {
  const isToday = date === today
  return {
    visible: isToday ? 'Hoje' : closed ? 'Fechado' : '',
    spoken: [isToday ? 'hoje' : '', closed ? 'fechado' : ''].filter(Boolean).join(', '),
  }
}
