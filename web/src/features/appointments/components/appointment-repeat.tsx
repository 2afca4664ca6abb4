import { AlertTriangleIcon, CheckIcon } from 'lucide-react'

import { FormField } from '@/components/forms/form-field'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/select'
import { dayMonth, weekdayShort } from '@/lib/dates'
import { cn } from '@/lib/utils'

import { type OccurrenceChoice, type PreviewOccurrence, type Repeat, REPEAT_OPTIONS } from '../api/series'

/** RepeatFields sets how a new appointment repeats: how often, and until a date or how many times. */
export function RepeatFields({ repeat, onChange }: { repeat: Repeat; onChange: (r: Repeat) => void }) {
  return (
    <fieldset className="grid grid-cols-1 gap-3">
      <legend className="sr-only">Repetição</legend>
      <FormField id="appointment-repeat" label="Repetir">
        {(aria) => (
          <NativeSelect {...aria} value={repeat.every} onChange={(e) => onChange({ ...repeat, every: e.target.value })}>
            {REPEAT_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      {repeat.every !== '' && (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <FormField id="appointment-repeat-end" label="Termina">
            {(aria) => (
              <NativeSelect
                {...aria}
                value={repeat.end}
                onChange={(e) => onChange({ ...repeat, end: e.target.value as Repeat['end'] })}
              >
                <option value="count">Depois de algumas vezes</option>
                <option value="until">Em uma data</option>
              </NativeSelect>
            )}
          </FormField>
          {repeat.end === 'count' ? (
            <FormField id="appointment-repeat-count" label="Quantas vezes, ao todo" hint="De 2 a 52.">
              {(aria) => (
                <Input
                  inputMode="numeric"
                  {...aria}
                  value={repeat.count}
                  onChange={(e) => onChange({ ...repeat, count: e.target.value })}
                />
              )}
            </FormField>
          ) : (
            <FormField id="appointment-repeat-until" label="Até">
              {(aria) => (
                <Input type="date" {...aria} value={repeat.until} onChange={(e) => onChange({ ...repeat, until: e.target.value })} />
              )}
            </FormField>
          )}
        </div>
      )}
    </fieldset>
  )
}

const CHIP =
  'h-11 rounded-full border px-3.5 text-sm outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:h-9'
const PRESSED = 'border-primary bg-secondary font-medium text-secondary-foreground'

/** ReviewRow is the owner's answer for one date of the preview, with what the server said of it. */
export type ReviewRow = PreviewOccurrence & { choice: OccurrenceChoice }

/**
 * SeriesReview lists every date of a series; each that clashes says why and offers another time,
 * skipping it, or booking it anyway.
 */
export function SeriesReview({
  rows,
  onChange,
  onRecheck,
}: {
  rows: ReviewRow[]
  onChange: (index: number, choice: OccurrenceChoice) => void
  onRecheck: () => void
}) {
  const clashes = rows.filter((r) => r.clash && !r.choice.skip && !r.choice.force).length
  return (
    <section aria-labelledby="series-review-title" className="grid grid-cols-1 gap-3">
      <h3 id="series-review-title" className="font-semibold">
        Confira as datas
      </h3>
      <p className="text-sm text-muted-foreground" role="status">
        {clashes === 0
          ? 'Todas as datas estão resolvidas.'
          : clashes === 1
            ? '1 data está ocupada: escolha outro horário, pule ou agende mesmo assim.'
            : `${clashes} datas estão ocupadas: escolha outro horário, pule ou agende mesmo assim para cada uma.`}
      </p>
      <ol className="grid grid-cols-1 divide-y rounded-xl border">
        {rows.map((r, i) => {
          const label = `${weekdayShort(r.date)} ${dayMonth(r.date)}`
          const open = r.clash && !r.choice.skip && !r.choice.force
          return (
            <li key={r.date} aria-label={label} className={cn('grid grid-cols-1 gap-2 px-3 py-2.5', r.choice.skip && 'opacity-60')}>
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className={cn('font-medium tabular-nums', r.choice.skip && 'line-through')} style={{ minWidth: '5rem' }}>
                  {label}
                </span>
                <Input
                  type="time"
                  aria-label={`Horário de ${label}`}
                  className="h-11 sm:h-9"
                  style={{ width: '8rem' }}
                  value={r.choice.time}
                  disabled={r.choice.skip}
                  onChange={(e) => onChange(i, { ...r.choice, time: e.target.value, force: false })}
                  onBlur={onRecheck}
                />
                <span className="ml-auto flex items-center gap-1 text-sm">
                  {r.choice.skip ? (
                    <span className="text-muted-foreground">Pulada</span>
                  ) : r.choice.force ? (
                    <span className="text-muted-foreground">Agendar mesmo assim</span>
                  ) : r.clash ? (
                    <span className="flex items-center gap-1 font-medium text-destructive">
                      <AlertTriangleIcon className="size-4" aria-hidden="true" />
                      Ocupado
                    </span>
                  ) : (
                    <span className="flex items-center gap-1 text-success">
                      <CheckIcon className="size-4" aria-hidden="true" />
                      Livre
                    </span>
                  )}
                </span>
              </div>
              {open && <p className="text-sm text-muted-foreground">{r.clash}</p>}
              {(r.clash || r.choice.skip) && (
                <div className="flex flex-wrap gap-2">
                  <button
                    type="button"
                    aria-pressed={r.choice.skip === true}
                    onClick={() => onChange(i, { ...r.choice, skip: !r.choice.skip, force: false })}
                    className={cn(CHIP, r.choice.skip && PRESSED)}
                  >
                    Pular esta data
                  </button>
                  {r.clash && !r.choice.skip && (
                    <button
                      type="button"
                      aria-pressed={r.choice.force === true}
                      onClick={() => onChange(i, { ...r.choice, force: !r.choice.force })}
                      className={cn(CHIP, r.choice.force && PRESSED)}
                    >
                      Agendar mesmo assim
                    </button>
                  )}
                </div>
              )}
            </li>
          )
        })}
      </ol>
    </section>
  )
}
