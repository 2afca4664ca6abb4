import { createContext, useContext } from 'react'

import type { AppointmentDefaults } from '../api/appointment-form'
import type { Appointment } from '../api/get-appointments'

/** What any agenda view can ask of the page: see an appointment, edit it, book a new one. */
export type AgendaActions = {
  open: (appointment: Appointment) => void
  edit: (appointment: Appointment) => void
  create: (defaults?: Partial<AppointmentDefaults>) => void
}

export const AgendaActionsContext = createContext<AgendaActions | null>(null)

export function useAgendaActions() {
  return useContext(AgendaActionsContext)
}
