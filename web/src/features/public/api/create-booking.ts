import { useMutation, useQueryClient } from '@tanstack/react-query'

import { api } from '@/lib/api-client'

import { publicKeys } from './keys'
import type { Booking } from './types'

export type BookingInput = {
  serviceId: string
  /** A professional's id, or "any". */
  professionalId: string
  date: string
  time: string
  clientName: string
  clientPhone: string
  notes: string
}

// POST /api/v1/public/stores/{slug}/bookings → 201 Booking; 409 when the time was just taken,
// 422 with fields, 429 when rate limited.
export function createBooking(slug: string, input: BookingInput) {
  return api.post<Booking>(`/public/stores/${encodeURIComponent(slug)}/bookings`, input, { auth: false })
}

export function useCreateBooking(slug: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (input: BookingInput) => createBooking(slug, input),
    // Booked or taken by someone else: the store's free times have changed either way.
    onSettled: () => client.invalidateQueries({ queryKey: publicKeys.storeAvailabilityAll(slug) }),
    onSuccess: (booking) => client.setQueryData(publicKeys.booking(booking.token), booking),
  })
}
