import { type ComponentProps, type KeyboardEvent, useId, useState } from 'react'

import { Input } from '@/components/ui/input'
import { formatPhone } from '@/lib/phone'
import { countLabel } from '@/lib/format'
import { useDebouncedValue } from '@/lib/use-debounced-value'
import { cn } from '@/lib/utils'

import { type ClientSuggestion, useClientSuggestions } from '../api/get-client-suggestions'

/**
 * ClientNameField is the client's name with suggestions of existing clients as it is typed
 * (a combobox): arrows move, Enter picks, Esc closes. Picking fills in the phone too.
 */
export function ClientNameField({
  value,
  onChange,
  onPick,
  className,
  ...inputProps
}: Omit<ComponentProps<'input'>, 'value' | 'onChange'> & {
  value: string
  onChange: (value: string) => void
  onPick: (client: ClientSuggestion) => void
}) {
  const listId = useId()
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const query = useDebouncedValue(value.trim(), 250)
  const { data } = useClientSuggestions(open ? query : '')
  const suggestions = open && query.length >= 2 ? (data ?? []) : []
  const shown = suggestions.length > 0

  const pick = (client: ClientSuggestion) => {
    onPick(client)
    setOpen(false)
    setActive(-1)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!shown) return
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((i) => (i + step + suggestions.length) % suggestions.length)
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault()
      const client = suggestions[active]
      if (client) pick(client)
    } else if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      setOpen(false)
    }
  }

  return (
    <div className={cn('relative', className)}>
      <Input
        {...inputProps}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        value={value}
        onChange={(event) => {
          onChange(event.target.value)
          setOpen(true)
          setActive(-1)
        }}
        onKeyDown={onKeyDown}
        onBlur={(event) => {
          setOpen(false)
          inputProps.onBlur?.(event)
        }}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Clientes encontrados"
        hidden={!shown}
        className="absolute inset-x-0 top-full z-10 mt-1 max-h-64 overflow-y-auto rounded-md border bg-popover p-1 shadow-lg"
      >
        {suggestions.map((client, i) => (
          <li
            key={client.phone}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            // mousedown, not click: the input's blur would close the list first.
            onMouseDown={(event) => {
              event.preventDefault()
              pick(client)
            }}
            className={cn(
              'flex cursor-pointer flex-col rounded-sm px-3 py-2 text-sm aria-selected:bg-accent hover:bg-accent',
            )}
          >
            <span className="font-medium">{client.name}</span>
            <span className="text-xs text-muted-foreground">
              {formatPhone(client.phone)} · {countLabel(client.appointmentCount, 'agendamento', 'agendamentos')}
            </span>
          </li>
        ))}
      </ul>
    </div>
  )
}
