import { queryOptions, useQuery } from '@tanstack/react-query'

import { api } from '@/lib/api-client'
import type { AppointmentStatus, PaymentMethod } from '@/lib/appointment-status'
import { queryKeys } from '@/lib/query-keys'

import type { Client } from './get-clients'

/** The parts of an appointment the client's history shows. */
export type ClientAppointment = {
  id: string
  serviceId: string
  professionalId: string
  date: string
  time: string
  durationMin: number
  status: AppointmentStatus
  paymentMethod: PaymentMethod | null
  price: number | null
  notes: string
}

export type ClientDetail = Client & { appointments: ClientAppointment[] }

/** clientPathId is how a phone goes in the address: "+5511912345678" → "5511912345678". */
export function clientPathId(phone: string) {
  return phone.replace(/\D/g, '')
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
