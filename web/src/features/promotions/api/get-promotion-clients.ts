import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import type * as Api from '@/lib/api-schema'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

/** Progress is one client's card for one promotion: what counts, whether they earned it, what is missing. */
export type Progress = Api.Progress

export type PromotionCards = Api.PromotionCards

/** The period whose visits count ('' for open ends), as the page's filter holds it. */
export type Period = { from: string; to: string }

// GET /api/v1/promotions/{id}/clients?from&to → {promotion, cards} (earned first, by visits)
export async function getPromotionClients(id: string, period: Period): Promise<PromotionCards> {
  const params = new URLSearchParams()
  if (period.from) params.set('from', period.from)
  if (period.to) params.set('to', period.to)
  const query = params.size > 0 ? `?${params.toString()}` : ''
  const out = await api.get<PromotionCards>(`/promotions/${encodeURIComponent(id)}/clients${query}`)
  return { ...out, cards: out.cards ?? [] }
}

export const promotionClientsQueryOptions = (id: string, period: Period) =>
  queryOptions({
    queryKey: [...queryKeys.promotions, 'clients', id, period],
    queryFn: () => getPromotionClients(id, period),
    placeholderData: keepPreviousData,
  })

export function usePromotionClients(id: string, period: Period) {
  return useQuery(promotionClientsQueryOptions(id, period))
}
