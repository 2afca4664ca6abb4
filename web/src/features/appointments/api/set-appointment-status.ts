import { useMutation, useQueryClient } from '@tanstack/react-query'

import type * as Api from '@/lib/api-schema'
import { api } from '@/lib/api-client'
import { ignoreEchoOf } from '@/lib/live-updates'

import { useOnCompleted } from '../hooks/use-completion'

import {
  cancelAppointmentQueries,
  findAppointment,
  invalidateAfterChange,
  patchAppointment,
  replaceAppointment,
} from './cache'
import type { Appointment } from './get-appointments'

/** StatusChange is the appointment's id and the request's body; a null paymentMethod clears it. */
export type StatusChange = { id: string } & Api.StatusInput

// PATCH /api/v1/appointments/{id}/status {status, paymentMethod?} → Appointment. Taking a
// cancelled time back answers 409 when it was booked meanwhile. The server keeps the payment
// method when it reads null and clears it on '' (which the document does not list).
export function setAppointmentStatus({ id, status, paymentMethod }: StatusChange) {
  const body: Omit<Api.StatusInput, 'paymentMethod'> & { paymentMethod?: Api.StatusInput['paymentMethod'] | '' } = {
    status,
  }
  if (paymentMethod !== undefined) body.paymentMethod = paymentMethod ?? ''
  return api.patch<Appointment>(`/appointments/${encodeURIComponent(id)}/status`, body)
}

/** useSetAppointmentStatus is the one-tap change: shown at once, rolled back on failure. */
export function useSetAppointmentStatus() {
  const client = useQueryClient()
  const onCompleted = useOnCompleted()
  return useMutation({
    mutationFn: setAppointmentStatus,
    onMutate: async ({ id, status, paymentMethod }) => {
      ignoreEchoOf(id)
      await cancelAppointmentQueries(client)
      const previous = findAppointment(client, id)
      patchAppointment(client, id, paymentMethod === undefined ? { status } : { status, paymentMethod })
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
