import { RepeatIcon } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'

import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { isApiError } from '@/lib/api-client'

import type { Appointment } from '../api/get-appointments'
import { useSeriesRest } from '../api/series'

const ACTIONS = {
  cancel: {
    button: 'Cancelar este e os próximos',
    title: 'Cancelar este e os próximos?',
    description: 'Este horário e os seguintes da série serão cancelados. Os que já aconteceram ficam como estão.',
    confirm: 'Cancelar horários',
    done: (n: number) => (n === 1 ? '1 agendamento cancelado' : `${n} agendamentos cancelados`),
  },
  delete: {
    button: 'Excluir este e os próximos',
    title: 'Excluir este e os próximos?',
    description: 'Este horário e os seguintes da série vão para a lixeira, de onde podem ser restaurados por 30 dias.',
    confirm: 'Excluir horários',
    done: (n: number) => (n === 1 ? '1 agendamento excluído' : `${n} agendamentos excluídos`),
  },
} as const

/** SeriesActions are an appointment of a recurring series' actions on it and the series' later ones. */
export function SeriesActions({ appointment, onDone }: { appointment: Appointment; onDone: () => void }) {
  const rest = useSeriesRest()
  const [asked, setAsked] = useState<keyof typeof ACTIONS | null>(null)
  const action = asked ? ACTIONS[asked] : null
  const open = appointment.status === 'scheduled' || appointment.status === 'confirmed'
  return (
    <div className="grid grid-cols-1 gap-2 rounded-lg bg-muted/60 p-3">
      <p className="flex items-center gap-2 text-sm font-medium">
        <RepeatIcon className="size-4 text-primary" aria-hidden="true" />
        Faz parte de uma série de horários
      </p>
      <div className="flex flex-wrap gap-2">
        {open && (
          <Button variant="outline" size="sm" onClick={() => setAsked('cancel')}>
            {ACTIONS.cancel.button}
          </Button>
        )}
        <Button variant="outline" size="sm" className="text-destructive hover:text-destructive" onClick={() => setAsked('delete')}>
          {ACTIONS.delete.button}
        </Button>
      </div>
      <ConfirmDialog
        open={action !== null}
        onOpenChange={(o) => !o && setAsked(null)}
        title={action?.title ?? ''}
        description={action?.description}
        confirmLabel={action?.confirm ?? ''}
        cancelLabel="Voltar"
        pending={rest.isPending}
        onConfirm={() => {
          if (!asked) return
          rest.mutate(
            { id: appointment.id, action: asked },
            {
              onSuccess: (change) => {
                toast.success(ACTIONS[asked].done(change.count))
                setAsked(null)
                onDone()
              },
              onError: (error) => {
                toast.error(isApiError(error) ? error.message : 'Não foi possível alterar a série. Tente novamente.')
              },
            },
          )
        }}
      />
    </div>
  )
}
