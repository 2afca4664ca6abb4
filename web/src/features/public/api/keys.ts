// Query keys of the public pages. Nothing in the dashboard reads them, so they stay in this
// feature instead of lib/query-keys.ts.

export const publicKeys = {
  all: ['public'] as const,
  /** Every availability query of a store (prefix of storeAvailability). */
  storeAvailabilityAll: (slug: string) => ['public', 'availability', slug] as const,
  storeAvailability: (slug: string, r: { serviceId: string; professionalId: string; from: string; days: number }) =>
    ['public', 'availability', slug, r] as const,
  booking: (token: string) => ['public', 'booking', token] as const,
  bookingAvailability: (token: string, r: { from: string; days: number }) =>
    ['public', 'booking', token, 'availability', r] as const,
}
