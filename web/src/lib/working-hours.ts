import type * as Api from '@/lib/api-schema'
import { weekday } from '@/lib/dates'

// Opening hours per weekday, shared by the store and its professionals (SPEC.md section 3).

export type Weekday = 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday'

export type DayHours = Api.DayHours

export type WorkingHours = Record<Weekday, DayHours>

/** The weekdays in the spec's order, with their Portuguese names. */
export const WEEKDAYS: readonly { key: Weekday; label: string; short: string }[] = [
  { key: 'monday', label: 'Segunda', short: 'Seg' },
  { key: 'tuesday', label: 'Terça', short: 'Ter' },
  { key: 'wednesday', label: 'Quarta', short: 'Qua' },
  { key: 'thursday', label: 'Quinta', short: 'Qui' },
  { key: 'friday', label: 'Sexta', short: 'Sex' },
  { key: 'saturday', label: 'Sábado', short: 'Sáb' },
  { key: 'sunday', label: 'Domingo', short: 'Dom' },
]

/** The spec's default: 09:00 to 18:00, Monday to Saturday; Sunday closed. */
export function defaultWorkingHours(): WorkingHours {
  const hours = {} as WorkingHours
  for (const { key } of WEEKDAYS) hours[key] = { open: '09:00', close: '18:00', isOpen: key !== 'sunday' }
  return hours
}

/**
 * normalizeWorkingHours fills in any weekday the server left out (closed, 09:00–18:00), so
 * the editor always has seven rows.
 */
export function normalizeWorkingHours(hours: Partial<Record<Weekday, Partial<DayHours>>> | null | undefined) {
  const base = defaultWorkingHours()
  const result = {} as WorkingHours
  for (const { key } of WEEKDAYS) {
    const day = hours?.[key]
    result[key] = day
      ? { open: day.open || base[key].open, close: day.close || base[key].close, isOpen: day.isOpen === true }
      : { ...base[key], isOpen: hours ? false : base[key].isOpen }
  }
  return result
}

/**
 * copyToAllDays gives every weekday the opening and closing times of `from`. Whether each day
 * is open stays as it was: copying Monday's hours should not open the salon on Sunday.
 */
export function copyToAllDays(hours: WorkingHours, from: Weekday): WorkingHours {
  const { open, close } = hours[from]
  const result = {} as WorkingHours
  for (const { key } of WEEKDAYS) result[key] = { ...hours[key], open, close }
  return result
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/

export const HOURS_MISSING = 'Informe a abertura e o fechamento'
export const HOURS_ORDER = 'O fechamento deve ser depois da abertura'

/** dayHoursError checks one open day: both times present and closing after opening. */
export function dayHoursError(day: DayHours): string | null {
  if (!day.isOpen) return null
  if (!TIME.test(day.open) || !TIME.test(day.close)) return HOURS_MISSING
  if (day.close <= day.open) return HOURS_ORDER
  return null
}

/** workingHoursErrors answers the message of every invalid day (none: an empty object). */
export function workingHoursErrors(hours: WorkingHours) {
  const errors: Partial<Record<Weekday, string>> = {}
  for (const { key } of WEEKDAYS) {
    const message = dayHoursError(hours[key])
    if (message) errors[key] = message
  }
  return errors
}

/** summarizeWorkingHours is a one-line reading of the hours: "Seg–Sex 09:00–18:00 · Sáb 09:00–13:00". */
export function summarizeWorkingHours(hours: WorkingHours) {
  const groups: { from: string; to: string; text: string }[] = []
  for (const { key, short } of WEEKDAYS) {
    const day = hours[key]
    if (!day.isOpen) continue
    const text = `${day.open}–${day.close}`
    const last = groups.at(-1)
    const previous = WEEKDAYS[WEEKDAYS.findIndex((d) => d.key === key) - 1]
    if (last && last.text === text && previous && last.to === previous.short && hours[previous.key].isOpen) {
      last.to = short
    } else {
      groups.push({ from: short, to: short, text })
    }
  }
  if (groups.length === 0) return 'Fechado todos os dias'
  return groups.map((g) => `${g.from === g.to ? g.from : `${g.from}–${g.to}`} ${g.text}`).join(' · ')
}

const BY_INDEX: readonly Weekday[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday']

/** weekdayKey: the working-hours key of a date ("2026-11-28" → "saturday"). */
export function weekdayKey(date: string): Weekday {
  return BY_INDEX[weekday(date)] ?? 'monday'
}
