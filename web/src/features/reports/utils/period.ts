import { addDays, dayMonth, isValidDate, longDate, weekRange } from '@/lib/dates'

import type { ReportQuery } from '../api/get-report'

// The period of a report: a preset counted from the store's today (the report's `today`, never
// the browser's), or two days the owner picks. It lives in the address (?period=7d, or
// ?period=custom&from=…&to=…, and &professional=…) so a reload or Back shows the same report.

export type Preset = 'today' | '7d' | 'month' | 'last-month'
export type Period = Preset | 'custom'

export const PERIODS: readonly { value: Period; label: string }[] = [
  { value: 'today', label: 'Hoje' },
  { value: '7d', label: '7 dias' },
  { value: 'month', label: 'Este mês' },
  { value: 'last-month', label: 'Mês passado' },
  { value: 'custom', label: 'Personalizado' },
]

/** ReportFilters is what the owner chose: the period (custom with its days) and a professional or all. */
export type ReportFilters = {
  period: Period
  from?: string
  to?: string
  professionalId?: string
}

export const DEFAULT_PERIOD: Period = 'month'

function isPeriod(value: string | null): value is Period {
  return PERIODS.some((p) => p.value === value)
}

/** parseFilters reads the filters from the address; what it does not know is left at its default. */
export function parseFilters(params: URLSearchParams): ReportFilters {
  const raw = params.get('period')
  const period = isPeriod(raw) ? raw : DEFAULT_PERIOD
  const professionalId = params.get('professional') || undefined
  if (period !== 'custom') return { period, professionalId }
  return { period, from: params.get('from') ?? '', to: params.get('to') ?? '', professionalId }
}

/** writeFilters puts the filters in the address, keeping its other parameters; defaults are left out. */
export function writeFilters(filters: ReportFilters, current = new URLSearchParams()) {
  const out = new URLSearchParams(current)
  for (const key of ['period', 'from', 'to', 'professional']) out.delete(key)
  if (filters.period !== DEFAULT_PERIOD) out.set('period', filters.period)
  if (filters.period === 'custom') {
    out.set('from', filters.from ?? '')
    out.set('to', filters.to ?? '')
  }
  if (filters.professionalId) out.set('professional', filters.professionalId)
  return out
}

/** firstOfMonth: "2026-11-24" → "2026-11-01". */
function firstOfMonth(date: string) {
  return `${date.slice(0, 8)}01`
}

/** presetRange answers a preset's first and last day, counted from the store's today. */
export function presetRange(preset: Preset, today: string): { from: string; to: string } {
  switch (preset) {
    case 'today':
      return { from: today, to: today }
    case '7d':
      return { from: addDays(today, -6), to: today }
    case 'month':
      return { from: firstOfMonth(today), to: today }
    case 'last-month': {
      const last = addDays(firstOfMonth(today), -1)
      return { from: firstOfMonth(last), to: last }
    }
  }
}

/**
 * reportQuery is the request for the filters. 'Este mês' asks without days (the server counts it
 * from its own today); the other presets need the store's today, and answer null until it is
 * known; a custom period answers null until it has both days.
 */
export function reportQuery(filters: ReportFilters, today: string | null): ReportQuery | null {
  const professionalId = filters.professionalId
  if (filters.period === 'custom') {
    // Both days, or no request: without them the server would answer this month instead.
    return filters.from && filters.to ? { from: filters.from, to: filters.to, professionalId } : null
  }
  if (filters.period === 'month') return { professionalId }
  if (!today) return null
  return { ...presetRange(filters.period, today), professionalId }
}

/** periodTitle names a period in words: "24 de novembro de 2026" or "1 a 24 de novembro de 2026". */
export function periodTitle(from: string, to: string) {
  if (!isValidDate(from) || !isValidDate(to)) return ''
  if (from === to) return longDate(from).replace(/^[^,]+, /, '')
  return weekRange(from, to)
}

/**
 * shortRange names a period in figures: "13/10 a 31/10", or "13/10/2025 a 31/10/2025" when it is
 * not (all) in the year of `today`; one day is just "23/11".
 */
export function shortRange(from: string, to: string, today: string) {
  const year = today.slice(0, 4)
  const withYear = from.slice(0, 4) !== year || to.slice(0, 4) !== year
  const day = (d: string) => (withYear ? `${dayMonth(d)}/${d.slice(0, 4)}` : dayMonth(d))
  return from === to ? day(from) : `${day(from)} a ${day(to)}`
}
