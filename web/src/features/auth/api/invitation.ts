import { useMutation, useQuery } from '@tanstack/react-query'

import { api } from '@/lib/api-client'
import type * as Api from '@/lib/api-schema'
import { useAuthStore } from '@/lib/auth/auth-context'
import type { SessionResponse } from '@/lib/auth/types'

/** InvitationPreview is what an invitation's page shows before it is accepted. */
export type InvitationPreview = Api.InvitationPreview

// POST /api/v1/invitations/preview {token} → the salon, the role and who invited; 400 with
// the reason when the link was used, cancelled or expired. The code goes in the body, never
// in a URL a log keeps.
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: ['invitation', token],
    queryFn: () => api.post<InvitationPreview>('/invitations/preview', { token }, { auth: false }),
    retry: false,
    staleTime: Infinity,
  })
}

// POST /api/v1/invitations/accept {token} → a new session in the salon that invited.
export function useAcceptInvitation() {
  const store = useAuthStore()
  return useMutation({
    mutationFn: (token: string) => api.post<SessionResponse>('/invitations/accept', { token }),
    onSuccess: (response) => store.setSession(response),
  })
}
