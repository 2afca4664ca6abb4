import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { ClientInput } from '@/lib/api-schema'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

import type { ClientDetail } from './get-client'

// POST /api/v1/clients → the client with their record (issue 29). A phone without DDD takes
// the store's; a phone that is already a client's is refused under 'phone'.
export function createClient(input: ClientInput) {
  return api.post<ClientDetail>('/clients', input)
}

export function useCreateClient() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: createClient,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.clients })
      void client.invalidateQueries({ queryKey: queryKeys.dashboard })
    },
  })
}
