import { toast } from 'sonner'

/** How long an undo is offered (SPEC.md section 4). */
export const UNDO_MS = 8000

/**
 * UndoNotifier is how an undoable action talks to the person: the undo offer, then what the
 * undo did or why it failed. Sonner in the app (undoNotifier), a recorder in tests.
 */
export type UndoNotifier = {
  undo: (message: string, options: { description: string; duration: number; onUndo: () => void }) => void
  success: (message: string, options: { duration: number }) => void
  error: (message: string) => void
}

/** undoNotifier offers 'Desfazer' on a sonner toast. */
export const undoNotifier: UndoNotifier = {
  undo: (message, { description, duration, onUndo }) => {
    toast(message, { description, duration, action: { label: 'Desfazer', onClick: onUndo } })
  },
  success: (message, { duration }) => {
    toast.success(message, { duration })
  },
  error: (message) => {
    toast.error(message)
  },
}
