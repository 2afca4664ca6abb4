import type { QueryClient, QueryKey } from '@tanstack/react-query'

import { addDays } from '@/lib/dates'
import { typedPhoneDigits } from '@/lib/phone'
import { queryKeys } from '@/lib/query-keys'

import type { Appointment, AppointmentFilter, AppointmentPage } from './get-appointments'
import type { Dashboard } from './get-dashboard'

// The view-first updates of SPEC.md section 4: changes are written into every cached list
// that shows the appointment (the day, week and list views, the dashboard), then saved.

function isPage(data: unknown): data is AppointmentPage {
  return typeof data === 'object' && data !== null && Array.isArray((data as AppointmentPage).items)
}

function isDashboard(data: unknown): data is Dashboard {
  return typeof data === 'object' && data !== null && Array.isArray((data as Dashboard).todayAppointments)
}

const byDateTime = (a: Appointment, b: Appointment) =>
  a.date === b.date ? a.time.localeCompare(b.time) : a.date.localeCompare(b.date)

/** cancelAppointmentQueries stops refetches in flight so they cannot overwrite a change. */
export async function cancelAppointmentQueries(client: QueryClient) {
  await Promise.all([
    client.cancelQueries({ queryKey: queryKeys.appointments }),
    client.cancelQueries({ queryKey: queryKeys.dashboard }),
  ])
}

/** mapAppointments rewrites the appointment lists of every cached page and the dashboard. */
function mapAppointments(
  client: QueryClient,
  fn: (items: Appointment[], filter: AppointmentFilter | undefined) => Appointment[],
) {
  for (const [key, data] of client.getQueriesData({ queryKey: queryKeys.appointments })) {
    if (!isPage(data)) continue
    const items = fn(data.items, key[2] as AppointmentFilter | undefined)
    if (items !== data.items) {
      client.setQueryData(key, { items, total: Math.max(0, data.total + items.length - data.items.length) })
    }
  }
  for (const [key, data] of client.getQueriesData({ queryKey: queryKeys.dashboard })) {
    if (!isDashboard(data)) continue
    const todayAppointments = fn(data.todayAppointments, { from: data.today, to: data.today })
    const tomorrow = addDays(data.today, 1)
    const tomorrowAppointments = fn(data.tomorrowAppointments, { from: tomorrow, to: tomorrow })
    if (todayAppointments !== data.todayAppointments || tomorrowAppointments !== data.tomorrowAppointments) {
      client.setQueryData(key, { ...data, todayAppointments, tomorrowAppointments })
    }
  }
}

/** patchAppointment changes fields of one appointment wherever it is shown. */
export function patchAppointment(client: QueryClient, id: string, patch: Partial<Appointment>) {
  mapAppointments(client, (items) =>
    items.some((a) => a.id === id) ? items.map((a) => (a.id === id ? { ...a, ...patch } : a)) : items,
  )
}

/** replaceAppointment puts `next` where `id` was (an update, or a restore with a new id). */
export function replaceAppointment(client: QueryClient, id: string, next: Appointment) {
  mapAppointments(client, (items) =>
    items.some((a) => a.id === id) ? items.map((a) => (a.id === id ? next : a)) : items,
  )
}

/** removeAppointment drops one appointment from every list. */
export function removeAppointment(client: QueryClient, id: string) {
  mapAppointments(client, (items) => (items.some((a) => a.id === id) ? items.filter((a) => a.id !== id) : items))
}

/** matchesFilter tells whether a list with this filter shows the appointment. */
export function matchesFilter(filter: AppointmentFilter | undefined, a: Appointment) {
  if (!filter) return false
  if (filter.from && a.date < filter.from) return false
  if (filter.to && a.date > filter.to) return false
  if (filter.professionalId && a.professionalId !== filter.professionalId) return false
  if (filter.status && a.status !== filter.status) return false
  const q = filter.q?.trim().toLocaleLowerCase('pt-BR')
  if (q) {
    // As the server searches: a phone typed with its marks is looked up by its digits.
    const digits = typedPhoneDigits(q)
    const inName = a.clientName.toLocaleLowerCase('pt-BR').includes(q)
    const inPhone = a.clientPhone.includes(digits !== null && digits.length >= 4 ? digits : q)
    if (!inName && !inPhone) return false
  }
  return true
}

/** insertAppointment adds an appointment to every list whose filter shows it, in date order. */
export function insertAppointment(client: QueryClient, appointment: Appointment) {
  mapAppointments(client, (items, filter) => {
    if (items.some((a) => a.id === appointment.id) || !matchesFilter(filter, appointment)) return items
    return [...items, appointment].sort(byDateTime)
  })
}

/** findAppointment answers the cached appointment with this id, if any list holds it. */
export function findAppointment(client: QueryClient, id: string): Appointment | undefined {
  for (const [, data] of client.getQueriesData({ queryKey: queryKeys.appointments })) {
    const found = isPage(data) ? data.items.find((a) => a.id === id) : undefined
    if (found) return found
  }
  for (const [, data] of client.getQueriesData({ queryKey: queryKeys.dashboard })) {
    if (!isDashboard(data)) continue
    const found = [...data.todayAppointments, ...data.tomorrowAppointments].find((a) => a.id === id)
    if (found) return found
  }
  return undefined
}

/**
 * forgetAppointment drops the cached queries that name a deleted appointment (the free times
 * of its edit form, which leave its own time out): the id is gone for good, since a restore
 * makes a new one, and a refetch would only answer 404.
 */
export function forgetAppointment(client: QueryClient, id: string) {
  const namesIt = (key: QueryKey) => (key[1] as { except?: string } | undefined)?.except === id
  void client.cancelQueries({ queryKey: queryKeys.availability, predicate: (q) => namesIt(q.queryKey) })
  client.removeQueries({ queryKey: queryKeys.availability, predicate: (q) => namesIt(q.queryKey) })
}

/** invalidateAfterChange refreshes everything an appointment change can affect. */
export function invalidateAfterChange(client: QueryClient, extra: QueryKey[] = []) {
  for (const queryKey of [
    queryKeys.appointments,
    queryKeys.dashboard,
    queryKeys.clients,
    queryKeys.availability,
    ...extra,
  ]) {
    void client.invalidateQueries({ queryKey })
  }
}
