import { CheckIcon, PaletteIcon } from 'lucide-react'
import { useRef, useState, type KeyboardEvent } from 'react'

import { buildGradient, findPreset, GRADIENT_PRESETS, parseGradient } from '@/lib/hero-gradient'
import { cn } from '@/lib/utils'

const swatch =
  'relative flex size-12 items-center justify-center rounded-full shadow-sm ring-offset-2 ring-offset-card outline-none transition-shadow focus-visible:ring-[3px] focus-visible:ring-ring/60 aria-checked:ring-2 aria-checked:ring-primary'

const CUSTOM = 'custom'

/**
 * GradientPicker chooses the hero gradient: one of the presets or a custom pair of colours
 * (two native colour pickers). The swatches are a radio group: arrows move between them.
 */
export function GradientPicker({
  value,
  onChange,
}: {
  value: string
  onChange: (gradient: string) => void
}) {
  const preset = findPreset(value)
  const [customMode, setCustomMode] = useState(!preset)
  const colors = parseGradient(value) ?? { from: '#7c3aed', to: '#a855f7' }
  const checkedKey = customMode || !preset ? CUSTOM : preset.name
  const options = [...GRADIENT_PRESETS.map((p) => p.name), CUSTOM]
  const refs = useRef<(HTMLButtonElement | null)[]>([])

  const choose = (key: string) => {
    if (key === CUSTOM) {
      setCustomMode(true)
      return
    }
    const next = GRADIENT_PRESETS.find((p) => p.name === key)
    if (!next) return
    setCustomMode(false)
    onChange(next.value)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key]
    if (!step) return
    event.preventDefault()
    const index = (options.indexOf(checkedKey) + step + options.length) % options.length
    const key = options[index] ?? CUSTOM
    choose(key)
    refs.current[index]?.focus()
  }

  return (
    <div className="grid grid-cols-1 gap-4">
      <div role="radiogroup" aria-label="Gradiente" className="flex flex-wrap gap-3" onKeyDown={onKeyDown}>
        {GRADIENT_PRESETS.map((p, index) => {
          const checked = checkedKey === p.name
          return (
            <button
              key={p.name}
              ref={(el) => {
                refs.current[index] = el
              }}
              type="button"
              role="radio"
              aria-checked={checked}
              tabIndex={checked ? 0 : -1}
              title={p.name}
              onClick={() => choose(p.name)}
              className={swatch}
              style={{ backgroundImage: p.value }}
            >
              {checked && <CheckIcon className="size-5 text-white drop-shadow" aria-hidden="true" />}
              <span className="sr-only">{p.name}</span>
            </button>
          )
        })}
        <button
          ref={(el) => {
            refs.current[GRADIENT_PRESETS.length] = el
          }}
          type="button"
          role="radio"
          aria-checked={checkedKey === CUSTOM}
          tabIndex={checkedKey === CUSTOM ? 0 : -1}
          title="Personalizado"
          onClick={() => choose(CUSTOM)}
          className={cn(
            swatch,
            checkedKey === CUSTOM ? 'text-white' : 'border-2 border-dashed border-input bg-card text-muted-foreground',
          )}
          style={checkedKey === CUSTOM ? { backgroundImage: value } : undefined}
        >
          {checkedKey === CUSTOM ? (
            <CheckIcon className="size-5 drop-shadow" aria-hidden="true" />
          ) : (
            <PaletteIcon className="size-5" aria-hidden="true" />
          )}
          <span className="sr-only">Personalizado</span>
        </button>
      </div>
      {checkedKey === CUSTOM && (
        <div className="grid grid-cols-1 gap-3 sm:flex sm:flex-wrap">
          <ColorInput
            id="hero-from"
            label="Cor inicial"
            value={colors.from}
            onChange={(from) => onChange(buildGradient(from, colors.to))}
          />
          <ColorInput
            id="hero-to"
            label="Cor final"
            value={colors.to}
            onChange={(to) => onChange(buildGradient(colors.from, to))}
          />
        </div>
      )}
    </div>
  )
}

function ColorInput({
  id,
  label,
  value,
  onChange,
}: {
  id: string
  label: string
  value: string
  onChange: (color: string) => void
}) {
  return (
    <label
      htmlFor={id}
      className="flex h-12 cursor-pointer items-center gap-3 rounded-md border border-input bg-card pr-3 pl-2 text-sm shadow-xs focus-within:ring-[3px] focus-within:ring-ring/30 sm:h-11"
    >
      <input
        id={id}
        type="color"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="size-8 shrink-0 cursor-pointer rounded border-0 bg-transparent p-0"
      />
      <span className="font-medium">{label}</span>
      <span className="ml-auto font-mono text-xs text-muted-foreground uppercase sm:ml-0">{value}</span>
    </label>
  )
}
