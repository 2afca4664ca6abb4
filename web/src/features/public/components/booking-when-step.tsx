import { lazy, Suspense, useState } from 'react'

import { addDays } from '@/lib/dates'
import { visitParam } from '@/lib/visit'

import { useStoreAvailability } from '../api/get-store-availability'
import { loadState } from '../api/network'
import type { PublicStoreInfo } from '../api/types'
import type { Selection } from './booking-steps'
import { TimeStep } from './booking-step-views'
import { addMonths, closedOn, monthOf, monthWindow } from './month'
import { MonthCalendar } from './month-calendar'

// The waitlist's form loads when asked for: the store page's first load stays light.
const WaitlistJoin = lazy(() => import('./waitlist-join'))

export type WhenStepProps = {
  store: PublicStoreInfo
  step: 'day' | 'time'
  sel: Selection
  /** The month shown (YYYY-MM), kept by the sheet so a step back and forth keeps it. */
  month: string
  onMonthChange: (month: string) => void
  /** The time the store just refused, marked as taken on the time step. */
  taken?: string
  onPick: (step: 'day' | 'time', value: string) => void
  onOtherDay: () => void
}

/**
 * WhenStep: the day, then the time, from the store's free times a month at a time, within the
 * store's booking horizon.
 */
export function WhenStep({ store, step, sel, month, onMonthChange, taken, onPick, onOtherDay }: WhenStepProps) {
  const availability = useStoreAvailability(
    {
      slug: store.slug,
      serviceId: sel.serviceId ?? '',
      professionalId: sel.professionalId ?? '',
      more: visitParam(sel.more),
      ...monthWindow(month, store.today),
    },
    Boolean(sel.serviceId && sel.professionalId),
  )
  const timesState = loadState(availability)
  const [waiting, setWaiting] = useState(false)
  if (step === 'day') {
    const closed = closedOn(store.workingHours)
    // Open days the month shows with no free time left: the days a line can be joined for.
    const fullDays = availability.isPlaceholderData
      ? []
      : (availability.data ?? []).filter((d) => d.times.length === 0 && d.date >= store.today && !closed(d.date)).map((d) => d.date)
    return (
      <div className="grid gap-4">
        <MonthCalendar
          month={month}
          today={store.today}
          days={availability.isPlaceholderData ? undefined : availability.data}
          state={timesState}
          onRetry={() => void availability.refetch()}
          isClosed={closed}
          selected={sel.date}
          onSelect={(date) => onPick('day', date)}
          onMonthChange={(n) => onMonthChange(addMonths(month, n))}
          canPrev={month > monthOf(store.today)}
          canNext={month < monthOf(addDays(store.today, store.horizonDays))}
          markFirst
        />
        {fullDays.length > 0 &&
          (waiting ? (
            <Suspense fallback={<div className="h-72 animate-pulse rounded-xl bg-muted" aria-busy="true" />}>
              <WaitlistJoin store={store} sel={sel} fullDays={fullDays} />
            </Suspense>
          ) : (
            <button
              type="button"
              onClick={() => setWaiting(true)}
              className="min-h-11 rounded-lg border border-dashed px-4 py-2 text-sm font-medium text-primary hover:bg-accent"
            >
              Dia lotado? Entrar na lista de espera
            </button>
          ))}
      </div>
    )
  }
  return (
    <TimeStep
      sel={sel}
      times={availability.data?.find((d) => d.date === sel.date)?.times ?? []}
      timesState={timesState}
      taken={taken}
      onRetry={() => void availability.refetch()}
      onPick={(t) => onPick('time', t)}
      onOtherDay={onOtherDay}
    />
  )
}
