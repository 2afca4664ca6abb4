import { useMutation, useQueryClient } from '@tanstack/react-query'

import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

import { forgetClient } from './get-client'

// DELETE /api/v1/clients/{phone}: a client without appointments (added by hand or imported).
// One with appointments is refused (422): their data goes by anonymising.
export function deleteClient(phone: string) {
  return api.delete<void>(`/clients/${encodeURIComponent(phone)}`)
}

export function useDeleteClient() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: deleteClient,
    onSuccess: (_, phone) => {
      forgetClient(client, phone)
      void client.invalidateQueries({ queryKey: queryKeys.clients })
      void client.invalidateQueries({ queryKey: queryKeys.dashboard })
    },
  })
}
