import { CopyIcon } from 'lucide-react'
import { useState } from 'react'

import { Input } from '@/components/ui/input'
import { Switch } from '@/components/ui/switch'
import { cn } from '@/lib/utils'
import { copyToAllDays, WEEKDAYS, type DayHours, type Weekday, type WorkingHours } from '@/lib/working-hours'

/**
 * WorkingHoursEditor edits opening hours day by day: a switch for 'Aberto' and the opening
 * and closing times, with a button that copies a day's times to every day. Each day is a
 * group named by the weekday, so 'Aberto', 'Abertura' and 'Fechamento' read in context.
 */
export function WorkingHoursEditor({
  idPrefix,
  value,
  onChange,
  errors = {},
  disabled = false,
}: {
  idPrefix: string
  value: WorkingHours
  onChange: (hours: WorkingHours) => void
  errors?: Partial<Record<Weekday, string | undefined>>
  disabled?: boolean
}) {
  const [announcement, setAnnouncement] = useState('')

  const setDay = (day: Weekday, patch: Partial<DayHours>) =>
    onChange({ ...value, [day]: { ...value[day], ...patch } })

  return (
    <div className="grid grid-cols-1 gap-3">
      <p className="text-[0.8rem] text-muted-foreground">
        Use <CopyIcon className="inline size-3.5 align-[-2px]" aria-label="o botão de copiar" /> para
        levar o horário de um dia para todos os outros.
      </p>
      <div className="divide-y rounded-xl border">
        {WEEKDAYS.map(({ key, label }) => {
          const day = value[key]
          const error = errors[key]
          const labelId = `${idPrefix}-${key}-label`
          const errorId = `${idPrefix}-${key}-error`
          return (
            <div
              key={key}
              role="group"
              aria-labelledby={labelId}
              className={cn(
                'grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-2 px-3 py-3 sm:grid-cols-[6.5rem_7.5rem_1fr] sm:px-4',
                error && 'bg-destructive/5',
              )}
            >
              <span id={labelId} className="text-sm font-medium">
                {label}
              </span>
              <label className="flex min-h-11 cursor-pointer items-center justify-end gap-2.5 text-sm sm:min-h-10 sm:justify-start">
                <Switch
                  aria-label="Aberto"
                  checked={day.isOpen}
                  disabled={disabled}
                  onCheckedChange={(isOpen) => setDay(key, { isOpen })}
                  aria-describedby={error ? errorId : undefined}
                />
                <span className={cn('w-14', !day.isOpen && 'text-muted-foreground')}>
                  {day.isOpen ? 'Aberto' : 'Fechado'}
                </span>
              </label>
              {day.isOpen ? (
                <div className="col-span-2 flex items-center gap-2 sm:col-span-1">
                  <Input
                    type="time"
                    aria-label="Abertura"
                    value={day.open}
                    disabled={disabled}
                    required
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? errorId : undefined}
                    onChange={(event) => setDay(key, { open: event.target.value })}
                    className="min-w-0 flex-1 sm:w-32 sm:flex-none"
                  />
                  <span className="text-sm text-muted-foreground" aria-hidden="true">
                    às
                  </span>
                  <Input
                    type="time"
                    aria-label="Fechamento"
                    value={day.close}
                    disabled={disabled}
                    required
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? errorId : undefined}
                    onChange={(event) => setDay(key, { close: event.target.value })}
                    className="min-w-0 flex-1 sm:w-32 sm:flex-none"
                  />
                  <button
                    type="button"
                    title="Copiar para todos os dias"
                    disabled={disabled}
                    onClick={() => {
                      onChange(copyToAllDays(value, key))
                      setAnnouncement(
                        `Horário de ${label.toLowerCase()} (${day.open} às ${day.close}) copiado para todos os dias.`,
                      )
                    }}
                    className="inline-flex size-11 shrink-0 items-center justify-center rounded-md text-muted-foreground outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50 sm:size-10"
                  >
                    <CopyIcon className="size-4" aria-hidden="true" />
                    <span className="sr-only">Copiar para todos os dias</span>
                  </button>
                </div>
              ) : (
                <span className="hidden text-sm text-muted-foreground sm:block">Não abre neste dia</span>
              )}
              {error && (
                <p
                  id={errorId}
                  role="alert"
                  className="col-span-2 text-[0.8rem] font-medium text-destructive sm:col-span-3 sm:col-start-3"
                >
                  {error}
                </p>
              )}
            </div>
          )
        })}
      </div>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  )
}
