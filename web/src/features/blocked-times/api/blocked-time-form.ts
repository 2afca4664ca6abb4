import * as z from 'zod/mini'

import type * as Api from '@/lib/api-schema'
import { todayIn } from '@/lib/dates'
import { formatDate, formatTimeRange } from '@/lib/format'

import type { BlockedTime } from './get-blocked-times'

// The blocked-time form's rules, shared by create and update.

export const ALL_DAY_START = '00:00'
export const ALL_DAY_END = '23:59'
export const END_BEFORE_START = 'O fim deve ser depois do início'

/** today is the store's date, "2026-12-24" (São Paulo's while the store is not known): a
 * phone in another time zone blocks the salon's days, not its own. */
export function today(timeZone?: string) {
  return todayIn(timeZone)
}

export function isAllDay(b: Pick<BlockedTime, 'startTime' | 'endTime'>) {
  return b.startTime === ALL_DAY_START && (b.endTime === ALL_DAY_END || b.endTime === '24:00')
}

/** blockedTimeFormSchema is the form's rules on the store's date `todayDate`. */
export const blockedTimeFormSchema = (todayDate: string) =>
  z
    .object({
      date: z.string().check(z.minLength(1, 'Informe a data')),
      allDay: z.boolean(),
      startTime: z.string(),
      endTime: z.string(),
      reason: z.string().check(z.trim(), z.maxLength(200, 'Use no máximo 200 caracteres')),
    })
    .check(
      z.superRefine((v, ctx) => {
        const add = (path: string, message: string) => ctx.addIssue({ code: 'custom', message, path: [path], input: v })
        if (v.date && !/^\d{4}-\d{2}-\d{2}$/.test(v.date)) add('date', 'Informe uma data válida')
        else if (v.date && v.date < todayDate) add('date', 'Escolha hoje ou uma data futura')
        if (v.allDay) return
        if (!v.startTime) add('startTime', 'Informe o início')
        if (!v.endTime) add('endTime', 'Informe o fim')
        if (v.startTime && v.endTime && v.endTime <= v.startTime) add('endTime', END_BEFORE_START)
      }),
    )

export type BlockedTimeFormValues = z.infer<ReturnType<typeof blockedTimeFormSchema>>

export type BlockedTimeInput = Required<Api.BlockedTimeInput>

export const BLOCKED_TIME_FIELD_PATHS = ['date', 'startTime', 'endTime', 'reason'] as const

export function blockedTimeToForm(b: BlockedTime | null, todayDate: string): BlockedTimeFormValues {
  if (!b) return { date: todayDate, allDay: false, startTime: '12:00', endTime: '13:00', reason: '' }
  const allDay = isAllDay(b)
  return { date: b.date, allDay, startTime: b.startTime, endTime: b.endTime, reason: b.reason ?? '' }
}

export function formToBlockedTimeInput(professionalId: string, v: BlockedTimeFormValues): BlockedTimeInput {
  return {
    professionalId,
    date: v.date,
    startTime: v.allDay ? ALL_DAY_START : v.startTime,
    endTime: v.allDay ? ALL_DAY_END : v.endTime,
    reason: v.reason || null,
  }
}

/** describeBlockedTime reads a blocked time as "24/12/2026 12:00–13:00" or "24/12/2026, dia inteiro". */
export function describeBlockedTime(b: Pick<BlockedTime, 'date' | 'startTime' | 'endTime'>) {
  return isAllDay(b)
    ? `${formatDate(b.date)}, dia inteiro`
    : `${formatDate(b.date)} ${formatTimeRange(b.startTime, b.endTime)}`
}
