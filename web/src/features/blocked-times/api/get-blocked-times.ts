import { queryOptions, useQuery } from '@tanstack/react-query'

import type * as Api from '@/lib/api-schema'
import type { BlockedTime as ApiBlockedTime } from '@/lib/api-schema'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

/** BlockedTime is a time a professional does not attend (GET /api/v1/blocked-times). */
export type BlockedTime = ApiBlockedTime

export type BlockedTimesFilter = NonNullable<Api.operations['getBlockedTimes']['parameters']['query']>

// GET /api/v1/blocked-times?professionalId=&from=&to= → BlockedTime[] (date, startTime ascending)
export async function getBlockedTimes(filter: BlockedTimesFilter = {}): Promise<BlockedTime[]> {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(filter)) if (value) params.set(key, value)
  const query = params.toString()
  return (await api.get<BlockedTime[] | null>(`/blocked-times${query ? `?${query}` : ''}`)) ?? []
}

export const blockedTimesQueryOptions = (filter: BlockedTimesFilter = {}) =>
  queryOptions({
    queryKey: [...queryKeys.blockedTimes, 'list', filter],
    queryFn: () => getBlockedTimes(filter),
  })

export function useBlockedTimes(filter: BlockedTimesFilter, { enabled = true } = {}) {
  return useQuery({ ...blockedTimesQueryOptions(filter), enabled })
}
