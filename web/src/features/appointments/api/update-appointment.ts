import { useMutation, useQueryClient } from '@tanstack/react-query'

import { api } from '@/lib/api-client'
import { ignoreEchoOf } from '@/lib/live-updates'

import { useOnCompleted } from '../hooks/use-completion'

import type { AppointmentInput } from './appointment-form'
import {
  cancelAppointmentQueries,
  findAppointment,
  invalidateAfterChange,
  patchAppointment,
  replaceAppointment,
} from './cache'
import type { Appointment } from './get-appointments'

// PUT /api/v1/appointments/{id} (same body and answers as POST) → Appointment
export function updateAppointment({ id, input }: { id: string; input: AppointmentInput }) {
  return api.put<Appointment>(`/appointments/${encodeURIComponent(id)}`, input)
}

/** useUpdateAppointment shows the change at once, saves it, and rolls it back if the save fails. */
export function useUpdateAppointment() {
  const client = useQueryClient()
  const onCompleted = useOnCompleted()
  return useMutation({
    mutationFn: updateAppointment,
    onMutate: async ({ id, input }) => {
      ignoreEchoOf(id)
      await cancelAppointmentQueries(client)
      const previous = findAppointment(client, id)
      const { force: _force, ...fields } = input
      patchAppointment(client, id, fields)
      return { previous }
    },
    onError: (_error, { id }, context) => {
      if (context?.previous) patchAppointment(client, id, context.previous)
    },
    onSuccess: (appointment, { id }, context) => {
      replaceAppointment(client, id, appointment)
      onCompleted(appointment, context.previous)
    },
    onSettled: () => invalidateAfterChange(client),
  })
}
