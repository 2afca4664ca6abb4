import { zodResolver } from '@hookform/resolvers/zod'
import { ChevronDownIcon, LoaderCircleIcon, PlusIcon, Trash2Icon } from 'lucide-react'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { type Control, Controller, type FieldErrors, useForm, useWatch } from 'react-hook-form'

import { FormErrors } from '@/components/forms/form-errors'
import { FormField } from '@/components/forms/form-field'
import { useFormSubmit } from '@/components/forms/use-form-submit'
import { LoadError } from '@/components/layout/load-error'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { ChoiceChip } from '@/components/ui/chip'
import { FieldError } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { LevelBadge } from '@/components/ui/level-badge'
import { LEVEL_ICONS } from '@/components/ui/level-icons'
import { Skeleton } from '@/components/ui/skeleton'
import { Switch } from '@/components/ui/switch'
import { countLabel } from '@/lib/format'
import { formatBRL, formatCentsInput } from '@/lib/money'
import { cn } from '@/lib/utils'

import {
  contrastRatio,
  formToGamification,
  gamificationFormSchema,
  type GamificationFormValues,
  gamificationToForm,
  type LevelFormValues,
  LEVEL_ICON_NAMES,
  MAX_LEVELS,
  nextLevel,
  parseVisits,
} from '../api/gamification-form'
import { type Gamification, useGamification } from '../api/get-gamification'
import { parseReais } from '../api/money'
import { useUpdateGamification } from '../api/update-gamification'

type Toggle = Exclude<keyof GamificationFormValues, 'levels' | 'enabled'>

/** What each switch shows the client on their booking's link, in plain words. */
const TOGGLES: { name: Toggle; label: string; hint: string }[] = [
  { name: 'showLoyaltyLevel', label: 'Nível do cliente', hint: 'O selo do nível, como Ouro ou VIP, nas cores escolhidas abaixo.' },
  { name: 'showNextMilestone', label: 'Quanto falta para o próximo nível', hint: 'Por exemplo: “faltam 3 visitas ou R$ 120,00”.' },
  { name: 'showPromotions', label: 'Cartões fidelidade', hint: 'O progresso em cada promoção ativa e os prêmios que o cliente ganhou.' },
  { name: 'showTotalSpent', label: 'Total gasto', hint: 'Quanto o cliente já gastou na sua loja.' },
  { name: 'showCompletionRate', label: 'Taxa de comparecimento', hint: 'A parte dos agendamentos que o cliente concluiu, em porcentagem.' },
]

const FIELDS = ['name', 'color', 'bgColor', 'minAppointments', 'minValue', 'icon'] as const

/** The fields a 422 may name: the switches, the list, and each level's (levels.2.minAppointments). */
function fieldPaths(levels: number) {
  const paths: string[] = ['enabled', ...TOGGLES.map((t) => t.name), 'levels']
  for (let i = 0; i < levels; i++) for (const f of FIELDS) paths.push(`levels.${i}.${f}`)
  return paths
}

/** freshKeys are React keys for `n` levels, from `from` on. */
function freshKeys(n: number, from = 0) {
  return { list: Array.from({ length: n }, (_, i) => from + i), next: from + n }
}

/** LevelsEditor loads the loyalty settings and edits them. */
export function LevelsEditor() {
  const { data, isPending, isError, refetch } = useGamification()
  if (isPending) {
    return (
      <div className="grid grid-cols-1 gap-4" aria-busy="true">
        <Skeleton className="h-64 rounded-xl" />
        <Skeleton className="h-96 rounded-xl" />
      </div>
    )
  }
  if (isError) return <LoadError onRetry={() => void refetch()} what="os níveis de fidelidade" />
  return <LevelsForm settings={data} />
}

/**
 * LevelsForm is the owner's loyalty programme: what a client sees of it on their booking's
 * link, and the levels (name, colours, icon, and the visits or money that reach each one).
 */
function LevelsForm({ settings }: { settings: Gamification }) {
  const update = useUpdateGamification()
  const {
    control,
    handleSubmit,
    reset,
    setError,
    setValue,
    getValues,
    clearErrors,
    trigger,
    setFocus,
    formState: { errors, isSubmitting, isDirty, isSubmitted },
  } = useForm<GamificationFormValues>({
    resolver: zodResolver(gamificationFormSchema),
    defaultValues: gamificationToForm(settings),
  })
  const enabled = useWatch({ control, name: 'enabled' })
  // The levels' keys. (react-hook-form's useFieldArray would do this, but it would ride along
  // in the chunk the sign-in page loads.) Every field of a level is controlled, so a level
  // keeps its own values when one above it is removed.
  const [keys, setKeys] = useState(() => freshKeys(settings.levels.length))
  // One level is edited at a time (on a phone, five open levels were four screens of fields);
  // the others are a row each. By key, so removing one above keeps the open one open.
  const [openKey, setOpenKey] = useState<number | null>(null)
  // A field to focus once its level is open and on screen: the name of a level just added, the
  // first field a check refused.
  const focusNext = useRef<`levels.${number}.${(typeof FIELDS)[number]}` | null>(null)
  useEffect(() => {
    const field = focusNext.current
    if (!field) return
    focusNext.current = null
    setFocus(field)
  })
  /** openFirstError opens the first level a check refused, at the field it refused. */
  const openFirstError = (paths: string[]) => {
    for (const path of paths) {
      const m = /^levels\.(\d+)\.(\w+)$/.exec(path)
      const key = m && keys.list[Number(m[1])]
      if (m && key !== undefined) {
        setOpenKey(key)
        const field = FIELDS.find((f) => f === m[2])
        if (field && field !== 'icon') focusNext.current = `levels.${Number(m[1])}.${field}`
        return
      }
    }
  }
  const { submit, unplaced, clearUnplaced } = useFormSubmit({
    setError,
    paths: fieldPaths(keys.list.length),
    log: 'Erro ao salvar níveis',
    failure: 'Não foi possível salvar os níveis.',
    onFieldErrors: openFirstError,
  })

  const add = () => {
    const current = getValues('levels')
    setValue('levels', [...current, nextLevel(current)], { shouldDirty: true })
    setKeys((k) => ({ list: [...k.list, k.next], next: k.next + 1 }))
    setOpenKey(keys.next)
    focusNext.current = `levels.${current.length}.name`
  }
  const remove = (index: number) => {
    clearErrors('levels')
    setValue(
      'levels',
      getValues('levels').filter((_, i) => i !== index),
      { shouldDirty: true },
    )
    setKeys((k) => ({ list: k.list.filter((_, i) => i !== index), next: k.next }))
    if (isSubmitted) void trigger('levels')
  }
  // The form starts over from what is saved: new keys, so no level keeps a stale field.
  const restart = (levels: number) => setKeys((k) => ({ list: freshKeys(levels, k.next).list, next: k.next + levels }))
  const discard = () => {
    reset()
    clearErrors()
    clearUnplaced()
    restart(getValues('levels').length)
  }

  // Built in the handler: its callbacks reach refs, which a render must not.
  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    handleSubmit(
      async (values) => {
        const result = await submit(() => update.mutateAsync(formToGamification(values)), {
          done: 'Níveis de fidelidade salvos',
        })
        if (!result) return
        reset(gamificationToForm(result.value))
        restart(result.value.levels.length)
      },
      (invalid) => {
        const refused: string[] = []
        for (let i = 0; i < getValues('levels').length; i++) {
          const e = invalid.levels?.[i]
          for (const f of FIELDS) if (e?.[f]) refused.push(`levels.${i}.${f}`)
        }
        openFirstError(refused)
      },
    )(event)

  return (
    <form noValidate onSubmit={onSubmit} className="grid grid-cols-1 gap-5 lg:gap-6" aria-label="Níveis de fidelidade">
      <FormErrors messages={unplaced} />

      <Card role="group" aria-labelledby="loyalty-shown-title">
        <CardHeader>
          <CardTitle id="loyalty-shown-title">O que o cliente vê</CardTitle>
          <CardDescription>
            No link que o cliente recebe ao agendar, ele pode acompanhar a fidelidade dele com a sua loja.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-4">
          <div className="flex items-center justify-between gap-4">
            <div className="min-w-0">
              <label htmlFor="loyalty-enabled" className="text-sm font-medium">
                Mostrar a fidelidade ao cliente
              </label>
              <p id="loyalty-enabled-hint" className="text-[0.8rem] text-muted-foreground">
                {enabled
                  ? 'Ligado: o cliente vê o que estiver marcado abaixo.'
                  : 'Desligado: o cliente não vê nada disso. Níveis e promoções continuam valendo aqui no painel.'}
              </p>
            </div>
            <Controller
              control={control}
              name="enabled"
              render={({ field }) => (
                <Switch
                  id="loyalty-enabled"
                  checked={field.value}
                  onCheckedChange={field.onChange}
                  aria-describedby="loyalty-enabled-hint"
                />
              )}
            />
          </div>
          <ul className="divide-y border-t">
            {TOGGLES.map((t) => (
              <li key={t.name} className="flex items-center justify-between gap-4 py-3">
                <div className="min-w-0">
                  <label htmlFor={`loyalty-${t.name}`} className="text-sm font-medium break-words">
                    {t.label}
                  </label>
                  <p id={`loyalty-${t.name}-hint`} className="text-[0.8rem] text-muted-foreground">
                    {t.hint}
                  </p>
                </div>
                <Controller
                  control={control}
                  name={t.name}
                  render={({ field }) => (
                    <Switch
                      id={`loyalty-${t.name}`}
                      checked={field.value}
                      onCheckedChange={field.onChange}
                      disabled={!enabled}
                      aria-describedby={`loyalty-${t.name}-hint`}
                    />
                  )}
                />
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>

      <section aria-labelledby="loyalty-levels-title" className="grid grid-cols-1 gap-4">
        <div className="grid grid-cols-1 gap-1.5">
          <h2 id="loyalty-levels-title" className="text-base font-semibold">
            Níveis
          </h2>
          <p className="text-sm text-muted-foreground">
            O cliente chega a um nível com as visitas concluídas ou com o valor gasto, o que vier primeiro. Cada nível
            pede mais visitas que o anterior; sem valor, só as visitas contam.
          </p>
        </div>
        <ol className="grid max-w-3xl grid-cols-1 gap-2">
          {keys.list.map((key, index) => (
            <LevelFields
              key={key}
              index={index}
              control={control}
              errors={errors}
              open={openKey === key}
              onToggle={() => setOpenKey((k) => (k === key ? null : key))}
              canRemove={keys.list.length > 1}
              onRemove={() => remove(index)}
            />
          ))}
        </ol>
        <FieldError message={errors.levels?.root?.message ?? errors.levels?.message} />
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <Button type="button" variant="outline" disabled={keys.list.length >= MAX_LEVELS} onClick={add}>
            <PlusIcon aria-hidden="true" />
            Adicionar nível
          </Button>
          {keys.list.length >= MAX_LEVELS && (
            <p className="text-[0.8rem] text-muted-foreground">Você chegou ao máximo de {MAX_LEVELS} níveis.</p>
          )}
        </div>
      </section>

      {/* Always in view, above the phone's bottom bar: the save is never a scroll away. */}
      <div className="sticky bottom-[calc(4.75rem+env(safe-area-inset-bottom))] z-20 flex items-center justify-between gap-3 rounded-xl border bg-card/95 p-3 pl-4 shadow-lg backdrop-blur lg:bottom-4">
        <p className={cn('min-w-0 flex-1 text-sm text-muted-foreground', isDirty && 'max-sm:hidden')} aria-live="polite">
          {isDirty ? 'Há alterações não salvas.' : 'Tudo salvo.'}
        </p>
        <div className="flex items-center gap-2">
          {isDirty && (
            <Button type="button" variant="outline" disabled={isSubmitting} aria-label="Descartar alterações" onClick={discard}>
              Descartar
            </Button>
          )}
          <Button type="submit" disabled={isSubmitting || !isDirty}>
            {isSubmitting && <LoaderCircleIcon className="animate-spin" aria-hidden="true" />}
            Salvar níveis
          </Button>
        </div>
      </div>
    </form>
  )
}

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
function LevelFields({
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
