import { useMutation, useQueryClient } from '@tanstack/react-query'

import { api } from '@/lib/api-client'

import { publicKeys } from './keys'
import type { Booking } from './types'

// PUT /api/v1/public/bookings/{token}/consent {granted} → Booking: the customer says yes (or no
// more) to the store's news on WhatsApp; the store keeps when, where and which text.
export function setBookingConsent(token: string, granted: boolean) {
  return api.put<Booking>(`/public/bookings/${encodeURIComponent(token)}/consent`, { granted }, { auth: false })
}

export function useSetBookingConsent(token: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (granted: boolean) => setBookingConsent(token, granted),
    networkMode: 'always',
    onSuccess: (booking) => client.setQueryData(publicKeys.booking(token), booking),
  })
}
