import { AlertCircleIcon, LoaderCircleIcon } from 'lucide-react'
import { toast } from 'sonner'

import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { isApiError } from '@/lib/api-client'

import { deleteServiceText, useDeleteService } from '../api/delete-service'
import { useServiceImpact } from '../api/get-service-impact'
import type { Service } from '../api/get-services'

/** DeleteServiceDialog says how many appointments go with the service, then deletes it. */
export function DeleteServiceDialog({
  service,
  open,
  onOpenChange,
}: {
  service: Service | null
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const impact = useServiceImpact(open && service ? service.id : null)
  const remove = useDeleteService()
  const name = service?.name ?? ''
  const text = impact.data ? deleteServiceText(name, impact.data) : null

  const confirm = () => {
    if (!service) return
    remove.mutate(service.id, {
      onSuccess: () => {
        toast.success('Serviço excluído')
        onOpenChange(false)
      },
      onError: (error) => {
        console.error('Erro ao excluir serviço', error)
        toast.error(
          isApiError(error) && error.status !== 0 ? error.message : 'Não foi possível excluir o serviço. Tente novamente.',
        )
      },
    })
  }

  return (
    <ConfirmDialog
      open={open && service !== null}
      onOpenChange={onOpenChange}
      title={text?.title ?? `Excluir ${name}?`}
      description={
        text ? (
          <p>{text.description}</p>
        ) : impact.isError ? null : (
          <p className="flex items-center gap-2">
            <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
            Verificando os agendamentos deste serviço...
          </p>
        )
      }
      confirmLabel="Excluir"
      onConfirm={confirm}
      pending={remove.isPending}
      disabled={!text}
    >
      {impact.isError && (
        <div role="alert" className="flex items-start gap-2 text-sm text-destructive">
          <AlertCircleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <div className="grid grid-cols-1 gap-2">
            <p>Não foi possível verificar os agendamentos deste serviço. Tente novamente.</p>
            <Button variant="outline" size="sm" className="w-fit" onClick={() => void impact.refetch()}>
              Tentar novamente
            </Button>
          </div>
        </div>
      )}
    </ConfirmDialog>
  )
}
