import type { AppointmentStatus } from '@/lib/appointment-status'
import { toMinutes } from '@/lib/dates'

import type { Appointment } from './get-appointments'

/** The one-tap changes, each with the statuses it applies to. */
export const STATUS_ACTIONS: readonly { status: AppointmentStatus; label: string; from: readonly AppointmentStatus[] }[] = [
  { status: 'confirmed', label: 'Confirmar', from: ['scheduled'] },
  { status: 'completed', label: 'Concluir', from: ['scheduled', 'confirmed'] },
  { status: 'cancelled', label: 'Cancelar', from: ['scheduled', 'confirmed'] },
  { status: 'no_show', label: 'Não compareceu', from: ['scheduled', 'confirmed'] },
  // A way back from a mistaken tap: the appointment is open again.
  { status: 'scheduled', label: 'Reabrir', from: ['completed', 'cancelled', 'no_show'] },
]

/** isOpen: the appointment is still to happen (neither done, cancelled nor missed). */
export function isOpen(status: AppointmentStatus) {
  return status === 'scheduled' || status === 'confirmed'
}

/** isUpcoming: still ahead on the store's clock, and neither cancelled nor done. */
export function isUpcoming(a: Appointment, now: { date: string; time: string }) {
  if (!isOpen(a.status) || a.isDeleted) return false
  return a.date > now.date || (a.date === now.date && toMinutes(a.time) >= toMinutes(now.time))
}
