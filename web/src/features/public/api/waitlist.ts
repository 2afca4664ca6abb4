import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

import type * as Api from '@/lib/api-schema'
import { api } from '@/lib/api-client'

import { publicKeys } from './keys'
import type { Booking } from './types'

// The waitlist (issue 29): a customer joins a full day's line; when a time frees, her link
// shows the time held for her and books it.

export type WaitlistInput = Api.WaitlistInput
export type WaitlistOffer = Api.WaitlistOffer

// POST /api/v1/public/stores/{slug}/waitlist → her place in the line.
export function joinWaitlist({ slug, input }: { slug: string; input: WaitlistInput }) {
  return api.post<Api.WaitlistJoined>(`/public/stores/${encodeURIComponent(slug)}/waitlist`, input, { auth: false })
}

export function useJoinWaitlist() {
  return useMutation({ mutationFn: joinWaitlist, networkMode: 'always' })
}

// GET /api/v1/public/waitlist/{token} → the time the link holds, and until when.
export function useWaitlistOffer(token: string) {
  return useQuery({
    queryKey: publicKeys.waitlistOffer(token),
    queryFn: () => api.get<WaitlistOffer>(`/public/waitlist/${encodeURIComponent(token)}`, { auth: false }),
    retry: false,
  })
}

// POST /api/v1/public/waitlist/{token}/claim → the booking (201), through the normal booking path.
export function useClaimOffer(token: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => api.post<Booking>(`/public/waitlist/${encodeURIComponent(token)}/claim`, undefined, { auth: false }),
    networkMode: 'always',
    onSuccess: (booking) => client.setQueryData(publicKeys.booking(booking.token), booking),
  })
}
