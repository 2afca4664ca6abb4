import { formatBRL } from '@/lib/money'
import type { Weekday } from '@/lib/working-hours'

// Words and small computations the public pages show. The store page's first load has a
// budget, so this file does without lib/dates, lib/upload and lib/utils, and keeps its own
// copy of lib/format's formatDuration: that module's chunk also carries the dashboard's price
// field. labels.test.ts holds the copy to lib/format's answers. Money and phones come from
// lib/money and lib/phone, which are small.

/** formatDuration: lib/format's, 45 → "45 min", 90 → "1h 30min". */
export function formatDuration(minutes: number) {
  const m = Math.max(0, Math.round(minutes))
  if (m < 60) return `${m} min`
  const rest = m % 60
  return rest === 0 ? `${Math.floor(m / 60)}h` : `${Math.floor(m / 60)}h ${rest}min`
}

/** thumbOf: the small copy of a stored image ('/files/<id>' → '/files/<id>/thumb'). */
export function thumbOf(url: string) {
  return /^\/files\/[^/]+$/.test(url) ? `${url}/thumb` : url
}

/** initialsOf: "Ana Paula Souza" → "AS" (lib/utils would pull tailwind-merge into the page). */
export function initialsOf(name: string) {
  const words = name.trim().split(/\s+/).filter(Boolean)
  return ((words[0]?.[0] ?? '') + (words.length > 1 ? (words.at(-1)?.[0] ?? '') : '')).toLocaleUpperCase('pt-BR')
}

/** priceLabel: "R$ 45,90", or "Sob consulta" when the store shows no price. */
export function priceLabel(price: number | null) {
  return price === null ? 'Sob consulta' : formatBRL(price)
}

const BY_INDEX: Weekday[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday']

/** weekdayKey: lib/working-hours', kept here for the first load's budget ("2026-11-28" → "saturday"). */
export function weekdayKey(date: string): Weekday {
  const [y = 1970, m = 1, d = 1] = date.split('-').map(Number)
  return BY_INDEX[new Date(Date.UTC(y, m - 1, d)).getUTCDay()] ?? 'monday'
}

