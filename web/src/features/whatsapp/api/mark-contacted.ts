import { useMutation, useQueryClient } from '@tanstack/react-query'

import type { ContactedInput } from '@/lib/api-schema'
import { api } from '@/lib/api-client'

import { type WhatsAppSession, whatsappSessionKey, withContacted } from '../utils/session'

import { type WhatsAppList, whatsappKeys } from './get-whatsapp-list'

// POST /api/v1/whatsapp/contacted {phone} → 204: the client leaves every list for 7 days.
export function markContacted(input: ContactedInput) {
  return api.post<void>('/whatsapp/contacted', input)
}

/**
 * useMarkContacted records that the owner opened a client's chat. Once the server has it, the
 * client leaves every list in the cache at once (counted among the hidden), and the lists are
 * fetched again; this visit's session marks her first, so a list on show keeps her in place.
 */
export function useMarkContacted() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: markContacted,
    onSuccess: async (_, { phone }) => {
      client.setQueryData<WhatsAppSession>(whatsappSessionKey, (s) => withContacted(s, phone))
      client.setQueriesData<WhatsAppList>({ queryKey: whatsappKeys.lists }, (list) => {
        if (!list || !list.items.some((c) => c.phone === phone)) return list
        return { ...list, items: list.items.filter((c) => c.phone !== phone), hidden: list.hidden + 1 }
      })
      await client.invalidateQueries({ queryKey: whatsappKeys.lists, refetchType: 'none' })
    },
  })
}
