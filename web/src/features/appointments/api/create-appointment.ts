import { useMutation, useQueryClient } from '@tanstack/react-query'

import { api } from '@/lib/api-client'
import { ignoreEchoOf } from '@/lib/live-updates'

import { useOnCompleted } from '../hooks/use-completion'

import type { AppointmentInput } from './appointment-form'
import { insertAppointment, invalidateAfterChange } from './cache'
import type { Appointment } from './get-appointments'

// POST /api/v1/appointments → 201 Appointment; 409 conflict when the professional is busy
// (resend with force: true after the owner confirms), 422 with fields for bad input.
export function createAppointment(input: AppointmentInput) {
  return api.post<Appointment>('/appointments', input)
}

export function useCreateAppointment() {
  const client = useQueryClient()
  const onCompleted = useOnCompleted()
  return useMutation({
    mutationFn: createAppointment,
    onSuccess: (appointment) => {
      ignoreEchoOf(appointment.id, 3000)
      insertAppointment(client, appointment)
      invalidateAfterChange(client)
      // A visit booked after it happened, as completed, may complete a loyalty card.
      onCompleted(appointment, undefined)
    },
  })
}
