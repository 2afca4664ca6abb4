import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query'

import type * as Api from '@/lib/api-schema'
import { api } from '@/lib/api-client'
import { isAnonymousPhone, isMaskedPhone, phoneDigits } from '@/lib/phone'
import { queryKeys } from '@/lib/query-keys'


/** The parts of an appointment the client's history shows. */
export type ClientAppointment = Api.Appointment

export type ClientDetail = Api.ClientDetail

/**
 * clientPathId is how a phone goes in the address: "+5511912345678" → "5511912345678"; an
 * anonymised client's id goes as it is.
 */
export function clientPathId(phone: string) {
  return isAnonymousPhone(phone) || isMaskedPhone(phone) ? phone : phoneDigits(phone)
}

// GET /api/v1/clients/{phone} → the client with their record and appointments, newest first
// (404 when the phone is no client's).
export async function getClient(phone: string): Promise<ClientDetail> {
  const c = await api.get<ClientDetail>(`/clients/${encodeURIComponent(phone)}`)
  const record = c.record ?? { phone2: '', email: '', birthday: '', notes: '', tags: [] }
  return { ...c, record: { ...record, tags: record.tags ?? [] }, appointments: c.appointments ?? [] }
}

/** The queries keyed by one client: ['clients', what, the phone's digits (or the anonymous id)]. */
const CLIENT_QUERIES: readonly unknown[] = ['detail', 'consent', 'rewards']

/** isClientQuery tells whether a query hangs from one client: their page, consent or rewards. */
export function isClientQuery(query: { queryKey: readonly unknown[] }, phone: string) {
  const [root, what, id, ...rest] = query.queryKey
  return root === queryKeys.clients[0] && CLIENT_QUERIES.includes(what) && id === clientPathId(phone) && rest.length === 0
}

/**
 * forgetClient drops the cached page, consent and rewards of a phone no client has any more:
 * those nothing shows at once, the others as soon as the page moves away from them (to the new
 * phone or the anonymous id). Never refetched meanwhile, they could only answer 404.
 */
export function forgetClient(client: QueryClient, phone: string) {
  const old = (query: { queryKey: readonly unknown[] }) => isClientQuery(query, phone)
  const drop = () => {
    client.removeQueries({ predicate: old, type: 'inactive' })
    return client.getQueryCache().findAll({ predicate: old }).length === 0
  }
  if (drop()) return
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type === 'observerRemoved' && drop()) unsubscribe()
  })
}

export const clientQueryOptions = (phone: string) =>
  queryOptions({ queryKey: [...queryKeys.clients, 'detail', clientPathId(phone)], queryFn: () => getClient(phone) })

export function useClient(phone: string) {
  return useQuery(clientQueryOptions(phone))
}
