import { zodResolver } from '@hookform/resolvers/zod'
import { LoaderCircleIcon } from 'lucide-react'
import { useState } from 'react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import { Link } from 'react-router'

import { FormErrors } from '@/components/forms/form-errors'
import { FormField } from '@/components/forms/form-field'
import { useFormSubmit } from '@/components/forms/use-form-submit'
import { Button } from '@/components/ui/button'
import { Chip, ChoiceChip } from '@/components/ui/chip'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import {
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { FieldError } from '@/components/ui/field'
import { FormDialog } from '@/components/ui/form-dialog'
import { useDiscardGuard } from '@/components/ui/use-discard-guard'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/select'
import { Skeleton } from '@/components/ui/skeleton'
import { Textarea } from '@/components/ui/textarea'
import { paths } from '@/config/paths'
import { isApiError } from '@/lib/api-client'
import { PAYMENT_LABELS, PAYMENT_METHODS, STATUS_LABELS, STATUSES } from '@/lib/appointment-status'
import { addDays, isValidDate, longDate } from '@/lib/dates'
import { countLabel, formatDuration } from '@/lib/format'
import { formatBRL } from '@/lib/money'
import { formatPhone, maskPhoneInput } from '@/lib/phone'
import { usePlanLimitRedirect } from '@/lib/plan-limit'

import {
  APPOINTMENT_FIELD_PATHS,
  type AppointmentDefaults,
  appointmentFormSchema,
  type AppointmentFormValues,
  appointmentToForm,
  formToAppointmentInput,
  professionalsFor,
} from '../api/appointment-form'
import { useCreateAppointment } from '../api/create-appointment'
import { type Appointment } from '../api/get-appointments'
import { suggestedTimes } from '../api/free-times'
import { useAvailability } from '../api/get-availability'
import { useUpdateAppointment } from '../api/update-appointment'
import { type CatalogService, findService, useCatalog, useStoreNow } from './catalog-context'
import { ClientNameField } from './client-name-field'

/**
 * Up to this many services (or professionals for the chosen service) show as chips, one tap
 * each; more fall back to a list, which a phone opens as its own picker.
 */
const CHIP_LIMIT = 8
/** How many of the next free times show before 'Ver mais'. */
const FIRST_TIMES = 12

function serviceDetail(s: CatalogService) {
  return [formatDuration(s.duration), s.price !== null ? formatBRL(s.price) : null].filter(Boolean).join(' · ')
}

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
          <DialogDescription>Cliente, serviço, profissional e horário.</DialogDescription>
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
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<AppointmentFormValues>({
    resolver: zodResolver(appointmentFormSchema),
    defaultValues: appointmentToForm(appointment, defaults),
  })
  useDiscardGuard(isDirty)
  const { submit, unplaced } = useFormSubmit({
    setError,
    paths: APPOINTMENT_FIELD_PATHS,
    log: 'Erro ao salvar agendamento',
    failure: 'Não foi possível salvar o agendamento.',
  })
  const [serviceId, professionalId, date, time] = useWatch({
    control,
    name: ['serviceId', 'professionalId', 'date', 'time'],
  })
  const service = findService(catalog, serviceId)
  const eligible = professionalsFor(service, catalog.professionals)
  const availabilityReady = Boolean(serviceId && professionalId && isValidDate(date))
  const availability = useAvailability(
    { professionalId, serviceId, date, except: appointment?.id },
    availabilityReady && eligible.some((p) => p.id === professionalId),
  )
  const freeTimes = availability.data ?? []
  const now = useStoreNow()
  const tomorrow = addDays(now.date, 1)
  const suggestions = suggestedTimes(freeTimes, date, now)
  const [allTimes, setAllTimes] = useState(false)
  // The next free times first; all of them on request, or when the chosen one is further on.
  const shownTimes =
    allTimes || suggestions.indexOf(time) >= FIRST_TIMES ? suggestions : suggestions.slice(0, FIRST_TIMES)

  // Keep the professional only if they perform the new service; pick the only one who does.
  const serviceChanged = (id: string) => {
    const next = professionalsFor(findService(catalog, id), catalog.professionals)
    const current = getValues('professionalId')
    if (!next.some((p) => p.id === current)) {
      setValue('professionalId', next.length === 1 ? (next[0]?.id ?? '') : '', { shouldDirty: true })
    }
  }
  const pickDate = (d: string) => setValue('date', d, { shouldDirty: true, shouldValidate: true })

  const save = async (values: AppointmentFormValues, force: boolean) => {
    const input = formToAppointmentInput(values, force)
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

  const onSubmit = handleSubmit((values) => save(values, false))

  const confirmForce = async () => {
    setForcing(true)
    try {
      await save(getValues(), true)
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

  const timeIsFree = freeTimes.includes(time)

  return (
    <form noValidate onSubmit={onSubmit} className="flex min-h-0 flex-1 flex-col">
      <div className="grid grid-cols-1 flex-1 content-start gap-5 overflow-y-auto px-5 py-5 sm:px-6">
        <FormErrors messages={unplaced} />

        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <Controller
            control={control}
            name="clientName"
            render={({ field }) => (
              <FormField id="appointment-client" label="Cliente" error={errors.clientName?.message}>
                {(aria) => (
                  <ClientNameField
                    {...aria}
                    ref={field.ref}
                    name={field.name}
                    placeholder="Nome do cliente"
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    onPick={(client) => {
                      field.onChange(client.name)
                      setValue('clientPhone', formatPhone(client.phone), { shouldValidate: true, shouldDirty: true })
                    }}
                  />
                )}
              </FormField>
            )}
          />
          <Controller
            control={control}
            name="clientPhone"
            render={({ field }) => (
              <FormField id="appointment-phone" label="Telefone (WhatsApp)" error={errors.clientPhone?.message}>
                {(aria) => (
                  <Input
                    {...aria}
                    ref={field.ref}
                    name={field.name}
                    type="tel"
                    inputMode="tel"
                    autoComplete="off"
                    placeholder="(11) 91234-5678"
                    value={field.value}
                    onBlur={field.onBlur}
                    onChange={(event) => field.onChange(maskPhoneInput(event.target.value))}
                  />
                )}
              </FormField>
            )}
          />
        </div>

        {catalog.services.length <= CHIP_LIMIT ? (
          <fieldset className="grid grid-cols-1 gap-2">
            <legend className="mb-2 text-sm font-medium">Serviço</legend>
            <div className="flex flex-wrap gap-2">
              {catalog.services.map((s) => (
                <ChoiceChip
                  key={s.id}
                  value={s.id}
                  label={s.name}
                  detail={serviceDetail(s)}
                  aria-invalid={errors.serviceId ? true : undefined}
                  aria-describedby={errors.serviceId ? 'appointment-service-error' : undefined}
                  {...register('serviceId', { onChange: (event: { target: HTMLInputElement }) => serviceChanged(event.target.value) })}
                />
              ))}
            </div>
            <FieldError id="appointment-service-error" message={errors.serviceId?.message} />
          </fieldset>
        ) : (
          <FormField
            id="appointment-service"
            label="Serviço"
            hint={service ? serviceDetail(service) : undefined}
            error={errors.serviceId?.message}
          >
            {(aria) => (
              <NativeSelect
                {...aria}
                {...register('serviceId', { onChange: (event: { target: HTMLSelectElement }) => serviceChanged(event.target.value) })}
              >
                <option value="">Escolha o serviço</option>
                {catalog.services.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
        )}

        <Controller
          control={control}
          name="professionalId"
          render={({ field }) =>
            eligible.length <= CHIP_LIMIT ? (
              <fieldset className="grid grid-cols-1 gap-2">
                <legend className="mb-2 text-sm font-medium">Profissional</legend>
                {!service ? (
                  <p className="text-sm text-muted-foreground">Escolha antes o serviço.</p>
                ) : eligible.length === 0 ? (
                  <p className="text-sm text-muted-foreground">Ninguém realiza este serviço ainda.</p>
                ) : (
                  <div className="flex flex-wrap gap-2">
                    {eligible.map((p, i) => (
                      <ChoiceChip
                        key={p.id}
                        ref={i === 0 ? field.ref : undefined}
                        name={field.name}
                        value={p.id}
                        label={p.name}
                        checked={field.value === p.id}
                        onChange={() => field.onChange(p.id)}
                        onBlur={field.onBlur}
                        aria-invalid={errors.professionalId ? true : undefined}
                        aria-describedby={errors.professionalId ? 'appointment-professional-error' : undefined}
                      />
                    ))}
                  </div>
                )}
                <FieldError id="appointment-professional-error" message={errors.professionalId?.message} />
              </fieldset>
            ) : (
              <FormField id="appointment-professional" label="Profissional" error={errors.professionalId?.message}>
                {(aria) => (
                  // Controlled: the options change with the service, and the value must follow them.
                  <NativeSelect
                    {...aria}
                    ref={field.ref}
                    name={field.name}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                  >
                    <option value="">Escolha o profissional</option>
                    {eligible.map((p) => (
                      <option key={p.id} value={p.id}>
                        {p.name}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
            )
          }
        />

        <FormField
          id="appointment-date"
          label="Data"
          hint={isValidDate(date) ? longDate(date) : undefined}
          error={errors.date?.message}
        >
          {(aria) => (
            <div className="flex flex-wrap items-center gap-2">
              <Chip pressed={date === now.date} onClick={() => pickDate(now.date)}>
                Hoje
              </Chip>
              <Chip pressed={date === tomorrow} onClick={() => pickDate(tomorrow)}>
                Amanhã
              </Chip>
              <Input type="date" className="w-44 grow" {...aria} {...register('date')} />
            </div>
          )}
        </FormField>

        <fieldset className="grid grid-cols-1 gap-2">
          <legend className="mb-2 text-sm font-medium">Horários livres</legend>
          {!availabilityReady ? (
            <p className="text-sm text-muted-foreground">Escolha serviço, profissional e data para ver os horários livres.</p>
          ) : availability.isPending ? (
            <div className="flex gap-2" aria-busy="true">
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} className="h-11 w-16 rounded-full sm:h-9" />
              ))}
            </div>
          ) : availability.isError ? (
            <p className="text-sm text-muted-foreground">
              Não foi possível carregar os horários livres. Você ainda pode digitar o horário.
            </p>
          ) : suggestions.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              {date < now.date
                ? 'Esta data já passou. Você ainda pode digitar o horário.'
                : date === now.date && freeTimes.length > 0
                  ? 'Não há mais horários livres hoje. Escolha outro dia ou digite um horário.'
                  : 'Nenhum horário livre neste dia. Você ainda pode digitar um horário.'}
            </p>
          ) : (
            <div className="flex flex-wrap gap-2">
              {shownTimes.map((t) => (
                <Chip
                  key={t}
                  pressed={t === time}
                  onClick={() => setValue('time', t, { shouldDirty: true, shouldValidate: true })}
                >
                  {t}
                </Chip>
              ))}
              {shownTimes.length < suggestions.length && (
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  className="rounded-full border-dashed text-primary sm:h-9"
                  onClick={() => setAllTimes(true)}
                >
                  Mais {countLabel(suggestions.length - shownTimes.length, 'horário', 'horários')}
                </Button>
              )}
            </div>
          )}
        </fieldset>

        <FormField
          id="appointment-time"
          label="Horário"
          hint={
            time && availability.isSuccess && !timeIsFree && freeTimes.length > 0
              ? 'Este horário não está livre: ao salvar, você confirma se quer agendar mesmo assim.'
              : undefined
          }
          error={errors.time?.message}
        >
          {(aria) => <Input type="time" {...aria} {...register('time')} />}
        </FormField>

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
        <Button type="submit" disabled={isSubmitting || forcing} className="sm:min-w-28">
          {isSubmitting && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
          Salvar
        </Button>
      </div>

      <ConfirmDialog
        open={conflict !== null}
        onOpenChange={(open) => !open && setConflict(null)}
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
