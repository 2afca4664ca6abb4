import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import { api } from '@/lib/api-client'

import { publicKeys } from './keys'
import type { AvailabilityDay } from './types'

export type StoreAvailabilityRequest = {
  slug: string
  serviceId: string
  /** A professional's id, or "any" for whoever is free. */
  professionalId: string
  from: string
  /** 1 to 31. */
  days: number
}

// GET /api/v1/public/stores/{slug}/availability?serviceId&professionalId&from&days → {days}
export async function getStoreAvailability(r: StoreAvailabilityRequest): Promise<AvailabilityDay[]> {
  const params = new URLSearchParams({
    serviceId: r.serviceId,
    professionalId: r.professionalId,
    from: r.from,
    days: String(r.days),
  })
  const out = await api.get<{ days: AvailabilityDay[] | null }>(
    `/public/stores/${encodeURIComponent(r.slug)}/availability?${params.toString()}`,
    { auth: false },
  )
  return out.days ?? []
}

export const storeAvailabilityQueryOptions = ({ slug, ...rest }: StoreAvailabilityRequest) =>
  queryOptions({
    queryKey: publicKeys.storeAvailability(slug, rest),
    queryFn: () => getStoreAvailability({ slug, ...rest }),
    // Someone else may book at any moment: always recheck when the calendar opens again.
    staleTime: 15_000,
  })

export function useStoreAvailability(r: StoreAvailabilityRequest, enabled = true) {
  return useQuery({ ...storeAvailabilityQueryOptions(r), enabled, placeholderData: keepPreviousData })
}
