import { ArchiveRestoreIcon, InfoIcon, Trash2Icon } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'

import { LoadError } from '@/components/layout/load-error'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Pager } from '@/components/ui/pager'
import { Skeleton } from '@/components/ui/skeleton'
import { isApiError } from '@/lib/api-client'
import { dayMonth, formatDateTime, weekdayName } from '@/lib/dates'
import { formatPhone } from '@/lib/phone'
import { usePlanLimitRedirect } from '@/lib/plan-limit'

import { useDeleteTrashItem } from '../api/delete-trash-item'
import { type DeletedAppointment, TRASH_PAGE_SIZE, useTrash } from '../api/get-trash'
import { useRestoreAppointment } from '../api/restore-appointment'
import { RESTORED_MS } from '../hooks/use-delete-appointment'
import { findProfessional, findService, useCatalog } from './catalog-context'

/** The Lixeira: deleted appointments, the latest first, to restore or delete for good. */
export function TrashView() {
  const [offset, setOffset] = useState(0)
  const { data, isPending, isError, error, refetch } = useTrash(offset)
  const restore = useRestoreAppointment()
  const purge = useDeleteTrashItem()
  const planLimit = usePlanLimitRedirect()
  const [purging, setPurging] = useState<DeletedAppointment | null>(null)
  // A restore into a time taken meanwhile asks first, as a new booking there would.
  const [taken, setTaken] = useState<{ item: DeletedAppointment; message: string } | null>(null)
  const retention = data?.retentionDays ?? 30

  const onRestore = (item: DeletedAppointment, force = false) => {
    restore.mutate(
      { id: item.id, force },
      {
        onSuccess: () => {
          setTaken(null)
          toast.success('Agendamento restaurado', { duration: RESTORED_MS })
        },
        onError: (error) => {
          setTaken(null)
          if (planLimit(error)) return
          console.error('Erro ao restaurar agendamento', error)
          if (isApiError(error) && error.code === 'conflict' && !force) {
            setTaken({ item, message: error.message })
            return
          }
          toast.error(
          isApiError(error) && error.status !== 0 && error.status < 500
            ? `Não foi possível restaurar: ${error.message}`
            : 'Não foi possível restaurar o agendamento. Tente novamente.',
          )
        },
      },
    )
  }

  const onPurge = () => {
    if (!purging) return
    purge.mutate(purging.id, {
      onSuccess: () => {
        setPurging(null)
        toast.success('Agendamento excluído definitivamente')
      },
      onError: (error) => {
        console.error('Erro ao excluir da lixeira', error)
        toast.error('Não foi possível excluir o agendamento. Tente novamente.')
      },
    })
  }

  return (
    <div className="grid grid-cols-1 gap-4">
      <Alert>
        <InfoIcon aria-hidden="true" />
        <AlertDescription>
          <p>Itens na lixeira há mais de {retention} dias são excluídos automaticamente.</p>
        </AlertDescription>
      </Alert>
      {isPending ? (
        <div className="grid grid-cols-1 gap-2" aria-busy="true">
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-24 rounded-xl" />
          ))}
        </div>
      ) : isError ? (
        <LoadError error={error} onRetry={() => void refetch()} what="a lixeira" />
      ) : data.items.length === 0 ? (
        <p className="rounded-xl border border-dashed bg-card px-6 py-10 text-center text-sm text-muted-foreground">
          A lixeira está vazia.
        </p>
      ) : (
        <>
          <ul className="grid grid-cols-1 gap-2">
            {data.items.map((item) => (
              <li key={item.id}>
                <TrashItem
                  item={item}
                  restoring={restore.isPending && restore.variables.id === item.id}
                  onRestore={() => onRestore(item)}
                  onPurge={() => setPurging(item)}
                />
              </li>
            ))}
          </ul>
          <Pager offset={offset} limit={TRASH_PAGE_SIZE} total={data.total} onOffsetChange={setOffset} noun="itens" />
        </>
      )}
      <ConfirmDialog
        open={taken !== null}
        onOpenChange={(open) => !open && setTaken(null)}
        title="Horário ocupado"
        description={taken?.message}
        confirmLabel="Restaurar mesmo assim"
        destructive={false}
        pending={restore.isPending}
        onConfirm={() => taken && onRestore(taken.item, true)}
      />
      <ConfirmDialog
        open={purging !== null}
        onOpenChange={(open) => !open && setPurging(null)}
        title="Excluir definitivamente?"
        description={
          purging
            ? `O agendamento de ${purging.clientName} em ${dayMonth(purging.date)} às ${purging.time} será apagado para sempre. Esta ação não pode ser desfeita.`
            : undefined
        }
        confirmLabel="Excluir definitivamente"
        pending={purge.isPending}
        onConfirm={onPurge}
      />
    </div>
  )
}

function TrashItem({
  item,
  restoring,
  onRestore,
  onPurge,
}: {
  item: DeletedAppointment
  restoring: boolean
  onRestore: () => void
  onPurge: () => void
}) {
  const catalog = useCatalog()
  const service = findService(catalog, item.serviceId)?.name ?? 'Serviço excluído'
  const professional = findProfessional(catalog, item.professionalId)?.name ?? 'Profissional excluído'
  return (
    <article
      aria-label={item.clientName}
      className="flex flex-col gap-3 rounded-xl border bg-card p-3 shadow-xs sm:flex-row sm:items-center sm:p-4"
    >
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">
          {item.clientName}{' '}
          <span className="font-normal text-muted-foreground tabular-nums">· {formatPhone(item.clientPhone)}</span>
        </p>
        <p className="text-sm text-muted-foreground">
          {service} com {professional}, {weekdayName(item.date)}, {dayMonth(item.date)} às {item.time}
        </p>
        <p className="mt-0.5 text-xs text-muted-foreground">Excluído em {formatDateTime(item.deletedAt)}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={onRestore} disabled={restoring}>
          <ArchiveRestoreIcon aria-hidden="true" />
          Restaurar
        </Button>
        <Button variant="ghost" size="sm" className="text-destructive hover:text-destructive" onClick={onPurge}>
          <Trash2Icon aria-hidden="true" />
          Excluir definitivamente
        </Button>
      </div>
    </article>
  )
}
