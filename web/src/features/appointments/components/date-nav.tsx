import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react'

import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { isValidDate } from '@/lib/dates'

/** DateNav moves the agenda: 'Hoje', previous, next, the period shown and a date to jump to. */
export function DateNav({
  label,
  date,
  onDateChange,
  onPrevious,
  onNext,
  onToday,
  previousLabel,
  nextLabel,
  isToday,
}: {
  label: string
  date: string
  onDateChange: (date: string) => void
  onPrevious: () => void
  onNext: () => void
  onToday: () => void
  previousLabel: string
  nextLabel: string
  isToday: boolean
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant="outline" onClick={onToday} disabled={isToday}>
        Hoje
      </Button>
      <div className="flex">
        <Button variant="outline" size="icon" className="rounded-r-none" onClick={onPrevious} aria-label={previousLabel}>
          <ChevronLeftIcon aria-hidden="true" />
        </Button>
        <Button
          variant="outline"
          size="icon"
          className="-ml-px rounded-l-none"
          onClick={onNext}
          aria-label={nextLabel}
        >
          <ChevronRightIcon aria-hidden="true" />
        </Button>
      </div>
      {/* On a phone the period gets a line of its own, above the buttons. */}
      <h2
        className="order-first w-full text-base font-semibold first-letter:uppercase sm:order-none sm:w-auto sm:flex-1 sm:text-lg"
        aria-live="polite"
      >
        {label}
      </h2>
      <Input
        type="date"
        aria-label="Ir para a data"
        className="ml-auto w-44"
        value={date}
        onChange={(event) => {
          if (isValidDate(event.target.value)) onDateChange(event.target.value)
        }}
      />
    </div>
  )
}
