import { AlertCircleIcon, LoaderCircleIcon } from 'lucide-react'
import { toast } from 'sonner'

import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
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
    <ConfirmDialog
      open={open && professional !== null}
      onOpenChange={onOpenChange}
      title={text?.title ?? `Excluir ${name}?`}
      description={
        text ? (
          <p>{text.description}</p>
        ) : impact.isError ? null : (
          <p className="flex items-center gap-2">
            <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
            Verificando o que será excluído junto...
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
            <p>Não foi possível verificar o que será excluído junto. Tente novamente.</p>
            <Button variant="outline" size="sm" className="w-fit" onClick={() => void impact.refetch()}>
              Tentar novamente
            </Button>
          </div>
        </div>
      )}
    </ConfirmDialog>
  )
}
