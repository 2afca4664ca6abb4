import { queryOptions, useQuery } from '@tanstack/react-query'

import type * as Api from '@/lib/api-schema'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

/** Gamification is the loyalty levels and what a client sees of them on their booking's link. */
export type Gamification = Api.Gamification

export type Level = Api.Level

// GET /api/v1/gamification → Gamification (SPEC.md section 9's levels until the owner saves theirs)
export function getGamification() {
  return api.get<Gamification>('/gamification')
}

export const gamificationQueryOptions = () =>
  queryOptions({ queryKey: [...queryKeys.promotions, 'gamification'], queryFn: getGamification })

export function useGamification() {
  return useQuery(gamificationQueryOptions())
}
