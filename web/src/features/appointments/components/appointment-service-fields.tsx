import { Controller, useWatch } from 'react-hook-form'

import { FormField } from '@/components/forms/form-field'
import { ChoiceChip } from '@/components/ui/chip'
import { FieldError } from '@/components/ui/field'
import { NativeSelect } from '@/components/ui/select'
import { formatDuration } from '@/lib/format'
import { formatBRL } from '@/lib/money'

import { professionalsFor } from '../api/appointment-form'
import { type CatalogService, findService, useCatalog } from './catalog-context'
import type { AppointmentFormApi } from './appointment-form-api'

/**
 * Up to this many services (or professionals for the chosen service) show as chips, one tap
 * each; more fall back to a list, which a phone opens as its own picker.
 */
const CHIP_LIMIT = 8

function serviceDetail(s: CatalogService) {
  return [formatDuration(s.duration), s.price !== null ? formatBRL(s.price) : null].filter(Boolean).join(' · ')
}

/** ServiceFields: the service, then who of those who perform it. */
export function ServiceFields({ form }: { form: AppointmentFormApi }) {
  const catalog = useCatalog()
  const {
    register,
    control,
    getValues,
    setValue,
    formState: { errors },
  } = form
  const serviceId = useWatch({ control, name: 'serviceId' })
  const service = findService(catalog, serviceId)
  const eligible = professionalsFor(service, catalog.professionals)
  // Keep the professional only if they perform the new service; pick the only one who does.
  const serviceChanged = (id: string) => {
    const next = professionalsFor(findService(catalog, id), catalog.professionals)
    const current = getValues('professionalId')
    if (!next.some((p) => p.id === current)) {
      setValue('professionalId', next.length === 1 ? (next[0]?.id ?? '') : '', { shouldDirty: true })
    }
  }
  return (
    <>
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
    </>
  )
}
