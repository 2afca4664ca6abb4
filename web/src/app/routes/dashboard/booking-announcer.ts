import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'

import { paths } from '@/config/paths'
import { getAppointment } from '@/features/appointments/api/get-appointments'
import { servicesQueryOptions } from '@/features/services/api/get-services'
import { storeQueryOptions } from '@/features/store/api/get-store'
import { dayMonth, todayIn } from '@/lib/dates'

/**
 * bookingAnnouncement answers the toast text for a customer's booking:
 * 'Novo agendamento: Maria — Corte, 14:00', with the day when it is not today.
 */
export async function bookingAnnouncement(client: QueryClient, id: string) {
  const [appointment, services, store] = await Promise.all([
    getAppointment(id),
    client.fetchQuery(servicesQueryOptions()),
    client.fetchQuery(storeQueryOptions()),
  ])
  const service = services.find((s) => s.id === appointment.serviceId)?.name ?? 'Serviço'
  const when =
    appointment.date === todayIn(store?.timeZone) ? appointment.time : `${dayMonth(appointment.date)}, ${appointment.time}`
  return {
    appointment,
    text: `Novo agendamento: ${appointment.clientName} — ${service}, ${when}`,
  }
}

/** useBookingAnnouncer answers the callback that toasts each booking made on the public page. */
export function useBookingAnnouncer() {
  const client = useQueryClient()
  const navigate = useNavigate()
  return useCallback(
    (id: string) => {
      bookingAnnouncement(client, id)
        .then(({ appointment, text }) =>
          toast.success(text, {
            id: `booked-${id}`,
            duration: 10_000,
            action: {
              label: 'Ver',
              onClick: () => void navigate(`${paths.dashboard.appointments.path}?view=day&date=${appointment.date}`),
            },
          }),
        )
        .catch(() => {
          // Deleted meanwhile, or offline: the invalidated lists already show what is true.
        })
    },
    [client, navigate],
  )
}

/** What the owner hears when a customer was turned away at the free limit (booking.refused). */
export const REFUSED_MESSAGE = 'Um cliente tentou agendar pela sua página, mas o limite do plano gratuito foi atingido.'

/** useRefusedAnnouncer answers the callback that tells the owner, with a way to Planos. */
export function useRefusedAnnouncer() {
  const navigate = useNavigate()
  return useCallback(() => {
    // One toast however many tries: each new one takes the place of the last.
    toast.warning(REFUSED_MESSAGE, {
      id: 'booking-refused',
      duration: 10_000,
      action: { label: 'Ver planos', onClick: () => void navigate(paths.dashboard.plans.path) },
    })
  }, [navigate])
}
