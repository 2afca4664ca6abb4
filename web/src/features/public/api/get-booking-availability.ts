import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import type * as Api from '@/lib/api-schema'
import { api } from '@/lib/api-client'

import { publicKeys } from './keys'
import { READ_TIMEOUT_MS, retryDelay, retryReads, withTimeout } from './network'
import type { AvailabilityDay, BookingAvailabilityQuery } from './types'

/** BookingAvailabilityRequest is the booking's manage token and the query. */
export type BookingAvailabilityRequest = Api.operations['getPublicBookingsTokenAvailability']['parameters']['path'] &
  BookingAvailabilityQuery

// GET /api/v1/public/bookings/{token}/availability?from&days → {days}: free times to move
// this booking to (same service and professional; its own time counts as free).
export async function getBookingAvailability(r: BookingAvailabilityRequest, signal?: AbortSignal): Promise<AvailabilityDay[]> {
  const params = new URLSearchParams({ from: r.from, days: String(r.days) })
  const path = `/public/bookings/${encodeURIComponent(r.token)}/availability?${params.toString()}`
  const out = await withTimeout(
    READ_TIMEOUT_MS,
    (s) => api.get<Api.DaysResponse>(path, { auth: false, signal: s }),
    signal,
  )
  return out.days ?? []
}

export const bookingAvailabilityQueryOptions = ({ token, ...rest }: BookingAvailabilityRequest) =>
  queryOptions({
    queryKey: publicKeys.bookingAvailability(token, rest),
    queryFn: ({ signal }) => getBookingAvailability({ token, ...rest }, signal),
    staleTime: 15_000,
    retry: retryReads,
    retryDelay,
  })

export function useBookingAvailability(r: BookingAvailabilityRequest, enabled = true) {
  return useQuery({ ...bookingAvailabilityQueryOptions(r), enabled, placeholderData: keepPreviousData })
}
