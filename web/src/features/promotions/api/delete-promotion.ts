import { useMutation, useQueryClient } from '@tanstack/react-query'

import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

// DELETE /api/v1/promotions/{id} → 204; the rewards registered with it go too.
export function deletePromotion(id: string) {
  return api.delete<void>(`/promotions/${encodeURIComponent(id)}`)
}

export function useDeletePromotion() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: deletePromotion,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.promotions })
      void client.invalidateQueries({ queryKey: queryKeys.clients })
    },
  })
}
