import { PencilIcon, PhoneIcon, Trash2Icon } from 'lucide-react'

import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { PAYMENT_LABELS } from '@/lib/appointment-status'
import { addDays, dayMonth, fromMinutes, toMinutes, weekdayName } from '@/lib/dates'
import { formatPhone } from '@/lib/phone'
import { formatDuration } from '@/lib/format'
import { describeTiming } from '@/lib/timing'
import { formatBRL } from '@/lib/money'

import type { Appointment } from '../api/get-appointments'
import { useDeleteAppointment } from '../hooks/use-delete-appointment'
import { AppointmentMessages } from './appointment-messages'
import { findProfessional, findService, useCatalog, useStoreNow } from './catalog-context'
import { ReminderButton } from './reminder-button'
import { SeriesActions } from './series-actions'
import { StatusActions } from './status-actions'
import { StatusBadge } from './status-badge'
import { VisitActions } from './visit-actions'

/** whenText: "hoje, 14:00–14:45", "amanhã, …" or "sábado, 12/12, 14:00–14:45". */
function whenText(a: Appointment, today: string) {
  const range = `${a.time}–${fromMinutes(toMinutes(a.time) + a.durationMin)}`
  const day =
    a.date === today
      ? `hoje, ${dayMonth(a.date)}`
      : a.date === addDays(today, 1)
        ? `amanhã, ${dayMonth(a.date)}`
        : `${weekdayName(a.date)}, ${dayMonth(a.date)}`
  return `${day[0]?.toLocaleUpperCase('pt-BR') ?? ''}${day.slice(1)}, ${range}`
}

/** AppointmentDetailsDialog shows one appointment with everything that can be done to it. */
export function AppointmentDetailsDialog({
  appointment,
  open,
  onOpenChange,
  onEdit,
}: {
  appointment: Appointment | null
  open: boolean
  onOpenChange: (open: boolean) => void
  onEdit: (appointment: Appointment) => void
}) {
  const catalog = useCatalog()
  const now = useStoreNow()
  const remove = useDeleteAppointment()
  if (!appointment) return null
  const a = appointment
  const service = findService(catalog, a.serviceId)
  const professional = findProfessional(catalog, a.professionalId)
  const rows: [string, string][] = [
    ['Quando', whenText(a, now.date)],
    ['Serviço', [service?.name ?? 'Serviço excluído', formatDuration(a.durationMin), ...describeTiming(a)].join(' · ')],
    ['Profissional', professional?.name ?? 'Profissional excluído'],
    ['Valor', a.price !== null ? formatBRL(a.price) : 'Sem preço'],
    ['Pagamento', a.paymentMethod ? PAYMENT_LABELS[a.paymentMethod] : 'Não informado'],
  ]
  if (a.notes) rows.push(['Observações', a.notes])
  if (a.source === 'public') rows.push(['Origem', 'Agendado pela página pública'])

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle className="flex flex-wrap items-center gap-2">
            {a.clientName}
            <StatusBadge status={a.status} />
          </DialogTitle>
          <DialogDescription className="flex items-center gap-1.5">
            <PhoneIcon className="size-3.5" aria-hidden="true" />
            {formatPhone(a.clientPhone)}
          </DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          {rows.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-muted-foreground">{term}</dt>
              <dd className="min-w-0 break-words">{value}</dd>
            </div>
          ))}
        </dl>
        {!a.isDeleted && <AppointmentMessages id={a.id} />}
        {a.isDeleted ? (
          <p className="text-sm text-muted-foreground">Este agendamento foi excluído.</p>
        ) : (
          <div className="grid grid-cols-1 gap-3 border-t pt-4">
            <StatusActions appointment={a} />
            {a.seriesId && <SeriesActions appointment={a} onDone={() => onOpenChange(false)} />}
            {a.visitId && <VisitActions appointment={a} onDone={() => onOpenChange(false)} />}
            <div className="flex flex-wrap gap-2">
              <ReminderButton appointment={a} />
              <Button variant="outline" size="sm" onClick={() => onEdit(a)}>
                <PencilIcon aria-hidden="true" />
                Editar
              </Button>
              <Button
                variant="ghost"
                size="sm"
                className="text-destructive hover:text-destructive"
                onClick={() => {
                  onOpenChange(false)
                  remove(a)
                }}
              >
                <Trash2Icon aria-hidden="true" />
                Excluir
              </Button>
            </div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  )
}
