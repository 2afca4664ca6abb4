import { Controller, useWatch } from 'react-hook-form'

import { FormField } from '@/components/forms/form-field'
import { WorkingHoursEditor } from '@/components/forms/working-hours-editor'
import { FieldError } from '@/components/ui/field'
import { NativeSelect } from '@/components/ui/select'
import { formatDuration } from '@/lib/format'
import type { Weekday } from '@/lib/working-hours'

import { TIME_ZONES } from '../api/update-store'
import { Section, type StoreFormApi, UnitInput } from './store-form-section'

/** StoreBookingSection: the order of the choices, notice, horizon and time zone. */
export function StoreBookingSection({ form }: { form: StoreFormApi }) {
  const {
    register,
    control,
    formState: { errors },
  } = form
  const [minNotice, horizon] = useWatch({ control, name: ['minNoticeMin', 'horizonDays'] })
  return (
    <Section id="store-booking" title="Agendamento" description="Como e quando os clientes podem agendar.">
      <fieldset className="grid grid-cols-1 gap-3">
        <legend className="mb-3 text-sm font-medium">Ordem das escolhas</legend>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {(
            [
              ['service-first', 'Serviço primeiro', 'O cliente escolhe o serviço e depois o profissional.'],
              ['professional-first', 'Profissional primeiro', 'O cliente escolhe o profissional e depois o serviço.'],
            ] as const
          ).map(([value, label, text]) => (
            <label
              key={value}
              className="flex cursor-pointer gap-3 rounded-xl border p-4 transition-colors has-checked:border-primary has-checked:bg-secondary/60 has-focus-visible:ring-[3px] has-focus-visible:ring-ring/40"
            >
              <input
                type="radio"
                value={value}
                className="mt-0.5 size-5 shrink-0 accent-primary outline-none"
                {...register('bookingFlow')}
              />
              <span className="grid grid-cols-1 gap-0.5">
                <span className="text-sm font-medium">{label}</span>
                <span className="text-[0.8rem] text-muted-foreground">{text}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <FormField
          id="store-min-notice"
          label="Antecedência mínima"
          hint={
            /^\d+$/.test(minNotice)
              ? Number(minNotice) === 0
                ? 'Os clientes podem agendar até o último minuto.'
                : `Os clientes agendam com pelo menos ${formatDuration(Number(minNotice))} de antecedência.`
              : 'Em minutos.'
          }
          error={errors.minNoticeMin?.message}
        >
          {(aria) => <UnitInput unit="minutos" {...aria} {...register('minNoticeMin')} />}
        </FormField>
        <FormField
          id="store-horizon"
          label="Horizonte de agendamento"
          hint={
            /^\d+$/.test(horizon) && Number(horizon) > 0
              ? `Os clientes veem horários de até ${horizon} ${Number(horizon) === 1 ? 'dia' : 'dias'} à frente.`
              : 'Em dias.'
          }
          error={errors.horizonDays?.message}
        >
          {(aria) => <UnitInput unit="dias" {...aria} {...register('horizonDays')} />}
        </FormField>
      </div>
      <FormField
        id="store-time-zone"
        label="Fuso horário"
        hint="O horário de Brasília vale para SP, RJ, MG, ES, GO, DF e a região Sul."
        error={errors.timeZone?.message}
      >
        {(aria) => (
          <NativeSelect {...aria} {...register('timeZone')}>
            {TIME_ZONES.map((zone) => (
              <option key={zone.value} value={zone.value}>
                {zone.label}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
    </Section>
  )
}

/** StoreHoursSection: the days and hours the store works. */
export function StoreHoursSection({ form }: { form: StoreFormApi }) {
  const {
    control,
    formState: { errors },
  } = form
  const hoursErrors: Partial<Record<Weekday, string | undefined>> = {}
  for (const day of Object.keys(errors.workingHours ?? {}) as Weekday[]) {
    hoursErrors[day] = errors.workingHours?.[day]?.message
  }
  return (
    <Section
      id="store-hours"
      title="Horário de funcionamento"
      description="Os dias e horários em que a loja atende."
    >
      <Controller
        control={control}
        name="workingHours"
        render={({ field }) => (
          <WorkingHoursEditor
            idPrefix="store-hours"
            value={field.value}
            onChange={field.onChange}
            errors={hoursErrors}
          />
        )}
      />
      <FieldError message={errors.workingHours?.message} />
    </Section>
  )
}
