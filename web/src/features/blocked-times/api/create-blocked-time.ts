import { useMutation, useQueryClient } from '@tanstack/react-query'

import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

import type { BlockedTimeInput } from './blocked-time-form'
import type { BlockedTime } from './get-blocked-times'

// POST /api/v1/blocked-times → 201 BlockedTime
export function createBlockedTime(input: BlockedTimeInput) {
  return api.post<BlockedTime>('/blocked-times', input)
}

export function useCreateBlockedTime() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: createBlockedTime,
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.blockedTimes }),
  })
}
