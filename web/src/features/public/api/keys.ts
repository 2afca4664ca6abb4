// Query keys of the public pages. Nothing in the dashboard reads them, so they stay in this
// feature instead of lib/query-keys.ts.

import type { BookingAvailabilityQuery, StoreAvailabilityQuery } from './types'

export const publicKeys = {
  all: ['public'] as const,
  /** Every availability query of a store (prefix of storeAvailability). */
  storeAvailabilityAll: (slug: string) => ['public', 'availability', slug] as const,
  storeAvailability: (slug: string, r: StoreAvailabilityQuery) =>
    ['public', 'availability', slug, r] as const,
  booking: (token: string) => ['public', 'booking', token] as const,
  reminder: (token: string) => ['public', 'reminder', token] as const,
  waitlistOffer: (token: string) => ['public', 'waitlist', token] as const,
  bookingAvailability: (token: string, r: BookingAvailabilityQuery) =>
    ['public', 'booking', token, 'availability', r] as const,
}
