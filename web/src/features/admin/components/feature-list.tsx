import { ArrowDownIcon, ArrowUpIcon, PlusIcon, XIcon } from 'lucide-react'
import { type CSSProperties, useRef } from 'react'

import { Button } from '@/components/ui/button'
import { Textarea } from '@/components/ui/textarea'
import { moveItem } from '@/lib/utils'

import { FEATURE_MAX, FEATURES_MAX } from '../api/plan-config-form'

/** As tall as its text (Chromium's field-sizing; elsewhere one line that scrolls). */
const autoHeight = { fieldSizing: 'content' } as CSSProperties

/**
 * FeatureList edits a plan's features, one line each, in the order Planos shows them: edit in
 * place, add one at the end, move one up or down, remove one.
 */
export function FeatureList({
  id,
  plan,
  value,
  onChange,
  invalid,
  describedBy,
}: {
  id: string
  /** The plan's name, for the controls' accessible names. */
  plan: string
  value: string[]
  onChange: (features: string[]) => void
  invalid: boolean
  describedBy?: string
}) {
  const list = useRef<HTMLUListElement>(null)
  const focusInput = (index: number) =>
    requestAnimationFrame(() => list.current?.querySelectorAll('textarea')[index]?.focus())

  const set = (index: number, text: string) => onChange(value.map((f, i) => (i === index ? text : f)))
  const add = () => {
    onChange([...value, ''])
    focusInput(value.length)
  }
  const remove = (index: number) => {
    onChange(value.filter((_, i) => i !== index))
    focusInput(Math.max(0, Math.min(index, value.length - 2)))
  }
  const move = (index: number, step: -1 | 1) => onChange(moveItem(value, index, step))

  return (
    <div className="grid grid-cols-1 gap-2">
      {value.length > 0 && (
        <ul ref={list} id={id} className="grid grid-cols-1 gap-2" aria-describedby={describedBy}>
          {value.map((feature, index) => (
            // The index is the identity here: the inputs are controlled, so a removal shifts only the values.
            <li key={index} className="flex items-start gap-1">
              <Textarea
                rows={1}
                // A long feature wraps instead of hiding past the edge on a phone.
                style={autoHeight}
                className="min-h-11 sm:min-h-10"
                value={feature}
                maxLength={FEATURE_MAX + 20}
                onChange={(event) => set(index, event.target.value)}
                aria-label={`Recurso ${index + 1} do ${plan}`}
                aria-invalid={invalid && feature.trim().length > FEATURE_MAX ? true : undefined}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault()
                    if (index === value.length - 1 && feature.trim() !== '' && value.length < FEATURES_MAX) add()
                    else focusInput(index + 1)
                  }
                }}
              />
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="hidden sm:inline-flex"
                disabled={index === 0}
                onClick={() => move(index, -1)}
                aria-label={`Subir recurso ${index + 1} do ${plan}`}
              >
                <ArrowUpIcon aria-hidden="true" />
              </Button>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="hidden sm:inline-flex"
                disabled={index === value.length - 1}
                onClick={() => move(index, 1)}
                aria-label={`Descer recurso ${index + 1} do ${plan}`}
              >
                <ArrowDownIcon aria-hidden="true" />
              </Button>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                onClick={() => remove(index)}
                aria-label={`Remover recurso ${index + 1} do ${plan}`}
              >
                <XIcon aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Button type="button" variant="outline" size="sm" className="w-fit" onClick={add} disabled={value.length >= FEATURES_MAX}>
        <PlusIcon aria-hidden="true" />
        Adicionar recurso
      </Button>
    </div>
  )
}
