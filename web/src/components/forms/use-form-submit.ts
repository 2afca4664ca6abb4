import { useState } from 'react'
import type { FieldValues, UseFormSetError } from 'react-hook-form'
import { toast } from 'sonner'

import { isApiError } from '@/lib/api-client'
import { placeServerFieldErrors } from '@/lib/form-errors'

/** A toast: a title alone, or a title and its description. */
export type Notice = string | { title: string; description: string }

function show(kind: 'success' | 'error', notice: Notice) {
  if (typeof notice === 'string') toast[kind](notice)
  else toast[kind](notice.title, { description: notice.description })
}

export type FormSubmitOptions<T extends FieldValues> = {
  setError: UseFormSetError<T>
  /** The field paths the form shows; the server's messages for other fields go above the form. */
  paths: readonly string[]
  /** What console.error says of a failed save. */
  log: string
  /** The toast when the server refused without a message ('Não foi possível salvar o serviço.'). */
  failure: string
  /** The toast when the save failed some other way; failure + ' Tente novamente.' unless given. */
  unexpected?: string
  /** A title for the failure toasts; the message is then its description. */
  failureTitle?: string
  /**
   * The server's refusal (4xx) is shown above the form, never in a toast: its field messages
   * on their fields, and its message when it named none.
   */
  inline?: boolean
  /** Told the paths the server named, after their messages are on the form. */
  onFieldErrors?: (paths: string[]) => void
}

/** What the save answered, or null when it failed (and was reported). */
export type Submitted<R> = { value: R } | null

/**
 * useFormSubmit runs a form's save and reports how it went, the same way on every owner form:
 * `done` as a success toast; a refusal's field messages on their fields (the first one focused),
 * the ones no field on the form shows in `unplaced` (for FormErrors), and the message in an
 * error toast. It never throws.
 */
export function useFormSubmit<T extends FieldValues>(options: FormSubmitOptions<T>) {
  const [unplaced, setUnplaced] = useState<string[]>([])
  const { setError, paths, log, failure, unexpected, failureTitle, inline = false, onFieldErrors } = options

  const fail = (error: unknown) => {
    console.error(log, error)
    if (isApiError(error) && error.status !== 0) {
      const rest = placeServerFieldErrors(setError, error.fields, paths)
      const named = Object.keys(error.fields)
      if (named.length > 0) onFieldErrors?.(named)
      if (inline && error.status < 500) {
        setUnplaced(rest.length > 0 || named.length > 0 ? rest : [error.message])
        return
      }
      setUnplaced(rest)
    }
    const message = isApiError(error) ? error.message || failure : (unexpected ?? `${failure} Tente novamente.`)
    show('error', failureTitle ? { title: failureTitle, description: message } : message)
  }

  /**
   * submit awaits `save`, then toasts `done`. `handle` may take an error first (a conflict the
   * form asks about, the plan limit): answering true, the error is not reported here.
   */
  const submit = async <R>(
    save: () => Promise<R>,
    { done, handle }: { done?: Notice; handle?: (error: unknown) => boolean } = {},
  ): Promise<Submitted<R>> => {
    setUnplaced([])
    try {
      const value = await save()
      if (done) show('success', done)
      return { value }
    } catch (error) {
      if (!handle?.(error)) fail(error)
      return null
    }
  }

  return { submit, fail, unplaced, clearUnplaced: () => setUnplaced([]) }
}
