import { Trash2Icon } from 'lucide-react'

import { Button } from '@/components/ui/button'
import { STATUS_STYLES } from '@/lib/appointment-status'
import { dayMonth, fromMinutes, toMinutes, weekdayShort } from '@/lib/dates'
import { timingStretches } from '@/lib/timing'
import { cn } from '@/lib/utils'

import type { Appointment } from '../api/get-appointments'
import { useDeleteAppointment } from '../hooks/use-delete-appointment'
import { useAgendaActions } from './agenda-actions'
import { findProfessional, findService, useCatalog } from './catalog-context'
import { ReminderButton } from './reminder-button'
import { StatusActions } from './status-actions'
import { StatusBadge } from './status-badge'

/**
 * AppointmentCard is one appointment as a card: who, when, what and with whom, the status, and
 * the one-tap actions. Tapping the name opens the details. A deleted one is struck through
 * until it leaves the list.
 */
export function AppointmentCard({
  appointment: a,
  showDate = false,
  actions = true,
  className,
}: {
  appointment: Appointment
  showDate?: boolean
  actions?: boolean
  className?: string
}) {
  const catalog = useCatalog()
  const agenda = useAgendaActions()
  const remove = useDeleteAppointment()
  const service = findService(catalog, a.serviceId)?.name ?? 'Serviço excluído'
  const professional = findProfessional(catalog, a.professionalId)?.name ?? 'Profissional excluído'
  const deleted = a.isDeleted === true
  const pause = timingStretches(toMinutes(a.time), a.durationMin, a).find((t) => t.kind === 'pause')
  const when = `${showDate ? `${weekdayShort(a.date)} ${dayMonth(a.date)}, ` : ''}${a.time}–${fromMinutes(toMinutes(a.time) + a.durationMin)}`

  return (
    <article
      aria-label={a.clientName}
      className={cn(
        'grid grid-cols-1 gap-3 rounded-xl border bg-card p-3 shadow-xs transition-opacity duration-300 sm:p-4',
        deleted && 'opacity-50',
        className,
      )}
    >
      <div className="flex items-start gap-3">
        <span aria-hidden="true" className={cn('mt-1 h-9 w-1 shrink-0 rounded-full', STATUS_STYLES[a.status].dot)} />
        <div className="min-w-0 flex-1">
          {agenda ? (
            <button
              type="button"
              onClick={() => agenda.open(a)}
              className="flex min-h-11 max-w-full items-center text-left font-medium outline-none hover:underline focus-visible:underline sm:min-h-0"
            >
              <span className={cn('truncate', deleted && 'line-through')}>{a.clientName}</span>
            </button>
          ) : (
            <p className={cn('truncate font-medium', deleted && 'line-through')}>{a.clientName}</p>
          )}
          <p className={cn('text-sm text-muted-foreground', deleted && 'line-through')}>
            <span className="tabular-nums">{when}</span> · {service} · {professional}
          </p>
          {pause && (
            <p className="text-sm text-muted-foreground">
              Pausa <span className="tabular-nums">{fromMinutes(pause.start)}–{fromMinutes(pause.end)}</span>: livre para outro
              atendimento
            </p>
          )}
        </div>
        {deleted ? (
          <span className="shrink-0 text-xs font-medium text-muted-foreground">Excluído</span>
        ) : (
          <StatusBadge status={a.status} />
        )}
      </div>
      {actions && !deleted && (
        <div className="flex flex-wrap items-center gap-1.5">
          <StatusActions appointment={a} />
          <ReminderButton appointment={a} />
          <Button
            variant="ghost"
            size="icon-sm"
            className="ml-auto text-muted-foreground hover:text-destructive"
            aria-label="Excluir agendamento"
            title="Excluir agendamento"
            onClick={() => remove(a)}
          >
            <Trash2Icon aria-hidden="true" />
          </Button>
        </div>
      )}
    </article>
  )
}
