import type { ReactNode } from 'react'

import { Field, FieldDescription, FieldError, FieldLabel } from '@/components/ui/field'

/** The accessibility attributes a FormField hands to its control. */
export type ControlProps = {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

/**
 * FormField is a labelled control with an optional hint and its errors: it hands the control
 * its id, aria-invalid and aria-describedby, and marks itself data-invalid, so every form
 * states them the same way. `error` is one message or several (a field can fail more than one
 * way at once).
 */
export function FormField({
  id,
  label,
  optional = false,
  hint,
  error,
  className,
  children,
}: {
  id: string
  label: ReactNode
  optional?: boolean
  hint?: ReactNode
  error?: string | readonly (string | undefined)[]
  className?: string
  children: (control: ControlProps) => ReactNode
}) {
  const errors = typeof error === 'string' ? [error] : (error ?? [])
  const invalid = errors.some(Boolean)
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = invalid ? `${id}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  return (
    <Field className={className} invalid={invalid}>
      <FieldLabel htmlFor={id}>
        {label}
        {optional && <span className="font-normal text-muted-foreground">(opcional)</span>}
      </FieldLabel>
      {children({ id, 'aria-invalid': invalid || undefined, 'aria-describedby': describedBy })}
      {hint && <FieldDescription id={hintId}>{hint}</FieldDescription>}
      <FieldError id={errorId} messages={errors} />
    </Field>
  )
}
