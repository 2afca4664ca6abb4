import statusChanges from '@domain/status_changes.json'

import { type AppointmentStatus, STATUSES } from '@/lib/appointment-status'
import { toMinutes } from '@/lib/dates'
import { countLabel } from '@/lib/format'
import { type DayHours, weekdayKey, type WorkingHours } from '@/lib/working-hours'

import type { Appointment } from './get-appointments'

/** The one-tap changes, in the order shown, with their names. */
const ACTIONS: readonly { status: AppointmentStatus; label: string }[] = [
  { status: 'confirmed', label: 'Confirmar' },
  { status: 'completed', label: 'Concluir' },
  { status: 'cancelled', label: 'Cancelar' },
  { status: 'no_show', label: 'Não compareceu' },
  // A way back from a mistaken tap: the appointment is open again.
  { status: 'scheduled', label: 'Reabrir' },
]

/**
 * STATUS_ACTIONS are the one-tap changes, each with the statuses it applies to: those come from
 * the server's rule (internal/domain/status_changes.json, their one home), read by both.
 */
export const STATUS_ACTIONS: readonly { status: AppointmentStatus; label: string; from: readonly AppointmentStatus[] }[] =
  ACTIONS.map((a) => ({
    ...a,
    from: STATUSES.filter((s) => (statusChanges[s] as readonly string[]).includes(a.status)),
  }))

/** isOpen: the appointment is still to happen (neither done, cancelled nor missed). */
export function isOpen(status: AppointmentStatus) {
  return status === 'scheduled' || status === 'confirmed'
}

/** isUpcoming: still ahead on the store's clock, and neither cancelled nor done. */
export function isUpcoming(a: Appointment, now: { date: string; time: string }) {
  if (!isOpen(a.status) || a.isDeleted) return false
  return a.date > now.date || (a.date === now.date && toMinutes(a.time) >= toMinutes(now.time))
}

/** weekdayHours: the store's hours on a date's weekday (undefined while the store loads). */
export function weekdayHours(hours: WorkingHours | undefined, date: string): DayHours | undefined {
  return hours?.[weekdayKey(date)]
}

/**
 * dayNote is what a day of the week view says under its name: its appointments; 'Fechado' when
 * the store does not open that weekday; 'Livre' only for a day still to come. A past day is not
 * free to book, and 'Livre' on a closed Sunday invited bookings the store cannot take (issue 23).
 */
export function dayNote(count: number, isPast: boolean, hours: DayHours | undefined) {
  if (count > 0) return countLabel(count, 'agendamento', 'agendamentos')
  if (hours && !hours.isOpen) return 'Fechado'
  return isPast ? '' : 'Livre'
}
