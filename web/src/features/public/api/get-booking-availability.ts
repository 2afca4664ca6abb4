import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import { api } from '@/lib/api-client'

import { publicKeys } from './keys'
import type { AvailabilityDay } from './types'

export type BookingAvailabilityRequest = { token: string; from: string; days: number }

// GET /api/v1/public/bookings/{token}/availability?from&days → {days}: free times to move
// this booking to (same service and professional; its own time counts as free).
export async function getBookingAvailability(r: BookingAvailabilityRequest): Promise<AvailabilityDay[]> {
  const params = new URLSearchParams({ from: r.from, days: String(r.days) })
  const out = await api.get<{ days: AvailabilityDay[] | null }>(
    `/public/bookings/${encodeURIComponent(r.token)}/availability?${params.toString()}`,
    { auth: false },
  )
  return out.days ?? []
}

export const bookingAvailabilityQueryOptions = ({ token, ...rest }: BookingAvailabilityRequest) =>
  queryOptions({
    queryKey: publicKeys.bookingAvailability(token, rest),
    queryFn: () => getBookingAvailability({ token, ...rest }),
    staleTime: 15_000,
  })

export function useBookingAvailability(r: BookingAvailabilityRequest, enabled = true) {
  return useQuery({ ...bookingAvailabilityQueryOptions(r), enabled, placeholderData: keepPreviousData })
}
