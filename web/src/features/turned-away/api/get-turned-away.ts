import { queryOptions, useQuery } from '@tanstack/react-query'

import type { TurnedAway } from '@/lib/api-schema'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

// GET /api/v1/plan/turned-away → how many customers could not book online this month.
export function getTurnedAway() {
  return api.get<TurnedAway>('/plan/turned-away')
}

/** Under the plan's key: a plan change (plan.updated) refreshes it with the plan. */
export const turnedAwayQueryOptions = () =>
  queryOptions({ queryKey: [...queryKeys.plan, 'turned-away'], queryFn: getTurnedAway })

export function useTurnedAway() {
  return useQuery(turnedAwayQueryOptions())
}
