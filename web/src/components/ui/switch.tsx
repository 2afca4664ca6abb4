import type { ComponentProps } from 'react'

import { cn } from '@/lib/utils'

/** Switch is an on/off button (role="switch"); name it with aria-label or a <label htmlFor>. */
export function Switch({
  checked,
  onCheckedChange,
  className,
  ...props
}: Omit<ComponentProps<'button'>, 'onChange' | 'role'> & {
  checked: boolean
  onCheckedChange: (checked: boolean) => void
}) {
  // The button is the 44 px a thumb needs on a phone; the track inside keeps its size.
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      data-slot="switch"
      data-state={checked ? 'checked' : 'unchecked'}
      onClick={() => onCheckedChange(!checked)}
      className={cn(
        'group peer inline-flex h-11 w-11 shrink-0 items-center outline-none disabled:cursor-not-allowed disabled:opacity-50 sm:h-6',
        className,
      )}
      {...props}
    >
      <span
        aria-hidden="true"
        className={cn(
          'inline-flex h-6 w-11 items-center rounded-full border-2 border-transparent shadow-xs transition-colors group-focus-visible:ring-[3px] group-focus-visible:ring-ring/50',
          checked ? 'bg-primary' : 'bg-input',
        )}
      >
        <span
          className={cn(
            'pointer-events-none block size-5 rounded-full bg-white shadow-sm ring-0 transition-transform',
            checked ? 'translate-x-5' : 'translate-x-0',
          )}
        />
      </span>
    </button>
  )
}
