import { useMutation, useQueryClient } from '@tanstack/react-query'

import type * as Api from '@/lib/api-schema'
import { api } from '@/lib/api-client'

import { publicKeys } from './keys'
import { WRITE_TIMEOUT_MS, withTimeout } from './network'
import type { Booking } from './types'

/** BookingInput is what the sheet sends; more is a visit's later services, when there are any. */
export type BookingInput = Required<Omit<Api.PublicBookingInput, 'more'>> & Pick<Api.PublicBookingInput, 'more'>

// POST /api/v1/public/stores/{slug}/bookings → 201 Booking; 409 when the time was just taken,
// 422 with fields, 429 when rate limited.
export function createBooking(slug: string, input: BookingInput) {
  return withTimeout(WRITE_TIMEOUT_MS, (signal) =>
    api.post<Booking>(`/public/stores/${encodeURIComponent(slug)}/bookings`, input, { auth: false, signal }),
  )
}

export function useCreateBooking(slug: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (input: BookingInput) => createBooking(slug, input),
    // Sent at once, online or not: offline, TanStack Query would hold it silently ("Agendando…"
    // for as long as the phone has no signal) and send it by itself later. A failure shows at
    // once, and only the customer sends it again (no retry: it may have reached the store).
    networkMode: 'always',
    retry: false,
    // Booked or taken by someone else: the store's free times have changed either way.
    onSettled: () => client.invalidateQueries({ queryKey: publicKeys.storeAvailabilityAll(slug) }),
    onSuccess: (booking) => client.setQueryData(publicKeys.booking(booking.token), booking),
  })
}
