import { useMutation, useQueryClient } from '@tanstack/react-query'

import { api } from '@/lib/api-client'

import { publicKeys } from './keys'
import type { Booking } from './types'

// POST /api/v1/public/bookings/{token}/cancel → Booking (cancelled); 422 past the deadline.
export function cancelBooking(token: string) {
  return api.post<Booking>(`/public/bookings/${encodeURIComponent(token)}/cancel`, undefined, { auth: false })
}

export function useCancelBooking(token: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => cancelBooking(token),
    // Offline it fails at once with a message instead of waiting silently for the connection.
    networkMode: 'always',
    onSuccess: (booking) => {
      client.setQueryData(publicKeys.booking(token), booking)
      void client.invalidateQueries({ queryKey: publicKeys.storeAvailabilityAll(booking.store.slug) })
    },
  })
}
