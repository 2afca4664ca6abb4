import * as DialogPrimitive from '@radix-ui/react-dialog'
import { type ReactNode, useMemo, useRef, useState } from 'react'

import { ConfirmDialog } from './confirm-dialog'
import { type DiscardGuard, DiscardGuardContext } from './use-discard-guard'

// A form in a dialog asks before its changes are thrown away (issue 9b). Escape, a tap
// outside, the X and 'Cancelar' all reach the dialog as onOpenChange(false): FormDialog stands
// in between, and asks 'Descartar alterações?' when the form inside says it has changes. The
// form knows that (react-hook-form's isDirty), the dialog around it does not, so the form tells
// it with useDiscardGuard. A save closes through the caller's own onOpenChange and never asks.

/**
 * FormDialog is a Dialog holding a form. Closing it with unsaved changes asks first
 * (role="alertdialog"): 'Descartar' closes, 'Continuar editando' (or Esc) goes back to the form
 * as it was. An untouched form closes at once.
 */
export function FormDialog({
  open,
  onOpenChange,
  children,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  children: ReactNode
}) {
  const dirty = useRef(false)
  const [pending, setPending] = useState<(() => void) | null>(null)

  const guard = useMemo<DiscardGuard>(
    () => ({
      setDirty: (value) => {
        dirty.current = value
      },
      confirm: (discard) => {
        if (dirty.current) setPending(() => discard)
        else discard()
      },
    }),
    [],
  )

  return (
    <DiscardGuardContext value={guard}>
      <DialogPrimitive.Root
        open={open}
        onOpenChange={(next) => (next ? onOpenChange(true) : guard.confirm(() => onOpenChange(false)))}
      >
        {children}
      </DialogPrimitive.Root>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(next) => !next && setPending(null)}
        title="Descartar alterações?"
        description="O que você preencheu ainda não foi salvo e será perdido."
        confirmLabel="Descartar"
        cancelLabel="Continuar editando"
        onConfirm={() => {
          const discard = pending
          setPending(null)
          dirty.current = false
          discard?.()
        }}
      />
    </DiscardGuardContext>
  )
}
