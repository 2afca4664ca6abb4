import { useMutation, useQueryClient } from '@tanstack/react-query'

import { api } from '@/lib/api-client'
import { ignoreEchoOf } from '@/lib/live-updates'

import { findAppointment, invalidateAfterChange, patchAppointment, replaceAppointment } from './cache'
import type { Appointment } from './get-appointments'

// POST /api/v1/appointments/{id}/reminder → Appointment with reminderSentAt set
export function markReminderSent(id: string) {
  return api.post<Appointment>(`/appointments/${encodeURIComponent(id)}/reminder`)
}

/** useMarkReminderSent records the reminder (shown as sent at once, undone if saving fails). */
export function useMarkReminderSent() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: markReminderSent,
    onMutate: (id) => {
      ignoreEchoOf(id)
      const previous = findAppointment(client, id)
      patchAppointment(client, id, { reminderSentAt: new Date().toISOString() })
      return { previous }
    },
    onError: (_error, id, context) => {
      patchAppointment(client, id, { reminderSentAt: context?.previous?.reminderSentAt ?? null })
    },
    onSuccess: (appointment, id) => replaceAppointment(client, id, appointment),
    onSettled: () => invalidateAfterChange(client),
  })
}
