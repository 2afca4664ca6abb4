import { zodResolver } from '@hookform/resolvers/zod'
import { LoaderCircleIcon } from 'lucide-react'
import { useState } from 'react'
import { Controller, useForm, useWatch } from 'react-hook-form'

import { FormErrors } from '@/components/forms/form-errors'
import { FormField } from '@/components/forms/form-field'
import { useFormSubmit } from '@/components/forms/use-form-submit'
import { WorkingHoursEditor } from '@/components/forms/working-hours-editor'
import { PhotosField } from '@/components/upload/photos-field'
import { Button } from '@/components/ui/button'
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
import { Switch } from '@/components/ui/switch'
import { TagInput } from '@/components/ui/tag-input'
import type { Weekday, WorkingHours } from '@/lib/working-hours'

import { useCreateProfessional } from '../api/create-professional'
import type { Professional } from '../api/get-professionals'
import {
  intervalOptions,
  extractEmbedUrl,
  formToProfessionalInput,
  MAX_PHOTOS,
  MAX_SPECIALTIES,
  PROFESSIONAL_FIELD_PATHS,
  professionalFormSchema,
  professionalToForm,
  type ProfessionalFormValues,
} from '../api/professional-form'
import { useUpdateProfessional } from '../api/update-professional'

const calendarOptions = [
  { value: 'app', label: 'Agenda do Agendo', text: 'Os horários livres vêm da agenda do Agendo.' },
  { value: 'google', label: 'Google Agenda', text: 'Mostra a agenda do Google na página do profissional.' },
] as const

/**
 * ProfessionalFormDialog creates or edits a professional. It fills the screen on a phone;
 * closing it with changes asks before throwing away what was typed.
 */
export function ProfessionalFormDialog({
  open,
  onOpenChange,
  professional,
  storeHours,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** null creates a new one. */
  professional: Professional | null
  storeHours: WorkingHours | null | undefined
}) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        fullScreenOnMobile
        className="flex flex-col gap-0 overflow-hidden p-0 sm:max-w-2xl"
      >
        <DialogHeader className="border-b px-5 py-4 sm:px-6">
          <DialogTitle>{professional ? 'Editar profissional' : 'Novo profissional'}</DialogTitle>
          <DialogDescription>
            O que aparece na sua página pública e as regras da agenda de quem atende.
          </DialogDescription>
        </DialogHeader>
        <ProfessionalForm
          key={professional?.id ?? 'new'}
          professional={professional}
          storeHours={storeHours}
          onDone={() => onOpenChange(false)}
        />
      </DialogContent>
    </FormDialog>
  )
}

function ProfessionalForm({
  professional,
  storeHours,
  onDone,
}: {
  professional: Professional | null
  storeHours: WorkingHours | null | undefined
  onDone: () => void
}) {
  const create = useCreateProfessional()
  const update = useUpdateProfessional()
  const [uploading, setUploading] = useState(false)
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProfessionalFormValues>({
    resolver: zodResolver(professionalFormSchema),
    defaultValues: professionalToForm(professional, storeHours),
  })
  useDiscardGuard(isDirty)
  const { submit, unplaced } = useFormSubmit({
    setError,
    paths: PROFESSIONAL_FIELD_PATHS,
    log: 'Erro ao salvar profissional',
    failure: 'Não foi possível salvar o profissional.',
  })
  const [calendarType, followsStore] = useWatch({ control, name: ['calendarType', 'useStoreHours'] })

  const onSubmit = handleSubmit(async (values) => {
    const input = formToProfessionalInput(values)
    const saved = await submit(
      () => (professional ? update.mutateAsync({ id: professional.id, input }) : create.mutateAsync(input)),
      { done: professional ? 'Profissional atualizado' : 'Profissional cadastrado' },
    )
    if (saved) onDone()
  })

  const hoursErrors: Partial<Record<Weekday, string | undefined>> = {}
  for (const day of Object.keys(errors.workingHours ?? {}) as Weekday[]) {
    hoursErrors[day] = errors.workingHours?.[day]?.message
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex min-h-0 flex-1 flex-col">
      <div className="grid grid-cols-1 flex-1 gap-6 overflow-y-auto px-5 py-5 sm:px-6">
        <FormErrors list messages={unplaced} />

        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <FormField id="professional-name" label="Nome" error={errors.name?.message}>
            {(aria) => <Input autoComplete="off" {...aria} {...register('name')} />}
          </FormField>
          <FormField id="professional-role" label="Função" optional error={errors.role?.message}>
            {(aria) => <Input placeholder="Ex.: Cabeleireira" {...aria} {...register('role')} />}
          </FormField>
        </div>

        <FormField
          id="professional-specialties"
          label="Especialidades"
          optional
          hint={`Digite e toque em Enter, ou separe com vírgula. Até ${MAX_SPECIALTIES}.`}
          error={errors.specialties?.message}
        >
          {(aria) => (
            <Controller
              control={control}
              name="specialties"
              render={({ field }) => (
                <TagInput
                  {...aria}
                  placeholder="Ex.: Coloração"
                  value={field.value}
                  onChange={field.onChange}
                  maxTags={MAX_SPECIALTIES}
                  addLabel="Adicionar especialidade"
                />
              )}
            />
          )}
        </FormField>

        <div className="grid grid-cols-1 gap-2">
          <span className="flex items-center gap-2 text-sm font-medium">
            Fotos <span className="font-normal text-muted-foreground">(opcional)</span>
          </span>
          <Controller
            control={control}
            name="photos"
            render={({ field }) => (
              <PhotosField
                id="professional-photos"
                value={field.value}
                onChange={field.onChange}
                max={MAX_PHOTOS}
                error={errors.photos?.message}
                onUploadingChange={setUploading}
              />
            )}
          />
        </div>

        <fieldset className="grid grid-cols-1 gap-3">
          <legend className="mb-3 text-sm font-medium">Agenda</legend>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            {calendarOptions.map((option) => (
              <label
                key={option.value}
                className="flex cursor-pointer gap-3 rounded-xl border p-4 transition-colors has-checked:border-primary has-checked:bg-secondary/60 has-focus-visible:ring-[3px] has-focus-visible:ring-ring/40"
              >
                <input
                  type="radio"
                  value={option.value}
                  className="mt-0.5 size-5 shrink-0 accent-primary outline-none"
                  {...register('calendarType')}
                />
                <span className="grid grid-cols-1 gap-0.5">
                  <span className="text-sm font-medium">{option.label}</span>
                  <span className="text-[0.8rem] text-muted-foreground">{option.text}</span>
                </span>
              </label>
            ))}
          </div>
          {calendarType === 'google' && (
            <FormField
              id="professional-google-embed"
              label="Link de incorporação do Google Agenda"
              hint="No Google Agenda, abra Configurações › sua agenda › Integrar agenda e copie o link (ou o código) de incorporação."
              error={errors.googleCalendarEmbed?.message}
            >
              {(aria) => (
                <Input
                  type="url"
                  inputMode="url"
                  autoCapitalize="none"
                  placeholder="https://calendar.google.com/calendar/embed?src=..."
                  {...aria}
                  {...register('googleCalendarEmbed', {
                    // Pasting the whole <iframe> code keeps only its address.
                    onBlur: (event: { target: HTMLInputElement }) =>
                      setValue('googleCalendarEmbed', extractEmbedUrl(event.target.value)),
                  })}
                />
              )}
            </FormField>
          )}
        </fieldset>

        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <FormField
            id="professional-interval"
            label="Intervalo entre horários"
            hint="De quanto em quanto tempo os horários são oferecidos."
            error={errors.bookingInterval?.message}
          >
            {(aria) => (
              <NativeSelect {...aria} {...register('bookingInterval')}>
                {intervalOptions(professional?.bookingInterval).map((minutes) => (
                  <option key={minutes} value={String(minutes)}>
                    {minutes} min
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField
            id="professional-commission"
            label="Comissão"
            hint="Percentual sobre os serviços realizados, para os relatórios."
            error={errors.commissionPct?.message}
          >
            {(aria) => (
              <div className="relative">
                <Input inputMode="numeric" className="pr-10" {...aria} {...register('commissionPct')} />
                <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-muted-foreground">
                  %
                </span>
              </div>
            )}
          </FormField>
        </div>

        <section aria-labelledby="professional-hours-title" className="grid grid-cols-1 gap-3">
          <div>
            <h3 id="professional-hours-title" className="text-sm font-medium">
              Horário de trabalho
            </h3>
            <p className="text-[0.8rem] text-muted-foreground">
              {followsStore ? 'Atende em todo o horário de funcionamento da loja.' : 'Dias e horários em que atende.'}
            </p>
          </div>
          <Controller
            control={control}
            name="useStoreHours"
            render={({ field }) => (
              <label className="flex min-h-12 cursor-pointer items-center justify-between gap-3 rounded-lg border px-4 text-sm font-medium">
                Usar o horário da loja
                <Switch checked={field.value} onCheckedChange={field.onChange} />
              </label>
            )}
          />
          {!followsStore && (
            <>
              <Controller
                control={control}
                name="workingHours"
                render={({ field }) => (
                  <WorkingHoursEditor
                    idPrefix="professional-hours"
                    value={field.value}
                    onChange={field.onChange}
                    errors={hoursErrors}
                  />
                )}
              />
              <FieldError message={errors.workingHours?.message} />
            </>
          )}
        </section>
      </div>

      <div className="grid shrink-0 grid-cols-2 gap-2 border-t bg-card px-5 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:flex sm:justify-end sm:px-6">
        <DialogClose asChild>
          <Button variant="outline" disabled={isSubmitting}>
            Cancelar
          </Button>
        </DialogClose>
        <Button type="submit" disabled={isSubmitting || uploading} className="sm:min-w-28">
          {isSubmitting && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
          {uploading ? 'Enviando fotos...' : 'Salvar'}
        </Button>
      </div>
    </form>
  )
}
