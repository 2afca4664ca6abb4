import { PlusIcon, XIcon } from 'lucide-react'
import { useState, type ComponentProps, type KeyboardEvent } from 'react'

import { addTags } from '@/lib/tags'
import { cn } from '@/lib/utils'

import { Button } from './button'
import { Input } from './input'

/**
 * TagInput edits a list of short texts: Enter or a comma adds what was typed, × removes a tag,
 * Backspace in the empty field removes the last one. The + button helps where a phone
 * keyboard has no handy Enter.
 */
export function TagInput({
  value,
  onChange,
  maxTags = 15,
  maxLength = 40,
  addLabel = 'Adicionar',
  className,
  ...inputProps
}: Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'defaultValue'> & {
  value: string[]
  onChange: (tags: string[]) => void
  maxTags?: number
  maxLength?: number
  /** The accessible name of the + button. */
  addLabel?: string
}) {
  const [text, setText] = useState('')
  const [notice, setNotice] = useState('')
  const full = value.length >= maxTags

  const commit = (typed: string) => {
    const { tags, repeated } = addTags(value, typed, { maxTags, maxLength })
    if (tags.length !== value.length) onChange(tags)
    setNotice(
      repeated.length > 0
        ? `“${repeated.join('”, “')}” já está na lista.`
        : tags.length >= maxTags && typed.trim()
          ? `Você pode adicionar até ${maxTags}.`
          : '',
    )
  }

  const remove = (index: number) => {
    onChange(value.filter((_, i) => i !== index))
    setNotice('')
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault()
      if (text.trim()) {
        commit(text)
        setText('')
      }
    } else if (event.key === 'Backspace' && text === '' && value.length > 0) {
      remove(value.length - 1)
    }
  }

  return (
    <div data-slot="tag-input" className={cn('grid grid-cols-1 gap-2', className)}>
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Itens adicionados">
          {value.map((tag, index) => (
            <li
              key={tag}
              className="inline-flex h-11 max-w-full items-center gap-1 rounded-full bg-secondary pl-3.5 text-sm font-medium text-secondary-foreground sm:h-9 sm:pr-1 sm:pl-3"
            >
              <span className="truncate">{tag}</span>
              <button
                type="button"
                onClick={() => remove(index)}
                className="relative inline-flex size-11 shrink-0 items-center justify-center rounded-full outline-none hover:bg-primary/10 sm:size-7 sm:after:absolute sm:after:-inset-1.5 focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                <XIcon className="size-4" aria-hidden="true" />
                <span className="sr-only">Remover {tag}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex gap-2">
        <Input
          {...inputProps}
          value={text}
          disabled={inputProps.disabled || full}
          enterKeyHint="done"
          onChange={(event) => {
            // Phone keyboards often report a comma only through the changed value.
            const typed = event.target.value
            if (typed.includes(',')) {
              const cut = typed.lastIndexOf(',')
              commit(typed.slice(0, cut))
              setText(typed.slice(cut + 1).trimStart())
            } else {
              setText(typed)
            }
          }}
          onKeyDown={onKeyDown}
          onBlur={(event) => {
            if (text.trim()) {
              commit(text)
              setText('')
            }
            inputProps.onBlur?.(event)
          }}
        />
        <Button
          variant="outline"
          size="icon"
          className="size-11 sm:size-10"
          disabled={!text.trim() || full}
          onClick={() => {
            commit(text)
            setText('')
          }}
        >
          <PlusIcon aria-hidden="true" />
          <span className="sr-only">{addLabel}</span>
        </Button>
      </div>
      <p aria-live="polite" className="text-[0.8rem] text-muted-foreground empty:hidden">
        {notice}
      </p>
    </div>
  )
}
