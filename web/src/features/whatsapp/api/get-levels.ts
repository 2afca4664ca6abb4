import { queryOptions, useQuery } from '@tanstack/react-query'

import type { Gamification } from '@/lib/api-schema'
import { api } from '@/lib/api-client'

// GET /api/v1/gamification → the owner's loyalty settings; the lists need only the levels' names.
export function getGamification() {
  return api.get<Gamification>('/gamification')
}

export const levelNamesQueryOptions = () =>
  queryOptions({
    queryKey: ['gamification'],
    queryFn: getGamification,
    select: (g: Gamification) => (g.levels ?? []).map((l) => l.name),
  })

/** useLevelNames answers the names of the owner's loyalty levels, lowest first. */
export function useLevelNames() {
  return useQuery(levelNamesQueryOptions())
}
