import { MailIcon } from 'lucide-react'

import { DEFAULT_TIME_ZONE } from '@/lib/dates'

import { useAppointmentMessages } from '../api/get-messages'
import { confirmedLine, messageLine } from '../api/message-labels'
import { useCatalog } from './catalog-context'

/**
 * AppointmentMessages lists the automatic messages of an appointment's visit (issue 28): what
 * went, what is to go and when, and the client's confirmation by a reminder.
 */
export function AppointmentMessages({ id }: { id: string }) {
  const { store } = useCatalog()
  const messages = useAppointmentMessages(id)
  if (!messages.data) return null
  const zone = store?.timeZone || DEFAULT_TIME_ZONE
  const lines = messages.data.items.map((m) => messageLine(m, zone)).filter((l): l is string => l !== null)
  const confirmed = confirmedLine(messages.data.items, zone)
  if (confirmed) lines.push(confirmed)
  if (messages.data.email) lines.push(`Os lembretes por e-mail vão para ${messages.data.email}`)
  else if (lines.length === 0) lines.push('Sem e-mail para lembretes: use o lembrete pelo WhatsApp.')
  return (
    <section aria-labelledby={`messages-${id}`} className="grid gap-1.5 text-sm">
      <h3 id={`messages-${id}`} className="flex items-center gap-1.5 font-medium">
        <MailIcon className="size-4 text-muted-foreground" aria-hidden="true" />
        Lembretes automáticos
      </h3>
      <ul className="grid gap-1 text-muted-foreground">
        {lines.map((l) => (
          <li key={l}>{l}</li>
        ))}
      </ul>
    </section>
  )
}
