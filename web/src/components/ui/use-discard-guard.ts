import { createContext, useCallback, useContext, useEffect } from 'react'

/** What a FormDialog offers the form inside it. */
export type DiscardGuard = {
  setDirty: (dirty: boolean) => void
  /** Runs `discard` at once when nothing changed, otherwise after the owner confirms. */
  confirm: (discard: () => void) => void
}

export const DiscardGuardContext = createContext<DiscardGuard | null>(null)

/**
 * useDiscardGuard tells the FormDialog around a form whether it has unsaved changes. It returns
 * a function for the form's own ways of leaving (a 'Voltar' inside the dialog): it runs the
 * action at once when nothing changed, and after 'Descartar' otherwise. Outside a FormDialog it
 * runs every action at once.
 */
export function useDiscardGuard(dirty: boolean): (discard: () => void) => void {
  const guard = useContext(DiscardGuardContext)
  useEffect(() => {
    guard?.setDirty(dirty)
  }, [guard, dirty])
  // A form that leaves (saved, or back to a list) leaves nothing to discard behind it.
  useEffect(() => () => guard?.setDirty(false), [guard])
  return useCallback((discard: () => void) => (guard ? guard.confirm(discard) : discard()), [guard])
}
