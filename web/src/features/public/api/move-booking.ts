import { useMutation, useQueryClient } from '@tanstack/react-query'

import type * as Api from '@/lib/api-schema'
import { api } from '@/lib/api-client'

import { publicKeys } from './keys'
import type { Booking } from './types'

export type MoveInput = Api.MoveInput

// PUT /api/v1/public/bookings/{token} {date, time} → Booking (moved); 409 when taken, 422 past
// the deadline or for a time that is not free.
export function moveBooking(token: string, input: MoveInput) {
  return api.put<Booking>(`/public/bookings/${encodeURIComponent(token)}`, input, { auth: false })
}

export function useMoveBooking(token: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (input: MoveInput) => moveBooking(token, input),
    // Offline it fails at once with a message instead of waiting silently for the connection.
    networkMode: 'always',
    onSuccess: (booking) => {
      client.setQueryData(publicKeys.booking(token), booking)
      void client.invalidateQueries({ queryKey: publicKeys.storeAvailabilityAll(booking.store.slug) })
    },
    // Whatever happened, the free times shown for moving are stale now.
    onSettled: () => client.invalidateQueries({ queryKey: [...publicKeys.booking(token), 'availability'] }),
  })
}
