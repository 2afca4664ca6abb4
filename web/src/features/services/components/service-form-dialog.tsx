import { zodResolver } from '@hookform/resolvers/zod'
import { LoaderCircleIcon } from 'lucide-react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import { Link } from 'react-router'

import { FormErrors } from '@/components/forms/form-errors'
import { FormField } from '@/components/forms/form-field'
import { useFormSubmit } from '@/components/forms/use-form-submit'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
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
import { Skeleton } from '@/components/ui/skeleton'
import { Textarea } from '@/components/ui/textarea'
import { paths } from '@/config/paths'
import { formatDuration, parsePrice } from '@/lib/format'
import { formatCentsInput } from '@/lib/money'
import { cn } from '@/lib/utils'

import { useCreateService } from '../api/create-service'
import type { Service } from '../api/get-services'
import {
  DURATION_PRESETS,
  formToServiceInput,
  parseDuration,
  SERVICE_FIELD_PATHS,
  serviceFormSchema,
  serviceToForm,
  type ServiceFormValues,
} from '../api/service-form'
import { useUpdateService } from '../api/update-service'
import type { ProfessionalName } from './service-card'
import { ComboFields } from './service-combo-fields'
import { ServiceTimingFields } from './service-timing-fields'

/** ServiceFormDialog creates or edits a service; full screen on a phone. */
export function ServiceFormDialog({
  open,
  onOpenChange,
  service,
  professionals,
  services,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  service: Service | null
  /** undefined while they load. */
  professionals: readonly ProfessionalName[] | undefined
  /** The store's services, for a combo's 'Pacote' (undefined while they load). */
  services?: readonly Service[]
}) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        fullScreenOnMobile
        className="flex flex-col gap-0 overflow-hidden p-0 sm:max-w-lg"
      >
        <DialogHeader className="border-b px-5 py-4 sm:px-6">
          <DialogTitle>{service ? 'Editar serviço' : 'Novo serviço'}</DialogTitle>
          <DialogDescription>Nome, duração e preço como os clientes verão ao agendar.</DialogDescription>
        </DialogHeader>
        <ServiceForm
          key={service?.id ?? 'new'}
          service={service}
          professionals={professionals}
          services={services}
          onDone={() => onOpenChange(false)}
        />
      </DialogContent>
    </FormDialog>
  )
}

function ServiceForm({
  service,
  professionals,
  services,
  onDone,
}: {
  service: Service | null
  professionals: readonly ProfessionalName[] | undefined
  services: readonly Service[] | undefined
  onDone: () => void
}) {
  const create = useCreateService()
  const update = useUpdateService()
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ServiceFormValues>({
    resolver: zodResolver(serviceFormSchema),
    defaultValues: serviceToForm(service),
  })
  useDiscardGuard(isDirty)
  const { submit, unplaced } = useFormSubmit({
    setError,
    paths: SERVICE_FIELD_PATHS,
    log: 'Erro ao salvar serviço',
    failure: 'Não foi possível salvar o serviço.',
  })
  const duration = useWatch({ control, name: 'duration' })
  const minutes = parseDuration(duration)

  const onSubmit = handleSubmit(async (values) => {
    const input = formToServiceInput(values)
    const saved = await submit(
      () => (service ? update.mutateAsync({ id: service.id, input }) : create.mutateAsync(input)),
      { done: service ? 'Serviço atualizado' : 'Serviço cadastrado' },
    )
    if (saved) onDone()
  })

  return (
    <form noValidate onSubmit={onSubmit} className="flex min-h-0 flex-1 flex-col">
      <div className="grid grid-cols-1 flex-1 content-start gap-5 overflow-y-auto px-5 py-5 sm:px-6">
        <FormErrors messages={unplaced} />
        <FormField id="service-name" label="Nome" error={errors.name?.message}>
          {(aria) => <Input autoComplete="off" placeholder="Ex.: Corte feminino" {...aria} {...register('name')} />}
        </FormField>
        <FormField id="service-description" label="Descrição" optional error={errors.description?.message}>
          {(aria) => <Textarea rows={2} className="min-h-18" {...aria} {...register('description')} />}
        </FormField>

        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <FormField
            id="service-duration"
            label="Duração"
            hint={minutes !== null && minutes >= 60 ? `${formatDuration(minutes)} no total.` : undefined}
            error={errors.duration?.message}
          >
            {(aria) => (
              <div className="relative">
                <Input inputMode="numeric" className="pr-12" {...aria} {...register('duration')} />
                <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-muted-foreground">
                  min
                </span>
              </div>
            )}
          </FormField>
          <FormField id="service-price" label="Preço" optional hint="Em branco: sem preço na página." error={errors.price?.message}>
            {(aria) => (
              <div className="relative">
                <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted-foreground">
                  R$
                </span>
                <Input
                  inputMode="decimal"
                  placeholder="0,00"
                  className="pl-10"
                  {...aria}
                  {...register('price', {
                    // "45,9" reads back as "45,90" once the field is left.
                    onBlur: (event: { target: HTMLInputElement }) => {
                      const parsed = parsePrice(event.target.value)
                      if (parsed.ok && parsed.cents !== null) setValue('price', formatCentsInput(parsed.cents))
                    },
                  })}
                />
              </div>
            )}
          </FormField>
        </div>
        <div className="-mt-2 flex flex-wrap gap-2" role="group" aria-label="Durações comuns">
          {DURATION_PRESETS.map((preset) => (
            <button
              key={preset}
              type="button"
              onClick={() => setValue('duration', String(preset), { shouldDirty: true, shouldValidate: true })}
              className={cn(
                'h-11 rounded-full border px-3.5 text-sm outline-none transition-colors sm:h-9 sm:px-3 hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50',
                minutes === preset && 'border-primary bg-secondary font-medium text-secondary-foreground',
              )}
            >
              {formatDuration(preset)}
            </button>
          ))}
        </div>

        <ServiceTimingFields register={register} errors={errors} />

        <Controller
          control={control}
          name="professionalIds"
          render={({ field }) => (
            <fieldset className="grid grid-cols-1 gap-2">
              <legend className="mb-2 text-sm font-medium">Quem realiza</legend>
              {professionals === undefined ? (
                <Skeleton className="h-12 rounded-lg" />
              ) : professionals.length === 0 ? (
                <p className="rounded-lg border border-dashed px-4 py-3 text-sm text-muted-foreground">
                  Nenhum profissional cadastrado.{' '}
                  <Link to={paths.dashboard.professionals.path} className="font-medium text-primary underline-offset-4 hover:underline">
                    Cadastrar profissionais
                  </Link>
                </p>
              ) : (
                <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
                  {professionals.map((p) => (
                    <label
                      key={p.id}
                      className="flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border px-3 text-sm font-medium has-checked:border-primary/60 has-checked:bg-secondary/50"
                    >
                      <Checkbox
                        checked={field.value.includes(p.id)}
                        onChange={(event) =>
                          field.onChange(
                            event.target.checked
                              ? professionals.map((x) => x.id).filter((id) => id === p.id || field.value.includes(id))
                              : field.value.filter((id) => id !== p.id),
                          )
                        }
                      />
                      <span className="min-w-0 truncate">{p.name}</span>
                    </label>
                  ))}
                </div>
              )}
              <FieldError message={errors.professionalIds?.message} />
            </fieldset>
          )}
        />

        <ComboFields control={control} services={services} self={service?.id ?? null} error={errors.includes?.message} />
      </div>
      <div className="grid shrink-0 grid-cols-2 gap-2 border-t bg-card px-5 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:flex sm:justify-end sm:px-6">
        <DialogClose asChild>
          <Button variant="outline" disabled={isSubmitting}>
            Cancelar
          </Button>
        </DialogClose>
        <Button type="submit" disabled={isSubmitting} className="sm:min-w-28">
          {isSubmitting && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
          Salvar
        </Button>
      </div>
    </form>
  )
}
