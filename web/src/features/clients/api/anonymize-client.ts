import { type Query, useMutation, useQueryClient } from '@tanstack/react-query'

import type { ClientAnonymized } from '@/lib/api-schema'
import { api } from '@/lib/api-client'
import { leaveAlone } from '@/lib/live-updates'
import { queryKeys } from '@/lib/query-keys'

import { clientPathId, forgetClient, isClientQuery } from './get-client'

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
    // The server's echo (client.updated, naming the anonymous id) may come before the answer.
    onMutate: (phone) => ({ release: leaveAlone((query) => isClientQuery(query, phone)) }),
    onError: (_error, _phone, context) => context?.release(),
    onSuccess: async (_done, phone) => {
      // No appointment carries the old phone any more: its page, consent and rewards would
      // answer 404. They are not refetched while the page still shows them, and are dropped
      // once the page has moved to the anonymous id.
      const old = (query: Query) => isClientQuery(query, phone)
      await client.cancelQueries({ predicate: old })
      for (const queryKey of [queryKeys.clients, queryKeys.appointments, queryKeys.dashboard, queryKeys.trash, queryKeys.promotions]) {
        void client.invalidateQueries({ queryKey, predicate: (query) => !old(query) })
      }
      forgetClient(client, phone)
    },
  })
}
