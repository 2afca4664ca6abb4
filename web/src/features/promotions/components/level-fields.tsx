import { ChevronDownIcon, Trash2Icon } from 'lucide-react'
import { type Control, Controller, type FieldErrors, useWatch } from 'react-hook-form'

import { FormField } from '@/components/forms/form-field'
import { Button } from '@/components/ui/button'
import { ChoiceChip } from '@/components/ui/chip'
import { FieldError } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { LevelBadge } from '@/components/ui/level-badge'
import { LEVEL_ICONS } from '@/components/ui/level-icons'
import { countLabel } from '@/lib/format'
import { formatBRL, formatCentsInput } from '@/lib/money'
import { cn } from '@/lib/utils'

import {
  contrastRatio,
  type GamificationFormValues,
  type LevelFormValues,
  LEVEL_ICON_NAMES,
  parseVisits,
} from '../api/gamification-form'
import { parseReais } from '../api/money'
import { FIELDS } from './level-paths'

/** threshold: "A partir de 6 visitas ou R$ 200,00", as the owner typed them (even half done). */
function threshold(level: LevelFormValues) {
  const visits = parseVisits(level.minAppointments)
  const value = parseReais(level.minValue)
  const by = visits === null ? `${level.minAppointments.trim() || '?'} visitas` : countLabel(visits, 'visita', 'visitas')
  return value ? `A partir de ${by} ou ${formatBRL(value)}` : `A partir de ${by}`
}

/**
 * LevelFields is one level: a row with its badge and what reaches it, 'Editar' to open its
 * fields (one level open at a time) and 'Remover'.
 */
export function LevelFields({
  index,
  control,
  errors,
  open,
  onToggle,
  canRemove,
  onRemove,
}: {
  index: number
  control: Control<GamificationFormValues>
  errors: FieldErrors<GamificationFormValues>
  open: boolean
  onToggle: () => void
  canRemove: boolean
  onRemove: () => void
}) {
  const level = useWatch({ control, name: `levels.${index}` }) as LevelFormValues | undefined
  const e = errors.levels?.[index]
  if (!level) return null // removed, until its key goes too
  const id = (f: string) => `level-${index}-${f}`
  const name = level.name.trim()
  const lowContrast = contrastRatio(level.color, level.bgColor) > 0 && contrastRatio(level.color, level.bgColor) < 4.5
  const wrong = Boolean(e && FIELDS.some((f) => e[f]))
  return (
    <li
      aria-label={`Nível ${index + 1}${name ? `: ${name}` : ''}`}
      className={cn('rounded-xl border bg-card shadow-xs', wrong && 'border-destructive')}
    >
      <div className="flex items-center gap-2 p-2 pl-3">
        <span className="text-sm text-muted-foreground tabular-nums">{index + 1}.</span>
        <div className="grid min-w-0 flex-1 gap-1">
          {name ? (
            <LevelBadge level={{ ...level, name }} className="max-w-full truncate" />
          ) : (
            <span className="text-sm text-muted-foreground">Novo nível</span>
          )}
          <p className={cn('text-[0.8rem] break-words', wrong ? 'text-destructive' : 'text-muted-foreground')}>
            {wrong ? 'Corrija este nível para salvar' : threshold(level)}
          </p>
        </div>
        <Button
          type="button"
          variant="ghost"
          aria-expanded={open}
          aria-controls={id('fields')}
          aria-label={`Editar nível ${name || index + 1}`}
          onClick={onToggle}
        >
          Editar
          <ChevronDownIcon aria-hidden="true" className="transition-transform" style={open ? { rotate: '180deg' } : undefined} />
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          disabled={!canRemove}
          title={canRemove ? undefined : 'Tenha pelo menos um nível'}
          className="text-muted-foreground hover:bg-destructive/10 hover:text-destructive"
          onClick={onRemove}
        >
          <Trash2Icon aria-hidden="true" />
          <span className="sr-only">Remover nível {name || index + 1}</span>
        </Button>
      </div>

      {open && (
        <div id={id('fields')} className="grid grid-cols-1 content-start gap-4 border-t p-4">
        <FormField id={id('name')} label="Nome" error={e?.name?.message}>
          {(aria) => (
            <Controller
              control={control}
              name={`levels.${index}.name`}
              render={({ field }) => <Input autoComplete="off" placeholder="Ex.: Ouro" {...aria} {...field} />}
            />
          )}
        </FormField>

        <div className="grid grid-cols-2 gap-3">
          <FormField id={id('visits')} label="Visitas concluídas" error={e?.minAppointments?.message}>
            {(aria) => (
              <Controller
                control={control}
                name={`levels.${index}.minAppointments`}
                render={({ field }) => <Input inputMode="numeric" {...aria} {...field} />}
              />
            )}
          </FormField>
          <FormField id={id('value')} label="ou valor gasto" error={e?.minValue?.message}>
            {(aria) => (
              <div className="relative">
                <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted-foreground">
                  R$
                </span>
                <Controller
                  control={control}
                  name={`levels.${index}.minValue`}
                  render={({ field }) => (
                    <Input
                      inputMode="decimal"
                      placeholder="0,00"
                      className="pl-10"
                      {...aria}
                      {...field}
                      onBlur={() => {
                        // "200" reads back as "200,00" once the field is left; 0 is the same as empty.
                        const cents = parseReais(field.value)
                        if (cents !== null) field.onChange(cents > 0 ? formatCentsInput(cents) : '')
                        field.onBlur()
                      }}
                    />
                  )}
                />
              </div>
            )}
          </FormField>
        </div>

        <fieldset className="grid grid-cols-1 gap-2">
          <legend className="mb-2 text-sm font-medium">Ícone</legend>
          <Controller
            control={control}
            name={`levels.${index}.icon`}
            render={({ field }) => (
              <div className="flex flex-wrap gap-2">
                {LEVEL_ICON_NAMES.map((icon) => {
                  const { icon: Icon, label } = LEVEL_ICONS[icon]
                  return (
                    <ChoiceChip
                      key={icon}
                      name={field.name}
                      value={icon}
                      checked={field.value === icon}
                      onChange={() => field.onChange(icon)}
                      onBlur={field.onBlur}
                      label={
                        <>
                          <Icon className="size-4" aria-hidden="true" />
                          <span className="sr-only">{label}</span>
                        </>
                      }
                    />
                  )
                })}
              </div>
            )}
          />
          <FieldError message={e?.icon?.message} />
        </fieldset>

        <fieldset className="grid grid-cols-1 gap-2">
          <legend className="mb-2 text-sm font-medium">Cores do selo</legend>
          <div className="grid grid-cols-2 gap-3">
            {(['color', 'bgColor'] as const).map((f) => (
              <div key={f} className="grid grid-cols-1 content-start gap-2">
                <label
                  htmlFor={id(f)}
                  className="flex h-11 cursor-pointer items-center gap-2 rounded-md border border-input bg-card px-2 text-sm shadow-xs"
                >
                  <Controller
                    control={control}
                    name={`levels.${index}.${f}`}
                    render={({ field }) => (
                      <input
                        id={id(f)}
                        type="color"
                        aria-invalid={e?.[f] ? true : undefined}
                        className="size-7 shrink-0 cursor-pointer rounded-sm border bg-card p-0"
                        {...field}
                        // A colour input holds lowercase; the form keeps #RRGGBB as the server does.
                        value={field.value.toLowerCase()}
                        onChange={(event) => field.onChange(event.target.value.toUpperCase())}
                      />
                    )}
                  />
                  <span className="min-w-0">
                    <span className="block truncate font-medium">{f === 'color' ? 'Texto' : 'Fundo'}</span>
                  </span>
                  <span aria-hidden="true" className="ml-auto text-xs text-muted-foreground uppercase tabular-nums max-sm:hidden">
                    {level[f]}
                  </span>
                </label>
                <FieldError message={e?.[f]?.message} />
              </div>
            ))}
          </div>
        </fieldset>
        {lowContrast && (
          <p className="-mt-2 text-[0.8rem] text-muted-foreground">
            Pouco contraste entre o texto e o fundo: o nome do nível pode ficar difícil de ler.
          </p>
        )}
        </div>
      )}
    </li>
  )
}
