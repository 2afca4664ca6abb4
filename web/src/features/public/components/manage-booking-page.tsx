import { CalendarClockIcon, CircleXIcon, InfoIcon, LoaderCircleIcon } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'

import { CONTENT_ID, SkipLink } from '@/components/layout/skip-link'
import { buttonVariants } from '@/components/ui/button-variants'
import { publicPaths } from '@/config/paths'
import { isApiError } from '@/lib/api-client'
import { STATUS_LABELS, STATUS_STYLES } from '@/lib/appointment-status'
import { todayIn } from '@/lib/dates'

import { useCancelBooking } from '../api/cancel-booking'
import { useBooking } from '../api/get-booking'
import { useBookingAvailability } from '../api/get-booking-availability'
import { useMoveBooking } from '../api/move-booking'
import { loadState } from '../api/network'
import type { Booking } from '../api/types'
import { useDocumentTitle } from '../hooks/use-document-title'
import { usePageView } from '../hooks/use-page-view'

import { AddToCalendar, BookingDetails, PixPayment, TalkToStore } from './booking-extras'
import { deadlineLabel, professionalNames, serviceNames } from './booking-labels'
import { ConsentChoice } from './consent-choice'
import { LoyaltySection } from './loyalty-section'
import { addMonths, dayLabel, monthOf, monthWindow } from './month'
import { MonthCalendar } from './month-calendar'
import { type FooterStore, PublicFooter } from './public-shell'
import { PublicLoadError, PublicNotFound } from './public-states-lazy'
import { RemindOnThisPhone } from './remind-phone'
import { TimeGrid, TimeGridSkeleton } from './time-grid'

// The manage link (/agendamento/<token>): the customer sees the appointment and can cancel or
// move it until the store's minimum notice before it.

/** How far ahead the reschedule calendar pages; the server's horizon is the real limit. */
const MAX_MONTHS_AHEAD = 6

const errorBox = 'rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm text-destructive'

export function BookingShell({ storeName, store, children }: { storeName?: string; store?: FooterStore; children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="bg-linear-135 from-brand-from to-brand-to px-4 pt-10 pb-20 text-center text-white">
        <p className="text-sm font-medium text-white/85">Seu agendamento</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight text-balance">{storeName ?? 'Carregando…'}</h1>
      </header>
      <main
        id={CONTENT_ID}
        tabIndex={-1}
        className="mx-auto -mt-12 grid w-full max-w-lg flex-1 grid-cols-1 content-start gap-5 px-3 outline-none sm:px-4"
      >
        {children}
      </main>
      <PublicFooter store={store} />
    </div>
  )
}

/** ManageBookingPage loads a booking by its manage token. */
export function ManageBookingPage({ token }: { token: string }) {
  const query = useBooking(token)
  usePageView(query.isSuccess)
  useDocumentTitle(query.data ? `Seu agendamento · ${query.data.store.name}` : null)

  if (query.isPending) {
    return (
      <BookingShell>
        <div className="h-72 animate-pulse rounded-2xl bg-muted" aria-busy="true" aria-label="Carregando o agendamento" />
      </BookingShell>
    )
  }
  if (query.isError) {
    if (isApiError(query.error) && (query.error.status === 404 || query.error.status === 400)) {
      return (
        <PublicNotFound
          title="Link inválido"
          text="Este link de agendamento é inválido ou expirou. Confira se ele foi copiado por inteiro ou fale com a loja."
        />
      )
    }
    return <PublicLoadError onRetry={() => void query.refetch()} />
  }
  return <ManageView booking={query.data} />
}

function ManageView({ booking }: { booking: Booking }) {
  const [mode, setMode] = useState<'view' | 'move' | 'cancel'>('view')
  /** What the customer just did, said in place (these pages show no toasts) and focused. */
  const [done, setDone] = useState<string | null>(null)
  const doneRef = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    if (done) doneRef.current?.focus()
  }, [done])
  const finish = (message: string) => {
    setDone(message)
    setMode('view')
  }
  const active = booking.status === 'scheduled' || booking.status === 'confirmed'
  const deadline = deadlineLabel(booking.changeDeadline, booking.store.timeZone)

  return (
    <BookingShell
      storeName={booking.store.name}
      store={{ name: booking.store.name, phone: booking.store.phone, whatsapp: booking.store.whatsapp }}
    >
      <section aria-labelledby="booking-title" className="grid grid-cols-1 gap-4 rounded-2xl border bg-card p-5 shadow-sm">
        <div className="flex items-center justify-between gap-3">
          <h2 id="booking-title" className="text-lg font-semibold">
            Detalhes
          </h2>
          <span className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${STATUS_STYLES[booking.status].badge}`}>
            {STATUS_LABELS[booking.status]}
          </span>
        </div>
        {done && (
          <p ref={doneRef} tabIndex={-1} role="status" className="rounded-lg bg-success/10 px-4 py-3 text-sm font-medium text-success outline-none">
            {done}
          </p>
        )}
        <BookingDetails booking={booking} />

        {booking.status === 'cancelled' && (
          <div className="grid grid-cols-1 gap-3 rounded-xl bg-muted p-4 text-sm">
            <p>Este agendamento foi cancelado e o horário está livre para outras pessoas.</p>
            <Link to={publicPaths.store.build(booking.store.slug)} className={`${buttonVariants()} w-full`}>
              Agendar novamente
            </Link>
          </div>
        )}
        {(booking.status === 'completed' || booking.status === 'no_show') && (
          <p className="rounded-xl bg-muted p-4 text-sm">Este atendimento já passou. Até a próxima!</p>
        )}

        {active && !booking.canChange && (
          <div className="grid grid-cols-1 gap-3 rounded-xl bg-muted p-4 text-sm">
            <p className="flex gap-2">
              <InfoIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              <span>
                O prazo para remarcar ou cancelar pela internet{deadline ? ` terminou ${deadline}` : ' já terminou'}.
                Para mudar algo, fale com a loja.
              </span>
            </p>
            <TalkToStore booking={booking} className="w-full" />
          </div>
        )}

        {active && booking.canChange && mode === 'view' && (
          <div className="grid grid-cols-1 gap-2">
            {deadline && (
              <p className="text-sm text-muted-foreground">Você pode remarcar ou cancelar até {deadline}.</p>
            )}
            <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
              <button type="button" className={buttonVariants({ variant: 'outline' })} onClick={() => setMode('move')}>
                <CalendarClockIcon aria-hidden="true" />
                Remarcar
              </button>
              <button
                type="button"
                className={`${buttonVariants({ variant: 'outline' })} text-destructive hover:text-destructive`}
                onClick={() => setMode('cancel')}
              >
                <CircleXIcon aria-hidden="true" />
                Cancelar agendamento
              </button>
            </div>
          </div>
        )}
        {active && booking.canChange && mode === 'cancel' && (
          <CancelConfirm booking={booking} onBack={() => setMode('view')} onDone={() => finish('Agendamento cancelado.')} />
        )}
      </section>

      {active && booking.canChange && mode === 'move' && <Reschedule
          booking={booking}
          onBack={() => setMode('view')}
          onDone={(moved) => finish(`Agendamento remarcado para ${dayLabel(moved.date)}, às ${moved.time}.`)}
        />}

      {active && mode !== 'move' && (
        <>
          {booking.pix && <PixPayment pix={booking.pix} />}
          <section className="grid grid-cols-1 gap-4 rounded-2xl border bg-card p-5 shadow-sm" aria-label="Agenda e contato">
            <AddToCalendar booking={booking} />
            {booking.canChange && <TalkToStore booking={booking} className="w-full" />}
            <RemindOnThisPhone token={booking.token} />
          </section>
        </>
      )}

      {booking.nextDates.length > 0 && mode !== 'move' && <NextDates booking={booking} />}
      {booking.loyalty && mode !== 'move' && <LoyaltySection loyalty={booking.loyalty} />}
      {mode !== 'move' && !booking.clientPhone.startsWith('anon-') && <ConsentChoice booking={booking} />}
    </BookingShell>
  )
}

/** NextDates lists the later dates of the customer's recurring series, which the salon set up. */
function NextDates({ booking }: { booking: Booking }) {
  return (
    <section aria-labelledby="next-dates-title" className="grid grid-cols-1 gap-3 rounded-2xl border bg-card p-5 shadow-sm">
      <h2 id="next-dates-title" className="text-lg font-semibold">
        Seus próximos horários
      </h2>
      <p className="text-sm text-muted-foreground">
        Horários fixos combinados com {booking.store.name}. Para mudar algum, fale com a loja.
      </p>
      <ul className="grid grid-cols-1 divide-y rounded-xl border">
        {booking.nextDates.map((d) => (
          <li key={d.date + d.time} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-0.5 px-4 py-3 text-sm">
            <span className="font-medium first-letter:uppercase">
              {dayLabel(d.date)}, às <span className="tabular-nums">{d.time}</span>
            </span>
            <span className="min-w-0 break-words text-muted-foreground">com {d.professional}</span>
          </li>
        ))}
      </ul>
    </section>
  )
}

function CancelConfirm({ booking, onBack, onDone }: { booking: Booking; onBack: () => void; onDone: () => void }) {
  const cancel = useCancelBooking(booking.token)
  return (
    <div role="group" aria-labelledby="cancel-title" className="grid grid-cols-1 gap-3 rounded-xl border border-destructive/30 bg-destructive/5 p-4">
      <p id="cancel-title" className="font-semibold">
        Cancelar este agendamento?
      </p>
      <p className="text-sm text-muted-foreground">
        {serviceNames(booking)} em {dayLabel(booking.date)}, às {booking.time}. O horário ficará livre para outra pessoa.
      </p>
      {cancel.error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {cancel.error.message}
        </p>
      )}
      <div className="grid grid-cols-2 gap-2">
        <button type="button" className={buttonVariants({ variant: 'outline' })} onClick={onBack} disabled={cancel.isPending}>
          Voltar
        </button>
        <button
          type="button"
          className={buttonVariants({ variant: 'destructive' })}
          disabled={cancel.isPending}
          onClick={() =>
            cancel.mutate(undefined, {
              onSuccess: onDone,
            })
          }
        >
          {cancel.isPending && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
          Sim, cancelar
        </button>
      </div>
    </div>
  )
}

function Reschedule({
  booking,
  onBack,
  onDone,
}: {
  booking: Booking
  onBack: () => void
  onDone: (moved: Booking) => void
}) {
  const today = todayIn(booking.store.timeZone)
  const [month, setMonth] = useState(() => monthOf(today))
  const [date, setDate] = useState<string | null>(null)
  const [time, setTime] = useState<string | null>(null)
  const [conflict, setConflict] = useState<string | null>(null)
  const availability = useBookingAvailability({ token: booking.token, ...monthWindow(month, today) })
  const move = useMoveBooking(booking.token)
  const state = loadState(availability)
  const times = date ? (availability.data?.find((d) => d.date === date)?.times ?? []) : []
  const lastMonth = addMonths(monthOf(today), MAX_MONTHS_AHEAD)

  const confirm = () => {
    if (!date || !time) return
    setConflict(null)
    move.mutate(
      { date, time },
      {
        onSuccess: onDone,
        onError: (error) => {
          if (isApiError(error) && (error.code === 'conflict' || error.fields.time || error.fields.date)) {
            setConflict(error.code === 'conflict' ? error.message : (error.fields.time ?? error.fields.date ?? error.message))
            setTime(null)
            void availability.refetch()
          }
        },
      },
    )
  }

  return (
    <section aria-labelledby="move-title" className="grid grid-cols-1 gap-5 rounded-2xl border bg-card p-5 shadow-sm">
      <div>
        <h2 id="move-title" className="text-lg font-semibold">
          Remarcar
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Escolha um novo dia e horário para {serviceNames(booking)} com {professionalNames(booking)}.
        </p>
      </div>
      {/* On a phone the calendar takes the card's padding, so each day is a 44 px target. */}
      <div className="-mx-4 sm:mx-0">
        <MonthCalendar
          month={month}
          today={today}
          days={availability.isPlaceholderData ? undefined : availability.data}
          state={state}
          onRetry={() => void availability.refetch()}
          selected={date ?? undefined}
          onSelect={(d) => {
            setDate(d)
            setTime(null)
            setConflict(null)
          }}
          onMonthChange={(n) => setMonth((m) => addMonths(m, n))}
          canPrev={month > monthOf(today)}
          canNext={month < lastMonth}
        />
      </div>
      {date && (
        <div className="grid grid-cols-1 gap-3">
          <h3 className="font-medium first-letter:uppercase">{dayLabel(date)}</h3>
          {conflict && (
            <div role="alert" className={errorBox}>
              {conflict}
            </div>
          )}
          {state !== 'ready' || availability.isFetching ? (
            <TimeGridSkeleton />
          ) : times.length > 0 ? (
            <TimeGrid times={times} selected={time ?? undefined} onSelect={setTime} />
          ) : (
            <p className="rounded-xl bg-muted p-4 text-center text-sm">Não há horários livres neste dia.</p>
          )}
        </div>
      )}
      {move.error && !conflict && (
        <div role="alert" className={errorBox}>
          {move.error.message}
        </div>
      )}
      <div className="grid grid-cols-2 gap-2">
        <button type="button" className={buttonVariants({ variant: 'outline' })} onClick={onBack} disabled={move.isPending}>
          Voltar
        </button>
        <button type="button" className={buttonVariants()} disabled={!date || !time || move.isPending} onClick={confirm}>
          {move.isPending && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
          Confirmar
        </button>
      </div>
      {date && time && (
        <p className="text-center text-sm text-muted-foreground" aria-live="polite">
          Novo horário: {dayLabel(date)}, às {time}
        </p>
      )}
    </section>
  )
}
