import type { ComponentProps, ReactNode } from 'react'
import type { UseFormReturn } from 'react-hook-form'

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { cn } from '@/lib/utils'

import type { StoreFormValues } from '../api/update-store'

/** The store form, as each of its sections reaches it. */
export type StoreFormApi = UseFormReturn<StoreFormValues>

/** Section is one card of the store form, named by its title. */
export function Section({
  id,
  title,
  description,
  children,
}: {
  id: string
  title: string
  description?: string
  children: ReactNode
}) {
  return (
    <Card role="region" aria-labelledby={id}>
      <CardHeader>
        <CardTitle id={id}>{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-5">{children}</CardContent>
    </Card>
  )
}

/** An input with a unit written inside it, on the right ("minutos", "dias"). */
export function UnitInput({ unit, className, ...props }: ComponentProps<typeof Input> & { unit: string }) {
  return (
    <div className={cn('relative', className)}>
      <Input inputMode="numeric" className="pr-20" {...props} />
      <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-muted-foreground">
        {unit}
      </span>
    </div>
  )
}
