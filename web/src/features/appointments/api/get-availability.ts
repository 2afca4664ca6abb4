import { queryOptions, useQuery } from '@tanstack/react-query'

import type { Day as ApiDay, operations } from '@/lib/api-schema'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

export type AvailabilityDay = ApiDay

type AvailabilityQuery = operations['getAvailability']['parameters']['query']

/**
 * AvailabilityRequest asks for one day (from = to = date); except is the appointment being
 * edited, whose own time counts as free; more, a visit's later services ("serviceId:professionalId",
 * comma-joined): the starts where the whole visit fits.
 */
export type AvailabilityRequest = Pick<AvailabilityQuery, 'professionalId' | 'serviceId' | 'except' | 'more'> & { date: string }

// GET /api/v1/availability?professionalId&serviceId&from&to&except → [{date, times}]
export async function getAvailability(r: AvailabilityRequest): Promise<string[]> {
  const query: AvailabilityQuery = {
    professionalId: r.professionalId,
    serviceId: r.serviceId,
    from: r.date,
    to: r.date,
    except: r.except,
    more: r.more,
  }
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value)
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
