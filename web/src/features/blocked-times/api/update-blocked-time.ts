import { useMutation, useQueryClient } from '@tanstack/react-query'

import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

import type { BlockedTimeInput } from './blocked-time-form'
import type { BlockedTime } from './get-blocked-times'

// PUT /api/v1/blocked-times/{id} → BlockedTime
export function updateBlockedTime({ id, input }: { id: string; input: BlockedTimeInput }) {
  return api.put<BlockedTime>(`/blocked-times/${encodeURIComponent(id)}`, input)
}

export function useUpdateBlockedTime() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: updateBlockedTime,
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.blockedTimes }),
  })
}
