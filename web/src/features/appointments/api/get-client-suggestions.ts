import { queryOptions, useQuery } from '@tanstack/react-query'

import type * as Api from '@/lib/api-schema'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

/** The few fields of a client the appointment form suggests. */
export type ClientSuggestion = Pick<Api.Client, 'name' | 'phone' | 'appointmentCount'>

// GET /api/v1/clients?q&limit → {items, total}. The clients feature owns the page; the form
// only needs a handful of names and phones as the owner types.
export async function getClientSuggestions(q: string): Promise<ClientSuggestion[]> {
  const params = new URLSearchParams({ q, limit: '6', sort: 'appointments' })
  const page = await api.get<Api.ClientPage | null>(`/clients?${params.toString()}`)
  return page?.items ?? []
}

export const clientSuggestionsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: [...queryKeys.clients, 'suggestions', q],
    queryFn: () => getClientSuggestions(q),
    staleTime: 60_000,
  })

export function useClientSuggestions(q: string) {
  return useQuery({ ...clientSuggestionsQueryOptions(q), enabled: q.trim().length >= 2 })
}
