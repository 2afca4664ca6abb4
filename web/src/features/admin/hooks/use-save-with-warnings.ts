import { useState } from 'react'
import { toast } from 'sonner'

import type { ConfigWarnings } from '@/lib/api-schema'
import { isApiError } from '@/lib/api-client'

/** The admin's toasts (SPEC.md section 6): every operation says whether it went through. */
export const DONE_TITLE = 'Operação Realizada'
export const BLOCKED_TITLE = 'Operação Bloqueada'

/** blockedMessage: the server's reason, or the spec's 'Erro desconhecido'. */
export function blockedMessage(error: unknown) {
  return isApiError(error) && error.message ? error.message : 'Erro desconhecido'
}

/**
 * useSaveWithWarnings saves an admin configuration the way SPEC.md section 5 asks: the server
 * first says what the change would do (preview); warnings never block, but the admin confirms
 * them ('Salvar mesmo assim') or goes back to the form ('Voltar'). Field errors (422) go back to
 * the form through onFieldErrors.
 */
export function useSaveWithWarnings<T>({
  preview,
  save,
  done,
  onFieldErrors,
}: {
  preview: (input: T) => Promise<ConfigWarnings>
  save: (input: T) => Promise<unknown>
  /** What the 'Operação Realizada' toast says was done. */
  done: string
  onFieldErrors: (fields: Record<string, string>) => void
}) {
  const [pending, setPending] = useState<{ input: T; warnings: string[] } | null>(null)
  const [confirming, setConfirming] = useState(false)

  const fail = (error: unknown) => {
    console.error('Erro na operação de administrador', error)
    if (isApiError(error) && Object.keys(error.fields).length > 0) onFieldErrors(error.fields)
    toast.error(BLOCKED_TITLE, { description: blockedMessage(error) })
  }

  const commit = async (input: T) => {
    await save(input)
    toast.success(DONE_TITLE, { description: done })
  }

  /** submit previews the change, then saves it at once or asks about its warnings. */
  const submit = async (input: T) => {
    try {
      const { warnings } = await preview(input)
      if (warnings.length > 0) {
        setPending({ input, warnings })
        return
      }
      await commit(input)
    } catch (error) {
      fail(error)
    }
  }

  const confirm = async () => {
    if (!pending) return
    setConfirming(true)
    try {
      await commit(pending.input)
    } catch (error) {
      fail(error)
    } finally {
      setConfirming(false)
      setPending(null)
    }
  }

  return {
    submit,
    confirm: () => void confirm(),
    cancel: () => setPending(null),
    warnings: pending?.warnings ?? null,
    confirming,
  }
}
