import { LayersIcon } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'

import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { isApiError } from '@/lib/api-client'

import { type Appointment, useAppointmentsInRange } from '../api/get-appointments'
import { useCancelVisit } from '../api/visit'
import { findService, useCatalog } from './catalog-context'

/**
 * VisitActions: an appointment that is one service of a visit of several says so, names the
 * others, and cancels them all together ('Cancelar a visita toda').
 */
export function VisitActions({ appointment, onDone }: { appointment: Appointment; onDone: () => void }) {
  const catalog = useCatalog()
  // The day as the agenda has it (the day view's own query): the visit's services, in order.
  const day = useAppointmentsInRange(appointment.date, appointment.date)
  const found = (day.data?.items ?? []).filter((a) => a.visitId === appointment.visitId)
  const visit = found.length > 0 ? found : [appointment]
  const cancel = useCancelVisit()
  const [asking, setAsking] = useState(false)
  const names = visit.map((a) => `${a.time} ${findService(catalog, a.serviceId)?.name ?? 'Serviço'}`)
  const open = visit.some((a) => a.status === 'scheduled' || a.status === 'confirmed')
  return (
    <div className="grid grid-cols-1 gap-2 rounded-lg bg-muted/60 p-3">
      <p className="flex items-center gap-2 text-sm font-medium">
        <LayersIcon className="size-4 text-primary" aria-hidden="true" />
        {visit.length > 1 ? `Visita com ${visit.length} serviços` : 'Faz parte de uma visita de vários serviços'}
      </p>
      <p className="text-sm text-muted-foreground">{names.join(' · ')}</p>
      {open && (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => setAsking(true)}>
            Cancelar a visita toda
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Cancelar a visita toda?"
        description="Todos os serviços desta visita que ainda não aconteceram serão cancelados."
        confirmLabel="Cancelar serviços"
        cancelLabel="Voltar"
        pending={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(appointment.id, {
            onSuccess: (change) => {
              toast.success(change.count === 1 ? '1 serviço cancelado' : `${change.count} serviços cancelados`)
              setAsking(false)
              onDone()
            },
            onError: (error) => {
              toast.error(isApiError(error) ? error.message : 'Não foi possível cancelar a visita. Tente novamente.')
            },
          })
        }
      />
    </div>
  )
}
