import { CheckIcon, MessageCircleIcon } from 'lucide-react'

import { Button } from '@/components/ui/button'
import { cn } from '@/lib/utils'
import { chatHref, openChat } from '@/lib/whatsapp-chat'

import type { Appointment } from '../api/get-appointments'
import { isUpcoming } from '../api/labels'
import { reminderMessage } from '../api/reminder'
import { useMarkReminderSent } from '../api/send-reminder'
import { findProfessional, findService, useCatalog, useStoreNow } from './catalog-context'

/**
 * ReminderButton opens WhatsApp with a reminder for the client and records that it was sent.
 * It shows only for upcoming appointments.
 */
export function ReminderButton({
  appointment,
  compact = false,
  className,
  visit,
}: {
  appointment: Appointment
  /** The services of the appointment's visit, when it has several: one message names them all. */
  visit?: Appointment[]
  /** An icon only (the name stays for screen readers and as a tooltip). */
  compact?: boolean
  className?: string
}) {
  const catalog = useCatalog()
  const now = useStoreNow()
  const mark = useMarkReminderSent()
  if (!isUpcoming(appointment, now)) return null
  const sent = appointment.reminderSentAt !== null
  const message = reminderMessage({
    clientName: appointment.clientName,
    clientPhone: appointment.clientPhone,
    date: appointment.date,
    time: appointment.time,
    serviceName: (visit && visit.length > 1 ? visit : [appointment])
      .map((a) => findService(catalog, a.serviceId)?.name ?? '')
      .join(' + '),
    professionalName: findProfessional(catalog, appointment.professionalId)?.name,
    storeName: catalog.store?.name,
    address: catalog.store?.address,
    today: now.date,
  })
  const label = sent ? 'Lembrete enviado' : 'Enviar lembrete'
  return (
    <Button
      variant={sent || compact ? 'ghost' : 'outline'}
      size={compact ? 'icon-sm' : 'sm'}
      asChild
      className={cn(sent && 'text-success hover:text-success', className)}
    >
      <a
        href={chatHref(appointment.clientPhone, message)}
        target="_blank"
        rel="noopener noreferrer"
        title={compact ? label : undefined}
        aria-label={compact ? (sent ? 'Lembrete enviado, enviar de novo' : label) : undefined}
        onClick={(event) => {
          event.stopPropagation()
          openChat(event, appointment.clientPhone, message)
          mark.mutate(appointment.id)
        }}
      >
        {sent && !compact ? <CheckIcon aria-hidden="true" /> : <MessageCircleIcon aria-hidden="true" />}
        {!compact && label}
        {!compact && sent && <span className="sr-only">(enviar de novo)</span>}
      </a>
    </Button>
  )
}
