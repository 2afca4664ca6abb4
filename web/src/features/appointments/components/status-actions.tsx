import { CheckCheckIcon, CheckIcon, type LucideIcon, RotateCcwIcon, UserXIcon, XIcon } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'

import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { isApiError } from '@/lib/api-client'
import { type AppointmentStatus, type PaymentMethod, STATUS_LABELS } from '@/lib/appointment-status'
import { cn } from '@/lib/utils'

import { appointmentToInput } from '../api/appointment-form'
import type { Appointment } from '../api/get-appointments'
import { STATUS_ACTIONS } from '../api/labels'
import { useSetAppointmentStatus } from '../api/set-appointment-status'
import { useUpdateAppointment } from '../api/update-appointment'

import { CompleteButton } from './complete-button'

/** The changes that end an appointment without it happening, in the order shown. */
const UNDONE: readonly AppointmentStatus[] = ['no_show', 'cancelled']

const ICONS: Record<AppointmentStatus, LucideIcon> = {
  scheduled: RotateCcwIcon,
  confirmed: CheckIcon,
  completed: CheckCheckIcon,
  cancelled: XIcon,
  no_show: UserXIcon,
}

/**
 * StatusActions are the one-tap changes (Confirmar, Concluir with how the client paid, Cancelar,
 * Não compareceu, and Reabrir after a mistaken tap) that apply to the appointment's status. The change shows at once and is rolled back if saving
 * fails. Taking back a time someone else booked meanwhile asks before double-booking.
 */
export function StatusActions({
  appointment,
  compact = false,
  className,
}: {
  appointment: Appointment
  /** Icons only (the names stay for screen readers and as a tooltip). */
  compact?: boolean
  className?: string
}) {
  const setStatus = useSetAppointmentStatus()
  const update = useUpdateAppointment()
  const [conflict, setConflict] = useState<{ status: AppointmentStatus; message: string } | null>(null)
  const actions = STATUS_ACTIONS.filter((a) => a.from.includes(appointment.status))
  if (actions.length === 0 && !conflict) return null

  const change = (status: AppointmentStatus, paymentMethod?: PaymentMethod) => {
    setStatus.mutate(
      { id: appointment.id, status, ...(paymentMethod && { paymentMethod }) },
      {
        onError: (error) => {
          console.error('Erro ao mudar o status', error)
          if (isApiError(error) && error.code === 'conflict') setConflict({ status, message: error.message })
          else toast.error(isApiError(error) ? error.message : 'Não foi possível mudar o status. Tente novamente.')
        },
      },
    )
  }

  const force = () => {
    if (!conflict) return
    update.mutate(
      { id: appointment.id, input: appointmentToInput(appointment, { status: conflict.status, force: true }) },
      {
        onSuccess: () => setConflict(null),
        onError: (error) => {
          console.error('Erro ao mudar o status', error)
          setConflict(null)
          toast.error(isApiError(error) ? error.message : 'Não foi possível mudar o status. Tente novamente.')
        },
      },
    )
  }

  const busy = appointment.isDeleted === true || (setStatus.isPending && setStatus.variables.id === appointment.id)

  const button = ({ status, label }: (typeof actions)[number]) => {
    if (status === 'completed') {
      return (
        <CompleteButton
          key={status}
          appointment={appointment}
          compact={compact}
          disabled={busy}
          onComplete={(paymentMethod) => change(status, paymentMethod)}
        />
      )
    }
    const Icon = ICONS[status]
    return (
      <Button
        key={status}
        variant="outline"
        size={compact ? 'icon-sm' : 'sm'}
        disabled={busy}
        title={compact ? label : undefined}
        aria-label={compact ? label : undefined}
        onClick={(event) => {
          event.stopPropagation()
          change(status)
        }}
        className={cn(status === 'cancelled' && 'text-destructive hover:text-destructive')}
      >
        <Icon aria-hidden="true" />
        {!compact && label}
      </Button>
    )
  }
  // 'Não compareceu' and 'Cancelar' keep 16 px away from 'Confirmar' and 'Concluir' (beside or
  // below them), 'Cancelar' last, so a thumb aiming at one does not hit the other.
  const ahead = actions.filter((a) => !UNDONE.includes(a.status))
  const undone = actions.filter((a) => UNDONE.includes(a.status))

  return (
    <>
      <div role="group" aria-label="Mudar status" className={cn('flex flex-wrap items-center gap-4', className)}>
        {ahead.length > 0 && <div className="flex flex-wrap gap-1.5">{ahead.map(button)}</div>}
        {undone.length > 0 && <div className="flex flex-wrap gap-1.5">{undone.map(button)}</div>}
      </div>
      <ConfirmDialog
        open={conflict !== null}
        onOpenChange={(open) => !open && setConflict(null)}
        title="Horário ocupado"
        description={conflict?.message}
        confirmLabel={`Marcar como ${conflict ? STATUS_LABELS[conflict.status].toLocaleLowerCase('pt-BR') : ''}`}
        destructive={false}
        pending={update.isPending}
        onConfirm={force}
      />
    </>
  )
}
