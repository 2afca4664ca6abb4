import { AlertCircleIcon, LoaderCircleIcon } from 'lucide-react'

import { Button } from './button'
import { ConfirmDialog } from './confirm-dialog'

/** What a deletion takes with it, in the dialog's words. */
export type DeleteImpactText = { title: string; description: string }

/**
 * DeleteImpactDialog asks before deleting something that takes other things with it (a
 * service's appointments, a promotion's cards), and says what. When the server is asked first,
 * `impact` is null until it answers: the dialog says it is `checking`, keeps 'Excluir' off, and
 * if the check fails (`failed`) says so with a retry.
 */
export function DeleteImpactDialog({
  open,
  onOpenChange,
  name,
  impact,
  checking,
  failed,
  onRetry,
  onConfirm,
  pending,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** What is deleted: the title until the impact is known ('Excluir Ana Lima?'). */
  name: string
  impact: DeleteImpactText | null
  /** The line while the impact loads ('Verificando os agendamentos deste serviço...'). */
  checking?: string
  /** Set when the impact could not be loaded: what to say. */
  failed?: string | null
  onRetry?: () => void
  onConfirm: () => void
  pending: boolean
}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={impact?.title ?? `Excluir ${name}?`}
      description={
        impact ? (
          <p>{impact.description}</p>
        ) : failed ? null : (
          <p className="flex items-center gap-2">
            <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
            {checking}
          </p>
        )
      }
      confirmLabel="Excluir"
      onConfirm={onConfirm}
      pending={pending}
      disabled={!impact}
    >
      {!impact && failed && (
        <div role="alert" className="flex items-start gap-2 text-sm text-destructive">
          <AlertCircleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <div className="grid grid-cols-1 gap-2">
            <p>{failed}</p>
            {onRetry && (
              <Button variant="outline" size="sm" className="w-fit" onClick={onRetry}>
                Tentar novamente
              </Button>
            )}
          </div>
        </div>
      )}
    </ConfirmDialog>
  )
}
