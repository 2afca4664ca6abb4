import { useMutation, useQueryClient } from '@tanstack/react-query'

import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

import { type Promotion, type PromotionSummary, promotionsQueryOptions } from './get-promotions'
import { type PromotionInput, promotionToInput } from './promotion-form'

// PUT /api/v1/promotions/{id} → Promotion (422 with the fields in Portuguese)
export function updatePromotion({ id, input }: { id: string; input: PromotionInput }) {
  return api.put<Promotion>(`/promotions/${encodeURIComponent(id)}`, input)
}

/** A promotion's change reaches its list, its clients and every client's cards. */
function invalidate(client: ReturnType<typeof useQueryClient>) {
  void client.invalidateQueries({ queryKey: queryKeys.promotions })
  void client.invalidateQueries({ queryKey: queryKeys.clients })
}

export function useUpdatePromotion() {
  const client = useQueryClient()
  return useMutation({ mutationFn: updatePromotion, onSuccess: () => invalidate(client) })
}

/** useSetPromotionActive is the card's switch: it flips at once and flips back if saving fails. */
export function useSetPromotionActive() {
  const client = useQueryClient()
  const listKey = promotionsQueryOptions().queryKey
  const patch = (id: string, isActive: boolean) =>
    client.setQueryData<PromotionSummary[]>(listKey, (list) => list?.map((p) => (p.id === id ? { ...p, isActive } : p)))
  return useMutation({
    mutationFn: ({ promotion, isActive }: { promotion: Promotion; isActive: boolean }) =>
      updatePromotion({ id: promotion.id, input: promotionToInput(promotion, { isActive }) }),
    onMutate: async ({ promotion, isActive }) => {
      await client.cancelQueries({ queryKey: listKey })
      patch(promotion.id, isActive)
    },
    onError: (_error, { promotion }) => patch(promotion.id, promotion.isActive),
    onSettled: () => invalidate(client),
  })
}
