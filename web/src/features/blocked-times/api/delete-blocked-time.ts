import { useMutation, useQueryClient } from '@tanstack/react-query'

import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

// DELETE /api/v1/blocked-times/{id} → 204
export function deleteBlockedTime(id: string) {
  return api.delete<void>(`/blocked-times/${encodeURIComponent(id)}`)
}

export function useDeleteBlockedTime() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: deleteBlockedTime,
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.blockedTimes }),
  })
}
