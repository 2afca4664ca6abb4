import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import type * as Api from '@/lib/api-schema'
import type { Client as ApiClient, ClientPage as ApiClientPage } from '@/lib/api-schema'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

/** Client is derived from the appointments, grouped by phone (SPEC.md section 3), in SQL. */
export type Client = ApiClient

export type ClientSort = NonNullable<NonNullable<Api.operations['getClients']['parameters']['query']>['sort']>

export const CLIENT_SORTS: readonly { value: ClientSort; label: string }[] = [
  { value: 'name', label: 'Nome (A–Z)' },
  { value: 'appointments', label: 'Mais agendamentos' },
  { value: 'spent', label: 'Maior valor gasto' },
  { value: 'lastVisit', label: 'Visita mais recente' },
]

/** ClientFilter is the list's query; the page always sends every parameter ('' q: everyone). */
export type ClientFilter = Required<NonNullable<Api.operations['getClients']['parameters']['query']>>

export type ClientPage = ApiClientPage

// GET /api/v1/clients?q&sort&limit&offset → {items, total}
export async function getClients(filter: ClientFilter): Promise<ClientPage> {
  const params = new URLSearchParams({ sort: filter.sort, limit: String(filter.limit), offset: String(filter.offset) })
  if (filter.q) params.set('q', filter.q)
  const page = await api.get<ClientPage | null>(`/clients?${params.toString()}`)
  return { items: page?.items ?? [], total: page?.total ?? 0 }
}

export const clientsQueryOptions = (filter: ClientFilter) =>
  queryOptions({
    queryKey: [...queryKeys.clients, 'list', filter],
    queryFn: () => getClients(filter),
    placeholderData: keepPreviousData,
  })

export function useClients(filter: ClientFilter) {
  return useQuery(clientsQueryOptions(filter))
}
