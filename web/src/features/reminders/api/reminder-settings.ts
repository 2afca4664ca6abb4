import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

import type { ReminderSettings } from '@/lib/api-schema'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

export type { ReminderSettings }

/** The hours before an appointment a reminder may go (the server's ReminderHourChoices). */
export const REMINDER_HOURS = [1, 2, 3, 4, 6, 12] as const

// GET /api/v1/store/reminders
export function useReminderSettings() {
  return useQuery({ queryKey: queryKeys.reminders, queryFn: () => api.get<ReminderSettings>('/store/reminders') })
}

// PUT /api/v1/store/reminders: what is already booked follows the new choices, so the agenda's
// messages are read again.
export function useSaveReminderSettings() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: ReminderSettings) => api.put<ReminderSettings>('/store/reminders', input),
    onSuccess: (saved) => {
      qc.setQueryData(queryKeys.reminders, saved)
      void qc.invalidateQueries({ queryKey: queryKeys.appointments })
    },
  })
}

/** reminderSummary says in one line when the reminders go, e.g. 'Na véspera às 18:00 e 2 horas antes'. */
export function reminderSummary(s: Pick<ReminderSettings, 'email' | 'push' | 'dayBefore' | 'hoursBefore'>) {
  if (!s.email && !s.push) return 'Lembretes automáticos desligados'
  const parts: string[] = []
  if (s.dayBefore) parts.push(`na véspera às ${s.dayBefore}`)
  for (const h of s.hoursBefore) parts.push(h === 1 ? '1 hora antes' : `${h} horas antes`)
  if (parts.length === 0) return 'Nenhum lembrete escolhido'
  const text = parts.length === 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} e ${parts.at(-1) ?? ''}`
  return text.charAt(0).toUpperCase() + text.slice(1)
}
