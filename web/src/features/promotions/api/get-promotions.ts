import { queryOptions, useQuery } from '@tanstack/react-query'

import type * as Api from '@/lib/api-schema'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

/** Promotion is a loyalty card: "10 cortes = 1 escova grátis" (count) or "R$ 500 gastos = hidratação" (value). */
export type Promotion = Api.Promotion

/** PromotionSummary is a promotion with how many clients earned it and how many are one visit away. */
export type PromotionSummary = Api.PromotionSummary

// GET /api/v1/promotions → PromotionSummary[] (newest first)
export async function getPromotions(): Promise<PromotionSummary[]> {
  return (await api.get<PromotionSummary[] | null>('/promotions')) ?? []
}

export const promotionsQueryOptions = () =>
  queryOptions({ queryKey: [...queryKeys.promotions, 'list'], queryFn: getPromotions })

export function usePromotions() {
  return useQuery(promotionsQueryOptions())
}
