import { queryOptions, useQuery } from '@tanstack/react-query'

import type { Day as ApiDay } from '@/lib/api-schema'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

export type AvailabilityDay = ApiDay

export type AvailabilityRequest = {
  professionalId: string
  serviceId: string
  date: string
  /** The appointment being edited: its own time counts as free. */
  except?: string
}

// GET /api/v1/availability?professionalId&serviceId&from&to&except → [{date, times}]
export async function getAvailability(r: AvailabilityRequest): Promise<string[]> {
  const params = new URLSearchParams({
    professionalId: r.professionalId,
    serviceId: r.serviceId,
    from: r.date,
    to: r.date,
  })
  if (r.except) params.set('except', r.except)
  const days = (await api.get<AvailabilityDay[] | null>(`/availability?${params.toString()}`)) ?? []
  return days.find((d) => d.date === r.date)?.times ?? []
}

export const availabilityQueryOptions = (r: AvailabilityRequest) =>
  queryOptions({
    queryKey: [...queryKeys.availability, r],
    queryFn: () => getAvailability(r),
    staleTime: 0,
  })

/** useAvailability answers the free start times of a day once the request is complete. */
export function useAvailability(r: AvailabilityRequest, enabled: boolean) {
  return useQuery({ ...availabilityQueryOptions(r), enabled })
}
