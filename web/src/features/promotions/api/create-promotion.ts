import { useMutation, useQueryClient } from '@tanstack/react-query'

import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

import type { Promotion } from './get-promotions'
import type { PromotionInput } from './promotion-form'

// POST /api/v1/promotions → 201 Promotion (422 with the fields in Portuguese)
export function createPromotion(input: PromotionInput) {
  return api.post<Promotion>('/promotions', input)
}

export function useCreatePromotion() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: createPromotion,
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.promotions }),
  })
}
