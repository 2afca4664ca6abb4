import { queryOptions, useQuery } from '@tanstack/react-query'

import { api } from '@/lib/api-client'

import { publicKeys } from './keys'
import type { Booking } from './types'

// GET /api/v1/public/bookings/{token} → Booking; 404 for a tampered or unknown token.
export function getBooking(token: string) {
  return api.get<Booking>(`/public/bookings/${encodeURIComponent(token)}`, { auth: false })
}

export const bookingQueryOptions = (token: string) =>
  queryOptions({ queryKey: publicKeys.booking(token), queryFn: () => getBooking(token), staleTime: 0 })

export function useBooking(token: string) {
  return useQuery(bookingQueryOptions(token))
}

/** calendarFileUrl is the booking's iCalendar file (GET …/calendar.ics). */
export function calendarFileUrl(token: string) {
  return `/api/v1/public/bookings/${encodeURIComponent(token)}/calendar.ics`
}
