import type { ComponentProps } from 'react'

import { cn } from '@/lib/utils'

import { Label } from './label'

export function Field({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="field" className={cn('grid grid-cols-1 content-start gap-2', className)} {...props} />
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

/** FieldError shows a field's validation message; it renders nothing without one. */
export function FieldError({
  className,
  message,
  ...props
}: ComponentProps<'p'> & { message?: string | null }) {
  if (!message) return null
  return (
    <p
      data-slot="field-error"
      role="alert"
      className={cn('text-[0.8rem] font-medium text-destructive', className)}
      {...props}
    >
      {message}
    </p>
  )
}
