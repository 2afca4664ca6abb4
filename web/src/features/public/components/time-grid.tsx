import { timePeriods } from './booking-flow'

const chip =
  'flex h-11 items-center justify-center rounded-lg border text-sm font-medium tabular-nums transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50'

/** TimeGrid shows a day's free start times as chips, grouped into morning, afternoon and evening. */
export function TimeGrid({
  times,
  selected,
  onSelect,
  markFirst = false,
}: {
  times: string[]
  selected?: string
  onSelect: (time: string) => void
  /** Marks the first time as the screen's primary action (a booking step). */
  markFirst?: boolean
}) {
  return (
    <div className="grid grid-cols-1 gap-4">
      {timePeriods(times).map((group, g) => (
        <div key={group.label} role="group" aria-label={group.label} className="grid grid-cols-1 gap-2">
          <h3 className="text-sm font-medium text-muted-foreground">{group.label}</h3>
          <div className="grid grid-cols-4 gap-2 sm:grid-cols-5">
            {group.times.map((t, i) => (
              <button
                key={t}
                type="button"
                // The booking step's first choice: the every-screen audit keeps it on screen.
                data-primary-action={(markFirst && g === 0 && i === 0) || undefined}
                aria-pressed={t === selected}
                onClick={() => onSelect(t)}
                className={`${chip} ${t === selected ? 'border-primary bg-primary text-primary-foreground' : 'bg-card hover:border-primary/50 hover:bg-accent'}`}
              >
                {t}
              </button>
            ))}
          </div>
        </div>
      ))}
    </div>
  )
}

/** TimeGridSkeleton holds the chips' place while the times load. */
export function TimeGridSkeleton() {
  return (
    <div className="grid grid-cols-4 gap-2 sm:grid-cols-5" aria-hidden="true">
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} className="h-11 animate-pulse rounded-lg bg-muted" />
      ))}
    </div>
  )
}
