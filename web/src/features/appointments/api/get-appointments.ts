import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'

import type { Appointment as ApiAppointment, AppointmentPage as ApiAppointmentPage, operations } from '@/lib/api-schema'
import { api } from '@/lib/api-client'
import type { AppointmentStatus } from '@/lib/appointment-status'
import { queryKeys } from '@/lib/query-keys'

/** Appointment is one booking (DESIGN.md section 1); `isDeleted` is the view's transient mark. */
export type Appointment = ApiAppointment & { isDeleted?: boolean }

export type AppointmentPage = Omit<ApiAppointmentPage, 'items'> & { items: Appointment[] }

/** AppointmentFilter is what the list asks for (every field is optional); '' means any status. */
export type AppointmentFilter = Omit<NonNullable<operations['getAppointments']['parameters']['query']>, 'status'> & {
  status?: AppointmentStatus | ''
}

export const MAX_PAGE = 200

function search(filter: AppointmentFilter) {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(filter)) {
    if (value !== undefined && value !== '' && value !== null) params.set(key, String(value))
  }
  const text = params.toString()
  return text ? `?${text}` : ''
}

// GET /api/v1/appointments?from&to&professionalId&status&q&limit&offset → {items, total},
// by date and time.
export async function getAppointments(filter: AppointmentFilter): Promise<AppointmentPage> {
  const page = await api.get<AppointmentPage | null>(`/appointments${search(filter)}`)
  return { items: page?.items ?? [], total: page?.total ?? 0 }
}

/**
 * getAppointmentsInRange reads every appointment of a few days, page after page: one
 * professional's ('Minha agenda') when professionalId is given.
 */
export async function getAppointmentsInRange(from: string, to: string, professionalId?: string): Promise<AppointmentPage> {
  const items: Appointment[] = []
  for (let offset = 0; ; offset += MAX_PAGE) {
    const page = await getAppointments({ from, to, professionalId, limit: MAX_PAGE, offset })
    items.push(...page.items)
    if (page.items.length < MAX_PAGE || items.length >= page.total || offset >= 10 * MAX_PAGE) {
      return { items, total: items.length }
    }
  }
}

export const appointmentsQueryOptions = (filter: AppointmentFilter) =>
  queryOptions({
    queryKey: [...queryKeys.appointments, 'list', filter],
    queryFn: () => getAppointments(filter),
    placeholderData: keepPreviousData,
  })

/** The appointments from one day to another (the day and week views). */
export const appointmentsRangeQueryOptions = (from: string, to: string, professionalId?: string) =>
  queryOptions({
    queryKey: [...queryKeys.appointments, 'range', { from, to, professionalId }],
    queryFn: () => getAppointmentsInRange(from, to, professionalId),
    placeholderData: keepPreviousData,
  })

export function useAppointments(filter: AppointmentFilter) {
  return useQuery(appointmentsQueryOptions(filter))
}

export function useAppointmentsInRange(from: string, to: string, professionalId?: string) {
  return useQuery(appointmentsRangeQueryOptions(from, to, professionalId))
}

// GET /api/v1/appointments/{id}
export function getAppointment(id: string): Promise<Appointment> {
  return api.get<Appointment>(`/appointments/${encodeURIComponent(id)}`)
}
