import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { ClientAnonymized } from '@/lib/api-schema'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

import { clientPathId, clientQueryOptions } from './get-client'

// POST /api/v1/clients/{phone}/anonymize → the anonymous id that replaced the phone. The name
// becomes 'Cliente removido' on every appointment and in the trash; notes, rewards and the
// WhatsApp contact go; dates, prices and statuses stay.
export function anonymizeClient(phone: string) {
  return api.post<ClientAnonymized>(`/clients/${encodeURIComponent(clientPathId(phone))}/anonymize`)
}

export function useAnonymizeClient() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: anonymizeClient,
    onSuccess: async (_done, phone) => {
      // No appointment carries the old phone any more: its page would answer 404.
      await client.cancelQueries({ queryKey: clientQueryOptions(phone).queryKey })
      client.removeQueries({ queryKey: clientQueryOptions(phone).queryKey, exact: true })
      for (const queryKey of [queryKeys.clients, queryKeys.appointments, queryKeys.dashboard, queryKeys.trash, queryKeys.promotions]) {
        void client.invalidateQueries({ queryKey })
      }
    },
  })
}
