import { useQueryClient } from '@tanstack/react-query'
import { ArrowLeftIcon, ChevronRightIcon, UsersIcon, XIcon } from 'lucide-react'
import { lazy, Suspense, useEffect, useEffectEvent, useId, useRef, useState, type ReactNode } from 'react'
import { useLocation, useNavigate } from 'react-router'

import { isApiError } from '@/lib/api-client'
import { newRequestId } from '@/lib/request-id'
import { addDays } from '@/lib/dates'
import { formatDuration } from '@/lib/format'
import { whatsappLink } from '@/lib/phone'

import { useCreateBooking, type BookingInput } from '../api/create-booking'
import { useStoreAvailability } from '../api/get-store-availability'
import { publicKeys } from '../api/keys'
import { isNetworkError, loadState } from '../api/network'
import type { Booking, PublicProfessional, PublicService, PublicStoreInfo } from '../api/types'

import { Avatar } from './avatar'
import {
  ANY_PROFESSIONAL,
  choose,
  knownSelection,
  professionalsFor,
  servicesFor,
  STEP_SHORT,
  STEP_TITLES,
  type ContactValues,
} from './booking-flow'
import { managePath } from './booking-labels'
import { storeWhatsapp } from './links'
import {
  firstOpenStep,
  sheetEntry,
  stepOf,
  stepSearch,
  stepsFor,
  type Selection,
  type StepId,
} from './booking-steps'
import { DetailsFooter, DetailsForm } from './details-form'
import { priceLabel } from './labels'
import { addMonths, closedOn, dayLabel, monthOf, monthWindow } from './month'
import { MonthCalendar } from './month-calendar'
import { LoadingTimes, NetworkNotice } from './network-notice'
import { TimeGrid, TimeGridSkeleton } from './time-grid'

// The booking flow: a full-screen sheet on a phone, a dialog on a computer. The steps follow
// the store's bookingFlow, one history entry each (`?etapa=…`, the choices in the entry's
// state): the browser's Back goes back a step with the choices kept, Forward comes back, and a
// reload stays on the step. The confirmation is another chunk, fetched on the last step so it
// shows even if the connection drops right after booking.

const loadConfirmation = () => import('./booking-confirmation')
const BookingConfirmation = lazy(() => loadConfirmation().then((m) => ({ default: m.BookingConfirmation })))

const iconButton =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-full transition-colors outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50'

/** A choice's button: the one chosen stands out (its aria-pressed says so to a screen reader). */
const option = (chosen: boolean) => `${optionClass} ${chosen ? 'border-primary bg-secondary' : 'bg-card'}`

const optionClass =
  'flex w-full items-center gap-3 rounded-xl border p-4 text-left transition-colors outline-none hover:border-primary/50 hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50'

const errorBox = 'mb-4 rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm text-destructive'

export type BookingSheetProps = {
  store: PublicStoreInfo
  services: PublicService[]
  professionals: PublicProfessional[]
  /** The choices to start from: what the button that opened the sheet chose, or a history entry's. */
  start: Selection
  /** A professional's own page: they are fixed and their step is skipped. */
  lockedProfessionalId?: string
  /** Leaves the flow: back past every entry it pushed. */
  onClose: () => void
}

/**
 * limitChat opens a WhatsApp chat with the store for a customer the store could not take online
 * (its plan's limit), the booking they wanted already written; '' when the store has no number.
 */
function limitChat(store: PublicStoreInfo, service: PublicService | undefined, professional: PublicProfessional | undefined, sel: Selection) {
  const number = storeWhatsapp(store)
  if (!number) return ''
  const when = sel.date && sel.time ? ` no dia ${sel.date.slice(8, 10)}/${sel.date.slice(5, 7)} às ${sel.time}` : ''
  const what = service ? ` ${service.name}${when}${professional ? ` com ${professional.name}` : ''}` : ''
  return whatsappLink(number, `Olá, ${store.name.trim()}! Tentei agendar pela página de vocês, mas não consegui. Gostaria de marcar${what || ' um horário'}.`)
}

/** A message shown on one step: why the customer was sent back to it. */
type StepNotice = { step: StepId; message: string; taken?: string }

export function BookingSheet({ store, services, professionals, start, lockedProfessionalId, onClose }: BookingSheetProps) {
  const location = useLocation()
  const navigate = useNavigate()
  const steps = stepsFor(store.bookingFlow, Boolean(lockedProfessionalId))
  const entry = sheetEntry(location.state)
  const depth = entry?.depth ?? 1
  const asked = stepOf(location.search)
  const [sel, setSel] = useState<Selection>(() => {
    const known = knownSelection(start, services, professionals, store.today)
    return lockedProfessionalId ? { ...known, professionalId: lockedProfessionalId } : known
  })
  // The step shown is the address's, unless it needs a choice not made yet (a reload after the
  // catalogue changed, an edited address): then the first step still open.
  const reachable = firstOpenStep(steps, sel)
  const step: StepId =
    asked && asked !== 'confirmed' && steps.includes(asked) && steps.indexOf(asked) <= steps.indexOf(reachable)
      ? asked
      : reachable
  const [month, setMonth] = useState(() => monthOf(sel.date ?? store.today))
  const [contact, setContact] = useState<ContactValues>({ name: '', phone: '', notes: '' })
  const [notice, setNotice] = useState<StepNotice | null>(null)
  const [booking, setBooking] = useState<Booking | null>(null)
  const titleId = useId()
  const formId = useId()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const scrollRef = useRef<HTMLDivElement>(null)
  const handledKey = useRef<string | null>(null)
  const confirmedShown = useRef(false)
  const client = useQueryClient()
  const create = useCreateBooking(store.slug)
  // The booking's request id: the same for every try of the same booking (a retry after a lost
  // answer gets the booking already made), a new one once anything in it changes.
  const request = useRef<{ key: string; id: string } | null>(null)
  // The last booking sent, to send again by itself when the connection comes back.
  const unsent = useRef<BookingInput | null>(null)

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
  const stepNotice = notice?.step === step ? notice : null

  // Each new history entry (a step forward, Back, Forward, a reload) is checked once: the
  // address is put right when it names a step that cannot be shown, and Back from the
  // confirmation leaves the flow (the booking is made; its steps are over).
  useEffect(() => {
    if (handledKey.current === location.key) return
    handledKey.current = location.key
    if (booking) {
      if (asked === 'confirmed') confirmedShown.current = true
      else if (confirmedShown.current) onClose()
      return
    }
    if (asked === 'confirmed' && entry?.token) {
      // A reload of the confirmation: the booking's own page shows it.
      void navigate(managePath(entry.token), { replace: true })
    } else if (asked !== step) {
      void navigate({ search: stepSearch(step) }, { replace: true, state: { booking: { depth, sel } }, preventScrollReset: true })
    }
  }, [location.key, booking, asked, step, entry, depth, sel, navigate, onClose])

  // Focus follows the step, so a screen reader reads the new question and a keyboard starts there.
  useEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = 0
    headingRef.current?.focus()
  }, [step, booking])

  // The confirmation's code arrives while the customer types their name.
  useEffect(() => {
    if (step === 'details') void loadConfirmation().catch(() => undefined)
  }, [step])

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

  const pick = (at: Exclude<StepId, 'details'>, value: string) => {
    const next = choose(steps, sel, at, value)
    setSel(next)
    setNotice(null)
    if (create.error) create.reset()
    const to = steps[steps.indexOf(at) + 1] ?? 'details'
    void navigate({ search: stepSearch(to) }, { state: { booking: { depth: depth + 1, sel: next } }, preventScrollReset: true })
  }

  /**
   * goBack shows an earlier step: through history when the flow passed through it (the same
   * as the browser's Back), else in place of this entry (a flow opened past it).
   */
  const goBack = (to: StepId) => {
    const distance = steps.indexOf(step) - steps.indexOf(to)
    if (distance <= 0) return
    if (distance < depth) void navigate(-distance)
    else void navigate({ search: stepSearch(to) }, { replace: true, state: { booking: { depth, sel } }, preventScrollReset: true })
  }

  /** recover sends the customer back to the step a refused booking points at. */
  const recover = async (error: Error) => {
    if (!isApiError(error)) return
    const fields = error.fields
    if (error.code === 'conflict' || fields.time || fields.date) {
      // The time was just taken (or is no longer valid): show the day's times as they are now.
      await client.refetchQueries({ queryKey: publicKeys.storeAvailabilityAll(store.slug) })
      setNotice({
        step: 'time',
        taken: sel.time,
        message: error.code === 'conflict' ? error.message : (fields.time ?? fields.date ?? error.message),
      })
      setSel((s) => ({ ...s, time: undefined }))
      goBack('time')
    } else if (fields.serviceId && steps.includes('service')) {
      setNotice({ step: 'service', message: fields.serviceId })
      goBack('service')
    } else if (fields.professionalId && steps.includes('professional')) {
      setNotice({ step: 'professional', message: fields.professionalId })
      goBack('professional')
    }
  }

  const send = (input: BookingInput) => {
    unsent.current = null
    create.mutate(input, {
      onSuccess: (made) => {
        setBooking(made)
        void navigate(
          { search: stepSearch('confirmed') },
          { replace: true, state: { booking: { depth, sel, token: made.token } }, preventScrollReset: true },
        )
      },
      onError: (error) => {
        if (isNetworkError(error)) unsent.current = input
        void recover(error)
      },
    })
  }

  const submit = (values: ContactValues, phone: string) => {
    if (!sel.serviceId || !sel.professionalId || !sel.date || !sel.time) return
    const fields = {
      serviceId: sel.serviceId,
      professionalId: sel.professionalId,
      date: sel.date,
      time: sel.time,
      clientName: values.name.trim(),
      clientPhone: phone,
      notes: values.notes.trim(),
      marketingConsent: values.marketing ?? false,
    }
    const key = JSON.stringify(fields)
    if (request.current?.key !== key) request.current = { key, id: newRequestId() }
    send({ ...fields, requestId: request.current.id })
  }

  // Back online after a booking that got no answer: send it again, as the notice promised. The
  // same request id makes it safe if the first one did reach the store.
  const resend = useEffectEvent(() => {
    if (unsent.current) send(unsent.current)
  })
  const waiting = isNetworkError(create.error)
  useEffect(() => {
    if (!waiting) return
    const again = () => resend()
    window.addEventListener('online', again)
    return () => window.removeEventListener('online', again)
  }, [waiting])

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
        {list.map((s, i) => (
          <li key={s.id}>
            <button
              type="button"
              className={option(s.id === sel.serviceId)}
              aria-pressed={s.id === sel.serviceId}
              data-primary-action={i === 0 || undefined}
              onClick={() => pick('service', s.id)}
            >
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
            className={option(sel.professionalId === ANY_PROFESSIONAL)}
            aria-pressed={sel.professionalId === ANY_PROFESSIONAL}
            data-primary-action
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
            <button type="button" className={option(p.id === sel.professionalId)} aria-pressed={p.id === sel.professionalId} onClick={() => pick('professional', p.id)}>
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
        markFirst
      />
    )
  } else if (step === 'time') {
    const times = availability.data?.find((d) => d.date === sel.date)?.times ?? []
    const taken = stepNotice?.taken
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
          <div role="alert" className={errorBox}>
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
          <TimeGrid times={times} selected={sel.time} onSelect={(t) => pick('time', t)} markFirst />
        ) : (
          <p className="rounded-xl bg-muted p-4 text-center text-sm">Não há mais horários livres neste dia.</p>
        )}
        <button type="button" className="inline-flex min-h-11 w-fit items-center text-sm font-medium text-primary hover:underline" onClick={() => goBack('day')}>
          Escolher outro dia
        </button>
      </div>
    )
  } else {
    body = (
      <DetailsForm
        formId={formId}
        values={contact}
        onChange={(v) => {
          setContact(v)
          if (create.error) create.reset()
        }}
        onSubmit={submit}
        storeName={store.name}
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
      className="fixed inset-0 z-50 flex items-end justify-center bg-foreground/40 sm:items-center sm:p-4"
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
        className="flex h-dvh w-full animate-sheet-up flex-col bg-background sm:h-auto sm:max-h-[min(46rem,calc(100dvh-2rem))] sm:max-w-lg overflow-hidden shadow-xl sm:rounded-2xl"
      >
        <div className="flex items-center gap-2 border-b px-2 py-2">
          {!booking && stepIndex > 0 ? (
            <button type="button" className={iconButton} onClick={() => goBack(steps[stepIndex - 1] ?? step)} aria-label="Voltar">
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

        <div ref={scrollRef} className="flex-1 overflow-y-auto px-4 pt-3 pb-6">
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
          {stepNotice && !booking && (
            <div role="alert" className={errorBox}>
              {stepNotice.message}
            </div>
          )}
          {body}
        </div>
        {!booking && step === 'details' && (
          // The step's action stays under the thumb: outside the scrolling part, above the
          // keyboard too (the viewport resizes with it: interactive-widget=resizes-content).
          <div className="shrink-0 border-t bg-background px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
            <DetailsFooter
              formId={formId}
              pending={create.isPending}
              error={create.error}
              whatsappHref={limitChat(store, service, sel.professionalId === ANY_PROFESSIONAL ? undefined : professional, sel)}
            />
          </div>
        )}
      </div>
    </div>
  )
}
