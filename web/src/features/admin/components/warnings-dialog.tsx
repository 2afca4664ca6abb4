import { ConfirmDialog } from '@/components/ui/confirm-dialog'

/** WarningsDialog asks before saving a change the server warned about ('Salvar mesmo assim' / 'Voltar'). */
export function WarningsDialog({
  warnings,
  pending,
  onConfirm,
  onCancel,
}: {
  warnings: string[] | null
  pending: boolean
  onConfirm: () => void
  onCancel: () => void
}) {
  return (
    <ConfirmDialog
      open={warnings !== null}
      onOpenChange={(open) => !open && onCancel()}
      title="Confirme as alterações"
      description={
        <>
          <p>Antes de salvar, veja o que esta mudança vai causar:</p>
          <ul className="list-disc space-y-1.5 pl-4 text-foreground">
            {warnings?.map((w) => <li key={w}>{w}</li>)}
          </ul>
        </>
      }
      confirmLabel="Salvar mesmo assim"
      cancelLabel="Voltar"
      destructive={false}
      pending={pending}
      onConfirm={onConfirm}
    />
  )
}
