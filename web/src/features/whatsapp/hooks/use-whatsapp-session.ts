import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'

import { EMPTY_SESSION, type WhatsAppSession, whatsappSessionKey as sessionKey } from '../utils/session'

// The session lives in the query cache under a key of its own: it outlasts the sheet being
// closed and reopened and a switch between lists, goes with the cache at sign-out, and is never
// fetched (nothing on the server to read: it is this visit's).

/** useWhatsAppSession answers this visit's WhatsApp session and a way to change it. */
export function useWhatsAppSession() {
  const client = useQueryClient()
  const { data } = useQuery({
    queryKey: sessionKey,
    queryFn: () => client.getQueryData<WhatsAppSession>(sessionKey) ?? EMPTY_SESSION,
    initialData: EMPTY_SESSION,
    staleTime: Infinity,
    gcTime: Infinity,
  })
  const update = useCallback(
    (change: (s: WhatsAppSession) => WhatsAppSession) =>
      client.setQueryData<WhatsAppSession>(sessionKey, (s) => change(s ?? EMPTY_SESSION)),
    [client],
  )
  return [data, update] as const
}
