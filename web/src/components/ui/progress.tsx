import type { ComponentProps } from 'react'

import { clsx } from 'clsx'

// Uses clsx, not cn(): it is on the first screen, where tailwind-merge is not loaded yet.
export function Progress({
  className,
  value,
  ...props
}: ComponentProps<'div'> & { value: number }) {
  return (
    <div
      data-slot="progress"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      className={clsx('relative h-1.5 w-full overflow-hidden rounded-full bg-primary/15', className)}
      {...props}
    >
      <div
        data-slot="progress-indicator"
        className="h-full rounded-full bg-linear-to-r from-brand-from to-brand-to transition-[width] duration-300 ease-out"
        style={{ width: `${value}%` }}
      />
    </div>
  )
}
