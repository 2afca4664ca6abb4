import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

export type LoyaltyLevel = 'Bronze' | 'Prata' | 'Ouro' | 'Diamante' | 'VIP' | ''

/** Client is derived from the appointments, grouped by phone (SPEC.md section 3), in SQL. */
export type Client = {
  /** E.164: "+5511912345678". */
  phone: string
  name: string
  appointmentCount: number
  completedAppointments: number
  /** Cents: the completed appointments' prices (a missing price counts 0). */
  totalSpent: number
  /** Percent of the appointments that were completed. */
  completionRate: number
  /** The last completed visit's date, '' when none. */
  lastVisit: string
  /** SPEC.md section 9 levels; '' below Bronze. */
  loyaltyLevel: LoyaltyLevel
}

export type ClientSort = 'name' | 'appointments' | 'spent' | 'lastVisit'

export const CLIENT_SORTS: readonly { value: ClientSort; label: string }[] = [
  { value: 'name', label: 'Nome (A–Z)' },
  { value: 'appointments', label: 'Mais agendamentos' },
  { value: 'spent', label: 'Maior valor gasto' },
  { value: 'lastVisit', label: 'Visita mais recente' },
]

export type ClientFilter = { q: string; sort: ClientSort; limit: number; offset: number }

export type ClientPage = { items: Client[]; total: number }

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
