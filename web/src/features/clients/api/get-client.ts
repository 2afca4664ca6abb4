import { queryOptions, useQuery } from '@tanstack/react-query'

import type * as Api from '@/lib/api-schema'
import { api } from '@/lib/api-client'
import { isAnonymousPhone } from '@/lib/phone'
import { queryKeys } from '@/lib/query-keys'


/** The parts of an appointment the client's history shows. */
export type ClientAppointment = Api.Appointment

export type ClientDetail = Api.ClientDetail

/**
 * clientPathId is how a phone goes in the address: "+5511912345678" → "5511912345678"; an
 * anonymised client's id goes as it is.
 */
export function clientPathId(phone: string) {
  return isAnonymousPhone(phone) ? phone : phone.replace(/\D/g, '')
}

// GET /api/v1/clients/{phone} → the client with their appointments, newest first (404 when
// no appointment carries the phone).
export async function getClient(phone: string): Promise<ClientDetail> {
  const c = await api.get<ClientDetail>(`/clients/${encodeURIComponent(phone)}`)
  return { ...c, appointments: c.appointments ?? [] }
}

export const clientQueryOptions = (phone: string) =>
  queryOptions({ queryKey: [...queryKeys.clients, 'detail', clientPathId(phone)], queryFn: () => getClient(phone) })

export function useClient(phone: string) {
  return useQuery(clientQueryOptions(phone))
}
