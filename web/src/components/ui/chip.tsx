import { CheckIcon } from 'lucide-react'
import { type ComponentProps, type ReactNode, useId } from 'react'

import { cn } from '@/lib/utils'

/**
 * Chip is a round button that fills in a value (a time, a day): pressed while it is the
 * current one. 44 px tall on a phone, for a thumb.
 */
export function Chip({ pressed, className, ...props }: Omit<ComponentProps<'button'>, 'type'> & { pressed: boolean }) {
  return (
    <button
      type="button"
      data-slot="chip"
      aria-pressed={pressed}
      className={cn(
        'h-11 shrink-0 rounded-full border bg-card px-3.5 text-sm tabular-nums outline-none transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 sm:h-9 sm:px-3',
        pressed && 'border-primary bg-secondary font-medium text-secondary-foreground',
        className,
      )}
      {...props}
    />
  )
}

/**
 * ChoiceChip is one native radio of a group, drawn as a chip: the whole chip takes the tap,
 * arrows move within the group, and a tick marks the chosen one besides the colour. A long
 * name wraps inside the chip instead of widening the page; `detail` (a duration and a price)
 * goes under the name and describes the radio.
 */
export function ChoiceChip({
  label,
  detail,
  className,
  'aria-describedby': describedBy,
  ...props
}: Omit<ComponentProps<'input'>, 'type'> & { label: ReactNode; detail?: ReactNode }) {
  const id = useId()
  const labelId = `${id}-label`
  const detailId = `${id}-detail`
  return (
    <label
      data-slot="choice-chip"
      className={cn(
        'group relative flex min-h-11 max-w-full min-w-0 cursor-pointer items-center gap-1.5 rounded-lg border bg-card px-3.5 py-2 text-sm transition-colors hover:bg-accent',
        'has-checked:border-primary has-checked:bg-secondary/60 has-focus-visible:ring-[3px] has-focus-visible:ring-ring/40',
        className,
      )}
    >
      <input
        type="radio"
        // Named by the name alone: the detail describes it (a label would read both as the name).
        aria-labelledby={labelId}
        aria-describedby={[detail ? detailId : null, describedBy].filter(Boolean).join(' ') || undefined}
        className="absolute inset-0 size-full cursor-pointer appearance-none outline-none"
        {...props}
      />
      <CheckIcon aria-hidden="true" className="hidden size-4 shrink-0 text-primary group-has-checked:block" />
      <span className="flex min-w-0 flex-col break-words">
        <span id={labelId} className="font-medium">
          {label}
        </span>
        {detail && (
          <span id={detailId} className="text-xs text-muted-foreground">
            {detail}
          </span>
        )}
      </span>
    </label>
  )
}
