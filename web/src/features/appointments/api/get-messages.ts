import { useQuery } from '@tanstack/react-query'

import type { AppointmentMessages, Message } from '@/lib/api-schema'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

export type { AppointmentMessages, Message }

// GET /api/v1/appointments/{id}/messages → the visit's automatic messages and the client's email.
// Kept under the appointments' key: a change of the agenda (and its live event) reads them again.
export function useAppointmentMessages(id: string | undefined) {
  return useQuery({
    queryKey: [...queryKeys.appointments, 'messages', id],
    queryFn: () => api.get<AppointmentMessages>(`/appointments/${id}/messages`),
    enabled: !!id,
  })
}
