import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'

/**
 * setServerFieldErrors marks the fields the server named. A field message that repeats the
 * form-level message marks the field (aria-invalid) without printing the text twice.
 */
export function setServerFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: { message: string; fields: Record<string, string> },
  names: readonly Path<T>[],
) {
  for (const name of names) {
    const message = error.fields[name]
    if (message) setError(name, { type: 'server', message: message === error.message ? '' : message })
  }
}

/**
 * placeServerFieldErrors marks each field the server named that the form shows (`paths`) and
 * answers the messages that have no place on the form, so they can be shown at the top.
 */
export function placeServerFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: Record<string, string>,
  paths: readonly string[],
): string[] {
  const unplaced: string[] = []
  let first = true
  for (const [path, message] of Object.entries(fields)) {
    if (paths.includes(path)) {
      setError(path as Path<T>, { type: 'server', message }, { shouldFocus: first })
      first = false
    } else {
      unplaced.push(message)
    }
  }
  return unplaced
}
