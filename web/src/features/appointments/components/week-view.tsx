import { LoadError } from '@/components/layout/load-error'
import { Skeleton } from '@/components/ui/skeleton'
import { STATUS_LABELS, STATUS_STYLES } from '@/lib/appointment-status'
import { addDays, dayMonth, startOfWeek, weekdayShort, weekRange } from '@/lib/dates'
import { cn, firstName } from '@/lib/utils'

import { type Appointment, useAppointmentsInRange } from '../api/get-appointments'
import { dayNote, weekdayHours } from '../api/labels'
import { useAgendaActions } from './agenda-actions'
import { findProfessional, useCatalog, useStoreNow } from './catalog-context'
import { DateNav } from './date-nav'

/** A week of the agenda, Monday to Sunday: a column a day (stacked on a phone). */
export function WeekView({
  date,
  onDateChange,
  onOpenDay,
}: {
  date: string
  onDateChange: (date: string) => void
  onOpenDay: (date: string) => void
}) {
  const now = useStoreNow()
  const agenda = useCatalog().agenda
  const from = startOfWeek(date)
  const to = addDays(from, 6)
  const { data, isPending, isError, error, refetch } = useAppointmentsInRange(from, to, agenda)
  const days = Array.from({ length: 7 }, (_, i) => addDays(from, i))
  const items = data?.items ?? []

  return (
    <div className="grid grid-cols-1 gap-4">
      <DateNav
        label={weekRange(from, to)}
        date={date}
        onDateChange={onDateChange}
        onPrevious={() => onDateChange(addDays(date, -7))}
        onNext={() => onDateChange(addDays(date, 7))}
        onToday={() => onDateChange(now.date)}
        previousLabel="Semana anterior"
        nextLabel="Próxima semana"
        isToday={from === startOfWeek(now.date)}
      />
      {isPending ? (
        <Skeleton className="h-80 rounded-xl" />
      ) : isError ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : (
        <div className="grid grid-cols-1 gap-3 md:grid-cols-7 md:gap-2">
          {days.map((day) => (
            <WeekDay
              key={day}
              day={day}
              isToday={day === now.date}
              isPast={day < now.date}
              items={items.filter((a) => a.date === day)}
              onOpenDay={() => onOpenDay(day)}
            />
          ))}
        </div>
      )}
    </div>
  )
}

function WeekDay({
  day,
  isToday,
  isPast,
  items,
  onOpenDay,
}: {
  day: string
  isToday: boolean
  isPast: boolean
  items: Appointment[]
  onOpenDay: () => void
}) {
  const catalog = useCatalog()
  const agenda = useAgendaActions()
  const title = `${weekdayShort(day)} ${dayMonth(day)}`
  const note = dayNote(items.length, isPast, weekdayHours(catalog.store?.workingHours, day))
  return (
    <section
      aria-label={title}
      className={cn(
        'flex min-w-0 flex-col rounded-xl border bg-card shadow-xs md:min-h-64',
        isToday && 'border-primary/50 ring-1 ring-primary/30',
      )}
    >
      <button
        type="button"
        onClick={onOpenDay}
        className="flex min-h-11 items-center justify-between gap-2 rounded-t-xl border-b px-3 py-2 text-left outline-none hover:bg-accent/60 focus-visible:bg-accent md:min-h-0 md:flex-col md:items-start md:gap-0"
      >
        {/* The name is the visible text, so a voice command that reads it works (WCAG 2.5.3). */}
        <span className={cn('text-sm font-semibold', isToday && 'text-primary')}>
          <span className="sr-only">Ver o dia </span>
          {weekdayShort(day)} <span className="tabular-nums">{dayMonth(day)}</span>
        </span>
        {/* An empty line on a past day keeps the headers of the week's columns level. */}
        <span className="text-xs text-muted-foreground" aria-hidden={note ? undefined : true}>
          {note || '\u00a0'}
        </span>
      </button>
      {items.length > 0 && (
        <ul className="grid grid-cols-1 gap-1.5 p-1.5">
          {items.map((a) => (
            <li key={a.id}>
              <button
                type="button"
                onClick={() => agenda?.open(a)}
                className={cn(
                  'flex w-full min-w-0 flex-col rounded-md border px-2 py-1.5 text-left text-xs outline-none transition-opacity duration-300 focus-visible:ring-[3px] focus-visible:ring-ring/50',
                  STATUS_STYLES[a.status].block,
                  a.isDeleted && 'line-through opacity-40',
                )}
              >
                <span className="line-clamp-2 font-semibold break-words">
                  <span className="tabular-nums">{a.time}</span> {a.clientName}
                </span>
                <span className="truncate font-normal">
                  {firstName(findProfessional(catalog, a.professionalId)?.name) || 'Profissional excluído'}
                </span>
                <span className="sr-only">, {STATUS_LABELS[a.status]}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
