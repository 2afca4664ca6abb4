import { zodResolver } from '@hookform/resolvers/zod'
import { LoaderCircleIcon } from 'lucide-react'
import { useEffect, useState } from 'react'
import { toast } from 'sonner'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'

import { FormErrors } from '@/components/forms/form-errors'
import { FormField } from '@/components/forms/form-field'
import { useFormSubmit } from '@/components/forms/use-form-submit'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import {
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { FormDialog } from '@/components/ui/form-dialog'
import { useDiscardGuard } from '@/components/ui/use-discard-guard'
import { NativeSelect } from '@/components/ui/select'
import { Skeleton } from '@/components/ui/skeleton'
import { Textarea } from '@/components/ui/textarea'
import { paths } from '@/config/paths'
import { isApiError } from '@/lib/api-client'
import { PAYMENT_LABELS, PAYMENT_METHODS, STATUS_LABELS, STATUSES } from '@/lib/appointment-status'
import { usePlanLimitRedirect } from '@/lib/plan-limit'

import {
  APPOINTMENT_FIELD_PATHS,
  type AppointmentDefaults,
  appointmentFormSchema,
  type AppointmentFormValues,
  appointmentToForm,
  formToAppointmentInput,
} from '../api/appointment-form'
import { useCreateAppointment } from '../api/create-appointment'
import { NO_REPEAT, previewSeries, type Repeat, seriesInput, useCreateSeries, useUpdateFollowing } from '../api/series'
import { type Appointment } from '../api/get-appointments'
import { useUpdateAppointment } from '../api/update-appointment'
import { useMoveVisit } from '../api/visit'
import { ClientFields } from './appointment-client-fields'
import { useAppointmentMessages } from '../api/get-messages'
import { RepeatFields, type ReviewRow, SeriesReview } from './appointment-repeat'
import { MoreServices, type MorePart } from './appointment-more-services'
import { ServiceFields } from './appointment-service-fields'
import { WhenFields } from './appointment-when-fields'
import { useCatalog } from './catalog-context'

/** AppointmentFormDialog books a new appointment or edits one; full screen on a phone. */
export function AppointmentFormDialog({
  open,
  onOpenChange,
  appointment,
  defaults,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  appointment: Appointment | null
  defaults: AppointmentDefaults
}) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        fullScreenOnMobile
        className="flex flex-col gap-0 overflow-hidden p-0 sm:max-w-xl"
      >
        <DialogHeader className="border-b px-5 py-4 sm:px-6">
          <DialogTitle>{appointment ? 'Editar agendamento' : 'Novo agendamento'}</DialogTitle>
          <DialogDescription>
            {appointment ? authorsLine(appointment) : 'Cliente, serviço, profissional e horário.'}
          </DialogDescription>
        </DialogHeader>
        <AppointmentForm
          key={appointment?.id ?? `new-${defaults.date}-${defaults.professionalId ?? ''}-${defaults.time ?? ''}`}
          appointment={appointment}
          defaults={defaults}
          onDone={() => onOpenChange(false)}
        />
      </DialogContent>
    </FormDialog>
  )
}

/**
 * authorsLine says who booked an appointment and who changed it last (issue 26): a member of
 * the team by name, or the client on the store page.
 */
function authorsLine(ap: { createdBy: string; updatedBy: string; source: string; createdAt: string; updatedAt: string }) {
  const booked = ap.createdBy ? `Agendado por ${ap.createdBy}` : ap.source === 'online' ? 'Agendado pelo cliente na página' : 'Cliente, serviço, profissional e horário'
  const changed = ap.updatedAt !== ap.createdAt && ap.updatedBy && ap.updatedBy !== ap.createdBy ? `; alterado por ${ap.updatedBy}` : ''
  return `${booked}${changed}.`
}

function AppointmentForm({
  appointment,
  defaults,
  onDone,
}: {
  appointment: Appointment | null
  defaults: AppointmentDefaults
  onDone: () => void
}) {
  const catalog = useCatalog()
  const create = useCreateAppointment()
  const update = useUpdateAppointment()
  const planLimit = usePlanLimitRedirect()
  const [conflict, setConflict] = useState<string | null>(null)
  const [forcing, setForcing] = useState(false)
  const createSeries = useCreateSeries()
  const updateFollowing = useUpdateFollowing()
  /** An edit of an appointment of a series waits here while the owner says 'só este' or 'este e os próximos'. */
  const [scopeAsk, setScopeAsk] = useState<AppointmentFormValues | null>(null)
  const [repeat, setRepeat] = useState<Repeat>(NO_REPEAT)
  /** A new appointment's later services: a visit of several (issue 27). */
  const [more, setMore] = useState<MorePart[]>([])
  /** The series' dates under review, once previewed (a new appointment that repeats). */
  const [review, setReview] = useState<ReviewRow[] | null>(null)
  const messages = useAppointmentMessages(appointment?.id)
  const form = useForm<AppointmentFormValues>({
    resolver: zodResolver(appointmentFormSchema),
    defaultValues: appointmentToForm(appointment, defaults),
  })
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting, isDirty },
  } = form
  useDiscardGuard(isDirty)
  // A change of the appointment itself makes the series' review stale: it is asked for again.
  const { subscribe } = form
  useEffect(() => subscribe({ formState: { values: true }, callback: () => setReview(null) }), [subscribe])
  const reviewing = review !== null
  useEffect(() => {
    // Only the form's own scroll moves: scrollIntoView would also shift the full-screen dialog on a phone.
    const title = reviewing ? document.getElementById('series-review-title') : null
    const box = title?.closest('.overflow-y-auto')
    if (title && box) {
      box.scrollTo?.({ top: box.scrollTop + title.getBoundingClientRect().top - box.getBoundingClientRect().top - 12, behavior: 'smooth' })
    }
  }, [reviewing])
  const { submit, unplaced } = useFormSubmit({
    setError,
    paths: APPOINTMENT_FIELD_PATHS,
    log: 'Erro ao salvar agendamento',
    failure: 'Não foi possível salvar o agendamento.',
  })
  const save = async (values: AppointmentFormValues, force: boolean) => {
    const input = formToAppointmentInput(values, force)
    if (!appointment && more.length > 0) input.more = more.filter((m) => m.serviceId || m.professionalId)
    const result = await submit(
      () => (appointment ? update.mutateAsync({ id: appointment.id, input }) : create.mutateAsync(input)),
      {
        done: appointment ? 'Agendamento atualizado' : 'Agendamento criado',
        handle: (error) => {
          setConflict(null)
          // At the free limit: the server's message, and on to Planos (a 402 is an answer, not a fault).
          if (planLimit(error)) {
            onDone()
            return true
          }
          // A clash the owner may book anyway: the form asks (confirmForce).
          if (isApiError(error) && error.code === 'conflict' && !force) {
            setConflict(error.message)
            return true
          }
          return false
        },
      },
    )
    if (result) {
      setConflict(null)
      onDone()
    }
  }

  /** preview asks the server for the series' dates, keeping the owner's choices for the ones kept. */
  const preview = async (values: AppointmentFormValues, rows: ReviewRow[] | null) => {
    const choices = rows?.map((r) => r.choice)
    const result = await submit(() => previewSeries(seriesInput(values, repeat, choices)))
    if (!result) return
    setReview(
      result.value.occurrences.map((o, i) => ({
        ...o,
        choice: { date: o.date, time: o.time, skip: choices?.[i]?.skip ?? false, force: choices?.[i]?.force ?? false },
      })),
    )
  }

  const bookSeries = async () => {
    if (!review) return
    const choices = review.map((r) => r.choice)
    const result = await submit(() => createSeries.mutateAsync(seriesInput(getValues(), repeat, choices)), {
      handle: (error) => {
        if (planLimit(error)) {
          onDone()
          return true
        }
        // A date taken meanwhile: the review shows it again, marked.
        if (isApiError(error) && error.code === 'conflict') void preview(getValues(), review)
        return false
      },
    })
    if (result) {
      const n = result.value.appointments.length
      toast.success(n === 1 ? '1 agendamento criado' : `${n} agendamentos criados`)
      onDone()
    }
  }

  /** Where the clash the form asks about came from: confirmForce resends that. */
  const [clashFrom, setClashFrom] = useState<'one' | 'following' | 'visit'>('one')
  const setFollowingClash = (v: boolean) => setClashFrom(v ? 'following' : 'one')
  const moveVisit = useMoveVisit()
  /** A new time for an appointment of a visit waits here while the owner says 'só este' or 'a visita toda'. */
  const [visitAsk, setVisitAsk] = useState<AppointmentFormValues | null>(null)
  const saveVisit = async (values: AppointmentFormValues, force = false) => {
    if (!appointment) return
    setVisitAsk(null)
    const result = await submit(
      () => moveVisit.mutateAsync({ id: appointment.id, input: { date: values.date, time: values.time, force } }),
      {
        handle: (error) => {
          if (isApiError(error) && error.code === 'conflict' && !force) {
            setClashFrom('visit')
            setConflict(error.message)
            return true
          }
          return false
        },
      },
    )
    if (result) {
      setConflict(null)
      toast.success(result.value.count === 1 ? 'Serviço remarcado' : `Visita remarcada: ${result.value.count} serviços`)
      onDone()
    }
  }
  const saveFollowing = async (values: AppointmentFormValues, force = false) => {
    if (!appointment) return
    setScopeAsk(null)
    const result = await submit(
      () => updateFollowing.mutateAsync({ id: appointment.id, input: formToAppointmentInput(values, force) }),
      {
        handle: (error) => {
          // A date of the rest that clashes: the form asks, as for one appointment.
          if (isApiError(error) && error.code === 'conflict' && !force) {
            setFollowingClash(true)
            setConflict(error.message)
            return true
          }
          return false
        },
      },
    )
    if (result) {
      setConflict(null)
      const n = result.value.count
      toast.success(n === 1 ? 'Agendamento atualizado' : `${n} agendamentos atualizados`)
      onDone()
    }
  }

  const onSubmit = handleSubmit((values) => {
    if (appointment?.seriesId) return setScopeAsk(values)
    // A new day or time for one service of a visit: the visit's others may go along.
    if (appointment?.visitId && (values.date !== appointment.date || values.time !== appointment.time)) return setVisitAsk(values)
    return !appointment && repeat.every !== '' ? (review ? bookSeries() : preview(values, null)) : save(values, false)
  })
  const kept = review?.filter((r) => !r.choice.skip).length ?? 0

  const confirmForce = async () => {
    setForcing(true)
    try {
      if (clashFrom === 'following') await saveFollowing(getValues(), true)
      else if (clashFrom === 'visit') await saveVisit(getValues(), true)
      else await save(getValues(), true)
    } finally {
      setForcing(false)
    }
  }

  if (catalog.isPending) {
    return (
      <div className="grid grid-cols-1 gap-4 px-5 py-5 sm:px-6" aria-busy="true">
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
      </div>
    )
  }

  if (catalog.services.length === 0 || catalog.professionals.length === 0) {
    return (
      <div className="grid grid-cols-1 gap-3 px-5 py-6 text-sm sm:px-6">
        <p>Para agendar, cadastre antes pelo menos um profissional e um serviço que ele realize.</p>
        <div className="flex flex-wrap gap-2">
          {catalog.professionals.length === 0 && (
            <Button variant="outline" asChild>
              <Link to={paths.dashboard.professionals.path}>Cadastrar profissionais</Link>
            </Button>
          )}
          {catalog.services.length === 0 && (
            <Button variant="outline" asChild>
              <Link to={paths.dashboard.services.path}>Cadastrar serviços</Link>
            </Button>
          )}
        </div>
      </div>
    )
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex min-h-0 flex-1 flex-col">
      <div className="grid grid-cols-1 flex-1 content-start gap-5 overflow-y-auto px-5 py-5 sm:px-6">
        <FormErrors messages={unplaced} />

        <ClientFields form={form} currentEmail={messages.data?.email} />

        <ServiceFields form={form} />

        {!appointment && repeat.every === '' && (
          <MoreServices form={form} more={more} onChange={setMore} />
        )}

        <WhenFields form={form} appointmentId={appointment?.id} more={more.filter((m) => m.serviceId && m.professionalId)} />

        {!appointment && more.length === 0 && (
          <RepeatFields
            repeat={repeat}
            onChange={(r) => {
              setRepeat(r)
              setReview(null)
            }}
          />
        )}
        {review && (
          <SeriesReview
            rows={review}
            onChange={(i, choice) => setReview((rows) => rows && rows.map((r, j) => (j === i ? { ...r, choice } : r)))}
            onRecheck={() => void preview(getValues(), review)}
          />
        )}

        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <FormField id="appointment-status" label="Status" error={errors.status?.message}>
            {(aria) => (
              <NativeSelect {...aria} {...register('status')}>
                {STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {STATUS_LABELS[s]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField id="appointment-payment" label="Forma de pagamento" optional error={errors.paymentMethod?.message}>
            {(aria) => (
              <NativeSelect {...aria} {...register('paymentMethod')}>
                <option value="">Não informada</option>
                {PAYMENT_METHODS.map((m) => (
                  <option key={m} value={m}>
                    {PAYMENT_LABELS[m]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
        </div>

        <FormField id="appointment-notes" label="Observações" optional error={errors.notes?.message}>
          {(aria) => <Textarea rows={2} className="min-h-18" {...aria} {...register('notes')} />}
        </FormField>
      </div>

      <div className="grid shrink-0 grid-cols-2 gap-2 border-t bg-card px-5 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:flex sm:justify-end sm:px-6">
        <DialogClose asChild>
          <Button variant="outline" disabled={isSubmitting || forcing}>
            Cancelar
          </Button>
        </DialogClose>
        <Button type="submit" disabled={isSubmitting || forcing || (review !== null && kept === 0)} className="sm:min-w-28">
          {isSubmitting && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
          {!appointment && repeat.every !== '' ? (review ? `Agendar ${kept === 1 ? '1 horário' : `${kept} horários`}` : 'Ver datas') : 'Salvar'}
        </Button>
      </div>

      <ConfirmDialog
        open={scopeAsk !== null}
        onOpenChange={(open) => !open && setScopeAsk(null)}
        title="Alterar a série?"
        description="Este horário faz parte de uma série. A alteração vale só para ele ou também para os próximos?"
        confirmLabel="Este e os próximos"
        cancelLabel="Voltar"
        destructive={false}
        onConfirm={() => scopeAsk && void saveFollowing(scopeAsk)}
      >
        <Button
          variant="outline"
          className="w-full"
          onClick={() => {
            const values = scopeAsk
            setScopeAsk(null)
            if (values) void save(values, false)
          }}
        >
          Só este
        </Button>
      </ConfirmDialog>
      <ConfirmDialog
        open={visitAsk !== null}
        onOpenChange={(open) => !open && setVisitAsk(null)}
        title="Remarcar a visita toda?"
        description="Este serviço faz parte de uma visita com outros. Os demais vão junto, no mesmo passo, ou fica só este no novo horário?"
        confirmLabel="A visita toda"
        cancelLabel="Voltar"
        destructive={false}
        onConfirm={() => visitAsk && void saveVisit(visitAsk)}
      >
        <Button
          variant="outline"
          className="w-full"
          onClick={() => {
            const values = visitAsk
            setVisitAsk(null)
            if (values) void save(values, false)
          }}
        >
          Só este
        </Button>
      </ConfirmDialog>
      <ConfirmDialog
        open={conflict !== null}
        onOpenChange={(open) => {
          if (open) return
          setConflict(null)
          setFollowingClash(false)
        }}
        title="Horário ocupado"
        description={conflict}
        confirmLabel="Agendar mesmo assim"
        cancelLabel="Escolher outro horário"
        destructive={false}
        pending={forcing}
        onConfirm={() => void confirmForce()}
      />
    </form>
  )
}
