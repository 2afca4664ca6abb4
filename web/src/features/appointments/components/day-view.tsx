import { CalendarPlusIcon } from 'lucide-react'
import { type CSSProperties, Fragment } from 'react'

import { LoadError } from '@/components/layout/load-error'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { STATUS_LABELS, STATUS_STYLES } from '@/lib/appointment-status'
import { addDays, fromMinutes, longDate, toMinutes } from '@/lib/dates'
import { countLabel } from '@/lib/format'
import { useMediaQuery } from '@/lib/use-media-query'
import { busySpans, timingStretches } from '@/lib/timing'
import { cn } from '@/lib/utils'
import { weekdayKey } from '@/lib/working-hours'

import { type Appointment, useAppointmentsInRange } from '../api/get-appointments'
import { useAgendaActions } from './agenda-actions'
import { AppointmentCard } from './appointment-card'
import { type CatalogProfessional, findService, useCatalog, useStoreNow } from './catalog-context'
import { DateNav } from './date-nav'

const DEFAULT_INTERVAL = 30
const SLOT_PX = 48

/** A day of the agenda: one column per professional (a list grouped by time on a phone). */
export function DayView({ date, onDateChange }: { date: string; onDateChange: (date: string) => void }) {
  const now = useStoreNow()
  const catalog = useCatalog()
  const wide = useMediaQuery('(min-width: 768px)')
  const { data, isPending, isError, error, refetch } = useAppointmentsInRange(date, date, catalog.agenda)
  const items = data?.items ?? []

  return (
    <div className="grid grid-cols-1 gap-4">
      <DateNav
        label={date === now.date ? `Hoje, ${longDate(date)}` : longDate(date)}
        date={date}
        onDateChange={onDateChange}
        onPrevious={() => onDateChange(addDays(date, -1))}
        onNext={() => onDateChange(addDays(date, 1))}
        onToday={() => onDateChange(now.date)}
        previousLabel="Dia anterior"
        nextLabel="Próximo dia"
        isToday={date === now.date}
      />
      {isPending || catalog.isPending ? (
        <Skeleton className="h-96 rounded-xl" />
      ) : isError ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : wide ? (
        <DayGrid date={date} items={items} now={now} />
      ) : (
        <DayList date={date} items={items} />
      )}
    </div>
  )
}

function EmptyDay({ date }: { date: string }) {
  const agenda = useAgendaActions()
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed bg-card px-6 py-10 text-center">
      <CalendarPlusIcon className="size-8 text-primary" aria-hidden="true" />
      <p className="mt-3 font-medium">Nenhum agendamento neste dia</p>
      {agenda && (
        <Button className="mt-4" onClick={() => agenda.create({ date })}>
          Novo agendamento
        </Button>
      )}
    </div>
  )
}

/** On a phone: the day's appointments grouped by start time. */
function DayList({ date, items }: { date: string; items: Appointment[] }) {
  if (items.length === 0) return <EmptyDay date={date} />
  const groups = new Map<string, Appointment[]>()
  for (const a of items) groups.set(a.time, [...(groups.get(a.time) ?? []), a])
  return (
    <div className="grid grid-cols-1 gap-4">
      <p className="text-sm text-muted-foreground">{countLabel(items.length, 'agendamento', 'agendamentos')}</p>
      {[...groups].map(([time, group]) => (
        <section key={time} aria-labelledby={`day-list-${time}`} className="grid grid-cols-1 gap-2">
          <h3
            id={`day-list-${time}`}
            className="flex items-center gap-2 text-sm font-semibold tabular-nums text-muted-foreground after:h-px after:flex-1 after:bg-border"
          >
            {time}
          </h3>
          {group.map((a) => (
            <AppointmentCard key={a.id} appointment={a} />
          ))}
        </section>
      ))}
    </div>
  )
}

type Placed = {
  appointment: Appointment
  start: number
  end: number
  lane: number
  lanes: number
  /** Drawn inside another appointment's pause, over it. */
  inPause: boolean
}

const spansMeet = (x: { start: number; end: number }[], y: { start: number; end: number }[]) =>
  x.some((a) => y.some((b) => a.start < b.end && b.start < a.end))

/**
 * placeInLanes sets appointments that keep their professional busy at once side by side (a
 * forced booking, a cancellation); one booked in another's pause shares its lane, drawn over
 * the pause.
 */
function placeInLanes(items: Appointment[]): Placed[] {
  const sorted = items
    .map((a) => ({
      appointment: a,
      start: toMinutes(a.time),
      end: toMinutes(a.time) + Math.max(a.durationMin, 10),
      // A block is at least 10 minutes tall, and takes that much room beside others.
      spans: busySpans(toMinutes(a.time), Math.max(a.durationMin, 10), a),
      // From the set-up to the cleaning: what a cluster of side-by-side blocks spans.
      from: Math.max(toMinutes(a.time) - a.bufferBefore, 0),
      to: toMinutes(a.time) + Math.max(a.durationMin, 10) + a.bufferAfter,
    }))
    .sort((x, y) => x.start - y.start || y.end - x.end)
  const placed: Placed[] = []
  let cluster: (Placed & (typeof sorted)[number])[] = []
  let clusterEnd = -1
  const close = () => {
    const lanes = Math.max(1, ...cluster.map((p) => p.lane + 1))
    for (const p of cluster) p.lanes = lanes
    cluster = []
  }
  for (const item of sorted) {
    if (item.from >= clusterEnd) close()
    const taken = new Set(cluster.filter((p) => spansMeet(p.spans, item.spans)).map((p) => p.lane))
    let lane = 0
    while (taken.has(lane)) lane++
    const inPause = cluster.some((p) => p.lane === lane && p.start < item.end && item.start < p.end)
    const p = { ...item, lane, lanes: 1, inPause }
    cluster.push(p)
    placed.push(p)
    clusterEnd = Math.max(clusterEnd, item.to)
  }
  close()
  return placed
}

/** On wider screens: rows at the booking interval across the store's hours, a column each. */
function DayGrid({ date, items, now }: { date: string; items: Appointment[]; now: { date: string; time: string } }) {
  const catalog = useCatalog()
  const agenda = useAgendaActions()
  const hours = catalog.store?.workingHours[weekdayKey(date)]
  const closed = hours ? !hours.isOpen : false

  const interval = Math.min(
    60,
    Math.max(10, Math.min(...catalog.professionals.map((p) => p.bookingInterval || DEFAULT_INTERVAL), DEFAULT_INTERVAL)),
  )
  let start = toMinutes(hours?.isOpen ? hours.open : '09:00')
  let end = toMinutes(hours?.isOpen ? hours.close : '18:00')
  for (const a of items) {
    start = Math.min(start, toMinutes(a.time) - a.bufferBefore)
    end = Math.max(end, toMinutes(a.time) + a.durationMin + a.bufferAfter)
  }
  start = Math.max(0, start)
  start = Math.floor(start / interval) * interval
  end = Math.min(24 * 60, Math.ceil(end / interval) * interval)
  const slots: number[] = []
  for (let m = start; m < end; m += interval) slots.push(m)
  const pxPerMin = SLOT_PX / interval

  // Everyone on the team, plus a column for appointments of a professional no longer listed.
  const columns: CatalogProfessional[] = [...catalog.professionals]
  const orphans = items.filter((a) => !catalog.professionals.some((p) => p.id === a.professionalId))
  if (orphans.length > 0) columns.push({ id: '', name: 'Outros', bookingInterval: interval })
  const nowMinutes = toMinutes(now.time)
  const showNow = date === now.date && nowMinutes >= start && nowMinutes <= end

  const gridStyle: CSSProperties = {
    gridTemplateColumns: `3.5rem repeat(${Math.max(1, columns.length)}, minmax(9.5rem, 1fr))`,
  }

  return (
    <div className="grid grid-cols-1 gap-3">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
        {closed && <span className="font-medium text-foreground">A loja não abre neste dia.</span>}
        <span>{countLabel(items.length, 'agendamento', 'agendamentos')}</span>
        <ul className="flex flex-wrap gap-x-3 gap-y-1" aria-label="Legenda">
          {(Object.keys(STATUS_LABELS) as (keyof typeof STATUS_LABELS)[]).map((s) => (
            <li key={s} className="flex items-center gap-1.5">
              <span aria-hidden="true" className={cn('size-2 rounded-full', STATUS_STYLES[s].dot)} />
              {STATUS_LABELS[s]}
            </li>
          ))}
        </ul>
      </div>
      {columns.length === 0 ? (
        <EmptyDay date={date} />
      ) : (
        <div className="overflow-x-auto rounded-xl border bg-card shadow-xs">
          <div className="grid min-w-fit" style={gridStyle}>
            <div className="sticky left-0 z-20 border-r border-b bg-card" />
            {columns.map((p) => (
              <div key={p.id || 'others'} className="truncate border-b px-3 py-2.5 text-sm font-semibold not-last:border-r">
                {p.name}
              </div>
            ))}

            <div className="sticky left-0 z-20 border-r bg-card" aria-hidden="true">
              {slots.map((m) => (
                <div
                  key={m}
                  style={{ height: SLOT_PX }}
                  className={cn(
                    'pt-1 pr-2 text-right text-xs tabular-nums',
                    m % 60 === 0 ? 'font-medium text-foreground' : 'text-muted-foreground',
                  )}
                >
                  {fromMinutes(m)}
                </div>
              ))}
            </div>

            {columns.map((p) => {
              const own = p.id ? items.filter((a) => a.professionalId === p.id) : orphans
              return (
                <div
                  key={p.id || 'others'}
                  role="group"
                  aria-label={`Agenda de ${p.name}`}
                  className="relative not-last:border-r"
                  style={{ height: slots.length * SLOT_PX }}
                >
                  {slots.map((m, i) => (
                    <button
                      key={m}
                      type="button"
                      disabled={!agenda || !p.id}
                      aria-label={`Novo agendamento com ${p.name} às ${fromMinutes(m)}`}
                      onClick={() => agenda?.create({ date, professionalId: p.id, time: fromMinutes(m) })}
                      className={cn(
                        'absolute inset-x-0 border-b border-dashed border-border/70 outline-none hover:bg-accent/60 focus-visible:bg-accent disabled:pointer-events-none',
                        m % 60 === 0 && i > 0 && 'border-t border-t-border border-solid',
                      )}
                      style={{ top: i * SLOT_PX, height: SLOT_PX }}
                    />
                  ))}
                  {placeInLanes(own).map(({ appointment: a, start: s, end: e, lane, lanes, inPause }) => {
                    // Over another's pause, a block is set in from the left so the pause shows beside it.
                    const inset = inPause ? 20 : 2
                    const left = `calc(${(lane / lanes) * 100}% + ${inset}px)`
                    const width = `calc(${100 / lanes}% - ${inset + 2}px)`
                    const pause = a.status === 'cancelled' || a.status === 'no_show' || a.isDeleted
                      ? undefined
                      : timingStretches(s, a.durationMin, a).find((t) => t.kind === 'pause')
                    return (
                      <Fragment key={a.id}>
                        {timingStretches(s, a.durationMin, a)
                          .filter((t) => t.kind === 'buffer' && t.end > t.start)
                          .map((t) => (
                            <div
                              key={t.start}
                              aria-hidden="true"
                              title={t.start < s ? 'Preparo' : 'Limpeza'}
                              className="pointer-events-none absolute rounded-sm border border-dashed"
                              style={{
                                top: (t.start - start) * pxPerMin + 1,
                                height: Math.max(2, (t.end - t.start) * pxPerMin - 2),
                                left,
                                width,
                                // Inline, as the store page's CSS budget holds every class of the app.
                                zIndex: 5,
                                backgroundImage: 'repeating-linear-gradient(135deg, transparent 0 4px, var(--color-muted) 4px 8px)',
                              }}
                            />
                          ))}
                        <Block
                          appointment={a}
                          serviceName={findService(catalog, a.serviceId)?.name ?? 'Serviço excluído'}
                          style={{
                            top: (s - start) * pxPerMin + 1,
                            height: Math.max(22, (e - s) * pxPerMin - 2),
                            left,
                            width,
                            zIndex: inPause ? 15 : 10,
                          }}
                        />
                        {pause && (
                          <PauseBand
                            pause={pause}
                            professional={p}
                            date={date}
                            style={{
                              top: (pause.start - start) * pxPerMin + 1,
                              height: (pause.end - pause.start) * pxPerMin,
                              // The right half of the block: its left half still opens the appointment.
                              left: `calc(${((lane + 0.5) / lanes) * 100}% + 2px)`,
                              width: `calc(${50 / lanes}% - 4px)`,
                              zIndex: 12,
                            }}
                          />
                        )}
                      </Fragment>
                    )
                  })}
                  {showNow && (
                    <div
                      aria-hidden="true"
                      className="pointer-events-none absolute inset-x-0 z-10 border-t-2 border-destructive"
                      style={{ top: (nowMinutes - start) * pxPerMin }}
                    />
                  )}
                </div>
              )
            })}
          </div>
        </div>
      )}
    </div>
  )
}

/**
 * PauseBand is drawn over an appointment's pause, in which its professional is free: a tap
 * books another client there.
 */
function PauseBand({
  pause,
  professional,
  date,
  style,
}: {
  pause: { start: number; end: number }
  professional: CatalogProfessional
  date: string
  style: CSSProperties
}) {
  const agenda = useAgendaActions()
  const label = `Pausa ${fromMinutes(pause.start)}–${fromMinutes(pause.end)}`
  // The visible text starts the accessible name (WCAG 2.5.3), and says what a tap does.
  const className =
    'absolute flex items-start overflow-hidden rounded-sm border border-dashed bg-card px-2 pt-0.5 text-left text-xs font-medium text-muted-foreground'
  if (!agenda || !professional.id) {
    return (
      <div aria-hidden="true" className={cn(className, 'pointer-events-none')} style={style}>
        <span className="truncate">{label}</span>
      </div>
    )
  }
  return (
    <button
      type="button"
      aria-label={`${label}: novo agendamento com ${professional.name}`}
      title={`${label}: livre para outro atendimento`}
      onClick={() => agenda.create({ date, professionalId: professional.id, time: fromMinutes(pause.start) })}
      className={cn(className, 'outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50')}
      style={style}
    >
      <span className="truncate">{label}</span>
    </button>
  )
}

function Block({
  appointment: a,
  serviceName,
  style,
}: {
  appointment: Appointment
  serviceName: string
  style: CSSProperties
}) {
  const agenda = useAgendaActions()
  const deleted = a.isDeleted === true
  const short = (style.height as number) < 40
  const pause = timingStretches(toMinutes(a.time), a.durationMin, a).find((t) => t.kind === 'pause')
  return (
    <button
      type="button"
      onClick={() => agenda?.open(a)}
      style={style}
      className={cn(
        'absolute flex flex-col overflow-hidden rounded-md border px-2 py-1 text-left text-xs shadow-xs outline-none transition-opacity duration-300 focus-visible:ring-[3px] focus-visible:ring-ring/50',
        STATUS_STYLES[a.status].block,
        deleted && 'line-through opacity-40',
        a.status === 'cancelled' && 'line-through',
      )}
    >
      <span className={cn('truncate font-semibold', short && 'leading-tight')}>
        <span className="tabular-nums">{a.time}</span> {a.clientName}
      </span>
      {!short && <span className="truncate">{serviceName}</span>}
      <span className="sr-only">
        , {STATUS_LABELS[a.status]}
        {pause ? `, pausa das ${fromMinutes(pause.start)} às ${fromMinutes(pause.end)}` : ''}
        {deleted ? ', excluído' : ''}
      </span>
    </button>
  )
}
