import { toast } from 'sonner'

import { DeleteImpactDialog } from '@/components/ui/delete-impact-dialog'
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
    <DeleteImpactDialog
      open={open && service !== null}
      onOpenChange={onOpenChange}
      name={name}
      impact={text}
      checking="Verificando os agendamentos deste serviço..."
      failed={impact.isError ? 'Não foi possível verificar os agendamentos deste serviço. Tente novamente.' : null}
      onRetry={() => void impact.refetch()}
      onConfirm={confirm}
      pending={remove.isPending}
    />
  )
}
