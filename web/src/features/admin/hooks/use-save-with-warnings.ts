import { useState } from 'react'
import type { FieldValues, UseFormSetError } from 'react-hook-form'

import { useFormSubmit } from '@/components/forms/use-form-submit'
import type { ConfigWarnings } from '@/lib/api-schema'

/** The admin's toasts (SPEC.md section 6): every operation says whether it went through. */
export const DONE_TITLE = 'Operação Realizada'
export const BLOCKED_TITLE = 'Operação Bloqueada'

/** adminDone is the 'Operação Realizada' toast saying what was done. */
export function adminDone(description: string) {
  return { title: DONE_TITLE, description }
}

/**
 * useAdminSubmit is useFormSubmit with the admin's toasts: 'Operação Bloqueada' with the
 * server's reason, or the spec's 'Erro desconhecido'. Field errors (422) go on the form.
 */
export function useAdminSubmit<T extends FieldValues>(setError: UseFormSetError<T>, paths: readonly string[]) {
  return useFormSubmit({
    setError,
    paths,
    log: 'Erro na operação de administrador',
    failure: 'Erro desconhecido',
    unexpected: 'Erro desconhecido',
    failureTitle: BLOCKED_TITLE,
  })
}

/**
 * useSaveWithWarnings saves an admin configuration the way SPEC.md section 5 asks: the server
 * first says what the change would do (preview); warnings never block, but the admin confirms
 * them ('Salvar mesmo assim') or goes back to the form ('Voltar'). Field errors (422) go back to
 * the form's `paths`.
 */
export function useSaveWithWarnings<T, F extends FieldValues>({
  preview,
  save,
  done,
  setError,
  paths,
}: {
  preview: (input: T) => Promise<ConfigWarnings>
  save: (input: T) => Promise<unknown>
  /** What the 'Operação Realizada' toast says was done. */
  done: string
  setError: UseFormSetError<F>
  paths: readonly string[]
}) {
  const [pending, setPending] = useState<{ input: T; warnings: string[] } | null>(null)
  const [confirming, setConfirming] = useState(false)
  const { submit: run } = useAdminSubmit(setError, paths)

  /** submit previews the change, then saves it at once or asks about its warnings. */
  const submit = async (input: T) => {
    const result = await run(() => preview(input))
    if (!result) return
    if (result.value.warnings.length > 0) {
      setPending({ input, warnings: result.value.warnings })
      return
    }
    await run(() => save(input), { done: adminDone(done) })
  }

  const confirm = async () => {
    if (!pending) return
    setConfirming(true)
    await run(() => save(pending.input), { done: adminDone(done) })
    setConfirming(false)
    setPending(null)
  }

  return {
    submit,
    confirm: () => void confirm(),
    cancel: () => setPending(null),
    warnings: pending?.warnings ?? null,
    confirming,
  }
}
