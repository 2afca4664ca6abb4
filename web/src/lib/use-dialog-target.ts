import { useState } from 'react'

/**
 * useDialogTarget holds a dialog about one thing (the service being edited, the promotion
 * about to be deleted; null for a new one): `show(item)` opens it on item. Closing keeps the
 * item, so the dialog's content stays while it animates out.
 */
export function useDialogTarget<T>() {
  const [target, setTarget] = useState<T | null>(null)
  const [open, setOpen] = useState(false)
  const show = (item: T | null) => {
    setTarget(item)
    setOpen(true)
  }
  return { target, open, setOpen, show }
}
