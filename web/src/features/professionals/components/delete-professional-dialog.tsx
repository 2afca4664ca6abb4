import { toast } from 'sonner'

import { DeleteImpactDialog } from '@/components/ui/delete-impact-dialog'
import { isApiError } from '@/lib/api-client'

import { deleteProfessionalText, useDeleteProfessional } from '../api/delete-professional'
import { useProfessionalImpact } from '../api/get-professional-impact'
import type { Professional } from '../api/get-professionals'

/**
 * DeleteProfessionalDialog first asks the server what the deletion takes with it, says so,
 * and deletes only after the owner confirms.
 */
export function DeleteProfessionalDialog({
  professional,
  open,
  onOpenChange,
}: {
  /** Kept while the dialog closes, so its text does not change on the way out. */
  professional: Professional | null
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const impact = useProfessionalImpact(open && professional ? professional.id : null)
  const remove = useDeleteProfessional()
  const name = professional?.name ?? ''
  const text = impact.data ? deleteProfessionalText(name, impact.data) : null

  const confirm = () => {
    if (!professional) return
    remove.mutate(professional.id, {
      onSuccess: () => {
        toast.success('Profissional excluído')
        onOpenChange(false)
      },
      onError: (error) => {
        console.error('Erro ao excluir profissional', error)
        toast.error(
          isApiError(error) && error.status !== 0
            ? error.message
            : 'Não foi possível excluir o profissional. Tente novamente.',
        )
      },
    })
  }

  return (
    <DeleteImpactDialog
      open={open && professional !== null}
      onOpenChange={onOpenChange}
      name={name}
      impact={text}
      checking="Verificando o que será excluído junto..."
      failed={impact.isError ? 'Não foi possível verificar o que será excluído junto. Tente novamente.' : null}
      onRetry={() => void impact.refetch()}
      onConfirm={confirm}
      pending={remove.isPending}
    />
  )
}
