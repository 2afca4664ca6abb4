import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

import type { ReminderLink } from '@/lib/api-schema'
import { api } from '@/lib/api-client'

import { publicKeys } from './keys'

export type { ReminderLink }

const path = (token: string) => `/public/reminders/${encodeURIComponent(token)}`

// GET /api/v1/public/reminders/{token} → the booking a reminder's link names; 404 when invalid.
export function useReminderLink(token: string) {
  return useQuery({
    queryKey: publicKeys.reminder(token),
    queryFn: () => api.get<ReminderLink>(path(token), { auth: false }),
    staleTime: 0,
  })
}

// POST …/confirm (the presence, once) and …/stop (no more reminders by email).
export function useReminderAction(token: string, action: 'confirm' | 'stop') {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: () => api.post<ReminderLink>(`${path(token)}/${action}`, undefined, { auth: false }),
    onSuccess: (link) => qc.setQueryData(publicKeys.reminder(token), link),
  })
}
