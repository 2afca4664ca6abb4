import { createContext, useContext } from 'react'

import type { Appointment } from '../api/get-appointments'

/** A visit the owner has just marked as completed. */
export type CompletedVisit = { appointmentId: string; clientPhone: string; clientName: string }

/**
 * AppointmentCompletedContext is told of every appointment this tab marks as completed (by
 * 'Concluir', an edit or a booking made as completed). The dashboard uses it to offer a reward
 * the visit earned; without a provider nothing happens.
 */
export const AppointmentCompletedContext = createContext<((visit: CompletedVisit) => void) | null>(null)

/**
 * useOnCompleted answers the function to call with a saved appointment and the one it replaced
 * (undefined for a new one, or when the cache did not hold it): it tells the context when the
 * appointment has just become completed.
 */
export function useOnCompleted() {
  const onCompleted = useContext(AppointmentCompletedContext)
  return (saved: Appointment, previous: Pick<Appointment, 'status'> | undefined) => {
    if (!onCompleted || saved.status !== 'completed' || previous?.status === 'completed') return
    onCompleted({ appointmentId: saved.id, clientPhone: saved.clientPhone, clientName: saved.clientName })
  }
}
