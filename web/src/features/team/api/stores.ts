import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'

import { api } from '@/lib/api-client'
import type * as Api from '@/lib/api-schema'
import { useAuthStore } from '@/lib/auth/auth-context'
import type { SessionResponse } from '@/lib/auth/types'

export type Membership = Api.Membership

// GET /api/v1/stores → the salons the person can act in, their own first.
export function useStores() {
  return useQuery({ queryKey: ['stores'], queryFn: () => api.get<Membership[]>('/stores'), staleTime: 5 * 60_000 })
}

// POST /api/v1/stores/switch {storeId} → a new session in that salon; every query is the old
// salon's, so all are dropped.
export function useSwitchStore() {
  const store = useAuthStore()
  const client = useQueryClient()
  return useMutation({
    mutationFn: (storeId: string) => api.post<SessionResponse>('/stores/switch', { storeId }),
    onSuccess: async (response) => {
      client.clear()
      await store.setSession(response)
    },
  })
}
