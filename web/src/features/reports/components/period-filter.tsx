import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'

import { Button } from '@/components/ui/button'
import { ChoiceChip } from '@/components/ui/chip'
import { Field, FieldError, FieldLabel } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/select'

import { type CustomPeriodValues as CustomValues, customPeriodSchema } from '../api/get-report'
import { type Period, PERIODS, type ReportFilters } from '../utils/period'

// The report's filters: a period (a preset or two days) and one professional or all of them.

export type ProfessionalOption = { id: string; name: string }

/** The server's messages about the period, by field (from a 422). */
export type PeriodErrors = { from?: string; to?: string }

function CustomPeriod({
  from,
  to,
  errors: serverErrors,
  onApply,
}: {
  from: string
  to: string
  errors: PeriodErrors
  onApply: (values: CustomValues) => void
}) {
  const form = useForm<CustomValues>({ resolver: zodResolver(customPeriodSchema), defaultValues: { from, to } })
  const { errors } = form.formState
  const { setError } = form
  // The server's word on the days it was given, next to each day.
  useEffect(() => {
    if (serverErrors.from) setError('from', { type: 'server', message: serverErrors.from })
    if (serverErrors.to) setError('to', { type: 'server', message: serverErrors.to })
  }, [serverErrors.from, serverErrors.to, setError])

  return (
    <form
      aria-label="Período personalizado"
      noValidate
      onSubmit={(e) => void form.handleSubmit(onApply)(e)}
      className="grid grid-cols-2 items-start gap-3 sm:grid-cols-3 lg:grid-cols-4"
    >
      <Field>
        <FieldLabel htmlFor="report-from">De</FieldLabel>
        <Input
          id="report-from"
          type="date"
          aria-invalid={errors.from ? true : undefined}
          aria-describedby={errors.from ? 'report-from-error' : undefined}
          {...form.register('from')}
        />
        <FieldError id="report-from-error" message={errors.from?.message} />
      </Field>
      <Field>
        <FieldLabel htmlFor="report-to">Até</FieldLabel>
        <Input
          id="report-to"
          type="date"
          aria-invalid={errors.to ? true : undefined}
          aria-describedby={errors.to ? 'report-to-error' : undefined}
          {...form.register('to')}
        />
        <FieldError id="report-to-error" message={errors.to?.message} />
      </Field>
      <Button type="submit" variant="outline" className="rp-apply col-span-2 sm:col-span-1">
        Aplicar
      </Button>
    </form>
  )
}

/**
 * PeriodFilter chooses the period and the professional. `shown` is the period on screen: choosing
 * 'Personalizado' starts from it.
 */
export function PeriodFilter({
  filters,
  onChange,
  professionals,
  shown,
  errors,
}: {
  filters: ReportFilters
  onChange: (next: ReportFilters) => void
  professionals: readonly ProfessionalOption[] | undefined
  shown: { from: string; to: string } | null
  errors: PeriodErrors
}) {
  // The chip takes the tap at once; the address (and so `filters`) follows a moment later.
  const [picked, setPicked] = useState<Period | null>(null)
  const [seen, setSeen] = useState(filters.period)
  if (seen !== filters.period) {
    setSeen(filters.period)
    setPicked(null)
  }
  const current = picked ?? filters.period
  const choose = (period: Period) => {
    setPicked(period)
    if (period === filters.period) return
    if (period === 'custom') {
      onChange({ ...filters, period, from: shown?.from ?? '', to: shown?.to ?? '' })
    } else {
      onChange({ period, professionalId: filters.professionalId })
    }
  }
  const known = !filters.professionalId || !professionals || professionals.some((p) => p.id === filters.professionalId)

  return (
    <div className="rp-noprint grid grid-cols-1 gap-4 rounded-xl border bg-card p-4 shadow-xs sm:p-5">
      <div className="grid grid-cols-1 items-end gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <fieldset className="min-w-0">
          <legend className="mb-2 text-sm font-medium">Período</legend>
          <div className="flex flex-wrap gap-2">
            {PERIODS.map((p) => (
              <ChoiceChip
                key={p.value}
                name="report-period"
                value={p.value}
                label={p.label}
                checked={current === p.value}
                onChange={() => choose(p.value)}
                className="whitespace-nowrap"
              />
            ))}
          </div>
        </fieldset>
        <div className="grid grid-cols-1 gap-2">
          <Label htmlFor="report-professional">Profissional</Label>
          <NativeSelect
            id="report-professional"
            value={filters.professionalId ?? ''}
            onChange={(e) => onChange({ ...filters, professionalId: e.target.value || undefined })}
          >
            <option value="">Todos os profissionais</option>
            {professionals?.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
            {!known && <option value={filters.professionalId}>Profissional removido</option>}
          </NativeSelect>
        </div>
      </div>
      {filters.period === 'custom' && (
        <CustomPeriod
          key={`${filters.from ?? ''}|${filters.to ?? ''}`}
          from={filters.from ?? ''}
          to={filters.to ?? ''}
          errors={errors}
          onApply={(v) => onChange({ ...filters, from: v.from, to: v.to })}
        />
      )}
    </div>
  )
}
