import { useQueryClient } from '@tanstack/react-query'
import { ArrowLeftIcon, ChevronRightIcon, UsersIcon, XIcon } from 'lucide-react'
import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react'

import { isApiError } from '@/lib/api-client'
import { addDays } from '@/lib/dates'
import { formatDuration } from '@/lib/format'

import { useCreateBooking } from '../api/create-booking'
import { useStoreAvailability } from '../api/get-store-availability'
import { publicKeys } from '../api/keys'
import { loadState } from '../api/network'
import type { Booking, PublicProfessional, PublicService, PublicStoreInfo } from '../api/types'

import { Avatar } from './avatar'
import {
  ANY_PROFESSIONAL,
  choose,
  firstOpenStep,
  professionalsFor,
  servicesFor,
  STEP_SHORT,
  STEP_TITLES,
  stepsFor,
  type ContactValues,
  type Selection,
  type StepId,
} from './booking-flow'
import { DetailsForm } from './details-form'
import { priceLabel } from './labels'
import { addMonths, closedOn, dayLabel, monthOf, monthWindow } from './month'
import { MonthCalendar } from './month-calendar'
import { LoadingTimes, NetworkNotice } from './network-notice'
import { TimeGrid, TimeGridSkeleton } from './time-grid'

// The booking flow: a full-screen sheet on a phone, a dialog on a computer. The steps follow
// the store's bookingFlow; the confirmation is another chunk, loaded once the booking is made.

const BookingConfirmation = lazy(() =>
  import('./booking-confirmation').then((m) => ({ default: m.BookingConfirmation })),
)

const iconButton =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-full transition-colors outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50'

const optionClass =
  'flex w-full items-center gap-3 rounded-xl border bg-card p-4 text-left transition-colors outline-none hover:border-primary/50 hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-pressed:border-primary aria-pressed:bg-secondary'

export type BookingSheetProps = {
  store: PublicStoreInfo
  services: PublicService[]
  professionals: PublicProfessional[]
  /** What the button that opened the sheet already chose (a service, a professional). */
  start: Selection
  /** A professional's own page: they are fixed and their step is skipped. */
  lockedProfessionalId?: string
  onClose: () => void
}

export function BookingSheet({ store, services, professionals, start, lockedProfessionalId, onClose }: BookingSheetProps) {
  const steps = stepsFor(store.bookingFlow, Boolean(lockedProfessionalId))
  const [sel, setSel] = useState<Selection>(() =>
    lockedProfessionalId ? { ...start, professionalId: lockedProfessionalId } : start,
  )
  const [step, setStep] = useState<StepId>(() => firstOpenStep(steps, sel))
  const [month, setMonth] = useState(() => monthOf(sel.date ?? store.today))
  const [contact, setContact] = useState<ContactValues>({ name: '', phone: '', notes: '' })
  const [stepError, setStepError] = useState<string | null>(null)
  /** The time that was just taken by someone else, to suggest the nearest free ones. */
  const [taken, setTaken] = useState<string | null>(null)
  const [booking, setBooking] = useState<Booking | null>(null)
  const titleId = useId()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const client = useQueryClient()
  const create = useCreateBooking(store.slug)

  const service = services.find((s) => s.id === sel.serviceId)
  const professional = professionals.find((p) => p.id === sel.professionalId)
  const stepIndex = steps.indexOf(step)
  const lastMonth = monthOf(addDays(store.today, store.horizonDays))
  const span = monthWindow(month, store.today)
  const availabilityReady = Boolean(sel.serviceId && sel.professionalId)
  const availability = useStoreAvailability(
    {
      slug: store.slug,
      serviceId: sel.serviceId ?? '',
      professionalId: sel.professionalId ?? '',
      ...span,
    },
    availabilityReady && (step === 'day' || step === 'time'),
  )
  const timesState = loadState(availability)

  // Focus follows the step, so a screen reader reads the new question and a keyboard starts there.
  useEffect(() => {
    headingRef.current?.focus()
  }, [step, booking])

  // The page behind stays put while the sheet is open; focus returns to the opener on close.
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const overflow = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    return () => {
      document.body.style.overflow = overflow
      opener?.focus()
    }
  }, [])

  const goTo = (next: StepId) => {
    setStepError(null)
    setTaken(null)
    setStep(next)
  }

  const pick = (at: Exclude<StepId, 'details'>, value: string) => {
    const next = choose(steps, sel, at, value)
    setSel(next)
    if (create.error) create.reset()
    goTo(steps[steps.indexOf(at) + 1] ?? 'details')
  }

  const back = () => {
    const previous = steps[stepIndex - 1]
    if (previous) goTo(previous)
  }

  /** recover sends the customer back to the step a refused booking points at. */
  const recover = async (error: Error) => {
    if (!isApiError(error)) return
    const fields = error.fields
    if (error.code === 'conflict' || fields.time || fields.date) {
      // The time was just taken (or is no longer valid): show the day's times as they are now.
      await client.refetchQueries({ queryKey: publicKeys.storeAvailabilityAll(store.slug) })
      setTaken(sel.time ?? null)
      setSel((s) => ({ ...s, time: undefined }))
      setStep('time')
      setStepError(error.code === 'conflict' ? error.message : (fields.time ?? fields.date ?? error.message))
    } else if (fields.serviceId && steps.includes('service')) {
      setStep('service')
      setStepError(fields.serviceId)
    } else if (fields.professionalId && steps.includes('professional')) {
      setStep('professional')
      setStepError(fields.professionalId)
    }
  }

  const submit = (values: ContactValues, phone: string) => {
    if (!sel.serviceId || !sel.professionalId || !sel.date || !sel.time) return
    create.mutate(
      {
        serviceId: sel.serviceId,
        professionalId: sel.professionalId,
        date: sel.date,
        time: sel.time,
        clientName: values.name.trim(),
        clientPhone: phone,
        notes: values.notes.trim(),
      },
      {
        onSuccess: setBooking,
        onError: (error) => void recover(error),
      },
    )
  }

  let title = STEP_TITLES[step]
  let body: ReactNode
  if (booking) {
    title = 'Agendamento confirmado'
    body = (
      <Suspense fallback={<p className="py-10 text-center text-sm text-muted-foreground">Carregando…</p>}>
        <BookingConfirmation booking={booking} minNoticeMin={store.minNoticeMin} acceptedPayments={store.acceptedPayments} />
      </Suspense>
    )
  } else if (step === 'service') {
    const list = servicesFor(services, sel.professionalId)
    body = (
      <ul className="grid gap-2">
        {list.map((s) => (
          <li key={s.id}>
            <button type="button" className={optionClass} aria-pressed={s.id === sel.serviceId} onClick={() => pick('service', s.id)}>
              <span className="min-w-0 flex-1">
                <span className="block font-medium">{s.name}</span>
                <span className="block text-sm text-muted-foreground">
                  {formatDuration(s.duration)} · {priceLabel(s.price)}
                </span>
              </span>
              <ChevronRightIcon className="size-5 text-muted-foreground" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
    )
  } else if (step === 'professional') {
    const list = professionalsFor(professionals, service)
    body = (
      <ul className="grid gap-2">
        <li>
          <button
            type="button"
            className={optionClass}
            aria-pressed={sel.professionalId === ANY_PROFESSIONAL}
            onClick={() => pick('professional', ANY_PROFESSIONAL)}
          >
            <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
              <UsersIcon className="size-5" aria-hidden="true" />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block font-medium">Qualquer profissional</span>
              <span className="block text-sm text-muted-foreground">Mais horários: quem estiver livre atende você</span>
            </span>
            <ChevronRightIcon className="size-5 text-muted-foreground" aria-hidden="true" />
          </button>
        </li>
        {list.map((p) => (
          <li key={p.id}>
            <button type="button" className={optionClass} aria-pressed={p.id === sel.professionalId} onClick={() => pick('professional', p.id)}>
              <Avatar name={p.name} photo={p.photos[0]} size={48} className="size-12" />
              <span className="min-w-0 flex-1">
                <span className="block font-medium">{p.name}</span>
                {p.role && <span className="block text-sm text-muted-foreground">{p.role}</span>}
              </span>
              <ChevronRightIcon className="size-5 text-muted-foreground" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
    )
  } else if (step === 'day') {
    body = (
      <MonthCalendar
        month={month}
        today={store.today}
        days={availability.isPlaceholderData ? undefined : availability.data}
        state={timesState}
        onRetry={() => void availability.refetch()}
        isClosed={closedOn(store.workingHours)}
        selected={sel.date}
        onSelect={(date) => pick('day', date)}
        onMonthChange={(n) => setMonth((m) => addMonths(m, n))}
        canPrev={month > monthOf(store.today)}
        canNext={month < lastMonth}
      />
    )
  } else if (step === 'time') {
    const times = availability.data?.find((d) => d.date === sel.date)?.times ?? []
    const nearest = taken ? [...times.filter((t) => t > taken), ...times.filter((t) => t < taken).reverse()].slice(0, 3) : []
    body = (
      <div className="grid gap-4">
        {sel.date && <p className="font-medium first-letter:uppercase">{dayLabel(sel.date)}</p>}
        {timesState === 'ready' && nearest.length > 0 && (
          <div className="grid gap-2 rounded-xl border border-primary/30 bg-secondary/60 p-3">
            <p className="text-sm font-medium">Horários livres mais próximos</p>
            <div className="flex flex-wrap gap-2">
              {nearest.map((t) => (
                <button
                  key={t}
                  type="button"
                  className="h-11 rounded-lg bg-primary px-4 text-sm font-semibold text-primary-foreground tabular-nums hover:bg-primary/90"
                  onClick={() => pick('time', t)}
                  aria-label={`Escolher ${t}`}
                >
                  {t}
                </button>
              ))}
            </div>
          </div>
        )}
        {timesState === 'offline' ? (
          <NetworkNotice onRetry={() => void availability.refetch()}>Os horários aparecem assim que a conexão voltar.</NetworkNotice>
        ) : timesState === 'failed' ? (
          <div role="alert" className="mb-4 rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm text-destructive">
            Não foi possível carregar os horários.{' '}
            <button type="button" className="inline-flex min-h-11 items-center font-medium underline" onClick={() => void availability.refetch()}>
              Tentar de novo
            </button>
          </div>
        ) : timesState === 'loading' ? (
          <div className="grid gap-3">
            <LoadingTimes />
            <TimeGridSkeleton />
          </div>
        ) : times.length > 0 ? (
          <TimeGrid times={times} selected={sel.time} onSelect={(t) => pick('time', t)} />
        ) : (
          <p className="rounded-xl bg-muted p-4 text-center text-sm">Não há mais horários livres neste dia.</p>
        )}
        <button type="button" className="inline-flex min-h-11 w-fit items-center text-sm font-medium text-primary hover:underline" onClick={() => goTo('day')}>
          Escolher outro dia
        </button>
      </div>
    )
  } else {
    body = (
      <DetailsForm
        values={contact}
        onChange={(v) => {
          setContact(v)
          if (create.error) create.reset()
        }}
        onSubmit={submit}
        pending={create.isPending}
        error={create.error}
        summary={[
          ['Serviço', service?.name ?? ''],
          ['Profissional', sel.professionalId === ANY_PROFESSIONAL ? 'Qualquer profissional' : (professional?.name ?? '')],
          ['Data', sel.date ? dayLabel(sel.date) : ''],
          ['Horário', sel.time ?? ''],
          ['Valor', service ? priceLabel(service.price) : ''],
        ]}
      />
    )
  }

  return (
    <div
      className="fixed inset-0 z-50 flex items-end justify-center bg-black/50 sm:items-center sm:p-4"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onClose()
      }}
    >
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onClose()
        }}
        className="flex h-dvh w-full animate-sheet-up flex-col bg-background sm:h-auto sm:max-h-[min(46rem,calc(100dvh-2rem))] sm:max-w-lg sm:rounded-2xl sm:shadow-xl"
      >
        <div className="flex items-center gap-2 border-b px-2 py-2">
          {!booking && stepIndex > 0 ? (
            <button type="button" className={iconButton} onClick={back} aria-label="Voltar">
              <ArrowLeftIcon className="size-5" aria-hidden="true" />
            </button>
          ) : (
            <span className="size-11 shrink-0" />
          )}
          <p id={titleId} className="min-w-0 flex-1 truncate text-center text-sm font-semibold">
            {booking ? store.name : `Agendar · ${store.name}`}
          </p>
          <button type="button" className={iconButton} onClick={onClose} aria-label="Fechar">
            <XIcon className="size-5" aria-hidden="true" />
          </button>
        </div>

        {!booking && (
          <div className="px-4 pt-4">
            <ol className="flex gap-1.5" aria-hidden="true">
              {steps.map((s, i) => (
                <li key={s} className={`h-1 flex-1 rounded-full ${i <= stepIndex ? 'bg-primary' : 'bg-muted'}`} />
              ))}
            </ol>
            <p className="mt-2 text-xs text-muted-foreground">
              Etapa {stepIndex + 1} de {steps.length} · {STEP_SHORT[step]}
            </p>
          </div>
        )}
        <p className="sr-only" aria-live="polite">
          {booking ? 'Agendamento confirmado' : `Etapa ${stepIndex + 1} de ${steps.length}: ${STEP_TITLES[step]}`}
        </p>

        <div className="flex-1 overflow-y-auto px-4 pt-3 pb-6">
          <h2
            ref={headingRef}
            tabIndex={-1}
            className={`mb-4 text-xl font-semibold tracking-tight outline-none ${booking ? 'text-center' : ''}`}
          >
            {title}
          </h2>
          {!booking && (step === 'day' || step === 'time') && service && (
            <p className="-mt-3 mb-4 text-sm text-muted-foreground">
              {service.name} ·{' '}
              {sel.professionalId === ANY_PROFESSIONAL ? 'qualquer profissional' : `com ${professional?.name ?? ''}`}
            </p>
          )}
          {stepError && (
            <div role="alert" className="mb-4 rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm text-destructive">
              {stepError}
            </div>
          )}
          {body}
        </div>
      </div>
    </div>
  )
}
