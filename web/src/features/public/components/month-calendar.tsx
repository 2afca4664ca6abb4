import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react'

import type { LoadState } from '../api/network'
import type { AvailabilityDay } from '../api/types'

import { dayLabel, dayNote, monthCells, monthLabel } from './month'
import { LoadingTimes, NetworkNotice } from './network-notice'

const WEEK_HEADER = [
  ['D', 'domingo'],
  ['S', 'segunda'],
  ['T', 'terça'],
  ['Q', 'quarta'],
  ['Q', 'quinta'],
  ['S', 'sexta'],
  ['S', 'sábado'],
] as const

const navButton =
  'inline-flex size-11 items-center justify-center rounded-full transition-colors outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-40'

const errorBox = 'grid grid-cols-1 gap-2 rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm text-destructive'

/**
 * MonthCalendar shows a month of days from the availability answer: a day with free times is
 * a button, every other day (past, closed, full, beyond the horizon) is disabled. While the days
 * load it says so over neutral cells; without a connection it says that instead of the days,
 * so neither reads as "nothing free".
 */
export function MonthCalendar({
  month,
  today,
  days,
  state,
  onRetry,
  isClosed,
  selected,
  onSelect,
  onMonthChange,
  canPrev,
  canNext,
  markFirst = false,
}: {
  month: string
  today: string
  days: AvailabilityDay[] | undefined
  state: LoadState
  onRetry: () => void
  /** Whether the store is closed all day on a date (its weekly hours). */
  isClosed?: (date: string) => boolean
  selected?: string
  onSelect: (date: string) => void
  onMonthChange: (step: -1 | 1) => void
  canPrev: boolean
  canNext: boolean
  /** Marks the first day with free times as the screen's primary action (a booking step). */
  markFirst?: boolean
}) {
  const loading = state !== 'ready'
  const free = new Map((days ?? []).map((d) => [d.date, d.times.length]))
  // The booking step's first choice: the every-screen audit keeps it on screen.
  const firstFree = markFirst ? (days ?? []).find((d) => d.times.length > 0)?.date : undefined
  const anyFree = (days ?? []).some((d) => d.date.startsWith(month) && d.times.length > 0)
  return (
    <div className="grid grid-cols-1 gap-3">
      <div className="flex items-center justify-between">
        <button type="button" className={navButton} onClick={() => onMonthChange(-1)} disabled={!canPrev} aria-label="Mês anterior">
          <ChevronLeftIcon className="size-5" aria-hidden="true" />
        </button>
        <p className="font-semibold first-letter:uppercase" aria-live="polite">
          {monthLabel(month)}
        </p>
        <button type="button" className={navButton} onClick={() => onMonthChange(1)} disabled={!canNext} aria-label="Próximo mês">
          <ChevronRightIcon className="size-5" aria-hidden="true" />
        </button>
      </div>
      {state === 'offline' ? (
        <NetworkNotice onRetry={onRetry}>Os dias livres aparecem assim que a conexão voltar.</NetworkNotice>
      ) : state === 'failed' ? (
        <div role="alert" className={errorBox}>
          <p>Não foi possível carregar os horários.</p>
          <button type="button" className="inline-flex min-h-11 w-fit items-center font-medium underline" onClick={onRetry}>
            Tentar de novo
          </button>
        </div>
      ) : (
        <>
          {state === 'loading' && <LoadingTimes />}
          <div className="grid grid-cols-7 gap-0.5 text-center sm:gap-1" aria-busy={loading}>
            {WEEK_HEADER.map(([letter, name]) => (
              <abbr key={name} title={name} className="py-1 text-xs font-medium text-muted-foreground no-underline">
                {letter}
              </abbr>
            ))}
            {monthCells(month).map((date, i) => {
              if (!date) return <span key={`blank-${i}`} />
              const first = !loading && date === firstFree
              const count = free.get(date) ?? 0
              const available = count > 0 && !loading
              const isSelected = date === selected
              const closed = count === 0 && date >= today && Boolean(isClosed?.(date))
              const note = dayNote(date, today, closed)
              const status = loading
                ? ''
                : available
                  ? count === 1
                    ? '1 horário livre'
                    : `${count} horários livres`
                  : closed
                    ? ''
                    : 'sem horários'
              const pending = loading && date >= today
              return (
                // The note sits over the button, outside it: the button's text stays the number,
                // which its name contains (speech control says "26"); the name says the rest.
                <div key={date} className="relative">
                  <button
                    type="button"
                    disabled={!available}
                    aria-pressed={isSelected}
                    aria-label={[dayLabel(date), note.spoken, status].filter(Boolean).join(', ')}
                    aria-current={date === today ? 'date' : undefined}
                    data-primary-action={first || undefined}
                    onClick={() => onSelect(date)}
                    className={`flex h-11 w-full items-center justify-center rounded-lg text-sm tabular-nums transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 ${
                      note.visible ? 'pb-3' : ''
                    } ${
                      pending
                        ? 'animate-pulse bg-muted text-muted-foreground'
                        : isSelected
                          ? 'bg-primary font-semibold text-primary-foreground'
                          : available
                            ? 'bg-secondary font-semibold text-secondary-foreground hover:bg-primary/10'
                            : 'text-muted-foreground opacity-60'
                    }`}
                  >
                    {Number(date.slice(8, 10))}
                  </button>
                  {note.visible && (
                    <span
                      aria-hidden="true"
                      className={`pointer-events-none absolute inset-x-0 bottom-0 pb-1 text-[0.625rem] leading-none font-medium ${
                        isSelected ? 'text-primary-foreground' : note.visible === 'Hoje' ? 'text-primary' : 'text-muted-foreground'
                      }`}
                    >
                      {note.visible}
                    </span>
                  )}
                </div>
              )
            })}
          </div>
        </>
      )}
      {state === 'ready' && days !== undefined && !anyFree && (
        <div className="grid grid-cols-1 justify-items-center gap-2 rounded-xl bg-muted p-4 text-center text-sm">
          <p>Não há horários livres em {monthLabel(month)}.</p>
          {canNext && (
            <button
              type="button"
              className="inline-flex min-h-11 items-center px-2 font-medium text-primary hover:underline"
              onClick={() => onMonthChange(1)}
            >
              Ver o próximo mês
            </button>
          )}
        </div>
      )}
    </div>
  )
}
