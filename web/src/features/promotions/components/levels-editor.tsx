import { zodResolver } from '@hookform/resolvers/zod'
import { LoaderCircleIcon, PlusIcon } from 'lucide-react'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'

import { FormErrors } from '@/components/forms/form-errors'
import { useFormSubmit } from '@/components/forms/use-form-submit'
import { LoadError } from '@/components/layout/load-error'
import { Button } from '@/components/ui/button'
import { FieldError } from '@/components/ui/field'
import { Skeleton } from '@/components/ui/skeleton'
import { cn } from '@/lib/utils'

import {
  formToGamification,
  gamificationFormSchema,
  type GamificationFormValues,
  gamificationToForm,
  MAX_LEVELS,
  nextLevel,
} from '../api/gamification-form'
import { type Gamification, useGamification } from '../api/get-gamification'
import { useUpdateGamification } from '../api/update-gamification'
import { LevelFields } from './level-fields'
import { FIELDS, fieldPaths } from './level-paths'
import { LoyaltyShownCard } from './loyalty-shown-card'

/** freshKeys are React keys for `n` levels, from `from` on. */
function freshKeys(n: number, from = 0) {
  return { list: Array.from({ length: n }, (_, i) => from + i), next: from + n }
}

/** LevelsEditor loads the loyalty settings and edits them. */
export function LevelsEditor() {
  const { data, isPending, isError, error, refetch } = useGamification()
  if (isPending) {
    return (
      <div className="grid grid-cols-1 gap-4" aria-busy="true">
        <Skeleton className="h-64 rounded-xl" />
        <Skeleton className="h-96 rounded-xl" />
      </div>
    )
  }
  if (isError) return <LoadError error={error} onRetry={() => void refetch()} what="os níveis de fidelidade" />
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

      <LoyaltyShownCard control={control} />

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
