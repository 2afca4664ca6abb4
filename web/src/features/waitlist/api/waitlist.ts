import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

import type * as Api from '@/lib/api-schema'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

// The salon's waitlist (issue 29): who waits for which day, and the offers made, each with its
// WhatsApp message ready to send.

export type WaitlistItem = Api.WaitlistItem

// GET /api/v1/waitlist → from today on, by day and arrival.
export function useWaitlist() {
  return useQuery({ queryKey: queryKeys.waitlist, queryFn: () => api.get<Api.WaitlistView>('/waitlist') })
}

// DELETE /api/v1/waitlist/{id}: out of the line (an offer's time goes to the next).
export function useRemoveFromWaitlist() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/waitlist/${encodeURIComponent(id)}`),
    onSettled: () => {
      for (const queryKey of [queryKeys.waitlist, queryKeys.blockedTimes, queryKeys.availability]) void client.invalidateQueries({ queryKey })
    },
  })
}
