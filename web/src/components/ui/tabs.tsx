import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react'

import { cn } from '@/lib/utils'

export type TabItem<T extends string> = { value: T; label: ReactNode; icon?: ReactNode }

/**
 * Tabs is a WAI-ARIA tab list: arrows, Home and End move between tabs, and the panel below
 * is labelled by the selected tab. Only the selected panel is rendered.
 */
export function Tabs<T extends string>({
  value,
  onValueChange,
  items,
  label,
  className,
  listClassName,
  end,
  children,
}: {
  value: T
  onValueChange: (value: T) => void
  items: readonly TabItem<T>[]
  label: string
  className?: string
  listClassName?: string
  /** Shown at the end of the tab row (a main action); below it on a phone. */
  end?: ReactNode
  children: ReactNode
}) {
  const id = useId()
  const refs = useRef<(HTMLButtonElement | null)[]>([])
  const index = Math.max(0, items.findIndex((i) => i.value === value))

  const onKeyDown = (event: KeyboardEvent) => {
    const last = items.length - 1
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % items.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + items.length) % items.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : -1
    if (next < 0) return
    event.preventDefault()
    const item = items[next]
    if (!item) return
    onValueChange(item.value)
    refs.current[next]?.focus()
  }

  return (
    <div data-slot="tabs" className={cn('grid grid-cols-1 gap-4', className)}>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div
          role="tablist"
          aria-label={label}
          onKeyDown={onKeyDown}
          className={cn('flex w-full gap-1 overflow-x-auto rounded-lg bg-muted p-1 sm:w-fit', listClassName)}
        >
          {items.map((item, i) => {
            const selected = i === index
            return (
              <button
                key={item.value}
                ref={(el) => {
                  refs.current[i] = el
                }}
                type="button"
                role="tab"
                id={`${id}-tab-${item.value}`}
                aria-selected={selected}
                aria-controls={`${id}-panel`}
                tabIndex={selected ? 0 : -1}
                onClick={() => onValueChange(item.value)}
                className={cn(
                  'inline-flex h-11 flex-1 items-center justify-center gap-1.5 rounded-md px-2 text-sm sm:px-3 font-medium whitespace-nowrap outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:h-9 sm:flex-none [&_svg]:size-4',
                  selected ? 'bg-card text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
                )}
              >
                {/* On a phone the labels alone fit in one row. */}
                {item.icon && <span className="max-sm:hidden">{item.icon}</span>}
                {item.label}
              </button>
            )
          })}
        </div>
        {end}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${items[index]?.value ?? ''}`}>
        {children}
      </div>
    </div>
  )
}
