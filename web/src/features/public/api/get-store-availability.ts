import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import type * as Api from '@/lib/api-schema'
import { api } from '@/lib/api-client'

import { publicKeys } from './keys'
import { READ_TIMEOUT_MS, retryDelay, retryReads, withTimeout } from './network'
import type { AvailabilityDay, StoreAvailabilityQuery } from './types'

/** StoreAvailabilityRequest is the store's slug and the query (professionalId may be "any"). */
export type StoreAvailabilityRequest = Api.operations['getPublicStoresSlugAvailability']['parameters']['path'] &
  StoreAvailabilityQuery

// GET /api/v1/public/stores/{slug}/availability?serviceId&professionalId&from&days → {days}
export async function getStoreAvailability(r: StoreAvailabilityRequest, signal?: AbortSignal): Promise<AvailabilityDay[]> {
  const params = new URLSearchParams({
    serviceId: r.serviceId,
    professionalId: r.professionalId,
    from: r.from,
    days: String(r.days),
  })
  if (r.more) params.set('more', r.more)
  const path = `/public/stores/${encodeURIComponent(r.slug)}/availability?${params.toString()}`
  const out = await withTimeout(
    READ_TIMEOUT_MS,
    (s) => api.get<Api.DaysResponse>(path, { auth: false, signal: s }),
    signal,
  )
  return out.days ?? []
}

export const storeAvailabilityQueryOptions = ({ slug, ...rest }: StoreAvailabilityRequest) =>
  queryOptions({
    queryKey: publicKeys.storeAvailability(slug, rest),
    queryFn: ({ signal }) => getStoreAvailability({ slug, ...rest }, signal),
    // Someone else may book at any moment: always recheck when the calendar opens again.
    staleTime: 15_000,
    retry: retryReads,
    retryDelay,
  })

export function useStoreAvailability(r: StoreAvailabilityRequest, enabled = true) {
  return useQuery({ ...storeAvailabilityQueryOptions(r), enabled, placeholderData: keepPreviousData })
}
