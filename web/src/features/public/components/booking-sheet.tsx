import { useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { useLocation, useNavigate } from 'react-router'

import { isApiError } from '@/lib/api-client'

import { publicKeys } from '../api/keys'
import type { Booking, PublicProfessional, PublicService, PublicStoreInfo } from '../api/types'

import {
  ANY_PROFESSIONAL,
  choose,
  knownSelection,
  STEP_TITLES,
  visitServices,
  visitTotal,
  type ContactValues,
} from './booking-flow'
import { managePath } from './booking-labels'
import { limitChat } from './links'
import {
  firstOpenStep,
  sheetEntry,
  stepOf,
  stepSearch,
  stepsFor,
  type Selection,
  type StepId,
} from './booking-steps'
import { SheetFrame } from './booking-sheet-frame'
import { errorBox } from './booking-sheet-styles'
import { ProfessionalStep, ServiceStep } from './booking-step-views'
import { VisitServices } from './booking-visit'
import { WhenStep } from './booking-when-step'
import { DetailsFooter, DetailsForm } from './details-form'
import { formatDuration, priceLabel } from './labels'
import { dayLabel, monthOf } from './month'
import { useBookingSend } from './use-booking-send'
import { useSheetFocus } from './use-sheet-focus'

// The booking flow: a full-screen sheet on a phone, a dialog on a computer. The steps follow
// the store's bookingFlow, one history entry each (`?etapa=…`, the choices in the entry's
// state): the browser's Back goes back a step with the choices kept, Forward comes back, and a
// reload stays on the step. The confirmation is another chunk, fetched on the last step so it
// shows even if the connection drops right after booking.

const loadConfirmation = () => import('./booking-confirmation')
const BookingConfirmation = lazy(() => loadConfirmation().then((m) => ({ default: m.BookingConfirmation })))

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
  const { headingRef, scrollRef } = useSheetFocus(booking ? 'confirmed' : step)
  const handledKey = useRef<string | null>(null)
  const confirmedShown = useRef(false)
  const client = useQueryClient()
  const { create, submit: send } = useBookingSend(store.slug, {
    onBooked: (made) => {
      setBooking(made)
      void navigate(
        { search: stepSearch('confirmed') },
        { replace: true, state: { booking: { depth, sel, token: made.token } }, preventScrollReset: true },
      )
    },
    onRefused: (error) => void recover(error),
  })

  const service = services.find((s) => s.id === sel.serviceId)
  const visit = visitServices(services, sel)
  const total = visitTotal(visit)
  const who = (id: string | undefined) =>
    id === ANY_PROFESSIONAL ? 'Qualquer profissional' : (professionals.find((p) => p.id === id)?.name ?? '')

  /** changeVisit sets the visit's later services: the day stays, the time is chosen again. */
  const changeVisit = (more: NonNullable<Selection['more']>) => {
    const next: Selection = { ...sel, more, time: undefined }
    setSel(next)
    setNotice(null)
    void navigate({ search: stepSearch(step) }, { replace: true, state: { booking: { depth, sel: next } }, preventScrollReset: true })
  }
  const professional = professionals.find((p) => p.id === sel.professionalId)
  const stepIndex = steps.indexOf(step)
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

  // The confirmation's code arrives while the customer types their name.
  useEffect(() => {
    if (step === 'details') void loadConfirmation().catch(() => undefined)
  }, [step])

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

  const submit = (values: ContactValues, phone: string) => {
    const { serviceId, professionalId, date, time } = sel
    if (!serviceId || !professionalId || !date || !time) return
    const customer = { clientName: values.name.trim(), clientPhone: phone, notes: values.notes.trim(), clientEmail: (values.email ?? '').trim() }
    const more = sel.more?.length ? sel.more : undefined
    send({ serviceId, professionalId, date, time, more, ...customer, marketingConsent: values.marketing ?? false })
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
    body = <ServiceStep services={services} sel={sel} onPick={(id) => pick('service', id)} />
  } else if (step === 'professional') {
    body = (
      <ProfessionalStep professionals={professionals} service={service} sel={sel} onPick={(id) => pick('professional', id)} />
    )
  } else if (step === 'day' || step === 'time') {
    body = (
      <WhenStep
        store={store}
        step={step}
        sel={sel}
        month={month}
        onMonthChange={setMonth}
        taken={stepNotice?.taken}
        onPick={pick}
        onOtherDay={() => goBack('day')}
      />
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
          ...(visit.length > 1
            ? visit.map((s, i): [string, string] => [
                `${i + 1}º serviço`,
                `${s.name} · ${who(i === 0 ? sel.professionalId : sel.more?.[i - 1]?.professionalId)}`,
              ])
            : [
                ['Serviço', service?.name ?? ''] as [string, string],
                ['Profissional', who(sel.professionalId)] as [string, string],
              ]),
          ['Data', sel.date ? dayLabel(sel.date) : ''],
          ['Horário', sel.time ? (visit.length > 1 ? `${sel.time} (${formatDuration(total.minutes)})` : sel.time) : ''],
          ['Valor', service ? priceLabel(total.price) : ''],
        ]}
      />
    )
  }

  return (
    <SheetFrame
      titleId={titleId}
      heading={title}
      centered={Boolean(booking)}
      headingRef={headingRef}
      scrollRef={scrollRef}
      label={booking ? store.name : `Agendar · ${store.name}`}
      progress={booking ? null : { steps, index: stepIndex, step }}
      announce={booking ? 'Agendamento confirmado' : `Etapa ${stepIndex + 1} de ${steps.length}: ${STEP_TITLES[step]}`}
      onBack={!booking && stepIndex > 0 ? () => goBack(steps[stepIndex - 1] ?? step) : undefined}
      onClose={onClose}
      footer={
        !booking && step === 'details' ? (
          <DetailsFooter
            formId={formId}
            pending={create.isPending}
            error={create.error}
            whatsappHref={limitChat(store, service, sel.professionalId === ANY_PROFESSIONAL ? undefined : professional, sel)}
          />
        ) : null
      }
    >
      {!booking && step === 'day' && service && (
        <VisitServices services={services} professionals={professionals} sel={sel} onChange={changeVisit} />
      )}
      {!booking && step === 'time' && service && (
        <p className="-mt-3 mb-4 text-sm text-muted-foreground">
          {visit.length > 1
            ? `${visit.map((s) => s.name).join(' + ')} · ${formatDuration(total.minutes)}`
            : `${service.name} · ${sel.professionalId === ANY_PROFESSIONAL ? 'qualquer profissional' : `com ${professional?.name ?? ''}`}`}
        </p>
      )}
      {stepNotice && !booking && (
        <div role="alert" className={errorBox}>
          {stepNotice.message}
        </div>
      )}
      {body}
    </SheetFrame>
  )
}
