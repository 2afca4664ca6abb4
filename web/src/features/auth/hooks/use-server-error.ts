import { useState } from 'react'
import { type Control, type FieldValues, useWatch } from 'react-hook-form'

/**
 * useServerError holds a form's server error (the answer to the last submit) and drops it as
 * soon as the person edits the form: an old answer next to a new field message only confuses.
 * `keep` spares an error that editing cannot fix (an expired link). The form also clears it when
 * submitted again, before its own checks run.
 */
export function useServerError<E, T extends FieldValues>(control: Control<T>, keep?: (error: E) => boolean) {
  const [error, setError] = useState<E | null>(null)
  const values = useWatch({ control })
  const [seen, setSeen] = useState(values)
  if (values !== seen) {
    setSeen(values)
    if (error !== null && !keep?.(error)) setError(null)
  }
  return [error, setError] as const
}
