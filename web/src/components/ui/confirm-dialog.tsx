import * as DialogPrimitive from '@radix-ui/react-dialog'
import { LoaderCircleIcon } from 'lucide-react'
import type { ReactNode } from 'react'

import { useReturnFocus } from '@/lib/focus-return'

import { Button } from './button'
import { DialogOverlay } from './dialog'

/**
 * ConfirmDialog asks before something that cannot be undone (role="alertdialog"). It stays
 * open while `pending`; clicking outside does not dismiss it, Esc and 'Cancelar' do.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancelar',
  onConfirm,
  pending = false,
  disabled = false,
  destructive = true,
  children,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  description?: ReactNode
  confirmLabel: string
  cancelLabel?: string
  onConfirm: () => void
  pending?: boolean
  /** Keeps the confirm button disabled (e.g. while what the action affects is still loading). */
  disabled?: boolean
  destructive?: boolean
  /** Extra content under the description (an error, a loading line). */
  children?: ReactNode
}) {
  const returnFocus = useReturnFocus({})
  return (
    <DialogPrimitive.Root open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <DialogPrimitive.Portal>
        <DialogOverlay />
        <DialogPrimitive.Content
          role="alertdialog"
          data-slot="confirm-dialog"
          {...returnFocus}
          onPointerDownOutside={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
          // Without a description, say so explicitly (Radix otherwise warns about a missing one).
          {...(description ? {} : { 'aria-describedby': undefined })}
          className="fixed top-1/2 left-1/2 z-50 grid grid-cols-1 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-5 overflow-y-auto rounded-xl border bg-popover p-6 text-popover-foreground shadow-xl outline-none data-[state=closed]:animate-dialog-out data-[state=open]:animate-dialog-in"
        >
          <div className="grid grid-cols-1 gap-2">
            <DialogPrimitive.Title className="text-lg leading-tight font-semibold">{title}</DialogPrimitive.Title>
            {description && (
              <DialogPrimitive.Description asChild>
                <div className="grid grid-cols-1 gap-2 text-sm text-muted-foreground">{description}</div>
              </DialogPrimitive.Description>
            )}
          </div>
          {children}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogPrimitive.Close asChild>
              <Button variant="outline" disabled={pending}>
                {cancelLabel}
              </Button>
            </DialogPrimitive.Close>
            <Button
              variant={destructive ? 'destructive' : 'default'}
              onClick={onConfirm}
              disabled={pending || disabled}
            >
              {pending && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
              {confirmLabel}
            </Button>
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  )
}
