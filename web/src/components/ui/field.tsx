import type { ComponentProps, HTMLAttributes } from 'react'

import { cn } from '@/lib/utils'

import { Label } from './label'

/** Field holds a label, its control and their texts; `invalid` marks it data-invalid. */
export function Field({ className, invalid = false, ...props }: ComponentProps<'div'> & { invalid?: boolean }) {
  return (
    <div
      data-slot="field"
      data-invalid={invalid || undefined}
      className={cn('grid grid-cols-1 content-start gap-2', className)}
      {...props}
    />
  )
}

export function FieldLabel({ className, ...props }: ComponentProps<typeof Label>) {
  return <Label data-slot="field-label" className={className} {...props} />
}

export function FieldDescription({ className, ...props }: ComponentProps<'p'>) {
  return (
    <p
      data-slot="field-description"
      className={cn('text-[0.8rem] text-muted-foreground', className)}
      {...props}
    />
  )
}

/**
 * FieldError shows a field's validation messages (`message`, and `messages` when a field can
 * fail several ways at once); it renders nothing without one, a line for one and a list for
 * several, each time as one alert.
 */
export function FieldError({
  className,
  message,
  messages,
  ...props
}: HTMLAttributes<HTMLElement> & { message?: string | null; messages?: readonly (string | null | undefined)[] }) {
  const shown = [...new Set([message, ...(messages ?? [])].filter((m): m is string => Boolean(m)))]
  if (shown.length === 0) return null
  const classes = cn('text-[0.8rem] font-medium text-destructive', className)
  if (shown.length === 1) {
    return (
      <p data-slot="field-error" role="alert" className={classes} {...props}>
        {shown[0]}
      </p>
    )
  }
  return (
    <div data-slot="field-error" role="alert" className={classes} {...props}>
      <ul className="ml-4 flex list-disc flex-col gap-1">
        {shown.map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
    </div>
  )
}
